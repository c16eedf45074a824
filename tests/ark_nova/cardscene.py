"""A scene for one-card tests: a fresh two-player table where the active player's zoo, hand
and icons are set up so the card can be played, the card is played, and its decisions are
answered by a simple policy (the first option that is not "decline", unless told).

``Scene.before`` snapshots the counters so a test states the card's effect as deltas.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ark_nova.cards.catalog import ANIMALS, CONTINENTS, SPONSORS, Card
from engine.ark_nova.map.buildings import ENC_T, PETTING_T, TYPES, footprints
from engine.ark_nova.map.hexgrid import N_CELLS
from engine.ark_nova.model.state import Player, State
from engine.ark_nova.model.steps import Decline, Option
from engine.ark_nova.rules import act_animals, sponsor_play, zoo
from engine.ark_nova.rules.turn import FinishAction, base_strength
from engine.toolkit import flow
from tests.ark_nova.helpers import give, push, table

FILLER = (223, 261, 220, 209)  # harmless cards for hands that need cards


def clear_zoo(p: Player) -> None:
    p.bld, p.bld_state, p.cell_bld = [], [], [-1] * N_CELLS
    p.covered, p.kiosk_cells, p.pcache = 0, [], {}


def add_fitting(s: State, seat: int, code: int, water: int = 0, rock: int = 0) -> int:
    """A building of type ``code`` somewhere free with enough water/rock next to it."""
    p = s.players[seat]
    blocked = p.covered | p.map.water | p.map.rock | p.map.build2
    for f in footprints(p.map, TYPES[code].shape):
        if not f.p.mask & blocked and f.water_adj >= water and f.rock_adj >= rock:
            return zoo.add_building(p, code, f)
    raise AssertionError(f"no room for {TYPES[code].name}")


def housing_for(s: State, seat: int, card: Card) -> int:
    """Build the enclosure the animal needs; return its building index."""
    if card.petting_zoo is not None:
        return add_fitting(s, seat, PETTING_T, card.water_req, card.rock_req)
    return add_fitting(s, seat, ENC_T[card.standard_size], card.water_req, card.rock_req)


def meet_conditions(s: State, seat: int, card: Card) -> None:
    """Give the zoo exactly the icons, partner zoo and upgrades the card requires."""
    p = s.players[seat]
    for i, k in enumerate(card.req_icons):
        p.icons[i] += k
    if card.req_partner_zoos:
        if card.is_animal:
            c = next(i for i in CONTINENTS if card.icons[i])
            p.partner_zoos.append(c)
        else:
            p.partner_zoos.extend(list(CONTINENTS)[: card.req_partner_zoos])
    if card.req_animals_ii:
        p.side2[ANIMALS] = True
    if card.req_sponsors_ii:
        p.side2[SPONSORS] = True
    p.rep = max(p.rep, card.req_reputation)


Policy = Callable[[State, int, list[Option]], Option]


def first_not_decline(s: State, seat: int, opts: list[Option]) -> Option:
    for o in opts:
        if not isinstance(o, Decline):
            return o
    return opts[0]


def avoid_bonuses(s: State, seat: int, opts: list[Option]) -> Option:
    """Like ``first_not_decline``, but buildings go where they cover no placement bonus
    (so a test sees only the card's own effect)."""
    from engine.ark_nova.rules.zoo import AnchorAt, PlaceAnchor, PlaceRotation, RotateTo

    step = s.asked_step
    p = s.players[seat]
    if isinstance(step, (PlaceAnchor, PlaceRotation)):
        for f in zoo.footprints_for(s, seat, step.code):
            if f.p.mask & p.map.bonus_mask:
                continue
            if isinstance(step, PlaceAnchor) and AnchorAt.of(f.p.anchor) in opts:
                return AnchorAt.of(f.p.anchor)
            if (isinstance(step, PlaceRotation) and f.p.anchor == step.anchor
                    and RotateTo.of(f.p.rotation) in opts):
                return RotateTo.of(f.p.rotation)
    return first_not_decline(s, seat, opts)


@dataclass
class Scene:
    s: State
    me: int
    other: int
    before: dict[str, Any] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    @property
    def p(self) -> Player:
        return self.s.players[self.me]

    @property
    def o(self) -> Player:
        return self.s.players[self.other]

    def snapshot(self) -> None:
        p = self.p
        self.before = {"appeal": p.appeal, "cp": p.cp, "rep": p.rep, "money": p.money,
                       "x": p.x, "hand": len(p.hand), "discard": len(self.s.discard),
                       "deck": len(self.s.deck), "workers": p.workers_total,
                       "break": self.s.break_pos, "finals": len(p.finals),
                       "buildings": len(p.bld)}

    def delta(self, key: str) -> int:
        p = self.p
        now = {"appeal": p.appeal, "cp": p.cp, "rep": p.rep, "money": p.money, "x": p.x,
               "hand": len(p.hand), "discard": len(self.s.discard), "deck": len(self.s.deck),
               "workers": p.workers_total, "break": self.s.break_pos,
               "finals": len(p.finals), "buildings": len(p.bld)}[key]
        return now - self.before[key]

    def step(self, policy: Policy = avoid_bonuses) -> None:
        """Answer the one pending decision."""
        (seat, opts), = self.s.asked.items()
        self.asked.append(self.s.asked_step.kind)
        choice = policy(self.s, seat, list(opts))
        flow.choose(self.s, seat, list(opts).index(choice))

    def answer(self, policy: Policy = avoid_bonuses, limit: int = 60) -> None:
        """Answer every pending decision with ``policy`` (recording the kinds asked)."""
        s = self.s
        for _ in range(limit):
            if not s.asked:
                return
            (seat, opts), = s.asked.items()
            self.asked.append(s.asked_step.kind)
            choice = policy(s, seat, list(opts))
            flow.choose(s, seat, list(opts).index(choice))
        raise AssertionError(f"still deciding after {limit} answers: {self.asked[-5:]}")


def scene(seed: int = 0, map_id: str = "A") -> Scene:
    s = table(2, seed, map_id)
    me = s.start_player
    sc = Scene(s, me, 1 - me)
    for p in s.players:
        clear_zoo(p)
        p.money = 100
    s.steps.clear()
    s.asked.clear()
    s.asked_step = None
    return sc


def play_animal(sc: Scene, card_id: int, policy: Policy = first_not_decline,
                prepare: Callable[[Scene], None] | None = None) -> None:
    """Set the zoo up for the animal, then play it inside an Animals action."""
    s, me = sc.s, sc.me
    card = s.cards[card_id]
    meet_conditions(s, me, card)
    where = housing_for(s, me, card)
    give(s, me, card_id)
    if prepare is not None:
        prepare(sc)
    sc.snapshot()
    p = sc.p
    base = base_strength(p, ANIMALS)
    push(s, FinishAction(me, ANIMALS, me, base), act_animals.ChooseHousing(me, card_id, 0))
    if s.asked and s.asked_step.kind == "CHOOSE_ENCLOSURE":
        from engine.ark_nova.rules.act_animals import HouseIn

        flow.choose(s, me, list(s.asked[me]).index(HouseIn.of(where)))
    sc.answer(policy)


def play_sponsor(sc: Scene, card_id: int, policy: Policy = avoid_bonuses,
                 prepare: Callable[[Scene], None] | None = None) -> None:
    """Meet the sponsor's conditions, then play it (as from hand in a Sponsors action)."""
    s, me = sc.s, sc.me
    card = s.cards[card_id]
    meet_conditions(s, me, card)
    give(s, me, card_id)
    if prepare is not None:
        prepare(sc)
    assert sponsor_play.conditions_met(s, me, card, sc.p.side2[SPONSORS])
    sc.snapshot()
    sc.p.hand.remove(card_id)
    s.steps = [FinishAction(me, SPONSORS, me, base_strength(sc.p, SPONSORS))]
    sponsor_play.play_sponsor(s, me, card_id)
    flow.advance(s)
    sc.answer(policy)
