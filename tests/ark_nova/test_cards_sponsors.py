"""One test per sponsor card (201-264), from the encodings of spec 20.2: the card is played
into a prepared zoo; its immediate effects, then its trigger, income, rule modifier and
end-of-game scoring (where it has them) are checked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.ark_nova import breaks, endgame, icons, zoo
from engine.ark_nova.act_animals import cost as animal_cost
from engine.ark_nova.buildings import ENC_T, KIOSK_T, PAVILION_T, TYPES, UNIQUE_OF_SPONSOR
from engine.ark_nova.cards import (
    AFRICA,
    AMERICAS,
    ASIA,
    AUSTRALIA,
    BEAR,
    BIRD,
    CATEGORIES,
    CONTINENTS,
    EUROPE,
    HERBIVORE,
    PREDATOR,
    PRIMATE,
    REPTILE,
    ROCK,
    SCIENCE,
    WATER,
    load_cards,
)
from engine.ark_nova.custom import WazaChoice
from engine.ark_nova.metrics import kiosk_income
from engine.ark_nova.scoring import appeal_income
from engine.ark_nova.steps import DECLINE
from engine.core import flow
from tests.ark_nova.cardscene import (
    FILLER,
    Scene,
    add_fitting,
    first_not_decline,
    play_sponsor,
    scene,
)
from tests.ark_nova.helpers import check_invariants, give, house_animal, push, to_display

CARDS = load_cards()


def fire_icon(sc: Scene, seat: int, icon: int, count: int = 1) -> None:
    """An icon is played into ``seat``'s zoo; its triggers resolve."""
    vec = [0] * 15
    vec[icon] = count
    sc.s.steps.clear()
    icons.schedule_triples(sc.s, icons.add_icons(sc.s, seat, vec))
    flow.advance(sc.s)
    sc.answer()


def income(sc: Scene) -> int:
    """Run the seat's break income; return the money beyond appeal and kiosk income."""
    p = sc.p
    base = appeal_income(p.appeal) + kiosk_income(p)
    before = p.money
    push(sc.s, breaks.Income(sc.me))
    sc.answer()
    return p.money - before - base


def end_cp_appeal(sc: Scene) -> tuple[int, int]:
    p = sc.p
    finals, p.finals = p.finals, []
    cp, appeal, _ = endgame.end_points(sc.s, sc.me)
    p.finals = finals
    return cp, appeal


def add_icons_raw(sc: Scene, icon: int, n: int) -> None:
    sc.p.icons[icon] += n


# ----------------------------------------------------------------------------- cases

def c201(sc: Scene) -> None:
    play_sponsor(sc, 201)
    assert sc.delta("hand") == 0  # took 1 card (the played sponsor left the hand)
    assert income(sc) == 0 and sc.delta("hand") == 1  # income: take 1 more card
    add_icons_raw(sc, SCIENCE, 2)  # 1 + 2 = 3 research icons
    assert end_cp_appeal(sc) == (1, 0)
    add_icons_raw(sc, SCIENCE, 3)
    assert end_cp_appeal(sc) == (2, 0)


def c202(sc: Scene) -> None:
    play_sponsor(sc, 202)
    assert sc.delta("rep") == 1  # its own research icon fires the trigger
    fire_icon(sc, sc.me, SCIENCE, 2)
    assert sc.delta("rep") == 3
    fire_icon(sc, sc.other, SCIENCE)
    assert sc.delta("rep") == 3  # only own icons


def c203(sc: Scene) -> None:
    sc.p.universities = [0, 1]
    play_sponsor(sc, 203)
    assert sc.delta("money") == 5
    from engine.ark_nova.association import task_value

    assert task_value(sc.p, 3) == 4  # project support needs value 4
    assert end_cp_appeal(sc) == (0, 0)
    sc.p.universities = [0, 1, 2]
    assert end_cp_appeal(sc) == (1, 0)


def c204(sc: Scene) -> None:
    play_sponsor(sc, 204)
    assert sc.delta("money") == 2 * 5  # 4 required + its own research icon
    assert sc.delta("cp") == 1  # its own icon fires +1 CP
    fire_icon(sc, sc.me, SCIENCE)
    assert sc.delta("cp") == 2


def c205(sc: Scene) -> None:
    play_sponsor(sc, 205)
    assert (sc.delta("rep"), sc.delta("cp")) == (2, 1)


def c206(sc: Scene) -> None:
    sc.p.left_tokens = 0b1111100  # 2 projects supported
    play_sponsor(sc, 206)
    assert sc.delta("appeal") == 4
    cp = sc.p.cp
    income(sc)
    assert sc.p.cp == cp + 1


def c207(sc: Scene) -> None:
    p = sc.p
    for i in (BIRD, PREDATOR, PRIMATE, AFRICA, ASIA):
        p.icons[i] += 1  # 5 distinct types -> 2
    other_money = sc.o.money
    play_sponsor(sc, 207)
    assert sc.delta("cp") == 2 and sc.o.money == other_money + 4


def c208(sc: Scene) -> None:
    add_icons_raw(sc, SCIENCE, 2)
    play_sponsor(sc, 208)
    assert sc.delta("appeal") == 3
    assert sc.delta("money") == 2  # its own research icon is a research icon in a zoo
    fire_icon(sc, sc.other, SCIENCE)
    assert sc.delta("money") == 4  # any zoo
    for i in list(CATEGORIES)[:5]:
        sc.p.icons[i] += 1
    assert end_cp_appeal(sc) == (1, 0)


def c209(sc: Scene) -> None:
    play_sponsor(sc, 209)
    assert sc.delta("x") == 1
    income(sc)
    assert sc.delta("x") == 2
    sc.p.universities = [0, 1, 2]
    assert end_cp_appeal(sc) == (1, 0)


def _expert(sc: Scene, card: int, icon: int, check: Callable[[Scene], None]) -> None:
    add_icons_raw(sc, icon, 2)
    play_sponsor(sc, card)
    check(sc)


def c210(sc: Scene) -> None:
    for _ in range(6):  # room for kiosks (each needs a neighbour, none next to a kiosk)
        add_fitting(sc.s, sc.me, ENC_T[5])

    def check(sc: Scene) -> None:
        assert sc.delta("appeal") == 3  # 2 + its own americas icon
        kiosks = [b for b in sc.p.bld if b.code == KIOSK_T]
        assert len(kiosks) == 1  # its own icon gave a free kiosk
    _expert(sc, 210, AMERICAS, check)
    fire_icon(sc, sc.me, AMERICAS)
    assert sum(b.code == KIOSK_T for b in sc.p.bld) == 2
    assert end_cp_appeal(sc) == (0, 0)
    for _ in range(3):
        fire_icon(sc, sc.me, AMERICAS)
    assert sum(b.code == KIOSK_T for b in sc.p.bld) == 5 and end_cp_appeal(sc) == (1, 0)


def c211(sc: Scene) -> None:
    def check(sc: Scene) -> None:
        assert sc.delta("appeal") == 3
        assert sum(b.code == ENC_T[1] for b in sc.p.bld) == 1
    _expert(sc, 211, EUROPE, check)
    for _ in range(4):
        fire_icon(sc, sc.me, EUROPE)
    ones = [i for i, b in enumerate(sc.p.bld) if b.code == ENC_T[1]]
    assert len(ones) == 5 and end_cp_appeal(sc) == (0, 0)
    for i in ones:
        sc.p.bld_state[i] = 1
    assert end_cp_appeal(sc) == (1, 0)


def c212(sc: Scene) -> None:
    give(sc.s, sc.me, *FILLER)
    add_icons_raw(sc, AUSTRALIA, 2)
    play_sponsor(sc, 212)
    assert sc.delta("appeal") == 3 + 2  # 3 icons, and its own icon pouched a card (+2)
    assert len(sc.p.pouched[212]) == 1


def c213(sc: Scene) -> None:
    def check(sc: Scene) -> None:
        assert sum(b.code == PAVILION_T for b in sc.p.bld) == 1
        assert sc.delta("appeal") == 3 + 1  # pavilion +1
    _expert(sc, 213, ASIA, check)


def c214(sc: Scene) -> None:
    def check(sc: Scene) -> None:
        assert sc.delta("appeal") == 3
        assert "MOVE_ACTION_CARD" in sc.asked  # Clever after finishing
    _expert(sc, 214, AFRICA, check)
    sc.p.x = 4
    assert end_cp_appeal(sc) == (0, 4)


def _breeding(sc: Scene, card: int) -> None:
    play_sponsor(sc, card)
    assert sc.p.card_tokens[card] == 2 and sc.p.supply_tokens == 16
    sc.p.left_tokens = 0b1100000  # 5 projects supported
    assert end_cp_appeal(sc) == (1, 0)


def c215(sc: Scene) -> None:
    _breeding(sc, 215)


def c218(sc: Scene) -> None:
    _breeding(sc, 218)


def c216(sc: Scene) -> None:
    play_sponsor(sc, 216)
    assert sc.delta("workers") == 1
    sc.p.rep = 9
    assert end_cp_appeal(sc) == (1, 0)


def c217(sc: Scene) -> None:
    play_sponsor(sc, 217)
    assert end_cp_appeal(sc) == (0, 0)
    sc.p.covered |= sc.p.map.plain
    assert end_cp_appeal(sc) == (0, 5)


def c219(sc: Scene) -> None:
    add_icons_raw(sc, WATER, 2)
    add_icons_raw(sc, ROCK, 3)
    play_sponsor(sc, 219)
    assert sc.delta("money") == 2 * 5
    water = sc.p.map.water & -sc.p.map.water
    assert any(f.p.mask == water for f in zoo.footprints_for(sc.s, sc.me, ENC_T[1]))
    assert end_cp_appeal(sc) == (0, 4)  # 2 pairs
    add_icons_raw(sc, WATER, 5)
    add_icons_raw(sc, ROCK, 5)
    assert end_cp_appeal(sc) == (0, 6)  # at most 3 pairs (D-26)


def c220(sc: Scene) -> None:
    play_sponsor(sc, 220)
    assert sc.delta("money") == 3 and income(sc) == 3
    sc.p.rep = 9
    assert end_cp_appeal(sc) == (1, 0)


def c221(sc: Scene) -> None:
    play_sponsor(sc, 221)
    p = sc.p
    from engine.ark_nova.buildings import footprints
    from engine.ark_nova.hexgrid import INDEX

    cell = INDEX[(0, 3)]  # a border cell with an X-token bonus on map A
    f = next(f for f in footprints(p.map, "single") if f.p.cells == (cell,))
    x = p.x
    zoo.place(sc.s, sc.me, ENC_T[1], f)
    flow.advance(sc.s)
    assert sc.s.asked_step.kind == "ARCHAEOLOGIST_BONUS"
    sc.answer()
    assert p.x >= x + 1 and "ARCHAEOLOGIST_BONUS" in sc.asked
    assert end_cp_appeal(sc) == (0, 0)
    p.covered |= p.map.plain
    assert end_cp_appeal(sc) == (1, 0)


def c222(sc: Scene) -> None:
    add_icons_raw(sc, SCIENCE, 5)
    other = sc.o.money
    play_sponsor(sc, 222)
    assert sc.delta("cp") == 3 and sc.o.money == other + 6  # at most 3 CP (D-26)


def c223(sc: Scene) -> None:
    play_sponsor(sc, 223)
    assert sc.p.icons[SCIENCE] == 2


def c224(sc: Scene) -> None:
    play_sponsor(sc, 224)
    assert sc.delta("x") == 1
    assert 224 in sc.p.sponsors  # release-project bonus: test_association


def c225(sc: Scene) -> None:
    play_sponsor(sc, 225)
    assert sc.delta("x") == 1
    from engine.ark_nova.turn import interactive_targets

    sc.p.appeal = 30
    assert sc.me not in interactive_targets(sc.s, sc.other)
    for c in CONTINENTS:
        sc.p.icons[c] += 1
    assert end_cp_appeal(sc) == (1, 0)


def c226(sc: Scene) -> None:
    play_sponsor(sc, 226)
    assert sc.delta("rep") == 2
    for c in CONTINENTS:
        sc.p.icons[c] += 1
    assert end_cp_appeal(sc) == (1, 0)


def c227(sc: Scene) -> None:
    play_sponsor(sc, 227, policy=lambda s, seat, o: WazaChoice.of(True) if WazaChoice.of(
        True) in o else o[0])
    assert sc.p.waza == 2
    got = [c for c in sc.p.hand if c >= 401]
    assert len(got) == 1 and CARDS[got[0]].large
    from engine.ark_nova.act_animals import playable

    assert not playable(sc.s, sc.me, CARDS[405], 0, True)  # small animals are barred


def c228(sc: Scene) -> None:
    home = add_fitting(sc.s, sc.me, ENC_T[5])
    house_animal(sc.s, sc.me, 405, home)  # small
    play_sponsor(sc, 228)
    assert sc.delta("money") == 2


def c229(sc: Scene) -> None:
    home = add_fitting(sc.s, sc.me, ENC_T[5])
    house_animal(sc.s, sc.me, 405, home)
    play_sponsor(sc, 229)
    assert sc.delta("appeal") == 1
    assert animal_cost(sc.s, sc.me, CARDS[410], 0) == CARDS[410].cost - 3


def c230(sc: Scene) -> None:
    home = add_fitting(sc.s, sc.me, ENC_T[5])
    house_animal(sc.s, sc.me, 401, home)
    play_sponsor(sc, 230)
    assert sc.delta("appeal") == 2
    assert animal_cost(sc.s, sc.me, CARDS[402], 0) == CARDS[402].cost - 4


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
    from engine.ark_nova.buildings import footprints
    from engine.ark_nova.hexgrid import INDEX

    cell = INDEX[(3, 2)]  # next to the water cells (2,1) and (4,1)
    f = next(f for f in footprints(p.map, "single") if f.p.cells == (cell,))
    money = p.money
    zoo.place(sc.s, sc.me, ENC_T[1], f)
    flow.advance(sc.s)
    sc.answer()
    assert p.money == money + 1 + 5  # 1 covered cell next to water, + its $5 bonus
    assert end_cp_appeal(sc) == (0, 0)


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
    from engine.ark_nova.hexgrid import BORDER_MASK

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
    from engine.ark_nova.hexgrid import BORDER_MASK

    assert b.mask & BORDER_MASK == b.mask  # on 2 border cells, no neighbour needed
    assert income(sc) == 0
    from engine.ark_nova.buildings import footprints
    from engine.ark_nova.hexgrid import NEIGHBOURS

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
    from engine.ark_nova.metrics import connected, terrain

    assert sc.delta("appeal") == connected(sc.p, terrain(sc.p, "water")) > 0


def c259(sc: Scene) -> None:
    _native(sc, 259)
    from engine.ark_nova.metrics import connected, terrain

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
    from engine.ark_nova.act_animals import ignorable

    assert ignorable(sc.s, sc.me, CARDS[402]) == 1 and ignorable(sc.s, sc.me, CARDS[405]) == 0


def c264(sc: Scene) -> None:
    _native(sc, 264)
    from engine.ark_nova.metrics import connected

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


@pytest.mark.parametrize("card_id", CARDS.sponsors, ids=lambda c: f"AN-{c}")
def test_sponsor(card_id: int) -> None:
    sc = scene(seed=card_id)
    CASES[card_id](sc)
    assert card_id in sc.p.sponsors
    check_invariants(sc.s)


def test_every_sponsor_has_a_case():
    assert sorted(CASES) == list(CARDS.sponsors) and len(CASES) == 64
    assert TYPES and DECLINE and first_not_decline and to_display
