"""The reference bot client: its wire-only heuristic, and `arena bot` against a gateway."""

from __future__ import annotations

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


def test_the_client_plays_the_matches_it_asked_for(start_gateway) -> None:
    gateway = start_gateway(gather_seconds=0.1)
    report = play(gateway.address, gateway.token("ref"), GAME, make_strategy("heuristic"),
                  max_matches=2, seed=3)
    assert report.name == "ref" and len(report.matches) == 2
    assert all(m.rated and m.reason == "completed" for m in report.matches)
    assert report.decisions == gateway.metric("arena_decisions_total", game=GAME, source="remote")
    stats = gateway.store.bot_stats(GAME, "ref")
    assert stats is not None and stats.games == 2 and stats.rating == report.matches[-1].rating


def test_arena_bot_exits_2_on_an_unknown_token(start_gateway, capsys) -> None:
    gateway = start_gateway()
    code = arena(["bot", "--server", gateway.address, "--token", "bogus", "--matches", "1"])
    assert code == 2
    assert "UNAUTHENTICATED" in capsys.readouterr().err
