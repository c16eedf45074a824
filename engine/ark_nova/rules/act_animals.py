"""The ANIMALS action (spec 5.3) and playing one animal (spec 8.2): conditions, cost,
housing, then its gains, abilities and the icon triggers.

A sponsor whose rules change playing animals (WAZA, ``waza.py``) says so in one
:class:`AnimalRules` value of :data:`SPONSOR_RULES`: which animals it bars, what a played
animal also gains, and what follows one Animals execution. The table is filled by
``resolve.py``, the rules' top module, as the effect handlers are, so the sponsor's
module may use this one's choices and steps without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.ark_nova.cards import abilities, effects
from engine.ark_nova.cards.catalog import Card
from engine.ark_nova.map.buildings import STANDARD, TYPES
from engine.ark_nova.model.events import AnimalPlayed
from engine.ark_nova.model.state import FLOCK, Player, State
from engine.ark_nova.model.steps import DECLINE, Ask, Option, Step
from engine.ark_nova.rules import cardflow, harbour, icons, map_rules, passives, tracks, zoo

if TYPE_CHECKING:
    from engine.ark_nova.model.ctx import Ctx



@dataclass(frozen=True, slots=True)
class AnimalRules:
    """One sponsor's rules for playing animals (see the module docstring)."""

    # The animal may not be played by this player (checked with every other condition).
    barred: Callable[[Player, Card], bool]
    # What playing ``card`` (an animal) also gives ``seat``: effect triples, after the
    # icon triggers.
    on_play: Callable[[State, int, Card], Sequence[icons.Triple]]
    # End of one Animals execution that played ``played`` animals (all small or not):
    # may push steps.
    after_action: Callable[[State, int, int, bool], None]


# Sponsor name -> its rules, filled by resolve.py (WAZA's: waza.ANIMAL_RULES).
SPONSOR_RULES: dict[str, AnimalRules] = {}
# The ``barred`` of each entry, read on the hot path (every animal of every offer).
BARRED: list[Callable[[Player, Card], bool]] = []


def install(name: str, rules: AnimalRules) -> None:
    """Add (or replace) a sponsor's rules for playing animals."""
    SPONSOR_RULES[name] = rules
    BARRED[:] = [r.barred for r in SPONSOR_RULES.values()]


USEFUL_STRENGTH = (5, 5)
MAX_ANIMALS = ((0, 1, 1, 1, 2), (1, 1, 2, 2, 2))  # by side, strength 1..5+


def max_animals(side2: bool, strength: int) -> int:
    return MAX_ANIMALS[int(side2)][min(strength, 5) - 1]


def cost(s: State, seat: int, card: Card, folder: int) -> int:
    """Spec 8.2 step 3: price + folder - 3 per matching partner zoo (D-47) - discounts."""
    p = s.players[seat]
    c = card.cost + folder
    c -= 3 * sum(1 for z in p.partner_zoos if card.icons[z])
    if card.small and passives.has_mod(p, "small_animals_cost_3_less"):
        c -= 3
    if card.large and passives.has_mod(p, "large_animals_cost_4_less"):
        c -= 4
    return max(0, c)


def missing_conditions(s: State, seat: int, card: Card, animals_ii: bool) -> int:
    """Conditions not met, a missing icon counting once per icon (spec 8.2 step 2)."""
    p = s.players[seat]
    have = p.icons
    req = card.req_icons
    missing = sum(req[i] - have[i] for i in range(len(req)) if req[i] > have[i])
    if card.req_partner_zoos and not any(card.icons[z] for z in p.partner_zoos):
        missing += 1
    if card.req_animals_ii and not animals_ii:
        missing += 1
    return missing


def ignorable(s: State, seat: int, card: Card) -> int:
    p = s.players[seat]
    n = map_rules.ignored_animal_conditions(p)
    if card.large and passives.has_mod(p, "large_animal_ignore_condition"):
        n += 1
    return n


def playable(s: State, seat: int, card: Card, folder: int, animals_ii: bool) -> bool:
    p = s.players[seat]
    if not card.is_animal or cost(s, seat, card, folder) > p.money:
        return False
    for barred in BARRED:
        if barred(p, card):
            return False
    if missing_conditions(s, seat, card, animals_ii) > ignorable(s, seat, card):
        return False
    return bool(zoo.housings(s, seat, card, first=True))


def choices(s: State, seat: int, animals_ii: bool, display: bool,
            only_small: bool = False, first: bool = False) -> list[tuple[int, int]]:
    """Playable animals as (card, folder): hand cards by id (folder 0), then display
    folders in range (side II); with ``first``, stop at the first one."""
    by_id = s.cards.by_id
    p = s.players[seat]
    out: list[tuple[int, int]] = []
    for c in sorted(p.hand):
        if c < 401:
            continue
        card = by_id[c]
        assert card is not None
        if (not only_small or card.small) and playable(s, seat, card, 0, animals_ii):
            out.append((c, 0))
            if first:
                return out
    if display:
        for f in cardflow.folders_in_range(s, seat):
            c = s.display[f - 1]
            if c >= 401 and playable(s, seat, s.cards[c], f, animals_ii):
                out.append((c, f))
                if first:
                    return out
    return out


def feasible(s: State, ctx: Ctx) -> bool:
    if max_animals(ctx.side2, ctx.strength) == 0:
        return False
    p = s.players[ctx.seat]
    boost = ctx.side2 and ctx.strength >= 5 and p.rep < tracks.rep_cap(s, ctx.seat)
    if boost:
        p.rep += 1
    try:
        return bool(choices(s, ctx.seat, ctx.side2, ctx.side2, first=True))
    finally:
        if boost:
            p.rep -= 1


def begin(s: State, ctx: Ctx) -> None:
    s.steps.append(PickAnimal(ctx.seat, ctx.side2, max_animals(ctx.side2, ctx.strength), 0,
                               True))
    if ctx.side2 and ctx.strength >= 5:
        tracks.gain_rep(s, ctx.seat, 1)


@dataclass(frozen=True, slots=True)
class PickAnimal(Ask):
    """The next animal to play (hand, or display in range with side II), or stop."""

    seat: int
    side2: bool
    left: int
    played: int
    all_small: bool
    kind = "PLAY_ANIMAL"
    decline_label = "play no more animals"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = []
        if self.left > 0:
            for card, folder in choices(s, seat, self.side2, self.side2):
                out.append(PlayAnimalFromFolder.of(folder) if folder else PlayAnimal.of(card))
        if self.played:
            out.append(DECLINE)
        if out:
            out.extend(harbour.offer(s, seat))
        return out

    def declined(self, s: State) -> None:
        s.steps.append(AnimalsDone(self.seat, self.played, self.all_small))

    def next_pick(self, s: State, card: int) -> None:
        small = self.all_small and s.cards[card].small
        s.steps.append(PickAnimal(self.seat, self.side2, self.left - 1, self.played + 1, small))


@dataclass(frozen=True, slots=True)
class PlayAnimal(Option):
    """An animal from hand; its enclosure is asked next."""

    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PickAnimal)
        step.next_pick(s, self.card)
        s.steps.append(ChooseHousing(seat, self.card, 0))

    def describe(self, s: State, seat: int) -> str:
        return f"play {s.cards[self.card].name}"


@dataclass(frozen=True, slots=True)
class PlayAnimalFromFolder(Option):
    """Animals II: an animal from a display folder in range (+ folder number in money)."""

    folder: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PickAnimal)
        card = s.display[self.folder - 1]
        step.next_pick(s, card)
        s.steps.append(ChooseHousing(seat, card, self.folder))

    def describe(self, s: State, seat: int) -> str:
        return f"play {s.cards[s.display[self.folder - 1]].name} from folder {self.folder}"


@dataclass(frozen=True, slots=True)
class ChooseHousing(Ask):
    """Where the animal lives: an enclosure (by building index) or Flock."""

    seat: int
    card: int
    folder: int
    kind = "CHOOSE_ENCLOSURE"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [HouseIn.of(h) for h in zoo.housings(s, seat, s.cards[self.card])]


@dataclass(frozen=True, slots=True)
class HouseIn(Option):
    """A building index of the zoo, or -1: Flock, no enclosure (spec 8.6)."""

    building: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, ChooseHousing)
        play_animal(s, seat, step.card, step.folder, self.building)

    def describe(self, s: State, seat: int) -> str:
        if self.building == FLOCK:
            return "join the flock (no enclosure)"
        b = s.players[seat].bld[self.building]
        return f"{TYPES[b.code].name} #{self.building}"


def play_animal(s: State, seat: int, card_id: int, folder: int, where: int) -> None:
    """Spec 8.2 steps 3-6, effects in the D-42 order: printed gains, abilities, triggers."""
    p = s.players[seat]
    card = s.cards[card_id]
    p.money -= cost(s, seat, card, folder)
    if folder:
        cardflow.take_folder(s, folder)
    else:
        p.hand.remove(card_id)
    zoo.house(p, card, where)
    p.animals.append(card_id)
    s.log.append(AnimalPlayed(seat, card_id))
    todo: list[icons.Triple] = []
    for res, n in (("appeal", card.appeal), ("cp", card.cp), ("rep", card.reputation)):
        if n:
            todo.append((seat, card_id, effects.Gain(res, n)))
    todo.extend((seat, card_id, e) for e in abilities.effects_for(card, s.n == 1))
    if where != FLOCK and TYPES[p.bld[where].code].kind == STANDARD:
        todo.extend((seat, card_id, e) for e in map_rules.on_occupy(s, seat, where))
    todo.extend(icons.add_icons(s, seat, card.icons))
    for rules in SPONSOR_RULES.values():
        todo.extend(rules.on_play(s, seat, card))
    icons.schedule_triples(s, todo)


@dataclass(frozen=True, slots=True)
class AnimalsDone(Step):
    """End of one Animals execution: what the sponsors' rules do then (``SPONSOR_RULES``)."""

    seat: int
    played: int
    all_small: bool

    def run(self, s: State) -> None:
        for rules in SPONSOR_RULES.values():
            rules.after_action(s, self.seat, self.played, self.all_small)
