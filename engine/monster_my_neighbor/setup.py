"""Game and round setup (§3, §4, §9): the Monster deck, the round deck, dealing."""

from __future__ import annotations

from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.events import (
    DealtHand,
    RoundStarted,
)
from engine.monster_my_neighbor.moves import note
from engine.monster_my_neighbor.state import State, clear_asks, clear_effect


def setup_game(s: State) -> None:
    """§3: shuffle the Monster deck, zero the VP, start round 1."""
    c = s.cards
    n = s.n
    s.vp = [0] * n
    s.monster_deck = list(c.monster_types)
    s.rng.shuffle(s.monster_deck)
    s.removed = []
    s.finished = []
    s.round_no = 0
    s.terminal = False
    s.public_events = []
    s.private_logs = [[] for _ in range(n)]
    s.private_times = [[] for _ in range(n)]
    s.hands = [[0] * c.type_count for _ in range(n)]
    s.hand_sizes = [0] * n
    s.play_areas = [[] for _ in range(n)]
    s.face_down = [[] for _ in range(n)]
    s.under_deck = [0] * c.type_count
    s.main_deck = [c.counts[t] if t in c.general_types else 0 for t in range(c.type_count)]
    clear_asks(s)
    clear_effect(s)
    setup_round(s)


class _Recipe:
    """The round-deck recipe of a card set (§4), precomputed once: the general cards left
    in the main deck after the fixed ones, the fixed cards, and the rest in type order."""

    __slots__ = ("cards", "fixed", "main", "random_cards", "rest")

    def __init__(self, c: CardSet) -> None:
        self.cards = c
        main = [c.counts[t] if not c.is_monster[t] else 0 for t in range(c.type_count)]
        fixed: list[int] = []
        for t in range(c.type_count):
            for _ in range(c.fixed_in_round_deck[t]):
                main[t] -= 1
                fixed.append(t)
        self.main = tuple(main)
        self.fixed = tuple(fixed)
        self.rest = tuple(t for t in range(c.type_count) for _ in range(main[t]))
        self.random_cards = dict(c.random_by_players)


# Keyed by identity; each entry keeps its card set alive so an id is never reused.
_RECIPES: dict[int, _Recipe] = {}


def _recipe(c: CardSet) -> _Recipe:
    recipe = _RECIPES.get(id(c))
    if recipe is None or recipe.cards is not c:
        recipe = _RECIPES[id(c)] = _Recipe(c)
    return recipe


def setup_round(s: State) -> None:
    """§4 (and §9): gather every card back, build the round deck, deal 4 to each seat."""
    c = s.cards
    n = s.n
    recipe = _recipe(c)
    s.round_no += 1
    main = list(recipe.main)
    round_deck = list(recipe.fixed)
    rest = list(recipe.rest)
    s.rng.shuffle(rest)
    drawn = rest[: recipe.random_cards[n]]
    for t in drawn:
        main[t] -= 1
    round_deck.extend(drawn)
    s.round_monster = s.monster_deck.pop()
    round_deck.append(s.round_monster)
    s.rng.shuffle(round_deck)

    s.main_deck = main
    types = c.type_count
    s.under_deck = [0] * types
    per = c.hand_size
    hands = []
    dealt = []
    for seat in range(n):
        cards = round_deck[seat * per:(seat + 1) * per]
        hand = [0] * types
        for t in cards:
            hand[t] += 1
        hands.append(hand)
        dealt.append(tuple(sorted(cards)))  # hand_tuple(hand), from the cards dealt
    s.hands = hands
    s.hand_sizes = [per] * n
    s.turns_taken = [0] * n
    s.play_areas = [[] for _ in range(n)]
    s.face_down = [[] for _ in range(n)]
    s.friends = [False] * n
    s.counters = [0, 0]
    s.first_hunter_played = False
    s.tracked_holder = [-1] * types
    opening = c.opening_type
    opener = next(seat for seat in range(n) if hands[seat][opening])
    s.wanted_holder = -1
    s.start_seat = opener
    s.active = opener
    s.rotation = 1
    s.opening_pending = True
    s.public_events.append(RoundStarted(s.round_no))
    for seat in range(n):
        note(s, seat, DealtHand(s.round_no, dealt[seat]))
