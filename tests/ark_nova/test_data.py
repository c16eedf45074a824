"""Card and map data (spec 1, 21, 23): the packaged files, and ``--cards FILE`` validation
that names the card and the field of any wrong value."""

from __future__ import annotations

import json

import pytest

from engine.ark_nova.cards.catalog import (
    ANIMAL,
    FINAL,
    ICON,
    PROJECT,
    SPONSOR,
    default_cards_text,
    load_cards,
    parse_cards,
)
from engine.ark_nova.map.hexgrid import INDEX
from engine.ark_nova.map.maps import ALL_MAPS, load_map
from engine.core.errors import ConfigError

SHARED = "/work/shared/data/ark_nova/cards.base.jsonl"


def lines() -> list[dict]:
    return [json.loads(x) for x in default_cards_text().splitlines() if x.strip()]


def with_change(card: str, field: str, value: object) -> str:
    out = []
    for raw in lines():
        if raw["id"] == card:
            raw[field] = value
        out.append(json.dumps(raw))
    return "\n".join(out)


def test_packaged_cards_are_the_235_of_spec_1():
    cards = load_cards()
    kinds = [cards[c].kind for c in (*cards.animals, *cards.sponsors, *cards.base_projects,
                                      *cards.deck_projects, *cards.finals)]
    assert kinds.count(ANIMAL) == 128
    assert kinds.count(SPONSOR) == 64
    assert kinds.count(PROJECT) == 32
    assert kinds.count(FINAL) == 11
    assert len(cards.zoo_cards) == 212  # the shuffled deck: 128 + 64 + 20
    assert len(cards.base_projects) == 12


def test_card_fields_are_read_as_the_data_readme_says():
    cards = load_cards()
    cheetah = cards[401]
    assert (cheetah.cost, cheetah.standard_size, cheetah.appeal) == (17, 5, 6)
    assert cheetah.icons[ICON["predator"]] == 2 and cheetah.icons[ICON["africa"]] == 1
    leopard = cards[403]
    assert leopard.rock_req == 1 and leopard.icons[ICON["rock"]] == 1  # requirement icons count
    assert leopard.req_partner_zoos == 1 and leopard.cp == 1
    goat = cards[519]
    assert goat.standard_size == 0 and goat.petting_zoo == 1 and goat.small  # D-09
    assert cards[473].reptile_house == 0  # D-20: allowed, uses no capacity
    assert cards[243].icons[ICON["rock"]] == 1 and cards[243].req_reputation == 3
    assert cards[251].icons[ICON["water"]] == 1  # 251's water icon is in water_icons
    assert cards[204].req_icons[ICON["science"]] == 4 and cards[204].level == 4
    assert cards[123].project_kind == "breeding" and cards[123].project_icon == ICON["bird"]
    assert cards[113].project_kind == "release" and cards[113].reputation == 1
    assert cards[105].rewards == ((5, 0), (4, 0), (2, 0))
    assert cards[123].rewards == ((2, 2), (1, 2), (2, 0))
    assert cards[2].thresholds == (3, 6, 8, 10)


def test_packaged_cards_equal_the_shared_data_set():
    try:
        with open(SHARED) as fh:
            shared = fh.read()
    except OSError:
        pytest.skip("shared data set not present")
    assert shared == default_cards_text()


@pytest.mark.parametrize(("card", "field", "value", "message"), [
    ("AN-401", "money_cost", "lots", "card AN-401 field 'money_cost'"),
    ("AN-402", "icons", ["lion"], "card AN-402 field 'icons': unknown icon 'lion'"),
    ("AN-403", "abilities", ["hunter:x"], "card AN-403 field 'abilities'"),
    ("AN-404", "abilities", ["teleport"], "unknown ability 'teleport'"),
    ("AN-201", "strength", None, "card AN-201 field 'strength'"),
    ("AN-201", "strength", 0, "card AN-201 field 'strength'"),  # a sponsor level is >= 1
    ("AN-201", "requires", ["money"], "card AN-201 field 'requires': unknown condition"),
    ("AN-101", "tier_rewards", ["5 points"], "card AN-101 field 'tier_rewards'"),
    ("AN-401", "type", "sponsor", "card AN-401 field 'type'"),
    ("AN-519", "petting_zoo_size", None, "card AN-519 field 'standard_size'"),
    ("AN-405", "bonus_reward", "3 money", "card AN-405 field 'bonus_reward'"),
])
def test_a_wrong_field_is_refused_naming_card_and_field(card, field, value, message):
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
        parse_cards(with_change(card, field, value))


def test_missing_duplicate_unknown_and_broken_lines_are_refused():
    text = default_cards_text().splitlines()
    with pytest.raises(ConfigError, match="card AN-401 field 'id': missing"):
        parse_cards("\n".join(text[1:]))
    with pytest.raises(ConfigError, match="appears twice"):
        parse_cards("\n".join([*text, text[0]]))
    with pytest.raises(ConfigError, match="line 1: not valid JSON"):
        parse_cards("{oops\n" + "\n".join(text))
    bad = json.loads(text[0])
    bad["id"] = "AN-999"
    with pytest.raises(ConfigError, match="card AN-999 field 'id'"):
        parse_cards("\n".join([json.dumps(bad), *text[1:]]))


def test_a_corrected_card_file_changes_the_numbers():
    cards = parse_cards(with_change("AN-401", "appeal", 9))
    assert cards[401].appeal == 9


def test_map_a_matches_spec_21_2():
    m = load_map("A")

    def mask(*crs: tuple[int, int]) -> int:
        return sum(1 << INDEX[c] for c in crs)

    assert m.water == mask((2, 1), (2, 11), (3, 12), (4, 1), (5, 8), (6, 7), (7, 0), (8, 1),
                           (8, 3))
    assert m.rock == mask((1, 0), (1, 2), (1, 12), (2, 3), (3, 0), (5, 4), (6, 9))
    assert m.build2 == mask((7, 12), (8, 11))
    bonuses = {(c, r): m.bonus[INDEX[(c, r)]] for (c, r) in INDEX if m.bonus[INDEX[(c, r)]]}
    assert bonuses == {
        (0, 1): "reputation_2", (0, 3): "x_token", (2, 5): "card_deck_or_range",
        (2, 9): "money_5", (3, 2): "money_5", (4, 7): "x_token", (5, 0): "x_token",
        (5, 6): "card_deck_or_range", (5, 10): "card_deck_or_range", (7, 2): "hire_worker",
        (7, 10): "reputation_2", (8, 5): "money_10"}
    assert [s.bonus for s in m.left_track] == [
        "snap_1", "free_enclosure_size_2", "money_5", "conservation_1", "reputation_2",
        "money_12", "x_token_3"]
    assert [s.recurring for s in m.left_track] == [True] * 4 + [False] * 3
    assert m.partner_zoo_rewards[2:] == ("upgrade_action_card", "hire_worker", "conservation_2")
    assert m.university_rewards[2:] == ("upgrade_action_card", "conservation_2")
    assert m.last_worker_reward == "conservation_2" and m.full_cover_appeal == 7
    starts = {b.building: sorted(b.cells) for b in m.start_buildings}
    assert starts == {"size-3": sorted(INDEX[c] for c in ((0, 9), (0, 11), (1, 10))),
                      "kiosk": [INDEX[(0, 7)]]}


def test_map_0_and_every_map_file_load():
    m0 = load_map("0")
    assert [s.bonus for s in m0.left_track][4] == "hire_worker"
    assert not m0.start_buildings
    for map_id in ALL_MAPS:
        assert load_map(map_id).map_id == map_id
    with pytest.raises(ConfigError, match="unknown map"):
        load_map("9")
