"""Every kind of public log event (``State.log``, shown by replays and spectators) is
written where its rule happens, with exact fields and no hidden card.

Each test drives the engine's steps into one rule situation and compares the whole
entries and their replay text. ``LOG_EVENT_TESTS`` names the test asserting each kind;
tests/spec_coverage/test_log_events.py fails when the engine writes a kind it lacks.
The other places writing "end": test_break_end.py (after a break) and
test_solo.py (the solo end).
"""

from __future__ import annotations

from engine.ark_nova.cards.catalog import ANIMALS, ASSOCIATION, BUILD, SPONSORS
from engine.ark_nova.cards.catalog import CARDS as CARDS_ACTION
from engine.ark_nova.map.buildings import ENC_T
from engine.ark_nova.model.events import (
    AnimalPlayed,
    AnimalReleased,
    ArkNovaEvent,
    BreakStarted,
    BuildingPlaced,
    EndTriggered,
    FinalScored,
    ProjectSupported,
    SponsorPlayed,
)
from engine.ark_nova.model.state import State
from engine.ark_nova.rules import act_build
from engine.ark_nova.rules.act_build import BuildType
from engine.ark_nova.rules.endgame import FinalScoring, end_points
from engine.ark_nova.rules.turn import Ctx, TakeX, UseCard
from engine.toolkit import flow
from tests.ark_nova.cardscene import add_fitting, play_animal, play_sponsor, scene
from tests.ark_nova.helpers import house_animal, pick, push, reask, table
from tests.ark_nova.test_cards_projects_final import CARDS, animal_with, put_on_board, support

# kind -> the test asserting it ("name" in this module, or "file.py::name").
LOG_EVENT_TESTS = {
    "animal": "test_an_animal_played_is_named_with_its_seat",
    "sponsor": "test_a_sponsor_played_is_named_with_its_seat",
    "building": "test_a_building_placed_is_logged_with_its_type_and_cells",
    "project": "test_cards_projects_final.py::test_collection_project",
    "release": "test_a_released_animal_and_its_project_are_public",
    "break": "test_a_break_names_the_seat_that_triggered_it",
    "end": "test_an_end_reached_in_a_turn_is_announced_with_the_turns_left",
    "final": "test_final_scoring_logs_each_seats_points_per_card",
}


def entries(s: State, kind: str) -> list[ArkNovaEvent]:
    return [ev for ev in s.log if ev.kind == kind]


def text(s: State, kind: str) -> list[str]:
    return [ev.describe(s.cards) for ev in entries(s, kind)]


def test_an_animal_played_is_named_with_its_seat() -> None:
    """8.2.5: the animal played into the zoo is public (its name and the seat)."""
    sc = scene()
    play_animal(sc, 401)
    assert entries(sc.s, "animal") == [AnimalPlayed(sc.me, 401)]
    assert text(sc.s, "animal") == [f"seat {sc.me} plays {CARDS[401].name}"]


def test_a_sponsor_played_is_named_with_its_seat() -> None:
    """5.5 and 11: the sponsor played is public."""
    sc = scene()
    play_sponsor(sc, 201)
    assert entries(sc.s, "sponsor") == [SponsorPlayed(sc.me, 201)]
    assert text(sc.s, "sponsor") == [f"seat {sc.me} plays sponsor {CARDS[201].name}"]


def test_a_building_placed_is_logged_with_its_type_and_cells() -> None:
    """7.3: the building's type and the cells it covers are public."""
    sc = scene()
    s = sc.s
    s.steps.clear()
    act_build.begin(s, Ctx(sc.me, BUILD, 3, False, sc.me))
    flow.advance(s)
    pick(s, sc.me, BuildType.of(ENC_T[3]))
    sc.answer()
    placed = sc.p.bld[-1]
    assert entries(s, "building") == [BuildingPlaced(sc.me, ENC_T[3], placed.cells)]
    assert text(s, "building")[0].startswith(f"seat {sc.me} places ")


def test_a_released_animal_and_its_project_are_public() -> None:
    """12.4.3 (release projects): the animal released and the project level supported."""
    sc = scene(seed=113)
    s, p = sc.s, sc.p
    animal = animal_with(CARDS[113].project_icon, lambda n: n >= 4)
    house_animal(s, sc.me, animal, add_fitting(s, sc.me, ENC_T[CARDS[animal].standard_size]))
    p.appeal = 20
    put_on_board(sc, 113)
    support(sc, 113, 0)
    assert entries(s, "release") == [AnimalReleased(sc.me, animal)]
    assert entries(s, "project") == [ProjectSupported(sc.me, 113, 0)]
    assert text(s, "release") == [f"seat {sc.me} releases {CARDS[animal].name}"]


def test_a_break_names_the_seat_that_triggered_it() -> None:
    """14: the break is public and names the player whose move triggered it."""
    s = table(2)
    me = s.start_player
    s.break_pos = s.break_len - 2
    reask(s)
    pick(s, me, UseCard.of(CARDS_ACTION))  # +2 on the break track: a break ends the turn
    while s.asked and not entries(s, "break"):
        pick(s, s.asked_step.seat, s.asked[s.asked_step.seat][0])
    assert entries(s, "break") == [BreakStarted(me)]
    assert text(s, "break") == [f"--- break (triggered by seat {me}) ---"]


def test_final_scoring_logs_each_seats_points_per_card() -> None:
    """15.3.2: the CP each final scoring card gives each seat is public at the end."""
    sc = scene()
    s = sc.s
    sc.p.finals, sc.o.finals = [7], []
    sc.p.rep = 9
    want = tuple(tuple(end_points(s, q)[2]) for q in range(s.n))
    push(s, FinalScoring())
    assert s.terminal and entries(s, "final") == [FinalScored(want)]
    assert want[sc.me] != (0,)  # the seat's card scored something, so the entry shows it


def test_an_end_reached_in_a_turn_is_announced_with_the_turns_left() -> None:
    """15.2: reaching the end at the end of a turn gives every other player one more
    turn; the public log says so once (the break and the solo end have their own tests)."""
    s = table(3)
    for p in s.players:
        p.order = [ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS]
    me = s.start_player
    s.players[me].appeal, s.players[me].cp = 94, 10
    reask(s)
    pick(s, me, TakeX.of(ANIMALS))
    assert entries(s, "end") == [EndTriggered(2)]
    assert text(s, "end") == ["--- the end is triggered: 2 more turn(s) ---"]
