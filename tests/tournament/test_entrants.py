"""Entrant specs: built-in bots, user classes from files and packages, names, and what
ships to the workers."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import ConfigError, GameConfig, play_match
from services.runner.bot_specs import BotMaker, user_class_spec
from services.tournament.entrants import (
    entrant_item,
    package_to_ship,
    resolve_entrants,
    runtime_env,
    split_entrants,
)

GAME = "monster-my-neighbor"
DOCS_EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "big_hand_hunter.py"

BOT_SOURCE = '''
from engine.toolkit.bots import make_bot


class {cls}:
    name = "{cls}"
    needs_observation = True

    def __init__(self):
        self._inner = make_bot("monster-my-neighbor", "random")

    def choose(self, observation, decision, rng):
        return self._inner.choose(observation, decision, rng)
'''


@pytest.fixture
def clean_imports() -> Iterator[None]:
    """Forget modules and sys.path entries a test adds."""
    modules, path = set(sys.modules), list(sys.path)
    yield
    for name in set(sys.modules) - modules:
        del sys.modules[name]
    sys.path[:] = path


def test_split_entrants_keeps_built_in_parameters_together() -> None:
    assert split_entrants("random, heuristic") == ["random", "heuristic"]
    assert split_entrants("mcts:iterations=200,ms=50,random,b.py:Bot") == [
        "mcts:iterations=200,ms=50", "random", "b.py:Bot"]
    assert split_entrants("new=mcts:iterations=9,ms=5,greedy") == [
        "new=mcts:iterations=9,ms=5", "greedy"]
    assert split_entrants("a=random,b=random") == ["a=random", "b=random"]


def test_names_are_given_or_left_to_resolution() -> None:
    assert entrant_item("mcts:iterations=200") == (None, "mcts:iterations=200")
    assert entrant_item("bots/mine.py:Mine") == (None, "bots/mine.py:Mine")
    assert entrant_item("fast=mcts:iterations=20") == ("fast", "mcts:iterations=20")
    assert entrant_item({"name": "x", "bot": "random"}) == ("x", "random")
    with pytest.raises(ConfigError):
        entrant_item({"name": "x"})


def test_a_spec_is_a_user_class_only_when_an_identifier_follows_the_colon() -> None:
    assert user_class_spec("random") is None
    assert user_class_spec("mcts:iterations=200") is None
    spec = user_class_spec("pkg.mod:Cls")
    assert spec is not None and (spec.target, spec.class_name) == ("pkg.mod", "Cls")
    spec = user_class_spec("a/b.py:Cls")
    assert spec is not None and spec.target == "a/b.py"


def test_built_in_entrants_ship_nothing_and_unknown_ones_are_named() -> None:
    entrants = resolve_entrants(GAME, [("random", "random"), ("h", "heuristic")])
    assert [e.worker_spec for e in entrants] == ["random", "heuristic"]
    assert runtime_env(entrants) is None
    with pytest.raises(ConfigError, match="nosuchbot"):
        resolve_entrants(GAME, [("x", "nosuchbot")])
    with pytest.raises(ConfigError, match="repeated: random"):
        resolve_entrants(GAME, [("random", "random"), ("random", "heuristic")])


def test_a_strategy_file_ships_as_a_module_named_after_it(
    tmp_path: Path, clean_imports: None
) -> None:
    path = tmp_path / "my_strategy_file.py"
    path.write_text(BOT_SOURCE.format(cls="Mine"))
    (entrant,) = resolve_entrants(GAME, [entrant_item(f"{path}:Mine")])
    assert entrant.name == "Mine"
    assert entrant.worker_spec == "my_strategy_file:Mine"
    assert entrant.ship == str(path) and len(entrant.fingerprint or "") == 64
    assert runtime_env([entrant]) == {"py_modules": [str(path)]}
    maker = BotMaker(GAME, {"Mine": entrant.worker_spec})
    outcome = play_match(GAME, GameConfig(3), 5, [maker("Mine") for _ in range(3)])
    assert outcome.decisions > 0


def test_two_strategy_files_may_name_their_classes_alike(
    tmp_path: Path, clean_imports: None
) -> None:
    first, second = tmp_path / "first_strategy.py", tmp_path / "second_strategy.py"
    for path in (first, second):
        path.write_text(BOT_SOURCE.format(cls="Bot"))
    one, two = resolve_entrants(GAME, [("one", f"{first}:Bot"), ("two", f"{second}:Bot")])
    assert (one.worker_spec, two.worker_spec) == ("first_strategy:Bot", "second_strategy:Bot")
    assert runtime_env([one, two]) == {"py_modules": sorted([str(first), str(second)])}


def test_the_docs_example_is_a_working_strategy(clean_imports: None) -> None:
    (entrant,) = resolve_entrants(GAME, [entrant_item(f"{DOCS_EXAMPLE}:BigHandHunter")])
    maker = BotMaker(GAME, {entrant.name: entrant.worker_spec})
    bots = [maker(entrant.name), maker(entrant.name), BotMaker(GAME)("heuristic")]
    assert play_match(GAME, GameConfig(3), 1, bots).decisions > 0


def test_a_local_package_ships_whole_and_an_installed_one_does_not(
    tmp_path: Path, clean_imports: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "my_local_bots"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "strategy.py").write_text(BOT_SOURCE.format(cls="Deep"))
    monkeypatch.chdir(tmp_path)
    (entrant,) = resolve_entrants(GAME, [entrant_item("my_local_bots.sub.strategy:Deep")])
    assert entrant.worker_spec == "my_local_bots.sub.strategy:Deep"
    assert entrant.ship == str(package)
    assert package_to_ship("engine.monster_my_neighbor.bots") is None  # this project
    assert package_to_ship("yaml") is None  # installed in site-packages


def test_user_code_errors_are_clear(tmp_path: Path, clean_imports: None) -> None:
    shadow = tmp_path / "json.py"
    shadow.write_text(BOT_SOURCE.format(cls="J"))
    with pytest.raises(ConfigError, match="shadow the module 'json'"):
        resolve_entrants(GAME, [entrant_item(f"{shadow}:J")])
    good = tmp_path / "fine_bot_module.py"
    good.write_text(BOT_SOURCE.format(cls="Fine") + textwrap.dedent('''
        class NoChoose:
            name = "x"
            needs_observation = True

        class BadName:
            name = 3
            needs_observation = True

            def choose(self, observation, decision, rng):
                return 0

        class BadNeeds:
            name = "x"
            needs_observation = "yes"

            def choose(self, observation, decision, rng):
                return 0

        class Broken:
            def __init__(self):
                raise RuntimeError("boom")
    '''))
    for cls, message in (("Missing", "has no class 'Missing'"), ("NoChoose", "needs a method"),
                         ("BadName", "`name` must be a non-empty string, not 3"),
                         ("BadNeeds", "must be True or False.*not 'yes'"),
                         ("Broken", "boom")):
        with pytest.raises(ConfigError, match=message):
            resolve_entrants(GAME, [entrant_item(f"{good}:{cls}")])
    with pytest.raises(ConfigError, match=r"not a \.py file"):
        resolve_entrants(GAME, [entrant_item(f"{tmp_path}/absent.py:X")])
    with pytest.raises(ConfigError, match="no module named 'no_such_pkg_x'"):
        resolve_entrants(GAME, [entrant_item("no_such_pkg_x.mod:X")])


def test_prepare_fails_on_a_bad_spec_before_any_bot_is_made() -> None:
    maker = BotMaker(GAME, {"good": "random", "bad": "no_such_module_here:Bot"})
    with pytest.raises(ConfigError, match="no_such_module_here"):
        maker.prepare()


MINIMAL_BOTS = '''
class NoPass:
    name = "no-pass"

    def __init__(self):
        self.observations = []

    def choose(self, observation, decision, rng):
        self.observations.append(observation)
        return 0


class Bare:
    def choose(self, observation, decision, rng):
        return rng.randrange(len(decision.options))


class Quick:
    name = "quick"
    needs_observation = False

    def choose(self, observation, decision, rng):
        return 0
'''


def test_a_class_is_named_by_its_name_attribute_and_may_leave_out_the_flags(
    tmp_path: Path, clean_imports: None
) -> None:
    path = tmp_path / "minimal_bots.py"
    path.write_text(MINIMAL_BOTS)
    no_pass, bare, quick = resolve_entrants(
        GAME, [entrant_item(f"{path}:{cls}") for cls in ("NoPass", "Bare", "Quick")])
    assert (no_pass.name, bare.name, quick.name) == ("no-pass", "Bare", "quick")
    maker = BotMaker(GAME, {e.name: e.worker_spec for e in (no_pass, bare, quick)})
    bots = [maker("no-pass"), maker("Bare"), maker("quick")]
    assert [bot.name for bot in bots] == ["no-pass", "Bare", "quick"]
    # Left out, needs_observation is True: the bot is handed its observation.
    assert [bot.needs_observation for bot in bots] == [True, True, False]
    assert play_match(GAME, GameConfig(3), 2, bots).decisions > 0
    seen = bots[0].bot.observations  # type: ignore[attr-defined]
    assert seen and all(observation is not None for observation in seen)
    # A name given in the spec wins over the attribute.
    (named,) = resolve_entrants(GAME, [entrant_item(f"np={path}:NoPass")])
    assert named.name == "np"
