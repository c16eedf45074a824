"""``arena bot --strategy SPEC`` with the classes ``arena tournament`` evaluates, live.

A real `arena serve` (host workers, Redis ladder) and two real `arena bot` processes: one
plays the documented example class (``docs/examples/big_hand_hunter.py:BigHandHunter``),
the other the search bot ``mcts``, each without ``--game`` (the server's game, from its
Welcome). Both decode every request's engine values back into the game's observation;
the server rates their matches.
"""

from __future__ import annotations

import secrets
import subprocess
from pathlib import Path

import pytest

from bench.loopback import free_port
from services.ladder.factory import open_store
from tests.e2e.test_served_ladder import ARENA, _arena, _wait_serving
from tests.processes import stop

GAME = "monster-my-neighbor"
MATCHES = 2
STRATEGIES = {
    "hunter": "docs/examples/big_hand_hunter.py:BigHandHunter",
    "searcher": "mcts:iterations=6",
}


@pytest.mark.timeout(600)
def test_a_python_class_and_mcts_play_rated_matches_live(redis_url: str, tmp_path: Path) -> None:
    prefix = f"live-{secrets.token_hex(6)}"
    store_args = ("--redis", redis_url, "--key-prefix", prefix)
    tokens = {}
    for name in STRATEGIES:
        registered = _arena("bots", "register", name, *store_args)
        assert registered.returncode == 0, registered.stderr
        tokens[name] = registered.stdout.strip().splitlines()[-1]
    port = free_port()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), *store_args,
         "--game", GAME, "--players", "4", "--fill", "random", "--min-bots", "2",
         "--seed", "7", "--move-timeout", "30", "--journal", str(tmp_path / "journal.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        address = f"127.0.0.1:{port}"
        _wait_serving(address, server, timeout=180)
        bots = {
            name: subprocess.Popen(
                [*ARENA, "bot", "--server", address, "--token", tokens[name],
                 "--strategy", spec, "--matches", str(MATCHES), "--seed", "1"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            for name, spec in STRATEGIES.items()
        }
        for name, bot in bots.items():
            out, err = bot.communicate(timeout=400)
            assert bot.returncode == 0, err
            assert f"connected as {name}, playing {GAME}" in out
            assert f"{MATCHES} matches ({MATCHES} rated, 0 forfeited)" in out, out
            assert "server error" not in out  # no late or illegal reply: no strike
    finally:
        stop(server)
    with open_store(redis_url, key_prefix=prefix) as store:
        for name in STRATEGIES:
            stats = store.bot_stats(GAME, name)
            assert stats is not None and stats.games == MATCHES
        ladder = {entry.name for entry in store.ladder(GAME)}
    assert set(STRATEGIES) <= ladder
