"""One test per sponsor card, 231-264 (201-230 in test_cards_sponsors.py), as there."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.ark_nova.cards.catalog import (
    AFRICA,
    ASIA,
    BEAR,
    BIRD,
    HERBIVORE,
    PREDATOR,
    PRIMATE,
    REPTILE,
    ROCK,
    WATER,
    load_cards,
)
from engine.ark_nova.map.buildings import ENC_T, TYPES, UNIQUE_OF_SPONSOR, footprints
from engine.ark_nova.model.steps import DECLINE
from engine.ark_nova.rules import zoo
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    FILLER,
    Scene,
    add_fitting,
    first_not_decline,
    play_sponsor,
    scene,
)
from tests.ark_nova.helpers import check_invariants, give, to_display
from tests.ark_nova.sponsorkit import add_icons_raw, end_cp_appeal, fire_icon, income

CARDS = load_cards()


def _sponsorship(sc: Scene, card: int, icon: int) -> None:
    add_icons_raw(sc, icon, 2)  # 1 required + 1
    play_sponsor(sc, card)
    assert sc.delta("appeal") == 3
    assert income(sc) == 6  # 3 icons: $6
    add_icons_raw(sc, icon, 2)
    assert income(sc) == 9


def _watcher(sc: Scene, card: int, icon: int) -> None:
    play_sponsor(sc, card)
    assert sc.delta("money") == 3  # its own icon
    fire_icon(sc, sc.other, icon)
    assert sc.delta("money") == 6  # any zoo


def c241(sc: Scene) -> None:
    add_icons_raw(sc, WATER, 1)
    play_sponsor(sc, 241)
    assert sc.delta("appeal") == 2
    p = sc.p
    from engine.ark_nova.map.hexgrid import INDEX

    cell = INDEX[(3, 2)]  # next to the water cells (2,1) and (4,1)
    f = next(f for f in footprints(p.map, "single") if f.p.cells == (cell,))
    money = p.money
    zoo.place(sc.s, sc.me, ENC_T[1], f)
    flow.advance(sc.s)
    sc.answer()
    assert p.money == money + 1 + 5  # 1 covered cell next to water, + its $5 bonus
    assert end_cp_appeal(sc) == (0, 0)
    p.covered |= p.map.plain  # every water cell has a covered neighbour: no isolated water
    assert end_cp_appeal(sc) == (1, 0)


def c242(sc: Scene) -> None:
    add_icons_raw(sc, ROCK, 2)
    play_sponsor(sc, 242)
    assert sc.delta("appeal") == 3  # 3 rock icons -> 1 pair -> 3 appeal
    p = sc.p
    p.covered |= p.map.plain  # every rock cell has a covered neighbour
    assert end_cp_appeal(sc) == (1, 0)


def _unique(sc: Scene, card: int, icon: int, trigger_gain: Callable[[Scene], None]) -> None:
    play_sponsor(sc, card)
    code = UNIQUE_OF_SPONSOR[card]
    assert sum(b.code == code for b in sc.p.bld) == 1
    trigger_gain(sc)


def c243(sc: Scene) -> None:
    code = UNIQUE_OF_SPONSOR[243]
    shape = TYPES[code].shape
    assert any(f.rock_adj == 0 for f in footprints(sc.p.map, shape))
    assert all(f.rock_adj >= 1 for f in zoo.footprints_for(sc.s, sc.me, code))  # rock next to it
    _unique(sc, 243, HERBIVORE, lambda sc: None)
    assert sc.delta("appeal") == 2  # its own herbivore icon
    fire_icon(sc, sc.me, HERBIVORE)
    assert sc.delta("appeal") == 4
    sc.p.icons[HERBIVORE] = 6
    assert end_cp_appeal(sc) == (1, 0)


def c244(sc: Scene) -> None:
    _unique(sc, 244, BIRD, lambda sc: None)
    assert sc.delta("appeal") == 2
    sc.p.icons[BIRD] = 6
    assert end_cp_appeal(sc) == (1, 0)


def c245(sc: Scene) -> None:
    _unique(sc, 245, WATER, lambda sc: None)
    assert sc.delta("appeal") == 4  # two water icons
    sc.p.icons[WATER] = 6
    assert end_cp_appeal(sc) == (1, 0)


def c246(sc: Scene) -> None:
    _unique(sc, 246, ROCK, lambda sc: None)
    assert sc.delta("appeal") == 4
    sc.p.icons[ROCK] = 6
    assert end_cp_appeal(sc) == (1, 0)


def c247(sc: Scene) -> None:
    _unique(sc, 247, PRIMATE, lambda sc: None)
    assert sc.delta("appeal") == 2
    sc.p.icons[PRIMATE] = 6
    assert end_cp_appeal(sc) == (1, 0)


def c248(sc: Scene) -> None:
    _unique(sc, 248, PRIMATE, lambda sc: None)
    assert sc.delta("x") == 1
    fire_icon(sc, sc.me, PRIMATE)
    assert sc.delta("x") == 2


def c249(sc: Scene) -> None:
    _unique(sc, 249, BIRD, lambda sc: None)
    assert sc.delta("hand") == 0 and "KEEP_CARD" in sc.asked  # drew 2, kept 1


def c250(sc: Scene) -> None:
    give(sc.s, sc.me, *FILLER)
    _unique(sc, 250, REPTILE, lambda sc: None)
    assert sc.delta("money") == 8  # sold 2 cards for $4 each


def c251(sc: Scene) -> None:
    _unique(sc, 251, BEAR, lambda sc: None)
    assert sc.delta("appeal") == 2
    fire_icon(sc, sc.other, BEAR)
    assert sc.delta("appeal") == 4  # any zoo
    sc.p.icons[BEAR] = 3
    assert end_cp_appeal(sc) == (1, 0)
    sc.p.icons[BEAR] = 6
    assert end_cp_appeal(sc) == (2, 0)


def c252(sc: Scene) -> None:
    sc.s.deck.append(402)  # an animal on top
    sc.s.deck.remove(402) if sc.s.deck.count(402) > 1 else None
    _unique(sc, 252, PREDATOR, lambda sc: None)
    assert 402 in sc.p.hand  # Hunter 1 with its own predator icon


def c253(sc: Scene) -> None:
    give(sc.s, sc.me, 220)
    _unique(sc, 253, HERBIVORE, lambda sc: None)
    assert 220 in sc.p.sponsors  # its herbivore icon: a sponsor for money
    assert sc.p.card_tokens[253] == 2


def c254(sc: Scene) -> None:
    play_sponsor(sc, 254)
    b = next(b for b in sc.p.bld if b.code == UNIQUE_OF_SPONSOR[254])
    from engine.ark_nova.map.hexgrid import BORDER_MASK

    assert (b.mask & BORDER_MASK).bit_count() >= 2
    assert (sc.delta("rep"), sc.delta("cp")) == (1, 1)
    assert sc.delta("hand") == 0  # took 1 card; the played sponsor left the hand


def c255(sc: Scene) -> None:
    play_sponsor(sc, 255)
    b = next(b for b in sc.p.bld if b.code == UNIQUE_OF_SPONSOR[255])
    assert b.rock_adj >= 1 and sc.delta("appeal") >= 4


def c256(sc: Scene) -> None:
    play_sponsor(sc, 256)
    b = next(b for b in sc.p.bld if b.code == UNIQUE_OF_SPONSOR[256])
    assert b.water_adj >= 1 and sc.delta("appeal") >= 4


def c257(sc: Scene) -> None:
    play_sponsor(sc, 257)
    b = next(b for b in sc.p.bld if b.code == UNIQUE_OF_SPONSOR[257])
    from engine.ark_nova.map.hexgrid import BORDER_MASK

    assert b.mask & BORDER_MASK == b.mask  # on 2 border cells, no neighbour needed
    assert income(sc) == 0
    from engine.ark_nova.map.hexgrid import NEIGHBOURS

    p = sc.p
    side = next(n for c in b.cells for n in NEIGHBOURS[c] if not (p.covered >> n) & 1)
    f = next(f for f in footprints(p.map, "single") if f.p.cells == (side,))
    enc = zoo.add_building(p, ENC_T[1], f)
    assert income(sc) == 0  # an empty enclosure does not count
    p.bld_state[enc] = 1
    assert income(sc) == 2
    assert end_cp_appeal(sc) == (0, 0)
    p.covered |= p.map.plain
    assert end_cp_appeal(sc) == (0, 5)


def _native(sc: Scene, card: int) -> None:
    home = add_fitting(sc.s, sc.me, ENC_T[3], water=1, rock=1)
    del home
    play_sponsor(sc, card)


def c258(sc: Scene) -> None:
    _native(sc, 258)
    from engine.ark_nova.rules.metrics import connected, terrain

    assert sc.delta("appeal") == connected(sc.p, terrain(sc.p, "water")) > 0


def c259(sc: Scene) -> None:
    _native(sc, 259)
    from engine.ark_nova.rules.metrics import connected, terrain

    assert sc.delta("appeal") == connected(sc.p, terrain(sc.p, "rock")) > 0


def c260(sc: Scene) -> None:
    _native(sc, 260)
    assert sc.delta("appeal") >= 0
    cp, _ = end_cp_appeal(sc)
    assert cp >= 1  # a mostly empty map has big empty groups


def c261(sc: Scene) -> None:
    play_sponsor(sc, 261)
    assert (sc.delta("appeal"), sc.delta("cp")) == (1, 1)


def c262(sc: Scene) -> None:
    for i in (BIRD, AFRICA):
        sc.p.icons[i] += 1
    play_sponsor(sc, 262)
    assert sc.delta("money") == 4
    fire_icon(sc, sc.me, ASIA)
    assert (sc.delta("appeal"), sc.delta("money")) == (1, 6)
    fire_icon(sc, sc.me, ASIA)
    assert sc.delta("appeal") == 1  # only for a type new to the zoo


def c263(sc: Scene) -> None:
    play_sponsor(sc, 263)
    assert sum(b.code == ENC_T[5] for b in sc.p.bld) == 1
    from engine.ark_nova.rules.act_animals import ignorable

    assert ignorable(sc.s, sc.me, CARDS[402]) == 1 and ignorable(sc.s, sc.me, CARDS[405]) == 0


def c264(sc: Scene) -> None:
    _native(sc, 264)
    from engine.ark_nova.rules.metrics import connected

    assert sc.delta("appeal") == connected(sc.p, sc.p.map.bonus_mask)


CASES: dict[int, Callable[[Scene], None]] = {
    **{int(k[1:]): v for k, v in globals().items() if k.startswith("c2") and callable(v)},
    231: lambda sc: _sponsorship(sc, 231, PRIMATE),
    232: lambda sc: _sponsorship(sc, 232, REPTILE),
    233: lambda sc: _sponsorship(sc, 233, BIRD),
    234: lambda sc: _sponsorship(sc, 234, PREDATOR),
    235: lambda sc: _sponsorship(sc, 235, HERBIVORE),
    236: lambda sc: _watcher(sc, 236, PRIMATE),
    237: lambda sc: _watcher(sc, 237, REPTILE),
    238: lambda sc: _watcher(sc, 238, BIRD),
    239: lambda sc: _watcher(sc, 239, PREDATOR),
    240: lambda sc: _watcher(sc, 240, HERBIVORE),
}


@pytest.mark.parametrize("card_id", sorted(CASES), ids=lambda c: f"AN-{c}")
def test_sponsor(card_id: int) -> None:
    sc = scene(seed=card_id)
    CASES[card_id](sc)
    assert card_id in sc.p.sponsors
    check_invariants(sc.s)


def test_every_sponsor_has_a_case():
    from tests.ark_nova.test_cards_sponsors import CASES as FIRST

    assert sorted([*FIRST, *CASES]) == list(CARDS.sponsors) and len(FIRST) + len(CASES) == 64
    assert TYPES and DECLINE and first_not_decline and to_display
