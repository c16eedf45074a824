"""One player's zoo panel for the Ark Nova board: the left bonus track, the zoo map, the
appeal / conservation / reputation tracks, money, X-tokens and workers, the action cards in
their slots (side, tokens), partner zoos and universities, hidden piles as counts, the
animals (numbered as on the map) and the sponsors played. With the seat's own observation
(after the match) also its hand, final scoring cards, set-aside and pouched cards."""

from __future__ import annotations

from engine.ark_nova.cards.catalog import ICON_NAMES, CardSet
from engine.ark_nova.map.maps import load_map
from engine.ark_nova.model.state import FLOCK, UNIVERSITY_NAMES
from engine.ark_nova.rules.scoring import victory_points
from engine.ark_nova.view.board_map import MAP_H, draw_map
from engine.ark_nova.view.board_style import (
    ACTION_TITLES,
    INK,
    LEFT_TRACK,
    LINE,
    MINUS,
    MUTED,
    SEAT_TINTS,
    TIMES,
    category_colour,
    fit,
    icon_summary,
    seat_colour,
)
from engine.ark_nova.view.observation import Observation, PlayerView
from engine.toolkit.svg import Svg

WIDTH = 1000
LEFT_X, MAP_X, INFO_X = 14, 94, 460
TOP = 30  # the map below the panel's title line
LIST_COLUMNS, LIST_W, ROW_H = 3, 176, 14
HIDDEN_COLUMNS, HIDDEN_W = 6, 162
LISTS_TOP = TOP + 188  # the animal and sponsor lists, below the action cards
TRACKS = (("appeal", 113, "#e08a1e"), ("conservation", 41, "#2e8b57"),
          ("reputation", 15, "#7d3c98"))
CARD_W, CARD_H = 98, 48


def cp_points(conservation: int) -> int:
    """What conservation points add to the score: 2 each up to 10, 3 each past 10."""
    return victory_points(0, conservation) + 114


def score_line(appeal: int, conservation: int) -> str:
    """The score if the game ended now, with its sum (spec 15.1)."""
    score = victory_points(appeal, conservation)
    return (f"VP if it ended now: {score} = appeal {appeal} + {cp_points(conservation)} "
            f"for {conservation} CP {MINUS} 114")


def score_explained(appeal: int, conservation: int) -> str:
    return (f"Victory points if the game ended now: {victory_points(appeal, conservation)}. "
            "Appeal, plus 2 for each conservation point up to 10 and 3 for each one past "
            "10, minus 114: on the shared track, how far the appeal marker has passed the "
            "conservation marker. Everyone starts far below 0; the highest score wins.")


def _rows(count: int, columns: int = LIST_COLUMNS) -> int:
    return (count + columns - 1) // columns


def _hidden_lines(own: Observation | None) -> list[tuple[str, list[str], str]]:
    """(title, card names, css class) for each hidden pile the seat's view holds."""
    if own is None:
        return []
    c = own.cards
    piles = [("hand", [c[x].name for x in own.hand], "hand-card"),
             ("final scoring", [c[x].name for x in own.final_scoring], "final-card"),
             ("set aside", [c[x].name for x in own.set_aside], "set-aside-card")]
    for card, under in own.pouched:
        piles.append((f"under {c[card].name}", [c[x].name for x in under], "pouched-card"))
    return [p for p in piles if p[1] or p[0] == "hand"]


def panel_height(view: PlayerView, own: Observation | None) -> float:
    """The panel's height: the map, or the lists beside it if they are longer."""
    lists = 2 + _rows(len(view.animals)) + _rows(len(view.sponsors))
    hidden = sum(1 + _rows(len(names), HIDDEN_COLUMNS) for _, names, _ in _hidden_lines(own))
    return max(TOP + MAP_H + 14, LISTS_TOP + lists * ROW_H) + hidden * ROW_H + 8


class ZooPanel:
    """Draws one player's panel at a given height."""

    def __init__(self, svg: Svg, obs: Observation, seat: int, label: str) -> None:
        self.svg = svg
        self.obs = obs
        self.cards: CardSet = obs.cards
        self.seat = seat
        self.view = obs.players[seat]
        self.label = label
        self.colour = seat_colour(seat)

    def draw(self, y: float, height: float, own: Observation | None) -> None:
        svg, v, obs = self.svg, self.view, self.obs
        to_play = obs.active == self.seat and not obs.terminal and obs.turn > 0
        svg.open_group(class_="zoo", data_seat=self.seat)
        svg.rect(6, y, WIDTH - 12, height - 6, rx=8, fill="#fff",
                 stroke=self.colour, stroke_width=3 if to_play else 1.2)
        svg.rect(6, y, WIDTH - 12, 24, rx=8, fill=SEAT_TINTS[self.seat % len(SEAT_TINTS)])
        tags = []
        if self.seat == obs.start_player:
            tags.append("start player")
        if to_play:
            tags.append("to play")
        title = f"{self.seat} · {fit(self.label, 30)}" + (f"  ({', '.join(tags)})" if tags else "")
        svg.circle(20, y + 12, 6, fill=self.colour)
        svg.text(32, y + 17, title, font_size=13, font_weight="bold", class_="seat-label")
        svg.open_group(class_="score-now")
        svg.tooltip(score_explained(v.appeal, v.conservation))
        svg.text(WIDTH - 16, y + 17, f"map {v.map_id} · {score_line(v.appeal, v.conservation)}",
                 font_size=12, text_anchor="end")
        svg.close_group()
        self._left_track(y + TOP)
        m = load_map(v.map_id)
        housed: dict[int, list[int]] = {}
        where = dict(v.housing)
        for number, animal in enumerate(v.animals, 1):
            if animal in where:
                housed.setdefault(where[animal], []).append(number)
        draw_map(svg, m, v.buildings, housed, MAP_X, y + TOP)
        self._status(y + TOP)
        self._tracks(y + TOP + 20)
        self._action_cards(y + TOP + 74)
        self._association(y + TOP + 140)
        bottom = self._lists(y + LISTS_TOP, housed)
        hidden_top = max(y + TOP + MAP_H + 14, bottom)
        self._hidden(own, hidden_top)
        svg.close_group()

    def _left_track(self, y: float) -> None:
        svg, m = self.svg, load_map(self.view.map_id)
        svg.text(LEFT_X, y + 8, "bonus", font_size=9, fill=MUTED)
        for i, space in enumerate(m.left_track):
            top = y + 14 + i * 30
            covered = bool(self.view.left_tokens >> i & 1)
            fill = "#eadcf3" if space.recurring else "#fbf0c4"
            svg.rect(LEFT_X, top, 74, 26, rx=4, fill=fill, stroke=LINE,
                     class_="left-space covered" if covered else "left-space")
            text = LEFT_TRACK.get(space.bonus, space.bonus)
            svg.text(LEFT_X + 4, top + 11, fit(text, 14), font_size=8.5,
                     fill=MUTED if covered else INK)
            svg.text(LEFT_X + 4, top + 22, "each break" if space.recurring else "once",
                     font_size=7.5, fill=MUTED)
            if covered:  # beside the short second line, clear of the bonus's name
                svg.rect(LEFT_X + 58, top + 13, 11, 11, rx=2, fill=self.colour, class_="token")

    def _status(self, y: float) -> None:
        v = self.view
        svg = self.svg
        svg.text(INFO_X, y + 10, f"{v.money} money", font_size=13, font_weight="bold",
                 class_="money")
        svg.text(INFO_X + 96, y + 10, "X", font_size=11, fill=MUTED)
        for k in range(5):
            svg.circle(INFO_X + 112 + k * 13, y + 6, 5, stroke="#555", stroke_width=0.8,
                       fill="#444" if k < v.x_tokens else "#fff",
                       class_="x-token" if k < v.x_tokens else None)
        placed = sum(v.workers_on)
        svg.text(INFO_X + 186, y + 10, f"workers {v.workers_active} ready · {placed} placed · "
                 f"{v.workers_total} hired", font_size=11)
        svg.text(WIDTH - 16, y + 10, f"tokens {v.supply_tokens}", font_size=11,
                 text_anchor="end", fill=MUTED)

    def _tracks(self, y: float) -> None:
        svg, v = self.svg, self.view
        values = (v.appeal, v.conservation, v.reputation)
        bar_x, bar_w = INFO_X + 86, 380
        for row, ((name, top, colour), value) in enumerate(zip(TRACKS, values, strict=True)):
            ty = y + row * 17
            svg.text(INFO_X, ty + 10, name, font_size=11)
            svg.rect(bar_x, ty, bar_w, 12, rx=3, fill="#eee", stroke=LINE)
            svg.rect(bar_x, ty, bar_w * min(value, top) / top, 12, rx=3, fill=colour)
            if name == "conservation":  # the bonus spaces
                for mark in (2, 5, 8, 10):
                    mx = bar_x + bar_w * mark / top
                    svg.line(mx, ty + 1, mx, ty + 11, stroke="#fff" if mark <= value else "#bbb",
                             stroke_width=1.2)
            if name == "reputation" and not v.upgraded[3]:  # Cards side I caps it at 9
                cx = bar_x + bar_w * 9 / top
                svg.line(cx, ty - 2, cx, ty + 14, stroke=INK, stroke_width=1.4)
            svg.text(bar_x + bar_w + 8, ty + 10, value, font_size=12, font_weight="bold",
                     class_=f"track-{name}")

    def _action_cards(self, y: float) -> None:
        svg, v = self.svg, self.view
        for slot, action in enumerate(v.slots):
            x = INFO_X + slot * (CARD_W + 4)
            side2 = v.upgraded[action]
            svg.open_group(class_="action-card", data_action=ACTION_TITLES[action].lower(),
                           data_slot=slot + 1, data_side=2 if side2 else 1)
            svg.rect(x, y, CARD_W, CARD_H, rx=5, fill="#f7e3a1" if side2 else "#f4f4ef",
                     stroke="#a08a3c" if side2 else "#999")
            svg.text(x + 6, y + 16, slot + 1, font_size=15, font_weight="bold", fill="#555")
            svg.text(x + 22, y + 15, ACTION_TITLES[action], font_size=11, font_weight="bold")
            svg.text(x + CARD_W - 5, y + 30, "II" if side2 else "I", font_size=10,
                     text_anchor="end", fill=MUTED)
            tokens = (("V", v.venom[action], "#7d3c98", "venom"),
                      ("C", v.constriction[action], "#8b5a2b", "constriction"),
                      (f"{TIMES}2", v.multipliers[action], "#1e8449", "multiplier"),
                      (f"{TIMES}2", v.inactive_multipliers[action], "#9bbfa5",
                       "multiplier inactive"))
            tx = x + 6
            for text, count, colour, css in tokens:
                for _ in range(count):
                    svg.circle(tx + 6, y + 38, 6.5, fill=colour, class_=css)
                    svg.text(tx + 6, y + 41, text, font_size=7, fill="#fff",
                             text_anchor="middle")
                    tx += 15
            svg.close_group()

    def _association(self, y: float) -> None:
        svg, v = self.svg, self.view
        zoos = ", ".join(ICON_NAMES[z].capitalize() for z in v.partner_zoos) or "none"
        unis = ", ".join(UNIVERSITY_NAMES[u] for u in v.universities) or "none"
        svg.text(INFO_X, y + 10, fit(f"partner zoos: {zoos}", 62), font_size=11,
                 class_="partner-zoos")
        svg.text(INFO_X, y + 25, fit(f"universities: {unis}", 80), font_size=11,
                 class_="universities")
        counts = f"hand {v.hand_size} · final scoring {v.final_scoring_count}"
        if v.set_aside_count:
            counts += f" · set aside {v.set_aside_count}"
        counts += f" · projects supported {7 - bin(v.left_tokens).count('1')}"
        svg.text(INFO_X, y + 40, counts, font_size=11, class_="counts")

    def _lists(self, y: float, housed: dict[int, list[int]]) -> float:
        svg, v, c = self.svg, self.view, self.cards
        pouched = dict(v.pouched_counts)
        tokens = dict(v.card_tokens)
        svg.text(INFO_X, y + 11, f"animals ({len(v.animals)})", font_size=11,
                 font_weight="bold")
        flock = set(housed.get(FLOCK, ()))
        for i, animal in enumerate(v.animals):
            x, ty = self._cell(i, y + ROW_H)
            card = c[animal]
            shares = i + 1 in flock  # no enclosure of its own (spec 8.6)
            extra = (" (flock)" if shares else "") + (
                f" +{pouched[animal]} under" if pouched.get(animal) else "")
            head = f"{i + 1} "
            name = fit(card.name, max(6, 28 - len(head) - len(extra)))
            svg.open_group(class_="list-entry")
            svg.tooltip(f"{i + 1}: {card.name} · {icon_summary(card)}" + (
                " in the flock's enclosure" if shares else "") + (
                f", {pouched[animal]} cards under it" if pouched.get(animal) else ""))
            svg.rect(x, ty - 8, 8, 8, rx=1.5, fill=category_colour(card))
            svg.text(x + 11, ty, head + name + extra, font_size=10,
                     class_="animal flock" if shares else "animal")
            svg.close_group()
        y += ROW_H * (1 + _rows(len(v.animals)))
        svg.text(INFO_X, y + 11, f"sponsors ({len(v.sponsors)})", font_size=11,
                 font_weight="bold")
        for i, sponsor in enumerate(v.sponsors):
            x, ty = self._cell(i, y + ROW_H)
            extra = f" ({tokens[sponsor]} tokens)" if tokens.get(sponsor) else ""
            if pouched.get(sponsor):
                extra += f" +{pouched[sponsor]} under"
            svg.open_group(class_="list-entry")
            svg.tooltip(c[sponsor].name + extra)
            svg.text(x, ty, fit(c[sponsor].name, max(6, 30 - len(extra))) + extra,
                     font_size=10, class_="sponsor")
            svg.close_group()
        return y + ROW_H * (1 + _rows(len(v.sponsors)))

    def _cell(self, i: int, y: float) -> tuple[float, float]:
        return INFO_X + (i % LIST_COLUMNS) * LIST_W, y + 10 + (i // LIST_COLUMNS) * ROW_H

    def _hidden(self, own: Observation | None, y: float) -> None:
        svg = self.svg
        for title, names, css in _hidden_lines(own):
            svg.text(LEFT_X, y + 11, f"{title} ({len(names)}):", font_size=11,
                     font_weight="bold", fill="#7b241c", class_="hidden-title")
            for i, name in enumerate(names):
                x = LEFT_X + (i % HIDDEN_COLUMNS) * HIDDEN_W
                svg.open_group(class_="list-entry")
                svg.tooltip(name)
                svg.text(x, y + 11 + ROW_H * (1 + i // HIDDEN_COLUMNS), fit(name, 26),
                         font_size=10, class_=css)
                svg.close_group()
            y += ROW_H * (1 + _rows(len(names), HIDDEN_COLUMNS))
