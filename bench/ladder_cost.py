"""``python -m bench.ladder_cost``: where the apply script's server time goes, in
instructions (needs valgrind; not part of ``make bench``).

Timings of a script that runs for 20 µs move with whatever else the machine does; an
instruction count does not. Each case runs a private redis-server under callgrind,
applies 300 matches to warm it, zeroes the counters, applies ``--matches`` more (the
matches of ``bench.ladder``: five seats, four bots from a pool of 100 and the shared fill
label) and reads the server's user-space instructions per apply. The cases:

- ``store``: ``RedisStore.apply_match``, the script as it is;
- ``floor``: the bare EVALSHA of ``bench.ladder`` (the same writes, values given);
- ``without X``: the store with one piece of the script taken out (not a ladder, a way to
  price that piece; the difference to ``store`` is what the piece costs).
"""

from __future__ import annotations

import argparse
import glob
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

import redis

from bench import ladder as bench_ladder
from services.ladder import redis_store

WARM_UP = 300

# Pieces of lua/apply_match.lua, each with the edits that take it out (every text must
# be found in the script).
WITHOUT: dict[str, list[tuple[str, str]]] = {
    "the reads (idempotency check, rows), and so unpacking the rows": [
        ("local stored = redis.call('HGET', matches_key, match_id)", "local stored = false"),
        ("local rows = redis.call('HMGET', bots_key, unpack(ARGV, 7, 6 + n))",
         "local rows = {false, false, false, false, false, false, false}"),
    ],
    "unpacking the rows": [("  if row then", "  if false then")],
    "the Elo pair loop": [("  for b = a + 1, seats do\n", "  for b = a + 1, 0 do\n")],
    "the skill update (Plackett-Luce)": [("if n > 1 then", "if false then")],
    "packing the rows": [(
        "  local row = struct.pack('<dddddd', units, s[b + 1] + 1, s[b + 2] + s[b + 5],\n"
        "    s[b + 3] + s[b + 6] * TALLY_UNITS / s[b + 7], s[b + 8], s[b + 9])",
        "  local row = '0123456789abcdef0123456789abcdef0123456789abcdef'",
    )],
    "the sequence number (HLEN)": [
        ("local seq = redis.call('HLEN', matches_key) + 1", "local seq = 1")],
    "trimming the histories (LTRIM past their slack; the floor does it too)": [
        ("    redis.call('LTRIM', KEYS[2 + j], '0', last)\n", "")],
}


@contextmanager
def callgrind_server() -> Iterator[tuple[str, Callable[[], None], Callable[[], int]]]:
    """A redis-server under callgrind: (url, zero the counters, instructions since)."""
    server = bench_ladder.RedisServer(
        lambda folder: ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out.%p"],
        start_timeout=60,
    )
    assert server.proc is not None  # started by the constructor
    pid = str(server.proc.pid)

    def zero() -> None:
        subprocess.run(["callgrind_control", "--zero", pid], check=True, capture_output=True)

    def counted() -> int:
        subprocess.run(["callgrind_control", "--instr=off", pid], check=True,
                       capture_output=True)
        before = set(glob.glob(f"{server.dir}/out.*"))
        subprocess.run(["callgrind_control", "--dump", pid], check=True, capture_output=True)
        for _ in range(100):
            for path in set(glob.glob(f"{server.dir}/out.*")) - before:
                totals = [line for line in Path(path).read_text("utf-8").splitlines()
                          if line.startswith("totals:")]
                if totals:
                    return int(totals[0].split()[1])
            time.sleep(0.1)
        raise RuntimeError("callgrind wrote no dump")

    try:
        yield server.url, zero, counted
    finally:
        server.close()


def _per_call(url_user: Callable[[str], Callable[[int, str], None]], matches: int) -> float:
    """Server instructions per call: ``url_user(url)`` returns the call to make (given its
    number and a match id); it runs ``WARM_UP`` times, then ``matches`` times counted."""
    with callgrind_server() as (url, zero, counted):
        call = url_user(url)
        for i in range(WARM_UP):
            call(i, f"warm{i}")
        zero()
        for i in range(matches):
            call(i, f"m{i}")
        return counted() / matches


def _use_script(template: str) -> None:
    """Make every RedisStore run ``template`` (apply_match.lua text) from now on."""
    redis_store._APPLY_MATCH = redis_store._Script(
        "apply_match.lua", redis_store.APPLY_MATCH_CONSTANTS, template)


def store_cost(source: str, matches: int) -> float:
    """Server instructions per ``RedisStore.apply_match`` running ``source``."""
    _use_script(source)
    games = bench_ladder._matches(0)

    def caller(url: str) -> Callable[[int, str], None]:
        store = redis_store.RedisStore(url, key_prefix="cost")

        def apply(i: int, match_id: str) -> None:
            store.apply_match(bench_ladder.GAME, match_id, *games[i % len(games)])

        return apply

    return _per_call(caller, matches)


def floor_cost(matches: int) -> float:
    """Server instructions per call of ``bench.ladder``'s floor."""

    def caller(url: str) -> Callable[[int, str], None]:
        client = redis.Redis.from_url(url, decode_responses=True)
        calls = bench_ladder.floor_calls(client.script_load(bench_ladder.FLOOR), "cost", 0)

        def send(i: int, match_id: str) -> None:
            head, args = calls[i % len(calls)]
            client.execute_command(*head, match_id, *args)

        return send

    return _per_call(caller, matches)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="applies counted per case")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None or shutil.which("redis-server") is None:
        raise SystemExit("needs valgrind and redis-server (apt-get install valgrind redis-server)")
    source = resources.files("services.ladder").joinpath("lua", "apply_match.lua").read_text(
        "utf-8")
    store = store_cost(source, args.matches)
    print(f"ladder server instructions per apply: store={store:,.0f} "
          f"floor={floor_cost(args.matches):,.0f}", flush=True)
    for piece, edits in WITHOUT.items():
        edited = source
        for old, new in edits:
            if old not in edited:
                raise SystemExit(f"the apply script changed: update WITHOUT[{piece!r}]")
            edited = edited.replace(old, new)
        without = store_cost(edited, args.matches)
        print(f"  {piece}: {store - without:,.0f}", flush=True)


if __name__ == "__main__":
    main()
