"""Ladders on the site: the home page's leaders, the whole ladder in pages, and rows
moved exactly when the ladder moves (served for real, reading a real Redis)."""

from __future__ import annotations

import json
import random
import re
import secrets

import pytest

from services.ladder.factory import open_store
from services.ladder.store import RECENT_MATCHES, LadderStore
from services.web import ladders
from services.web.ladders import LadderCache, built_from, encode
from services.web.queries import HOME_ROWS, LADDER_PAGE
from tests.web.conftest import Site

GAME = "monster-my-neighbor"


def rate_many(site: Site, bots: int) -> list[str]:
    names = [f"bot{i:03d}" for i in range(bots)]
    for k in range(0, bots, 5):
        seated = names[k:k + 5]
        site.store.apply_match(GAME, f"many-{k}", seated, list(range(1, len(seated) + 1)))
    return names


def test_a_new_match_shows_at_once_although_the_rows_are_kept(site: Site) -> None:
    site.store.apply_match(GAME, "c-1", ["alice", "bob"], [1, 2])
    first = site.get(f"/api/ladder/{GAME}")
    assert first.headers["content-type"] == "application/json"
    assert site.get(f"/api/ladder/{GAME}").body == first.body  # unchanged: the same bytes
    site.store.apply_match(GAME, "c-2", ["bob", "carol"], [1, 2])
    rows = site.get(f"/api/ladder/{GAME}").json()
    assert {r["bot"] for r in rows} == {"alice", "bob", "carol"}
    assert [(r["bot"], r["rating"]) for r in rows] == [
        (e.name, e.rating) for e in site.store.ladder(GAME)]
    home = site.get("/", accept="application/json").json()
    assert [r["bot"] for r in home["ladders"][GAME]] == [r["bot"] for r in rows]


def test_the_home_page_lists_each_ladders_leaders_and_links_to_the_rest(site: Site) -> None:
    rate_many(site, HOME_ROWS + 5)
    leaders = site.store.ladder(GAME)[:HOME_ROWS]
    home = site.get("/", accept="application/json").json()
    assert [r["bot"] for r in home["ladders"][GAME]] == [e.name for e in leaders]
    assert home["ladder_sizes"][GAME] == HOME_ROWS + 5
    html = site.get("/").text
    assert html.count("data-bot=") == HOME_ROWS
    assert f'href="/ladders/{GAME}"' in html and f"All {HOME_ROWS + 5} bots" in html
    site.store.apply_match("epic-resort", "er-1", ["alice", "bob"], [1, 2])
    assert 'href="/ladders/epic-resort"' not in site.get("/").text  # all shown already


def test_the_whole_ladder_is_paged_and_a_bot_page_links_to_its_rank(site: Site) -> None:
    names = rate_many(site, LADDER_PAGE + 10)
    order = [e.name for e in site.store.ladder(GAME)]
    first = site.get(f"/ladders/{GAME}", accept="application/json").json()
    assert (first["page"], first["pages"], first["total"]) == (1, 2, len(names))
    assert [r["bot"] for r in first["rows"]] == order[:LADDER_PAGE]
    second = site.get(f"/ladders/{GAME}?page=2", accept="application/json").json()
    assert [r["rank"] for r in second["rows"]] == list(range(LADDER_PAGE + 1, len(names) + 1))
    html = site.get(f"/ladders/{GAME}?page=2").text
    assert re.findall(r'data-bot="([^"]+)"', html) == order[LADDER_PAGE:]
    assert 'id="prev-page" href="?page=1"' in html and 'id="next-page"' not in html
    assert site.get(f"/ladders/{GAME}?page=3").status == 404
    assert site.get(f"/ladders/{GAME}?page=x").status == 404
    assert site.get("/ladders/chess").status == 404
    last = order[-1]
    (ladder,) = site.get(f"/api/bots/{last}").json()["ladders"]
    assert (ladder["rank"], ladder["bots"], ladder["ladder_page"]) == (len(names), len(names), 2)
    assert f"rank {len(names)} of {len(names)}" in site.get(f"/bots/{last}").text


def test_kept_rows_moved_match_by_match_equal_a_full_rebuild(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many random matches (2 to 6 seats, ties, a bot in two seats, repeats, several
    between reads, and once more than the store remembers): after each read the kept
    ladder moved by the changed rows equals, row for row and byte for byte, one built
    from scratch, and only the first read and the one too far behind rebuilt."""
    rebuilds = []
    monkeypatch.setattr(ladders, "built_from", lambda store, game, version: (
        rebuilds.append(version), built_from(store, game, version))[1])
    rng = random.Random(24)
    names = [f"bot{i:02d}" for i in range(60)]
    prefix = f"test-web-{secrets.token_hex(6)}"
    with open_store(redis_url, key_prefix=prefix) as store:
        cache = LadderCache(store)
        applied = 0

        def apply_random() -> None:
            nonlocal applied
            seats = rng.randint(2, 6)
            seated = rng.sample(names, seats - 1)
            seated.append(rng.choice(seated))  # one bot holds two seats
            ranks = [rng.randint(1, seats) for _ in seated]
            store.apply_match(GAME, f"r-{applied}", seated, ranks)
            applied += 1

        cache.get(GAME)
        for read in range(150):
            for _ in range(rng.choice((0, 1, 1, 1, 2, 5))):
                apply_random()
            if read % 25 == 24:
                store.apply_match(GAME, f"r-{applied - 1}", *_record(store, applied - 1))
            if read == 100:
                for _ in range(RECENT_MATCHES + RECENT_MATCHES // 4 + 1):
                    apply_random()
            kept = cache.get(GAME)
            version = store.ladder_version(GAME)
            fresh = built_from(store, GAME, version)
            assert kept.version == version
            assert kept.rows == fresh.rows and kept.ranks == fresh.ranks
            assert kept.body == fresh.body == encode(fresh.rows)
            assert [kept.rank_of(r["bot"]) for r in fresh.rows] == [
                r["rank"] for r in fresh.rows]
            assert kept.page(7, 19) == fresh.rows[7:19] and kept.rank_of("nobody") is None
        assert len(rebuilds) == 2  # the first read, and the one too far behind
        for other in (kept.rows[0], kept.rows[-1]):
            assert json.loads(kept.body)[other["rank"] - 1] == other


def _record(store: LadderStore, number: int) -> tuple[list[str], list[int]]:
    match = store.applied_match(GAME, f"r-{number}")
    assert match is not None
    return list(match.participants), list(match.ranks)


def test_ladder_rows_show_each_bots_figures_with_its_name_escaped(site: Site) -> None:
    """The rows are written without the template: names escaped in text and links,
    the rating to one decimal, tie shares for wins, ranks that follow a move."""
    odd = '<b>"tom" & jerry</b>'
    site.store.apply_match(GAME, "e-1", [odd, "ann", "bea"], [1, 1, 3])
    html = site.get(f"/ladders/{GAME}").text
    assert odd not in html
    escaped = "&lt;b&gt;&#34;tom&#34; &amp; jerry&lt;/b&gt;"
    assert html.count(escaped) == 3  # data-bot, href and text
    rows = {r["bot"]: r for r in site.get(f"/api/ladder/{GAME}").json()}
    found = re.findall(r'<tr data-bot="([^"]+)"><td class="num">(\d+)</td>.*?'
                       r'<td class="num rating">([\d.]+)</td>'
                       r'<td class="num skill">([^<]+?)( <abbr class="provisional"[^>]*>\?'
                       r'</abbr>)?</td><td class="num games">(\d+)'
                       r'</td><td class="num wins">([\d.]+)</td><td class="when">([^<]+)<',
                       html)
    assert [(bot, int(rank), rating, skill, bool(mark), int(games), wins)
            for bot, rank, rating, skill, mark, games, wins, _ in found] == [
        (escaped if r["bot"] == odd else r["bot"], r["rank"], f"{r['rating']:.1f}",
         f"{r['mu']:.1f} ± {3 * r['sigma']:.1f}", r["provisional"],
         r["games"], f"{r['wins']:.2f}".rstrip("0").rstrip("."))
        for r in sorted(rows.values(), key=lambda r: r["rank"])]
    assert {when for *_, when in found} <= {f"{s} s ago" for s in range(60)}
    assert rows["ann"]["wins"] == 0.5  # a two-way tie for first
    site.store.apply_match(GAME, "e-2", ["bea", "ann"], [1, 2])
    moved = re.findall(r'<tr data-bot="([^"]+)"><td class="num">(\d+)<',
                       site.get(f"/ladders/{GAME}").text)
    assert moved == [(escaped if r["bot"] == odd else r["bot"], str(r["rank"]))
                     for r in site.get(f"/api/ladder/{GAME}").json()]
