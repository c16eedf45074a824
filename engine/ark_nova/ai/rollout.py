"""A fast rule-based policy: a score per option, the best option is played.

Used to finish a bot's own pending steps when the greedy bot looks ahead, and as the
rollout policy of the core ``mcts`` bot and the ``boss``. It reads the (sampled) state
only through the deciding seat's point of view: its hand, the display, its zoo.

``SCORERS`` scores an option by its type and what it does for the seat now: which
action card (Animals when an animal can be played, Sponsors when a sponsor can be, its
break for money only when short of money), how many X-tokens to spend (all that add
strength), which building (the enclosure an animal in hand is waiting for), which cards
to take, keep, discard, sell or pouch (``card_worth``), which CP bonus tile.
``BASIC_SCORERS`` is the policy before those rules (docs/strength.md, change 5), kept
for A/B runs (``boss:rules=basic``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine.ark_nova.cards.catalog import ANIMALS, ASSOCIATION, BUILD, SPONSORS
from engine.ark_nova.map.buildings import KIOSK_T, PAVILION_T, SIZE, STANDARD, TYPES
from engine.ark_nova.model.state import State
from engine.ark_nova.model.steps import Decline, Option
from engine.ark_nova.rules import (
    act_animals,
    act_build,
    act_sponsors,
    association,
    cardflow,
    projects,
    setup,
    sponsor_play,
    tracks,
    turn,
    zoo,
)
from engine.core.rng import GameRng

Scorers = Mapping[type, Callable[[State, int, Option], float]]

USE_BONUS = {ANIMALS: 3.0, ASSOCIATION: 1.5, BUILD: 1.0}  # added to the card's slot
SPONSOR_PLAY = 2.0  # Sponsors with a sponsor it can play
BREAK_RICH = -2.0  # Sponsors only to break for money, with POOR money or more
POOR = 10
TAKE_X = 0.5
TASK_SCORE = (1.0, 2.0, 2.5, 4.0)  # reputation, partner zoo, university, project
# CP-track bonus: 5 money (first), then state.BONUS_TILES' order: money_10, enclosure_3,
# reputation_2, x_tokens_3, cards_3, partner_zoo, university, multiplier, sponsor_for_money.
TILE_SCORE = (1.0, 3.0, 2.5, 2.0, 2.0, 2.5, 3.0, 3.0, 2.0, 1.5)
DECK_WORTH = 3.0  # an unknown card from the deck, against a known one's card_worth


def _animal_worth(s: State, card_id: int) -> float:
    c = s.cards[card_id]
    return c.appeal + 2.0 * c.cp + c.reputation + 0.5 * len(c.abilities)


def card_worth(s: State, seat: int, card_id: int) -> float:
    """What a card is worth keeping for ``seat`` now: an animal its printed gains less
    what stands between the seat and playing it (missing conditions, money short), a
    sponsor its level unless its conditions are out of reach, a project more if the seat
    could support it now."""
    c = s.cards[card_id]
    p = s.players[seat]
    if c.is_animal:
        missing = act_animals.missing_conditions(s, seat, c, True)
        short = max(0, act_animals.cost(s, seat, c, 0) - p.money)
        return _animal_worth(s, card_id) - 2.0 * missing - 0.15 * short
    if c.is_sponsor:
        reachable = sponsor_play.conditions_met(s, seat, c, True)
        return 1.0 + c.level - (0.0 if reachable else 3.0)
    if c.is_project:
        return 4.0 if projects.levels_for(s, seat, c, s.levels.get(card_id)) else 2.0
    return 0.0


def _unhoused_sizes(s: State, seat: int) -> list[int]:
    """Standard enclosure sizes of the animals in hand whose conditions are met but
    which have nowhere to live now."""
    by_id = s.cards.by_id
    out = []
    for c in s.players[seat].hand:
        card = by_id[c]
        if (card is not None and card.is_animal and card.standard_size
                and act_animals.missing_conditions(s, seat, card, True)
                <= act_animals.ignorable(s, seat, card)
                and not zoo.housings(s, seat, card, first=True)):
            out.append(card.standard_size)
    return out


def _sponsor_playable(s: State, seat: int, strength: int) -> bool:
    p = s.players[seat]
    side2 = p.side2[SPONSORS]
    budget = strength + 1 if side2 else strength
    by_id = s.cards.by_id
    for c in p.hand:
        card = by_id[c]
        if (card is not None and card.is_sponsor
                and sponsor_play.level(s, seat, card) <= budget
                and sponsor_play.conditions_met(s, seat, card, side2)):
            return True
    return False


def _use_card(s: State, seat: int, o: turn.UseCard) -> float:
    """The card's slot (its strength) plus what the action does now: Animals is offered
    only when an animal can be played; Sponsors counts when a sponsor can be played and
    is avoided when it could only break for money the seat does not need."""
    p = s.players[seat]
    a = o.action
    slot = p.order.index(a) + 1
    if a == SPONSORS:
        if _sponsor_playable(s, seat, slot + p.x):
            return slot + SPONSOR_PLAY
        return slot + (0.0 if p.money < POOR else BREAK_RICH)
    return slot + USE_BONUS.get(a, 0.0)


def _use_card_basic(s: State, seat: int, o: turn.UseCard) -> float:
    return s.players[seat].order.index(o.action) + 1 + USE_BONUS.get(o.action, 0.0)


def _build_type(s: State, seat: int, o: act_build.BuildType) -> float:
    """With animals in hand waiting for an enclosure, the smallest standard enclosure
    that houses the largest of them; otherwise ``_build_type_basic``."""
    code = o.building
    if TYPES[code].kind == STANDARD:
        fits = [n for n in _unhoused_sizes(s, seat) if n <= SIZE[code]]
        if fits:
            return 6.0 - 0.5 * (SIZE[code] - max(fits))
    return _build_type_basic(s, seat, o)


def _build_type_basic(s: State, seat: int, o: act_build.BuildType) -> float:
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


def _sponsor_worth(s: State, seat: int, card_id: int) -> float:
    """A playable sponsor beats breaking for money (score 0.5); higher levels do more."""
    return 1.0 + sponsor_play.level(s, seat, s.cards[card_id])


BASIC_SCORERS: dict[type, Callable[[State, int, Option], float]] = {
    turn.UseCard: _use_card_basic,  # type: ignore[dict-item]
    turn.TakeX: lambda s, seat, o: TAKE_X,
    act_animals.PlayAnimal: lambda s, seat, o: _animal_worth(s, o.card),  # type: ignore[attr-defined]
    act_animals.PlayAnimalFromFolder: lambda s, seat, o: _animal_worth(
        s, s.display[o.folder - 1]) - o.folder,  # type: ignore[attr-defined]
    act_animals.HouseIn: _house,  # type: ignore[dict-item]
    act_build.BuildType: _build_type_basic,  # type: ignore[dict-item]
    association.DoTask: lambda s, seat, o: TASK_SCORE[o.task],  # type: ignore[attr-defined]
    association.Donate: lambda s, seat, o: 3.0 if s.players[seat].money > 20 else 0.0,
    projects.ProjectLevel: lambda s, seat, o: -o.level,  # type: ignore[attr-defined]
    Decline: lambda s, seat, o: -5.0,
}

SCORERS: dict[type, Callable[[State, int, Option], float]] = {
    **BASIC_SCORERS,
    turn.UseCard: _use_card,  # type: ignore[dict-item]
    act_build.BuildType: _build_type,  # type: ignore[dict-item]
    turn.SpendX: lambda s, seat, o: o.count,  # type: ignore[attr-defined]
    act_sponsors.BreakForMoney: lambda s, seat, o: 0.5,
    act_sponsors.PlaySponsor: lambda s, seat, o: _sponsor_worth(s, seat, o.card),  # type: ignore[attr-defined]
    act_sponsors.PlaySponsorFromFolder: lambda s, seat, o: _sponsor_worth(
        s, seat, s.display[o.folder - 1]) - 0.5 * o.folder,  # type: ignore[attr-defined]
    cardflow.DiscardCard: lambda s, seat, o: -card_worth(s, seat, o.card),  # type: ignore[attr-defined]
    zoo.SellCard: lambda s, seat, o: -card_worth(s, seat, o.card),  # type: ignore[attr-defined]
    zoo.PouchCard: lambda s, seat, o: -card_worth(s, seat, o.card),  # type: ignore[attr-defined]
    cardflow.KeepCard: lambda s, seat, o: card_worth(s, seat, o.card),  # type: ignore[attr-defined]
    setup.KeepStartingCard: lambda s, seat, o: card_worth(s, seat, o.card),  # type: ignore[attr-defined]
    cardflow.FromDeck: lambda s, seat, o: DECK_WORTH,
    cardflow.FromFolder: lambda s, seat, o: card_worth(
        s, seat, s.display[o.folder - 1]),  # type: ignore[attr-defined]
    cardflow.SnapFolder: lambda s, seat, o: card_worth(
        s, seat, s.display[o.folder - 1]),  # type: ignore[attr-defined]
    tracks.BonusTile: lambda s, seat, o: TILE_SCORE[o.tile + 1],  # type: ignore[attr-defined]
}


def choose_index(s: State, seat: int, options: Sequence[Option],
                 scorers: Scorers = SCORERS) -> int:
    """The best option by its score; ties keep the canonical (first) order."""
    best, best_v = 0, float("-inf")
    for i, o in enumerate(options):
        scorer = scorers.get(type(o))
        v = scorer(s, seat, o) if scorer is not None else 0.0
        if v > best_v:
            best, best_v = i, v
    return best


def policy(state: object, seat: int, rng: GameRng) -> int:
    """``Search.policy`` hook: the rule-based choice for ``seat`` in a sampled state."""
    s = state.s  # type: ignore[attr-defined]
    return choose_index(s, seat, s.asked[seat])


def basic_policy(state: object, seat: int, rng: GameRng) -> int:
    """The policy before change 5 (``BASIC_SCORERS``), for A/B runs."""
    s = state.s  # type: ignore[attr-defined]
    return choose_index(s, seat, s.asked[seat], BASIC_SCORERS)
