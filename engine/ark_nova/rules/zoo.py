"""A player's zoo map: placing buildings (spec 7.3, 7.6), housing animals (spec 8.2 step 4,
8.4-8.6), kiosk and side-entrance income, and the small zoo decisions (placement cell and
rotation, free buildings, moving animals into a new special enclosure, pouch, sell).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.ark_nova.cards import effects, map_bonuses
from engine.ark_nova.cards.catalog import BUILD, HERBIVORE, Card
from engine.ark_nova.map.buildings import (
    AVIARY_T,
    KIOSK_T,
    PAVILION_T,
    PETTING_T,
    REPTILE_T,
    SPECIAL,
    STANDARD,
    TYPES,
    Footprint,
    kiosk_zone,
    legal_footprints,
)
from engine.ark_nova.map.hexgrid import BORDER_MASK, NEIGHBOURS
from engine.ark_nova.map.maps import cell_name
from engine.ark_nova.model.events import BuildingPlaced
from engine.ark_nova.model.state import FLOCK, Building, Player, State
from engine.ark_nova.model.steps import DECLINE, Ask, Option
from engine.ark_nova.rules import dispatch, map_rules, passives, tracks

# ----------------------------------------------------------------------------- placement


def footprints_for(s: State, seat: int, code: int) -> list[Footprint]:
    """Legal footprints of a building type for a player (cached until the zoo changes)."""
    p = s.players[seat]
    fl = p.pcache.get(code)
    if fl is None:
        fl = legal_footprints(p.map, code, p.covered, p.side2[BUILD],
                              passives.has_mod(p, "any_terrain"),
                              kiosk_zone(p.kiosk_cells) if code == KIOSK_T else 0)
        p.pcache[code] = fl
    return fl


def has_special(p: Player, code: int) -> bool:
    return any(b.code == code for b in p.bld)


def can_place(s: State, seat: int, code: int) -> bool:
    """Type allowed (one special enclosure of a kind) and some footprint is legal."""
    if TYPES[code].kind == SPECIAL and has_special(s.players[seat], code):
        return False
    return bool(footprints_for(s, seat, code))


def start_placement(s: State, seat: int, code: int) -> None:
    """Ask for the cell (then rotation) of a building (a paid one was paid already)."""
    s.steps.append(PlaceAnchor(seat, code))


@dataclass(frozen=True, slots=True)
class PlaceAnchor(Ask):
    """Where to put a building: its anchor cell (spec 7.2); every footprint exactly once."""

    seat: int
    code: int
    kind = "PLACE_BUILDING"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        anchors = sorted({f.p.anchor for f in footprints_for(s, seat, self.code)})
        return [AnchorAt.of(a) for a in anchors]

    def prompt(self, s: State) -> str:
        return f"place {TYPES[self.code].name}"


@dataclass(frozen=True, slots=True)
class AnchorAt(Option):
    cell: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PlaceAnchor)
        fits = [f for f in footprints_for(s, seat, step.code) if f.p.anchor == self.cell]
        if len(fits) == 1:
            place(s, seat, step.code, fits[0])
        else:
            s.steps.append(PlaceRotation(seat, step.code, self.cell))

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        name = TYPES[step.code].name if isinstance(step, PlaceAnchor) else "building"
        return f"{name} at {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class PlaceRotation(Ask):
    seat: int
    code: int
    anchor: int
    kind = "ROTATE_BUILDING"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        return [RotateTo.of(f.p.rotation) for f in footprints_for(s, seat, self.code)
                if f.p.anchor == self.anchor]


@dataclass(frozen=True, slots=True)
class RotateTo(Option):
    rotation: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PlaceRotation)
        for f in footprints_for(s, seat, step.code):
            if f.p.anchor == step.anchor and f.p.rotation == self.rotation:
                place(s, seat, step.code, f)
                return

    def describe(self, s: State, seat: int) -> str:
        return f"rotation {self.rotation}"


def add_building(p: Player, code: int, f: Footprint) -> int:
    """Record a building on the map (no bonuses). Returns its index."""
    pl = f.p
    idx = len(p.bld)
    p.bld.append(Building(code, pl.mask, pl.cells, pl.anchor, pl.rotation, f.water_adj,
                          f.rock_adj))
    p.bld_state.append(0)
    for c in pl.cells:
        p.cell_bld[c] = idx
    p.covered |= pl.mask
    if code == KIOSK_T:
        p.kiosk_cells.append(pl.cells[0])
    p.pcache = {}
    return idx


def place(s: State, seat: int, code: int, f: Footprint) -> None:
    """Place a building and collect what placing it gives (spec 7.4, 7.6, 20 P6)."""
    p = s.players[seat]
    old = p.covered
    idx = add_building(p, code, f)
    s.log.append(BuildingPlaced(seat, code, f.p.cells))
    todo: list[effects.Effect] = []
    if code == PAVILION_T:
        todo.append(effects.Gain("appeal", 1))
    archaeologist = passives.has_mod(p, "archaeologist")
    for c in f.p.cells:
        bonus = p.map.bonus[c]
        if bonus:
            todo.extend(map_bonuses.placement_effects(bonus))
            if archaeologist and (BORDER_MASK >> c) & 1:
                todo.append(effects.ExtraPlacementBonus())
    for rule, kind in (("cover_next_to_water_pays", "water"), ("cover_next_to_rock_pays", "rock")):
        if passives.has_mod(p, rule):
            terrain = (p.map.water if kind == "water" else p.map.rock) & ~p.covered
            n = sum(1 for c in f.p.cells if any((terrain >> m) & 1 for m in NEIGHBOURS[c]))
            if n:
                todo.append(effects.Gain("money", n))
    plain = p.map.plain
    if plain & ~old and not plain & ~p.covered:
        todo.append(effects.Gain("appeal", p.map.full_cover_appeal))
    todo.extend(map_rules.on_cover(s, seat, f.p.mask))
    if code in (REPTILE_T, AVIARY_T):
        todo.append(effects.PushStep(MoveAnimalsIn(seat, idx)))
    dispatch.schedule(s, seat, 0, todo)


# ----------------------------------------------------------------------------- housing


def fits_terrain(p: Player, b: Building, card: Card) -> bool:
    if passives.has_mod(p, "any_terrain"):
        return True
    return b.rock_adj >= card.rock_req and b.water_adj >= card.water_req


def special_need(code: int, card: Card) -> int | None:
    """Capacity the card uses in a special enclosure (None: not allowed there)."""
    if code == PETTING_T:
        return card.petting_zoo
    if code == REPTILE_T:
        return card.reptile_house
    if code == AVIARY_T:
        return card.aviary
    return None


def housings(s: State, seat: int, card: Card, first: bool = False) -> list[int]:
    """Building indices that can house ``card`` (ascending), then FLOCK if possible;
    with ``first``, stop at the first one found (a feasibility check)."""
    p = s.players[seat]
    out = []
    states = p.bld_state
    std = card.standard_size
    any_terrain = passives.has_mod(p, "any_terrain")
    rock, water = card.rock_req, card.water_req
    for idx, b in enumerate(p.bld):
        t = TYPES[b.code]
        if t.kind == STANDARD:
            if (not std or states[idx] or t.size + map_rules.size_bonus(p, b) < std):
                continue
        elif t.kind == SPECIAL:
            need = special_need(b.code, card)
            if need is None or t.capacity - states[idx] < need:
                continue
        else:
            continue
        if any_terrain or (b.rock_adj >= rock and b.water_adj >= water):
            out.append(idx)
            if first:
                return out
    n = card.flock
    if n:
        by_id = s.cards.by_id
        if any(by_id[a].icons[HERBIVORE] and by_id[a].standard_size >= n  # type: ignore[union-attr]
               for a in p.animals):
            out.append(FLOCK)
    return out


def house(p: Player, card: Card, where: int) -> None:
    """Occupy the housing (spec 8.2 step 4) and record it (D-35)."""
    p.housing[card.id] = where
    if where == FLOCK:
        return
    b = p.bld[where]
    if TYPES[b.code].kind == STANDARD:
        p.bld_state[where] = 1
    else:
        p.bld_state[where] += special_need(b.code, card) or 0


def unhouse(p: Player, card: Card) -> None:
    """Free exactly the recorded housing (spec 8.7 step 3)."""
    where = p.housing.pop(card.id, FLOCK)
    if where == FLOCK:
        return
    b = p.bld[where]
    if TYPES[b.code].kind == STANDARD:
        p.bld_state[where] = 0
    else:
        p.bld_state[where] -= special_need(b.code, card) or 0


# ----------------------------------------------------------------------------- decisions


@dataclass(frozen=True, slots=True)
class ChooseFreeBuilding(Ask):
    """build_free(types): place one of these free, or decline (spec 18)."""

    seat: int
    types: tuple[int, ...]
    kind = "FREE_BUILDING"
    decline_label = "no free building"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        out: list[Option] = [FreeBuilding.of(c) for c in self.types if can_place(s, seat, c)]
        if out:
            out.append(DECLINE)
        return out


@dataclass(frozen=True, slots=True)
class FreeBuilding(Option):
    building: int

    def apply(self, s: State, seat: int) -> None:
        s.steps.pop()
        start_placement(s, seat, self.building)

    def describe(self, s: State, seat: int) -> str:
        return f"place a free {TYPES[self.building].name}"


@dataclass(frozen=True, slots=True)
class MoveAnimalsIn(Ask):
    """Move animals from standard enclosures into a new Reptile House / Aviary (spec 8.5)."""

    seat: int
    building: int
    kind = "MOVE_ANIMAL_IN"
    decline_label = "move no more animals"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        p = s.players[seat]
        b = p.bld[self.building]
        free = TYPES[b.code].capacity - p.bld_state[self.building]
        out: list[Option] = []
        for a in sorted(p.housing):
            where = p.housing[a]
            if where == FLOCK or TYPES[p.bld[where].code].kind != STANDARD:
                continue
            card = s.cards[a]
            need = special_need(b.code, card)
            if need is not None and need <= free and fits_terrain(p, b, card):
                out.append(MoveAnimal.of(a))
        if out:
            out.append(DECLINE)
        return out


@dataclass(frozen=True, slots=True)
class MoveAnimal(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps[-1]
        assert isinstance(step, MoveAnimalsIn)
        p = s.players[seat]
        card = s.cards[self.card]
        unhouse(p, card)
        house(p, card, step.building)

    def describe(self, s: State, seat: int) -> str:
        return f"move {s.cards[self.card].name} in"


@dataclass(frozen=True, slots=True)
class PouchCards(Ask):
    """Put up to ``left`` hand cards under card ``onto``; +2 appeal each (spec 19 Pouch)."""

    seat: int
    onto: int
    left: int
    kind = "POUCH_CARD"
    decline_label = "pouch no more"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        hand = s.players[seat].hand
        if not hand or self.left <= 0:
            return ()
        return [*(PouchCard.of(c) for c in sorted(hand)), DECLINE]


@dataclass(frozen=True, slots=True)
class PouchCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, PouchCards)
        p = s.players[seat]
        p.hand.remove(self.card)
        p.pouched.setdefault(step.onto, []).append(self.card)
        tracks.gain_appeal(s, seat, 2)
        if step.left > 1:
            s.steps.append(PouchCards(seat, step.onto, step.left - 1))

    def describe(self, s: State, seat: int) -> str:
        return f"pouch {s.cards[self.card].name} (+2 appeal)"


@dataclass(frozen=True, slots=True)
class SellCards(Ask):
    """Discard up to ``left`` hand cards for ``price`` money each (Sunbathing, 250)."""

    seat: int
    left: int
    price: int
    kind = "SELL_CARD"
    decline_label = "sell no more"

    def offer(self, s: State, seat: int) -> Sequence[Option]:
        hand = s.players[seat].hand
        if not hand or self.left <= 0:
            return ()
        return [*(SellCard.of(c) for c in sorted(hand)), DECLINE]


@dataclass(frozen=True, slots=True)
class SellCard(Option):
    card: int

    def apply(self, s: State, seat: int) -> None:
        step = s.steps.pop()
        assert isinstance(step, SellCards)
        p = s.players[seat]
        p.hand.remove(self.card)
        s.discard.append(self.card)
        tracks.gain_money(s, seat, step.price)
        if step.left > 1:
            s.steps.append(SellCards(seat, step.left - 1, step.price))

    def describe(self, s: State, seat: int) -> str:
        step = s.steps[-1]
        price = step.price if isinstance(step, SellCards) else 0
        return f"sell {s.cards[self.card].name} for {price}"
