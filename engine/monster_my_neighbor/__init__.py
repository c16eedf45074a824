"""Monster My Neighbor (Korea Boardgames, 2015): a hidden-role card game for 3-8 players.

Exactly one Monster card is in play each round and whoever holds it *is* the Monster;
the others try to make its holder discard it with a Hunter or the Dog, while Friends
side with the Monster. Five rounds, one Monster each; most VP wins, ties share.

What is special for an engine:

- **Hidden roles that move.** Hands are hidden and cards change hands all the time
  (Rumor, Gossip, Fog, Deal, Steal, the Dog), so the Monster's holder changes too.
  :mod:`observation` is the single gate for what a seat may see.
- **Simultaneous decisions.** Gossip, Fog and Deal ask several seats at once; each
  choice is buffered and applied when all have committed, and no observation reveals
  another seat's pending choice. The turn flow runs on the shared step driver
  (:mod:`engine.toolkit.flow`; the game's asks are in :mod:`asks`).
- **Data-driven cards.** Effects are scripts of primitives in ``data/cards.yaml``,
  compiled by :mod:`cards`; a user card file (``GameConfig.cards``) replaces them.

Rules reference: the Monster My Neighbor rules specification (section numbers in the
code refer to it).
"""

from __future__ import annotations

from engine.core import ConfigError, Game, GameConfig, GameInfo, lazy
from engine.monster_my_neighbor.boss import BossBot
from engine.monster_my_neighbor.bots import HeuristicBot
from engine.monster_my_neighbor.cards import MAX_SEATS, default_cards_text, load_cards
from engine.monster_my_neighbor.game_state import MonsterState
from engine.monster_my_neighbor.observation import to_json
from engine.monster_my_neighbor.search import SEARCH
from engine.toolkit.checks import check_players

GAME_ID = "monster-my-neighbor"
DEFAULT_OPTIONS: dict[str, int] = {"rounds": 5}

INFO = GameInfo(
    game_id=GAME_ID,
    name="Monster My Neighbor",
    min_players=3,
    max_players=MAX_SEATS,
    hidden_information=True,
    simultaneous_decisions=True,
    chance=True,
    spectator=True,
)


def validate_config(config: GameConfig) -> None:
    """Players 3..8 (or the card file's range), known options only, valid card text."""
    cards = load_cards(config.cards)
    low, high = max(INFO.min_players, cards.min_players), min(INFO.max_players, cards.max_players)
    check_players(GAME_ID, config.players, low, high)
    unknown = sorted(set(config.options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ConfigError(
            f"unknown option(s) {', '.join(map(repr, unknown))};"
            f" known: {', '.join(DEFAULT_OPTIONS)}"
        )
    rounds = config.options.get("rounds", cards.rounds)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= cards.rounds:
        raise ConfigError(f"option 'rounds' must be an integer from 1 to {cards.rounds}")


def new_state(config: GameConfig, seed: int) -> MonsterState:
    validate_config(config)
    cards = load_cards(config.cards)
    return MonsterState.new(cards, config.players, seed, config.options.get("rounds", cards.rounds))


GAME = Game(
    info=INFO,
    new_state=new_state,
    validate_config=validate_config,
    observation_to_json=to_json,
    default_options=DEFAULT_OPTIONS,
    wire=lazy("engine.monster_my_neighbor.wire", "MonsterMyNeighborCodec"),
    card_text=default_cards_text,
    board=lazy("engine.monster_my_neighbor.board", "MonsterMyNeighborBoard"),
    bots={"heuristic": HeuristicBot, "boss": BossBot},
    search=SEARCH,
)
