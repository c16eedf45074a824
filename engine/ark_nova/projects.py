"""Conservation projects (spec 12.4, 12.5, 8.7): where they are, which levels a player can
support, releasing animals into the wild, and the left-track bonus revealed by the token.

Levels are read from the card data: ``thresholds[i]`` -> ``rewards[i]`` left to right;
release projects use 4/3/2 as "standard size >=4 / =3 / <=2"; breeding programs have no
thresholds (any free level).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from engine.ark_nova import cardflow, effects, icons, map_bonuses, tracks, zoo
from engine.ark_nova.cards import Card
from engine.ark_nova.metrics import metric
from engine.ark_nova.options import LEFT_TOKEN, LEVEL, PICK, Project
from engine.ark_nova.state import FREE, State
from engine.ark_nova.steps import Decision

# Collection projects whose measure is not an icon count (by card id).
COLLECTION_METRIC = {101: "distinct_categories", 102: "distinct_continents",
                     130: "small_animals", 131: "large_animals"}
ICON_TOKEN_SPONSORS = (215, 218)
MIGRATION = 224
ROW_LIMIT = {1: 2, 2: 2, 3: 3, 4: 4}


def is_base(card_id: int) -> bool:
    return 101 <= card_id <= 112


def measure(s: State, seat: int, card: Card) -> int:
    name = COLLECTION_METRIC.get(card.id)
    if name is None:
        from engine.ark_nova.cards import ICON_NAMES

        name = f"icons:{ICON_NAMES[card.project_icon]}"
    return metric(s, seat, name)


def icon_tokens(s: State, seat: int, card: Card) -> int:
    """Tokens of sponsors 215/218 usable as +1 icon each for a base project."""
    if not is_base(card.id):
        return 0
    p = s.players[seat]
    return sum(1 for sid in ICON_TOKEN_SPONSORS if p.card_tokens.get(sid, 0) > 0)


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
    elif seat in owners and not (card.project_kind == "release" and MIGRATION in p.sponsors):
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


def candidates(s: State, seat: int, side2: bool) -> list[Project]:
    """Supportable projects: on the board, in hand, then the display in range (side II)."""
    by_id = s.cards.by_id
    p = s.players[seat]
    out = []
    for c in (*s.base_row, *s.project_row):
        if levels_for(s, seat, by_id[c], s.levels[c]):  # type: ignore[arg-type]
            out.append(Project(c))
    for c in sorted(p.hand):
        if c < 200 and levels_for(s, seat, by_id[c], None):  # type: ignore[arg-type]
            out.append(Project(c))
    if side2:
        for f in cardflow.folders_in_range(s, seat):
            c = s.display[f - 1]
            if (100 < c < 200 and f <= p.money
                    and levels_for(s, seat, by_id[c], None)):  # type: ignore[arg-type]
                out.append(Project(c, f))
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
class ChooseProject(Decision):
    seat: int
    side2: bool
    kind = "CHOOSE_PROJECT"

    def options(self, s: State) -> list[Hashable]:
        return list(candidates(s, self.seat, self.side2))

    def apply(self, s: State, opt: Hashable) -> None:
        assert isinstance(opt, Project)
        seat = self.seat
        card = s.cards[opt.card]
        if opt.card not in s.levels:
            p = s.players[seat]
            if opt.folder:
                cardflow.take_folder(s, opt.folder)
                p.money -= opt.folder
            else:
                p.hand.remove(opt.card)
            put_in_row(s, opt.card)
            if card.reputation:  # "played" bonus of release projects
                effects.schedule(s, seat, opt.card, (effects.Gain("rep", card.reputation),))
        s.frames.append(ChooseLevel(seat, opt.card))

    def describe(self, s: State, opt: Hashable) -> str:
        assert isinstance(opt, Project)
        where = f" from folder {opt.folder}" if opt.folder else ""
        return f"support {s.cards[opt.card].name}{where}"


@dataclass(frozen=True, slots=True)
class ChooseLevel(Decision):
    seat: int
    card: int
    kind = "PROJECT_LEVEL"

    def options(self, s: State) -> list[Hashable]:
        card = s.cards[self.card]
        return [LEVEL[i] for i in levels_for(s, self.seat, card, s.levels[self.card])]

    def apply(self, s: State, opt: Hashable) -> None:
        level = opt.level  # type: ignore[attr-defined]
        card = s.cards[self.card]
        if card.project_kind == "collection":
            spend_icon_tokens(s, self.seat, card, card.thresholds[level])
        s.frames.append(TakeLeftToken(self.seat, self.card, level))
        if card.project_kind == "release":
            s.frames.append(ChooseRelease(self.seat, self.card, level))

    def describe(self, s: State, opt: Hashable) -> str:
        level = opt.level  # type: ignore[attr-defined]
        cp, rep = s.cards[self.card].rewards[level]
        reward = f"{cp} CP" + (f" + {rep} reputation" if rep else "")
        return f"level {level + 1} ({reward})"


def spend_icon_tokens(s: State, seat: int, card: Card, threshold: int) -> None:
    """Use only as many 215/218 tokens as the level needs (215 first)."""
    short = threshold - measure(s, seat, card)
    p = s.players[seat]
    for sid in ICON_TOKEN_SPONSORS:
        if short <= 0:
            return
        if p.card_tokens.get(sid, 0) > 0 and is_base(card.id):
            p.card_tokens[sid] -= 1
            p.supply_tokens += 1
            short -= 1


@dataclass(frozen=True, slots=True)
class ChooseRelease(Decision):
    """Release an animal into the wild for a release project (spec 8.7)."""

    seat: int
    card: int
    level: int
    kind = "RELEASE_ANIMAL"

    def options(self, s: State) -> list[Hashable]:
        return [PICK[a] for a in release_candidates(s, self.seat, s.cards[self.card],
                                                    self.level)]

    def apply(self, s: State, opt: Hashable) -> None:
        release(s, self.seat, opt.card)  # type: ignore[attr-defined]

    def describe(self, s: State, opt: Hashable) -> str:
        return f"release {s.cards[opt.card].name}"  # type: ignore[attr-defined]


def release(s: State, seat: int, animal: int) -> None:
    """Lose its appeal, free its housing, lose its icons, discard it (and its pouch)."""
    p = s.players[seat]
    card = s.cards[animal]
    tracks.gain_appeal(s, seat, -card.appeal)
    zoo.unhouse(p, card)
    p.animals.remove(animal)
    icons.remove_icons(s, seat, card.icons)
    s.discard.append(animal)
    s.discard.extend(p.pouched.pop(animal, ()))


@dataclass(frozen=True, slots=True)
class TakeLeftToken(Decision):
    """Which left-track token supports the project; the space revealed pays (12.5)."""

    seat: int
    card: int
    level: int
    kind = "LEFT_TRACK_TOKEN"

    def options(self, s: State) -> list[Hashable]:
        bits = s.players[self.seat].left_tokens
        return [LEFT_TOKEN[i] for i in range(7) if (bits >> i) & 1]

    def apply(self, s: State, opt: Hashable) -> None:
        space = opt.space  # type: ignore[attr-defined]
        seat = self.seat
        p = s.players[seat]
        p.left_tokens &= ~(1 << space)
        card = s.cards[self.card]
        s.levels[self.card][self.level] = seat
        cp, rep = card.rewards[self.level]
        if card.project_kind == "release" and MIGRATION in p.sponsors:
            cp += 1
        todo: list[effects.Effect] = []
        if cp:
            todo.append(effects.Gain("cp", cp))
        if rep:
            todo.append(effects.Gain("rep", rep))
        todo.extend(map_bonuses.left_track_effects(p.map.left_track[space].bonus))
        effects.schedule(s, seat, self.card, todo)

    def describe(self, s: State, opt: Hashable) -> str:
        space = s.players[self.seat].map.left_track[opt.space]  # type: ignore[attr-defined]
        kind = "recurring" if space.recurring else "once"
        return f"token from space {opt.space + 1}: {space.bonus} ({kind})"  # type: ignore[attr-defined]
