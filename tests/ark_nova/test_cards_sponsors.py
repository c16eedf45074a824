"""One test per sponsor card, 201-230 (231-264 in test_cards_sponsors_231_264.py), from the
encodings of spec 20.2: the card is played into a prepared zoo; its immediate effects,
then its trigger, income, rule modifier and end-of-game scoring (where it has them) are
checked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.ark_nova.cards.catalog import (
    AFRICA,
    AMERICAS,
    ASIA,
    AUSTRALIA,
    BIRD,
    CATEGORIES,
    CONTINENTS,
    EUROPE,
    PREDATOR,
    PRIMATE,
    ROCK,
    SCIENCE,
    WATER,
    load_cards,
)
from engine.ark_nova.map.buildings import ENC_T, KIOSK_T, PAVILION_T
from engine.ark_nova.rules import (
    act_animals,
    zoo,
)
from engine.ark_nova.rules.act_animals import cost as animal_cost
from engine.ark_nova.rules.waza import WazaChoice
from engine.toolkit import flow
from tests.ark_nova.cardscene import (
    FILLER,
    Scene,
    add_fitting,
    housing_for,
    meet_conditions,
    play_sponsor,
    scene,
)
from tests.ark_nova.helpers import check_invariants, give, house_animal
from tests.ark_nova.sponsorkit import add_icons_raw, end_cp_appeal, fire_icon, income

CARDS = load_cards()




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
    from engine.ark_nova.rules.association import task_value

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
    for _ in range(2):
        fire_icon(sc, sc.me, AMERICAS)
    assert sum(b.code == KIOSK_T for b in sc.p.bld) == 4 and end_cp_appeal(sc) == (0, 0)
    fire_icon(sc, sc.me, AMERICAS)  # the 5th kiosk reaches the end threshold
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
    from engine.ark_nova.map.buildings import footprints
    from engine.ark_nova.map.hexgrid import INDEX

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
    from engine.ark_nova.rules.turn import interactive_targets

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
    from engine.ark_nova.rules.act_animals import playable

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




CASES: dict[int, Callable[[Scene], None]] = {
    int(k[1:]): v for k, v in globals().items() if k.startswith("c2") and callable(v)}


@pytest.mark.parametrize("card_id", sorted(CASES), ids=lambda c: f"AN-{c}")
def test_sponsor(card_id: int) -> None:
    sc = scene(seed=card_id)
    CASES[card_id](sc)
    assert card_id in sc.p.sponsors
    check_invariants(sc.s)


def test_waza_forbids_the_other_size_class_only() -> None:
    """20.2.227: after choosing small (waza 1) no large animal may be played, after choosing
    large (waza 2) no small one; the chosen class stays playable."""
    sc = scene()
    s, p = sc.s, sc.p
    by_id = s.cards.by_id
    small = next(by_id[i] for i in s.cards.animals
                 if by_id[i].small and by_id[i].petting_zoo is None)
    large = next(by_id[i] for i in s.cards.animals if by_id[i].large)
    for card in (small, large):
        meet_conditions(s, sc.me, card)
        housing_for(s, sc.me, card)
    for waza, ok_small, ok_large in ((0, True, True), (1, True, False), (2, False, True)):
        p.waza = waza
        assert act_animals.playable(s, sc.me, small, 0, False) == ok_small, waza
        assert act_animals.playable(s, sc.me, large, 0, False) == ok_large, waza


def test_waza_rules_live_in_waza_and_reach_the_animals_action() -> None:
    """Issue 23: one sponsor's rules in one place. The Animals action imports no sponsor
    module; it consults the table resolve.py fills, where WAZA's rules are waza.py's."""
    import ast
    from pathlib import Path

    from engine.ark_nova.rules import waza

    assert act_animals.SPONSOR_RULES["WAZA"] is waza.ANIMAL_RULES
    assert [waza.barred] == act_animals.BARRED
    tree = ast.parse(Path(act_animals.__file__).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for alias in node.names} | {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {"waza", "engine.ark_nova.rules.waza"} & imported


def test_small_animal_program_follows_an_all_small_animals_action_only() -> None:
    """20.2.228: the end of an Animals action that played only small animals asks for 1
    more small animal, then the take from the display; any large one, or none, asks
    nothing (the Animals action's AnimalsDone reaches waza.py's rule)."""
    from engine.ark_nova.rules import waza

    sc = scene(seed=228)
    home = add_fitting(sc.s, sc.me, ENC_T[5])
    house_animal(sc.s, sc.me, 405, home)
    play_sponsor(sc, 228)
    for played, all_small, pushed in ((1, True, 2), (1, False, 0), (0, True, 0)):
        depth = len(sc.s.steps)
        act_animals.AnimalsDone(sc.me, played, all_small).run(sc.s)
        new = sc.s.steps[depth:]
        assert len(new) == pushed, (played, all_small)
        if pushed:
            assert (type(new[0]), type(new[1])) == (waza.WazaSmallTake, waza.WazaSmallPlay)
            del sc.s.steps[depth:]
