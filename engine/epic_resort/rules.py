"""The rules driver: a stack of frames (pending steps) run until a decision is owed.

Every step of the game is a small tuple frame on ``State.frames`` (top last). Automatic
frames are popped and executed; decision frames stay on top until their seat(s) choose.
A decision with exactly one legal option is applied automatically. Frames hold only
public values, so a determinized copy of the state can resume from them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from engine.core.errors import IllegalChoice, NotYourTurn
from engine.epic_resort import actions, attacks, effects, phases
from engine.epic_resort.resort import place_worker
from engine.epic_resort.state import State

MAIN_KINDS = frozenset({"tourists", "sph", "hero", "upgrade", "train", "pass"})

DECISION_FRAMES = frozenset({
    "LAYOUT", "PHASE1", "GM_SPLIT", "TURN", "HM_CHOICE", "RESPOND", "HERO",
    *effects.EFFECT_DECISIONS,
})


def _lock(s: State, f: tuple) -> None:
    slot = s.players[f[1]].slots[f[2]]
    if slot.stack:
        slot.locked = True


def _card_done(s: State, f: tuple) -> None:
    s.dock_discard.append(f[1])


AUTO: dict[str, Callable[[State, tuple], None]] = {
    "SEASON": lambda s, f: phases.start_season(s),
    "DRAW": lambda s, f: phases.draw_phase(s),
    "PHASE1_RESOLVE": lambda s, f: phases.resolve_phase1(s),
    "PHASE2": lambda s, f: phases.start_phase2(s),
    "NEXT_TURN": lambda s, f: phases.next_turn(s),
    "PHASE3": lambda s, f: phases.start_phase3(s),
    "REFILL": lambda s, f: phases.refill(s),
    "ATTACK": lambda s, f: attacks.start_attack(s, f[1]),
    "CARD_DONE": _card_done,
    "WINDOW": lambda s, f: attacks.window_step(s),
    "HITS": lambda s, f: attacks.hits_step(s),
    "HIT": lambda s, f: attacks.hit(s, f[1]),
    "DEFEND": lambda s, f: attacks.defend(s, f[1]),
    "ATTACK_END": lambda s, f: attacks.end_attack(s),
    "PHASE4": lambda s, f: phases.start_phase4(s),
    "PHASE4_HEAL": lambda s, f: phases.finish_phase4(s),
    "PHASE5": lambda s, f: phases.clean_up(s),
    "EFFECT": effects.resolve,
    "LOCK": _lock,
}


def pending(s: State) -> tuple[int, ...]:
    if not s.frames:
        return ()
    f = s.frames[-1]
    k = f[0]
    if k == "PHASE1":
        return phases.phase1_pending(s)
    if k == "HERO":
        assert s.attack is not None
        return (s.attack.defender,)
    return (f[1],)


def options(s: State, seat: int) -> list[Hashable]:
    f = s.frames[-1]
    k = f[0]
    if k == "TURN":
        opts = actions.free_actions(s, seat, False)
        if s.main_done:
            opts.append(("end_turn",))
        else:
            opts.extend(actions.main_actions(s, seat))
        return opts
    if k == "PHASE1":
        return phases.phase1_options(s, seat)
    if k == "RESPOND":
        return attacks.respond_options(s, seat)
    if k == "HERO":
        return attacks.hero_options(s, f[1])
    if k == "GM_SPLIT":
        return actions.split_options(s, seat, f[2])
    if k == "HM_CHOICE":
        return list(range(s.n))
    if k == "LAYOUT":
        return phases.layout_options(s)
    return effects.options(s, f)


def apply_option(s: State, seat: int, opt: Hashable) -> None:
    f = s.frames[-1]
    k = f[0]
    if k == "PHASE1":
        phases.apply_phase1(s, seat, opt)  # type: ignore[arg-type]
        return
    s.frames.pop()
    if k == "TURN":
        kind = opt[0]  # type: ignore[index]
        if kind == "end_turn":
            s.frames.append(("NEXT_TURN",))
        elif kind == "pass":
            s.main_done = True
            s.frames.append(("NEXT_TURN",))
            actions.do_main_action(s, seat, opt)  # type: ignore[arg-type]
        elif kind in MAIN_KINDS:
            s.main_done = True
            s.frames.append(f)
            actions.do_main_action(s, seat, opt)  # type: ignore[arg-type]
        else:
            s.frames.append(f)
            actions.do_free_action(s, seat, opt)  # type: ignore[arg-type]
    elif k == "RESPOND":
        if opt == ("done",):
            assert s.attack is not None
            s.attack.window_k += 1
        else:
            s.frames.append(f)
            actions.do_free_action(s, seat, opt)  # type: ignore[arg-type]
    elif k == "HERO":
        attacks.apply_hero_option(s, f[1], opt)  # type: ignore[arg-type]
    elif k == "GM_SPLIT":
        place_worker(s, s.players[seat], f[2], -1, opt[1])  # type: ignore[index]
    elif k == "HM_CHOICE":
        actions.take_harbormaster(s, opt)  # type: ignore[arg-type]
    elif k == "LAYOUT":
        phases.apply_layout(s, seat, opt)  # type: ignore[arg-type]
    else:
        effects.apply(s, f, opt)


def run(s: State) -> None:
    """Execute automatic frames until a real decision (two or more options) is owed."""
    frames = s.frames
    while frames:
        f = frames[-1]
        k = f[0]
        if k in DECISION_FRAMES:
            if k == "RESPOND" and attacks.respond_is_stale(s, f):
                frames.pop()
                continue
            if k == "PLACE" and effects.pending_place_is_void(s, f):
                frames.pop()
                continue
            seats = pending(s)
            if not seats:
                frames.pop()
                continue
            forced = False
            for seat in seats:
                opts = options(s, seat)
                if len(opts) == 1:
                    apply_option(s, seat, opts[0])
                    forced = True
                    break
            if forced:
                continue
            return
        frames.pop()
        AUTO[k](s, f)


def choose(s: State, seat: int, index: int) -> None:
    """Apply ``seat``'s option ``index`` and run on. Raises IllegalChoice, state unchanged."""
    seats = pending(s)
    if seat not in seats:
        raise NotYourTurn(f"seat {seat} owes no decision now (pending: {list(seats)})")
    opts = options(s, seat)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(opts):
        raise IllegalChoice(f"option {index!r} is not in 0..{len(opts) - 1}")
    apply_option(s, seat, opts[index])
    run(s)
