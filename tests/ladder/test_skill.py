"""The ladder's Bayesian skill (mu, sigma): the Plackett-Luce maths against openskill's
published examples and openskill itself, and the skill in both stores: updated once per
match, ordered by mu - 3 sigma, provisional until sigma falls under the bound."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from services.ladder.skill import (
    MU0,
    PROVISIONAL_SIGMA,
    SIGMA0,
    provisional,
    rate_ladder_match,
    rate_teams,
    skill,
)
from services.ladder.store import LadderStore

GAME = "monster-my-neighbor"

# openskill's README (the Python package's, and the JavaScript and Elixir ports'):
# a1, a2 on one team beat b1, b2; the published ratings after the match. Published
# before openskill applied its dynamics tau by default: tau = 0 reproduces them.
A1, A2 = (25.0, 25.0 / 3.0), (32.444, 5.123)
B1, B2 = (43.381, 2.421), (25.188, 6.211)
PUBLISHED = [
    [(28.669648436582808, 8.071520788025197), (33.83086971107981, 5.062772998705765)],
    [(43.071274808241974, 2.4166900452721256), (23.149503312339064, 6.1378606973362135)],
]


def test_rate_teams_gives_openskills_published_example() -> None:
    rated = rate_teams([[A1, A2], [B1, B2]], [1, 2], tau=0.0)
    for team, published in zip(rated, PUBLISHED, strict=True):
        for (mu, sigma), (want_mu, want_sigma) in zip(team, published, strict=True):
            assert mu == pytest.approx(want_mu, rel=1e-14, abs=0)
            assert sigma == pytest.approx(want_sigma, rel=1e-14, abs=0)


def test_openskill_itself_gives_its_published_example() -> None:
    """The reference the next test compares with is the documented model."""
    model = PlackettLuce(tau=0.0)
    teams = [[model.rating(mu=mu, sigma=sigma) for mu, sigma in team]
             for team in ([A1, A2], [B1, B2])]
    rated = model.rate(teams)
    flat = [value for team in rated for player in team for value in (player.mu, player.sigma)]
    published = [value for team in PUBLISHED for player in team for value in player]
    assert flat == pytest.approx(published, rel=1e-14, abs=0)


def test_ladder_matches_agree_with_openskill_with_its_defaults() -> None:
    """Free-for-all matches of 2 to 8 players with ties, openskill's default tau: the
    ladder's maths and openskill agree to rounding (they add in another order)."""
    model = PlackettLuce()
    rng = random.Random(26)
    for _ in range(300):
        players = [(rng.uniform(0, 50), rng.uniform(0.3, 9)) for _ in range(rng.randint(2, 8))]
        ranks = [rng.randint(1, len(players)) for _ in players]
        ours = rate_teams([[player] for player in players], ranks)
        theirs = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in players],
                            ranks=ranks)
        for (mine,), (reference,) in zip(ours, theirs, strict=True):
            assert mine == pytest.approx((reference.mu, reference.sigma), rel=1e-12, abs=1e-12)


def test_a_bot_holding_several_seats_is_ranked_by_their_mean() -> None:
    rated = rate_ladder_match(["fill", "alice", "fill", "bob"], [1, 2, 4, 3], {})
    assert list(rated) == ["fill", "alice", "bob"]
    # fill's mean rank is 2.5: between alice (2) and bob (3)
    expected = rate_teams([[(MU0, SIGMA0)]] * 3, [2.5, 2, 3])
    assert rated == {"fill": expected[0][0], "alice": expected[1][0], "bob": expected[2][0]}
    assert rated["alice"][0] > rated["fill"][0] > rated["bob"][0]


def test_a_match_of_one_distinct_participant_moves_no_skill() -> None:
    assert rate_ladder_match(["fill", "fill"], [1, 2], {"fill": (30.0, 2.0)}) == {
        "fill": (30.0, 2.0)}


def test_skill_and_the_provisional_bound() -> None:
    assert skill(30.0, 2.0) == 24.0
    assert provisional(SIGMA0)
    assert provisional(PROVISIONAL_SIGMA)
    assert not provisional(PROVISIONAL_SIGMA - 1e-9)


def test_each_match_updates_the_skills_once(store: LadderStore) -> None:
    store.apply_match(GAME, "m1", ["alice", "bob", "carol"], [1, 2, 3])
    expected = rate_ladder_match(["alice", "bob", "carol"], [1, 2, 3], {})
    store.apply_match(GAME, "m1", ["alice", "bob", "carol"], [1, 2, 3])  # a repeat
    for name, (mu, sigma) in expected.items():
        entry = store.bot_stats(GAME, name)
        assert entry is not None and (entry.mu, entry.sigma) == (mu, sigma)
    alice, carol = store.bot_stats(GAME, "alice"), store.bot_stats(GAME, "carol")
    assert alice is not None and carol is not None
    assert alice.mu > MU0 > carol.mu
    assert alice.sigma < SIGMA0 and carol.sigma < SIGMA0

    store.apply_match(GAME, "m2", ["carol", "alice"], [1, 2])
    then = rate_ladder_match(["carol", "alice"], [1, 2],
                             {"carol": expected["carol"], "alice": expected["alice"]})
    for name, (mu, sigma) in then.items():
        entry = store.bot_stats(GAME, name)
        assert entry is not None and (entry.mu, entry.sigma) == (mu, sigma)
        assert entry.to_json()["mu"] == mu and entry.to_json()["sigma"] == sigma


def test_the_ladder_orders_by_elo_or_by_skill(store: LadderStore) -> None:
    # dave wins his only match: top Elo, but one game leaves his sigma wide. alice wins
    # eight of ten against bob: more Elo in all, and a narrower sigma.
    for i in range(10):
        store.apply_match(GAME, f"ab{i}", ["alice", "bob"], [1, 2] if i % 5 else [2, 1])
    store.apply_match(GAME, "d", ["dave", "erin"], [1, 2])
    by_skill = store.ladder(GAME, order="skill")
    skills = [entry.skill for entry in by_skill]
    assert skills == sorted(skills, reverse=True)
    assert by_skill[0].name == "alice"
    by_elo = store.ladder(GAME)
    assert [e.rating for e in by_elo] == sorted((e.rating for e in by_elo), reverse=True)
    assert store.ladder(GAME, order="elo") == by_elo
    assert {e.name for e in by_elo} == {e.name for e in by_skill}
    assert [e.name for e in store.ladder(GAME, limit=2, order="skill")] == \
        [e.name for e in by_skill[:2]]
    with pytest.raises(ValueError, match="elo, skill"):
        store.ladder(GAME, order="mu")


def test_a_bot_stops_being_provisional_when_sigma_falls_under_the_bound(
    store: LadderStore,
) -> None:
    played = 0
    while True:
        entry = store.bot_stats(GAME, "alice")
        if entry is not None and entry.sigma < PROVISIONAL_SIGMA:
            break
        assert entry is None or entry.provisional
        store.apply_match(GAME, f"m{played}", ["alice", "bob"], [1 + played % 2, 2 - played % 2])
        played += 1
        assert played < 200, "sigma never fell under the bound"
    assert not entry.provisional and entry.to_json()["provisional"] is False
    assert played > 5  # a handful of games does not make a rating


def test_a_row_written_before_skills_were_kept_reads_as_the_starting_skill(
    redis_url: str, key_prefix: str,
) -> None:
    """A ladder written by the four-double rows of before: Elo and tallies kept, the
    skill starts at (MU0, SIGMA0), in the reads and in the next update."""
    import struct

    import redis

    from services.ladder.redis_format import GameKeys
    from services.ladder.redis_store import RedisStore

    old_row = struct.pack("<dddd", 1_600_000_000, 7, 3 * 720720, 12 * 720720)
    with redis.Redis.from_url(redis_url) as client:
        client.hset(GameKeys.of(key_prefix, GAME).bots, "veteran", old_row)
    with RedisStore(redis_url, key_prefix=key_prefix) as store:
        entry = store.bot_stats(GAME, "veteran")
        assert entry is not None
        assert (entry.rating, entry.games, entry.mu, entry.sigma) == (1600.0, 7, MU0, SIGMA0)
        store.apply_match(GAME, "m1", ["veteran", "rookie"], [1, 2])
        expected = rate_ladder_match(["veteran", "rookie"], [1, 2], {})
        entry = store.bot_stats(GAME, "veteran")
        assert entry is not None and entry.games == 8
        assert (entry.mu, entry.sigma) == expected["veteran"]
