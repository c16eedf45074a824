"""Conservation projects (spec 12.4, 12.5, 8.7): where they are, which levels a player can
support, releasing animals into the wild, and the left-track bonus revealed by the token.

Levels are read from the card data: ``thresholds[i]`` -> ``rewards[i]`` left to right;
release projects use 4/3/2 as "standard size >=4 / =3 / <=2"; breeding programs have no
thresholds (any free level).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.cards import effects, map_bonuses
from engine.ark_nova.cards.catalog import ICON_NAMES, Card
from engine.ark_nova.model.events import AnimalReleased, ProjectSupported
from engine.ark_nova.model.state import FREE, State
from engine.ark_nova.model.steps import Ask, Option
from engine.ark_nova.rules import cardflow, dispatch, icons, passives, tracks, zoo
from engine.ark_nova.rules.metrics import metric

# Collection projects whose measure is not an icon count (by card id).
COLLECTION_METRIC = {101: "distinct_categories", 102: "distinct_continents",
                     130: "small_animals", 131: "large_animals"}
ROW_LIMIT = {1: 2, 2: 2, 3: 3, 4: 4}


def is_base(card_id: int) -> bool:
    return 101 <= card_id <= 112


def measure(s: State, seat: int, card: Card) -> int:
    name = COLLECTION_METRIC.get(card.id)
    if name is None:
        name = f"icons:{ICON_NAMES[card.project_icon]}"
    return metric(s, seat, name)


def icon_tokens(s: State, seat: int, card: Card) -> int:
    """Tokens of sponsors 215/218 usable as +1 icon each for a base project."""
    if not is_base(card.id):
        return 0
    p = s.players[seat]
    return sum(1 for sid in passives.MODIFIERS["base_project_icon_tokens"]
               if p.card_tokens.get(sid, 0) > 0)


def release_candidates(s: State, seat: int, card: Card, level: int) -> list[int]:
    """Animals with the project's icon whose standard size fits the level."""
    p = s.players[seat]
    by_id = s.cards.by_id
    out = []
    for a in p.animals:
        c = by_id[a]
        assert c is not None
        size = c.standard_size
        if not c.icons[card.project_icon] or not size:
            continue
        if (level == 0 and size >= 4) or (level == 1 and size == 3) or (level == 2 and size <= 2):
            out.append(a)
    return sorted(out)


def breeding_ok(s: State, seat: int, card: Card) -> bool:
    p = s.players[seat]
    by_id = s.cards.by_id
    for a in p.animals:
        c = by_id[a]
        assert c is not None
        if c.icons[card.project_icon] and any(c.icons[z] for z in p.partner_zoos):
            return True
    return False


def levels_for(s: State, seat: int, card: Card, owners: list[int] | None) -> list[int]:
    """Free levels of a project ``seat`` may support now (``owners`` None: not yet on the
    board, all free)."""
    p = s.players[seat]
    if not p.left_tokens:
        return []
    if owners is None:
        owners = [FREE, FREE, FREE]
    elif seat in owners and not (card.project_kind == "release"
                                 and passives.has_mod(p, "release_projects_repeat")):
        return []
    free = [i for i in range(3) if owners[i] == FREE]
    if not free:
        return []
    kind = card.project_kind
    if kind == "breeding":
        return free if breeding_ok(s, seat, card) else []
    if kind == "release":
        return [i for i in free if release_candidates(s, seat, card, i)]
    have = measure(s, seat, card) + icon_tokens(s, seat, card)
    return [i for i in free if have >= card.thresholds[i]]


def candidates(s: State, seat: int, side2: bool) -> list[tuple[int, int]]:
    """Supportable projects as (card, folder): on the board, in hand (folder 0), then the
    display in range (side II, folder > 0)."""
    by_id = s.cards.by_id
    p = s.players[seat]
    out = []
    for c in (*s.base_row, *s.project_row):
        if levels_for(s, seat, by_id[c], s.levels[c]):  # type: ignore[arg-type]
            out.append((c, 0))
    for c in sorted(p.hand):
        if c < 200 and levels_for(s, seat, by_id[c], None):  # type: ignore[arg-type]
            out.append((c, 0))
    if side2:
        for f in cardflow.folders_in_range(s, seat):
            c = s.display[f - 1]
            if (100 < c < 200 and f <= p.money
                    and levels_for(s, seat, by_id[c], None)):  # type: ignore[arg-type]
                out.append((c, f))
    return out


def any_supportable(s: State, seat: int, side2: bool) -> bool:
    return bool(candidates(s, seat, side2))


def put_in_row(s: State, card_id: int) -> None:
    """A project from hand or display goes to the leftmost space above the board; a card
    pushed off the row is discarded and its tokens go back to their owners (12.4.1)."""
    s.project_row.insert(0, card_id)
    s.levels[card_id] = [FREE, FREE, FREE]
    if len(s.project_row) > ROW_LIMIT[s.n]:
        gone = s.project_row.pop()
        for owner in s.levels.pop(gone):
            if owner >= 0:
                s.players[owner].supply_tokens += 1
        s.discard.append(gone)


@dataclass(frozen=True, slots=True)
class ChooseProject(Ask):
    seat: int
    side2: bool
    kind = "CHOOSE_PROJECT"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [SupportProject.of(c, f) for c, f in candidates(s, seat, self.side2)]


@dataclass(frozen=True, slots=True)
class SupportProject(Option):
    """A project by card id: on the board, from hand, or (``folder`` > 0) the display."""

    card: int
    folder: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        card = s.cards[self.card]
        if self.card not in s.levels:
            p = s.players[seat]
            if self.folder:
                cardflow.take_folder(s, self.folder)
                p.money -= self.folder
            else:
                p.hand.remove(self.card)
            put_in_row(s, self.card)
            if card.reputation:  # "played" bonus of release projects
                dispatch.schedule(s, seat, self.card, (effects.Gain("rep", card.reputation),))
        s.steps.append(ChooseLevel(seat, self.card))

    def describe(self, s: State, seat: int) -> str:
        where = f" from folder {self.folder}" if self.folder else ""
        return f"support {s.cards[self.card].name}{where}"


@dataclass(frozen=True, slots=True)
class ChooseLevel(Ask):
    seat: int
    card: int
    kind = "PROJECT_LEVEL"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        card = s.cards[self.card]
        return [ProjectLevel.of(i) for i in levels_for(s, seat, card, s.levels[self.card])]


@dataclass(frozen=True, slots=True)
class ProjectLevel(Option):
    """A project level, 0 = left."""

    level: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, ChooseLevel)
        card = s.cards[step.card]
        if card.project_kind == "collection":
            spend_icon_tokens(s, seat, card, card.thresholds[self.level])
        s.steps.append(TakeLeftToken(seat, step.card, self.level))
        if card.project_kind == "release":
            s.steps.append(ChooseRelease(seat, step.card, self.level))

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        assert isinstance(step, ChooseLevel)
        cp, rep = s.cards[step.card].rewards[self.level]
        reward = f"{cp} CP" + (f" + {rep} reputation" if rep else "")
        return f"level {self.level + 1} ({reward})"


def spend_icon_tokens(s: State, seat: int, card: Card, threshold: int) -> None:
    """Use only as many 215/218 tokens as the level needs (215 first)."""
    short = threshold - measure(s, seat, card)
    p = s.players[seat]
    for sid in passives.MODIFIERS["base_project_icon_tokens"]:
        if short <= 0:
            return
        if p.card_tokens.get(sid, 0) > 0 and is_base(card.id):
            p.card_tokens[sid] -= 1
            p.supply_tokens += 1
            short -= 1


@dataclass(frozen=True, slots=True)
class ChooseRelease(Ask):
    """Release an animal into the wild for a release project (spec 8.7)."""

    seat: int
    card: int
    level: int
    kind = "RELEASE_ANIMAL"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [ReleaseAnimal.of(a)
                for a in release_candidates(s, seat, s.cards[self.card], self.level)]


@dataclass(frozen=True, slots=True)
class ReleaseAnimal(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        release(s, seat, self.card)

    def describe(self, s: State, seat: int) -> str:
        return f"release {s.cards[self.card].name}"


def release(s: State, seat: int, animal: int) -> None:
    """Lose its appeal, free its housing, lose its icons, discard it (and its pouch)."""
    p = s.players[seat]
    card = s.cards[animal]
    s.log.append(AnimalReleased(seat, animal))
    tracks.gain_appeal(s, seat, -card.appeal)
    zoo.unhouse(p, card)
    p.animals.remove(animal)
    icons.remove_icons(s, seat, card.icons)
    s.discard.append(animal)
    s.discard.extend(p.pouched.pop(animal, ()))


@dataclass(frozen=True, slots=True)
class TakeLeftToken(Ask):
    """Which left-track token supports the project; the space revealed pays (12.5)."""

    seat: int
    card: int
    level: int
    kind = "LEFT_TRACK_TOKEN"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        bits = s.players[seat].left_tokens
        return [LeftToken.of(i) for i in range(7) if (bits >> i) & 1]


@dataclass(frozen=True, slots=True)
class LeftToken(Option):
    """A left-track bonus space 0..6 (top to bottom) whose token is taken."""

    space: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, TakeLeftToken)
        p = s.players[seat]
        p.left_tokens &= ~(1 << self.space)
        card = s.cards[step.card]
        s.levels[step.card][step.level] = seat
        s.log.append(ProjectSupported(seat, step.card, step.level))
        cp, rep = card.rewards[step.level]
        if card.project_kind == "release" and passives.has_mod(p, "release_projects_repeat"):
            cp += 1
        todo: list[effects.Effect] = []
        if cp:
            todo.append(effects.Gain("cp", cp))
        if rep:
            todo.append(effects.Gain("rep", rep))
        todo.extend(map_bonuses.left_track_effects(p.map.left_track[self.space].bonus))
        dispatch.schedule(s, seat, step.card, todo)

    def describe(self, s: State, seat: int) -> str:
        space = s.players[seat].map.left_track[self.space]
        kind = "recurring" if space.recurring else "once"
        return f"token from space {self.space + 1}: {space.bonus} ({kind})"
