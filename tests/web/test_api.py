"""The JSON API and the pages behind it, served for real and reading a real Redis."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request
import xml.etree.ElementTree as ET

import pytest

from bench.loopback import RedisServer
from engine.core import SPECTATOR, Replay, get_game
from services.ladder.elo import INITIAL_RATING
from services.ladder.factory import open_store
from services.spectate.redis_feed import RedisFeed
from services.web.app import create_app
from services.web.queries import WebData
from services.web.replays import CHECKPOINT
from services.web.server import WebServer
from tests.spectate.helpers import publish, publish_rest, recorded_match
from tests.web.conftest import Site, fetch

GAME = "monster-my-neighbor"
LABELS = ("alice", "bob", "builtin:random", "carol")
SVG = "{http://www.w3.org/2000/svg}"


def rate(site: Site, match_id: str, replay: Replay) -> None:
    assert replay.result is not None
    site.store.apply_match(GAME, match_id, replay.labels, replay.result.ranks)


def test_ladder_lists_every_rated_bot_best_first(site: Site) -> None:
    for k in range(3):
        replay = recorded_match(GAME, 4, seed=k, labels=LABELS)
        publish(site.feed, f"lad-{k}", replay)
        rate(site, f"lad-{k}", replay)
    rows = site.get(f"/api/ladder/{GAME}").json()
    expected = site.store.ladder(GAME)
    assert [(r["bot"], r["rating"], r["games"], r["wins"]) for r in rows] == [
        (e.name, e.rating, e.games, e.wins) for e in expected
    ]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert all(r["games"] == 3 for r in rows)
    html = site.get("/").text
    for row in rows:
        assert f'data-bot="{row["bot"]}"' in html and f'{row["rating"]:.1f}' in html
    assert site.get("/api/ladder/epic-resort").json() == []
    missing = site.get("/api/ladder/chess")
    assert missing.status == 404 and "unknown game" in missing.json()["error"]


def test_the_ladder_gives_the_mean_rank_to_three_places(site: Site) -> None:
    for k, ranks in enumerate([(1, 2, 3, 4), (2, 1, 3, 4), (2, 3, 1, 4)]):
        site.store.apply_match(GAME, f"mr-{k}", LABELS, ranks)
    rows = {r["bot"]: r for r in site.get(f"/api/ladder/{GAME}").json()}
    assert site.store.bot_stats(GAME, "alice").mean_rank == 5 / 3
    assert rows["alice"]["mean_rank"] == 1.667 and rows["carol"]["mean_rank"] == 4
    (ladder,) = site.get("/api/bots/alice").json()["ladders"]
    assert ladder["mean_rank"] == 1.667
    assert "mean rank 1.667" in site.get("/bots/alice").text


def test_the_ladder_says_when_each_bot_was_last_rated(site: Site) -> None:
    site.store.apply_match(GAME, "act-0", LABELS, (1, 2, 3, 4))
    site.store.apply_match(GAME, "act-1", ("alice", "bob", "carol"), (1, 2, 3))
    rows = site.get(f"/api/ladder/{GAME}").json()
    assert len(rows) == 4
    for row in rows:
        (latest,) = site.store.rating_history(GAME, row["bot"], 1)
        assert row["last_active"] == latest.at
    by_bot = {row["bot"]: row["last_active"] for row in rows}
    assert by_bot["alice"] >= by_bot["builtin:random"]


def test_solo_standings_are_listed_apart_from_the_ladder(site: Site) -> None:
    site.store.apply_solo("ark-nova", "solo-1", "alice", -3)
    site.store.apply_solo("ark-nova", "solo-2", "alice", 9)
    site.store.apply_solo("ark-nova", "solo-3", "bob", 1)
    rows = site.get("/api/solo/ark-nova").json()
    assert rows == [
        {"rank": 1, "bot": "alice", "games": 2, "mean_score": 3.0, "best_score": 9.0, "wins": 1},
        {"rank": 2, "bot": "bob", "games": 1, "mean_score": 1.0, "best_score": 1.0, "wins": 1},
    ]
    assert site.get("/api/ladder/ark-nova").json() == []
    assert site.get(f"/api/solo/{GAME}").json() == []
    assert site.get("/api/solo/chess").status == 404
    home = site.get("/", accept="application/json").json()
    assert home["solo"] == {"ark-nova": rows}
    html = site.get("/").text
    assert 'data-solo-bot="alice"' in html and "3.00" in html and "solo standings" in html


def test_bot_history_is_its_rating_after_each_match(site: Site) -> None:
    rating = INITIAL_RATING
    expected = []
    for k in range(4):
        replay = recorded_match(GAME, 4, seed=10 + k, labels=LABELS)
        publish(site.feed, f"hist-{k}", replay)
        rate(site, f"hist-{k}", replay)
        rating = round(rating + site.store.applied_match(GAME, f"hist-{k}").deltas["alice"], 6)
        expected.append((f"hist-{k}", rating))
    body = site.get("/api/bots/alice").json()
    assert body["bot"] == "alice"
    assert [(h["match_id"], round(h["rating"], 6)) for h in body["history"]] == expected
    (ladder,) = body["ladders"]
    assert ladder["game"] == GAME and ladder["games"] == 4
    assert ladder["rating"] == site.store.bot_stats(GAME, "alice").rating
    assert [m["match_id"] for m in ladder["recent"]] == [f"hist-{k}" for k in (3, 2, 1, 0)]
    assert all(m["viewable"] and m["opponents"] == ["bob", "builtin:random", "carol"]
               for m in ladder["recent"])
    bob = next(o for o in ladder["opponents"] if o["opponent"] == "bob")
    assert bob["matches"] == 4 and bob["ahead"] + bob["behind"] + bob["tied"] == 4
    page = site.get("/bots/alice").text
    assert 'class="rating-line"' in page and "hist-3" in page
    assert site.get("/api/bots/nobody").status == 404
    assert site.get("/bots/nobody").status == 404


def test_live_matches_show_public_facts_only(site: Site) -> None:
    replay = recorded_match(GAME, 4, seed=20, labels=LABELS)
    publish(site.feed, "live-1", replay, upto=40)
    (live,) = site.get("/api/matches/live").json()
    assert live["match_id"] == "live-1" and live["status"] == "live"
    assert live["labels"] == list(LABELS)
    body = site.get("/api/matches/live-1").json()
    assert body["view"] == "live" and body["frame"]["board"].startswith("<svg")
    for reply in (live, body):
        text = json.dumps(reply)
        assert '"seed"' not in text and '"choices"' not in text and '"hand"' not in text
    assert "live-1" in site.get("/").text


def test_a_finished_match_answers_with_its_replay_after_any_decision(site: Site) -> None:
    replay = recorded_match(GAME, 4, seed=21, labels=LABELS)
    publish(site.feed, "done-1", replay)
    body = site.get("/api/matches/done-1").json()
    assert body["view"] == "replay" and Replay.from_json(body["replay"]) == replay
    assert body["after"] == body["decisions"] == len(replay.choices)
    assert body["result"]["scores"] == list(replay.result.scores)  # type: ignore[union-attr]
    for after in (0, 17, len(replay.choices) - 1):
        step = site.get(f"/api/matches/done-1?after={after}").json()
        seat, index = replay.choices[after]
        decision = step["decision"]
        assert (step["after"], decision["seat"], decision["chosen"]) == (after, seat, index)
        assert decision["number"] == after + 1
        assert len(decision["options"]) >= 2 and decision["label"] == LABELS[seat]
        # the jump form names the decision itself; old links name the step "turn"
        assert site.get(f"/api/matches/done-1?decision={after + 1}").json() == step
        assert site.get(f"/api/matches/done-1?turn={after}").json() == step
    hidden = site.get("/api/matches/done-1?after=5&hidden=1").json()
    assert hidden["hidden"] and 'class="hand-card"' in hidden["board"]
    assert 'class="hand-card"' not in site.get("/api/matches/done-1?after=5").json()["board"]
    assert site.get("/api/matches/done-1?after=x").status == 404


def test_a_replay_page_counts_decisions_and_keeps_turn_for_the_game(site: Site) -> None:
    """One word per concept: the replay steps through decisions; "turn" is the game's."""
    replay = recorded_match("ark-nova", 2, seed=4, labels=("alice", "bob"))
    replay.save(site.replays / "words.json")
    decisions = len(replay.choices)
    page = site.get("/matches/words?after=19").text
    step = re.search(r'<span id="step"[^>]*>([^<]*)</span>', page)
    assert step is not None and step.group(1) == f"decision 20 of {decisions}"
    assert f"Decision 20 of {decisions}: seat" in page
    assert "Ark Nova · turn" in page  # the board's own game turn
    replay_text = re.sub(r"<svg.*</svg>", "", page, flags=re.S)  # the page around the board
    assert not re.search(r"\bturns?\b", re.sub(r"<[^>]+>", " ", replay_text))
    end = site.get("/matches/words").text
    assert f"the end, after all {decisions} decisions" in end


def test_a_replay_of_whole_checkpoint_spans_reaches_its_last_turn(site: Site) -> None:
    replay = recorded_match(GAME, 4, seed=111, labels=LABELS)
    assert len(replay.choices) == 2 * CHECKPOINT  # its end is a checkpoint of its own
    publish(site.feed, "spans-1", replay)
    for after in (len(replay.choices), CHECKPOINT, CHECKPOINT - 1):
        body = site.get(f"/api/matches/spans-1?after={after}").json()
        assert body["after"] == after and body["board"].startswith("<svg")
    end = site.get("/api/matches/spans-1").json()
    assert end["after"] == end["decisions"] == 2 * CHECKPOINT and end["decision"] is None


def test_replays_older_than_the_feed_come_from_the_replay_directory(site: Site) -> None:
    replay = recorded_match("epic-resort", 2, seed=22, labels=("alice", "bob"))
    replay.save(site.replays / "er-old.json")
    body = site.get("/api/matches/er-old?after=3").json()
    assert body["game"] == "epic-resort" and body["decision"]["seat"] == replay.choices[3][0]
    assert "Season" in body["board"]
    assert site.get("/api/matches/..%2Fsecret").status == 404
    assert site.get("/api/matches/nope").status == 404
    (site.replays / "garbled.json").write_text("{not json")
    broken = dict(replay.to_json(), choices=[[0, 99]])
    (site.replays / "illegal.json").write_text(json.dumps(broken))
    for match_id in ("garbled", "illegal"):
        reply = site.get(f"/api/matches/{match_id}")
        assert reply.status == 500 and match_id in reply.json()["error"]
        assert site.get(f"/matches/{match_id}").status == 500


def test_ark_nova_matches_draw_every_zoo_live_and_in_replay(site: Site) -> None:
    labels = ("alice", "bob", "carol")
    replay = recorded_match("ark-nova", 3, seed=5, labels=labels)
    publish(site.feed, "an-live", replay, upto=240)
    live = site.get("/api/matches/an-live").json()["frame"]["board"]
    state = get_game("ark-nova").new_state(replay.config, replay.seed)
    for seat, index in replay.choices[:240]:
        state.apply(seat, index)
    assert live == get_game("ark-nova").board().render(state.observation(SPECTATOR), labels)
    assert len([g for g in ET.fromstring(live).iter(f"{SVG}g") if g.get("class") == "zoo"]) == 3
    assert 'class="hand-card"' not in live
    replay.save(site.replays / "an-done.json")
    after = len(replay.choices) // 2
    body = site.get(f"/api/matches/an-done?after={after}").json()
    assert body["game"] == "ark-nova" and 'class="zoo-map"' in body["board"]
    assert 'class="hand-card"' not in body["board"]
    hidden = site.get(f"/api/matches/an-done?after={after}&hidden=1").json()
    assert 'class="hand-card"' in hidden["board"]
    page = site.get(f"/matches/an-done?after={after}").text
    assert 'class="building"' in page and "Ark Nova" in page


def test_a_solo_ark_nova_match_shows_its_turn_clock_live_and_in_replay(site: Site) -> None:
    replay = recorded_match("ark-nova", 1, seed=6, labels=("alone",))
    publish(site.feed, "solo-live", replay, upto=40)
    state = get_game("ark-nova").new_state(replay.config, replay.seed)
    for seat, index in replay.choices[:40]:
        state.apply(seat, index)
    public = state.observation(SPECTATOR)
    live = site.get("/api/matches/solo-live").json()["frame"]["board"]
    assert live == get_game("ark-nova").board().render(public, ("alone",))
    (clock,) = [g for g in ET.fromstring(live).iter(f"{SVG}g") if g.get("class") == "solo-clock"]
    assert (clock.get("data-size"), clock.get("data-left")) == (
        str(public.clock_size), str(public.clock_left))
    assert (public.clock_size, public.clock_left) != (7, 7)  # the clock has moved
    assert "solo · normal: starting appeal 20 · won with VP ≥ 0" in live
    replay.save(site.replays / "solo-done.json")
    end = site.get(f"/api/matches/solo-done?after={len(replay.choices)}").json()["board"]
    assert 'data-size="2" data-left="0"' in end and "round 6/6 over · final scoring" in end
    start = site.get("/api/matches/solo-done?after=0").json()["board"]
    assert 'data-size="7" data-left="7"' in start and 'class="break-token"' not in start


def test_events_stream_frames_until_the_end(site: Site) -> None:
    replay = recorded_match(GAME, 4, seed=23, labels=LABELS)
    done = publish(site.feed, "sse-1", replay, upto=20)
    site.feed.flush()

    def finish() -> None:
        time.sleep(0.5)
        site.feed.advanced("sse-1", done, replay.choices[done:done + 30])
        time.sleep(0.5)
        publish_rest(site.feed, "sse-1", replay, done + 30)

    threading.Thread(target=finish, daemon=True).start()
    events = []
    with urllib.request.urlopen(site.base + "/api/matches/sse-1/events", timeout=30) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        kind = None
        for raw in stream:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                events.append((kind, json.loads(line[6:])))
    kinds = [k for k, _ in events]
    assert kinds[-1] == "end" and kinds.count("frame") >= 3
    frames = [data for k, data in events if k == "frame"]
    assert [f["frame"] for f in frames] == sorted({f["frame"] for f in frames})
    log: list[str] = []
    for frame in frames:
        assert frame["log_start"] == len(log)
        log += frame["log"]
    assert events[-1][1]["status"] == "completed"
    final = site.get("/api/matches/sse-1").json()
    assert log == final["log"]  # the streamed log is the whole public log
    assert site.get("/api/matches/nope/events").status == 404


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
def test_nothing_on_the_web_port_writes(site: Site, method: str) -> None:
    replay = recorded_match(GAME, 4, seed=24, labels=LABELS)
    publish(site.feed, "ro-1", replay)
    rate(site, "ro-1", replay)
    before = site.store.ladder(GAME)
    for path in ("/", "/bots/alice", "/matches/ro-1", f"/api/ladder/{GAME}", "/api/bots/alice",
                 "/api/solo/ark-nova", "/api/matches/live", "/api/matches/ro-1",
                 "/api/matches/ro-1/events"):
        assert site.get(path, method=method).status == 405, path
    assert site.store.ladder(GAME) == before


def test_pages_answer_json_when_asked_and_set_safe_headers(site: Site) -> None:
    replay = recorded_match(GAME, 4, seed=25, labels=LABELS)
    publish(site.feed, "neg-1", replay)
    rate(site, "neg-1", replay)
    home = site.get("/", accept="application/json")
    assert home.headers["content-type"] == "application/json"
    assert next(r["bot"] for r in home.json()["ladders"][GAME]) in LABELS
    page = site.get("/")
    assert page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert site.get("/static/live.js").status == 200


def test_an_unreachable_redis_is_a_503_not_a_crash(redis_server: RedisServer) -> None:
    store = open_store(redis_server.url, key_prefix="down")
    feed = RedisFeed(redis_server.url, key_prefix="down", socket_timeout=0.5)
    server = WebServer(create_app(WebData(store, feed)))
    base = f"http://127.0.0.1:{server.start()}"
    try:
        redis_server.stop()
        for path in (f"/api/ladder/{GAME}", "/api/matches/live", "/api/bots/alice"):
            reply = fetch(base + path)
            assert reply.status == 503 and "unavailable" in reply.json()["error"]
        page = fetch(base + "/")
        assert page.status == 503 and "Unavailable" in page.text
        redis_server.start()
        assert fetch(base + f"/api/ladder/{GAME}").json() == []
    finally:
        server.stop()
        feed.close()
        store.close()


def test_finished_matches_show_each_seats_place_and_when_they_ended(site: Site) -> None:
    replay = recorded_match(GAME, 4, seed=21, labels=LABELS)
    publish(site.feed, "ended-1", replay)
    site.feed.flush()
    two_hours_ago = time.time() - 7200  # the match started long before it ended
    site.feed._client.hset(site.feed._match_prefix + "ended-1", "started_at",
                           repr(two_hours_ago))
    html = site.get("/").text
    finished = html[html.index('id="finished"'):]
    assert "<th>Seats, with the place each finished</th>" in finished
    assert '<th class="when">Ended</th>' in finished
    row = finished[finished.index('data-match="ended-1"'):]
    row = row[:row.index("</tr>")]
    assert "s ago" in row and "2 h ago" not in row  # the end, not the start
    assert replay.result is not None
    ranks = list(replay.result.ranks)
    for label, rank in zip(LABELS, ranks, strict=True):
        tied = "tied " if ranks.count(rank) > 1 else ""
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank, "th")
        shown = (rf'>{re.escape(label)}(</a>)? <span class="place" '
                 rf'title="finishing place">{tied}{rank}{suffix}</span>')
        assert re.search(shown, row), (label, rank)
    live = html[html.index('id="live"'):html.index('id="ladders"')]
    assert "No match is being played" in live


def test_places_are_ordinals_and_shared_places_say_tied() -> None:
    from services.web.app import ordinal, place

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    assert place(1, [1, 1, 3]) == "tied 1st" and place(3, [1, 1, 3]) == "3rd"


def test_results_by_opponent_say_tied_not_level(site: Site) -> None:
    site.store.apply_match(GAME, "tie-1", ["alice", "bob"], [1, 1])
    (ladder,) = site.get("/api/bots/alice").json()["ladders"]
    assert ladder["opponents"] == [
        {"opponent": "bob", "matches": 1, "ahead": 0, "behind": 0, "tied": 1}]
    page = site.get("/bots/alice").text
    assert '<th class="num">Tied</th>' in page and "Level" not in page


def test_wins_split_by_a_tie_are_shown_to_two_places(site: Site) -> None:
    site.store.apply_match(GAME, "three-way", ["alice", "bob", "carol"], [1, 1, 1])
    home = site.get("/").text
    row = home[home.index('data-bot="alice"'):]
    assert '<td class="num wins">0.33</td>' in row[:row.index("</tr>")]
    assert "0.33 wins" in site.get("/bots/alice").text
    from services.web.app import share

    assert [share(v) for v in (1.0, 0.5, 1 / 3, 12 + 2 / 3, 0.0)] == [
        "1", "0.5", "0.33", "12.67", "0"]


def test_the_ladder_and_bot_pages_show_the_skill_interval_and_provisional_bots(
    site: Site,
) -> None:
    for k in range(40):  # alice and bob play on; carol joins once: still provisional
        site.store.apply_match(GAME, f"sk-{k}", ("alice", "bob"), (1 + k % 2, 2 - k % 2))
    site.store.apply_match(GAME, "sk-carol", ("alice", "carol"), (1, 2))
    rows = {r["bot"]: r for r in site.get(f"/api/ladder/{GAME}").json()}
    for name in ("alice", "bob", "carol"):
        entry = site.store.bot_stats(GAME, name)
        assert entry is not None
        assert rows[name]["mu"] == round(entry.mu, 3)
        assert rows[name]["sigma"] == round(entry.sigma, 3)
        assert rows[name]["provisional"] is entry.provisional
    assert rows["carol"]["provisional"] and not rows["alice"]["provisional"]
    html = site.get(f"/ladders/{GAME}").text
    carol_row = html[html.index('data-bot="carol"'):].split("</tr>")[0]
    alice_row = html[html.index('data-bot="alice"'):].split("</tr>")[0]
    carol = site.store.bot_stats(GAME, "carol")
    assert carol is not None
    assert f"{carol.mu:.1f} ± {3 * carol.sigma:.1f}" in carol_row
    assert 'class="provisional"' in carol_row and 'class="provisional"' not in alice_row
    assert "provisional" in site.get("/bots/carol").text
    assert "provisional" not in site.get("/bots/alice").text.split("<h3>")[0]
    (ladder,) = site.get("/api/bots/carol").json()["ladders"]
    assert ladder["provisional"] is True and ladder["mu"] == round(carol.mu, 3)
