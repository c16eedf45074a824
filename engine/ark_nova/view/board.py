"""The Ark Nova board as SVG: the turn and break track, the bonus tiles, the six-folder
display, the association board (task spaces with workers, partner zoos and universities
on offer, donations, the base and conservation projects with their supporters), then one
panel per player with the zoo map on its hex grid (``board_zoo.py``, ``board_map.py``).

It reads observations only (see :mod:`engine.core.board`): the spectator observation
shows hands and final scoring cards as counts; after the match, each seat's own
observation adds its hand, final scoring, set-aside and pouched cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ark_nova.cards.catalog import ANIMAL, ICON_NAMES, PROJECT, SPONSOR, Card
from engine.ark_nova.model.state import BLOCKED, FREE, TASK_VALUES
from engine.ark_nova.rules import solo
from engine.ark_nova.rules.association import DONATION_COSTS
from engine.ark_nova.view.board_legend import Legend
from engine.ark_nova.view.board_style import (
    BONUS_TILES,
    CARD_FILL,
    INK,
    LINE,
    MUTED,
    TASK_TITLES,
    UNIVERSITY_SHORT,
    fit,
    icon_summary,
    seat_colour,
)
from engine.ark_nova.view.board_zoo import WIDTH, ZooPanel, panel_height
from engine.ark_nova.view.observation import Observation
from engine.toolkit.svg import Svg

FOLDER_W, FOLDER_H = 160, 70
PROJECT_W, PROJECT_H = 196, 54
SHARED_H = 366  # everything above the key (and the zoo panels below it)
FONT = "system-ui, 'DejaVu Sans', Arial, sans-serif"
RELEASE_LEVELS = ("size ≥4", "size 3", "size ≤2")


def project_levels(card: Card) -> list[str]:
    """Each level's condition and reward, left to right (spec 12.4.3)."""
    out = []
    for i, (cp, rep) in enumerate(card.rewards):
        reward = f"{cp} CP" + (f" +{rep} rep" if rep else "")
        if card.project_kind == "release":
            out.append(f"{RELEASE_LEVELS[i]}: {reward}")
        elif card.thresholds:
            out.append(f"{card.thresholds[i]} → {reward}")
        else:
            out.append(reward)
    return out


def card_lines(card: Card) -> list[str]:
    """A display card: what a player needs to judge it at a glance."""
    if card.kind == ANIMAL:
        where = (f"enclosure {card.standard_size}" if card.standard_size
                 else "petting zoo")
        gains = f"appeal +{card.appeal}" + (f" · CP +{card.cp}" if card.cp else "")
        return [f"{card.cost} money · {where}", gains, icon_summary(card)]
    if card.kind == SPONSOR:
        return [f"sponsor · level {card.level}", icon_summary(card)]
    if card.kind == PROJECT:
        icon = ICON_NAMES[card.project_icon] if card.project_icon >= 0 else ""
        return [f"{card.project_kind} project", icon]
    return ["final scoring"]


class ArkNovaBoard:
    """The game's :class:`~engine.core.board.BoardView`."""

    def render(
        self,
        public: Observation,
        labels: Sequence[str],
        seats: Sequence[Observation] | None = None,
    ) -> str:
        n = public.players_count
        owns = [seats[i] if seats is not None and i < len(seats) else None for i in range(n)]
        heights = [panel_height(public.players[i], owns[i]) for i in range(n)]
        legend = Legend(public)
        shared = SHARED_H + legend.height
        svg = Svg(WIDTH, int(shared + sum(heights) + 4), f"Ark Nova, turn {public.turn}")
        svg.rect(0, 0, WIDTH, shared + sum(heights) + 4, fill="#f4f1e8", class_="table")
        svg.open_group(font_family=FONT, fill=INK)
        names = [labels[i] if i < len(labels) else f"seat {i}" for i in range(n)]
        self._header(svg, public, names)
        self._display(svg, public, 82)
        self._association(svg, public, 172)
        self._projects(svg, public, 242)
        legend.draw(svg, SHARED_H)
        y = float(shared)
        for seat in range(n):
            ZooPanel(svg, public, seat, names[seat]).draw(y, heights[seat], owns[seat])
            y += heights[seat]
        svg.close_group()
        return str(svg)

    def _header(self, svg: Svg, obs: Observation, names: list[str]) -> None:
        if obs.terminal:
            status = "game over"
        elif obs.turn == 0:
            status = "starting draft: each player keeps 4 of 8 cards"
        elif obs.in_break:
            status = "break"
        else:
            status = f"{names[obs.active]} (seat {obs.active}) to play"
        if obs.end_triggered and not obs.terminal:
            status += f" · game end triggered, {max(obs.turns_left, 0)} turns left"
        svg.text(12, 22, f"Ark Nova · turn {obs.turn}", font_size=16, font_weight="bold")
        svg.text(210, 22, status, font_size=13, class_="status")
        if obs.players_count == 1:  # solo: the turn clock instead of the break token
            params = obs.params
            svg.text(WIDTH - 12, 22, f"solo · {params.solo_difficulty}: starting appeal "
                     f"{params.solo_appeal} · won with VP ≥ 0", font_size=11,
                     text_anchor="end", class_="solo-rules")
            self._solo_clock(svg, obs, 12, 38)
        else:
            self._break_track(svg, obs, 12, 38)
        tiles5 = ", ".join(BONUS_TILES.get(t, t) for t in obs.tiles_cp5) or "none"
        tiles8 = ", ".join(BONUS_TILES.get(t, t) for t in obs.tiles_cp8) or "none"
        svg.text(12, 72, f"bonus tiles at CP 5: {tiles5} · at CP 8: {tiles8}", font_size=11,
                 class_="bonus-tiles")
        piles = (f"deck {obs.deck_size} · discard {len(obs.discard)} · final scoring deck "
                 f"{obs.final_deck_size}" + (" · CP 10 reached" if obs.cp10_reached else ""))
        svg.text(WIDTH - 12, 49, piles, font_size=11, text_anchor="end", class_="piles")

    def _break_track(self, svg: Svg, obs: Observation, x: float, y: float) -> None:
        """Spaces 0..length, those passed shaded, the last one red, the token on its space."""
        svg.text(x, y + 11, "break", font_size=11, fill=MUTED)
        step = min(18.0, 300 / max(obs.break_length, 1))
        for k in range(obs.break_length + 1):
            fill = "#e8d9b5" if k <= obs.break_position else "#fff"
            svg.rect(x + 36 + k * step, y, step - 2, 14, rx=2,
                     fill="#d98c8c" if k == obs.break_length else fill, stroke=LINE)
        svg.circle(x + 36 + obs.break_position * step + (step - 2) / 2, y + 7, 5.5, fill=INK,
                   class_="break-token")
        text = f"{obs.break_position}/{obs.break_length}"
        svg.text(x + 44 + (obs.break_length + 1) * step, y + 11,
                 text + (" · break due" if obs.break_due else ""), font_size=11, class_="break")

    def _solo_clock(self, svg: Svg, obs: Observation, x: float, y: float) -> None:
        """The solo tile (spec 17): this round's tokens still to move, then those moved,
        then the spaces of the tokens already put on donation spaces; the red end space
        is the break (or, in the last round, final scoring) when the last token moves."""
        size, left = obs.clock_size, obs.clock_left
        svg.open_group(class_="solo-clock", data_size=size, data_left=left)
        svg.tooltip("The solo turn clock: each turn moves one token off the tile; when this "
                    "round's last token moves, a break follows (final scoring after round 6). "
                    "Filled: tokens still to move; hollow: moved this round; grey: spaces of "
                    "tokens already gone to donation spaces.")
        svg.text(x, y + 13, "turn clock", font_size=11, fill=MUTED)
        step, left_x = 24.0, x + 62
        for k in range(solo.CLOCK_TOKENS):
            cx = left_x + k * step
            svg.rect(cx, y, step - 3, 18, rx=3, fill="#fff" if k < size else "#e6e2d6",
                     stroke=LINE)
            if k < left:
                svg.circle(cx + (step - 3) / 2, y + 9, 6.5, fill=INK, class_="clock-token")
            elif k < size:
                svg.circle(cx + (step - 3) / 2, y + 9, 6.5, fill="#fff", stroke=INK,
                           stroke_width=1.5, class_="clock-token moved")
        end = left_x + solo.CLOCK_TOKENS * step
        svg.rect(end, y, step - 3, 18, rx=3, fill="#d98c8c", stroke=LINE)
        svg.text(end + step + 4, y + 13, self._clock_text(obs), font_size=12,
                 font_weight="bold", class_="clock")
        svg.close_group()

    @staticmethod
    def _clock_text(obs: Observation) -> str:
        size, left = obs.clock_size, obs.clock_left
        rounds = f"round {solo.clock_round(size)}/{solo.ROUNDS}"
        if obs.in_break:
            return f"{rounds} over · break"
        if left == 0:  # the last token of the last round has moved
            return f"{rounds} over · final scoring"
        then = "then final scoring" if size <= solo.LAST_ROUND_TOKENS else "then a break"
        return (f"{rounds} · turn {size - left + 1} of {size} · "
                f"{solo.turns_left(size, left)} turns left · {then}")

    def _display(self, svg: Svg, obs: Observation, y: float) -> None:
        c = obs.cards
        for folder, card_id in enumerate(obs.display):
            x = 12 + folder * (FOLDER_W + 2.4)
            svg.open_group(class_="folder", data_folder=folder + 1, data_card=card_id)
            if card_id < 0:
                svg.rect(x, y, FOLDER_W, FOLDER_H, rx=5, fill="#d9d4c4", stroke="#999")
                face = "face down" if obs.turn == 0 else "empty"
                svg.text(x + FOLDER_W / 2, y + 40, face, font_size=11, fill=MUTED,
                         text_anchor="middle")
            else:
                card = c[card_id]
                svg.tooltip(f"{card.name} ({card_id})")
                svg.rect(x, y, FOLDER_W, FOLDER_H, rx=5, fill=CARD_FILL.get(card.kind, "#fff"),
                         stroke="#8a8f7a")
                svg.text(x + 6, y + 15, fit(card.name, 24), font_size=10.5, font_weight="bold",
                         class_="card-name")
                for i, line in enumerate(card_lines(card)):
                    svg.text(x + 6, y + 30 + i * 13, fit(line, 27), font_size=9.5)
            svg.text(x + FOLDER_W - 5, y + FOLDER_H - 5, folder + 1, font_size=10,
                     text_anchor="end", fill=MUTED)
            svg.close_group()

    def _association(self, svg: Svg, obs: Observation, y: float) -> None:
        svg.text(12, y + 10, "Association", font_size=12, font_weight="bold")
        for task, (value, title) in enumerate(zip(TASK_VALUES, TASK_TITLES, strict=True)):
            x = 12 + task * 140
            svg.open_group(class_="task", data_task=task)
            svg.rect(x, y + 16, 134, 48, rx=5, fill="#fff", stroke="#8a8f7a")
            svg.text(x + 6, y + 30, f"{value} · {title}", font_size=10, font_weight="bold")
            dx = x + 10
            for seat, view in enumerate(obs.players):
                for _ in range(view.workers_on[task]):
                    svg.circle(dx, y + 47, 6, fill=seat_colour(seat), stroke="#fff",
                               class_="worker", data_seat=seat)
                    dx += 14
            svg.close_group()
        x = 580
        zoos = ", ".join(ICON_NAMES[z].capitalize() for z in obs.partner_zoos_available)
        unis = ", ".join(UNIVERSITY_SHORT[u] for u in obs.universities_available)
        costs = DONATION_COSTS.get(obs.players_count, DONATION_COSTS[3])
        nxt = costs[min(obs.donations, len(costs) - 1)]
        svg.text(x, y + 28, fit(f"partner zoos: {zoos or 'none'}", 56), font_size=10,
                 class_="zoos-available")
        svg.text(x, y + 43, fit(f"universities: {unis or 'none'}", 56), font_size=10,
                 class_="universities-available")
        svg.text(x, y + 58, f"donations made {obs.donations} · next costs {nxt}",
                 font_size=10.5, class_="donations")

    def _projects(self, svg: Svg, obs: Observation, y: float) -> None:
        levels = dict(obs.project_levels)
        rows = (("base projects", obs.base_projects), ("conservation projects", obs.project_row))
        for r, (title, cards) in enumerate(rows):
            ty = y + r * (PROJECT_H + 6)
            svg.text(12, ty + 14, title.split()[0], font_size=11, font_weight="bold")
            svg.text(12, ty + 28, "projects", font_size=11, font_weight="bold")
            if not cards:
                svg.text(96, ty + 30, "none yet", font_size=10, fill=MUTED)
            for i, card_id in enumerate(cards):
                self._project(svg, obs.cards[card_id], levels.get(card_id, ()),
                              96 + i * (PROJECT_W + 2), ty)

    def _project(self, svg: Svg, card: Card, owners: Sequence[int], x: float, y: float) -> None:
        svg.open_group(class_="project", data_card=card.id)
        svg.tooltip(f"{card.name}: " + "; ".join(project_levels(card)))
        svg.rect(x, y, PROJECT_W, PROJECT_H, rx=5, fill=CARD_FILL[PROJECT], stroke="#b08b74")
        svg.text(x + 6, y + 14, fit(card.name, 30), font_size=10.5, font_weight="bold")
        labels = project_levels(card)
        w = (PROJECT_W - 8) / max(len(labels), 1)
        for i, label in enumerate(labels):
            owner = owners[i] if i < len(owners) else FREE
            lx = x + 4 + i * w
            blocked = owner == BLOCKED
            svg.rect(lx, y + 20, w - 3, 30, rx=3, fill="#ddd" if blocked else "#fff",
                     stroke=LINE, class_="level blocked" if blocked else "level")
            svg.text(lx + (w - 3) / 2, y + 31, fit(label, 14), font_size=8,
                     text_anchor="middle", fill=MUTED if blocked else INK)
            if owner >= 0:
                svg.rect(lx + (w - 3) / 2 - 6, y + 35, 12, 12, rx=2, fill=seat_colour(owner),
                         class_="supporter", data_seat=owner)
            elif blocked:
                svg.text(lx + (w - 3) / 2, y + 46, "blocked", font_size=8,
                         text_anchor="middle", fill=MUTED)
        svg.close_group()
