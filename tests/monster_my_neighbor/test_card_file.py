"""Card-file loading: the embedded data, user card text, and errors naming card and field."""

from __future__ import annotations

import pytest

from engine.core import ConfigError, GameConfig, get_game, play_match
from engine.monster_my_neighbor.cards import compile_cards, default_cards, default_cards_text
from engine.monster_my_neighbor.events import SawDiscard, SawHand
from engine.toolkit.bots import make_bot
from tests.monster_my_neighbor.helpers import choose, option_names, position

TEXT = default_cards_text()


def test_default_cards_match_the_spec_counts() -> None:
    c = default_cards()
    assert c.total == 38 and c.general_total == 33 and len(c.monster_types) == 5
    counts = dict(zip(c.names, c.counts, strict=True))
    assert counts == {
        "wanted": 1, "hunter": 4, "hide": 4, "friend": 2, "dog": 1, "steal": 2, "deal": 3,
        "rumor": 4, "gossip": 4, "fog": 3, "outlaw": 2, "villagers": 3, "vampire": 1,
        "mandragora": 1, "werewolf": 1, "kumiho": 1, "mermaid": 1,
    }
    assert c.random_by_players == tuple((n, 4 * (n - 1)) for n in range(3, 9))


def test_packaged_file_keeps_provenance_marks() -> None:
    assert "source: seed" in TEXT and "source: reconstructed" in TEXT


def broken(old: str, new: str, count: int = 1) -> str:
    assert old in TEXT, old
    return TEXT.replace(old, new, count)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('2: {status: "yes", source: seed}', '2: {status: "maybe", source: seed}',
         "card 'hunter': turns.2.status must be one of cannot/no_effect/conditional/yes"),
        ("{op: peek_hand,", "{op: stare_at_hand,", "card 'outlaw': effect.2.op must be one of"),
        ("pool: others_with_cards, source: seed}", "pool: everybody, source: seed}",
         "card 'dog': effect.1.pool must be one of others/others_with_cards"),
        ("count: {value: 2, source: reconstructed, basis: \"new card",
         "count: {value: -2, source: reconstructed, basis: \"new card",
         "card 'steal': count must be a non-negative integer"),
        ("play_condition: {value: {counter: villagers_played,",
         "play_condition: {value: {counter: goblins_played,",
         "card 'mandragora': play_condition.counter must be one of"),
        ("passive: {value: hunter_immunity_first_hunter,",
         "passive: {value: swims_away,", "card 'mermaid': passive must be one of"),
        ("card_type: hunter, to: main_deck_bottom",
         "card_type: sword, to: main_deck_bottom", "card 'friend': effect.2.card_type"),
        ("{op: capture_if_holds_monster, target: target,",
         "{op: capture_if_holds_monster, target: victim,",
         "card 'hunter': effect.2.target must be 'actor' or a bound name"),
        ("count: {value: 4, source: reconstructed, basis: \"Criminal Dance Detective",
         "count: {value: 5, source: reconstructed, basis: \"Criminal Dance Detective",
         "game: general_cards is 33 but the counts sum to 34"),
        # found by the second mutation campaign: a hand bigger than the turns of a round
        ("hand_size: {value: 4, source: seed}", "hand_size: {value: 5, source: seed}",
         "game: hand_size must equal max_turns_per_round"),
        ("{op: take_random, from: target, to: actor, count: 1,",
         "{op: take_random, from: target, to: actor, count: 2,",
         "card 'steal': effect.2.count must be 1"),
        ("fixed_in_round_deck: {value: 0, source: seed}",
         "fixed_in_round_deck: {value: -1, source: seed}",
         "card 'friend': fixed_in_round_deck must be a non-negative integer"),
        ("dog_actor_sees_discard: {value: false, source: reconstructed}",
         "dog_actor_sees_discard: {value: false, source: reconstructed}\n      barks: true",
         "card 'dog': engine_flags may only set dog_actor_sees_discard"),
        ("options: [1, 2]", "options: [0, 1]",
         "card 'deal': effect.2.options must be a list of positive integers"),
        ("win_bonus_vp: {amount: 1}", "win_bonus_vp: {amount: -1}",
         "card 'vampire': passive.win_bonus_vp.amount must be an integer >= 0"),
        # found by the fourth mutation campaign: Gossip and Fog move one card per seat
        ("{op: each_pass_chosen_to_neighbour, direction: left, count: 1,",
         "{op: each_pass_chosen_to_neighbour, direction: left, count: 2,",
         "card 'gossip': effect.1.count must be 1"),
        ("{op: pool_and_redeal, count_each: 1,", "{op: pool_and_redeal, count_each: 2,",
         "card 'fog': effect.1.count_each must be 1"),
    ],
)
def test_errors_name_the_card_and_the_field(old: str, new: str, message: str) -> None:
    with pytest.raises(ConfigError, match=None) as err:
        compile_cards(broken(old, new))
    assert message in str(err.value)


def test_a_one_card_step_may_leave_its_count_out() -> None:
    """A card-moving step moves exactly one card; ``count`` may be left out (found by the
    second mutation campaign: the packaged file always writes ``count: 1``)."""
    text = broken("{op: take_random, from: target, to: actor, count: 1,",
                  "{op: take_random, from: target, to: actor,")
    assert compile_cards(text).effects == default_cards().effects


def test_a_monster_win_bonus_of_0_is_accepted() -> None:
    """A ``win_bonus_vp`` amount is an integer >= 0: 0 loads (found by the second mutation
    campaign: only the packaged 1 was ever loaded)."""
    cards = compile_cards(broken("win_bonus_vp: {amount: 1}", "win_bonus_vp: {amount: 0}"))
    assert cards.win_bonus[cards.type_id("vampire")] == 0
    assert default_cards().win_bonus[cards.type_id("vampire")] == 1


def test_a_card_file_may_open_the_game_to_2_players() -> None:
    """The loader's lower bound is 2 players (the packaged file says 3-8): a file that
    allows 2 and gives them 4 x (N - 1) = 4 random cards (§4.2) loads, 1 player is refused
    (found by the second mutation campaign: only the packaged minimum was ever loaded)."""
    text = broken("players: {min: 3, max: 8,", "players: {min: 2, max: 8,")
    text = text.replace("value: {3: 8, 4: 12,", "value: {2: 4, 3: 8, 4: 12,", 1)
    cards = compile_cards(text)
    assert cards.random_by_players[0] == (2, 4)
    with pytest.raises(ConfigError, match="2 <= min <= max"):
        compile_cards(broken("players: {min: 3, max: 8,", "players: {min: 1, max: 8,"))


def test_not_yaml_and_missing_sections() -> None:
    with pytest.raises(ConfigError, match="not valid YAML"):
        compile_cards("game: [unclosed")
    with pytest.raises(ConfigError, match="missing section 'general_cards'"):
        compile_cards("game: {players: {min: 3, max: 8}, rounds: 5, hand_size: 4,"
                      " max_turns_per_round: 4}\nmonster_cards: []\n")


def test_user_card_text_replaces_the_default() -> None:
    # Villagers become a Hunter-like card: the user's text is what the game runs.
    text = broken("count: {value: 3, source: reconstructed, basis: \"Criminal Dance Bystander",
                  "count: {value: 4, source: reconstructed, basis: \"Criminal Dance Bystander")
    text = text.replace("count: {value: 3, source: reconstructed, basis: \"new card grouped",
                        "count: {value: 2, source: reconstructed, basis: \"new card grouped")
    cards = compile_cards(text)
    assert cards.counts[cards.type_id("villagers")] == 4
    assert cards.counts[cards.type_id("fog")] == 2
    game = get_game("monster-my-neighbor")
    config = GameConfig(5, {}, text)
    game.validate_config(config)
    state = game.new_state(config, 1)
    assert state.s.cards.counts[cards.type_id("villagers")] == 4
    bots = [make_bot("monster-my-neighbor", "random") for _ in range(5)]
    assert len(play_match("monster-my-neighbor", config, 2, bots).result.scores) == 5


def test_validate_config_rejects_bad_players_and_unknown_options() -> None:
    game = get_game("monster-my-neighbor")
    for players in (2, 9):
        with pytest.raises(ConfigError, match=f"is played by 3 to 8 players, not {players}"):
            game.validate_config(GameConfig(players))
    with pytest.raises(ConfigError, match="unknown option"):
        game.validate_config(GameConfig(4, {"turbo": True}))
    with pytest.raises(ConfigError, match="'rounds'"):
        game.validate_config(GameConfig(4, {"rounds": 6}))
    with pytest.raises(ConfigError, match="card 'hunter'"):
        game.validate_config(GameConfig(4, {}, broken('2: {status: "yes", source: seed}',
                                                      '2: {status: "nope", source: seed}')))
    game.validate_config(GameConfig(4, {"rounds": 2}))


def test_dog_actor_sees_discard_flag_is_read_from_the_card_file() -> None:
    """§15 q3 alternative: with the flag on, the Dog's player sees the discard."""
    from tests.monster_my_neighbor.helpers import choose, position

    cards = compile_cards(broken("dog_actor_sees_discard: {value: false",
                                 "dog_actor_sees_discard: {value: true"))
    s = position(4, {0: ["dog", "fog"], 1: ["hide", "fog"], 2: ["werewolf", "rumor"]},
                 cards=cards)
    choose(s, 0, "dog")
    choose(s, 0, 2)  # the target discards its Rumor: the Monster is not its last card
    rumor = cards.type_id("rumor")
    assert s.observation(0).face_down[0][0].known_type == rumor
    assert s.observation(0).private_log[-1] == SawDiscard(rumor, 2)
    assert s.observation(1).face_down[0][0].known_type == -1
    assert default_cards().actor_sees_discard[default_cards().type_id("dog")] is False


@pytest.mark.parametrize(("op", "playable_with"), [(">=", {2, 3}), (">", {3}), ("==", {2})])
def test_a_play_condition_compares_its_counter_as_the_file_says(
    op: str, playable_with: set[int]
) -> None:
    """§5.4 step 2, §11: a conditional card is legal when its printed condition holds; a card
    file may compare the counter with >=, > or == (the packaged cards use only >=, so the
    other two were never run: found by the third mutation campaign)."""
    text = broken('{counter: villagers_played, op: ">=", value: 2}',
                  f'{{counter: villagers_played, op: "{op}", value: 2}}')
    cards = compile_cards(text)
    for villagers in (1, 2, 3):
        s = position(4, {0: ["mandragora", "hide", "rumor"], 2: ["fog", "hide"]},
                     villagers_played=villagers, cards=cards)
        assert ("mandragora" in option_names(s, 0)) == (villagers in playable_with), villagers


def test_a_card_marked_without_effect_resolves_nothing_on_that_turn() -> None:
    """§5.4 step 2, §11: on a turn marked green "without effect" the card may be played and
    resolves nothing. The packaged cards with that marker (Wanted, Hide, Villagers) have no
    effect anyway, so a card file marks the Outlaw so on turn 2 (found by the third
    mutation campaign, statement deletion)."""
    old = ('basis: "Criminal Dance Witness x3 minus 1"}\n'
           '    fixed_in_round_deck: {value: 0, source: seed}\n'
           '    turns:\n      1: {status: "yes", source: reconstructed}\n'
           '      2: {status: "yes",')
    new = old.replace('2: {status: "yes",', '2: {status: "no_effect",')
    cards = compile_cards(broken(old, new))
    s = position(4, {0: ["outlaw", "hide"], 1: ["rumor", "hide"], 2: ["werewolf", "rumor"]},
                 rotation=2, cards=cards)
    choose(s, 0, "outlaw")
    assert s.pending_seats() == (1,) and s.decision(1).kind == "PLAY_CARD"  # no target asked
    assert all(not isinstance(e, SawHand) for e in s.observation(0).private_log)
