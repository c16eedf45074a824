"""Monster My Neighbor's data for the contract tests (``tests/contracts``): a served match
with options and a renamed card file, the requests each remote seat must be sent (log
entries sent once, then by mark), bad ``serve`` arguments, and hidden-information variants."""

from __future__ import annotations

import importlib.resources
import random
from collections.abc import Iterator, Sequence

from arena.v1 import arena_pb2

from engine.core import Replay, get_game
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.options import SIMULTANEOUS_KINDS
from tests.contracts.games import GameContract, PlayRuns, ServedMatch, WebLeak
from tests.monster_my_neighbor.test_properties import hidden_variants, random_states

GAME = "monster-my-neighbor"


def custom_cards() -> str:
    """The packaged card file with the Wanted card's English name changed."""
    text = (importlib.resources.files("engine.monster_my_neighbor") / "data"
            / "cards.yaml").read_text(encoding="utf-8")
    renamed = text.replace("names: {it: Ricercato, en: Wanted}",
                           "names: {it: Ricercato, en: Most Wanted}")
    assert renamed.count("Most Wanted") == 1
    return renamed


def expected_requests(replay: Replay, remote: Sequence[bool]) -> dict[int, list[
        arena_pb2.DecisionRequest]]:
    """Re-simulate a replay and build the request each remote seat should have been sent:
    its own observation when it chose, the log after the mark of its previous request."""
    game = get_game(replay.game_id)
    codec = game.wire()
    state = game.new_state(replay.config, replay.seed)
    out: dict[int, list[arena_pb2.DecisionRequest]] = {s: [] for s, r in enumerate(remote) if r}
    marks: dict[int, object] = {}
    for seat, index in replay.choices:
        if remote[seat]:
            obs = state.observation(seat)
            d = state.decision(seat)
            out[seat].append(arena_pb2.DecisionRequest(
                seat=seat, kind=d.kind,
                observation=arena_pb2.Observation(
                    monster_my_neighbor=codec.observation(obs, marks.get(seat))),
                options=[arena_pb2.Option(label=state.describe_option(seat, i),
                                          monster_my_neighbor=codec.option(obs, d.kind, o))
                         for i, o in enumerate(d.options)]))
            marks[seat] = codec.log_mark(obs)
        state.apply(seat, index)
    assert state.is_terminal()
    return out


def spectator_states() -> Iterator[MonsterState]:
    """Every 4th state of 30 random 3- to 8-player games; where seats decide at once, the
    first has already committed (its choice is hidden from the others)."""
    rng = random.Random(7)
    for step, (_seed, s) in enumerate(random_states(30, seed0=30_000)):
        if step % 4 or s.is_terminal():
            continue
        probe = s
        if s.s.pend_kind in SIMULTANEOUS_KINDS:
            probe = s.clone()
            first = probe.pending_seats()[0]
            probe.apply(first, rng.randrange(len(probe.decision(first).options)))
        yield probe


def role_variant(s: MonsterState, rng: random.Random) -> list[MonsterState]:
    """``s`` with the Monster swapped into another hand (for a card of that hand), if any
    hand holds it and another hand has a card."""
    c = s.s.cards
    hands = s.s.hands
    holders = [q for q in range(s.s.n) if any(hands[q][t] for t in c.monster_types)]
    if not holders:
        return []
    holder = holders[0]
    others = [q for q in range(s.s.n) if q != holder and s.s.hand_sizes[q]]
    if not others:
        return []
    other = rng.choice(others)
    v = s.clone()
    monster = next(t for t in c.monster_types if v.s.hands[holder][t])
    card = rng.choice([t for t, k in enumerate(v.s.hands[other]) if k])
    v.s.hands[holder][monster] -= 1
    v.s.hands[other][card] -= 1
    v.s.hands[holder][card] += 1
    v.s.hands[other][monster] += 1
    return [v]


def two_rounds_were_played(state: MonsterState) -> None:
    assert state.s.rounds == 2 and state.s.round_no == 2


CONTRACT = GameContract(
    game=GAME,
    served=ServedMatch(
        options={"rounds": 2}, cards=custom_cards(), expected_requests=expected_requests,
        kinds=frozenset({"PLAY_CARD"}), players=3, timeout=300),
    bad_serve_args=(
        (("--players", "2"), "monster-my-neighbor is played by 3 to 8 players, not 2"),
        (("--option", "no_such_option=1"), "unknown"),
        (("--cards", "/nonexistent/cards.yaml"), "does not exist"),
    ),
    hidden_variants=hidden_variants,
    spectator_states=spectator_states,
    web_leak=WebLeak(players=5, bot_delay=0.02, bot_seed=5, more_variants=role_variant),
    play=PlayRuns(
        bots={3: "random,heuristic", 5: "random,heuristic"}, replay_marks=("PLAY_CARD",),
        card_players=4, card_suffix=".yaml", card_options={"rounds": 2},
        check_card_state=two_rounds_were_played,
        bad_args=((("--players", "1"), "players"), (("--players", "99"), "players"),
                  (("--option", "rounds=0"), "rounds"))),
)
