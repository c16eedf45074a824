"""Ark Nova (Feuerland, 2021), base game, 1-4 players (solo included), every zoo map of
the base game: A, 0, 1-8 and 1a, or a random advanced map per seat (``model/params.py``).

Players build modern zoos: each turn one of five action cards (Animals, Association,
Build, Cards, Sponsors), whose strength is its slot, is played and moves to slot 1.
Appeal and conservation points race towards each other; when they meet for a player the
game ends and VP = appeal - target appeal for the CP reached. The rules are the
project's Ark Nova spec (outside this repository; its rule ids and titles are in
``tests/spec_coverage/ark_nova.sections``); its section 22 decisions are implemented as
written (``docs/ark_nova.md``).

What is special for an engine:

- **Many small decisions**: an action is the card, then its card/building, then cell and
  rotation, then each optional effect; every step is a typed decision
  (``model/steps.py``).
- **All 235 cards** are effect values keyed from the card data (``cards/abilities.py``,
  ``cards/sponsors.py``, ``cards/map_bonuses.py``, ``rules/projects.py``,
  ``rules/final_scoring.py``); what each kind of value does is one dispatch table
  (``rules/resolve.py``), the few needing their own code are in ``rules/custom.py`` and
  ``rules/waza.py``, the passive sponsor rules in ``rules/passives.py``.
- Hidden information (hands, final scoring cards, deck order) and chance (shuffles from
  the state's own RNG); interactive effects may ask another seat to decide.
- Layers: ``map`` < ``cards`` < ``model`` < ``rules`` < ``view`` < ``ai`` < this
  package's own modules (``docs/ark_nova.md``).
"""

from __future__ import annotations

from engine.ark_nova.ai.bots import BOTS
from engine.ark_nova.cards.catalog import default_cards_text
from engine.ark_nova.game_state import ArkNovaState, new_state, validate_config
from engine.ark_nova.model.params import DEFAULT_OPTIONS
from engine.ark_nova.search import SEARCH
from engine.ark_nova.view.observation import Observation, observation_to_json
from engine.core.game import Game, GameInfo, lazy

INFO = GameInfo(
    game_id="ark-nova",
    name="Ark Nova",
    min_players=1,
    max_players=4,
    hidden_information=True,
    simultaneous_decisions=False,
    chance=True,
    spectator=True,
)


GAME = Game(
    info=INFO,
    new_state=new_state,
    validate_config=validate_config,
    observation_to_json=observation_to_json,
    default_options=DEFAULT_OPTIONS,
    wire=lazy("engine.ark_nova.view.wire", "ArkNovaCodec"),
    card_text=default_cards_text,
    board=lazy("engine.ark_nova.view.board", "ArkNovaBoard"),
    bots=BOTS,
    search=SEARCH,
)

__all__ = ["GAME", "INFO", "ArkNovaState", "Observation"]
