"""Match seeds: a keyed hash of the match number, deterministic for one key, unrelated
across keys, with no simple relation between match numbers and seeds."""

from __future__ import annotations

import itertools

import pytest

from services.gateway.seeds import SECRET_BYTES, SEED_BITS, MatchSeeds

MOD = 1 << SEED_BITS


def _seeds(source: MatchSeeds, count: int = 500) -> list[int]:
    return [source.seed(n) for n in range(1, count + 1)]


def test_one_key_gives_the_same_seeds_every_time() -> None:
    assert _seeds(MatchSeeds.from_seed(7)) == _seeds(MatchSeeds.from_seed(7))
    key = bytes(range(SECRET_BYTES))
    assert _seeds(MatchSeeds(key)) == _seeds(MatchSeeds(key))


def test_seeds_fit_the_engine_width_and_use_all_of_it() -> None:
    seeds = _seeds(MatchSeeds.from_seed(1), 2000)
    assert all(0 <= s < MOD for s in seeds)
    assert len(set(seeds)) == len(seeds)
    for bit in range(SEED_BITS):  # each bit set about half the time (2000 draws)
        ones = sum(s >> bit & 1 for s in seeds)
        assert 800 < ones < 1200, f"bit {bit} set in {ones} of 2000 seeds"


def test_distinct_keys_give_unrelated_seeds() -> None:
    keys = [MatchSeeds.from_seed(0), MatchSeeds.from_seed(1), MatchSeeds.from_seed(-1),
            MatchSeeds(b"\0" * SECRET_BYTES), MatchSeeds.random(), MatchSeeds.random()]
    runs = [_seeds(k) for k in keys]
    for a, b in itertools.combinations(runs, 2):
        assert sum(x == y for x, y in zip(a, b, strict=True)) == 0
        # Neither a constant offset nor a constant xor maps one key's seeds onto the other's.
        assert len({(y - x) % MOD for x, y in zip(a, b, strict=True)}) == len(a)
        assert len({x ^ y for x, y in zip(a, b, strict=True)}) == len(a)


def test_no_affine_relation_between_match_numbers_and_seeds() -> None:
    for source in (MatchSeeds.from_seed(0), MatchSeeds.from_seed(12345), MatchSeeds.random()):
        seeds = _seeds(source)
        steps = [(b - a) % MOD for a, b in itertools.pairwise(seeds)]
        assert len(set(steps)) == len(steps), "two successive differences agree"
        xors = [a ^ b for a, b in itertools.pairwise(seeds)]
        assert len(set(xors)) == len(xors)
        # An affine map n -> a*n + b (mod 2**48) through matches 1 and 2 misses match 3,
        # for every window of three.
        for s1, s2, s3 in zip(seeds, seeds[1:], seeds[2:], strict=False):
            assert (2 * s2 - s1) % MOD != s3


def test_the_secret_is_never_shown_and_must_be_whole() -> None:
    key = bytes(range(1, SECRET_BYTES + 1))
    assert key.hex() not in repr(MatchSeeds(key)) and str(key) not in repr(MatchSeeds(key))
    with pytest.raises(ValueError, match="32 bytes"):
        MatchSeeds(b"short")
    with pytest.raises(ValueError, match=">= 0"):
        MatchSeeds.random().seed(-1)


def test_a_random_key_differs_at_each_start() -> None:
    assert _seeds(MatchSeeds.random(), 10) != _seeds(MatchSeeds.random(), 10)
