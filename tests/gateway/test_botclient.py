"""The reference bot client: its wire-only heuristic, and `arena bot` against a gateway."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest
from arena.v1 import arena_pb2

from engine.core import GameConfig, GameRng
from services.botclient import make_strategy, play, win_share
from services.botclient.client import format_wins
from services.cli.main import main as arena
from services.hosting.match_host import MatchHost
from services.ladder.elo import TALLY_UNITS, win_units
from services.metrics import ArenaMetrics
from tests.gateway.conftest import GAME


def test_heuristic_answers_legally_and_plays_the_monster_when_offered() -> None:
    heuristic = make_strategy("heuristic")
    monster_offers = 0
    for seed in range(30):
        host = MatchHost(GAME, GameConfig(5, {}).to_json(), seed, [True] * 5, ["h"] * 5, "random")
        rng = GameRng(seed)
        step = host.start()
        pending = {r.seat: r for r in step.requests}
        while not step.over:
            seat = min(pending)
            request = arena_pb2.DecisionRequest.FromString(pending.pop(seat).body)
            index = heuristic.choose(request, rng)
            assert 0 <= index < len(request.options)
            obs = request.observation.monster_my_neighbor
            cards = [o.monster_my_neighbor.card_type for o in request.options]
            monsters = [c for c in cards if c in obs.monsters_possible]
            if request.kind == "PLAY_CARD" and monsters:
                monster_offers += 1
                assert cards[index] in monsters
            if request.kind in ("DOG_DISCARD", "GOSSIP_PASS") and len(set(cards)) > 1:
                assert cards[index] not in obs.monsters_possible
            step = host.submit(seat, index)
            assert step.substituted is None
            pending.update({r.seat: r for r in step.requests})
    assert monster_offers > 0


def test_the_client_plays_the_matches_it_asked_for_and_says_how_each_ended(
    start_gateway
) -> None:
    gateway = start_gateway(gather_seconds=0.1)
    events: list[str] = []
    report = play(gateway.address, gateway.token("ref"), GAME, make_strategy("heuristic"),
                  max_matches=2, seed=3, on_event=events.append)
    assert report.name == "ref" and len(report.matches) == 2
    assert all(m.rated and m.reason == "completed" for m in report.matches)
    assert report.decisions == gateway.metric("arena_decisions_total", game=GAME, source="remote")
    stats = gateway.store.bot_stats(GAME, "ref")
    assert stats is not None and stats.games == 2 and stats.rating == report.matches[-1].rating
    assert events[0] == f"connected as ref, playing {GAME}"
    assert [e for e in events if ": rank " in e] == [
        f"match {m.match_id}: rank {m.rank}, completed, rating {m.rating:.1f} "
        f"({m.rating_change:+.1f})" for m in report.matches]


def test_arena_bot_exits_2_on_an_unknown_token(start_gateway, capsys) -> None:
    gateway = start_gateway()
    code = arena(["bot", "--server", gateway.address, "--token", "bogus", "--matches", "1"])
    assert code == 2
    assert "UNAUTHENTICATED" in capsys.readouterr().err


def _giving_request(kind: str, options: list[list[str]]) -> arena_pb2.DecisionRequest:
    """A request to give one of ``options`` (each a card, or a set for DEAL_GIVE) while
    the vampire is the only monster still possible."""
    request = arena_pb2.DecisionRequest(kind=kind)
    request.observation.monster_my_neighbor.monsters_possible.append("vampire")
    for cards in options:
        option = request.options.add(label=" ".join(cards)).monster_my_neighbor
        if kind == "DEAL_GIVE":
            option.cards.card_types.extend(cards)
        else:
            (option.card_type,) = cards
    return request


def test_the_heuristic_gives_away_the_cards_least_worth_keeping() -> None:
    heuristic, rng = make_strategy("heuristic"), GameRng(0)
    # Hide is the card most worth keeping, villagers the least; a monster is never given.
    for kind in ("DOG_DISCARD", "STEAL_GIVE", "GOSSIP_PASS", "FOG_CONTRIBUTE"):
        request = _giving_request(kind, [["vampire"], ["hide"], ["villagers"], ["hunter"]])
        assert heuristic.choose(request, rng) == 2, kind
    # A pair of cheap cards goes before a pair holding the Hide.
    request = _giving_request("DEAL_GIVE", [["fog", "hide"], ["rumor", "wanted"]])
    assert heuristic.choose(request, rng) == 1


def test_arena_bot_without_matches_plays_until_the_server_ends_the_stream(
    start_gateway
) -> None:
    gateway = start_gateway(gather_seconds=0.1)
    argv = ["bot", "--server", gateway.address, "--token", gateway.token("endless"), "--quiet"]
    bot = threading.Thread(target=arena, args=(argv,), daemon=True)
    bot.start()
    deadline = time.monotonic() + 120
    played = 0
    while bot.is_alive() and played < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
        stats = gateway.store.bot_stats(GAME, "endless")
        played = 0 if stats is None else stats.games
    assert bot.is_alive() and played >= 3, f"the bot stopped after {played} match(es)"
    gateway.thread.stop()
    bot.join(60)
    assert not bot.is_alive()


def test_ctrl_c_stops_arena_bot_with_its_summary_and_exit_130(start_gateway) -> None:
    gateway = start_gateway(gather_seconds=0.1)
    # Ctrl-C as from a terminal, whatever way this test runs: a background job ignores
    # SIGINT and its children inherit that, so the bot's process restores Python's
    # handler itself. (Not with preexec_fn: forking this process, whose gRPC threads
    # are running, could crash the child before it ran the bot.)
    start = ("import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
             "sys.argv[0] = 'arena'; runpy.run_module('services.cli.main', run_name='__main__')")
    bot = subprocess.Popen(
        [sys.executable, "-c", start, "bot", "--server", gateway.address,
         "--token", gateway.token("stopped")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        # Interrupt once the bot itself has seen a match end (it prints the line after
        # counting the match). The store records the result before the gateway sends the
        # end, so waiting on the store raced: the summary could still say 0 matches.
        assert bot.stdout is not None
        for line in bot.stdout:
            if ": rank " in line:
                break
        else:
            raise AssertionError(bot.stderr.read() if bot.stderr else "the bot ended")
        bot.send_signal(signal.SIGINT)
        rest, err = bot.communicate(timeout=60)
        out = line + rest
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.communicate()
    assert bot.returncode == 130 and "Traceback" not in err, (out, err)
    # The last line; gRPC's C core may log a line of its own on the way out.
    assert err.strip().splitlines()[-1] == "interrupted", (out, err)
    last = out.splitlines()[-1]
    assert last.startswith("stopped: "), (out, err)
    assert int(last.split(": ")[1].split()[0]) >= 1, (out, err)


def test_arena_bot_without_game_plays_the_servers_game(start_gateway, capsys) -> None:
    """No --game: the Hello names none, the Welcome names the server's game, and the
    strategy is made for it (here Epic Resort's heuristic)."""
    gateway = start_gateway(game="epic-resort", players=2)
    code = arena(["bot", "--server", gateway.address, "--token", gateway.token("any"),
                  "--strategy", "heuristic", "--matches", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.splitlines()[0] == "connected as any, playing epic-resort"
    stats = gateway.store.bot_stats("epic-resort", "any")
    assert stats is not None and stats.games == 1


def test_arena_bot_for_another_game_is_refused_in_one_line(start_gateway, capsys) -> None:
    gateway = start_gateway(game="epic-resort", players=2)
    code = arena(["bot", "--server", gateway.address, "--token", gateway.token("lost"),
                  "--game", GAME, "--matches", "1"])
    assert code == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"error: this server hosts epic-resort, not {GAME} (leave out --game to play the "
        "server's game)"]


def test_arena_bot_refuses_the_servers_game_its_strategy_cannot_read(
    start_gateway, capsys
) -> None:
    gateway = start_gateway(game="ark-nova", players=2)
    code = arena(["bot", "--server", gateway.address, "--token", gateway.token("picky"),
                  "--strategy", "heuristic", "--matches", "1"])
    assert code == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("error: the server hosts ark-nova: strategy 'heuristic' reads only")
    assert line.endswith("use --strategy random")


def test_arena_bot_at_a_metrics_port_asks_whether_it_is_a_gateway(capsys) -> None:
    """The gateway's /metrics port speaks HTTP/1: gRPC's own words about the HTTP/2
    preface get the question a user needs."""
    port = ArenaMetrics().serve(0)
    code = arena(["bot", "--server", f"127.0.0.1:{port}", "--token", "t", "--matches", "1"])
    assert code == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("error: UNAVAILABLE: ") and "HTTP/2" in line
    assert line.endswith("(is this an arena gateway port?)")


def test_a_match_aborted_by_a_drain_is_said_to_be_not_rated(start_gateway) -> None:
    """A match still running when the server drains ends aborted and unrated: the bot says
    "not rated", not a rating of 0.0, in the match's line and in its summary."""
    gateway = start_gateway(move_timeout=30)
    bot = subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "bot", "--server", gateway.address,
         "--token", gateway.token("drained"), "--think", "0.2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert bot.stdout is not None
        for line in bot.stdout:
            if ": seat " in line:
                break
        else:
            raise AssertionError(bot.stderr.read() if bot.stderr else "the bot ended")
        gateway.thread.call(gateway.gateway.drain(0.3), 60)
        rest, err = bot.communicate(timeout=60)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.communicate()
    ends = [text for text in rest.splitlines() if ": rank " in text]
    assert len(ends) == 1 and ends[0].endswith(": rank 0, aborted, not rated"), rest
    summary = rest.splitlines()[-1]
    assert summary == ("drained: 1 matches (0 rated, 0 forfeited), 0 wins, "
                       f"{summary.split(', ')[3]}, not rated"), rest
    assert bot.returncode == 1 and "UNAVAILABLE" in err, err


def _end(seat: int, ranks: list[int], forfeited: tuple[int, ...] = (),
         scores: list[float] | None = None) -> arena_pb2.MatchEnd:
    scores = scores or [0.0] * len(ranks)
    return arena_pb2.MatchEnd(seat=seat, results=[
        arena_pb2.SeatResult(seat=s, rank=r, score=scores[s], forfeited=s in forfeited)
        for s, r in enumerate(ranks)])


def test_a_tie_for_first_counts_a_share_of_a_win_as_the_ladder_does() -> None:
    assert win_share(0, _end(0, [1, 2, 3]).results) == 1.0
    assert win_share(1, _end(1, [1, 2, 3]).results) == 0.0
    assert win_share(0, _end(0, [1, 1, 3]).results) == 0.5
    assert win_share(2, _end(2, [1, 1, 1]).results) == pytest.approx(1 / 3)
    # A seat that forfeited ranks after all the others: the next best seat wins.
    assert win_share(1, _end(1, [1, 2, 3], forfeited=(0,)).results) == 1.0
    assert win_share(0, _end(0, [1, 2, 3], forfeited=(0,)).results) == 0.0
    assert win_share(0, _end(0, [1, 2], forfeited=(0, 1)).results) == 0.5
    # Solo: a win when the score is >= 0, as the solo standings count it; aborted: none.
    assert win_share(0, _end(0, [1], scores=[0.0]).results) == 1.0
    assert win_share(0, _end(0, [1], scores=[-4.0]).results) == 0.0
    assert win_share(0, []) == 0.0
    units = win_units(["a", "b", "c"], [1, 1, 3])
    assert units["a"] / TALLY_UNITS == win_share(0, _end(0, [1, 1, 3]).results)
    assert format_wins(2.0) == "2" and format_wins(1.5) == "1.5"
    assert format_wins(1 / 3) == "0.33" and format_wins(0.0) == "0"


def test_the_reference_client_plays_epic_resort_against_the_fill_bot(start_gateway) -> None:
    gateway = start_gateway(game="epic-resort", players=4, fill="random")
    report = play(gateway.address, gateway.token("ref"), "epic-resort",
                  make_strategy("heuristic", "epic-resort"), max_matches=1, seed=2)
    assert len(report.matches) == 1 and not report.errors
    (record,) = report.matches
    assert record.reason == "completed" and record.rated and 1 <= record.rank <= 4
    assert report.decisions > 0
    (applied,) = gateway.store.applied_matches("epic-resort")
    assert sorted(applied.participants) == sorted(["ref"] + ["builtin:random"] * 3)


def test_the_bot_cli_refuses_a_strategy_for_another_game(capsys) -> None:
    code = arena(["bot", "--server", "127.0.0.1:1", "--token", "t", "--game", "ark-nova",
                  "--strategy", "heuristic"])
    assert code == 2 and "use --strategy random" in capsys.readouterr().err
