"""A small SVG builder for a game's board view (:class:`~engine.core.board.BoardView`).

:class:`Svg` escapes every text and attribute it writes; :func:`text_width` and
:func:`wrap` fit labels into boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape, quoteattr


@lru_cache(maxsize=4096)
def _quoted(value: str) -> str:
    return quoteattr(value)  # colours, classes and sizes repeat: escape each once


@lru_cache(maxsize=256)
def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def _attrs(attrs: dict[str, Any]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        parts.append(f" {_attr_name(key)}={_quoted(str(value))}")
    return "".join(parts)


# A generous average advance of a character of the sans fonts boards use, in ems: text
# fitted with it stays inside its box in Chromium's DejaVu Sans (bold included).
CHAR_EM = 0.62


def text_width(text: str, font_size: float) -> float:
    """An upper estimate of ``text``'s drawn width at ``font_size``."""
    return len(text) * font_size * CHAR_EM


def wrap(text: str, width: float, font_size: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (by
    :func:`text_width`); a word longer than a line is cut with an ellipsis."""
    limit = max(1, int(width / (font_size * CHAR_EM)))
    lines: list[str] = []
    for word in text.split():
        if len(word) > limit:
            word = word[: limit - 1] + "…"
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


class Svg:
    """An SVG document built element by element; ``str(svg)`` is the markup."""

    def __init__(self, width: int, height: int, title: str = "", css_class: str = "board") -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
            f'{_attrs({"class_": css_class, "role": "img", "aria_label": title or None})}>'
        ]
        if title:
            self._parts.append(f"<title>{escape(title)}</title>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        self._parts.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"'
                           f"{_attrs(attrs)}/>")

    def circle(self, cx: float, cy: float, r: float, **attrs: Any) -> None:
        self._parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}"{_attrs(attrs)}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self._parts.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"{_attrs(attrs)}/>'
        )

    def polyline(self, points: Sequence[tuple[float, float]], **attrs: Any) -> None:
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self._parts.append(f'<polyline points="{coords}"{_attrs(attrs)}/>')

    def polygon(self, points: Sequence[tuple[float, float]], **attrs: Any) -> None:
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self._parts.append(f'<polygon points="{coords}"{_attrs(attrs)}/>')

    def path(self, d: str, **attrs: Any) -> None:
        self._parts.append(f"<path d={_quoted(d)}{_attrs(attrs)}/>")

    def tooltip(self, content: object) -> None:
        """A ``<title>`` for the enclosing group: the browser shows it on hover."""
        self._parts.append(f"<title>{escape(str(content))}</title>")

    def text(self, x: float, y: float, content: object, **attrs: Any) -> None:
        self._parts.append(
            f'<text x="{x:g}" y="{y:g}"{_attrs(attrs)}>{escape(str(content))}</text>'
        )

    def open_group(self, **attrs: Any) -> None:
        self._parts.append(f"<g{_attrs(attrs)}>")

    def close_group(self) -> None:
        self._parts.append("</g>")

    def __str__(self) -> str:
        return "".join(self._parts) + "</svg>"
