"""An Epic Resort strategy that reads only the wire messages.

Simple and explainable, written from the rules (spec section 15), scoring each option
and taking the best (the first on a tie):

- Phase I: send every worker, to the attraction with the fewest workers planned (more
  tourists breaking ties); a Guildmaster's units as evenly as possible.
- Phase II main action: attract a hero, else build the highest-tier attraction (an
  empty slot first), else attract tourists, else train; pass only when nothing else is
  legal. Use attraction abilities whenever they are offered; otherwise end the turn.
- Tourists go to the highest-tier attraction with the fewest tourists.
- Attacks: when defending, use abilities and discard abilities in the response window;
  a hero defends if it can, else one moves in; heal the weakest hero, repair the most
  damaged attraction, cash out every tourist.
- Harbormaster: keep it (or take it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.v1 import arena_pb2
from arena.v1 import epic_resort_pb2 as pb
from arena.v1.epic_resort_pb2 import EpicResortObservation as Observation
from arena.v1.epic_resort_pb2 import EpicResortOption as Option

from engine.core import GameRng


class EpicResortHeuristic:
    name = "heuristic"

    def choose(self, request: arena_pb2.DecisionRequest, rng: GameRng) -> int:
        obs = request.observation.epic_resort
        scores = [score(obs, request.kind, o.epic_resort) for o in request.options]
        return max(range(len(scores)), key=lambda i: (scores[i], -i))


def score(obs: Observation, kind: str, option: Option) -> float:
    field = option.WhichOneof("choice")
    rule = _RULES.get(field or "")
    return rule(obs, kind, getattr(option, field)) if rule is not None else 0.0


def _own(obs: Observation) -> pb.EpicResortSeat:
    return obs.seats[obs.seat]


def _send(obs: Observation, kind: str, send: pb.EpicResortSend) -> float:
    if kind != "SEND_WORKER":
        return -1.0  # Phase II and attacks: keep workers for Phase I
    if send.slot < 0:
        return 5.0
    own = _own(obs)
    planned = sum(1 for p in own.plan if p.slot == send.slot)
    return 5.0 - 2 * planned + 0.1 * own.slots[send.slot].tourists


def _split(obs: Observation, kind: str, split: pb.EpicResortGuildmasterSplit) -> float:
    return -float(max(split.units, default=0))


def _defending(obs: Observation) -> bool:
    return obs.HasField("attack") and obs.attack.defender == obs.seat


def _discard(obs: Observation, kind: str, discard: pb.EpicResortDiscard) -> float:
    return 1.0 if kind == "ATTACK_RESPONSE" and _defending(obs) else -2.0


def _ability(obs: Observation, kind: str, ability: pb.EpicResortAbility) -> float:
    if kind == "ATTACK_RESPONSE":
        return 1.0 if _defending(obs) else -1.0
    return 8.0


def _upgrade(obs: Observation, kind: str, upgrade: pb.EpicResortUpgrade) -> float:
    empty = not _own(obs).slots[upgrade.slot].stack
    return 5.0 + upgrade.tier + (0.5 if empty else 0.0)


def _place(obs: Observation, kind: str, choice: pb.EpicResortSlotChoice) -> float:
    slot = _own(obs).slots[choice.slot]
    return 10.0 * len(slot.stack) - slot.tourists


def _heal(obs: Observation, kind: str, choice: pb.EpicResortSlotChoice) -> float:
    return -float(_own(obs).slots[choice.slot].hero_health)


def _repair(obs: Observation, kind: str, choice: pb.EpicResortSlotChoice) -> float:
    return float(_own(obs).slots[choice.slot].damage)


def _reposition(obs: Observation, kind: str, move: pb.EpicResortReposition) -> float:
    return 1.0 if list(move.from_slots) == list(move.to_slots) else 0.0


_HERO_ACTIONS = {
    pb.EpicResortHeroDecision.ACTION_DEFEND: 3.0,
    pb.EpicResortHeroDecision.ACTION_MOVE_IN: 2.0,
    pb.EpicResortHeroDecision.ACTION_DODGE: 1.0,
}


def _constant(value: float) -> Callable[[Observation, str, Any], float]:
    return lambda _obs, _kind, _value: value


_RULES: dict[str, Callable[[Observation, str, Any], float]] = {
    "send": _send,
    "guildmaster_split": _split,
    "discard": _discard,
    "ability": _ability,
    "attract_hero": _constant(7.0),
    "upgrade": _upgrade,
    "attract_tourists": _constant(4.0),
    "attract_season_pass": _constant(4.5),
    "train": _constant(3.0),
    "pass_phase": _constant(0.0),
    "end_turn": _constant(0.0),
    "done": _constant(0.0),
    "place_tourist": _place,
    "heal_hero": _heal,
    "repair": _repair,
    "cash_out": lambda _obs, _kind, cash: float(cash.tourists),
    "reposition": _reposition,
    "hero": lambda _obs, _kind, hero: _HERO_ACTIONS.get(hero.action, 0.0),
    "harbormaster": lambda obs, _kind, hm: 1.0 if hm.seat == obs.seat else 0.0,
}
