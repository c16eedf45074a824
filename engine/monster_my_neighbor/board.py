"""The Monster My Neighbor board as SVG: the seats around the table, the cards face up
in front of them, face-down piles and the round's public counters.

It reads observations only (see :mod:`engine.core.board`). The public drawing comes from
the spectator observation; after the match, each seat's own observation adds its hand
(the Monster's holder marked) and what it knew of face-down cards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.monster_my_neighbor.cards import CardSet
from engine.monster_my_neighbor.events import ENDING_NAMES, RESULT_NAMES
from engine.monster_my_neighbor.observation import Observation
from engine.toolkit.svg import Svg, wrap

WIDTH, HEIGHT = 960, 660
SEAT_W, SEAT_H = 214, 132
CARD_W, CARD_H = 64, 20
# The centre box: its width and most lines fit between the seats at any table size.
CENTRE_W, CENTRE_PAD, CENTRE_LINES = 360, 8, 9
LINE_STEP = {14: 18.0, 12: 16.0, 11: 15.0}
RESULT_FILL = {
    "captured": "#f4b6b6",
    "hunter_discarded": "#f7d9a8",
    "no_effect": "#e4e4e4",
    "no_hunter": "#e4e4e4",
    "last_card_void": "#e4e4e4",
    "no_target": "#e4e4e4",
    "": "#fdf6e3",
}


def short(cards: CardSet, card: int) -> str:
    """A card's label, cut to fit a small card."""
    label = cards.labels[card].split(" / ")[0]
    return label if len(label) <= 10 else label[:9] + "…"


def seat_centre(seat: int, players: int) -> tuple[float, float]:
    """Seats clockwise around an ellipse, seat 0 at the top."""
    angle = -math.pi / 2 + 2 * math.pi * seat / players
    return WIDTH / 2 + 355 * math.cos(angle), HEIGHT / 2 + 238 * math.sin(angle)


class MonsterMyNeighborBoard:
    """The game's :class:`~engine.core.board.BoardView`."""

    def render(
        self,
        public: Observation,
        labels: Sequence[str],
        seats: Sequence[Observation] | None = None,
    ) -> str:
        svg = Svg(WIDTH, HEIGHT, f"Monster My Neighbor, round {public.round}")
        svg.rect(0, 0, WIDTH, HEIGHT, fill="#f3efe4", class_="table")
        self._centre(svg, public)
        for seat in range(public.players):
            hidden = seats[seat] if seats is not None else None
            label = labels[seat] if seat < len(labels) else f"seat {seat}"
            self._seat(svg, public, seat, label, hidden)
        return str(svg)

    def _centre(self, svg: Svg, obs: Observation) -> None:
        """The round's public counters in the middle of the table, each line wrapped to
        the box, which grows with its lines (up to the space the seats leave)."""
        c = obs.cards
        inner = CENTRE_W - 2 * CENTRE_PAD
        lines: list[tuple[str, int, dict[str, object]]] = [
            (f"Round {obs.round} of {obs.rounds} · rotation {obs.rotation}", 14,
             {"font_weight": "bold", "class_": "round"})]

        def add(text: str, size: int, **attrs: object) -> None:
            lines.extend((line, size, attrs) for line in wrap(text, inner, size))

        add(f"main deck {obs.main_deck_size} · hunters played {obs.hunters_played} · "
            f"villagers {obs.villagers_played}", 12)
        possible = ", ".join(short(c, t) for t in obs.monsters_possible) or "none"
        add(f"Monster is one of: {possible}", 12)
        if obs.pending_kind:
            waiting = ", ".join(str(s) for s in obs.pending_seats)
            seats = "seats" if len(obs.pending_seats) > 1 else "seat"
            add(f"{obs.pending_kind.replace('_', ' ').lower()}: {seats} {waiting}", 12,
                class_="pending")
        for summary in obs.finished_rounds[-3:]:
            add(f"round {summary.round}: {short(c, summary.monster)} "
                f"{ENDING_NAMES[summary.ending]} (seat {summary.monster_seat})", 11,
                fill="#555")
        lines = lines[:CENTRE_LINES]
        height = 2 * CENTRE_PAD + sum(LINE_STEP[size] for _, size, _ in lines)
        x, top = WIDTH / 2, HEIGHT / 2 - height / 2
        svg.open_group(class_="centre")
        svg.rect(x - CENTRE_W / 2, top, CENTRE_W, height, rx=10, fill="#fffdf7",
                 stroke="#8a7f66", class_="centre-box")
        y = top + CENTRE_PAD
        for text, size, attrs in lines:
            y += LINE_STEP[size]
            svg.text(x, y - 4, text, text_anchor="middle", font_size=size, **attrs)
        svg.close_group()

    def _seat(
        self, svg: Svg, obs: Observation, seat: int, label: str, hidden: Observation | None
    ) -> None:
        c = obs.cards
        cx, cy = seat_centre(seat, obs.players)
        x, y = cx - SEAT_W / 2, cy - SEAT_H / 2
        active = seat == obs.active_seat and obs.pending_kind != ""
        svg.open_group(class_="seat", data_seat=seat)
        svg.rect(x, y, SEAT_W, SEAT_H, rx=8, fill="#ffffff",
                 stroke="#c0392b" if active else "#8a7f66", stroke_width=3 if active else 1)
        name = label if len(label) <= 18 else label[:17] + "…"
        svg.text(x + 8, y + 17, f"{seat} · {name}", font_weight="bold", font_size=13)
        svg.text(x + SEAT_W - 8, y + 17, f"{obs.vp[seat]} VP", text_anchor="end",
                 font_size=13, class_="vp")
        tags = []
        if seat == obs.wanted_holder:
            tags.append("Wanted")
        if obs.friends[seat]:
            tags.append("Friend")
        svg.text(x + 8, y + 34, f"hand {obs.hand_sizes[seat]} · turns {obs.turns_taken[seat]}"
                 + (" · " + ", ".join(tags) if tags else ""), font_size=11, fill="#444")
        for k in range(obs.hand_sizes[seat]):
            svg.rect(x + SEAT_W - 14 - 9 * k, y + 25, 7, 11, fill="#5b4a8b", rx=1)
        for i, played in enumerate(obs.play_areas[seat][-6:]):
            px = x + 6 + (i % 3) * (CARD_W + 4)
            py = y + 42 + (i // 3) * (CARD_H + 4)
            result = RESULT_NAMES[played.result]
            svg.rect(px, py, CARD_W, CARD_H, rx=3, fill=RESULT_FILL.get(result, "#fdf6e3"),
                     stroke="#8a7f66", class_="card")
            svg.text(px + CARD_W / 2, py + 14, short(c, played.card), text_anchor="middle",
                     font_size=10)
        pile = obs.face_down[seat]
        if pile:
            svg.text(x + 8, y + 104, f"{len(pile)} face down", font_size=11, fill="#444")
        if hidden is not None:
            self._hidden(svg, hidden, seat, x, y)
        svg.close_group()

    def _hidden(self, svg: Svg, own: Observation, seat: int, x: float, y: float) -> None:
        """After the match: the seat's hand (the Monster marked) and known face-down cards."""
        c = own.cards
        for i, card in enumerate(own.hand[:5]):
            px = x + 6 + i * 41
            monster = c.is_monster[card]
            svg.rect(px, y + SEAT_H - 22, 39, 17, rx=3, fill="#c0392b" if monster else "#dfe7f5",
                     stroke="#555", class_="hand-card")
            svg.text(px + 19.5, y + SEAT_H - 10, short(c, card)[:6], text_anchor="middle",
                     font_size=9, fill="#fff" if monster else "#000")
        known = [f.known_type for f in own.face_down[seat] if f.known_type >= 0]
        if known:
            svg.text(x + SEAT_W - 8, y + 104, "down: " + ", ".join(short(c, t) for t in known),
                     text_anchor="end", font_size=10, fill="#444")
