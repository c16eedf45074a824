"""Helpers shared by the per-sponsor tests: fire an icon, run break income, read the
end-of-game points of a zoo."""

from __future__ import annotations

from engine.ark_nova.rules import breaks, endgame, icons
from engine.ark_nova.rules.metrics import kiosk_income
from engine.ark_nova.rules.scoring import appeal_income
from engine.toolkit import flow
from tests.ark_nova.cardscene import Scene
from tests.ark_nova.helpers import push


def fire_icon(sc: Scene, seat: int, icon: int, count: int = 1) -> None:
    """An icon is played into ``seat``'s zoo; its triggers resolve."""
    vec = [0] * 15
    vec[icon] = count
    sc.s.steps.clear()
    icons.schedule_triples(sc.s, icons.add_icons(sc.s, seat, vec))
    flow.advance(sc.s)
    sc.answer()


def income(sc: Scene) -> int:
    """Run the seat's break income; return the money beyond appeal and kiosk income."""
    p = sc.p
    base = appeal_income(p.appeal) + kiosk_income(p)
    before = p.money
    push(sc.s, breaks.Income(sc.me))
    sc.answer()
    return p.money - before - base


def end_cp_appeal(sc: Scene) -> tuple[int, int]:
    p = sc.p
    finals, p.finals = p.finals, []
    cp, appeal, _ = endgame.end_points(sc.s, sc.me)
    p.finals = finals
    return cp, appeal


def add_icons_raw(sc: Scene, icon: int, n: int) -> None:
    sc.p.icons[icon] += n


