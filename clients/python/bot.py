"""A Tabletop Arena bot that plays every game: a random legal option for each decision.

It dials the server, says Hello with its token, answers each DecisionRequest, and
reconnects with a back-off when the stream drops, until it has played --matches
matches (0: no limit, until the server ends the stream). Put your own logic in
choose(); example_monster.py shows one that reads a game's typed observation. The
stubs in gen/ are generated from proto/ by ./run.
"""

from __future__ import annotations

import argparse
import queue
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "gen"))
import grpc
from arena.v1 import arena_pb2, arena_pb2_grpc

Chooser = Callable[[arena_pb2.DecisionRequest, random.Random], int]
# The server refused us: retrying the same Hello cannot help.
FATAL = {grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.FAILED_PRECONDITION,
         grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.PERMISSION_DENIED}
STRIKES = {arena_pb2.ERROR_CODE_ILLEGAL_OPTION, arena_pb2.ERROR_CODE_DEADLINE_EXCEEDED}
MAX_FAILURES = 8  # connections in a row that end without a finished match
REASONS = {arena_pb2.MATCH_END_REASON_COMPLETED: "completed",
           arena_pb2.MATCH_END_REASON_FORFEIT: "forfeit",
           arena_pb2.MATCH_END_REASON_ABORTED: "aborted"}


def choose(request: arena_pb2.DecisionRequest, rng: random.Random) -> int:
    """Your logic goes here: the index of one of request.options, within deadline_ms."""
    return rng.randrange(len(request.options))


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def win_share(end: arena_pb2.MatchEnd) -> float:
    """This seat's share of first place, as the ladder counts it (clients/README.md)."""
    mine = next((r for r in end.results if r.seat == end.seat), None)
    if mine is None:  # aborted: no results
        return 0.0
    if len(end.results) == 1:  # solo: a win when the score is >= 0
        return 1.0 if mine.score >= 0 else 0.0
    standing = [r for r in end.results if not r.forfeited]
    if not standing:  # every seat forfeited: all tie
        return 1.0 / len(end.results)
    best = min(r.rank for r in standing)
    if mine.forfeited or mine.rank != best:
        return 0.0
    return 1.0 / sum(1 for r in standing if r.rank == best)


def describe_failure(err: grpc.RpcError) -> str:
    """The stream's status, asking whether the port is right when the peer spoke HTTP/1."""
    text = f"stream failed: {err.code().name}: {err.details()}"
    if err.code() == grpc.StatusCode.UNAVAILABLE and "HTTP/2" in (err.details() or ""):
        text += " (is this an arena gateway port?)"
    return text


def play_stream(channel: grpc.Channel, args: argparse.Namespace, games: list[str],
                chooser: Chooser, rng: random.Random, stats: dict[str, float]) -> None:
    """One stream: Hello, then answer until the server ends it (returns) or it breaks
    (raises grpc.RpcError)."""
    outbox: queue.SimpleQueue[arena_pb2.PlayRequest | None] = queue.SimpleQueue()
    outbox.put(arena_pb2.PlayRequest(hello=arena_pb2.Hello(
        token=args.token, games=games, client_version="python-kit/1",
        max_matches=int(args.matches - stats["matches"]) if args.matches else 0)))
    try:
        for response in arena_pb2_grpc.ArenaServiceStub(channel).Play(iter(outbox.get, None)):
            kind = response.WhichOneof("message")
            if kind == "decision_request":
                request = response.decision_request
                reply = arena_pb2.DecisionReply(request_id=request.request_id,
                                                option_index=chooser(request, rng))
                outbox.put(arena_pb2.PlayRequest(decision_reply=reply))
                stats["decisions"] += 1
            elif kind == "welcome":
                log(f"connected as {response.welcome.bot_name}")
            elif kind == "match_start":
                start = response.match_start
                log(f"match {start.match_id} ({start.game}): seat {start.seat}")
            elif kind == "match_end":
                end = response.match_end
                rank = next((r.rank for r in end.results if r.seat == end.seat), 0)  # 0: aborted
                stats["matches"] += 1
                stats["wins"] += win_share(end)
                rating = f"rating {end.rating:.1f}" if end.rated else "not rated"
                log(f"match {end.match_id}: rank {rank}, {REASONS.get(end.reason, 'unknown')}, "
                    f"{rating}")
            elif kind == "error":
                stats["errors"] += 1
                stats["strikes"] += response.error.code in STRIKES
                log(f"server error {arena_pb2.ErrorCode.Name(response.error.code)}: "
                    f"{response.error.message}")
    finally:
        outbox.put(None)


def run(args: argparse.Namespace, chooser: Chooser, games: list[str]) -> int:
    """Play args.matches matches (0: until the server ends a stream); 0 when done, 1 when
    the server stays unreachable, 2 when it refuses the bot."""
    rng = random.Random(args.seed)
    stats: dict[str, float] = dict.fromkeys(
        ("matches", "decisions", "wins", "strikes", "errors", "reconnects"), 0)
    try:
        credentials = grpc.ssl_channel_credentials(Path(args.tls_ca).read_bytes()) \
            if args.tls_ca else None
    except OSError as err:
        log(f"--tls-ca: {err}")
        return 2
    failures, code = 0, 0
    while not args.matches or stats["matches"] < args.matches:
        before = stats["matches"]
        channel = grpc.secure_channel(args.server, credentials) if credentials \
            else grpc.insecure_channel(args.server)
        try:
            with channel:
                play_stream(channel, args, games, chooser, rng, stats)
        except grpc.RpcError as err:
            log(describe_failure(err))
            if err.code() in FATAL:
                code = 2
                break
        else:
            if not args.matches:
                log("the server ended the stream")
                break
        if args.matches and stats["matches"] >= args.matches:
            break
        failures = 0 if stats["matches"] > before else failures + 1
        if failures >= MAX_FAILURES:
            log(f"giving up after {failures} connections without a finished match")
            code = 1
            break
        stats["reconnects"] += 1
        pause = min(5.0, 0.25 * 2 ** failures)
        log(f"retrying in {pause:g} s")
        time.sleep(pause)
    # wins: at most two decimals, no trailing zeros (2, 1.5, 0.33)
    print("SUMMARY " + " ".join(f"{k}={v:.2f}".rstrip("0").rstrip(".") if k == "wins"
                                else f"{k}={v}" for k, v in stats.items()), flush=True)
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="127.0.0.1:50051",
                        help="HOST:PORT, or unix:PATH for a Unix domain socket")
    parser.add_argument("--token", help="the bot's token, from arena bots register NAME "
                        "(required)")
    parser.add_argument("--matches", type=int, default=1,
                        help="matches to play, then exit (0: until the server ends the stream)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    parser.add_argument("--tls-ca", help="CA certificate (PEM) of a TLS server")
    parser.add_argument("--strategy", choices=("random", "example"), default="random")
    args = parser.parse_args(argv)
    if args.matches < 0:
        parser.error("--matches must be 0 (no limit) or more")
    if not args.token:
        log("missing --token: the bot's token, printed by arena bots register NAME")
        return 2
    if args.strategy == "example":
        import example_monster

        return run(args, example_monster.choose, example_monster.GAMES)
    return run(args, choose, [])


if __name__ == "__main__":
    sys.exit(main())
