"""The Ark Nova board view: valid SVG at every stage of whole random games of 2-4 players,
drawing exactly what the observation says (zoo buildings and the animals in them, tracks,
money, action cards, the display, association workers and project supporters), hands as
counts for a spectator, and the same drawing whatever is hidden from a spectator."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

import pytest

from engine.ark_nova.cards.catalog import ANIMALS, BUILD, CARDS
from engine.ark_nova.game_state import ArkNovaState
from engine.ark_nova.map.buildings import ENC_T, PAVILION_T, REPTILE_T
from engine.ark_nova.model.state import FLOCK
from engine.ark_nova.view.observation import Observation, observe
from engine.core import SPECTATOR, GameConfig, GameRng, get_game
from tests.ark_nova.helpers import add_sponsor, build, give, house_animal, table, to_display
from tests.ark_nova.test_properties import perturb

SVG = "{http://www.w3.org/2000/svg}"
LABELS = ("alice", "bob", "carol", "dave")
BOARD = get_game("ark-nova").board()  # type: ignore[misc]


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if css in (g.get("class") or "").split()]


def with_class(root: ET.Element, tag: str, css: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}{tag}") if css in (e.get("class") or "").split()]


def text_of(root: ET.Element, css: str) -> list[str]:
    return [e.text or "" for e in with_class(root, "text", css)]


def render(obs: Observation, seats: Sequence[Observation] | None = None) -> ET.Element:
    return ET.fromstring(BOARD.render(obs, LABELS[: obs.players_count], seats))


def check_drawing(root: ET.Element, obs: Observation) -> None:
    """Everything the board must show agrees with the observation."""
    folders = groups(root, "folder")
    assert [int(f.get("data-card", "")) for f in folders] == list(obs.display)
    shown = {int(p.get("data-card", "")) for p in groups(root, "project")}
    assert shown == {*obs.base_projects, *obs.project_row}
    for project in groups(root, "project"):
        owners = dict(obs.project_levels).get(int(project.get("data-card", "")), ())
        tokens = [int(r.get("data-seat", "")) for r in with_class(project, "rect", "supporter")]
        assert tokens == [o for o in owners if o >= 0]
    zoos = groups(root, "zoo")
    assert [int(z.get("data-seat", "")) for z in zoos] == list(range(obs.players_count))
    for zoo, view in zip(zoos, obs.players, strict=True):
        buildings = groups(zoo, "building")
        assert [(int(b.get("data-code", "")), int(b.get("data-state", ""))) for b in buildings] \
            == [(b.code, state) for b, state in view.buildings]
        housed = sorted(int(c.get("data-animal", "")) for c in with_class(zoo, "circle", "housed"))
        where = dict(view.housing)
        assert housed == [i + 1 for i, a in enumerate(view.animals) if where[a] != FLOCK]
        flock = [i + 1 for i, a in enumerate(view.animals) if where[a] == FLOCK]
        assert [int(t.split()[0]) for t in text_of(zoo, "flock")] == flock
        for name, value in (("appeal", view.appeal), ("conservation", view.conservation),
                            ("reputation", view.reputation)):
            assert text_of(zoo, f"track-{name}") == [str(value)]
        assert text_of(zoo, "money") == [f"{view.money} money"]
        assert len(with_class(zoo, "circle", "x-token")) == view.x_tokens
        cards = groups(zoo, "action-card")
        assert [c.get("data-action") for c in cards] == [
            ("animals", "association", "build", "cards", "sponsors")[a] for a in view.slots]
        assert [c.get("data-side") for c in cards] == [
            "2" if view.upgraded[a] else "1" for a in view.slots]
        assert len(text_of(zoo, "animal")) == len(view.animals)
        assert len(text_of(zoo, "sponsor")) == len(view.sponsors)
        assert f"hand {view.hand_size} " in text_of(zoo, "counts")[0]
        covered = len(with_class(zoo, "rect", "covered"))
        assert covered == bin(view.left_tokens).count("1")
    for seat, view in enumerate(obs.players):
        workers = [c for c in with_class(root, "circle", "worker")
                   if c.get("data-seat") == str(seat)]
        assert len(workers) == sum(view.workers_on)
    solo = obs.players_count == 1  # the turn clock instead of the break token (spec 17)
    assert len(groups(root, "solo-clock")) == len(text_of(root, "solo-rules")) == int(solo)
    assert len(with_class(root, "circle", "break-token")) == int(not solo)


@pytest.mark.parametrize(("players", "map_id", "seed"), [(2, "A", 1), (3, "0", 2), (4, "A", 3)])
def test_the_board_draws_each_stage_of_a_whole_random_game(
    players: int, map_id: str, seed: int
) -> None:
    g = ArkNovaState.new(GameConfig(players, {"map": map_id}), seed)
    rng = GameRng(seed)
    step = drawn = 0
    while not g.is_terminal():
        if step % 9 == 0:
            check_drawing(render(g.observation(SPECTATOR)), g.observation(SPECTATOR))
            drawn += 1
        seat = g.pending_seats()[0]
        g.apply(seat, rng.randrange(len(g.decision(seat).options)))
        step += 1
    public = g.observation(SPECTATOR)
    check_drawing(render(public), public)
    seats = [g.observation(s) for s in range(players)]
    with_hands = render(public, seats)
    check_drawing(with_hands, public)
    for css, pile in (("hand-card", "hand"), ("final-card", "final_scoring"),
                      ("set-aside-card", "set_aside")):
        assert len(text_of(with_hands, css)) == sum(len(getattr(o, pile)) for o in seats)
    pouched = sum(len(cards) for o in seats for _, cards in o.pouched)
    assert len(text_of(with_hands, "pouched-card")) == pouched
    assert drawn > 50 and sum(len(v.buildings) for v in public.players) > players * 4


def test_a_spectator_sees_hands_as_counts_and_the_toggle_shows_them() -> None:
    g = ArkNovaState.new(GameConfig(3, {}), 4)
    rng = GameRng(4)
    for _ in range(200):
        seat = g.pending_seats()[0]
        g.apply(seat, rng.randrange(len(g.decision(seat).options)))
    public = g.observation(SPECTATOR)
    svg = BOARD.render(public, LABELS[:3])
    assert 'class="hand-card"' not in svg and 'class="final-card"' not in svg
    seats = [g.observation(s) for s in range(3)]
    revealed = render(public, seats)
    names = text_of(revealed, "hand-card")
    for own in seats:
        for card in own.hand:
            assert any(own.cards[card].name.startswith(n.rstrip("…")) for n in names)
    for zoo, view in zip(groups(revealed, "zoo"), public.players, strict=True):
        assert f"hand {view.hand_size} " in text_of(zoo, "counts")[0]


def test_changing_hidden_cards_leaves_the_spectator_board_unchanged() -> None:
    checked = 0
    for players, seed in ((1, 30), (2, 31), (3, 32), (4, 33)):
        g = ArkNovaState.new(GameConfig(players, {}), seed)
        rng, shuffle = GameRng(seed), GameRng(seed + 1)
        step = 0
        while not g.is_terminal():
            if step % 40 == 0:
                shown = BOARD.render(observe(g.s, SPECTATOR), LABELS[:players])
                for _ in range(2):
                    variant = perturb(g.s, SPECTATOR, shuffle)
                    assert BOARD.render(observe(variant, SPECTATOR), LABELS[:players]) == shown
                    checked += 1
            seat = g.pending_seats()[0]
            g.apply(seat, rng.randrange(len(g.decision(seat).options)))
            step += 1
    assert checked > 70


def test_a_placed_building_an_animal_in_it_and_the_tracks_appear() -> None:
    s = table(2)
    p = s.players[1]
    enclosure = build(s, 1, ENC_T[4], [(3, 6), (3, 4), (4, 5), (4, 7)])
    pavilion = build(s, 1, PAVILION_T, [(5, 6)])
    house = build(s, 1, REPTILE_T, [(6, 3), (5, 2), (5, 4), (7, 2), (7, 4)])
    house_animal(s, 1, 402, enclosure)  # Lion, size 4
    house_animal(s, 1, 439, FLOCK)  # Lama: shares an enclosure (spec 8.6)
    add_sponsor(s, 1, 243)
    give(s, 1, 466)
    to_display(s, 2, 401)
    p.appeal, p.cp, p.rep, p.money, p.x = 37, 9, 11, 64, 3
    p.side2[CARDS] = p.side2[BUILD] = True
    p.mult_active[ANIMALS] = 1
    public = observe(s, SPECTATOR)
    root = render(public)
    check_drawing(root, public)
    zoo = groups(root, "zoo")[1]
    kinds = {int(b.get("data-index", "")): b for b in groups(zoo, "building")}
    assert kinds[enclosure].get("data-state") == "1"
    assert kinds[pavilion].get("data-kind") == "pavilion"
    assert kinds[house].get("data-kind") == "special"
    (label,) = [g for g in groups(zoo, "building-label") if g.get("data-index") == str(enclosure)]
    assert [c.get("data-animal") for c in with_class(label, "circle", "housed")] == ["1"]
    assert text_of(zoo, "animal") == ["1 Lion", "2 Lama (flock)"]
    assert text_of(zoo, "sponsor") == ["Meerkat Den"]
    assert [text_of(zoo, f"track-{t}") for t in ("appeal", "conservation", "reputation")] \
        == [["37"], ["9"], ["11"]]
    assert text_of(zoo, "money") == ["64 money"]
    assert len(with_class(zoo, "circle", "multiplier")) == 1
    assert "hand 1 " in text_of(zoo, "counts")[0] and "Bolivian" not in BOARD.render(
        public, LABELS[:2])
    folder = groups(root, "folder")[1]
    assert folder.get("data-card") == "401" and text_of(folder, "card-name") == ["Cheetah"]
    assert len(groups(groups(root, "zoo")[0], "building")) == 2  # map A's start buildings


def clock_drawn(root: ET.Element) -> tuple[int, int, int, str]:
    """The solo clock as drawn: tokens to move, tokens moved, round size, its text."""
    (clock,) = groups(root, "solo-clock")
    to_move = len(with_class(clock, "circle", "clock-token"))
    moved = len(with_class(clock, "circle", "moved"))
    (text,) = text_of(clock, "clock")
    return to_move - moved, moved, int(clock.get("data-size", "")), text


@pytest.mark.parametrize(("difficulty", "appeal", "seed"), [("normal", 20, 11), ("hard", 10, 12)])
def test_the_solo_board_shows_the_turn_clock_through_a_whole_game(
    difficulty: str, appeal: int, seed: int
) -> None:
    """Spec 17: rounds of 7, 6, 5, 4, 3 and 2 turns counted by the clock tokens, a break
    after each round but the last; the board shows the tokens, the round, the turn of
    the round and the turns left (checked against the turns the game really plays)."""
    g = ArkNovaState.new(GameConfig(1, {"solo_difficulty": difficulty}), seed)
    rng = GameRng(seed)
    seen_turns: set[int] = set()
    breaks_drawn = 0
    while True:
        public = g.observation(SPECTATOR)
        root = render(public)
        check_drawing(root, public)
        assert text_of(root, "solo-rules") == [
            f"solo · {difficulty}: starting appeal {appeal} · won with VP ≥ 0"]
        left, moved, size, text = clock_drawn(root)
        assert (left, left + moved, size) == (public.clock_left, public.clock_size,
                                              public.clock_size)
        breaks = sum(1 for e in g.s.log if e.kind == "break")
        if public.in_break:
            assert text == f"round {breaks}/6 over · break" and left == 0
            breaks_drawn += 1
        elif left == 0:
            assert text == "round 6/6 over · final scoring" and size == 2 and breaks == 5
            if public.terminal:
                break
        elif public.turn > 0:
            assert text.startswith(f"round {breaks + 1}/6 · turn {size - left + 1} of {size}"
                                   f" · {27 - public.turn + 1} turns left · then ")
            assert text.endswith("final scoring" if size == 2 else "a break")
            seen_turns.add(public.turn)
        g.apply(0, rng.randrange(len(g.decision(0).options)))
    assert seen_turns == set(range(1, 28)) and breaks_drawn >= 1


def title_of(group: ET.Element) -> str:
    title = group.find(f"{SVG}title")
    return "" if title is None else title.text or ""


def test_the_board_has_a_key_full_names_on_hover_and_an_explained_score() -> None:
    from engine.ark_nova.map.maps import load_map
    from engine.ark_nova.rules.scoring import victory_points
    from engine.ark_nova.view.board_map import building_title
    from engine.ark_nova.view.board_style import PLACEMENT, PLACEMENT_NAMES, SPECIAL_SHORT

    g = ArkNovaState.new(GameConfig(3, {"map": "0"}), 5)
    rng = GameRng(5)
    for _ in range(700):
        seat = g.pending_seats()[0]
        g.apply(seat, rng.randrange(len(g.decision(seat).options)))
    public = g.observation(SPECTATOR)
    root = render(public)
    (legend,) = groups(root, "legend")
    keys = [" ".join(t.text or "" for t in k.iter(f"{SVG}text"))
            for k in groups(legend, "legend-key")]
    for meaning in ("K kiosk", "P pavilion", "1/3 special enclosure: animals housed / room",
                    "4 animal 4 of the zoo's list, housed here", "water", "rock"):
        assert meaning in keys
    words = {w[0].text: w[1].text for w in
             ([*g.iter(f"{SVG}text")] for g in groups(legend, "legend-word"))}
    for view in public.players:
        for bonus in {b for b in load_map(view.map_id).bonus if b is not None}:
            assert words[PLACEMENT[bonus]] == PLACEMENT_NAMES[bonus]
        for building, _ in view.buildings:
            if building.code in SPECIAL_SHORT:
                assert SPECIAL_SHORT[building.code] in words
    assert "VP if it ended now = appeal + 2 per conservation point" in " ".join(
        text_of(legend, "legend-reading"))
    for zoo, view in zip(groups(root, "zoo"), public.players, strict=True):
        (score,) = groups(zoo, "score-now")
        vp = victory_points(view.appeal, view.conservation)
        cp = victory_points(0, view.conservation) + 114
        assert (score.find(f"{SVG}text").text or "").endswith(  # type: ignore[union-attr]
            f"VP if it ended now: {vp} = appeal {view.appeal} + {cp} for "
            f"{view.conservation} CP \u2212 114")
        assert title_of(score).startswith(f"Victory points if the game ended now: {vp}.")
        entries = [title_of(e) for e in groups(zoo, "list-entry")]
        for number, animal in enumerate(view.animals, 1):  # full names on hover
            assert any(t.startswith(f"{number}: {public.cards[animal].name} · ")
                       for t in entries)
        for sponsor in view.sponsors:
            assert any(t.startswith(public.cards[sponsor].name) for t in entries)
        housed: dict[int, list[int]] = {}
        where = dict(view.housing)
        for number, animal in enumerate(view.animals, 1):
            if animal in where:
                housed.setdefault(where[animal], []).append(number)
        labels = groups(zoo, "building-label")
        assert [title_of(lb) for lb in labels] == [
            building_title(b, state, housed.get(i, []))
            for i, (b, state) in enumerate(view.buildings)]
        assert all(title_of(c).startswith("placement bonus: ")
                   for c in groups(zoo, "bonus-cell"))
    assert sum(len(v.animals) for v in public.players) > 3
