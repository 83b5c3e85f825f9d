"""Card faces and backs, drawn with simple shapes in a card's own coordinates.

A French card is a ``FRENCH_W`` x ``FRENCH_H`` rectangle; a Ganjifa card a circle of
diameter ``ROUND_D``. Both carry their index (rank, then the suit's glyph or emblem) in a
strip ``INDEX_W`` wide at the left, so that cards overlapping from the left stay readable.
Emblems are small paths written in units of the emblem's radius (see :func:`shape`).

>>> import hukm
>>> from hukm.packs import pack_of
>>> p = pack_of(hukm.game("dashavatara")._game.layout)
>>> "<circle" in face(p, p.by_card["KRA"], trump=True)
True
"""

from __future__ import annotations

import math
from typing import Callable

from ..packs import CardInfo, Pack
from .xml import el, num, text

FRENCH_W, FRENCH_H = 46, 64
ROUND_D = 50
INDEX_W = 22
"""Width of the strip at a card's left that must stay visible (rank and suit)."""

TRUMP_RING = "#d4a017"
TRUMP_TINT = "#fff5cc"


def size_of(kind: str) -> tuple[int, int]:
    """Width and height of a card of kind ``french`` or ``round``."""
    return (FRENCH_W, FRENCH_H) if kind == "french" else (ROUND_D, ROUND_D)


def shape(cx: float, cy: float, r: float, spec: str) -> str:
    """A path's ``d`` from ``spec`` written in units of ``r`` around ``(cx, cy)``.

    Commands ``M L Q C Z`` take points; ``A`` takes ``rx ry rotation large sweep x y``
    (radii scaled, flags kept).

    >>> shape(10, 10, 2, "M -1 0 L 1 0 Z")
    'M8 10L12 10Z'
    """
    out: list[str] = []
    toks = spec.split()
    i = 0
    while i < len(toks):
        cmd = toks[i]
        i += 1
        if cmd == "Z":
            out.append("Z")
            continue
        if cmd == "A":
            rx, ry, rot, large, sweep, x, y = toks[i : i + 7]
            i += 7
            out.append(
                f"A{num(float(rx) * r)} {num(float(ry) * r)} {rot} {large} {sweep} "
                f"{num(cx + float(x) * r)} {num(cy + float(y) * r)}"
            )
            continue
        n = {"M": 1, "L": 1, "Q": 2, "C": 3}[cmd]
        pts = []
        for _ in range(n):
            pts.append(f"{num(cx + float(toks[i]) * r)} {num(cy + float(toks[i + 1]) * r)}")
            i += 2
        out.append(cmd + " ".join(pts))
    return "".join(out)


def _path(cx: float, cy: float, r: float, spec: str, fill: str, **kw: str | float) -> str:
    return el("path", d=shape(cx, cy, r, spec), fill=fill, **kw)


def _star(cx: float, cy: float, r: float, points: int, inner: float) -> str:
    """``d`` of a star of ``points`` points (inner radius ``inner`` x r)."""
    pts = []
    for k in range(2 * points):
        a = math.pi * k / points - math.pi / 2
        rr = r if k % 2 == 0 else r * inner
        pts.append(f"{num(cx + rr * math.cos(a))} {num(cy + rr * math.sin(a))}")
    return "M" + "L".join(pts) + "Z"


Emblem = Callable[[float, float, float, str, str], str]
"""``(cx, cy, r, colour, background) -> SVG``."""


def _ghulam(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("circle", cx=x, cy=y - 0.55 * r, r=0.32 * r, fill=c) + _path(
        x, y, r, "M -0.7 0.95 L -0.35 -0.15 L 0.35 -0.15 L 0.7 0.95 Z", c)


def _taj(x: float, y: float, r: float, c: str, bg: str) -> str:
    return _path(x, y, r, "M -0.95 0.7 L -0.95 -0.55 L -0.45 0.05 L 0 -0.85 L 0.45 0.05 "
                 "L 0.95 -0.55 L 0.95 0.7 Z", c)


def _shamsher(x: float, y: float, r: float, c: str, bg: str) -> str:
    blade = _path(x, y, r, "M -0.2 0.4 Q 0.35 -0.25 -0.05 -0.98 Q 0.7 -0.3 0.18 0.4 Z", c)
    guard = el("rect", x=x - 0.6 * r, y=y + 0.38 * r, width=1.2 * r, height=0.2 * r, fill=c)
    grip = el("rect", x=x - 0.1 * r, y=y + 0.55 * r, width=0.2 * r, height=0.42 * r, fill=c)
    return blade + guard + grip


def _coin(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("circle", cx=x, cy=y, r=0.9 * r, fill=c) + el(
        "rect", x=x - 0.25 * r, y=y - 0.25 * r, width=0.5 * r, height=0.5 * r, fill=bg)


def _coin_ring(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("circle", cx=x, cy=y, r=0.9 * r, fill=c) + el(
        "circle", cx=x, cy=y, r=0.5 * r, fill="none", stroke=bg, stroke_width=0.18 * r)


def _harp(x: float, y: float, r: float, c: str, bg: str) -> str:
    frame = _path(x, y, r, "M -0.7 0.9 L -0.7 -0.9 Q 0.95 -0.75 0.7 0.9 Z", "none",
                  stroke=c, stroke_width=0.22 * r, stroke_linejoin="round")
    strings = "".join(
        el("line", x1=x + dx * r, y1=y - 0.6 * r, x2=x + dx * r, y2=y + 0.85 * r,
           stroke=c, stroke_width=0.1 * r)
        for dx in (-0.25, 0.15)
    )
    return frame + strings


def _scroll(x: float, y: float, r: float, c: str, bg: str) -> str:
    box = el("rect", x=x - 0.65 * r, y=y - 0.9 * r, width=1.3 * r, height=1.8 * r,
             fill=c, rx=0.15 * r)
    lines = "".join(
        el("rect", x=x - 0.42 * r, y=y + dy * r, width=0.84 * r, height=0.14 * r, fill=bg)
        for dy in (-0.55, -0.15, 0.25)
    )
    return box + lines


def _bale(x: float, y: float, r: float, c: str, bg: str) -> str:
    return _path(x, y, r, "M 0 -0.95 L 0.95 0 L 0 0.95 L -0.95 0 Z", c) + _path(
        x, y, r, "M -0.47 -0.47 L 0.47 0.47 M 0.47 -0.47 L -0.47 0.47", "none",
        stroke=bg, stroke_width=0.16 * r)


def _fish(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("ellipse", cx=x - 0.2 * r, cy=y, rx=0.65 * r, ry=0.42 * r, fill=c) + _path(
        x, y, r, "M 0.3 0 L 0.98 -0.5 L 0.98 0.5 Z", c) + el(
        "circle", cx=x - 0.55 * r, cy=y - 0.08 * r, r=0.09 * r, fill=bg)


def _tortoise(x: float, y: float, r: float, c: str, bg: str) -> str:
    shell = _path(x, y, r, "M -0.8 0.35 A 0.8 0.8 0 0 1 0.8 0.35 Z", c)
    head = el("circle", cx=x + 0.85 * r, cy=y + 0.15 * r, r=0.17 * r, fill=c)
    legs = _path(x, y, r, "M -0.6 0.35 L -0.7 0.7 L -0.4 0.7 L -0.35 0.35 Z "
                 "M 0.35 0.35 L 0.4 0.7 L 0.7 0.7 L 0.6 0.35 Z", c)
    return shell + head + legs


def _tusk(x: float, y: float, r: float, c: str, bg: str) -> str:
    return _path(x, y, r, "M -0.55 0.65 A 0.8 0.8 0 0 1 0.7 -0.5 "
                 "A 1.2 1.2 0 0 0 -0.55 0.65 Z", c)


def _mane(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("path", d=_star(x, y, 0.98 * r, 10, 0.62), fill=c) + el(
        "circle", cx=x, cy=y, r=0.36 * r, fill=bg)


def _parasol(x: float, y: float, r: float, c: str, bg: str) -> str:
    canopy = _path(x, y, r, "M -0.95 0 A 0.95 0.8 0 0 1 0.95 0 Z", c)
    stick = _path(x, y, r, "M 0 0 L 0 0.8 Q 0 0.98 -0.22 0.9", "none",
                  stroke=c, stroke_width=0.14 * r)
    return canopy + stick


def _axe(x: float, y: float, r: float, c: str, bg: str) -> str:
    handle = el("line", x1=x - 0.55 * r, y1=y + 0.95 * r, x2=x + 0.2 * r, y2=y - 0.9 * r,
                stroke=c, stroke_width=0.17 * r, stroke_linecap="round")
    blade = _path(x, y, r, "M 0.05 -0.75 Q 1.05 -0.75 0.75 0.2 L -0.2 -0.12 Z", c)
    return handle + blade


def _bow(x: float, y: float, r: float, c: str, bg: str) -> str:
    arc = _path(x, y, r, "M -0.3 -0.95 Q 0.95 0 -0.3 0.95", "none",
                stroke=c, stroke_width=0.16 * r)
    string = el("line", x1=x - 0.3 * r, y1=y - 0.95 * r, x2=x - 0.3 * r, y2=y + 0.95 * r,
                stroke=c, stroke_width=0.07 * r)
    arrow = el("line", x1=x - 0.9 * r, y1=y, x2=x + 0.7 * r, y2=y, stroke=c,
               stroke_width=0.1 * r) + _path(x, y, r, "M 0.98 0 L 0.6 -0.22 L 0.6 0.22 Z", c)
    return arc + string + arrow


def _discus(x: float, y: float, r: float, c: str, bg: str) -> str:
    ring = el("circle", cx=x, cy=y, r=0.75 * r, fill="none", stroke=c, stroke_width=0.25 * r)
    spokes = _path(x, y, r, "M -0.75 0 L 0.75 0 M 0 -0.75 L 0 0.75 M -0.53 -0.53 L 0.53 0.53 "
                   "M 0.53 -0.53 L -0.53 0.53", "none", stroke=c, stroke_width=0.1 * r)
    return ring + spokes + el("circle", cx=x, cy=y, r=0.2 * r, fill=c)


def _lotus(x: float, y: float, r: float, c: str, bg: str) -> str:
    return _path(x, y, r, "M 0 0.7 Q -0.5 -0.15 0 -0.95 Q 0.5 -0.15 0 0.7 Z "
                 "M 0 0.7 Q -1 0.45 -0.9 -0.35 Q -0.25 -0.1 0 0.7 Z "
                 "M 0 0.7 Q 1 0.45 0.9 -0.35 Q 0.25 -0.1 0 0.7 Z", c)


def _horse(x: float, y: float, r: float, c: str, bg: str) -> str:
    return _path(x, y, r, "M -0.45 0.95 L -0.4 -0.1 Q -0.2 -0.7 0.15 -0.85 L 0.2 -1 "
                 "L 0.35 -0.78 Q 0.7 -0.55 0.9 -0.05 L 0.7 0.12 L 0.2 -0.05 L 0.35 0.95 Z", c) + el(
        "circle", cx=x + 0.2 * r, cy=y - 0.5 * r, r=0.09 * r, fill=bg)


def _dot(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("circle", cx=x, cy=y, r=0.8 * r, fill=c)


def _square(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("rect", x=x - 0.7 * r, y=y - 0.7 * r, width=1.4 * r, height=1.4 * r, fill=c)


def _triangle(x: float, y: float, r: float, c: str, bg: str) -> str:
    return _path(x, y, r, "M 0 -0.9 L 0.9 0.75 L -0.9 0.75 Z", c)


def _ring(x: float, y: float, r: float, c: str, bg: str) -> str:
    return el("circle", cx=x, cy=y, r=0.7 * r, fill="none", stroke=c, stroke_width=0.3 * r)


EMBLEMS: dict[str, Emblem] = {
    "ghulam": _ghulam, "taj": _taj, "shamsher": _shamsher, "coin": _coin,
    "coin_ring": _coin_ring, "harp": _harp, "scroll": _scroll, "bale": _bale,
    "fish": _fish, "tortoise": _tortoise, "tusk": _tusk, "mane": _mane,
    "parasol": _parasol, "axe": _axe, "bow": _bow, "discus": _discus, "lotus": _lotus,
    "horse": _horse, "dot": _dot, "square": _square, "triangle": _triangle, "ring": _ring,
}
"""Every emblem by name (the names of :mod:`hukm.packs`' suit tables)."""


def emblem(name: str, cx: float, cy: float, r: float, colour: str, bg: str = "#fff") -> str:
    """Emblem ``name`` in a circle of radius ``r`` at ``(cx, cy)``."""
    return EMBLEMS.get(name, _dot)(cx, cy, r, colour, bg)


def king(cx: float, cy: float, r: float, colour: str) -> str:
    """The King's figure: a crown with three jewelled points on a band."""
    body = _path(cx, cy, r, "M -0.9 0.55 L -1 -0.45 L -0.45 0.05 L 0 -0.75 L 0.45 0.05 "
                 "L 1 -0.45 L 0.9 0.55 Z", "#f2c230", stroke=colour, stroke_width=0.12 * r,
                 stroke_linejoin="round")
    band = el("rect", x=cx - 0.9 * r, y=cy + 0.55 * r, width=1.8 * r, height=0.3 * r,
              fill=colour, rx=0.08 * r)
    jewels = "".join(el("circle", cx=cx + dx * r, cy=cy + dy * r, r=0.13 * r, fill=colour)
                     for dx, dy in ((-1, -0.5), (0, -0.82), (1, -0.5)))
    return body + band + jewels


def vizier(cx: float, cy: float, r: float, colour: str) -> str:
    """The Vizier's figure: a turban (a dome on a wound band) with a plume."""
    dome = _path(cx, cy, r, "M -0.85 0.35 Q -0.95 -0.75 0 -0.8 Q 0.95 -0.75 0.85 0.35 Z",
                 "#ffffff", stroke=colour, stroke_width=0.12 * r)
    band = el("ellipse", cx=cx, cy=cy + 0.45 * r, rx=0.95 * r, ry=0.3 * r, fill=colour)
    wind = _path(cx, cy, r, "M -0.6 -0.3 Q 0 0.05 0.6 -0.45", "none", stroke=colour,
                 stroke_width=0.1 * r)
    plume = _path(cx, cy, r, "M 0.05 -0.8 Q 0.45 -1.25 0.2 -1.5 Q 0.05 -1.1 0.05 -0.8 Z", colour)
    return dome + band + wind + plume


def face(pack: Pack, ci: CardInfo, trump: bool = False, four_colour: bool = False,
         covered: bool = False) -> str:
    """The face of card ``ci`` in the card's own coordinates (origin at its top left).

    ``covered``: the next card hides all but the index strip, so a round card leaves
    out its centre (whose edge would show as stray marks)."""
    st = pack.style(ci.suit, four_colour)
    if pack.kind == "french":
        return _french(ci, st.colour, st.glyph, trump)
    return _round(ci, st.colour, st.tint, st.emblem, trump, covered)


def _french(ci: CardInfo, colour: str, glyph: str, trump: bool) -> str:
    bg = TRUMP_TINT if trump else "#ffffff"
    stroke = TRUMP_RING if trump else "#8a8a8a"
    rank_size = 13 if len(ci.shown) > 1 else 16
    out = [
        el("rect", x=0.5, y=0.5, width=FRENCH_W - 1, height=FRENCH_H - 1, rx=4, fill=bg,
           stroke=stroke, stroke_width=2 if trump else 1),
        text(11, 17, ci.shown, rank_size, colour, "middle", "bold",
             letter_spacing=-1 if len(ci.shown) > 1 else None),
        text(11, 33, glyph, 16, colour, "middle"),
        text(30, 56, glyph, 26, colour, "middle"),
    ]
    return "".join(out)


def _round(ci: CardInfo, colour: str, tint: str, emb: str, trump: bool, covered: bool) -> str:
    c = ROUND_D / 2
    out = [el("circle", cx=c, cy=c, r=c - 1, fill=tint, stroke=TRUMP_RING if trump else colour,
              stroke_width=3.5 if trump else 2)]
    out.append(emblem(emb, 12.5, 13, 5.2, colour, tint))
    rank_size = 13 if len(ci.shown) > 1 else 15
    out.append(text(12.5, 32, ci.shown, rank_size, colour, "middle", "bold",
                    letter_spacing=-1 if len(ci.shown) > 1 else None))
    if trump:
        out.append(el("path", d=_star(12.5, 41, 4.2, 5, 0.45), fill=TRUMP_RING))
    if covered:
        pass
    elif ci.rank == "K":
        out.append(king(33, 22, 8.5, colour) + emblem(emb, 33, 39, 4.5, colour, tint))
    elif ci.rank == "V":
        out.append(vizier(33, 25, 8.5, colour) + emblem(emb, 33, 40, 4, colour, tint))
    else:
        out.append(emblem(emb, 33, 25, 10, colour, tint))
    return "".join(out)


def back(kind: str) -> str:
    """A card's back (the ``hukm-back`` pattern of :func:`defs`)."""
    if kind == "french":
        return el("rect", x=0.5, y=0.5, width=FRENCH_W - 1, height=FRENCH_H - 1, rx=4,
                  fill="url(#hukm-back)", stroke="#223", stroke_width=1) + el(
            "rect", x=4, y=4, width=FRENCH_W - 8, height=FRENCH_H - 8, rx=2, fill="none",
            stroke="#e8e2cf", stroke_width=1.2)
    c = ROUND_D / 2
    return el("circle", cx=c, cy=c, r=c - 1, fill="url(#hukm-back-round)", stroke="#3b1d12",
              stroke_width=1.5) + el("circle", cx=c, cy=c, r=c - 6, fill="none",
                                     stroke="#e8d6a8", stroke_width=1.2)


def defs() -> str:
    """The patterns of the backs, once per picture."""
    return (
        "<defs>"
        '<pattern id="hukm-back" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#2b4c80"/>'
        '<rect width="3" height="6" fill="#3d66a8"/></pattern>'
        '<pattern id="hukm-back-round" width="7" height="7" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(30)"><rect width="7" height="7" fill="#7a2a18"/>'
        '<circle cx="3.5" cy="3.5" r="1.6" fill="#c58b3a"/></pattern>'
        "</defs>"
    )


def glyph_or_emblem(pack: Pack, suit: int, x: float, y: float, size: float,
                    four_colour: bool = False) -> str:
    """A suit's sign for running text: the glyph of a French suit, else its emblem
    (``(x, y)`` is the baseline start; ``size`` the font size)."""
    st = pack.style(suit, four_colour)
    if pack.kind == "french":
        return text(x, y, st.glyph, size, st.colour)
    r = size * 0.42
    return emblem(st.emblem, x + r, y - r * 0.95, r, st.colour, "#ffffff")


__all__ = ["face", "back", "defs", "emblem", "king", "vizier", "size_of", "glyph_or_emblem"]
