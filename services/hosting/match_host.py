"""Hosting one match whose seats are partly remote bots (reached through the gateway).

:class:`MatchHost` wraps :class:`engine.core.MatchSession`. Built-in seats (the gateway's
fill bot) decide inside the host with no round trip. Whenever remote seats owe a
decision, the host returns one :class:`SeatRequest` per newly pending seat whose
observation and options are already encoded with the game's WireCodec, so only remote
decisions pay for protobuf. A seat's request is built from ``observation(seat)`` alone:
the engine's observation is the single gate for hidden information.

The gateway runs hosts in long-lived host worker processes (:mod:`services.hosting.pool`),
many matches each, or in its own event loop (:mod:`services.hosting.in_loop`); either
way it calls them through the host protocol (:mod:`services.hosting.protocol`). A host
given a ``budget`` plays built-in seats for about that many seconds per call (the
decision in progress is finished): a call that has more to play returns a ``paused``
step, and :meth:`MatchHost.resume` goes on. So no call lasts much longer than the budget
plus one built-in decision, however long the rest of the game takes (a forfeited match
played out by a slow fill bot).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from arena.v1 import arena_pb2

from engine.core import Bot, GameConfig, GameRng, IllegalChoice, MatchSession, get_game
from engine.core.match import bot_seed
from engine.toolkit.bots import make_bot
from engine.toolkit.wire_bytes import delimited
from engine.toolkit.wire_values import ValueEncoder
from services.hosting.protocol import HostStep, Op, SeatRequest
from services.wire.frames import compose_body, decision_body, option_entry

_REQ_ENGINE_OBSERVATION = arena_pb2.DecisionRequest.DESCRIPTOR.fields_by_name[
    "engine_observation"].number
# Salt for the private streams of substituted moves (separate from the seats' own bots).
_SUBSTITUTE_SALT = 0x5B57


class MatchHost:
    """One match: built-in ``fill`` bots on the seats that are not remote (or ``bots[i]``
    where given: a tournament's own entrants); ``budget`` seconds of built-in play per
    call (None: no limit)."""

    def __init__(
        self,
        game_id: str,
        config: Mapping[str, Any],
        seed: int,
        remote: Sequence[bool],
        labels: Sequence[str],
        fill: str,
        engine_seats: Sequence[int] = (),
        *,
        budget: float | None = None,
        bots: Sequence[Bot | None] | None = None,
    ) -> None:
        game = get_game(game_id)
        # Without a codec (a game with no protobuf messages yet) remote bots get labels only.
        self._codec = game.wire() if game.wire is not None else None
        self._game_config = GameConfig.from_json(config)
        seats: list[Bot | None] = [
            None if is_remote
            else bots[seat] if bots is not None and bots[seat] is not None
            else make_bot(game_id, fill)
            for seat, is_remote in enumerate(remote)
        ]
        self._session = MatchSession(game_id, self._game_config, seed, seats, labels)
        self._game_id, self._seed, self._fill = game_id, seed, fill
        self._budget = budget
        # Per remote seat, made when first needed (most matches never substitute).
        self._substitutes: dict[int, tuple[Bot, GameRng]] = {}
        self._asked: set[int] = set()
        self._option_entries = _OPTION_ENTRIES
        # Per seat: where the logs sent in its previous request ended.
        self._log_marks: list[Any] = [None] * len(remote)
        # Remote seats whose stream asked for engine values (Hello.engine_values): their
        # encoder and where their logs' previous piece ended.
        self._values: dict[int, tuple[ValueEncoder, dict[str, int] | None]] = {
            seat: (self._codec.value_encoder(), None) for seat in engine_seats
        } if self._codec is not None else {}
        self._counted_decisions = 0
        self._counted_seconds = 0.0
        self._extra_decisions = 0
        self._extra_seconds = 0.0
        self._reported_choices = 0

    def start(self) -> HostStep:
        """Play built-in seats until remote seats are pending; return their requests."""
        return self._step(None)

    def submit(self, seat: int, index: int) -> HostStep:
        """Apply a remote seat's choice; an illegal index is replaced by the fill bot's."""
        self._owed(seat)
        self._asked.discard(seat)
        if not 0 <= index < len(self._session.state.decision(seat).options):
            return self._step(self._substitute(seat))
        try:
            self._session.submit(seat, index)
        except IllegalChoice:
            return self._step(self._substitute(seat))
        return self._step(None)

    def substitute(self, seat: int) -> HostStep:
        """Play the fill bot's choice for a remote seat that did not answer in time."""
        self._owed(seat)
        self._asked.discard(seat)
        return self._step(self._substitute(seat))

    def forfeit(self, seat: int) -> HostStep:
        """Hand a remote seat to the fill bot for the rest of the match."""
        if self._session.seats[seat] is None:
            self._session.hand_over(seat, self._substitute_for(seat)[0])
        self._asked.discard(seat)
        return self._step(None)

    def resume(self) -> HostStep:
        """Go on with the built-in play a paused step left (a no-op step otherwise)."""
        return self._step(None)

    def perform(self, op: str, args: tuple[int, ...]) -> HostStep:
        """One call of the host protocol (:class:`Op`) on this started match."""
        if op == Op.SUBMIT:
            return self.submit(*args)
        if op == Op.RESUME:
            return self.resume()
        if op == Op.SUBSTITUTE:
            return self.substitute(*args)
        if op == Op.FORFEIT:
            return self.forfeit(*args)
        raise ValueError(f"not a call on a started match: {op!r}")

    def _owed(self, seat: int) -> None:
        if seat not in self._asked:
            raise IllegalChoice(f"seat {seat} was not asked for a decision")

    def _substitute_for(self, seat: int) -> tuple[Bot, GameRng]:
        """The fill bot standing in for ``seat`` and its private stream."""
        found = self._substitutes.get(seat)
        if found is None:
            found = self._substitutes[seat] = (
                make_bot(self._game_id, self._fill),
                GameRng(bot_seed(self._seed, seat) ^ _SUBSTITUTE_SALT))
        return found

    def _substitute(self, seat: int) -> int:
        state = self._session.state
        started = time.perf_counter()
        bot, rng = self._substitute_for(seat)
        seen = state.observation(seat) if bot.needs_observation else None
        index = bot.choose(seen, state.decision(seat), rng)
        self._extra_seconds += time.perf_counter() - started
        self._extra_decisions += 1
        self._session.submit(seat, index)
        return index

    def _step(self, substituted: int | None) -> HostStep:
        session = self._session
        budget = self._budget
        pending = session.advance(None if budget is None else time.perf_counter() + budget)
        if session.paused:
            new = []  # the seats owing decisions are known once the built-in play is done
        else:
            self._asked.intersection_update(pending)
            new = [seat for seat in pending if seat not in self._asked]
            self._asked.update(new)
        decisions = session.builtin_decisions + self._extra_decisions
        seconds = session.builtin_seconds + self._extra_seconds
        step_decisions = decisions - self._counted_decisions
        step_seconds = seconds - self._counted_seconds
        self._counted_decisions, self._counted_seconds = decisions, seconds
        over = session.is_over()
        choices = tuple(session.choices[self._reported_choices:])
        self._reported_choices = len(session.choices)
        return HostStep(
            requests=tuple(self._request(seat) for seat in new),
            over=over,
            substituted=substituted,
            builtin_decisions=step_decisions,
            builtin_seconds=step_seconds,
            result=session.state.result() if over else None,
            replay=session.replay().to_json() if over else None,
            choices=choices,
            paused=session.paused,
        )

    def _request(self, seat: int) -> SeatRequest:
        state = self._session.state
        decision = state.decision(seat)
        codec = self._codec
        kind = decision.kind
        count = len(decision.options)
        if codec is None:
            labels = [(label, b"") for label in state.describe_options(seat)]
            return SeatRequest(seat, kind, count, decision_body(kind, None, b"", labels))
        seen = state.observation(seat)
        mark = self._log_marks[seat]
        observation = codec.observation_bytes(seen, mark)
        self._log_marks[seat] = codec.log_mark(seen)
        field = codec.field
        context = codec.option_context(seen)
        if context is None:
            entries = [
                option_entry(label, field, codec.option(seen, kind, option).SerializeToString())
                for label, option in zip(
                    state.describe_options(seat), decision.options, strict=True)
            ]
        else:
            cached = self._option_entries.get(context, kind, decision.options)
            entries = cached if cached is not None else [
                self._option_entries.put(
                    context, kind, option, option_entry(
                        state.describe_option(seat, i), field,
                        codec.option(seen, kind, option).SerializeToString()))
                for i, option in enumerate(decision.options)
            ]
        body = compose_body(kind, field, observation, entries)
        values = self._values.get(seat)
        if values is not None:
            encoder, since = values
            text = encoder.encode(seen, decision.options, since)
            self._values[seat] = (encoder, encoder.mark(seen))
            body += delimited(_REQ_ENGINE_OBSERVATION, text.encode())
        return SeatRequest(seat, kind, count, body)


class OptionEntries:
    """Encoded option entries (label and message) per option context, kind and option.

    Shared by every host of the process: a context (the codec's ``option_context``,
    e.g. a match's card set) is kept with its entries, so it is never confused with a
    later object at the same address. A table is emptied when it reaches ``LIMIT``.
    Used from one thread (a host process steps its matches one at a time).
    """

    LIMIT = 1 << 14

    def __init__(self) -> None:
        self._tables: dict[int, tuple[Any, dict[tuple[str, Any], bytes]]] = {}
        self._context: Any = None
        self._table: dict[tuple[str, Any], bytes] = {}

    def _table_of(self, context: Any) -> dict[tuple[str, Any], bytes]:
        if context is not self._context:
            found = self._tables.get(id(context))
            if found is None or found[0] is not context:
                if len(self._tables) >= 64:
                    self._tables.clear()
                found = self._tables[id(context)] = (context, {})
            self._context, self._table = found
        return self._table

    def get(self, context: Any, kind: str, options: Sequence[Any]) -> list[bytes] | None:
        """Every option's entry, or None when one of them is not encoded yet."""
        table = self._table_of(context)
        try:
            return [table[kind, option] for option in options]
        except KeyError:
            return None

    def put(self, context: Any, kind: str, option: Any, entry: bytes) -> bytes:
        """Keep ``entry`` for ``option``; return it."""
        table = self._table_of(context)
        if len(table) >= self.LIMIT:
            table.clear()
        table[kind, option] = entry
        return entry


_OPTION_ENTRIES = OptionEntries()
