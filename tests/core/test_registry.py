"""Games come from the ``tabletop_arena.games`` entry points; bots from bot specs."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import ConfigError, GameConfig, available_games, get_game, play_match, registry
from engine.toolkit import bots
from engine.toolkit.bots import bots_for, make_bot
from engine.toolkit.botspec import BotSpec, split_specs
from tests.core.toy_dist import GAME_ID, install_toy_game


def test_the_shipped_games_are_entry_points() -> None:
    assert {"epic-resort", "monster-my-neighbor"} <= set(available_games())
    assert get_game("epic-resort").info.name == "Epic Resort"


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(ConfigError, match=r"unknown game 'nope'.*epic-resort"):
        get_game("nope")


@pytest.fixture
def toy_on_path(tmp_path: Path) -> Iterator[None]:
    site = install_toy_game(tmp_path)
    sys.path.insert(0, str(site))
    try:
        yield
    finally:
        sys.path.remove(str(site))
        registry._GAMES.pop(GAME_ID, None)
        bots._FACTORIES.pop(GAME_ID, None)
        sys.modules.pop("toygame", None)


def test_an_installed_distribution_adds_a_game(toy_on_path: None) -> None:
    assert GAME_ID in available_games()
    game = get_game(GAME_ID)
    assert game.game_id == GAME_ID
    # The core gives every game `random`, and `mcts` to games that support search.
    assert bots_for(GAME_ID) == ("mcts", "random")
    out = play_match(GAME_ID, GameConfig(3), 5, [make_bot(GAME_ID, "random")] * 3)
    assert sum(out.result.scores) <= 3
    assert out.decisions == 6  # 3 seats x 2 rounds: the last card of a hand plays itself


def test_game_without_the_entry_point_is_unknown() -> None:
    assert GAME_ID not in available_games()
    with pytest.raises(ConfigError):
        get_game(GAME_ID)


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("random", BotSpec("random")),
        (" mcts:iterations=20 ", BotSpec("mcts", (("iterations", "20"),))),
        ("mcts:iterations=20, ms=5", BotSpec("mcts", (("iterations", "20"), ("ms", "5")))),
    ],
)
def test_bot_specs_parse(text: str, spec: BotSpec) -> None:
    assert BotSpec.parse(text) == spec
    assert BotSpec.parse(str(spec)) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected NAME"),
        ("mcts:iterations", "'iterations' is not KEY=VALUE"),
        ("mcts:=3", "is not KEY=VALUE"),
        ("mcts:ms=1,ms=2", "'ms' is given twice"),
    ],
)
def test_malformed_bot_specs(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        BotSpec.parse(text)


def test_spec_lists_keep_parameters_with_their_bot() -> None:
    assert split_specs("mcts:iterations=50,ms=9,heuristic, random") == [
        "mcts:iterations=50,ms=9", "heuristic", "random"]
    assert split_specs("random,greedy") == ["random", "greedy"]


def test_make_bot_converts_parameters_to_their_types() -> None:
    bot = make_bot("epic-resort", "mcts:iterations=7,ms=2.5,c=1")
    assert (bot.iterations, bot.ms, bot.c) == (7, 2.5, 1.0)
    assert isinstance(bot.iterations, int) and isinstance(bot.c, float)


@pytest.mark.parametrize(
    ("text", "crn"),
    [("true", True), ("YES", True), ("on", True), ("1", True),
     ("false", False), ("No", False), ("off", False), ("0", False)],
)
def test_bool_parameters_read_yes_and_no_words(text: str, crn: bool) -> None:
    assert make_bot("epic-resort", f"mcts:crn={text}").crn is crn


def test_a_bool_parameter_refuses_other_words() -> None:
    with pytest.raises(ConfigError, match="parameter 'crn' must be a bool, got 'maybe'"):
        make_bot("epic-resort", "mcts:crn=maybe")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nobody",
         "unknown bot 'nobody' for epic-resort; built-in bots: boss, greedy, mcts, random"),
        ("mcts:depth=3",
         "bot 'mcts' has no parameter 'depth'; its parameters: c, crn, expand, iterations"),
        ("mcts:iterations=many", "bot 'mcts': parameter 'iterations' must be an int, got 'many'"),
        ("mcts:ms=soon", "parameter 'ms' must be a float"),
        ("mcts:iterations=-1", "bot 'mcts': iterations, ms, c and rollout must not be negative"),
        ("mcts:iterations=0", "give a budget"),
        ("mcts:tree=others", "tree must be all, self or root, got 'others'"),
        ("random:speed=2", "bot 'random' has no parameter 'speed'; its parameters: none"),
    ],
)
def test_bad_bot_specs_are_config_errors(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
        make_bot("epic-resort", spec)
