"""Sample a full game state from one seat's observation (for search bots).

The public part is rebuilt from the observation; the cards the seat cannot see (the deck,
other hands, other pouches and set-aside cards, the unused base projects, face-down draft
discards, the face-down display during the draft, other final scoring cards and the
final-scoring deck) are dealt at random from the multiset of unseen cards, keeping every
count the observation shows. The sample never reads hidden truth.
"""

from __future__ import annotations

from engine.ark_nova.map.buildings import KIOSK_T
from engine.ark_nova.map.maps import load_map
from engine.ark_nova.model.state import Player, State
from engine.ark_nova.rules.solo import final_scoring_cards
from engine.ark_nova.view.observation import Observation
from engine.core.rng import GameRng
from engine.toolkit import flow


def _player(obs: Observation, i: int) -> Player:
    v = obs.players[i]
    p = Player(load_map(v.map_id))
    p.money, p.appeal, p.cp, p.rep, p.x = (v.money, v.appeal, v.conservation, v.reputation,
                                           v.x_tokens)
    p.order = list(v.slots)
    p.side2 = list(v.upgraded)
    p.venom = list(v.venom)
    p.constriction = list(v.constriction)
    p.mult_active = list(v.multipliers)
    p.mult_inactive = list(v.inactive_multipliers)
    p.workers_active, p.workers_total = v.workers_active, v.workers_total
    p.workers_on = list(v.workers_on)
    p.partner_zoos = list(v.partner_zoos)
    p.universities = list(v.universities)
    p.icons = list(v.icons)
    p.animals = list(v.animals)
    p.sponsors = list(v.sponsors)
    p.housing = dict(v.housing)
    p.card_tokens = dict(v.card_tokens)
    p.left_tokens = v.left_tokens
    p.supply_tokens = v.supply_tokens
    p.waza = v.waza
    p.explorer_seen = v.explorer_seen
    p.harbour_used = v.harbour_used
    for b, st in v.buildings:
        idx = len(p.bld)
        p.bld.append(b)
        p.bld_state.append(st)
        for c in b.cells:
            p.cell_bld[c] = idx
        p.covered |= b.mask
        if b.code == KIOSK_T:
            p.kiosk_cells.append(b.cells[0])
    return p


def _seen(obs: Observation) -> set[int]:
    seen = set(obs.hand) | set(obs.final_scoring) | set(obs.set_aside)
    seen.update(c for c in obs.display if c >= 0)
    seen.update(obs.discard, obs.base_projects, obs.project_row)
    for _, cards in obs.pouched:
        seen.update(cards)
    for v in obs.players:
        seen.update(v.animals, v.sponsors)
    return seen


def determinize(obs: Observation, rng: GameRng) -> State:
    """A State consistent with ``obs``; hidden cards dealt from ``rng``."""
    cards = obs.cards
    me = obs.seat
    s = State(cards, obs.params, obs.players_count, GameRng(rng.randrange(1 << 30)))
    s.players = [_player(obs, i) for i in range(obs.players_count)]
    seen = _seen(obs)
    zoo_pool = [c for c in (*cards.zoo_cards, *cards.base_projects) if c not in seen]
    final_pool = [c for c in final_scoring_cards(cards.finals, obs.players_count)
                  if c not in seen]
    rng.shuffle(zoo_pool)
    rng.shuffle(final_pool)
    base_pool = [c for c in zoo_pool if 101 <= c <= 112]
    s.unused_base = base_pool[: obs.unused_base_count]
    rest = [c for c in zoo_pool if c not in s.unused_base]

    def deal(n: int) -> list[int]:
        out = rest[len(rest) - n:] if n else []
        del rest[len(rest) - n:]
        return out

    me_p = s.players[me]
    me_p.hand = list(obs.hand)
    me_p.finals = list(obs.final_scoring)
    me_p.limbo = list(obs.set_aside)
    me_p.pouched = {k: list(v) for k, v in obs.pouched}
    for i, v in enumerate(obs.players):
        if i == me:
            continue
        p = s.players[i]
        p.hand = deal(v.hand_size)
        p.limbo = deal(v.set_aside_count)
        p.pouched = {k: deal(n) for k, n in v.pouched_counts}
        p.finals = [final_pool.pop() for _ in range(v.final_scoring_count)]
    if obs.turn == 0:
        s.display = deal(6)
    else:
        s.display = list(obs.display)
    s.draft_discards = deal(obs.draft_discard_count)
    s.deck = rest
    s.final_deck = final_pool
    s.discard = list(obs.discard)
    s.base_row = list(obs.base_projects)
    s.project_row = list(obs.project_row)
    s.levels = {k: list(v) for k, v in obs.project_levels}
    s.partner_avail = sum(1 << (c - 7) for c in obs.partner_zoos_available)
    s.univ_avail = sum(1 << k for k in obs.universities_available)
    s.tiles5, s.tiles8 = list(obs.tiles_cp5), list(obs.tiles_cp8)
    s.break_pos, s.break_len = obs.break_position, obs.break_length
    s.break_due, s.break_trigger = obs.break_due, obs.break_trigger
    s.in_break, s.venom_cleared = obs.in_break, obs.venom_cleared
    s.display_dirty = obs.display_dirty
    s.donations = obs.donations
    s.cp10_done = obs.cp10_reached
    s.active, s.start_player, s.turn_no = obs.active, obs.start_player, obs.turn
    s.end_triggered, s.turns_left, s.terminal = obs.end_triggered, obs.turns_left, obs.terminal
    s.clock_size, s.clock_left = obs.clock_size, obs.clock_left
    s.steps = list(obs.steps)
    flow.advance(s)
    return s
