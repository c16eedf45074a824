"""Card-file loader (errors name card and field; a user file replaces the defaults) and
engine options (spec 16) validation."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.errors import ConfigError
from engine.core.game import GameConfig
from engine.core.registry import get_game
from engine.epic_resort.cards import DATA_FILE, default_cards, parse_cards
from engine.epic_resort.params import (
    DEFAULT_OPTIONS,
    EN_TIEBREAK,
    IT_TIEBREAK,
    Params,
    make_params,
)

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
    # found by the second mutation campaign: a bonus of 0 tourists, a basic worker without
    # its per-player count (it would silently be dealt once or never)
    ("    bonus: {type: social, n: 1}", "    bonus: {type: social, n: 0}",
     "party_goers", "bonus.n"),
    ("    count_per_player: 7\n    count: 28", "    count: 28", "apprentice", "count_per_player"),
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
    alternatives = {
        "journeyman_discount": 3, "unstaffed_penalty": "flair",
        "defended_loss_uses": "hero_health", "overflow": "forfeit",
        "harbormaster_on_first_pass": "first_passer_takes_it",
        "final_tiebreak": ("rested_hero_count", "attraction_count", "harbormaster_order"),
        "double_attack_cards": False, "free_actions_during_attack": "marked_only",
        "phase_i_mode": "in_turn_order", "x_monsters": True, "monster_deck_face_up": True,
        "ruleset": "en", "first_game_workers": True,
    }
    params = make_params({**alternatives, "final_tiebreak": list(IT_TIEBREAK)})
    assert {name: getattr(params, name) for name in alternatives} == alternatives
    assert set(alternatives) == {f.name for f in dataclasses.fields(Params)}


def test_ruleset_en_sets_every_option_to_the_english_reading() -> None:
    """Spec 14 and 16: the EN readings (flair for missing work, health for defence, no
    resource beyond 14 gained, no Double Attack! cards); the rest equal the defaults."""
    p = make_params({"ruleset": "en"})
    assert (p.unstaffed_penalty, p.defended_loss_uses, p.overflow) == (
        "flair", "hero_health", "forfeit")
    assert (p.journeyman_discount, p.harbormaster_on_first_pass, p.final_tiebreak) == (
        4, "choose_any_player", EN_TIEBREAK)
    assert (p.double_attack_cards, p.free_actions_during_attack, p.phase_i_mode) == (
        False, "all", "simultaneous")
    assert (p.x_monsters, p.monster_deck_face_up, p.first_game_workers) == (False, False, False)


def test_an_explicit_option_overrides_the_ruleset() -> None:
    p = make_params({"ruleset": "en", "journeyman_discount": 3, "overflow": "clamp"})
    assert (p.journeyman_discount, p.unstaffed_penalty) == (3, "flair")
    # the defaults merged in by the gateway do not undo the preset
    p = make_params({**DEFAULT_OPTIONS, "ruleset": "en"})
    assert (p.unstaffed_penalty, p.double_attack_cards) == ("flair", False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_game_workers_use_the_suggested_skilled_piles(players: int) -> None:
    """EN setup: "A suggested first game set is: Maitre D', Mixologist, Valet, Accountant,
    Squire (4 Players)"; the card file holds the 2- and 3-player sets."""
    expected = {"maitre_d", "mixologist", "valet", "accountant"} | (
        {"squire"} if players == 4 else set())
    cards = default_cards()
    for seed in range(5):
        state = get_game("epic-resort").new_state(
            GameConfig(players, {"first_game_workers": True}), seed)
        piles = [cards.workers[w].id for w, _count, _locked in state.s.worker_piles]
        assert piles[0] == "day_worker" and set(piles[1:]) == expected


def test_first_game_workers_need_the_set_in_the_card_file() -> None:
    text = TEXT.replace("  first_game_skilled_piles: {2:", "  unused_piles: {2:")
    with pytest.raises(ConfigError, match="first_game_workers"):
        get_game("epic-resort").validate_config(GameConfig(2, {"first_game_workers": True}, text))
    get_game("epic-resort").validate_config(GameConfig(2, {}, text))


def test_packaged_data_file_options_match_engine_defaults() -> None:
    import yaml

    data = yaml.safe_load(TEXT)
    assert data["options"] == DEFAULT_OPTIONS
