"""Ark Nova's data for the contract tests (``tests/contracts``): a served match with the
map option and a renamed card file, bad ``serve`` arguments, and hidden-information
variants (every pile a seat cannot see dealt again, as the property tests do)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from arena.v1 import arena_pb2

from engine.ark_nova.cards.catalog import default_cards_text
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.model.state import State
from engine.core import GameConfig, GameRng, get_game
from tests.ark_nova.test_properties import perturb
from tests.ark_nova.test_wire import expected_requests
from tests.contracts.games import GameContract, PlayRuns, ServedMatch, WebLeak

GAME = "ark-nova"


def custom_cards() -> str:
    """The packaged card file with the Cheetah renamed."""
    text = default_cards_text()
    renamed = text.replace('"name": "Cheetah"', '"name": "Swift Cheetah"', 1)
    assert renamed.count("Swift Cheetah") == 1
    return renamed


def map_0_reaches_the_seats(requests: list[arena_pb2.DecisionRequest]) -> None:
    assert all(r.observation.ark_nova.map == "0" for r in requests)


def hidden_variants(state: ArkNovaState, seat: int, rng: random.Random) -> list[ArkNovaState]:
    """Two copies with everything ``seat`` cannot see dealt again."""
    deal = GameRng(rng.randrange(2**31))
    return [ArkNovaState(perturb(state.s, seat, deal)) for _ in range(2)]


def spectator_states() -> Iterator[ArkNovaState]:
    """Every 8th state of the first 240 random decisions of 2- to 4-player games."""
    game = get_game(GAME)
    for players in (2, 3, 4):
        for seed in range(6):
            state = game.new_state(GameConfig(players, {}), seed)
            rng = GameRng(seed)
            for step in range(240):
                if state.is_terminal():
                    break
                if step % 8 == 0:
                    yield state  # type: ignore[misc]
                seat = state.pending_seats()[0]
                state.apply(seat, rng.randrange(len(state.decision(seat).options)))


CARD = re.compile(r'data-card="(\d+)"')
HIDDEN_MARKS = ("hand-card", "final-card", "set-aside-card", "pouched-card")


def hidden_cards(s: State) -> set[int]:
    """Every card in a pile no spectator may see."""
    piles = [s.deck, s.unused_base, s.final_deck]
    for p in s.players:
        piles += [p.hand, p.finals, p.limbo, *p.pouched.values()]
    return {card for pile in piles for card in pile}


def no_hidden_card_on_the_board(board: str, truth: ArkNovaState) -> int:
    """The board draws no hidden pile and names no card of one; returns the cards named."""
    assert not any(f'class="{mark}"' in board for mark in HIDDEN_MARKS)
    shown = {int(card) for card in CARD.findall(board)}
    assert hidden_cards(truth.s), "a state with hidden cards was checked"
    assert not shown & hidden_cards(truth.s)
    return len(shown)


def map_0_and_the_cards_took_effect(state: ArkNovaState) -> None:
    assert state.s.params.map_id == "0"
    assert state.s.cards[401].name == "Swift Cheetah"


CONTRACT = GameContract(
    game=GAME,
    served=ServedMatch(
        options={"map": "0"}, cards=custom_cards(), expected_requests=expected_requests,
        kinds=frozenset({"KEEP_STARTING_CARD", "CHOOSE_ACTION"}),
        check_requests=map_0_reaches_the_seats),
    bad_serve_args=(
        (("--players", "5"), "1 to 4 players"),
        (("--option", "map=9"), "not a map"),
        (("--option", "colour=red"), "unknown option"),
    ),
    hidden_variants=hidden_variants,
    spectator_states=spectator_states,
    web_leak=WebLeak(players=2, bot_delay=0.0, bot_seed=9, check_board=no_hidden_card_on_the_board),
    play=PlayRuns(
        bots={2: "random,greedy", 3: "random", 4: "random"},
        replay_marks=("KEEP_STARTING_CARD", "CHOOSE_ACTION"), card_players=2,
        card_suffix=".jsonl", card_options={"map": 0},
        check_card_state=map_0_and_the_cards_took_effect,
        bad_args=((("--players", "5"), "1 to 4 players"), (("--option", "map=9"), "not a map"),
                  (("--bots", "random,heuristic"), "heuristic"))),
)
