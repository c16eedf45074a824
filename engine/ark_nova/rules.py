"""The rules driver: a stack of typed steps run until a decision is owed.

Automatic steps are popped and run; a decision step stays on top until its seat chooses.
A decision with exactly one legal option is applied automatically, one with none is
skipped. The options of the pending decision are listed once and cached.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.ark_nova.state import State
from engine.ark_nova.steps import Decision
from engine.core.errors import IllegalChoice, NotYourTurn


def run(s: State) -> None:
    """Run automatic steps until a real decision (two or more options) is owed."""
    frames = s.frames
    s.opts_cache = None
    while frames:
        f = frames[-1]
        if f.is_decision:
            opts = f.options(s)
            if len(opts) > 1:
                s.opts_cache = (f, opts)
                return
            frames.pop()
            if opts:
                f.apply(s, opts[0])
            continue
        frames.pop()
        f.run(s)


def pending(s: State) -> Decision | None:
    if s.opts_cache is None:
        return None
    return s.opts_cache[0]


def options(s: State) -> list[Hashable]:
    assert s.opts_cache is not None
    return s.opts_cache[1]


def choose(s: State, seat: int, index: int) -> None:
    """Apply option ``index`` of ``seat``'s decision and run on (state unchanged if illegal)."""
    cache = s.opts_cache
    if cache is None or cache[0].seat != seat:
        owner = "nobody" if cache is None else f"seat {cache[0].seat}"
        raise NotYourTurn(f"seat {seat} owes no decision now ({owner} does)")
    f, opts = cache
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(opts):
        raise IllegalChoice(f"option {index!r} is not in 0..{len(opts) - 1}")
    s.frames.pop()
    f.apply(s, opts[index])
    run(s)
