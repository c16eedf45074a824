"""The Epic Resort board as SVG: the season and phase, the dock (tourists and heroes),
the attraction draft, the worker piles, the monster deck and the attack in progress,
then each player's resort: flair and gold tracks, slots with their attraction, tourists,
damage, workers and hero.

It reads observations only (see :mod:`engine.core.board`). After the match, each seat's
own observation adds its hand and Phase I plan.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.epic_resort.card_defs import CardSet
from engine.epic_resort.events import card_name
from engine.epic_resort.observation import Observation, SlotView
from engine.epic_resort.state import CAP
from engine.toolkit.svg import Svg

WIDTH = 960
TOP = 150
RESORT_H = 136
SLOT_W, SLOT_H = 176, 112
TRACK_MAX = CAP  # the flair and gold tracks end at the resource cap
PHASES = ("setup", "I · get to work", "II · actions", "III · a ship arrives",
          "IV · hero rewards", "V · clean up", "game over")


def fit(text: str, size: int) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"


def worker_name(cards: CardSet, worker: int) -> str:
    return cards.workers[worker].name


class EpicResortBoard:
    """The game's :class:`~engine.core.board.BoardView`."""

    def render(
        self,
        public: Observation,
        labels: Sequence[str],
        seats: Sequence[Observation] | None = None,
    ) -> str:
        height = TOP + RESORT_H * public.players_count + 10
        svg = Svg(WIDTH, height, f"Epic Resort, season {public.season}")
        svg.rect(0, 0, WIDTH, height, fill="#e8f4f8", class_="table")
        self._supply(svg, public)
        for seat in range(public.players_count):
            label = labels[seat] if seat < len(labels) else f"seat {seat}"
            own = seats[seat] if seats is not None else None
            self._resort(svg, public, seat, label, TOP + RESORT_H * seat, own)
        return str(svg)

    def _supply(self, svg: Svg, obs: Observation) -> None:
        c = obs.cards
        phase = PHASES[obs.phase] if 0 <= obs.phase < len(PHASES) else str(obs.phase)
        svg.text(12, 22, f"Season {obs.season} · phase {phase}", font_weight="bold",
                 font_size=15, class_="season")
        svg.text(12, 40, f"Harbormaster: seat {obs.harbormaster} ({obs.harbormaster_tokens} "
                 f"gold tokens) · turn of seat {obs.turn_seat}", font_size=12)
        svg.text(12, 62, "Dock", font_weight="bold", font_size=12)
        for i, card in enumerate(obs.dock):
            kind = c.main_cards[card][0]
            fill = "#fde9c9" if kind == 1 else "#d9f0d9"
            svg.rect(52 + i * 132, 50, 126, 20, rx=3, fill=fill, stroke="#6b8e9b", class_="dock")
            svg.text(58 + i * 132, 64, fit(card_name(c, card), 20), font_size=11)
        svg.text(12, 92, "Draft", font_weight="bold", font_size=12)
        x = 52
        for tier, available in enumerate(obs.draft_available):
            for attraction in available:
                svg.rect(x, 80, 112, 20, rx=3, fill="#ffffff", stroke="#6b8e9b")
                svg.text(x + 4, 94, fit(f"{'I' * (tier + 1)} {c.attractions[attraction].name}", 18),
                         font_size=11)
                x += 116
        svg.text(12, 122, "Workers", font_weight="bold", font_size=12)
        for i, (worker, count, locked) in enumerate(obs.worker_piles):
            svg.text(80 + i * 160, 122, fit(f"{worker_name(c, worker)} x{count}"
                                            + (" (locked)" if locked else ""), 24), font_size=11)
        svg.text(12, 142, f"Monster deck {len(obs.monster_deck)} · defeated or passed "
                 f"{len(obs.monster_discard)} · main deck {len(obs.main_deck)}", font_size=12)
        if obs.attack is not None:
            a = obs.attack
            monster = c.monsters[c.monster_copies[a.monster][0]]
            svg.rect(520, 128, 430, 20, rx=3, fill="#f4b6b6", stroke="#a33", class_="attack")
            slots = ", ".join(str(t) for t in a.targets) or "-"
            svg.text(526, 142, fit(f"Attack: {monster.name} (strength {monster.strength}) on "
                                   f"seat {a.defender}, slots {slots}", 70), font_size=11)

    def _resort(
        self, svg: Svg, obs: Observation, seat: int, label: str, y: float,
        own: Observation | None,
    ) -> None:
        c = obs.cards
        p = obs.players[seat]
        svg.open_group(class_="resort", data_seat=seat)
        svg.rect(6, y + 4, WIDTH - 12, RESORT_H - 8, rx=8, fill="#ffffff",
                 stroke="#c0392b" if seat == obs.turn_seat and not obs.terminal else "#6b8e9b")
        svg.text(16, y + 24, f"{seat} · {fit(label, 24)}", font_weight="bold", font_size=13)
        svg.text(16, y + 42, f"hand {p.hand_size} · draw {p.draw_size} · discard "
                 f"{len(p.discard)}", font_size=11)
        svg.text(16, y + 92, f"heroes rested {len(p.scored)}" + (" · passed" if p.passed else ""),
                 font_size=11)
        self._track(svg, "flair", p.flair, 16, y + 52, "#e67e22")
        self._track(svg, "gold", p.gold, 16, y + 70, "#d4ac0d")
        for i, slot in enumerate(p.slots):
            self._slot(svg, c, slot, 256 + i * (SLOT_W + 8), y + 12)
        if own is not None:
            hand = ", ".join(worker_name(c, w) for w in own.hand) or "empty"
            svg.text(16, y + 108, fit(f"hand: {hand}", 38), font_size=11, class_="hand")
            plan = own.players[seat].plan
            if plan:
                svg.text(16, y + 120, fit(f"plan: {len(plan)} workers placed", 36), font_size=11)
        svg.close_group()

    def _track(self, svg: Svg, name: str, value: int, x: float, y: float, colour: str) -> None:
        svg.text(x, y + 10, name, font_size=10)
        for k in range(TRACK_MAX + 1):
            svg.rect(x + 34 + k * 12, y, 10, 12, fill=colour if k <= value else "#eee",
                     stroke="#bbb", stroke_width=0.5)
        svg.text(x + 34 + (TRACK_MAX + 1) * 12 + 4, y + 10, value, font_size=10,
                 class_=f"track-{name}")

    def _slot(self, svg: Svg, c: CardSet, slot: SlotView, x: float, y: float) -> None:
        svg.rect(x, y, SLOT_W, SLOT_H, rx=5, fill="#f7fbfc" if slot.stack else "#f0f0f0",
                 stroke="#999" if not slot.locked else "#333",
                 stroke_dasharray=None if slot.stack else "4 3")
        if not slot.stack:
            svg.text(x + SLOT_W / 2, y + SLOT_H / 2, "empty", text_anchor="middle",
                     font_size=11, fill="#888")
            return
        top = c.attractions[slot.stack[-1]]
        svg.text(x + 6, y + 16, fit(top.name, 22), font_weight="bold", font_size=11)
        svg.text(x + SLOT_W - 6, y + 16, f"{top.vp} VP", text_anchor="end", font_size=10)
        for k in range(slot.tourists):
            svg.circle(x + 10 + k * 12, y + 30, 5, fill="#2e86c1", class_="tourist")
        if slot.damage:
            svg.text(x + SLOT_W - 6, y + 34, f"damage {slot.damage}/{top.damage_limit}",
                     text_anchor="end", font_size=10, fill="#a33")
        workers = ", ".join(worker_name(c, w) for w in slot.workers)
        if workers:
            svg.text(x + 6, y + 54, fit(f"workers: {workers}", 30), font_size=10)
        if slot.stranded:
            svg.text(x + 6, y + 68, f"stranded {len(slot.stranded)}", font_size=10)
        if slot.hero >= 0:
            hero = c.heroes[c.main_cards[slot.hero][1]]
            svg.text(x + 6, y + 86, fit(f"hero {hero.name} ({slot.hero_health})", 30),
                     font_size=10, fill="#7d3c98")
        if slot.locked:
            svg.text(x + 6, y + 104, "used", font_size=10, fill="#333")
