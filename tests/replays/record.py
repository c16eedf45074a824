"""Record the replay set in ``tests/replays/data/`` (run by hand, never by the tests).

    .venv/bin/python -m tests.replays.record            # every case
    .venv/bin/python -m tests.replays.record er-2p ...  # only these cases

Each case plays one match between built-in bots with ``play_match`` and writes
``data/<case>.json``: the replay (game, config, seed, choices, result: the format that
``arena replay FILE`` reads) plus ``bots`` (how the choices were made) and
``fingerprint`` (what re-simulating must reproduce, see ``fingerprint.py``).

Re-recording overwrites the reference: do it only for an intended change of behaviour,
and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import GameConfig, play_match
from engine.toolkit.bots import make_bot
from tests.replays.fingerprint import fingerprint

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)


ER, MMN, AN = "epic-resort", "monster-my-neighbor", "ark-nova"

CASES = (
    Case("er-2p", ER, ("greedy", "random"), 101),
    Case("er-3p", ER, ("greedy", "greedy", "random"), 102),
    Case("er-4p", ER, ("greedy", "random", "greedy", "random"), 103),
    Case("er-3p-ruleset-en", ER, ("greedy", "greedy", "greedy"), 104, {"ruleset": "en"}),
    Case("er-2p-x-monsters-face-up", ER, ("greedy", "greedy"), 105,
         {"x_monsters": True, "monster_deck_face_up": True, "journeyman_discount": 3}),
    Case("er-4p-in-turn-order", ER, ("greedy", "greedy", "random", "greedy"), 106,
         {"phase_i_mode": "in_turn_order", "first_game_workers": True,
          "free_actions_during_attack": "marked_only", "overflow": "forfeit"}),
    Case("mmn-3p", MMN, ("heuristic", "heuristic", "random"), 201),
    Case("mmn-5p", MMN, ("heuristic", "random", "heuristic", "random", "heuristic"), 202),
    Case("mmn-8p", MMN, ("heuristic",) * 4 + ("random",) * 4, 203),
    Case("mmn-4p-rounds-2", MMN, ("heuristic",) * 4, 204, {"rounds": 2}),
    Case("an-1p-normal", AN, ("greedy",), 301),
    Case("an-1p-expert", AN, ("greedy",), 302, {"solo_difficulty": "expert"}),
    Case("an-2p", AN, ("greedy", "greedy"), 303),
    Case("an-4p", AN, ("greedy", "greedy", "greedy", "random"), 304),
    Case("an-2p-map-0-rulebook-universities", AN, ("greedy", "greedy"), 305,
         {"map": "0", "university_limit": "rulebook"}),
    Case("an-3p-random-maps", AN, ("greedy", "greedy", "greedy"), 306, {"map": "random"}),
    Case("an-2p-map-1a", AN, ("greedy", "random"), 307, {"map": "1a"}),
)


def record(case: Case) -> Path:
    """Play ``case`` and write its file; return the path."""
    config = GameConfig(len(case.bots), dict(case.options))
    bots = [make_bot(case.game, spec) for spec in case.bots]
    outcome = play_match(case.game, config, case.seed, bots)
    data = outcome.replay.to_json()
    data["bots"] = list(case.bots)
    data["fingerprint"] = fingerprint(outcome.replay)
    path = DATA / f"{case.name}.json"
    path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
    return path


def main(argv: list[str]) -> int:
    by_name = {case.name: case for case in CASES}
    unknown = [name for name in argv if name not in by_name]
    if unknown:
        print(f"unknown case(s): {', '.join(unknown)}; cases: {', '.join(by_name)}",
              file=sys.stderr)
        return 2
    DATA.mkdir(exist_ok=True)
    for case in [by_name[name] for name in argv] or CASES:
        path = record(case)
        print(f"{path.name}: {len(json.loads(path.read_text())['choices'])} choices")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
