"""One ``arena serve`` hosting three queues (Monster My Neighbor 4p, Epic Resort 2p, Ark
Nova 2p): ``arena bot`` clients naming a game or a queue id, and two starter kits that
name none, play in every queue; each queue's ladder holds its own matches only.

The seats add up exactly: the two Monster My Neighbor bots play one match each, the Epic
Resort and Ark Nova bots two each, the kits five each. With the rematch cooldown on (no
line-up meets twice) and no fill seats within the test (``--gather`` long), a kit has
exactly five line-ups: the Monster My Neighbor table, and in each 2-player queue that
queue's bot and the other kit. So every bot gets its matches only if each kit plays each
of them once, wherever players are needed: whatever order the matchmaker finds.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from bench import kits
from bench.loopback import free_port
from services.ladder.factory import open_store
from tests.e2e.test_served_ladder import _metrics, _wait_serving
from tests.processes import stop

ARENA = [sys.executable, "-m", "services.cli.main"]
KITS = ["python", "typescript"]  # the two quickest kits to build (clients/README.md)
QUEUES = {"monster-my-neighbor-4p": 4, "epic-resort-2p": 2, "ark-nova-2p": 2}
# bot -> (what its Hello names, matches it plays)
BOTS = {"mmn-a": ("monster-my-neighbor", 1), "mmn-b": ("monster-my-neighbor-4p", 1),
        "er-a": ("epic-resort", 2), "an-a": ("ark-nova-2p", 2)}
KIT_MATCHES = 5  # the table, and two line-ups in each 2-player queue


@pytest.mark.timeout(1200)
def test_three_queues_in_one_gateway_keep_their_ladders_apart(
    redis_url: str, tmp_path: Path
) -> None:
    built = kits.discover(KITS)
    for kit in built:
        kits.build(kit, timeout=900)
    prefix = f"queues-{secrets.token_hex(6)}"
    with open_store(redis_url, key_prefix=prefix) as store:
        tokens = {name: store.register_bot(name) for name in BOTS}
        tokens |= {f"kit-{kit.name}": store.register_bot(f"kit-{kit.name}") for kit in built}

    port, metrics_port = free_port(), free_port()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), "--metrics-port", str(metrics_port),
         "--redis", redis_url, "--key-prefix", prefix, "--journal",
         str(tmp_path / "journal.jsonl"), "--seed", "3", "--move-timeout", "10",
         "--queue", "monster-my-neighbor:4", "--queue", "epic-resort:2",
         "--queue", "ark-nova:2", "--gather", "600", "--rematch-cooldown", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        address = f"127.0.0.1:{port}"
        _wait_serving(address, server)
        bots = {name: subprocess.Popen(
            [*ARENA, "bot", "--server", address, "--token", tokens[name], "--game", named,
             "--matches", str(matches), "--seed", str(seed)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for seed, (name, (named, matches)) in enumerate(BOTS.items(), start=1)}
        kit_runs = [(kit, kits.start(kit, address, tokens[f"kit-{kit.name}"], KIT_MATCHES,
                                     seed=seed)) for seed, kit in enumerate(built, start=1)]
        played = [kits.finish(kit, process, timeout=600) for kit, process in kit_runs]
        outputs = {}
        for name, process in bots.items():
            try:
                outputs[name] = (process.communicate(timeout=120), process.returncode)
            except subprocess.TimeoutExpired:
                process.kill()
                outputs[name] = (process.communicate(), -9)
        metrics = _metrics(metrics_port)
    finally:
        server_log = stop(server, timeout=60)

    for result in played:
        context = f"kit {result.kit} (exit {result.returncode}):\n{result.stderr[-3000:]}"
        assert result.returncode == 0, context
        assert result.summary is not None, context
        assert result.summary["matches"] == KIT_MATCHES, context
        assert result.summary["strikes"] == 0 and result.summary["errors"] == 0, context
    for name, ((out, err), code) in outputs.items():
        assert code == 0, f"{name}: {out}\n{err}\n{server_log[-3000:]}"
        game = BOTS[name][0].removesuffix("-4p").removesuffix("-2p")
        assert f"connected as {name}, playing {game}" in out, out

    kit_names = {f"kit-{kit.name}" for kit in built}
    with open_store(redis_url, key_prefix=prefix) as store:
        assert set(store.queues()) == set(QUEUES)
        for queue, players in QUEUES.items():
            game = queue.rsplit("-", 1)[0]
            assert store.ladder(game) == [], f"{game}'s shorthand ladder was written"
            own = {name for name, (named, _) in BOTS.items() if named in (game, queue)}
            applied = store.applied_matches(queue)
            assert len(applied) == (1 if players == 4 else 3), (queue, applied)
            assert all(len(match.participants) == players for match in applied), applied
            assert len({frozenset(match.participants) for match in applied}) == len(applied)
            games = {entry.name: entry.games for entry in store.ladder(queue)}
            # Each queue's own bots only there; every kit in every queue.
            kit_games = 1 if players == 4 else 2  # with the queue's bot, with the other kit
            expected = {**{name: BOTS[name][1] for name in own},
                        **dict.fromkeys(kit_names, kit_games)}
            assert games == expected, (queue, games)

    def value(name: str, **labels: str) -> float:
        return metrics.get((name, tuple(sorted(labels.items()))), 0.0)

    for queue, players in QUEUES.items():
        matches = value("arena_queue_matches_total", queue=queue, status="completed")
        assert matches == (1 if players == 4 else 3), queue
        assert value("arena_queue_wait_seconds_count", queue=queue) == matches * players
        assert value("arena_match_rating_spread_count", queue=queue) == matches
    assert value("arena_queue_matches_total", queue="monster-my-neighbor-4p",
                 status="aborted") == 0
