"""One test per conservation project (101-132, spec 12.4.3) and per final scoring card
(001-011, spec 16): the levels a zoo can support at each threshold, the rewards, releases
and breeding programs; each final scoring card's CP at its thresholds."""

from __future__ import annotations

import pytest

from engine.ark_nova.cards.catalog import (
    AFRICA,
    CATEGORIES,
    CONTINENTS,
    ICON,
    ICON_NAMES,
    SCIENCE,
    load_cards,
)
from engine.ark_nova.map.buildings import ENC_T, REPTILE_T
from engine.ark_nova.model.events import AnimalReleased, ProjectSupported
from engine.ark_nova.model.state import FREE
from engine.ark_nova.rules import (
    projects,
    zoo,
)
from engine.ark_nova.rules.final_scoring import card_points
from engine.ark_nova.rules.projects import ChooseProject, LeftToken, ProjectLevel, SupportProject
from tests.ark_nova.cardscene import (
    Scene,
    add_fitting,
    scene,
)
from tests.ark_nova.helpers import (
    cell_bit,
    check_invariants,
    give,
    house_animal,
    options,
    pick,
    push,
    take_out,
)

CARDS = load_cards()
MONEY_12 = 5  # left-track space 6 of map A: once, 12 money


def put_on_board(sc: Scene, card: int) -> None:
    s = sc.s
    if 101 <= card <= 112:
        if card not in s.base_row:
            take_out(s, card)
            s.base_row.append(card)
        s.levels[card] = [FREE, FREE, FREE]  # no two-player blocking in these tests
    else:
        give(s, sc.me, card)


def set_measure(sc: Scene, card: int, n: int) -> None:
    """Give the zoo a measure of ``n`` for a collection project."""
    p = sc.p
    c = CARDS[card]
    if card == 101:
        for i in list(CATEGORIES)[:n]:
            p.icons[i] += 1
    elif card == 102:
        for i in list(CONTINENTS)[:n]:
            p.icons[i] += 1
    elif card in (130, 131):
        small = [405, 410, 415, 420, 445, 465, 473, 477, 478, 484]
        large = [401, 402, 406, 407, 412, 417, 421, 422]
        home = add_fitting(sc.s, sc.me, ENC_T[1])
        del home
        for a in (small if card == 130 else large)[:n]:
            take_out(sc.s, a)
            p.animals.append(a)
    else:
        p.icons[c.project_icon] += n


def to_levels(sc: Scene, card: int) -> None:
    """Past the project choice (asked only when several projects are supportable)."""
    if sc.s.asked_step.kind == "CHOOSE_PROJECT":
        pick(sc.s, sc.me, SupportProject.of(card, 0))


def support(sc: Scene, card: int, level: int) -> None:
    push(sc.s, ChooseProject(sc.me, False))
    to_levels(sc, card)
    if sc.s.asked_step.kind == "PROJECT_LEVEL":
        pick(sc.s, sc.me, ProjectLevel.of(level))
    sc.answer(lambda s, seat, o: LeftToken.of(MONEY_12) if LeftToken.of(MONEY_12) in o
              else o[0])


COLLECTION = [c for c in (*range(101, 113), *range(128, 133))]


@pytest.mark.parametrize("card_id", COLLECTION, ids=lambda c: f"AN-{c}")
def test_collection_project(card_id: int) -> None:
    card = CARDS[card_id]
    for level, threshold in enumerate(card.thresholds):
        sc = scene(seed=card_id)
        put_on_board(sc, card_id)
        set_measure(sc, card_id, threshold - 1)
        push(sc.s, ChooseProject(sc.me, False))
        offered = [lv for lv in range(3) if card.thresholds[lv] <= threshold - 1]
        if len(offered) > 1:
            to_levels(sc, card_id)
            assert options(sc.s) == [ProjectLevel.of(lv) for lv in offered]
        elif offered:  # the one level is taken at once: the token is asked next
            assert sc.s.asked_step.kind == "LEFT_TRACK_TOKEN"
            assert sc.s.asked_step.level == offered[0]
        else:
            assert not sc.s.asked  # nothing to support one short of every level
        sc = scene(seed=card_id)
        put_on_board(sc, card_id)
        set_measure(sc, card_id, threshold)
        sc.snapshot()
        support(sc, card_id, level)
        cp, _rep = card.rewards[level]
        # the left-track token pays 12; crossing CP 5 the policy takes the 5 money
        assert sc.delta("cp") == cp and sc.delta("money") == 12 + (5 if cp >= 5 else 0)
        assert sc.s.levels[card_id][level] == sc.me
        assert sc.s.log.count(ProjectSupported(sc.me, card_id, level)) == 1  # the public log
        assert sc.p.supported == 1
        check_invariants(sc.s)


RELEASE = list(range(113, 123))


def animal_with(icon: int, size_ok) -> int:
    return next(a for a in CARDS.animals if CARDS[a].icons[icon]
                and CARDS[a].standard_size and size_ok(CARDS[a].standard_size))


@pytest.mark.parametrize("card_id", RELEASE, ids=lambda c: f"AN-{c}")
def test_release_project(card_id: int) -> None:
    card = CARDS[card_id]
    sizes = (lambda n: n >= 4, lambda n: n == 3, lambda n: n <= 2)
    for level in range(3):
        sc = scene(seed=card_id + level)
        s, p = sc.s, sc.p
        animal = animal_with(card.project_icon, sizes[level])
        home = add_fitting(s, sc.me, ENC_T[CARDS[animal].standard_size])
        house_animal(s, sc.me, animal, home)
        p.appeal = 20
        put_on_board(sc, card_id)
        sc.snapshot()
        support(sc, card_id, level)
        cp, _ = card.rewards[level]
        assert sc.delta("cp") == cp
        assert sc.delta("rep") == 1  # the "played" bonus of a release project
        assert sc.delta("appeal") == -CARDS[animal].appeal
        assert animal not in p.animals and animal in s.discard
        assert p.bld_state[home] == 0 and animal not in p.housing  # enclosure freed (D-35)
        assert card_id in s.project_row
        assert s.log.count(AnimalReleased(sc.me, animal)) == 1  # the public log
        check_invariants(s)


def test_release_levels_need_the_right_size_and_icon():
    sc = scene(seed=3)
    s, _p = sc.s, sc.p
    animal = animal_with(AFRICA, lambda n: n == 3)
    home = add_fitting(s, sc.me, ENC_T[3])
    house_animal(s, sc.me, animal, home)
    put_on_board(sc, 116)  # Serengeti: Africa
    push(s, ChooseProject(sc.me, False))
    to_levels(sc, 116)
    assert s.asked_step.kind == "LEFT_TRACK_TOKEN" and s.asked_step.level == 1  # size 3
    assert ICON_NAMES[CARDS[116].project_icon] == "africa"


BREEDING = list(range(123, 128))


@pytest.mark.parametrize("card_id", BREEDING, ids=lambda c: f"AN-{c}")
def test_breeding_program(card_id: int) -> None:
    card = CARDS[card_id]
    animal = next(a for a in CARDS.animals if CARDS[a].icons[card.project_icon]
                  and CARDS[a].standard_size)
    continent = next(c for c in CONTINENTS if CARDS[animal].icons[c])
    for level in range(3):
        sc = scene(seed=card_id)
        s, p = sc.s, sc.p
        home = add_fitting(s, sc.me, ENC_T[CARDS[animal].standard_size])
        house_animal(s, sc.me, animal, home)
        put_on_board(sc, card_id)
        push(s, ChooseProject(sc.me, False))
        assert not s.asked  # no partner zoo of the animal's continent yet
        p.partner_zoos.append(continent)
        sc.snapshot()
        support(sc, card_id, level)
        cp, rep = card.rewards[level]
        assert (sc.delta("cp"), sc.delta("rep")) == (cp, rep)
        assert animal in p.animals  # the animal stays
        check_invariants(s)


# ----------------------------------------------------------------------------- final scoring


def measure_final(sc: Scene, card: int, n: int) -> None:
    p = sc.p
    if card in (1, 2):
        pool = ([401, 402, 406, 407, 412] if card == 1 else
                [405, 410, 415, 420, 445, 465, 473, 477, 478, 484, 519, 520])
        for a in pool[:n]:
            take_out(sc.s, a)
            p.animals.append(a)
    elif card == 3:
        p.icons[SCIENCE] = n
    elif card == 5:
        p.left_tokens = (1 << (7 - n)) - 1
    elif card == 6:
        p.covered = p.map.plain
        for c in range(58):
            if n and (p.map.plain >> c) & 1:
                p.covered &= ~(1 << c)
                n -= 1
    elif card == 7:
        p.rep = n
    elif card == 8:
        for sid in list(CARDS.sponsors)[:n]:
            take_out(sc.s, sid)
            p.sponsors.append(sid)
    elif card == 10:
        p.icons[ICON["rock"]] = n
    elif card == 11:
        p.icons[ICON["water"]] = n


@pytest.mark.parametrize("card_id", [c for c in CARDS.finals if c not in (4, 9)],
                         ids=lambda c: f"AN-{c:03d}")
def test_final_scoring_card(card_id: int) -> None:
    card = CARDS[card_id]
    for (threshold, (cp, _)) in zip(card.thresholds, card.rewards, strict=True):
        for n, want in ((threshold, cp), (threshold - 1, cp - 1)):
            sc = scene(seed=card_id)
            measure_final(sc, card_id, n)
            assert card_points(sc.s, sc.me, card_id) == want, (n, want)


def test_final_scoring_004_architectural_zoo():
    sc = scene(seed=4)
    p = sc.p
    assert card_points(sc.s, sc.me, 4) == 0
    p.covered = p.map.plain  # every plain cell covered: all four criteria
    assert card_points(sc.s, sc.me, 4) == 4
    from engine.ark_nova.map.hexgrid import BORDER_MASK

    p.covered = p.map.plain & BORDER_MASK  # border covered only
    got = card_points(sc.s, sc.me, 4)
    assert got >= 1


def test_final_scoring_009_diverse_species_zoo():
    sc = scene(seed=9)
    s = sc.s
    right = (sc.me - 1) % 2
    s.players[sc.me].icons[0:7] = [3, 2, 1, 0, 0, 0, 0]
    s.players[right].icons[0:7] = [2, 2, 0, 1, 0, 0, 0]
    assert card_points(s, sc.me, 9) == 2  # more birds, more predators; equal herbivores
    s.players[sc.me].icons[0:7] = [9, 9, 9, 9, 9, 0, 0]
    assert card_points(s, sc.me, 9) == 4  # at most 4


def test_architectural_zoo_scores_each_criterion_on_its_own() -> None:
    """16 card 004 on Map A: one CP each for no isolated water, no isolated rock, every border
    building cell covered, the whole map covered."""
    sc = scene(seed=4)
    p = sc.p
    full = p.map.plain
    p.covered = full
    assert card_points(sc.s, sc.me, 4) == 4
    p.covered = full & ~cell_bit((4, 5))  # an inner cell left free: the map is not covered
    assert card_points(sc.s, sc.me, 4) == 3
    p.covered = full & ~cell_bit((0, 5))  # a border cell left free: neither border nor map
    assert card_points(sc.s, sc.me, 4) == 2
    p.covered = full & ~cell_bit((1, 10)) & ~cell_bit((0, 11))  # rock (1,12) isolated as well
    assert card_points(sc.s, sc.me, 4) == 1


def test_a_breeding_token_is_spent_only_when_the_zoo_is_short() -> None:
    """12.4: a 215 token stands in for a missing icon; a zoo that already meets the level
    keeps its tokens, one icon short spends exactly one."""
    sc = scene()
    s, p = sc.s, sc.p
    card = s.cards[s.base_row[0]]
    need = card.thresholds[2]
    set_measure(sc, card.id, need)
    p.sponsors.append(215)
    p.card_tokens[215] = 2
    projects.spend_icon_tokens(s, sc.me, card, need)
    assert p.card_tokens[215] == 2
    projects.spend_icon_tokens(s, sc.me, card, need + 1)
    assert p.card_tokens[215] == 1


def test_a_size_4_animal_is_released_for_the_first_level() -> None:
    """12.4.3 release projects: standard size >= 4 for the 5 CP level, 3 for the next,
    <= 2 for the last; size 4 sits on the first boundary."""
    sc = scene()
    s, p = sc.s, sc.p
    by_id = s.cards.by_id
    project = s.cards.by_id[116]
    animals = {size: next(i for i in s.cards.animals if by_id[i].standard_size == size
                          and by_id[i].icons[project.project_icon]) for size in (2, 3, 4, 5)}
    p.animals = sorted(animals.values())
    assert projects.release_candidates(s, sc.me, project, 0) == sorted([animals[4], animals[5]])
    assert projects.release_candidates(s, sc.me, project, 1) == [animals[3]]
    assert projects.release_candidates(s, sc.me, project, 2) == [animals[2]]


def test_releasing_an_animal_frees_its_room_in_a_special_enclosure_and_its_icons() -> None:
    """8.7 steps 3-4: the released animal's housing is free again (in a special enclosure,
    here a Reptile House, exactly the capacity its card uses there) and its icons no longer
    count."""
    sc = scene()
    s, p = sc.s, sc.p
    by_id = s.cards.by_id
    card = next(by_id[i] for i in s.cards.animals
                if by_id[i].reptile_house and by_id[i].standard_size)
    where = add_fitting(s, sc.me, REPTILE_T, card.water_req, card.rock_req)
    zoo.house(p, card, where)
    p.animals.append(card.id)
    p.icons = [a + b for a, b in zip(p.icons, card.icons, strict=True)]
    before = list(p.icons)
    assert p.bld_state[where] == card.reptile_house
    projects.release(s, sc.me, card.id)
    assert p.bld_state[where] == 0 and card.id not in p.housing
    assert p.icons == [a - b for a, b in zip(before, card.icons, strict=True)]
