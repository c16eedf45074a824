"""Card-file loader (errors name card and field; a user file replaces the defaults) and
engine options (spec 16) validation."""

from __future__ import annotations

import pytest

from engine.core.errors import ConfigError
from engine.core.game import GameConfig
from engine.core.registry import get_game
from engine.epic_resort.cards import DATA_FILE, default_cards, parse_cards
from engine.epic_resort.params import DEFAULT_OPTIONS, Params, make_params

TEXT = DATA_FILE.read_text()


def test_default_file_counts_and_provenance() -> None:
    c = default_cards()
    assert len(c.attractions) == 2 + 30
    assert sum(a.count for a in c.attractions) == 38
    assert len(c.main_cards) == 60
    assert len(c.monster_copies) == 36
    assert all(x.source in ("seed", "mixed", "reconstructed")
               for x in [*c.attractions, *c.workers, *c.heroes, *c.tourists, *c.monsters])
    assert len(c.basic_deck) == 13 and len(c.skilled) == 13


def _broken(old: str, new: str) -> str:
    assert old in TEXT
    return TEXT.replace(old, new, 1)


@pytest.mark.parametrize(("old", "new", "card", "field"), [
    ("    cost: 5\n    vp: 2\n    payout: [[3, 0], [2, 1], [2, 2], [1, 3], [0, 4]]",
     "    cost: five\n    vp: 2\n    payout: [[3, 0], [2, 1], [2, 2], [1, 3], [0, 4]]",
     "drakuzzi", "cost"),
    ("  - id: drakuzzi\n    name: Drakuzzi\n    name_it: Drakuzzi\n    count: 1\n    tier: I",
     "  - id: drakuzzi\n    name: Drakuzzi\n    name_it: Drakuzzi\n    count: 1\n    tier: IV",
     "drakuzzi", "tier"),
    ("        - {op: add_tourist, n: 1, where: this}\n    source: mixed",
     "        - {op: teleport, n: 1, where: this}\n    source: mixed", "drakuzzi", "op"),
    ('    marks: ["2+", "3+"]\n    count: 2\n    source: mixed',
     '    marks: ["2+"]\n    count: 2\n    source: mixed', "dragon_whelp", "marks"),
    ("    strength: 4\n    health: {start: 2, max: 4}\n    vp: 3\n    abilities:\n      - t",
     "    strength: 4\n    health: {start: 5, max: 4}\n    vp: 3\n    abilities:\n      - t",
     "paladin", "health"),
])
def test_loader_errors_name_card_and_field(old: str, new: str, card: str, field: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_cards(_broken(old, new))
    assert card in str(err.value) and field in str(err.value)


def test_invalid_yaml_and_missing_section() -> None:
    with pytest.raises(ConfigError):
        parse_cards("attractions: [")
    with pytest.raises(ConfigError, match="heroes"):
        parse_cards(TEXT.replace("\nheroes:", "\nheroes_gone:"))


def test_user_card_file_replaces_defaults() -> None:
    text = _broken("    name: Drakuzzi\n    name_it: Drakuzzi\n    count: 1\n    tier: I\n"
                   "    type: social\n    cost: 5",
                   "    name: Drakuzzi\n    name_it: Drakuzzi\n    count: 1\n    tier: I\n"
                   "    type: social\n    cost: 1")
    game = get_game("epic-resort")
    state = game.new_state(GameConfig(2, {}, text), 0)
    assert state.s.cards.attractions[state.s.cards.attraction_index["drakuzzi"]].cost == 1
    assert default_cards().attractions[2].cost == 5


def test_options_default_to_the_spec_decisions() -> None:
    p = make_params({})
    assert p == Params()
    assert p.journeyman_discount == 4
    assert (p.defended_loss_uses, p.overflow) == ("hero_strength", "clamp")
    assert DEFAULT_OPTIONS["final_tiebreak"] == ["hero_vp", "attraction_vp", "flair",
                                                 "harbormaster_order"]


@pytest.mark.parametrize("options", [
    {"journeyman_discount": 5}, {"journeyman_discount": "4"}, {"overflow": "wrap"},
    {"no_such_option": 1}, {"double_attack_cards": 1}, {"final_tiebreak": ["flair"]},
])
def test_invalid_options_raise(options: dict) -> None:
    with pytest.raises(ConfigError):
        make_params(options)
    with pytest.raises(ConfigError):
        get_game("epic-resort").validate_config(GameConfig(2, options))


def test_player_count_validated() -> None:
    for n in (1, 5):
        with pytest.raises(ConfigError):
            get_game("epic-resort").validate_config(GameConfig(n))


def test_every_alternative_option_is_accepted() -> None:
    make_params({"journeyman_discount": 3, "unstaffed_penalty": "flair",
                 "defended_loss_uses": "hero_health", "overflow": "forfeit",
                 "harbormaster_on_first_pass": "first_passer_takes_it",
                 "final_tiebreak": ["rested_hero_count", "attraction_count", "harbormaster_order"],
                 "double_attack_cards": False, "free_actions_during_attack": "marked_only",
                 "phase_i_mode": "in_turn_order", "x_monsters": True,
                 "monster_deck_face_up": True})


def test_packaged_data_file_options_match_engine_defaults() -> None:
    import yaml

    data = yaml.safe_load(TEXT)
    assert data["options"] == DEFAULT_OPTIONS
