"""Hosted bots' deadlines count their own CPU time, with a wall-clock backstop: a bot
that sleeps past the move timeout (no CPU) is not late; one that spins is, at its CPU
limit; one blocked for good is ended by the backstop; and a bot slowed down by a loaded
CPU (real busy processes on the CPU it runs on) is not charged for the wait. Real
Python-kit bots in the real sandbox, one game each through ``HostedPlayer``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

from engine.core import GameConfig
from engine.toolkit.bots import make_bot
from services.botdir import content_hash, load_bot_dir
from services.hosted.match import HostedOutcome
from services.hosted.options import HostingOptions, hosted_spec
from services.hosted.player import HostedPlayer
from tests.hosted.harness import GAME, SANDBOX, misbehaving_dir

pytestmark = [pytest.mark.timeout(180), pytest.mark.usefixtures("restore_logging")]

MOVE = 0.3


def play_game(tmp_path: Path, bots: dict[str, Sequence[str]], others: Sequence[str],
              **options: float) -> tuple[HostedOutcome, tuple[str, ...]]:
    """One game of the misbehaving bots ``bots`` (name -> misbehave.py arguments) and the
    built-in ``others``; its hosted outcome and its seat labels."""
    specs = {}
    for name, args in bots.items():
        directory = misbehaving_dir(tmp_path / "bots", name, *args)
        specs[name] = hosted_spec(content_hash(load_bot_dir(directory)), str(directory))
    labels = (*bots, *others)
    hosting = HostingOptions(**{"sandbox": SANDBOX, "move_timeout": MOVE, "max_strikes": 1,
                                "log_dir": str(tmp_path / "logs"), **options})
    config = GameConfig(len(labels))
    with HostedPlayer(GAME, config, specs, hosting) as player:
        outcome, _ = player.play(0, 11, labels, lambda name: make_bot(GAME, name), False, "")
    return outcome, labels


def replies_of(outcome: HostedOutcome, seat: int) -> list[tuple[float, float]]:
    return [(wall, cpu) for s, wall, cpu in outcome.seat_replies if s == seat]


def test_sleeping_is_free_spinning_is_late_and_blocking_meets_the_backstop(
        tmp_path: Path) -> None:
    outcome, labels = play_game(
        tmp_path, {"sleeper": ("sleep", "0.9", "2"), "spinner": ("busy_loop",),
                   "dozer": ("sleep", "1000", "1")},
        ["random"], wall_backstop=6)
    seats = {label: seat for seat, label in enumerate(labels)}
    statuses = dict(zip(labels, outcome.statuses, strict=True))
    assert statuses == {"sleeper": "ok", "spinner": "timeout", "dozer": "timeout",
                        "random": "ok"}, outcome
    # The sleeper answered well past the move timeout in wall time, charged its CPU only.
    slept = replies_of(outcome, seats["sleeper"])[:2]
    assert all(wall >= 0.9 and cpu < MOVE for wall, cpu in slept), slept
    assert all(cpu < MOVE for _, cpu in replies_of(outcome, seats["sleeper"]))
    # The spinner was ended by its CPU limit, the dozer (no CPU at all) by the backstop.
    assert set(outcome.late) == {(seats["spinner"], "cpu"), (seats["dozer"], "wall")}
    assert outcome.ranks[seats["spinner"]] == outcome.ranks[seats["dozer"]] == max(outcome.ranks)


@contextmanager
def cpu_hogs(cpu: int, count: int) -> Iterator[None]:
    """``count`` busy processes on CPU ``cpu``, each in a session (and so a scheduler
    autogroup) of its own: a process on that CPU gets at most 1/(count+1) of it."""
    code = f"import os\nos.sched_setaffinity(0, {{{cpu}}})\nwhile True:\n    pass\n"
    hogs = [subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
            for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait(10)


@pytest.mark.skipif(0 not in os.sched_getaffinity(0), reason="CPU 0 is not ours")
def test_a_wall_delay_from_a_loaded_cpu_does_not_count_against_the_bot(
        tmp_path: Path) -> None:
    spin, move = 0.15, 0.4
    with cpu_hogs(0, 3):
        outcome, _ = play_game(
            tmp_path, {"loaded": ("pin", "0", "spin", str(spin), "3")}, ["random", "random"],
            move_timeout=move, wall_backstop=40)
    assert outcome.statuses == ("ok", "ok", "ok"), outcome
    spun = replies_of(outcome, 0)[:3]
    # Each answer needed ~0.15 s of CPU; sharing CPU 0 with three busy processes made it
    # take longer than the move timeout in wall time, which a wall clock would have
    # struck, while the CPU it was charged stayed below the limit.
    assert max(wall for wall, _ in spun) > move, spun
    assert all(spin * 0.9 <= cpu < move for _, cpu in spun), spun
