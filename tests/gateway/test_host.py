"""The match host on its own (in-process): requests, substitutions and forfeits."""

from __future__ import annotations

import random

from arena.v1 import arena_pb2

from engine.core import GameConfig, get_game, replay_match
from engine.core.replay import Replay
from services.hosting.match_host import MatchHost
from services.hosting.protocol import HostStep, SeatRequest

GAME = "monster-my-neighbor"
REMOTE = (True, False, True, False, False)
LABELS = ("a", "builtin:random", "b", "builtin:random", "builtin:random")


def _host(seed: int = 11) -> MatchHost:
    return MatchHost(GAME, GameConfig(5, {}).to_json(), seed, REMOTE, LABELS, "random")


def _parse(request: SeatRequest) -> arena_pb2.DecisionRequest:
    return arena_pb2.DecisionRequest.FromString(request.body)


def _play(host: MatchHost, choose) -> list[HostStep]:
    """Every step of a match, from ``start``; ``choose`` answers the requests."""
    steps = [host.start()]
    pending = {r.seat: r for r in steps[0].requests}
    while not steps[-1].over:
        assert pending, "the match waits on a seat that was never asked"
        step = choose(host, pending.pop(min(pending)))
        assert all(r.seat not in pending for r in step.requests), "a seat was asked twice"
        pending.update({r.seat: r for r in step.requests})
        steps.append(step)
    assert not pending
    return steps


def test_requests_encode_the_seats_own_observation_and_options() -> None:
    asked: list[tuple[SeatRequest, int]] = []
    rng = random.Random(2)

    def choose(h: MatchHost, r: SeatRequest) -> HostStep:
        index = rng.randrange(r.option_count)
        asked.append((r, index))
        return h.submit(r.seat, index)

    step = _play(_host(), choose)[-1]
    assert step.replay is not None
    replay = Replay.from_json(dict(step.replay))
    game = get_game(GAME)
    codec = game.wire()
    state = game.new_state(replay.config, replay.seed)
    remaining = list(asked)
    marks: dict[int, object] = {}
    for seat, index in replay.choices:
        if REMOTE[seat]:
            request, chosen = next(item for item in remaining if item[0].seat == seat)
            remaining.remove((request, chosen))
            message = _parse(request)
            decision = state.decision(seat)
            seen = state.observation(seat)
            assert chosen == index and message.kind == decision.kind
            assert message.observation == arena_pb2.Observation(
                monster_my_neighbor=codec.observation(seen, marks.get(seat)))
            marks[seat] = codec.log_mark(seen)
            assert [(o.label, o.monster_my_neighbor) for o in message.options] == [
                (state.describe_option(seat, i), codec.option(seen, decision.kind, option))
                for i, option in enumerate(decision.options)
            ]
        state.apply(seat, index)
    assert not remaining


def test_each_seat_gets_every_log_event_once_and_in_order() -> None:
    received: dict[int, tuple[list, list]] = {0: ([], []), 2: ([], [])}

    def choose(h: MatchHost, r: SeatRequest) -> HostStep:
        message = _parse(r)
        obs = message.observation.monster_my_neighbor
        public, private = received[r.seat]
        assert obs.public_events_from == len(public)
        assert obs.private_events_from == len(private)
        public.extend(obs.public_events)
        private.extend(obs.private_events)
        return h.submit(r.seat, 0)

    step = _play(_host(8), choose)[-1]
    assert step.replay is not None
    replay = Replay.from_json(dict(step.replay))
    game = get_game(GAME)
    state = game.new_state(replay.config, replay.seed)
    asked = {seat: 0 for seat in received}
    for seat, index in replay.choices:
        if REMOTE[seat]:
            asked[seat] += 1
            if asked[seat] == sum(1 for s, _ in replay.choices if s == seat):
                whole = game.wire().observation(state.observation(seat))
                public, private = received[seat]
                assert public == list(whole.public_events)
                assert private == list(whole.private_events)
        state.apply(seat, index)
    assert all(received[seat][0] for seat in received)


def test_legal_choices_play_to_the_end_and_the_replay_holds() -> None:
    rng = random.Random(5)
    steps = _play(_host(), lambda h, r: h.submit(r.seat, rng.randrange(r.option_count)))
    step, calls = steps[-1], len(steps) - 1
    assert step.result is not None and step.replay is not None
    replay = Replay.from_json(dict(step.replay))
    replay_match(replay)
    remote_choices = sum(1 for seat, _ in replay.choices if REMOTE[seat])
    assert remote_choices == calls


def test_builtin_counters_add_up_to_the_non_remote_choices() -> None:
    steps = _play(_host(3), lambda h, r: h.submit(r.seat, 0))
    assert steps[-1].replay is not None
    builtin = sum(s.builtin_decisions for s in steps)
    remote = len(steps) - 1
    assert builtin + remote == len(steps[-1].replay["choices"])


def test_an_illegal_index_is_replaced_by_a_legal_one() -> None:
    host = _host()
    request = host.start().requests[0]
    step = host.submit(request.seat, request.option_count + 4)
    assert step.substituted is not None and 0 <= step.substituted < request.option_count
    assert step.builtin_decisions >= 1
    # A negative index is illegal too, not a count from the end of the options.
    host = _host()
    request = host.start().requests[0]
    step = host.submit(request.seat, -1)
    assert step.substituted is not None and 0 <= step.substituted < request.option_count


def test_a_seat_owing_again_right_after_a_substitution_is_asked_again() -> None:
    """A substituted seat often owes its next decision at once (about 30 times a match
    here): the host asks it again, so a match answered only by substitutions ends."""
    steps = _play(_host(7), lambda h, r: h.substitute(r.seat))
    assert all(s.builtin_decisions >= 1 for s in steps[1:])
    replay = steps[-1].replay
    assert replay is not None
    remote = [index for seat, index in replay["choices"] if REMOTE[seat]]
    assert remote == [s.substituted for s in steps[1:]]
    replay_match(Replay.from_json(dict(replay)))


def test_a_forfeited_seat_is_played_by_the_fill_bot() -> None:
    host = _host()
    step = host.start()
    for seat in (0, 2):
        step = host.forfeit(seat)
    assert step.over and not step.requests
    assert step.replay is not None
    replay_match(Replay.from_json(dict(step.replay)))


def test_the_host_bench_plays_whole_matches() -> None:
    from bench.host import play

    decisions, cpu = play(GAME, 5, 0.01)
    assert decisions > 10 and cpu > 0


def _labels_checked(host: MatchHost) -> set[str]:
    """Play ``host`` to the end; check every request's option labels and messages against
    the state's own; return the labels seen."""
    codec = get_game(GAME).wire()
    labels: set[str] = set()
    rng = random.Random(6)

    def choose(h: MatchHost, r: SeatRequest) -> HostStep:
        state = h._session.state
        message = _parse(r)
        seen = state.observation(r.seat)
        options = state.decision(r.seat).options
        assert [o.label for o in message.options] == state.describe_options(r.seat)
        assert [o.monster_my_neighbor for o in message.options] == [
            codec.option(seen, r.kind, option) for option in options]
        labels.update(o.label for o in message.options)
        return h.submit(r.seat, rng.randrange(r.option_count))

    _play(host, choose)
    return labels


def test_reused_option_entries_follow_each_matchs_own_card_file() -> None:
    """Option entries are kept per card set: a match on a card file that renames a card
    gets its own labels, and a later match on the default file gets the default ones."""
    from engine.monster_my_neighbor.cards import default_cards_text

    renamed = default_cards_text().replace(
        "names: {it: Cacciatore, en: Hunter}", "names: {it: Cacciatore, en: Huntress}")
    assert renamed != default_cards_text()
    seen = {
        name: _labels_checked(MatchHost(
            GAME, GameConfig(5, {}, cards=cards).to_json(), 4, REMOTE, LABELS, "random"))
        for name, cards in (("default", None), ("renamed", renamed), ("again", None))
    }
    assert "Huntress" in seen["renamed"] and "Hunter" not in seen["renamed"]
    assert "Hunter" in seen["again"] and "Huntress" not in seen["again"]
