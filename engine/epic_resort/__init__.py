"""Epic Resort (Floodgate Games, 2013), base game, 2-4 players.

Players run fantasy resorts: they staff attractions with worker cards, attract tourists
and heroes from a shared dock, upgrade attractions and defend against monsters revealed
by Attack! cards. Score = hero VP + attraction VP + 1 per resting hero. The rules are the
project's Epic Resort spec (outside this repository; its rule ids and titles are in
``tests/spec_coverage/epic_resort.sections``); its section 14 decisions are the option
defaults.

What is special for an engine:

- **A simultaneous Phase I**: every seat places workers at once, one worker per small
  decision; ``pending_seats()`` lists every seat still placing and no observation shows
  another seat's placements until all have committed.
- **Free actions interleave** with the one main action of a Phase II turn, and every
  player may take them again in the response window of each attack (Lazy Peon ends an
  attack, Monster Viewing Gallery redirects it, Bouncer weakens it...).
- **Tourist splitting**: each attracted tourist is a separate placement decision.
- Hidden information (hands, deck orders) and chance (shuffles from the state's own RNG).
"""

from __future__ import annotations

from engine.core.game import Game, GameInfo, lazy
from engine.epic_resort.bots import BOTS
from engine.epic_resort.cards import default_cards_text
from engine.epic_resort.game_state import EpicResortState, new_state, validate_config
from engine.epic_resort.observation import Observation, observation_to_json
from engine.epic_resort.params import DEFAULT_OPTIONS
from engine.epic_resort.search import SEARCH

INFO = GameInfo(
    game_id="epic-resort",
    name="Epic Resort",
    min_players=2,
    max_players=4,
    hidden_information=True,
    simultaneous_decisions=True,
    chance=True,
    spectator=True,
)


GAME = Game(
    info=INFO,
    new_state=new_state,
    validate_config=validate_config,
    observation_to_json=observation_to_json,
    default_options=DEFAULT_OPTIONS,
    wire=lazy("engine.epic_resort.wire", "EpicResortCodec"),
    card_text=default_cards_text,
    board=lazy("engine.epic_resort.board", "EpicResortBoard"),
    bots=BOTS,
    search=SEARCH,
)

__all__ = ["GAME", "INFO", "EpicResortState", "Observation"]
