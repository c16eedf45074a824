"""Build a full game State from one seat's Observation, sampling what that seat cannot
see (deck orders, other hands, others' hidden Phase I plans). Used by search bots, which
never touch the live state."""

from __future__ import annotations

from engine.core.rng import GameRng
from engine.epic_resort.observation import Observation
from engine.epic_resort.state import Attack, Player, Slot, State


def _slot(view: tuple) -> Slot:
    sl = Slot()
    (stack, sl.tourists, sl.damage, sl.locked, workers, sl.gm_units, stranded, sl.hero,
     sl.hero_health, sl.hero_locked) = view
    sl.stack = list(stack)
    sl.workers = list(workers)
    sl.stranded = list(stranded)
    return sl


def determinize(obs: Observation, rng: GameRng) -> State:
    """A State consistent with ``obs``; hidden orders and hands drawn from ``rng``."""
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
        elif any(f[0] == "PHASE1" for f in obs.frames):  # hidden plan: placed again
            s.p1_done[i] = False
        else:
            s.p1_done[i] = v.phase1_done
        s.players[i] = p
    if obs.attack is not None:
        (card, monster, defender, targets, hit, mod, bonus, ended, start, k, epoch) = obs.attack
        a = Attack(card, monster)
        a.defender, a.targets, a.hit, a.strength_mod, a.hero_bonus = (
            defender, list(targets), hit, mod, bonus)
        a.ended, a.window_start, a.window_k, a.epoch = ended, start, k, epoch
        s.attack = a
    s.frames = list(obs.frames)
    return s
