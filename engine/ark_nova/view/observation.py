"""The observation gate: everything one seat may know, and nothing more.

Public: every zoo (buildings, played cards, tracks, tokens, workers, partner zoos,
universities), the display (once the starting draft is over), the discard pile, the
project rows, the association board, the bonus tiles, the break track, and the *counts*
of hidden piles. Private to the seat: its hand, its final scoring cards, the cards it has
set aside to choose from, and the cards it pouched. Never: other hands, other final
scoring cards or pouches, the deck order, the unused base projects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ark_nova.cards.catalog import CardSet
from engine.ark_nova.model.params import Params
from engine.ark_nova.model.state import Building, Player, State


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's public zoo and counts."""

    map_id: str
    money: int
    appeal: int
    conservation: int
    reputation: int
    x_tokens: int
    hand_size: int
    final_scoring_count: int
    set_aside_count: int
    slots: tuple[int, ...]  # action type in slot 1..5
    upgraded: tuple[bool, ...]  # per action type
    venom: tuple[int, ...]
    constriction: tuple[int, ...]
    multipliers: tuple[int, ...]
    inactive_multipliers: tuple[int, ...]
    workers_active: int
    workers_total: int
    workers_on: tuple[int, ...]
    partner_zoos: tuple[int, ...]
    universities: tuple[int, ...]
    icons: tuple[int, ...]
    animals: tuple[int, ...]
    sponsors: tuple[int, ...]
    housing: tuple[tuple[int, int], ...]  # (animal, building index or -1 flock)
    pouched_counts: tuple[tuple[int, int], ...]
    card_tokens: tuple[tuple[int, int], ...]
    left_tokens: int  # bit i: a token still covers left-track space i
    supply_tokens: int
    buildings: tuple[tuple[Building, int], ...]  # with their state (1 occupied / capacity)
    waza: int
    explorer_seen: int
    harbour_used: bool  # map 4: the harbour was used this turn


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    players_count: int
    cards: CardSet
    params: Params
    start_player: int
    active: int
    turn: int
    decision_kind: str
    decision_prompt: str
    deciding_seat: int
    hand: tuple[int, ...]
    final_scoring: tuple[int, ...]
    set_aside: tuple[int, ...]
    pouched: tuple[tuple[int, tuple[int, ...]], ...]
    players: tuple[PlayerView, ...]
    display: tuple[int, ...]  # -1: empty folder (or, during the starting draft, face down)
    deck_size: int
    discard: tuple[int, ...]
    base_projects: tuple[int, ...]
    project_row: tuple[int, ...]
    project_levels: tuple[tuple[int, tuple[int, ...]], ...]
    unused_base_count: int
    partner_zoos_available: tuple[int, ...]
    universities_available: tuple[int, ...]
    tiles_cp5: tuple[str, ...]
    tiles_cp8: tuple[str, ...]
    break_position: int
    break_length: int
    break_due: bool
    break_trigger: int
    in_break: bool
    venom_cleared: bool
    display_dirty: bool
    draft_discard_count: int
    donations: int
    final_deck_size: int
    cp10_reached: bool
    end_triggered: bool
    turns_left: int
    terminal: bool
    clock_size: int  # solo: turn-clock tokens of this round (spec 17)
    clock_left: int  # solo: of those, still to move
    steps: tuple  # the pending steps (public values), for search bots to resume from


def _player_view(p: Player) -> PlayerView:
    return PlayerView(
        map_id=p.map.map_id, money=p.money, appeal=p.appeal, conservation=p.cp,
        reputation=p.rep, x_tokens=p.x, hand_size=len(p.hand),
        final_scoring_count=len(p.finals), set_aside_count=len(p.limbo),
        slots=tuple(p.order), upgraded=tuple(p.side2), venom=tuple(p.venom),
        constriction=tuple(p.constriction), multipliers=tuple(p.mult_active),
        inactive_multipliers=tuple(p.mult_inactive), workers_active=p.workers_active,
        workers_total=p.workers_total, workers_on=tuple(p.workers_on),
        partner_zoos=tuple(p.partner_zoos), universities=tuple(p.universities),
        icons=tuple(p.icons), animals=tuple(p.animals), sponsors=tuple(p.sponsors),
        housing=tuple(sorted(p.housing.items())),
        pouched_counts=tuple(sorted((k, len(v)) for k, v in p.pouched.items())),
        card_tokens=tuple(sorted(p.card_tokens.items())), left_tokens=p.left_tokens,
        supply_tokens=p.supply_tokens,
        buildings=tuple(zip(p.bld, p.bld_state, strict=True)),
        waza=p.waza, explorer_seen=p.explorer_seen, harbour_used=p.harbour_used,
    )


def observe(s: State, seat: int) -> Observation:
    """``seat``'s view; ``SPECTATOR`` (-1) sees the public part only: no hand, no final
    scoring cards, and no pending decision or step."""
    spectator = seat < 0
    me = s.players[seat] if not spectator else Player(s.players[0].map)
    if spectator:
        me.hand, me.finals, me.limbo, me.pouched = [], [], [], {}
    f = None if spectator else s.asked_step
    drafting = s.turn_no == 0
    return Observation(
        seat=seat, players_count=s.n, cards=s.cards, params=s.params,
        start_player=s.start_player, active=s.active, turn=s.turn_no,
        decision_kind=f.kind if f is not None else "",
        decision_prompt=f.prompt(s) if f is not None else "",
        deciding_seat=f.seat if f is not None else -1,
        hand=tuple(sorted(me.hand)), final_scoring=tuple(sorted(me.finals)),
        set_aside=tuple(sorted(me.limbo)),
        pouched=tuple(sorted((k, tuple(v)) for k, v in me.pouched.items())),
        players=tuple(_player_view(p) for p in s.players),
        display=(-1,) * 6 if drafting else tuple(s.display),
        deck_size=len(s.deck), discard=tuple(s.discard),
        base_projects=tuple(s.base_row), project_row=tuple(s.project_row),
        project_levels=tuple(sorted((k, tuple(v)) for k, v in s.levels.items())),
        unused_base_count=len(s.unused_base),
        partner_zoos_available=tuple(7 + k for k in range(5) if (s.partner_avail >> k) & 1),
        universities_available=tuple(k for k in range(3) if (s.univ_avail >> k) & 1),
        tiles_cp5=tuple(s.tiles5), tiles_cp8=tuple(s.tiles8),
        break_position=s.break_pos, break_length=s.break_len, break_due=s.break_due,
        break_trigger=s.break_trigger, in_break=s.in_break, venom_cleared=s.venom_cleared,
        display_dirty=s.display_dirty, draft_discard_count=len(s.draft_discards),
        donations=s.donations,
        final_deck_size=len(s.final_deck), cp10_reached=s.cp10_done,
        end_triggered=s.end_triggered, turns_left=s.turns_left, terminal=s.terminal,
        clock_size=s.clock_size, clock_left=s.clock_left,
        steps=() if spectator else tuple(s.steps),
    )


def observation_to_json(obs: Observation) -> dict[str, Any]:
    """Plain JSON data for logs and --json output."""
    out: dict[str, Any] = {}
    for name in Observation.__slots__:
        if name in ("cards", "params", "steps"):
            continue
        value = getattr(obs, name)
        if name == "players":
            value = [{k: _jsonable(getattr(v, k)) for k in PlayerView.__slots__}
                     for v in value]
        out[name] = _jsonable(value)
    out["map"] = obs.params.map_id
    return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, Building):
        return {"code": v.code, "anchor": v.anchor, "rotation": v.rotation,
                "cells": list(v.cells)}
    return v
