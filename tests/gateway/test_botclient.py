"""The reference bot client: its wire-only heuristic, and `arena bot` against a gateway."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

from arena.v1 import arena_pb2

from engine.core import GameConfig, GameRng
from services.botclient import make_strategy, play
from services.cli.main import main as arena
from services.runner.host import MatchHost
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
    assert events[0] == "connected as ref"
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
