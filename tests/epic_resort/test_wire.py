"""Epic Resort wire codec: every observation and option of random games encodes to a
populated, self-consistent message; effect prompts; hidden information on the wire; the
match host's requests are the codec of the asked seat's own observation."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from arena.v1 import arena_pb2
from arena.v1 import epic_resort_pb2 as pb

from engine.core import GameConfig, GameRng, GameState, Option, Replay, get_game
from engine.epic_resort.actions import GmSplit
from engine.epic_resort.attacks import HeroDefends, HeroDodges, HeroMovesIn, NoDefence
from engine.epic_resort.effects import Cash, Heal, Repair, Reposition, Unlock
from engine.epic_resort.game_state import EpicResortState
from engine.epic_resort.phase1 import PlanWorker
from engine.epic_resort.state import State
from engine.epic_resort.wire import EpicResortCodec
from engine.toolkit import flow
from services.hosting.match_host import MatchHost
from services.hosting.protocol import HostStep, SeatRequest
from tests.codec_checks import assert_reused_codec_matches_fresh
from tests.epic_resort.helpers import CARDS, bare, put, worker

GAME = "epic-resort"
CODEC = EpicResortCodec()

# The option fields each decision kind may use (spec 15).
FREE_ACTIONS = {"send", "discard", "ability"}
KIND_FIELDS = {
    "STARTING_LAYOUT": {"layout"},
    "SEND_WORKER": {"send", "done"},
    "GUILDMASTER_SPLIT": {"guildmaster_split"},
    "TURN_MENU": FREE_ACTIONS | {"attract_tourists", "attract_season_pass", "attract_hero",
                                 "upgrade", "train", "pass_phase", "end_turn"},
    "ATTACK_RESPONSE": FREE_ACTIONS | {"done"},
    "CHOOSE_HARBORMASTER": {"harbormaster"},
    "HERO_DECISION": {"hero"},
    "PLACE_TOURIST": {"place_tourist"},
    "CHOOSE_HERO_TO_HEAL": {"heal_hero"},
    "CHOOSE_ATTRACTION_TO_REPAIR": {"repair"},
    "CHOOSE_ATTRACTION_TO_UNLOCK": {"unlock"},
    "CASH_OUT_TOURISTS": {"cash_out"},
    "REPOSITION_HEROES": {"reposition"},
}
# The prompt's step for each decision kind (a Guildmaster split in Phase I is asked by the
# Phase I step itself).
STEP_KINDS = {
    "STARTING_LAYOUT": {"LAYOUT"}, "SEND_WORKER": {"PHASE1"},
    "GUILDMASTER_SPLIT": {"GM_SPLIT", "PHASE1"}, "TURN_MENU": {"TURN"},
    "ATTACK_RESPONSE": {"RESPOND"}, "CHOOSE_HARBORMASTER": {"HM_CHOICE"},
    "HERO_DECISION": {"HERO"}, "PLACE_TOURIST": {"PLACE"}, "CHOOSE_HERO_TO_HEAL": {"HEAL"},
    "CHOOSE_ATTRACTION_TO_REPAIR": {"DAMAGE"}, "CHOOSE_ATTRACTION_TO_UNLOCK": {"UNLOCK"},
    "CASH_OUT_TOURISTS": {"CASH"}, "REPOSITION_HEROES": {"REPOSITION"},
}


def test_every_decision_kind_has_option_fields() -> None:
    oneof = {f.name for f in pb.EpicResortOption.DESCRIPTOR.oneofs_by_name["choice"].fields}
    assert set(KIND_FIELDS) == set(STEP_KINDS)
    assert set().union(*KIND_FIELDS.values()) == oneof


def _subclasses(cls: type) -> set[type]:
    """Subclasses as their modules define them (``dataclass(slots=True)`` replaces a class,
    and the replaced one may linger in ``__subclasses__``)."""
    out = set()
    for sub in cls.__subclasses__():
        if getattr(sys.modules[sub.__module__], sub.__name__, None) is sub:
            out.add(sub)
        out |= _subclasses(sub)
    return out


def test_one_table_encodes_every_option_type_of_the_game() -> None:
    option_types = {
        c for c in _subclasses(Option) if c.__module__.startswith("engine.epic_resort")}
    assert len(option_types) >= 25
    assert set(EpicResortCodec.OPTIONS) == option_types


def _check_observation(obs, msg: pb.EpicResortObservation) -> None:
    assert pb.EpicResortObservation.FromString(msg.SerializeToString()) == msg
    assert msg.seat == obs.seat and len(msg.seats) == obs.players_count
    assert sum(c.count for c in msg.hand) == len(obs.hand)
    own = msg.seats[obs.seat]
    assert own.plan_visible
    assert len(msg.dock) == len(obs.dock) and all(msg.dock)
    assert [len(t.available) for t in msg.draft] == [len(t) for t in obs.draft_available]
    for seat in msg.seats:
        assert len(seat.slots) == 3
        for slot, view in zip(seat.slots, obs.players[seat.seat].slots, strict=True):
            assert len(slot.stack) == len(view.stack) and slot.tourists == view.tourists
            assert bool(slot.hero) == (view.hero >= 0)
    assert msg.HasField("attack") == (obs.attack is not None)


def _check_option(msg: pb.EpicResortObservation, kind: str, option: pb.EpicResortOption
                  ) -> None:
    field = option.WhichOneof("choice")
    assert field in KIND_FIELDS[kind], (kind, option)
    value = getattr(option, field)
    hand = {c.card for c in msg.hand}
    own = msg.seats[msg.seat]
    if field == "send":
        assert value.worker in hand
        assert value.slot == -1 or value.attraction == own.slots[value.slot].stack[-1]
    elif field == "attract_tourists":
        assert value.card == msg.dock[value.dock_position]
    elif field == "attract_hero":
        assert value.hero == msg.dock[value.dock_position] and not own.slots[value.slot].hero
    elif field == "upgrade":
        assert value.attraction == msg.draft[value.tier - 1].available[value.index]
    elif field == "train":
        assert value.trainer in hand
        assert value.worker == msg.worker_piles[value.pile].worker
    elif field == "guildmaster_split":
        assert len(value.slots) == len(value.units) and value.worker
    elif field == "place_tourist":
        assert own.slots[value.slot].stack[-1] == value.card


def _random_walk(players: int, seed: int, options: dict | None = None) -> set[str]:
    """Play a random game, checking every observation and option; return kinds seen."""
    state = get_game(GAME).new_state(GameConfig(players, options or {}), seed)
    rng = GameRng(seed)
    seen: set[str] = set()
    while not state.is_terminal():
        seat = rng.choice(state.pending_seats())
        decision = state.decision(seat)
        obs = state.observation(seat)
        msg = CODEC.observation(obs)
        _check_observation(obs, msg)
        assert msg.prompt.step in STEP_KINDS[decision.kind]
        encoded = [CODEC.option(obs, decision.kind, o) for o in decision.options]
        for option in encoded:
            _check_option(msg, decision.kind, option)
        assert len({o.SerializeToString() for o in encoded}) == len(encoded), decision.kind
        seen.add(decision.kind)
        state.apply(seat, rng.randrange(len(decision.options)))
    final = CODEC.observation(state.observation(0))
    assert final.terminal and not final.HasField("prompt")
    return seen


def test_random_games_encode_every_observation_and_option() -> None:
    seen: set[str] = set()
    for seed in range(5):
        for players in (2, 3, 4):
            seen |= _random_walk(players, seed)
    # Effect prompts are rare in random play; they have scenario tests below.
    common = set(KIND_FIELDS) - {
        "GUILDMASTER_SPLIT", "CHOOSE_HERO_TO_HEAL", "CHOOSE_ATTRACTION_TO_REPAIR",
        "CHOOSE_ATTRACTION_TO_UNLOCK", "CASH_OUT_TOURISTS", "REPOSITION_HEROES",
    }
    assert common <= seen


def test_variants_encode_too() -> None:
    _random_walk(3, 1, {"phase_i_mode": "in_turn_order", "monster_deck_face_up": True,
                        "journeyman_discount": 3})


def _decide(s: State, *steps: flow.Step) -> tuple[EpicResortState, pb.EpicResortObservation,
                                                 list[pb.EpicResortOption]]:
    for step in reversed(steps):
        s.steps.append(step)
    flow.advance(s)
    g = EpicResortState(s)
    (seat,) = g.pending_seats()
    obs = g.observation(seat)
    d = g.decision(seat)
    return g, CODEC.observation(obs), [CODEC.option(obs, d.kind, o) for o in d.options]


def test_cash_out_prompt_and_options() -> None:
    s = bare(2)
    put(s, 0, 1, "beach", tourists=2)
    _, msg, options = _decide(s, Cash(0, 1, "gold", 2))
    assert (msg.prompt.step, msg.prompt.slot, msg.prompt.resource, msg.prompt.per_tourist) == (
        "CASH", 1, "gold", 2)
    assert [o.cash_out.tourists for o in options] == [0, 1, 2]


def test_guildmaster_split_options_cover_the_present_attractions() -> None:
    s = bare(2)
    for slot, name in enumerate(("beach", "tiki_hut", "beach")):
        put(s, 0, slot, name)
    gm = worker("guildmaster")
    _, msg, options = _decide(s, GmSplit(0, gm))
    assert (msg.prompt.step, msg.prompt.worker) == ("GM_SPLIT", "guildmaster")
    splits = [o.guildmaster_split for o in options]
    assert all(list(x.slots) == [0, 1, 2] and x.worker == "guildmaster" for x in splits)
    total = CARDS.workers[gm].split_total
    assert all(sum(x.units) == total for x in splits) and len(splits) > 1


def test_unlock_and_repair_options_name_the_attraction() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", locked=True, damage=1)
    put(s, 0, 2, "tiki_hut", locked=True, damage=2)
    _, msg, options = _decide(s, Unlock(0))
    assert msg.prompt.step == "UNLOCK"
    assert [(o.unlock.slot, o.unlock.card) for o in options] == [(0, "beach"), (2, "tiki_hut")]
    _, msg, options = _decide(s, Repair(0, 1))
    assert (msg.prompt.step, msg.prompt.amount) == ("DAMAGE", 1)
    assert [(o.repair.slot, o.repair.card) for o in options] == [(0, "beach"), (2, "tiki_hut")]


def test_heal_and_reposition_options_name_the_heroes() -> None:
    s = bare(2)
    put(s, 0, 0, "beach", hero_name="archer", health=1)
    put(s, 0, 1, "tiki_hut", hero_name="knight", health=1)
    put(s, 0, 2, "beach")
    _, msg, options = _decide(s, Heal(0, 2))
    assert (msg.prompt.step, msg.prompt.amount) == ("HEAL", 2)
    assert [(o.heal_hero.slot, o.heal_hero.card) for o in options] == [
        (0, "archer"), (1, "knight")]
    assert msg.seats[0].slots[0].hero == "archer" and msg.seats[0].slots[0].hero_health == 1
    _, msg, options = _decide(s, Reposition(0))
    moves = [(list(o.reposition.from_slots), list(o.reposition.to_slots)) for o in options]
    assert moves[0] == ([0, 1], [0, 1]) and ([0, 1], [2, 0]) in moves
    assert len(moves) == 6


def test_hero_decision_options() -> None:
    g = None
    for seed in range(40):
        state = get_game(GAME).new_state(GameConfig(2), seed)
        rng = GameRng(seed)
        while not state.is_terminal():
            seat = rng.choice(state.pending_seats())
            d = state.decision(seat)
            if d.kind == "HERO_DECISION" and any(o != NoDefence() for o in d.options):
                g = state
                break
            state.apply(seat, rng.randrange(len(d.options)))
        if g is not None:
            break
    assert g is not None, "no hero decision with a hero in 40 random games"
    (seat,) = g.pending_seats()
    obs = g.observation(seat)
    msg = CODEC.observation(obs)
    attacked = msg.prompt.slot
    assert msg.prompt.seat == seat == msg.attack.defender
    assert attacked in msg.attack.targets
    slots = msg.seats[seat].slots
    for option in g.decision(seat).options:
        hd = CODEC.option(obs, "HERO_DECISION", option).hero
        if isinstance(option, HeroDefends):
            assert hd.action == hd.ACTION_DEFEND and hd.hero == slots[attacked].hero
        elif isinstance(option, HeroDodges):
            assert hd.action == hd.ACTION_DODGE and hd.to_slot == option.slot
            assert not slots[hd.to_slot].hero
        elif isinstance(option, HeroMovesIn):
            assert hd.action == hd.ACTION_MOVE_IN and hd.hero == slots[option.slot].hero
        else:
            assert isinstance(option, NoDefence)
            assert hd.action == hd.ACTION_NONE and hd.to_slot == attacked


# ----------------------------------------------------------------------- hidden information


def _advance_to(g: EpicResortState, kind: str, rng: random.Random) -> None:
    while g.decision(g.pending_seats()[0]).kind != kind:
        seat = g.pending_seats()[0]
        g.apply(seat, rng.randrange(len(g.decision(seat).options)))


def _encoded(g: GameState, seat: int) -> bytes:
    return CODEC.observation(g.observation(seat)).SerializeToString()


def _scramble_hidden(g: EpicResortState, other: int, rng: random.Random) -> bool:
    """Swap a hand card of ``other`` with a draw card of another type and reorder every
    hidden pile. Returns whether ``other``'s hand changed."""
    s = g.s
    p = s.players[other]
    changed = False
    for i, w in enumerate(p.hand):
        j = next((j for j, d in enumerate(p.draw) if d != w), None)
        if j is not None:
            p.hand[i], p.draw[j] = p.draw[j], w
            changed = True
            break
    for pile in (*(q.draw for q in s.players), s.main_deck, s.monster_deck, *s.draft_piles):
        rng.shuffle(pile)
    return changed


def test_a_seats_wire_observation_ignores_others_hands_and_hidden_orders() -> None:
    rng = random.Random(3)
    for players, seed, kind in ((2, 1, "TURN_MENU"), (3, 2, "TURN_MENU"),
                                (4, 3, "SEND_WORKER"), (3, 4, "SEND_WORKER")):
        g = get_game(GAME).new_state(GameConfig(players), seed)
        _advance_to(g, kind, rng)
        before = {seat: _encoded(g, seat) for seat in range(players)}
        other = 1
        assert _scramble_hidden(g, other, rng), "the scramble must change a hand"
        for seat in range(players):
            if seat != other:
                assert _encoded(g, seat) == before[seat], (players, seat)
        # The control: the seat whose hand changed sees it.
        assert _encoded(g, other) != before[other]


def test_phase_i_sends_of_another_seat_stay_hidden_until_all_commit() -> None:
    g = get_game(GAME).new_state(GameConfig(3), 5)
    _advance_to(g, "SEND_WORKER", random.Random(0))
    assert len(g.pending_seats()) == 3
    before = _encoded(g, 0)
    own_before = _encoded(g, 1)
    sends = [i for i, o in enumerate(g.decision(1).options) if isinstance(o, PlanWorker)]
    g.apply(1, sends[0])
    assert _encoded(g, 0) == before
    after = CODEC.observation(g.observation(1))
    assert after.SerializeToString() != own_before and len(after.seats[1].plan) == 1
    assert not CODEC.observation(g.observation(0)).seats[1].plan_visible


# ----------------------------------------------------------------------- the match host


def expected_requests(replay: Replay, remote: Sequence[bool]) -> dict[int, list[
        arena_pb2.DecisionRequest]]:
    """Re-simulate a replay and build the request each remote seat should have been sent.

    A remote seat is asked when it becomes pending while no built-in seat is pending (as
    ``MatchSession.advance`` hands control back), with its observation at that moment."""
    game = get_game(replay.game_id)
    codec = game.wire()
    state = game.new_state(replay.config, replay.seed)
    asked: set[int] = set()
    out: dict[int, list[arena_pb2.DecisionRequest]] = {s: [] for s, r in enumerate(remote) if r}

    def ask() -> None:
        pending = state.pending_seats()
        asked.intersection_update(pending)
        if any(not remote[s] for s in pending):
            return
        for seat in pending:
            if seat in asked:
                continue
            asked.add(seat)
            obs = state.observation(seat)
            d = state.decision(seat)
            out[seat].append(arena_pb2.DecisionRequest(
                seat=seat, kind=d.kind,
                observation=arena_pb2.Observation(epic_resort=codec.observation(obs)),
                options=[arena_pb2.Option(label=state.describe_option(seat, i),
                                          epic_resort=codec.option(obs, d.kind, o))
                         for i, o in enumerate(d.options)]))

    for seat, index in replay.choices:
        ask()
        state.apply(seat, index)
        asked.discard(seat)
    assert state.is_terminal()
    return out


def _strip(request: arena_pb2.DecisionRequest) -> arena_pb2.DecisionRequest:
    """The fields the game state fixes (match id, request id and clocks removed)."""
    return arena_pb2.DecisionRequest(seat=request.seat, kind=request.kind,
                                     observation=request.observation, options=request.options)


def test_host_requests_are_the_codec_of_the_asked_seats_observation() -> None:
    remote = (True, False, True)
    host = MatchHost(GAME, GameConfig(3).to_json(), 9, remote, ("a", "builtin:random", "b"),
                     "random")
    rng = random.Random(4)
    sent: dict[int, list[arena_pb2.DecisionRequest]] = {0: [], 2: []}

    def record(step: HostStep) -> dict[int, SeatRequest]:
        for r in step.requests:
            message = arena_pb2.DecisionRequest.FromString(r.body)
            message.seat = r.seat
            sent[r.seat].append(_strip(message))
        return {r.seat: r for r in step.requests}

    step = host.start()
    pending = record(step)
    while not step.over:
        request = pending.pop(min(pending))
        step = host.submit(request.seat, rng.randrange(request.option_count))
        pending.update(record(step))
    assert step.replay is not None
    expected = expected_requests(Replay.from_json(dict(step.replay)), remote)
    assert {s: len(v) for s, v in sent.items()} == {s: len(v) for s, v in expected.items()}
    for seat in sent:
        assert [_strip(m) for m in sent[seat]] == expected[seat]
    kinds = {m.kind for v in sent.values() for m in v}
    assert {"SEND_WORKER", "TURN_MENU", "PLACE_TOURIST"} <= kinds
    assert all(m.observation.WhichOneof("game") == "epic_resort" for v in sent.values() for m in v)


def test_a_reused_codec_sends_the_message_a_fresh_one_builds() -> None:
    assert_reused_codec_matches_fresh(GAME, pb.EpicResortObservation, (2, 3, 4, 2))
