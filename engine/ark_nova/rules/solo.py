"""The solo game (spec 17): the turn clock instead of the break token.

Seven neutral tokens start in the left column of the solo tile; at the end of each turn
one moves to the right column. When the last one moves a break follows at once; at the
end of that break the topmost token covers the cheapest open donation space (the 12
space is never covered: a token finding only it open is put beside, with no effect) and
the others go back to the left column, one fewer each time. Rounds therefore have 7, 6,
5, 4, 3 and 2 turns; after the second turn of the sixth round there is no break: final
scoring follows (27 turns, 5 breaks). Crossing the tracks ends nothing early.

Setup differences (as for 3 players, starting appeal by difficulty, final scoring card
009 removed), the interactive animals' solo abilities and the "max 25 appeal" reading
are applied where those rules live (``setup.py``, ``abilities.py``, ``sponsor_play.py``).
"""

from __future__ import annotations

from engine.ark_nova.model.events import EndTriggered
from engine.ark_nova.model.state import State
from engine.ark_nova.rules.association import cover_donation_space

CLOCK_TOKENS = 7  # tokens on the solo tile at the start
LAST_ROUND_TOKENS = 2  # the round after which final scoring follows instead of a break
ROUNDS = CLOCK_TOKENS - LAST_ROUND_TOKENS + 1  # 6 rounds: 7, 6, 5, 4, 3 and 2 turns
REMOVED_FINAL_SCORING = 9  # spec 17, D-23
MAX_APPEAL_CONDITION = 25  # "max 25 appeal" sponsors: 25 + the solo starting appeal (D-24)
NEXT_TURN, BREAK, FINAL_SCORING = range(3)  # what the end of a turn leads to (tick_clock)


def is_solo(s: State) -> bool:
    return s.n == 1


def final_scoring_cards(finals: tuple[int, ...], players: int) -> list[int]:
    """The final scoring cards in the game: all 11, without 009 in solo."""
    return [c for c in finals if not (players == 1 and c == REMOVED_FINAL_SCORING)]


def clock_round(clock_size: int) -> int:
    """The round (1 to ``ROUNDS``) whose turns a clock of ``clock_size`` tokens counts."""
    return CLOCK_TOKENS - clock_size + 1


def turns_left(clock_size: int, clock_left: int) -> int:
    """The turns still to play, the current one included: this round's tokens still to
    move, then one turn per token of every later round."""
    return clock_left + sum(range(LAST_ROUND_TOKENS, clock_size))


def breaks_left(clock_size: int) -> int:
    """The breaks still to come: one after each round but the last."""
    return max(0, clock_size - LAST_ROUND_TOKENS)


def start_clock(s: State) -> None:
    s.clock_size = CLOCK_TOKENS
    s.clock_left = CLOCK_TOKENS


def max_appeal_condition(s: State) -> int:
    """The appeal a "max 25 appeal" condition allows."""
    if is_solo(s):
        return MAX_APPEAL_CONDITION + s.params.solo_appeal
    return MAX_APPEAL_CONDITION


def tick_clock(s: State) -> int:
    """End of a turn: move a clock token. Returns ``NEXT_TURN`` (the round goes on),
    ``BREAK`` (a break, then the next turn) or ``FINAL_SCORING`` (end triggered)."""
    s.clock_left -= 1
    if s.clock_left > 0:
        return NEXT_TURN
    if s.clock_size <= LAST_ROUND_TOKENS:
        s.end_triggered = True
        s.turns_left = 0
        s.log.append(EndTriggered(0))
        return FINAL_SCORING
    return BREAK


def end_of_break(s: State) -> None:
    """The topmost token covers the cheapest open donation space; one fewer returns."""
    cover_donation_space(s)
    s.clock_size -= 1
    s.clock_left = s.clock_size
