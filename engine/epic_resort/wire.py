"""Protobuf conversion at the gateway edge: observation and options to wire messages.

Built only from an :class:`~engine.epic_resort.observation.Observation`, so it can carry
nothing the observation gate did not allow. Integer card ids become the card file's
string ids; the Phase I plans and the pending frame are decoded here by their layout in
``rules.py``. Never used on the built-in path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from arena.v1 import epic_resort_pb2 as pb

from engine.epic_resort.cards import HERO, TOURIST, CardSet
from engine.epic_resort.observation import AttackView, Observation, PlayerView
from engine.epic_resort.state import NO_HERO

HeroDecision = pb.EpicResortHeroDecision


@dataclass(frozen=True, slots=True)
class CardIds:
    """String ids of a card set, indexed like the engine's integer ids."""

    attractions: tuple[str, ...]
    workers: tuple[str, ...]
    main_cards: tuple[str, ...]  # per physical copy: tourist, hero or attack id
    monsters: tuple[str, ...]  # per monster copy
    season_pass: str


@lru_cache(maxsize=16)
def card_ids(cards: CardSet) -> CardIds:
    """The id tables of ``cards`` (cached per card set; a set lives for the process)."""
    main = []
    for kind, k in cards.main_cards:
        if kind == TOURIST:
            main.append(cards.tourists[k].id)
        elif kind == HERO:
            main.append(cards.heroes[k].id)
        else:
            main.append(cards.attacks[k].id)
    return CardIds(
        attractions=tuple(a.id for a in cards.attractions),
        workers=tuple(w.id for w in cards.workers),
        main_cards=tuple(main),
        monsters=tuple(cards.monsters[m].id for m, _mark in cards.monster_copies),
        season_pass=cards.season_pass.id if cards.season_pass is not None else "",
    )


def _counts(names: tuple[str, ...], ids: Iterable[int]) -> list[pb.EpicResortCardCount]:
    tally = Counter(names[i] for i in ids)
    return [pb.EpicResortCardCount(card=c, count=k) for c, k in sorted(tally.items())]


def _present(view: PlayerView) -> list[int]:
    """Slots holding an attraction, left to right (a slot view's stack is item 0)."""
    return [i for i, sv in enumerate(view.slots) if sv[0]]


class EpicResortCodec:
    """WireCodec for ``arena.v1.EpicResortObservation`` / ``...Option``."""

    field = "epic_resort"

    def log_mark(self, obs: Observation) -> None:
        """Epic Resort observations carry no log, so nothing to resume from."""
        return None

    def observation(self, obs: Observation, since: None = None) -> pb.EpicResortObservation:
        ids = card_ids(obs.cards)
        msg = pb.EpicResortObservation(
            seat=obs.seat,
            players=obs.players_count,
            season=obs.season,
            phase=obs.phase,
            harbormaster=obs.harbormaster,
            harbormaster_tokens=obs.harbormaster_tokens,
            hand=_counts(ids.workers, obs.hand),
            guildmaster_pending=(
                ids.workers[obs.guildmaster_pending] if obs.guildmaster_pending >= 0 else ""
            ),
            dock=[ids.main_cards[c] for c in obs.dock],
            dock_discard=[ids.main_cards[c] for c in obs.dock_discard],
            main_deck=_counts(ids.main_cards, obs.main_deck),
            monster_deck=[ids.monsters[m] for m in obs.monster_deck],
            monster_deck_face_up=obs.params.monster_deck_face_up,
            monster_discard=[ids.monsters[m] for m in obs.monster_discard],
            season_pass_locked=obs.season_pass_locked,
            turn_seat=obs.turn_seat,
            main_action_done=obs.main_done,
            first_pass_done=obs.first_pass_done,
            end_triggered=obs.end_triggered,
            terminal=obs.terminal,
        )
        for seat, view in enumerate(obs.players):
            _add_seat(msg.seats.add(), seat, view, ids)
        for tier, (available, pile) in enumerate(
            zip(obs.draft_available, obs.draft_piles, strict=True), start=1
        ):
            msg.draft.add(tier=tier, available=[ids.attractions[a] for a in available],
                          pile=_counts(ids.attractions, pile))
        for worker, count, locked in obs.worker_piles:
            msg.worker_piles.add(worker=ids.workers[worker], count=count, locked=locked)
        if obs.attack is not None:
            _set_attack(msg.attack, obs.attack, ids)
        if obs.frames:
            _set_prompt(msg.prompt, obs, ids)
        return msg

    def option(self, obs: Observation, decision_kind: str, option: Any) -> pb.EpicResortOption:
        return option_message(obs, decision_kind, option)


def _add_seat(entry: pb.EpicResortSeat, seat: int, view: PlayerView, ids: CardIds) -> None:
    workers = ids.workers
    entry.seat = seat
    entry.flair = view.flair
    entry.gold = view.gold
    entry.hand_size = view.hand_size
    entry.draw_size = view.draw_size
    entry.unseen_workers.extend(_counts(workers, view.unseen_workers))
    entry.discard.extend(workers[w] for w in view.discard)
    entry.scored_heroes.extend(ids.main_cards[c] for c in view.scored)
    entry.removed_workers.extend(workers[w] for w in view.removed)
    entry.trained = view.trained
    entry.passed = view.passed
    entry.phase_i_done = view.phase1_done
    for i, slot in enumerate(view.slots):
        entry.slots.add(
            slot=i,
            stack=[ids.attractions[a] for a in slot.stack],
            tourists=slot.tourists,
            damage=slot.damage,
            locked=slot.locked,
            workers=[workers[w] for w in slot.workers],
            guildmaster_units=slot.gm_units,
            stranded_workers=[workers[w] for w in slot.stranded],
            hero=ids.main_cards[slot.hero] if slot.hero != NO_HERO else "",
            hero_health=slot.hero_health,
            hero_locked=slot.hero_locked,
        )
    if view.plan is not None:
        entry.plan_visible = True
        entry.day_workers_planned = view.phase1_day_workers or 0
        for worker, slot, units in view.plan:
            entry.plan.add(worker=workers[worker], slot=slot, units=list(units))


def _set_attack(msg: pb.EpicResortAttack, attack: AttackView, ids: CardIds) -> None:
    msg.card = ids.main_cards[attack.card]
    msg.monster = ids.monsters[attack.monster]
    msg.defender = attack.defender
    msg.targets.extend(attack.targets)
    msg.next_target = attack.hit
    msg.strength_modifier = attack.strength_mod
    msg.hero_bonus = attack.hero_bonus
    msg.ended = attack.ended
    msg.window_start = attack.window_start
    msg.window_position = attack.window_k
    msg.redirects = attack.epoch


def _set_prompt(msg: pb.EpicResortPrompt, obs: Observation, ids: CardIds) -> None:
    """The pending decision frame (see ``rules.py`` and ``effects.py`` for the layouts)."""
    frame = obs.frames[-1]
    step = frame[0]
    msg.step = step
    if step == "PHASE1":
        msg.seat = -1
        return
    if step == "HERO":
        msg.seat = obs.attack.defender if obs.attack is not None else -1
        msg.slot = frame[1]
        return
    msg.seat = frame[1]
    if step == "PLACE":
        msg.amount = frame[2]
        msg.attraction_type = frame[3]
    elif step in ("HEAL", "DAMAGE"):
        msg.amount = frame[2]
    elif step == "CASH":
        msg.slot = frame[2]
        msg.resource = frame[3]
        msg.per_tourist = frame[4]
    elif step == "GM_SPLIT":
        msg.worker = ids.workers[frame[2]]


# Decision kinds whose options are a plain slot number, and the option field they fill.
SLOT_FIELDS = {
    "PLACE_TOURIST": "place_tourist",
    "CHOOSE_HERO_TO_HEAL": "heal_hero",
    "CHOOSE_ATTRACTION_TO_REPAIR": "repair",
    "CHOOSE_ATTRACTION_TO_UNLOCK": "unlock",
}


def option_message(obs: Observation, decision_kind: str, option: Any) -> pb.EpicResortOption:
    """One option of the viewer's pending decision as a message."""
    ids = card_ids(obs.cards)
    own = obs.players[obs.seat]
    if decision_kind == "STARTING_LAYOUT":
        left, right = option
        return pb.EpicResortOption(layout=pb.EpicResortLayout(
            left=ids.attractions[left], right=ids.attractions[right]))
    if decision_kind == "CHOOSE_HARBORMASTER":
        return pb.EpicResortOption(harbormaster=pb.EpicResortHarbormaster(seat=option))
    if decision_kind == "CASH_OUT_TOURISTS":
        return pb.EpicResortOption(cash_out=pb.EpicResortCashOut(tourists=option))
    if decision_kind == "REPOSITION_HEROES":
        movers = [i for i, sv in enumerate(own.slots) if sv[7] != NO_HERO and not sv[9]]
        return pb.EpicResortOption(reposition=pb.EpicResortReposition(
            from_slots=movers, to_slots=list(option)))
    field = SLOT_FIELDS.get(decision_kind)
    if field is not None:
        sv = own.slots[option]
        if field == "heal_hero":
            card = ids.main_cards[sv[7]] if sv[7] != NO_HERO else ""
        else:
            card = ids.attractions[sv[0][-1]] if sv[0] else ""
        return pb.EpicResortOption(**{field: pb.EpicResortSlotChoice(slot=option, card=card)})
    if decision_kind == "HERO_DECISION":
        return _hero_option(obs, option, ids)
    return _action_option(obs, option, ids)


def _hero_option(obs: Observation, option: tuple, ids: CardIds) -> pb.EpicResortOption:
    attacked = obs.frames[-1][1]
    slots = obs.players[obs.seat].slots

    def hero_at(i: int) -> str:
        return ids.main_cards[slots[i][7]] if slots[i][7] != NO_HERO else ""

    op = option[0]
    if op == "defend":
        decision = HeroDecision(action=HeroDecision.ACTION_DEFEND, from_slot=attacked,
                                to_slot=attacked, hero=hero_at(attacked))
    elif op == "dodge":
        decision = HeroDecision(action=HeroDecision.ACTION_DODGE, from_slot=attacked,
                                to_slot=option[1], hero=hero_at(attacked))
    elif op == "move_in":
        decision = HeroDecision(action=HeroDecision.ACTION_MOVE_IN, from_slot=option[1],
                                to_slot=attacked, hero=hero_at(option[1]))
    elif op == "none":
        decision = HeroDecision(action=HeroDecision.ACTION_NONE, from_slot=-1,
                                to_slot=attacked)
    else:
        raise ValueError(f"unknown hero decision {option!r}")
    return pb.EpicResortOption(hero=decision)


def _action_option(obs: Observation, option: tuple, ids: CardIds) -> pb.EpicResortOption:
    """Phase I sends, Guildmaster splits, turn-menu and response-window items."""
    op = option[0]
    own = obs.players[obs.seat]
    if op == "send":
        worker, slot = option[1], option[2]
        attraction = ids.attractions[own.slots[slot][0][-1]] if slot >= 0 else ""
        return pb.EpicResortOption(send=pb.EpicResortSend(
            worker=ids.workers[worker], slot=slot, attraction=attraction))
    if op == "split":
        frame = obs.frames[-1]
        worker = frame[2] if frame[0] == "GM_SPLIT" else obs.guildmaster_pending
        return pb.EpicResortOption(guildmaster_split=pb.EpicResortGuildmasterSplit(
            slots=_present(own), units=list(option[1]),
            worker=ids.workers[worker] if worker >= 0 else ""))
    if op == "discard":
        return pb.EpicResortOption(discard=pb.EpicResortDiscard(worker=ids.workers[option[1]]))
    if op == "ability":
        slot = option[1]
        return pb.EpicResortOption(ability=pb.EpicResortAbility(
            slot=slot, attraction=ids.attractions[own.slots[slot][0][-1]]))
    if op == "tourists":
        pos = option[1]
        return pb.EpicResortOption(attract_tourists=pb.EpicResortAttractTourists(
            dock_position=pos, card=ids.main_cards[obs.dock[pos]]))
    if op == "sph":
        return pb.EpicResortOption(
            attract_season_pass=pb.EpicResortAttractSeasonPass(card=ids.season_pass))
    if op == "hero":
        pos, slot = option[1], option[2]
        return pb.EpicResortOption(attract_hero=pb.EpicResortAttractHero(
            dock_position=pos, hero=ids.main_cards[obs.dock[pos]], slot=slot))
    if op == "upgrade":
        tier, index, slot = option[1], option[2], option[3]
        return pb.EpicResortOption(upgrade=pb.EpicResortUpgrade(
            tier=tier + 1, index=index,
            attraction=ids.attractions[obs.draft_available[tier][index]], slot=slot))
    if op == "train":
        trainer, pile = option[1], option[2]
        return pb.EpicResortOption(train=pb.EpicResortTrain(
            trainer=ids.workers[trainer], pile=pile,
            worker=ids.workers[obs.worker_piles[pile][0]]))
    if op == "pass":
        return pb.EpicResortOption(pass_phase=pb.EpicResortPass())
    if op == "end_turn":
        return pb.EpicResortOption(end_turn=pb.EpicResortEndTurn())
    if op == "done":
        return pb.EpicResortOption(done=pb.EpicResortDone())
    raise ValueError(f"unknown Epic Resort option {option!r}")
