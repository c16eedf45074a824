"""What each effect value does: the one dispatch table from effect kind to the rule that
carries it out (spec 18 primitives, then the card-specific kinds).

The values (``cards/effects.py``) sit below every rule module and say only *what*; this
module sits on top of the rules and says *how*. Importing it installs ``TABLE`` as
``dispatch.HANDLERS``, which ``dispatch.Do`` and ``dispatch.fire`` read;
``engine.ark_nova`` imports it (through ``game_state``) before any game exists; it also
installs the sponsors' rules for playing animals (``act_animals.SPONSOR_RULES``). A kind
missing here is a ``KeyError`` the first time it fires;
``tests/ark_nova/test_primitives.py`` checks that every kind has its entry.
"""

from __future__ import annotations

from engine.ark_nova.cards import effects as fx
from engine.ark_nova.cards.effects import Effect
from engine.ark_nova.model.state import State
from engine.ark_nova.rules import (
    act_animals,
    association,
    cardflow,
    custom,
    metrics,
    sponsor_play,
    tracks,
    turn,
    waza,
    zoo,
)
from engine.ark_nova.rules.dispatch import HANDLERS, Do, Handler


def _gain(s: State, seat: int, src: int, e: fx.Gain) -> None:
    tracks.gain(s, seat, e.res, e.n)


def _gain_counted(s: State, seat: int, src: int, e: fx.GainPer | fx.GainTiers) -> None:
    n = metrics.amount(s, seat, e)
    if n:
        tracks.gain(s, seat, e.res, n)


def _others_gain(s: State, seat: int, src: int, e: fx.OthersGain) -> None:
    n = e.k
    if e.metric:
        units = metrics.metric(s, seat, e.metric) // e.div
        if e.cap:
            units = min(units, e.cap)
        n = e.k * units
    if n:
        for other in range(s.n):
            if other != seat:
                tracks.gain(s, other, e.res, n)


def _place_token(s: State, seat: int, src: int, e: fx.PlaceToken) -> None:
    if e.action < 0:
        s.steps.append(turn.ChooseMultiplierCard(seat))
    else:
        turn.add_multiplier(s, seat, e.action)


def _tokens_on_self(s: State, seat: int, src: int, e: fx.TokensOnSelf) -> None:
    p = s.players[seat]
    n = min(e.n, p.supply_tokens)
    p.supply_tokens -= n
    p.card_tokens[src] = p.card_tokens.get(src, 0) + n


TABLE: dict[type[Effect], Handler] = {
    # gains (spec 13)
    fx.Gain: _gain,
    fx.GainPer: _gain_counted,
    fx.GainTiers: _gain_counted,
    fx.OthersGain: _others_gain,
    fx.AdvanceBreak: lambda s, seat, src, e: tracks.advance_break(s, seat, e.n),
    # cards (spec 10)
    fx.Draw: lambda s, seat, src, e: cardflow.draw(s, seat, e.n),
    fx.TakeCard: lambda s, seat, src, e: s.steps.append(cardflow.TakeCard(seat, e.n)),
    fx.SnapCards: lambda s, seat, src, e: s.steps.append(cardflow.Snap(seat, e.n, e.refill)),
    fx.RevealUntil: lambda s, seat, src, e: cardflow.reveal_until(s, seat, e.what),
    fx.Pouch: lambda s, seat, src, e: s.steps.append(zoo.PouchCards(seat, src, e.n)),
    fx.SellCards: lambda s, seat, src, e: s.steps.append(zoo.SellCards(seat, e.n, e.price)),
    # association (spec 12)
    fx.HireWorker: lambda s, seat, src, e: tracks.hire_worker(s, seat),
    fx.PartnerZooFree: lambda s, seat, src, e: s.steps.append(
        association.ChoosePartnerZoo(seat)),
    fx.UniversityFree: lambda s, seat, src, e: s.steps.append(
        association.ChooseUniversity(seat)),
    # action cards (spec 4-6)
    fx.UpgradeCard: lambda s, seat, src, e: s.steps.append(tracks.UpgradeCard(seat)),
    fx.MoveActionCard: lambda s, seat, src, e: s.steps.append(
        turn.MoveCard(seat, e.action, e.slots)),
    fx.ExtraAction: lambda s, seat, src, e: turn.start_extra_action(s, seat, e.action),
    fx.PlaceToken: _place_token,
    fx.AfterFinishing: lambda s, seat, src, e: turn.defer(s, Do(seat, src, e.effect)),
    # buildings (spec 7, 11)
    fx.BuildFree: lambda s, seat, src, e: s.steps.append(zoo.ChooseFreeBuilding(seat, e.types)),
    fx.PlaceUnique: lambda s, seat, src, e: zoo.start_placement(s, seat, e.code),
    fx.TokensOnSelf: _tokens_on_self,
    fx.PlaySponsorForMoney: lambda s, seat, src, e: s.steps.append(
        sponsor_play.SponsorForMoney(seat)),
    fx.PushStep: lambda s, seat, src, e: s.steps.append(e.step),
    # card-specific (custom.py, waza.py)
    fx.Scavenging: custom.scavenging,
    fx.Hunter: custom.hunter,
    fx.Perception: custom.perception,
    fx.Digging: custom.digging,
    fx.Resistance: custom.resistance,
    fx.TakeBaseProject: custom.take_base_project,
    fx.Magnet: custom.magnet,
    fx.Venom: custom.venom,
    fx.Constriction: custom.constriction,
    fx.Pilfering: custom.pilfering,
    fx.Hypnosis: custom.hypnosis,
    fx.OkapiSponsor: custom.okapi_sponsor,
    fx.ExtraPlacementBonus: custom.extra_placement_bonus,
    fx.WazaChoose: lambda s, seat, src, e: s.steps.append(waza.WazaClass(seat)),
}

HANDLERS.update(TABLE)
# The sponsors' rules for playing animals (act_animals.SPONSOR_RULES).
act_animals.install("WAZA", waza.ANIMAL_RULES)
