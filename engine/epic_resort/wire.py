"""Protobuf conversion at the gateway edge: observation and options to wire messages.

Built only from an :class:`~engine.epic_resort.observation.Observation`, so it can carry
nothing the observation gate did not allow. Integer card ids become the card file's
string ids; the pending step becomes the prompt. ``EpicResortCodec.OPTIONS`` is the one
table from option types to messages. Never used on the built-in path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from arena.v1 import epic_resort_pb2 as pb

from engine.epic_resort.actions import (
    AttractHero,
    AttractSeasonPass,
    AttractTourists,
    DiscardWorker,
    GmSplit,
    SendWorker,
    SplitUnits,
    Train,
    Upgrade,
    UseAbility,
)
from engine.epic_resort.attacks import (
    EndResponse,
    HeroChoice,
    HeroDefends,
    HeroDodges,
    HeroMovesIn,
    NoDefence,
)
from engine.epic_resort.card_defs import HERO, TOURIST, CardSet
from engine.epic_resort.effects import (
    Cash,
    CashOut,
    Heal,
    HealHero,
    Place,
    PlaceTourist,
    Repair,
    RepairAttraction,
    RepositionHeroes,
    UnlockAttraction,
)
from engine.epic_resort.observation import AttackView, Observation, PlayerView, SlotView
from engine.epic_resort.phase1 import FinishPlacing, Phase1, PlanSplit, PlanWorker
from engine.epic_resort.setup import ChooseLayout
from engine.epic_resort.state import NO_HERO
from engine.epic_resort.steps import SeatAsk
from engine.epic_resort.turns import ChooseHarbormaster, EndTurn, Pass
from engine.toolkit.wire import OptionEncoder, OptionTableCodec
from engine.toolkit.wire_bytes import delimited

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
    """Slots holding an attraction, left to right."""
    return [i for i, sv in enumerate(view.slots) if sv.stack]


def observation_message(obs: Observation) -> pb.EpicResortObservation:
    """The deciding seat's observation as a message."""
    return pb.EpicResortObservation.FromString(ObservationParts().encode(obs))


_Message = pb.EpicResortObservation
_SEATS = _Message.DESCRIPTOR.fields_by_name["seats"].number


class ObservationParts:
    """The observation message as concatenated parts, each re-encoded only when the
    content it encodes changed since this instance last encoded it (one instance per
    match: between two requests most parts, e.g. the main deck's counts, stay put)."""

    def __init__(self) -> None:
        self._last: dict[Any, tuple[Any, bytes]] = {}
        self._slots_of: CardIds | None = None
        self._slots: dict[tuple[int, SlotView], bytes] = {}

    def _part(
        self, name: Any, key: Any, build: Callable[[], pb.EpicResortObservation]
    ) -> bytes:
        last = self._last.get(name)
        if last is not None and last[0] == key:
            return last[1]
        encoded = build().SerializeToString()
        self._last[name] = (key, encoded)
        return encoded

    def _seat(self, seat: int, view: PlayerView, ids: CardIds) -> bytes:
        """The ``seats`` field of one seat; its slots' entries reused while unchanged
        (a seat that acted usually changed one slot, or none)."""
        if self._slots_of is not ids:
            self._slots_of, self._slots = ids, {}
        slots = self._slots
        head = pb.EpicResortSeat()
        _set_seat_head(head, seat, view, ids)
        parts = [head.SerializeToString()]
        for i, slot in enumerate(view.slots):
            encoded = slots.get((i, slot))
            if encoded is None:
                if len(slots) >= 4096:
                    slots.clear()
                entry = pb.EpicResortSeat()
                _set_slot(entry.slots.add(), i, slot, ids)
                encoded = slots[i, slot] = entry.SerializeToString()
            parts.append(encoded)
        return delimited(_SEATS, b"".join(parts))

    def encode(self, obs: Observation) -> bytes:
        """The serialized ``EpicResortObservation`` of ``obs``."""
        ids = card_ids(obs.cards)
        part = self._part
        parts = [
            _Message(
                seat=obs.seat, players=obs.players_count, season=obs.season, phase=obs.phase,
                harbormaster=obs.harbormaster, harbormaster_tokens=obs.harbormaster_tokens,
                guildmaster_pending=(
                    ids.workers[obs.guildmaster_pending] if obs.guildmaster_pending >= 0
                    else ""),
                monster_deck_face_up=obs.params.monster_deck_face_up,
                season_pass_locked=obs.season_pass_locked, turn_seat=obs.turn_seat,
                main_action_done=obs.main_done, first_pass_done=obs.first_pass_done,
                end_triggered=obs.end_triggered, terminal=obs.terminal,
            ).SerializeToString(),
            part("hand", (ids, obs.hand), lambda: _Message(hand=_counts(ids.workers, obs.hand))),
            part("dock", (ids, obs.dock, obs.dock_discard), lambda: _Message(
                dock=[ids.main_cards[c] for c in obs.dock],
                dock_discard=[ids.main_cards[c] for c in obs.dock_discard])),
            part("main_deck", (ids, obs.main_deck), lambda: _Message(
                main_deck=_counts(ids.main_cards, obs.main_deck))),
            part("monsters", (ids, obs.monster_deck, obs.monster_discard), lambda: _Message(
                monster_deck=[ids.monsters[m] for m in obs.monster_deck],
                monster_discard=[ids.monsters[m] for m in obs.monster_discard])),
        ]
        for seat, view in enumerate(obs.players):
            last = self._last.get(("seat", seat))
            if last is None or last[0] != (ids, view):
                last = self._last["seat", seat] = ((ids, view), self._seat(seat, view, ids))
            parts.append(last[1])
        parts.append(part("draft", (ids, obs.draft_available, obs.draft_piles), lambda: _draft(
            obs, ids)))
        parts.append(part("worker_piles", (ids, obs.worker_piles), lambda: _Message(
            worker_piles=[pb.EpicResortWorkerPile(worker=ids.workers[w], count=k, locked=locked)
                          for w, k, locked in obs.worker_piles])))
        if obs.attack is not None or obs.steps:
            tail = _Message()
            if obs.attack is not None:
                _set_attack(tail.attack, obs.attack, ids)
            if obs.steps:
                _set_prompt(tail.prompt, obs, ids)
            parts.append(tail.SerializeToString())
        return b"".join(parts)


def _draft(obs: Observation, ids: CardIds) -> pb.EpicResortObservation:
    message = _Message()
    for tier, (available, pile) in enumerate(
        zip(obs.draft_available, obs.draft_piles, strict=True), start=1
    ):
        message.draft.add(tier=tier, available=[ids.attractions[a] for a in available],
                          pile=_counts(ids.attractions, pile))
    return message


def _add_seat(entry: pb.EpicResortSeat, seat: int, view: PlayerView, ids: CardIds) -> None:
    _set_seat_head(entry, seat, view, ids)
    for i, slot in enumerate(view.slots):
        _set_slot(entry.slots.add(), i, slot, ids)


def _set_seat_head(entry: pb.EpicResortSeat, seat: int, view: PlayerView, ids: CardIds) -> None:
    """Every field of a seat entry but its slots."""
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
    if view.plan is not None:
        entry.plan_visible = True
        entry.day_workers_planned = view.phase1_day_workers or 0
        for worker, slot, units in view.plan:
            entry.plan.add(worker=workers[worker], slot=slot, units=list(units))


def _set_slot(entry: pb.EpicResortSlot, i: int, slot: SlotView, ids: CardIds) -> None:
    workers = ids.workers
    entry.slot = i
    entry.stack.extend(ids.attractions[a] for a in slot.stack)
    entry.tourists = slot.tourists
    entry.damage = slot.damage
    entry.locked = slot.locked
    entry.workers.extend(workers[w] for w in slot.workers)
    entry.guildmaster_units = slot.gm_units
    entry.stranded_workers.extend(workers[w] for w in slot.stranded)
    entry.hero = ids.main_cards[slot.hero] if slot.hero != NO_HERO else ""
    entry.hero_health = slot.hero_health
    entry.hero_locked = slot.hero_locked


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
    """The pending decision step and the parameters its options depend on."""
    step = obs.steps[-1]
    msg.step = step.name
    if isinstance(step, Phase1):
        msg.seat = -1
    elif isinstance(step, HeroChoice):
        msg.seat = obs.attack.defender if obs.attack is not None else -1
        msg.slot = step.slot
    elif isinstance(step, SeatAsk):
        msg.seat = step.seat
    if isinstance(step, Place):
        msg.amount = step.n
        msg.attraction_type = step.type
    elif isinstance(step, Heal | Repair):
        msg.amount = step.n
    elif isinstance(step, Cash):
        msg.slot = step.slot
        msg.resource = step.resource
        msg.per_tourist = step.per_tourist
    elif isinstance(step, GmSplit):
        msg.worker = ids.workers[step.worker]


# ----------------------------------------------------------------------------- options
# Each encoder reads only the deciding seat's observation; ``_own`` is that seat's view.


def _own(obs: Observation) -> PlayerView:
    return obs.players[obs.seat]


def _top(obs: Observation, slot: int) -> str:
    """The card id of the attraction on top of one of the deciding seat's slots."""
    stack = _own(obs).slots[slot].stack
    return card_ids(obs.cards).attractions[stack[-1]] if stack else ""


def _hero(obs: Observation, slot: int) -> str:
    hero = _own(obs).slots[slot].hero
    return card_ids(obs.cards).main_cards[hero] if hero != NO_HERO else ""


def _layout(obs: Observation, o: ChooseLayout) -> pb.EpicResortOption:
    atts = card_ids(obs.cards).attractions
    return pb.EpicResortOption(layout=pb.EpicResortLayout(left=atts[o.left], right=atts[o.right]))


def _send(obs: Observation, o: PlanWorker | SendWorker) -> pb.EpicResortOption:
    return pb.EpicResortOption(send=pb.EpicResortSend(
        worker=card_ids(obs.cards).workers[o.worker], slot=o.slot,
        attraction=_top(obs, o.slot) if o.slot >= 0 else ""))


def _split(obs: Observation, o: PlanSplit | SplitUnits) -> pb.EpicResortOption:
    step = obs.steps[-1]
    worker = step.worker if isinstance(step, GmSplit) else obs.guildmaster_pending
    return pb.EpicResortOption(guildmaster_split=pb.EpicResortGuildmasterSplit(
        slots=_present(_own(obs)), units=list(o.units),
        worker=card_ids(obs.cards).workers[worker] if worker >= 0 else ""))


def _discard(obs: Observation, o: DiscardWorker) -> pb.EpicResortOption:
    worker = card_ids(obs.cards).workers[o.worker]
    return pb.EpicResortOption(discard=pb.EpicResortDiscard(worker=worker))


def _ability(obs: Observation, o: UseAbility) -> pb.EpicResortOption:
    return pb.EpicResortOption(
        ability=pb.EpicResortAbility(slot=o.slot, attraction=_top(obs, o.slot)))


def _attract_tourists(obs: Observation, o: AttractTourists) -> pb.EpicResortOption:
    card = card_ids(obs.cards).main_cards[obs.dock[o.dock_pos]]
    return pb.EpicResortOption(attract_tourists=pb.EpicResortAttractTourists(
        dock_position=o.dock_pos, card=card))


def _attract_season_pass(obs: Observation, o: AttractSeasonPass) -> pb.EpicResortOption:
    return pb.EpicResortOption(attract_season_pass=pb.EpicResortAttractSeasonPass(
        card=card_ids(obs.cards).season_pass))


def _attract_hero(obs: Observation, o: AttractHero) -> pb.EpicResortOption:
    hero = card_ids(obs.cards).main_cards[obs.dock[o.dock_pos]]
    return pb.EpicResortOption(attract_hero=pb.EpicResortAttractHero(
        dock_position=o.dock_pos, hero=hero, slot=o.slot))


def _upgrade(obs: Observation, o: Upgrade) -> pb.EpicResortOption:
    attraction = card_ids(obs.cards).attractions[obs.draft_available[o.tier][o.index]]
    return pb.EpicResortOption(upgrade=pb.EpicResortUpgrade(
        tier=o.tier + 1, index=o.index, attraction=attraction, slot=o.slot))


def _train(obs: Observation, o: Train) -> pb.EpicResortOption:
    workers = card_ids(obs.cards).workers
    return pb.EpicResortOption(train=pb.EpicResortTrain(
        trainer=workers[o.trainer], pile=o.pile, worker=workers[obs.worker_piles[o.pile][0]]))


def _pass(obs: Observation, o: Pass) -> pb.EpicResortOption:
    return pb.EpicResortOption(pass_phase=pb.EpicResortPass())


def _end_turn(obs: Observation, o: EndTurn) -> pb.EpicResortOption:
    return pb.EpicResortOption(end_turn=pb.EpicResortEndTurn())


def _done(obs: Observation, o: FinishPlacing | EndResponse) -> pb.EpicResortOption:
    return pb.EpicResortOption(done=pb.EpicResortDone())


def _place_tourist(obs: Observation, o: PlaceTourist) -> pb.EpicResortOption:
    return pb.EpicResortOption(
        place_tourist=pb.EpicResortSlotChoice(slot=o.slot, card=_top(obs, o.slot)))


def _heal_hero(obs: Observation, o: HealHero) -> pb.EpicResortOption:
    return pb.EpicResortOption(
        heal_hero=pb.EpicResortSlotChoice(slot=o.slot, card=_hero(obs, o.slot)))


def _repair(obs: Observation, o: RepairAttraction) -> pb.EpicResortOption:
    return pb.EpicResortOption(
        repair=pb.EpicResortSlotChoice(slot=o.slot, card=_top(obs, o.slot)))


def _unlock(obs: Observation, o: UnlockAttraction) -> pb.EpicResortOption:
    return pb.EpicResortOption(
        unlock=pb.EpicResortSlotChoice(slot=o.slot, card=_top(obs, o.slot)))


def _cash_out(obs: Observation, o: CashOut) -> pb.EpicResortOption:
    return pb.EpicResortOption(cash_out=pb.EpicResortCashOut(tourists=o.tourists))


def _reposition(obs: Observation, o: RepositionHeroes) -> pb.EpicResortOption:
    movers = [i for i, sv in enumerate(_own(obs).slots)
              if sv.hero != NO_HERO and not sv.hero_locked]
    return pb.EpicResortOption(reposition=pb.EpicResortReposition(
        from_slots=movers, to_slots=list(o.slots)))


def _attacked(obs: Observation) -> int:
    step = obs.steps[-1]
    assert isinstance(step, HeroChoice)
    return step.slot


def _hero_decision(decision: pb.EpicResortHeroDecision) -> pb.EpicResortOption:
    return pb.EpicResortOption(hero=decision)


def _defend(obs: Observation, o: HeroDefends) -> pb.EpicResortOption:
    at = _attacked(obs)
    return _hero_decision(HeroDecision(action=HeroDecision.ACTION_DEFEND, from_slot=at,
                                       to_slot=at, hero=_hero(obs, at)))


def _dodge(obs: Observation, o: HeroDodges) -> pb.EpicResortOption:
    at = _attacked(obs)
    return _hero_decision(HeroDecision(action=HeroDecision.ACTION_DODGE, from_slot=at,
                                       to_slot=o.slot, hero=_hero(obs, at)))


def _move_in(obs: Observation, o: HeroMovesIn) -> pb.EpicResortOption:
    return _hero_decision(HeroDecision(action=HeroDecision.ACTION_MOVE_IN, from_slot=o.slot,
                                       to_slot=_attacked(obs), hero=_hero(obs, o.slot)))


def _no_defence(obs: Observation, o: NoDefence) -> pb.EpicResortOption:
    return _hero_decision(HeroDecision(action=HeroDecision.ACTION_NONE, from_slot=-1,
                                       to_slot=_attacked(obs)))


def _harbormaster(obs: Observation, o: ChooseHarbormaster) -> pb.EpicResortOption:
    return pb.EpicResortOption(harbormaster=pb.EpicResortHarbormaster(seat=o.seat))


class EpicResortCodec(OptionTableCodec):
    """WireCodec for ``arena.v1.EpicResortObservation`` / ``...Option``."""

    field = "epic_resort"
    # Engine values: the card set comes from MatchStart's config (no log to send in pieces).
    VALUE_CONTEXT = ("cards",)
    # Every option type of the game and its message: the one table of the wire format.
    OPTIONS: ClassVar[Mapping[type, OptionEncoder]] = {
        ChooseLayout: _layout,
        PlanWorker: _send,
        SendWorker: _send,
        PlanSplit: _split,
        SplitUnits: _split,
        FinishPlacing: _done,
        DiscardWorker: _discard,
        UseAbility: _ability,
        AttractTourists: _attract_tourists,
        AttractSeasonPass: _attract_season_pass,
        AttractHero: _attract_hero,
        Upgrade: _upgrade,
        Train: _train,
        Pass: _pass,
        EndTurn: _end_turn,
        EndResponse: _done,
        PlaceTourist: _place_tourist,
        HealHero: _heal_hero,
        RepairAttraction: _repair,
        UnlockAttraction: _unlock,
        CashOut: _cash_out,
        RepositionHeroes: _reposition,
        HeroDefends: _defend,
        HeroDodges: _dodge,
        HeroMovesIn: _move_in,
        NoDefence: _no_defence,
        ChooseHarbormaster: _harbormaster,
    }

    def log_mark(self, obs: Observation) -> None:
        """Epic Resort observations carry no log, so nothing to resume from."""
        return None

    def __init__(self) -> None:
        self._parts = ObservationParts()

    def observation(self, obs: Observation, since: None = None) -> pb.EpicResortObservation:
        return observation_message(obs)

    def observation_bytes(self, obs: Observation, since: None = None) -> bytes:
        """The serialized message, from the parts that changed since the last request."""
        return self._parts.encode(obs)

