"""WAZA, sponsors 227 (Special Assignment) and 228 (Small Animal Program), spec 20.2.

- 227, when played: choose small or large animals, reveal deck cards until such an
  animal and take it (``WazaClass``); from then on animals of the other class cannot be
  played (``barred``) and each animal of the chosen class gives 2 (small) or 4 (large)
  appeal when played (``play_bonus``). The choice is ``Player.waza``.
- 228, passive: after an Animals action that played only small animals
  (``small_program_due``) the player may play 1 more small animal from hand
  (``WazaSmallPlay``, with the Animals action's choice of animal and enclosure), then
  takes 1 small animal from the display, any folder (``WazaSmallTake``).

The Animals action (``act_animals.py``) consults these rules through
:data:`ANIMAL_RULES`, which ``resolve.py`` installs in its ``SPONSOR_RULES`` table (this
module uses the action's choices, so the action cannot import it); the sponsor table
(``sponsors.py``) lists 227's immediate effect (``effects.WazaChoose``) and the passive
table (``passives.py``) 228's rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.cards import effects
from engine.ark_nova.cards.catalog import ANIMALS, Card
from engine.ark_nova.model.state import Player, State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import act_animals, cardflow, icons, passives

SPECIAL_ASSIGNMENT = 227
SMALL_ANIMAL_PROGRAM = 228
NONE, SMALL, LARGE = range(3)  # Player.waza: 227's chosen class
BONUS = {SMALL: 2, LARGE: 4}  # appeal per animal of the chosen class


def barred(p: Player, card: Card) -> bool:
    """227: the animal is of the class not chosen."""
    return (p.waza == SMALL and card.large) or (p.waza == LARGE and card.small)


def play_bonus(p: Player, card: Card) -> int:
    """227: appeal for playing ``card`` (0 unless it is of the chosen class)."""
    if (p.waza == SMALL and card.small) or (p.waza == LARGE and card.large):
        return BONUS[p.waza]
    return 0


def small_program_due(p: Player, played: int, all_small: bool) -> bool:
    """228: the Animals action just finished played animals, all of them small."""
    return bool(played) and all_small and passives.has_mod(p, "waza_small_program")


def _on_play(s: State, seat: int, card: Card) -> Sequence[icons.Triple]:
    """227's appeal for an animal of the chosen class."""
    bonus = play_bonus(s.players[seat], card)
    return ((seat, SPECIAL_ASSIGNMENT, effects.Gain("appeal", bonus)),) if bonus else ()


def _after_action(s: State, seat: int, played: int, all_small: bool) -> None:
    """228 after an all-small Animals action: 1 more small animal, then take one."""
    if small_program_due(s.players[seat], played, all_small):
        s.steps.append(WazaSmallTake(seat))
        s.steps.append(WazaSmallPlay(seat))


ANIMAL_RULES = act_animals.AnimalRules(
    barred=barred, on_play=_on_play, after_action=_after_action)


@dataclass(frozen=True, slots=True)
class WazaClass(Ask):
    """227: small or large animals."""

    seat: int
    kind = "WAZA_CLASS"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [WazaChoice.of(False), WazaChoice.of(True)]


@dataclass(frozen=True, slots=True)
class WazaChoice(Option):
    """227: small (False) or large (True) animals."""

    large: bool

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.players[seat].waza = LARGE if self.large else SMALL
        cardflow.reveal_until(s, seat, "large" if self.large else "small")

    def describe(self, s: State, seat: int) -> str:
        return "large animals" if self.large else "small animals"


@dataclass(frozen=True, slots=True)
class WazaSmallTake(Ask):
    """228: then take 1 small animal from the display (any folder), if there is one."""

    seat: int
    kind = "TAKE_SMALL_ANIMAL"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        by_id = s.cards.by_id
        return [TakeSmallAnimal.of(f) for f in range(1, 7) if s.display[f - 1] >= 401
                and by_id[s.display[f - 1]].small]  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class TakeSmallAnimal(Option):
    folder: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.players[seat].hand.append(cardflow.take_folder(s, self.folder))

    def describe(self, s: State, seat: int) -> str:
        return f"take {s.cards[s.display[self.folder - 1]].name} from folder {self.folder}"


@dataclass(frozen=True, slots=True)
class WazaSmallPlay(Ask):
    """228: may play 1 more small animal from hand (normal cost and rules), as one more
    animal of this action."""

    seat: int
    kind = "EXTRA_SMALL_ANIMAL"
    decline_label = "play no extra animal"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        side2 = s.players[seat].side2[ANIMALS]
        out: list[Option] = [PlaySmallAnimal.of(c) for c, _ in
                             act_animals.choices(s, seat, side2, False, only_small=True)]
        return [*out, DECLINE] if out else ()


@dataclass(frozen=True, slots=True)
class PlaySmallAnimal(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        s.steps.append(act_animals.ChooseHousing(seat, self.card, 0))

    def describe(self, s: State, seat: int) -> str:
        return f"play {s.cards[self.card].name}"
