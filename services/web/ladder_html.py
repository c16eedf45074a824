"""The ladder table's rows as HTML, written directly rather than through the template.

The home page shows 20 rows of each ladder and ``/ladders/GAME`` 100; through a Jinja
loop (an attribute lookup, an escape and a filter call per cell) the 100 rows took about
13 ms of the page's 20 under load. Here each row's markup around its rank and up to its
last-active cell is kept, keyed by the figures it shows (a move of the ladder changes
few rows' figures, though many rows' ranks), so a row costs a lookup, its rank and its
age. The markup is the one the
template made: names escaped, the rating to one decimal, the skill as mu ± 3 sigma with
a mark on a provisional bot, wins as tie shares, last activity as an age.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from markupsafe import Markup, escape

from services.ladder.skill import PROVISIONAL_SIGMA

KEPT_ROWS = 1 << 14  # kept row prefixes; emptied when full (a page needs at most 100)
_ROW_END = "</td></tr>\n"
_PROVISIONAL = (f' <abbr class="provisional" title="provisional: \u03c3 \u2265 '
                f'{PROVISIONAL_SIGMA:g}, too few games to trust the rating yet">?</abbr>')
_kept: dict[tuple[Any, ...], tuple[str, str]] = {}


def _row_parts(row: dict[str, Any], share: Callable[[float], str]) -> tuple[str, str]:
    """The row's markup before its rank and from its rank to its last-active cell."""
    bot = str(escape(row["bot"]))
    return (f'<tr data-bot="{bot}"><td class="num">',
            f'</td><td class="bot"><a href="/bots/{bot}">{bot}</a></td>'
            f'<td class="num rating">{float(row["rating"]):.1f}</td>'
            f'<td class="num skill">{float(row["mu"]):.1f} ± {3 * float(row["sigma"]):.1f}'
            f'{_PROVISIONAL if row["provisional"] else ""}</td>'
            f'<td class="num games">{int(row["games"])}</td>'
            f'<td class="num wins">{share(row["wins"])}</td><td class="when">')


def ladder_rows_html(
    rows: Iterable[dict[str, Any]], share: Callable[[float], str],
    ago: Callable[[float | None], str],
) -> Markup:
    """``<tr>`` elements for ladder rows (``rank, bot, rating, mu, sigma, provisional,
    games, wins, last_active``); ``share`` and ``ago`` are the site's filters of the
    same names (their text, digits and words, needs no escaping)."""
    parts: list[str] = []
    for row in rows:
        key = (row["bot"], row["rating"], row["mu"], row["sigma"], row["provisional"],
               row["games"], row["wins"])
        kept = _kept.get(key)
        if kept is None:
            if len(_kept) >= KEPT_ROWS:
                _kept.clear()
            kept = _kept[key] = _row_parts(row, share)
        parts += (kept[0], str(int(row["rank"])), kept[1], ago(row["last_active"]), _ROW_END)
    return Markup("".join(parts))
