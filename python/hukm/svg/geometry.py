"""Where things go on a 1280 x 720 table (16:9; ``size=`` only scales the picture).

Seat 0 sits at the bottom and play goes anticlockwise: seat 1 on seat 0's right (the
right of the picture), as in :mod:`hukm.cli.diagram`. Two seats face each other, three
make a triangle, four a cross, more sit around an oval.

>>> g = table_geometry(4)
>>> [b.x > 640 for b in g.seats]  # seat 1 on the right, seat 3 on the left
[False, True, False, False]
>>> plan_rows([3, 4, 2, 5], width=300, card_w=46, min_step=24, max_step=30, gap=8).rows
[[(0, 3), (1, 4)], [(2, 2), (3, 5)]]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

WIDTH, HEIGHT = 1280, 720


@dataclass(frozen=True)
class Box:
    """A rectangle of the picture."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        """Its centre's x."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """Its centre's y."""
        return self.y + self.h / 2


@dataclass(frozen=True)
class Geometry:
    """The boxes of one table: one per seat, the trick anchors (the centre of each
    seat's cards in the trick), the text panel, the specials (trump indicator, stock)
    and the analysis buttons."""

    seats: list[Box]
    anchors: list[tuple[float, float]]
    trick_w: list[float]
    """How wide each seat's cards in the trick may spread (a multi-card lead)."""
    centre: Box
    info: Box
    specials: Box
    actions: Box


def table_geometry(n: int) -> Geometry:
    """The boxes for ``n`` seats (1 to 8)."""
    if n <= 2:
        seats = [Box(250, 548, 780, 168), Box(250, 4, 780, 168)][:n]
        anchors = [(640.0, 418.0), (640.0, 302.0)][:n]
        return Geometry(seats, anchors, [600.0] * n, Box(330, 180, 620, 360), Box(8, 190, 300, 340),
                        Box(972, 190, 300, 170), Box(972, 365, 300, 175))
    if n == 3:
        seats = [Box(150, 540, 980, 176), Box(648, 4, 628, 236), Box(4, 4, 628, 236)]
        anchors = [(640.0, 460.0), (805.0, 330.0), (475.0, 330.0)]
        return Geometry(seats, anchors, [560.0, 320.0, 320.0], Box(310, 248, 660, 286), Box(6, 250, 292, 284),
                        Box(982, 250, 292, 120), Box(982, 372, 292, 164))
    if n == 4:
        seats = [Box(390, 546, 500, 170), Box(898, 190, 378, 348), Box(390, 4, 500, 170),
                 Box(4, 190, 378, 348)]
        anchors = [(640.0, 432.0), (770.0, 352.0), (640.0, 272.0), (510.0, 352.0)]
        return Geometry(seats, anchors, [300.0, 200.0, 300.0, 200.0], Box(390, 182, 500, 356), Box(6, 6, 376, 178),
                        Box(898, 6, 376, 178), Box(6, 546, 376, 170))
    return _oval(n)


def _oval(n: int) -> Geometry:
    """Five to eight seats around an oval; boxes shrink with ``n``."""
    w, h = (310, 132) if n <= 6 else (272, 124)
    rx, ry = (470, 272) if n <= 6 else (496, 282)
    seats, anchors = [], []
    for k in range(n):
        a = 2 * math.pi * k / n
        sx, sy = math.sin(a), math.cos(a)
        cx = min(max(640 + rx * sx, w / 2 + 4), WIDTH - w / 2 - 4)
        cy = min(max(360 + ry * sy, h / 2 + 4), HEIGHT - h / 2 - 4)
        seats.append(Box(cx - w / 2, cy - h / 2, w, h))
        anchors.append((640 + 150 * sx, 360 + 105 * sy))
    top = min(b.y for b in seats if b.cx < 640 - w / 2) if n > 4 else 180
    return Geometry(seats, anchors, [140.0] * n, Box(640 - 245, 360 - 172, 490, 344),
                    Box(6, 6, 640 - w / 2 - 16, max(90, top - 12)),
                    Box(640 + w / 2 + 10, 6, 640 - w / 2 - 16, max(90, top - 12)),
                    Box(6, HEIGHT - 150, 640 - w / 2 - 16, 144))


@dataclass(frozen=True)
class Rows:
    """Groups of cards placed in rows: ``rows[i]`` lists ``(group index, number of
    cards)`` (a long group may be split over rows), all rows with step ``step``."""

    rows: list[list[tuple[int, int]]]
    step: float


def _chunks(sizes: list[int], cap: int) -> list[tuple[int, int]]:
    """Groups as ``(group, count)`` pieces, none longer than ``cap``."""
    out = []
    for g, k in enumerate(sizes):
        while k > cap:
            out.append((g, cap))
            k -= cap
        if k:
            out.append((g, k))
    return out


def _partition(pieces: list[tuple[int, int]], r: int) -> list[list[tuple[int, int]]]:
    """``pieces`` in order in at most ``r`` rows, minimising the longest row (cards)."""
    n = len(pieces)
    pre = [0]
    for _, k in pieces:
        pre.append(pre[-1] + k)
    best: dict[tuple[int, int], tuple[int, list[int]]] = {}

    def solve(i: int, rows: int) -> tuple[int, list[int]]:
        if i == n:
            return 0, []
        if rows == 1:
            return pre[n] - pre[i], [n]
        key = (i, rows)
        if key in best:
            return best[key]
        res: tuple[int, list[int]] = (pre[n] - pre[i], [n])
        for j in range(i + 1, n):
            sub, cuts = solve(j, rows - 1)
            cost = max(pre[j] - pre[i], sub)
            if cost < res[0]:
                res = (cost, [j] + cuts)
        best[key] = res
        return res

    _, cuts = solve(0, r)
    rows, start = [], 0
    for c in cuts:
        rows.append(pieces[start:c])
        start = c
    return rows


def row_width(row: list[tuple[int, int]], card_w: float, step: float, gap: float) -> float:
    """Width of a row: the last card whole, the others ``step`` apart, ``gap`` more
    between two groups."""
    k = sum(c for _, c in row)
    groups = len({g for g, _ in row})
    return card_w + (k - 1) * step + (groups - 1) * gap if k else 0.0


def plan_rows(
    sizes: list[int],
    width: float,
    card_w: float,
    min_step: float,
    max_step: float,
    gap: float,
    max_rows: int = 4,
) -> Rows:
    """The fewest rows (up to ``max_rows``) in which groups of ``sizes`` cards fit in
    ``width`` with a step of at least ``min_step``; the step is as wide as fits, at most
    ``max_step``. When nothing fits, ``max_rows`` rows with the widest step that fits."""
    total = sum(sizes)
    if total == 0:
        return Rows([], max_step)
    plan: Optional[Rows] = None
    for r in range(1, max_rows + 1):
        cap = max(1, math.ceil(total / r))
        whole = _partition(_chunks(sizes, cap), r)
        split = _even(sizes, r)
        for rows in (whole, split):
            plan = Rows(rows, _step(rows, width, card_w, max_step, gap))
            if plan.step >= min_step:
                return plan
    assert plan is not None
    return plan


def _even(sizes: list[int], r: int) -> list[list[tuple[int, int]]]:
    """The cards in ``r`` rows of (nearly) equal length, groups split where needed."""
    total = sum(sizes)
    cap = math.ceil(total / r)
    rows: list[list[tuple[int, int]]] = [[]]
    room = cap
    for g, k in enumerate(sizes):
        while k:
            if room == 0:
                rows.append([])
                room = cap
            take = min(k, room)
            rows[-1].append((g, take))
            k -= take
            room -= take
    return rows


def _step(rows: list[list[tuple[int, int]]], width: float, card_w: float, max_step: float,
          gap: float) -> float:
    """The widest step (at most ``max_step``) with which every row fits in ``width``."""
    step = max_step
    for row in rows:
        k = sum(c for _, c in row)
        groups = len({g for g, _ in row})
        if k > 1:
            step = min(step, (width - card_w - (groups - 1) * gap) / (k - 1))
    return step
