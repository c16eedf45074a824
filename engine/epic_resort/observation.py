"""THE single gate for hidden information in Epic Resort.

A seat sees everything public plus its own hand and Phase I plan. Hidden from it:
other players' hands (only the multiset of hand + draw pile, which card counting gives),
every draw-pile order (its own included), the main deck, monster deck (unless the
``monster_deck_face_up`` variant) and draft pile orders (their contents are given as
sorted multisets, which are public by elimination), and other players' Phase I placements
until every seat has committed (``phase_i_mode = simultaneous``). The spectator seat
(:data:`~engine.core.SPECTATOR`) sees what every seat sees: no hand, no plan in progress.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.core.game import SPECTATOR
from engine.epic_resort.card_defs import CardSet
from engine.epic_resort.params import Params
from engine.epic_resort.phase1 import Plan
from engine.epic_resort.state import Slot, State
from engine.toolkit.flow import Step


class SlotView(NamedTuple):
    """One resort slot as every seat sees it (all of it is public)."""

    stack: tuple[int, ...]
    tourists: int
    damage: int
    locked: bool
    workers: tuple[int, ...]
    gm_units: int
    stranded: tuple[int, ...]
    hero: int
    hero_health: int
    hero_locked: bool


class AttackView(NamedTuple):
    """The attack being resolved (public)."""

    card: int
    monster: int
    defender: int
    targets: tuple[int, ...]
    hit: int
    strength_mod: int
    hero_bonus: int
    ended: bool
    window_start: int
    window_k: int
    epoch: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    flair: int
    gold: int
    hand_size: int
    draw_size: int
    unseen_workers: tuple[int, ...]  # sorted: own draw pile, or another's hand + draw pile
    discard: tuple[int, ...]
    slots: tuple[SlotView, ...]
    scored: tuple[int, ...]
    removed: tuple[int, ...]
    trained: int
    passed: bool
    phase1_done: bool
    plan: tuple[Plan, ...] | None  # Phase I placements when visible to the viewer
    phase1_day_workers: int | None


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    players_count: int
    season: int
    phase: int
    harbormaster: int
    harbormaster_tokens: int
    hand: tuple[int, ...]
    guildmaster_pending: int
    players: tuple[PlayerView, ...]
    dock: tuple[int, ...]
    dock_discard: tuple[int, ...]
    main_deck: tuple[int, ...]  # sorted contents
    monster_deck: tuple[int, ...]  # sorted contents (in order, top last, if face up)
    monster_discard: tuple[int, ...]
    draft_available: tuple[tuple[int, ...], ...]
    draft_piles: tuple[tuple[int, ...], ...]  # sorted contents
    worker_piles: tuple[tuple[int, int, bool], ...]
    season_pass_locked: bool
    turn_seat: int
    main_done: bool
    first_pass_done: bool
    end_triggered: bool
    attack: AttackView | None
    steps: tuple[Step, ...]  # the pending steps (all public), top last
    terminal: bool
    cards: CardSet = field(compare=False, repr=False)
    params: Params = field(compare=False, repr=False)


def slot_view(slot: Slot) -> SlotView:
    return SlotView(
        tuple(slot.stack), slot.tourists, slot.damage, slot.locked, tuple(sorted(slot.workers)),
        slot.gm_units, tuple(sorted(slot.stranded)), slot.hero, slot.hero_health, slot.hero_locked,
    )


def observe(s: State, seat: int) -> Observation:
    spectator = seat == SPECTATOR
    plans_hidden = s.params.phase_i_mode == "simultaneous"  # plans exist only in Phase I
    views = []
    for i, p in enumerate(s.players):
        own = i == seat
        plan = s.p1_plan[i]
        gm = [s.p1_gm[i]] if s.p1_gm[i] >= 0 else []
        if own:
            unseen = tuple(sorted(p.draw))
            hand_size = len(p.hand)
        elif plans_hidden:
            planned = [w for w, _, _ in plan]
            unseen = tuple(sorted(p.hand + p.draw + planned + gm))
            hand_size = len(p.hand) + len(plan) + len(gm)
        else:
            unseen = tuple(sorted(p.hand + p.draw + gm))
            hand_size = len(p.hand) + len(gm)
        show_plan = own or not plans_hidden
        views.append(PlayerView(
            p.flair, p.gold, hand_size, len(p.draw), unseen, tuple(p.discard),
            tuple(slot_view(sl) for sl in p.slots), tuple(p.scored), tuple(sorted(p.removed)),
            p.trained, p.passed, s.p1_done[i],
            tuple(plan) if show_plan else None,
            s.p1_day[i] if show_plan else None,
        ))
    a = s.attack
    attack = None if a is None else AttackView(
        a.card, a.monster, a.defender, tuple(a.targets), a.hit, a.strength_mod, a.hero_bonus,
        a.ended, a.window_start, a.window_k, a.epoch,
    )
    face_up = s.params.monster_deck_face_up
    monsters = tuple(s.monster_deck) if face_up else tuple(sorted(s.monster_deck))
    return Observation(
        seat=seat, players_count=s.n, season=s.season, phase=s.phase, harbormaster=s.hm,
        harbormaster_tokens=s.hm_tokens,
        hand=() if spectator else tuple(sorted(s.players[seat].hand)),
        guildmaster_pending=-1 if spectator else s.p1_gm[seat],
        players=tuple(views), dock=tuple(s.dock), dock_discard=tuple(s.dock_discard),
        main_deck=tuple(sorted(s.main_deck)),
        monster_deck=monsters, monster_discard=tuple(s.monster_discard),
        draft_available=tuple(tuple(t) for t in s.draft_avail),
        draft_piles=tuple(tuple(sorted(t)) for t in s.draft_piles),
        worker_piles=tuple((w, c, bool(lk)) for w, c, lk in s.worker_piles),
        season_pass_locked=s.sph_locked, turn_seat=s.turn_seat, main_done=s.main_done,
        first_pass_done=s.first_pass_done, end_triggered=s.end_triggered, attack=attack,
        steps=tuple(s.steps), terminal=s.terminal, cards=s.cards, params=s.params,
    )


def observation_to_json(obs: Observation) -> dict[str, Any]:
    """Plain JSON data of an observation (card ids stay integers; steps by name)."""
    def conv(x: Any) -> Any:
        if isinstance(x, tuple | list):
            return [conv(v) for v in x]
        if isinstance(x, bool | int | str) or x is None:
            return x
        return str(x)

    out: dict[str, Any] = {}
    for name in Observation.__slots__:
        if name in ("cards", "params"):
            continue
        value = getattr(obs, name)
        if name == "players":
            value = [{k: conv(getattr(v, k)) for k in PlayerView.__slots__} for v in value]
        elif name == "steps":
            value = [step.name for step in value]
        else:
            value = conv(value)
        out[name] = value
    return out
