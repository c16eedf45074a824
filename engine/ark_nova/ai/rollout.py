"""A fast rule-based policy: a score per option type, the best option is played.

Used to finish a bot's own pending steps when the greedy bot looks ahead, and as the
rollout policy of the core ``mcts`` bot. It reads the (sampled) state only through the
deciding seat's point of view: its hand, the display, its zoo.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.ark_nova.cards.catalog import ANIMALS, ASSOCIATION, BUILD
from engine.ark_nova.map.buildings import KIOSK_T, PAVILION_T, SIZE, STANDARD, TYPES
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import Decline, Option
from engine.ark_nova.rules import act_animals, act_build, association, projects, turn
from engine.core.rng import GameRng


def _animal_worth(s: State, card_id: int) -> float:
    c = s.cards[card_id]
    return c.appeal + 2.0 * c.cp + c.reputation + 0.5 * len(c.abilities)


def _use_card(s: State, seat: int, o: turn.UseCard) -> float:
    p = s.players[seat]
    slot = p.order.index(o.action) + 1
    bonus = {ANIMALS: 3.0, ASSOCIATION: 1.5, BUILD: 1.0}.get(o.action, 0.0)
    return slot + bonus


def _build_type(s: State, seat: int, o: act_build.BuildType) -> float:
    code = o.building
    if TYPES[code].kind == STANDARD:
        return 3.0 + min(SIZE[code], 4) * 0.5
    if code == PAVILION_T:
        return 2.5
    if code == KIOSK_T:
        return 2.0
    return 4.0


def _house(s: State, seat: int, o: act_animals.HouseIn) -> float:
    if o.building < 0:
        return 10.0
    b = s.players[seat].bld[o.building]
    return -SIZE[b.code]


TASK_SCORE = (1.0, 2.0, 2.5, 4.0)

SCORERS: dict[type, Callable[[State, int, Option], float]] = {
    turn.UseCard: _use_card,  # type: ignore[dict-item]
    turn.TakeX: lambda s, seat, o: 0.5,
    act_animals.PlayAnimal: lambda s, seat, o: _animal_worth(s, o.card),  # type: ignore[attr-defined]
    act_animals.PlayAnimalFromFolder: lambda s, seat, o: _animal_worth(
        s, s.display[o.folder - 1]) - o.folder,  # type: ignore[attr-defined]
    act_animals.HouseIn: _house,  # type: ignore[dict-item]
    act_build.BuildType: _build_type,  # type: ignore[dict-item]
    association.DoTask: lambda s, seat, o: TASK_SCORE[o.task],  # type: ignore[attr-defined]
    association.Donate: lambda s, seat, o: 3.0 if s.players[seat].money > 20 else 0.0,
    projects.ProjectLevel: lambda s, seat, o: -o.level,  # type: ignore[attr-defined]
    Decline: lambda s, seat, o: -5.0,
}


def choose_index(s: State, seat: int, options: Sequence[Option]) -> int:
    """The best option by type score; ties keep the canonical (first) order."""
    best, best_v = 0, float("-inf")
    for i, o in enumerate(options):
        scorer = SCORERS.get(type(o))
        v = scorer(s, seat, o) if scorer is not None else 0.0
        if v > best_v:
            best, best_v = i, v
    return best


def policy(state: object, seat: int, rng: GameRng) -> int:
    """``Search.policy`` hook: the rule-based choice for ``seat`` in a sampled state."""
    s = state.s  # type: ignore[attr-defined]
    return choose_index(s, seat, s.asked[seat])
