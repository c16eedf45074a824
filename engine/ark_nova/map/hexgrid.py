"""The zoo-map hex grid (spec 7.1) and building shapes with their rotations (spec 7.2).

Cells are ``(col, row)`` in doubled-row offset coordinates: 9 columns, even columns hold
rows 1, 3, ..., 11 and odd columns rows 0, 2, ..., 12 (58 cells). Internally a cell is an
index 0..57 (column-major) and a set of cells is an ``int`` bit mask, so placement checks
are a few integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass

COLS = 9


def _cells() -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for c in range(COLS):
        rows = range(1, 12, 2) if c % 2 == 0 else range(0, 13, 2)
        out.extend((c, r) for r in rows)
    return tuple(out)


CELLS: tuple[tuple[int, int], ...] = _cells()
N_CELLS = len(CELLS)
INDEX: dict[tuple[int, int], int] = {cr: i for i, cr in enumerate(CELLS)}
NEIGHBOUR_OFFSETS = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))
ALL_MASK = (1 << N_CELLS) - 1


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    return [(col + dc, row + dr) for dc, dr in NEIGHBOUR_OFFSETS if (col + dc, row + dr) in INDEX]


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[n] for n in neighbours(c, r)) for c, r in CELLS)
NEIGHBOUR_MASK: tuple[int, ...] = tuple(
    sum(1 << n for n in ns) for ns in NEIGHBOURS)


def is_border(col: int, row: int) -> bool:
    """Spec 7.1: row <= 1, row >= 11, col 0 or col 8."""
    return row <= 1 or row >= 11 or col in (0, COLS - 1)


BORDER_MASK = sum(1 << i for i, (c, r) in enumerate(CELLS) if is_border(c, r))


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dc = abs(a[0] - b[0])
    dr = abs(a[1] - b[1])
    return dc + max(0, (dr - dc) // 2)


def mask_of(cells: list[int] | tuple[int, ...]) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def neighbourhood(mask: int) -> int:
    """Cells adjacent to some cell of ``mask`` and not in it."""
    m = 0
    for i in cells_of(mask):
        m |= NEIGHBOUR_MASK[i]
    return m & ~mask


# Cells within hex distance 2 of each cell (kiosk spacing, spec 7.3 rule 3).
NEAR2_MASK: tuple[int, ...] = tuple(
    sum(1 << j for j, b in enumerate(CELLS) if distance(a, b) <= 2) for a in CELLS)


def rotate(offset: tuple[int, int], steps: int) -> tuple[int, int]:
    """Rotate a ``(dcol, drow)`` offset by ``steps`` x 60 degrees (spec 7.2)."""
    dc, dr = offset
    q, r = dc, (dr - dc) // 2
    s = -q - r
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return q, 2 * r + q


@dataclass(frozen=True, slots=True)
class Shape:
    """A building footprint: offsets at rotation 0 (anchor first)."""

    name: str
    offsets: tuple[tuple[int, int], ...]

    @property
    def size(self) -> int:
        return len(self.offsets)

    def cells_at(self, anchor: int, rotation: int) -> tuple[int, ...] | None:
        """Covered cell indices with the anchor at ``anchor``; None if off the map."""
        col, row = CELLS[anchor]
        out = []
        for off in self.offsets:
            dc, dr = rotate(off, rotation)
            idx = INDEX.get((col + dc, row + dr))
            if idx is None:
                return None
            out.append(idx)
        return tuple(out)


SHAPES: dict[str, Shape] = {s.name: s for s in (
    Shape("single", ((0, 0),)),
    Shape("pair", ((0, 0), (0, 2))),
    Shape("triangle", ((0, 0), (0, 2), (1, 1))),
    Shape("rhombus", ((0, 0), (0, -2), (1, -1), (1, 1))),
    Shape("enclosure5", ((0, 0), (-1, -1), (-1, 1), (0, -2), (0, 2))),
    Shape("petting_zoo", ((0, 0), (0, 2), (1, -1))),
    Shape("reptile_house", ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))),
    Shape("aviary", ((0, 0), (-1, -1), (-1, 1), (0, 2), (1, -1))),
    Shape("rhesus", ((0, 0), (-1, -1), (0, 2), (0, 4))),
    Shape("meerkat", ((0, 0), (-1, 1), (1, 1))),
    Shape("owl", ((0, 0), (0, -2), (0, 2))),
    Shape("sea_turtle", ((0, 0), (-1, 1), (0, -2), (1, 1))),
    Shape("okapi", ((0, 0), (-1, 1), (-2, 0), (1, 1))),
    Shape("penguin", ((0, 0), (-1, -1), (1, -1), (1, 1))),
    Shape("aquarium", ((0, 0), (-1, 1), (1, 1), (1, 3))),
    Shape("polar_bear", ((0, 0), (-1, 1), (1, 1), (2, 0))),
    Shape("hyena", ((0, 0), (0, 2), (0, 4), (1, -1))),
    Shape("baboon", ((0, 0), (-1, 1), (0, -2), (0, 2))),
    Shape("side_pair", ((0, 0), (1, 1))),
    Shape("cable_car", ((0, 0), (0, -2), (0, 2), (0, 4))),
)}


@dataclass(frozen=True, slots=True)
class Placement:
    """One distinct way to put a shape on the map (its canonical anchor and rotation)."""

    mask: int
    anchor: int
    rotation: int
    cells: tuple[int, ...]
    around: int  # cells adjacent to the footprint, outside it
    border_cells: int  # how many covered cells are border cells


def placements(shape: Shape) -> tuple[Placement, ...]:
    """Every distinct footprint of ``shape`` on the grid, in (anchor, rotation) order.

    Two (anchor, rotation) pairs that cover the same cells are one placement; the first
    pair found is its canonical name, so each footprint is offered exactly once.
    """
    seen: set[int] = set()
    out = []
    for anchor in range(N_CELLS):
        for rot in range(6):
            cells = shape.cells_at(anchor, rot)
            if cells is None:
                continue
            mask = mask_of(cells)
            if mask in seen:
                continue
            seen.add(mask)
            out.append(Placement(mask, anchor, rot, cells, neighbourhood(mask),
                                 (mask & BORDER_MASK).bit_count()))
    return tuple(out)


def distinct_rotations(shape: Shape) -> int:
    """How many different footprints (up to translation) the rotations give."""
    forms = set()
    for rot in range(6):
        offs = sorted(rotate(o, rot) for o in shape.offsets)
        base = offs[0]
        forms.add(tuple((c - base[0], r - base[1]) for c, r in offs))
    return len(forms)
