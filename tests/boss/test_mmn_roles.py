"""``bench.mmn_roles``: each round's role of the bot's seat, read from the result."""

from __future__ import annotations

from bench.mmn_roles import ROLES, match_roles, seat_role, tally


def summary(ending: str, monster: int, catcher: int, awarded: list[int]) -> dict:
    return {"ending": ending, "monster_seat": monster, "catcher_seat": catcher,
            "vp_awarded": awarded}


def test_a_played_round_tells_the_monster_its_friends_and_the_rest_apart() -> None:
    played = summary("played", 2, -1, [0, 2, 2, 0, 0])
    assert [seat_role(played, q) for q in range(5)] == [
        "bystander, played", "friend, played", "monster played",
        "bystander, played", "bystander, played"]


def test_a_caught_round_tells_the_catcher_its_victim_friends_and_bystanders_apart() -> None:
    caught = summary("caught", 3, 0, [2, 1, 0, 0, 1])
    assert [seat_role(caught, q) for q in range(5)] == [
        "catcher", "bystander, caught", "friend, caught", "monster caught",
        "bystander, caught"]
    betrayal = summary("betrayal", 3, 0, [0, 1, 1, 0, 1])
    assert seat_role(betrayal, 0) == "catcher"
    assert seat_role(betrayal, 3) == "monster caught"


def test_every_round_of_a_match_gets_one_role_and_the_points_add_up() -> None:
    worth = {"monster caught": 0, "catcher": 2, "friend, played": 2, "friend, caught": 0,
             "bystander, caught": 1, "bystander, played": 0}
    matches = [match_roles("heuristic", "heuristic", 5, 7000, i) for i in range(6)]
    for roles, vp in matches:
        assert len(roles) == 5 and set(roles) <= set(ROLES)
        # a played Monster scores 2 or 3 (the Vampire): the rest is exact
        fixed = sum(worth[r] for r in roles if r != "monster played")
        played = roles.count("monster played")
        assert fixed + 2 * played <= vp <= fixed + 3 * played
    counts, mean_vp = tally(matches)
    assert sum(counts.values()) == 30
    assert mean_vp == sum(vp for _, vp in matches) / 6
