"""A value function for Ark Nova positions: VP progress plus what produces it.

``value(s, seat)`` is the seat's track progress (appeal + CP at their VP weights, the
quantity that must reach 114) plus weighted resources that turn into progress later:
income (appeal income and kiosks), money, reputation, X-tokens, upgraded action cards,
workers, partner zoos, universities, cards in hand and free animal housing.
``relative_value`` subtracts the best opponent's value (solo: none). Weights are hand-set.

``housable_value`` adds the animals in hand that the seat could house now (``housable``):
``value``'s free housing counts any empty enclosure, so building one that fits a waiting
animal scores nothing once three small ones stand empty, and the boss's search filled its
zoo with pavilions and kiosks instead. The two-player ``boss`` searches with it
(docs/strength.md, change 10; at twice the weight, change 9, it lost its SPRT).

``project_value`` adds the CP in reach on conservation projects (``project_reach``): the
seat's icons towards a project count before it can be supported, where ``value`` sees a
project only once supported. ``housable_project_value`` adds both terms: the solo
setting's evaluation (change 11), since the solo boss supported 1.6 projects a game and
its score followed them. ``timed_value`` puts the solo clock in it (change 12): income
counts as the money of the breaks still to come, money counts less, and the other terms
fade out over the last turns.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ark_nova.map.buildings import SPECIAL, STANDARD, TYPES
from engine.ark_nova.model.state import FREE, Player, State
from engine.ark_nova.rules import act_animals, projects, solo, zoo
from engine.ark_nova.rules.breaks import base_income
from engine.ark_nova.rules.scoring import victory_points

W_MONEY = 0.25
W_INCOME = 0.9
W_REPUTATION = 0.6
W_X = 0.8
W_UPGRADE = 2.5
W_WORKER = 1.2
W_PARTNER = 1.6
W_UNIVERSITY = 1.6
W_HAND = 0.7
W_HOUSING = 1.1
W_SUPPORTED = 1.0
W_HOUSABLE = 1.0  # per animal in hand the seat could house now (housable_value)
MAX_HOUSABLE = 3
W_PROJECT = 1.0  # per CP of a project level, times the share of its threshold reached
PROJECTS_COUNTED = 2  # the best project levels in reach that project_value counts
FADE_TURNS = 9  # solo: timed_value's other terms fade out over the last turns
SOLO_W_MONEY = 0.15  # solo: timed_value's money per coin (and income per coin a break)


def progress(p: Player) -> int:
    """Appeal + CP weighted as in spec 15.1 (VP + 114)."""
    return victory_points(p.appeal, p.cp) + 114


def free_housing(p: Player) -> int:
    out = 0
    for b, st in zip(p.bld, p.bld_state, strict=True):
        t = TYPES[b.code]
        if t.kind == STANDARD and not st:
            out += 1
        elif t.kind == SPECIAL:
            out += (t.capacity - st) // 2
    return out


def value(s: State, seat: int, money_weight: float = W_MONEY) -> float:
    p = s.players[seat]
    if s.terminal:
        return 10.0 * victory_points(p.appeal, p.cp)
    return stock(p, money_weight, progress(p) + W_INCOME * base_income(p))


def stock(p: Player, money_weight: float = W_MONEY, base: float = 0.0) -> float:
    """``base`` plus ``value``'s resources other than income: what turns into progress
    later (added in ``value``'s order, so that ``value`` sums exactly as it always has)."""
    return (base
            + money_weight * min(p.money, 40)
            + W_REPUTATION * p.rep
            + W_X * p.x
            + W_UPGRADE * sum(p.side2)
            + W_WORKER * p.workers_total
            + W_PARTNER * len(p.partner_zoos)
            + W_UNIVERSITY * len(p.universities)
            + W_HAND * min(len(p.hand), 6)
            + W_HOUSING * min(free_housing(p), 3)
            + W_SUPPORTED * p.supported)


def housable(s: State, seat: int) -> int:
    """Animals in the seat's hand whose conditions are met (or may be ignored) and that
    an empty enclosure of its zoo fits now, at most ``MAX_HOUSABLE``."""
    by_id = s.cards.by_id
    n = 0
    for c in s.players[seat].hand:
        card = by_id[c]
        if (card is not None and card.is_animal
                and act_animals.missing_conditions(s, seat, card, True)
                <= act_animals.ignorable(s, seat, card)
                and zoo.housings(s, seat, card, first=True)):
            n += 1
            if n == MAX_HOUSABLE:
                break
    return n


def shaped_value(s: State, seat: int, housable_weight: float = 0.0,
                 project_weight: float = 0.0) -> float:
    """``value`` plus ``housable_weight`` per animal in hand the seat could house now and
    ``project_weight`` per CP in reach on projects; the end of the game is ``value``'s."""
    v = value(s, seat)
    if s.terminal:
        return v
    if housable_weight:
        v += housable_weight * housable(s, seat)
    if project_weight:
        v += project_weight * project_reach(s, seat)
    return v


def housable_value(s: State, seat: int, weight: float = W_HOUSABLE) -> float:
    """``value`` plus ``weight`` per animal in hand the seat could house now."""
    return shaped_value(s, seat, housable_weight=weight)


def project_reach(s: State, seat: int) -> float:
    """CP in reach on collection projects: for each project above the board or in the
    seat's hand, its best free level's CP times the share of that level's threshold the
    seat's icons already meet; the ``PROJECTS_COUNTED`` best summed."""
    by_id = s.cards.by_id
    best: list[float] = []
    candidates: list[tuple[int, list[int] | None]] = [
        (c, s.levels[c]) for c in (*s.base_row, *s.project_row)]
    candidates += [(c, None) for c in s.players[seat].hand if c < 200]
    for c, owners in candidates:
        card = by_id[c]
        if card is None or card.project_kind != "collection":
            continue
        if owners is not None and seat in owners:
            continue
        have = projects.measure(s, seat, card) + projects.icon_tokens(s, seat, card)
        reach = 0.0
        for i, threshold in enumerate(card.thresholds):
            if owners is not None and owners[i] != FREE:
                continue
            reach = max(reach, card.rewards[i][0] * min(1.0, have / threshold))
        best.append(reach)
    best.sort(reverse=True)
    return sum(best[:PROJECTS_COUNTED])


def project_value(s: State, seat: int, weight: float = W_PROJECT) -> float:
    """``value`` plus ``weight`` per CP in reach on projects (``project_reach``)."""
    return shaped_value(s, seat, project_weight=weight)


def housable_project_value(s: State, seat: int) -> float:
    """``value`` plus both ``housable_value``'s and ``project_value``'s terms."""
    return shaped_value(s, seat, W_HOUSABLE, W_PROJECT)


def timed_value(s: State, seat: int, fade_turns: int = FADE_TURNS,
                money_weight: float = SOLO_W_MONEY) -> float:
    """Solo: ``housable_project_value`` with the game's clock in it. Money counts
    ``money_weight`` a coin, income the money it brings in the breaks still to come, and
    the other resources and terms fade out over the last ``fade_turns`` turns (0: no
    fading), when fewer turns are left to turn them into progress. Other table sizes and
    the end of the game: ``housable_project_value``."""
    if s.terminal or s.n != 1:
        return housable_project_value(s, seat)
    p = s.players[seat]
    extra = (stock(p, money_weight) + W_HOUSABLE * housable(s, seat)
             + W_PROJECT * project_reach(s, seat))
    if fade_turns:
        extra *= min(1.0, solo.turns_left(s.clock_size, s.clock_left) / fade_turns)
    return progress(p) + money_weight * solo.breaks_left(s.clock_size) * base_income(p) + extra


def relative_value(s: State, seat: int,
                   of: Callable[[State, int], float] = value) -> float:
    """The seat's value (``of``) minus its best opponent's (solo: the value itself)."""
    mine = of(s, seat)
    if s.n == 1:
        return mine
    best = max(of(s, q) for q in range(s.n) if q != seat)
    return mine - best
