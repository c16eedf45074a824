"""Build a full game State from one seat's Observation, sampling what that seat cannot
see (deck orders, other hands, others' hidden Phase I plans). Used by search bots, which
never touch the live state."""

from __future__ import annotations

from engine.core.rng import GameRng
from engine.epic_resort.observation import AttackView, Observation, SlotView
from engine.epic_resort.phase1 import PHASE1
from engine.epic_resort.state import Attack, Player, Slot, State
from engine.toolkit import flow


def _slot(view: SlotView) -> Slot:
    sl = Slot()
    sl.stack = list(view.stack)
    sl.tourists = view.tourists
    sl.damage = view.damage
    sl.locked = view.locked
    sl.workers = list(view.workers)
    sl.gm_units = view.gm_units
    sl.stranded = list(view.stranded)
    sl.hero = view.hero
    sl.hero_health = view.hero_health
    sl.hero_locked = view.hero_locked
    return sl


def _attack(view: AttackView) -> Attack:
    a = Attack(view.card, view.monster)
    a.defender = view.defender
    a.targets = list(view.targets)
    a.hit = view.hit
    a.strength_mod = view.strength_mod
    a.hero_bonus = view.hero_bonus
    a.ended = view.ended
    a.window_start = view.window_start
    a.window_k = view.window_k
    a.epoch = view.epoch
    return a


def determinize(obs: Observation, rng: GameRng) -> State:
    """A State consistent with ``obs``; hidden orders and hands drawn from ``rng``.

    Other seats' Phase I placements that ``obs.seat`` cannot see are taken back: their
    workers return to the unseen pool and those seats place again.
    """
    n = obs.players_count
    s = State(obs.cards, obs.params, n, GameRng(rng.randrange(1 << 30)))
    s.season, s.phase = obs.season, obs.phase
    s.hm, s.hm_tokens = obs.harbormaster, obs.harbormaster_tokens
    s.dock = list(obs.dock)
    s.dock_discard = list(obs.dock_discard)
    s.main_deck = list(obs.main_deck)
    rng.shuffle(s.main_deck)
    s.monster_deck = list(obs.monster_deck)
    if not obs.params.monster_deck_face_up:
        rng.shuffle(s.monster_deck)
    s.monster_discard = list(obs.monster_discard)
    s.draft_avail = [list(t) for t in obs.draft_available]
    s.draft_piles = [list(t) for t in obs.draft_piles]
    for pile in s.draft_piles:
        rng.shuffle(pile)
    s.worker_piles = [list(p) for p in obs.worker_piles]
    s.sph_locked = obs.season_pass_locked
    s.turn_seat, s.main_done = obs.turn_seat, obs.main_done
    s.first_pass_done, s.end_triggered, s.terminal = (
        obs.first_pass_done, obs.end_triggered, obs.terminal)
    placing = PHASE1 in obs.steps
    for i, v in enumerate(obs.players):
        p = Player()
        p.flair, p.gold, p.passed, p.trained = v.flair, v.gold, v.passed, v.trained
        p.discard = list(v.discard)
        p.slots = [_slot(x) for x in v.slots]
        p.scored = list(v.scored)
        p.removed = list(v.removed)
        pool = list(v.unseen_workers)
        rng.shuffle(pool)
        if i == obs.seat:
            p.hand = list(obs.hand)
            p.draw = pool
            s.p1_gm[i] = obs.guildmaster_pending
        else:
            p.hand = pool[: v.hand_size]
            p.draw = pool[v.hand_size:]
        if v.plan is not None:
            s.p1_plan[i] = list(v.plan)
            s.p1_day[i] = v.phase1_day_workers or 0
            s.p1_done[i] = v.phase1_done
        else:  # a hidden plan is placed again; outside Phase I there is none
            s.p1_done[i] = not placing and v.phase1_done
        s.players[i] = p
    if obs.attack is not None:
        s.attack = _attack(obs.attack)
    s.steps = list(obs.steps)
    flow.advance(s)
    return s
