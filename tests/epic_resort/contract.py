"""Epic Resort's data for the contract tests (``tests/contracts``): a served match with
options and a renamed card file, bad ``serve`` arguments, and hidden-information variants."""

from __future__ import annotations

import importlib.resources
import random
from collections.abc import Iterator

from arena.v1 import arena_pb2

from engine.core import GameConfig
from engine.epic_resort.game_state import EpicResortState
from tests.contracts.games import GameContract, PlayRuns, ServedMatch, WebLeak
from tests.epic_resort.test_properties import _hide_shuffle, policy
from tests.epic_resort.test_wire import expected_requests

GAME = "epic-resort"


def custom_cards() -> str:
    """The packaged card file with a tourist card's id and the Beach's name changed."""
    text = (importlib.resources.files("engine.epic_resort") / "data" / "cards.yaml").read_text(
        encoding="utf-8")
    renamed = text.replace("  - id: tour_group\n", "  - id: coach_party\n").replace(
        "  - id: beach\n    name: Beach\n", "  - id: beach\n    name: Sandy Beach\n")
    assert renamed.count("coach_party") == 1 and "Sandy Beach" in renamed
    return renamed


def renamed_cards_reach_the_seats(requests: list[arena_pb2.DecisionRequest]) -> None:
    layout = next(r for r in requests if r.kind == "STARTING_LAYOUT")
    assert any(o.label.startswith("Sandy Beach") for o in layout.options)
    card_ids = {c.card for r in requests for c in r.observation.epic_resort.main_deck}
    assert "coach_party" in card_ids and "tour_group" not in card_ids


def hidden_variants(state: EpicResortState, seat: int, rng: random.Random) -> list:
    """Two copies with every hand, draw pile, deck order and pending plan ``seat`` cannot
    see dealt again."""
    return [EpicResortState(_hide_shuffle(state.s, seat, rng)) for _ in range(2)]


def spectator_states() -> Iterator[EpicResortState]:
    """Every 20th state of 2-, 3- and 4-player random games (by the property tests' policy)."""
    for n in (2, 3, 4):
        for seed in range(10):
            g = EpicResortState.new(GameConfig(n), 5000 + seed)
            rng = random.Random(seed)
            steps = 0
            while not g.is_terminal():
                if steps % 20 == 0:
                    yield g
                seats = g.pending_seats()
                seat = seats[rng.randrange(len(seats))]
                g.apply(seat, policy(g, seat, rng))
                steps += 1


def the_discount_took_effect(state: EpicResortState) -> None:
    assert state.s.params.journeyman_discount == 3


CONTRACT = GameContract(
    game=GAME,
    served=ServedMatch(
        options={"journeyman_discount": 3}, cards=custom_cards(),
        expected_requests=expected_requests,
        kinds=frozenset({"STARTING_LAYOUT", "SEND_WORKER", "TURN_MENU"}),
        check_requests=renamed_cards_reach_the_seats, timeout=300),
    bad_serve_args=(
        (("--players", "5"), "epic-resort is played by 2 to 4 players, not 5"),
        (("--option", "journeyman_discount=9"), "journeyman_discount"),
        (("--option", "no_such_option=1"), "unknown epic-resort option"),
        (("--cards", "/nonexistent/cards.yaml"), "does not exist"),
        (("--fill", "heuristic"), "is not a built-in bot"),
    ),
    hidden_variants=hidden_variants,
    spectator_states=spectator_states,
    web_leak=WebLeak(players=2, bot_delay=0.0, bot_seed=3),
    play=PlayRuns(
        bots={2: "random,greedy", 3: "random,greedy", 4: "random,greedy"},
        replay_marks=("STARTING_LAYOUT", "--- season 1 ---"), card_players=2,
        card_suffix=".yaml",
        card_options={"journeyman_discount": 3, "phase_i_mode": "in_turn_order"},
        check_card_state=the_discount_took_effect, card_replay_text="Sandy Beach",
        bad_args=((("--players", "5"), "2 to 4 players"),
                  (("--option", "journeyman_discount=9"), "journeyman_discount"),
                  (("--bots", "random,heuristic"), "heuristic"))),
)
