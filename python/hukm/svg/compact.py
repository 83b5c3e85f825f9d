"""A :class:`~hukm.svg.scene.Scene` drawn for a narrow or tall screen: a phone's page, the
tall and square frames of a video.

The wide table (:mod:`hukm.svg.paint`, 1280 x 720) scaled to a phone's 390 CSS pixels is
about 0.3 of its size: its words 4 px high. This picture is laid out for the width it
is shown at (:data:`PHONE_WIDTH` units, one unit about one CSS pixel on a phone) and as
tall as it needs, from top to bottom:

* the title and the game's lines (trump, bids, counts ...);
* the other seats as compact badges: the name, the number of cards, the chips (dealer,
  to act ...); a seat whose cards are face up (a god's-eye view, a dummy, Naqsh's public
  cards) gets a panel of its cards instead;
* the felt with the trick in the middle, each seat's cards on its side of the table
  (seat 1 on the right, as on the wide table), numbered in play order, the trump's sign
  in its corner; the cards off the hands (indicator, stock ...) below it;
* the analysis, when there is one;
* the bottom seat's hand, large, along the bottom.

No text is smaller than :data:`SMALLEST` units and no card smaller than its drawn size,
whose index is 13 units: at 390 CSS pixels every word is at least 12 px high. A
``height`` larger than the picture needs stretches the felt (a video frame filled).

The marks are those of the wide table: every card a ``<g class="card">`` with
``data-card``, ``data-seat``, ``data-role`` (and ``data-value``, ``data-best``), a
finished trick in ``<g class="trick-area" data-finished="1" data-winner="seat">``. A
right-to-left picture is the mirror image, as the wide one.

>>> import hukm
>>> from hukm.svg.scene import build
>>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
>>> svg = paint_compact(build(s, viewer=0))
>>> svg.startswith("<svg") and 'viewBox="0 0 400 ' in svg, svg.count('class="card"')
(True, 2)
>>> 'data-cards="2"' in svg and "2 cards" in svg  # the others as badges with their card counts
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..i18n import Translator
from .faces import INDEX_W, defs, glyph_or_emblem, size_of
from .geometry import plan_rows, row_width
from .geometry import Rows
from .paint import ACT, BEST, BG, CHIP_COLOURS, FELT, INK, MUTED, PANEL, SIDES, WIN, card_el, card_row, groups_of, wrap
from .reading import Button, Scene, SeatScene, Special
from .wording import value_num
from .xml import document, el, esc, fit, text, text_width

__all__ = ["paint_compact", "compact_height", "PHONE_WIDTH", "SMALLEST"]

PHONE_WIDTH = 400
"""The width of a phone's picture in units (shown about 390 CSS pixels wide)."""
SMALLEST = 13
"""The smallest type drawn, in units."""
NAME = 15
"""The type of a seat's name."""
PAD = 6
"""The margin around the panels."""

Draw = Callable[[float, float], str]
"""A block drawn at ``(top, extra height)``."""


class _Block:
    """A part of the picture: its height and how to draw it at a top."""

    def __init__(self, height: float, draw: Draw, stretch: bool = False) -> None:
        self.height = height
        self.draw = draw
        self.stretch = stretch


def _flow(tr: Translator, x: float, y: float, width: float, items: list[tuple[str, str]], W: float,
          indent: float = 0.0) -> tuple[str, float]:
    """Chips and notes flowing from ``(x + indent, y)`` within ``width`` (the next lines
    from ``x``): a chip (``kind`` of :data:`~hukm.svg.paint.CHIP_COLOURS`) in its pill, a
    note (``note``, ``count``) as muted text; returns the SVG and the height used (0 when
    there is nothing)."""
    if not items:
        return "", 0.0
    out = []
    cx, cy = x + indent, y
    for label, kind in items:
        plain = kind in ("note", "count")
        w = min(text_width(label, SMALLEST, kind == "act") + (0 if plain else 14), width)
        if cx + w > x + width and cx > x:
            cx, cy = x, cy + 22
        label = fit(label, w - (0 if plain else 12), SMALLEST, kind == "act")
        if plain:
            out.append(text(_fx(tr, cx, 0, W), cy + 15, label, SMALLEST, INK if kind == "count" else MUTED,
                            weight="bold" if kind == "count" else None))
        else:
            bg, fg = CHIP_COLOURS.get(kind, CHIP_COLOURS["role"])
            out.append(el("rect", x=_fx(tr, cx, w, W), y=cy + 1, width=w, height=19, rx=9.5, fill=bg)
                       + text(_fx(tr, cx + w / 2, 0, W), cy + 15, label, SMALLEST, fg, "middle",
                              "bold" if kind == "act" else None))
        cx += w + 6
    return "".join(out), cy - y + 22


def _fx(tr: Translator, x: float, w: float, W: float) -> float:
    """``x`` (a left-to-right left edge of something ``w`` wide) in a picture ``W`` wide,
    mirrored for a right-to-left reader."""
    return W - x - w if tr.rtl else x


def _items(seat: SeatScene, count: Optional[str]) -> list[tuple[str, str]]:
    return ([(count, "count")] if count else []) + [(c.text, c.kind) for c in seat.chips] + [
        (n, "note") for n in seat.notes]


def _frame(tr: Translator, seat: SeatScene, x: float, y: float, w: float, h: float, W: float) -> str:
    """A seat's panel: its box (framed in orange when it is to act) and its side's stripe."""
    out = el("rect", x=_fx(tr, x, w, W), y=y, width=w, height=h, rx=9, fill=PANEL,
             stroke=ACT if seat.to_act else "#cdbf9f", stroke_width=3 if seat.to_act else 1)
    if seat.side is not None:
        out += el("rect", x=_fx(tr, x + 2, 4, W), y=y + 6, width=4, height=max(0.0, h - 12), rx=2,
                  fill=SIDES[seat.side % 2])
    return out


def _name(tr: Translator, seat: SeatScene, x: float, y: float, w: float, W: float) -> str:
    colour = SIDES[seat.side % 2] if seat.side is not None else INK
    return text(_fx(tr, x, 0, W), y + 16, fit(seat.name, w, NAME, True), NAME, colour, weight="bold")


def _value_badge(x: float, y: float, w: float, value: int, best: bool, tr: Translator) -> str:
    return (el("rect", x=x, y=y, width=w, height=18, rx=4, fill=BEST if best else "#6b7280")
            + text(x + w / 2, y + 14, value_num(tr, value), SMALLEST, "#fff", "middle", "bold"))


def _hand_rows(scene: Scene, seat: SeatScene, width: float, scales: tuple[float, ...], max_rows: int
               ) -> tuple[list[list[Optional[str]]], Rows, float]:
    """The seat's groups placed in rows within ``width``: the largest of ``scales`` at
    which every index stays in sight."""
    groups = groups_of(scene, seat)
    w0, _ = size_of(scene.pack.kind)
    plan: Optional[Rows] = None
    for k in scales:
        plan = plan_rows([len(g) for g in groups], width, w0 * k, (INDEX_W + 4) * k, w0 * k * 0.7, 8, max_rows)
        if plan.step >= (INDEX_W + 4) * k:
            return groups, plan, k
    assert plan is not None
    return groups, plan, scales[-1]


def _hand_block(scene: Scene, seat: SeatScene, W: float, scales: tuple[float, ...], max_rows: int,
                count: Optional[str] = None) -> _Block:
    """A seat's panel with its cards in rows (the bottom seat's large, a face-up other
    seat's at their drawn size)."""
    tr = scene.tr
    x, w = PAD, W - 2 * PAD
    head_w = w - 20
    name_w = min(text_width(seat.name, NAME, True), head_w)
    # the chips and notes after the name, on its line and the next ones
    indent = name_w + 10
    _, chips_h = _flow(tr, x + 12, 0, head_w, _items(seat, count), W, indent)
    groups, plan, k = _hand_rows(scene, seat, w - 24, scales, max_rows)
    rows, step = plan.rows, plan.step
    w0, h0 = size_of(scene.pack.kind)
    cw, ch = w0 * k, h0 * k
    valued = any(c in scene.values for g in groups for c in g if c)
    badge = 20 if valued else 0
    row_h = ch + 6 + badge
    head_h = max(24.0, 2 + chips_h)
    height = head_h + len(rows) * row_h + 8

    def draw(top: float, _extra: float) -> str:
        out = [_frame(tr, seat, x, top, w, height, W), _name(tr, seat, x + 12, top + 4, name_w, W)]
        flow, _ = _flow(tr, x + 12, top + 3, head_w, _items(seat, count), W, indent)
        out.append(flow)
        y = top + head_h + badge
        taken = [0] * len(groups)
        bw = min(step - 2, 34)
        for row in rows:
            start = x + 12 + (w - 24 - row_width(row, cw, step, 8)) / 2
            def badge_at(px: float, v: int, best: bool, y: float = y) -> str:
                return _value_badge(px + 1, y - badge, bw, v, best, tr)

            out.append(card_row(scene, groups, taken, row, start, y, step, cw, seat.seat, "hand", 8,
                                lambda x, w: _fx(tr, x, w, W), k, badge_of=badge_at))
            y += row_h
        return "".join(out)

    return _Block(height, draw)


def _badges(scene: Scene, seats: list[SeatScene], W: float) -> list[_Block]:
    """The other seats whose cards are face down, as badges in rows of up to three."""
    tr = scene.tr
    out = []
    per = 3 if len(seats) != 4 else 2
    for start in range(0, len(seats), per):
        row = seats[start:start + per]
        gap = 6
        bw = (W - 2 * PAD - gap * (len(row) - 1)) / len(row)
        flows = [_flow(tr, 0, 0, bw - 18, _items(s, tr.nt("{n} cards", "{n} cards", len(s.cards))), W)[1]
                 for s in row]
        h = 28 + max(flows) + 4

        def draw(top: float, _extra: float, row: list[SeatScene] = row, bw: float = bw, h: float = h) -> str:
            parts = []
            for i, s in enumerate(row):
                x = PAD + i * (bw + gap)
                parts.append(f'<g class="seat badge" data-seat="{s.seat}" data-cards="{len(s.cards)}">')
                parts.append(_frame(tr, s, x, top, bw, h, W))
                parts.append(_name(tr, s, x + 10, top + 4, bw - 16, W))
                flow, _ = _flow(tr, x + 10, top + 26, bw - 18,
                                _items(s, tr.nt("{n} cards", "{n} cards", len(s.cards))), W)
                parts.append(flow + "</g>")
            return "".join(parts)

        out.append(_Block(h, draw))
    return out


def _lines_svg(tr: Translator, x: float, y: float, lines: Sequence[tuple[str, float, str, bool]], step: float,
               W: float) -> tuple[str, float]:
    """Lines of text from baseline ``y``, each ``(words, size, colour, bold)``, ``step``
    apart (a title's 20); returns the SVG and the next baseline."""
    out = []
    for words, size, colour, bold in lines:
        out.append(text(_fx(tr, x, 0, W), y, words, size, colour, weight="bold" if bold else None))
        y += 20 if size > SMALLEST else step
    return "".join(out), y


def _info_block(scene: Scene, W: float) -> _Block:
    """The title and the game's lines."""
    tr = scene.tr
    x, w = PAD, W - 2 * PAD
    title = wrap(scene.title, w - 16, NAME, True)[:2]
    lines = [ln for item in scene.info for ln in wrap(item, w - 16, SMALLEST)]
    height = 10 + 20 * len(title) + 18 * len(lines) + 4

    def draw(top: float, _extra: float) -> str:
        said, _ = _lines_svg(tr, x + 8, top + 20, [(ln, NAME, INK, True) for ln in title]
                             + [(ln, SMALLEST, INK, False) for ln in lines], 18, W)
        return el("rect", x=_fx(tr, x, w, W), y=top, width=w, height=height, rx=9, fill=PANEL,
                  stroke="#cdbf9f") + said

    return _Block(height, draw)


def _trick_caption(scene: Scene, rank: int, s: int) -> tuple[str, str]:
    """A trick card's caption in two short lines: who played it in which order, then
    ``lead`` and ``wins`` where they apply (the wide table's words, ``1. seat 3 · lead``,
    split so that a caption stays as narrow as the cards)."""
    tr = scene.tr
    cap = (tr.t("{n}. seat {seat}", n=rank + 1, seat=tr.num(s)) if scene.trick_ordered
           else tr.t("seat {seat}", seat=tr.num(s)))
    more = ""
    if s == scene.lead_seat:
        more = _marker(tr.t("{caption} · lead", caption="\0"))
    if scene.finished and s == scene.winner:
        more = tr.t("{caption} · wins", caption=more) if more else _marker(tr.t("{caption} · wins", caption="\0"))
    return cap, more


def _marker(said: str) -> str:
    """The word a caption's template adds (``lead`` of ``{caption} · lead``), in the
    template's language."""
    return said.replace("\0", "").strip(" ·،,:-\u060c\u2068\u2069")


def max_w(plans: dict[int, tuple[float, list[list[Optional[str]]], Rows]], w0: float) -> float:
    """The widest row of cards of the seats at the sides of the table."""
    return max([row_width(r, w0, p.step, 4) for a, _, p in plans.values() if abs(math.sin(a)) > 0.5
                for r in p.rows] + [w0])


@dataclass
class _Trick:
    """The trick laid out on a felt ``W`` units wide: each seat's angle round the table,
    its groups of cards in rows and its caption; the seats' distances from the centre
    (``rx``, ``ry``), one seat's block's height, the height of them all and the highest
    seat's place (``high``, the cosine of its angle)."""

    W: float
    plans: dict[int, tuple[float, list[list[Optional[str]]], Rows]]
    caps: dict[int, tuple[str, str]]
    rx: float
    ry: float
    block_h: float
    height: float
    high: float


def _trick_layout(scene: Scene, W: float) -> _Trick:
    tr = scene.tr
    n = max(1, len(scene.seats))
    w0, h0 = size_of(scene.pack.kind)
    by_seat: dict[int, list[Optional[str]]] = {}
    for s, c in scene.trick:
        by_seat.setdefault(s, []).append(c)
    caps = {s: _trick_caption(scene, r, s) for r, s in enumerate(by_seat)}
    widest = tr.t("{n}. seat {seat}", n=tr.num(n), seat=tr.num(n - 1))  # the same all through the hand
    cap_w = max(text_width(widest, SMALLEST, True) + 12, w0 + 8.0)
    rx = max(0.0, W / 2 - PAD - 6 - cap_w / 2)
    # each seat's cards in rows no wider than its side of the felt leaves
    plans = {}
    block_h = h0 + 44.0  # the cards and the caption's two lines
    for s, cards in by_seat.items():
        a = 2 * math.pi * ((s - scene.bottom) % n) / n
        dx = rx * math.sin(a)
        room = max(w0 + 8.0, min(W - 2 * PAD - 16, 2 * (W / 2 - PAD - 8 - abs(dx))))
        groups = groups_of(scene, SeatScene(s, "", cards))
        plan = plan_rows([len(g) for g in groups], room, w0, INDEX_W + 4, w0 * 0.6, 4, 3)
        plans[s] = (a, groups, plan)
        block_h = max(block_h, len(plan.rows) * (h0 + 4) - 4 + 44)
    if n == 2 or (n == 4 and rx - max_w(plans, w0) / 2 >= cap_w / 2 + 2):
        ry = block_h / 2 + 4  # the side seats' cards between the top's and the bottom's captions
    elif n == 3:
        ry = block_h * 0.7
    else:
        ry = block_h + 4 if n == 4 else block_h * 1.5
    # the felt keeps its height through the hand: from the bottom seat's place (cos 1) to
    # the highest of every seat's
    ups = [math.cos(2 * math.pi * r / n) for r in range(n)]
    return _Trick(W, plans, caps, rx, ry, block_h, (max(ups) - min(ups)) * ry + block_h, min(ups))


def _trick_svg(scene: Scene, lay: _Trick, top: float, room: float) -> str:
    """The trick's cards and captions in ``room`` units of height from ``top`` (both in
    the layout's units)."""
    tr, W = scene.tr, lay.W
    w0, h0 = size_of(scene.pack.kind)
    cy = top + (room - lay.height) / 2 + lay.block_h / 2 - lay.high * lay.ry
    cx = W / 2
    out = []
    for s, (a, groups, plan) in lay.plans.items():
        ax, ay = cx + lay.rx * math.sin(a), cy + lay.ry * math.cos(a)
        won = scene.finished and s == scene.winner
        marks = (' data-finished="1"' + (' data-winner="1"' if won else "")) if scene.finished else ""
        rows_h = len(plan.rows) * (h0 + 4) - 4
        y = ay - (rows_h + 42) / 2
        if won:
            bw = max(row_width(r, w0, plan.step, 4) for r in plan.rows)
            out.append(el("rect", x=_fx(tr, ax - bw / 2 - 5, bw + 10, W), y=y - 5, width=bw + 10,
                          height=rows_h + 10, rx=8, fill=WIN, fill_opacity=0.25, stroke=WIN, stroke_width=3))
        taken = [0] * len(groups)
        for row in plan.rows:
            out.append(card_row(scene, groups, taken, row, ax - row_width(row, w0, plan.step, 4) / 2, y, plan.step,
                                w0, s, "trick", 4, lambda x, w: _fx(tr, x, w, W), marks=marks))
            y += h0 + 4
        for line in lay.caps[s]:
            if not line:
                continue
            tw = min(text_width(line, SMALLEST, True) + 12, W - 2 * PAD - 8)
            left_x = min(max(ax - tw / 2, PAD + 4), W - PAD - 4 - tw)
            out.append(el("rect", x=_fx(tr, left_x, tw, W), y=y + 1, width=tw, height=19, rx=9.5,
                          fill=WIN if won else "#123f29", fill_opacity=1 if won else 0.85)
                       + text(_fx(tr, left_x + tw / 2, 0, W), y + 15, fit(line, tw - 8, SMALLEST, True),
                              SMALLEST, FELT if won else "#f4f1e6", "middle", "bold"))
            y += 20
    trick = "".join(out)
    if scene.finished and lay.plans:
        who = "" if scene.winner is None else f' data-winner="{scene.winner}"'
        trick = f'<g class="trick-area" data-finished="1"{who}>' + trick + "</g>"
    return trick


GROW = 1.8
"""How much larger the trick is drawn at most on a felt taller than it needs (a video's
frame filled)."""


def _felt_block(scene: Scene, W: float) -> _Block:
    """The felt: the trump's sign in its corner, the trick in the middle (each seat's
    cards on its side of the table), Naqsh's stock when it lies on the felt. A felt
    stretched taller than it needs draws the trick larger (up to :data:`GROW` times)."""
    tr = scene.tr
    _, h0 = size_of(scene.pack.kind)
    # a game without tricks (Naqsh) has only its stock on the felt
    lay = _trick_layout(scene, W) if not scene.felt_specials else _Trick(W, {}, {}, 0.0, 0.0, 0.0, 0.0, 0.0)
    specials = scene.felt_specials and scene.specials or []
    spec_h = (h0 + 44) if specials else 0
    height = max(90.0, 44 + lay.height + 10 + spec_h)

    def draw(top: float, extra: float) -> str:
        h = height + extra
        out = [el("rect", x=PAD, y=top, width=W - 2 * PAD, height=h, rx=18, fill=FELT, stroke="#14532d",
                  stroke_width=2)]
        if scene.trump is not None:
            y = top + 22
            mx = PAD + 26
            word = tr.pt("term", "trump")
            out.append(text(_fx(tr, mx + 22, 0, W), y + 5, word, SMALLEST, "#e9f5ec")
                       + el("circle", cx=_fx(tr, mx, 0, W), cy=y, r=15, fill="#fff", stroke="#d4a017", stroke_width=2)
                       + glyph_or_emblem(scene.pack, scene.trump,
                                         _fx(tr, mx - 8, 0, W) if scene.pack.kind == "french"
                                         else _fx(tr, mx - 8, 2 * 21 * 0.42, W), y + 7.5, 21, scene.four_colour))
        room = h - 44 - 10 - spec_h
        k = min(GROW, room / lay.height) if lay.height else 1.0
        if k > 1.05 and lay.plans:
            big = _trick_layout(scene, W / k)
            k = min(k, room / big.height)
            out.append(f'<g transform="scale({k:.3f})">' + _trick_svg(scene, big, (top + 44) / k, room / k) + "</g>")
        else:
            out.append(_trick_svg(scene, lay, top + 44, room))
        if specials:
            out.append(_specials(scene, specials, top + h - spec_h - 4, W, "#f4f1e6"))
        return "".join(out)

    return _Block(height, draw, stretch=True)


def _specials(scene: Scene, specials: list[Special], top: float, W: float, ink: str) -> str:
    """Cards and piles off the hands in a row, each with its caption."""
    tr = scene.tr
    w0, h0 = size_of(scene.pack.kind)
    slot = (W - 2 * PAD - 12) / len(specials)
    out = []
    for i, sp in enumerate(specials):
        cx = PAD + 6 + slot * i + slot / 2
        x = cx - w0 / 2
        if sp.count == 0:
            out.append(el("rect", x=_fx(tr, x, w0, W), y=top + 4, width=w0, height=h0, rx=5, fill="none",
                          stroke=MUTED, stroke_dasharray="4 3"))
        elif sp.count is not None:
            for k in range(min(3, sp.count) - 1, -1, -1):
                out.append(card_el(scene, None, sp.seat, sp.role, _fx(tr, x + 3 * k, w0, W), top + 6 - 3 * k))
        else:
            out.append(card_el(scene, sp.card, sp.seat, sp.role, _fx(tr, x, w0, W), top + 4))
        for j, line in enumerate(wrap(sp.caption, slot - 6, SMALLEST)[:2]):
            out.append(text(_fx(tr, cx, 0, W), top + h0 + 22 + 16 * j, line, SMALLEST, ink, "middle"))
    return "".join(out)


def _specials_block(scene: Scene, W: float) -> _Block:
    w0, h0 = size_of(scene.pack.kind)
    height = h0 + 48.0
    tr = scene.tr

    def draw(top: float, _extra: float) -> str:
        return (el("rect", x=_fx(tr, PAD, W - 2 * PAD, W), y=top, width=W - 2 * PAD, height=height, rx=9,
                   fill=PANEL, stroke="#cdbf9f") + _specials(scene, scene.specials, top, W, INK))

    return _Block(height, draw)


def _actions_block(scene: Scene, W: float) -> _Block:
    """The analysis: what is valued, the actions that are not cards with their values."""
    tr = scene.tr
    x, w = PAD, W - 2 * PAD
    note = wrap(scene.analysis_note, w - 16, SMALLEST, True)
    hint = wrap(tr.t("value after each legal action; green: best"), w - 16, SMALLEST) if (
        scene.values or scene.buttons) else []
    places = []
    bx, by = x + 8.0, 0.0
    for b in scene.buttons:
        bw = min(text_width(b.label, SMALLEST) + text_width(value_num(tr, b.value), SMALLEST, True) + 26, w - 16)
        if bx + bw > x + w - 8 and bx > x + 8:
            bx, by = x + 8, by + 30
        places.append((b, bx, by, bw))
        bx += bw + 6
    buttons_h = (by + 30) if places else 0.0
    height = 10 + 18 * (len(note) + len(hint)) + buttons_h + 6

    def draw(top: float, _extra: float) -> str:
        said, y = _lines_svg(tr, x + 8, top + 20, [(ln, SMALLEST, BEST, True) for ln in note]
                             + [(ln, SMALLEST, MUTED, False) for ln in hint], 18, W)
        out = [el("rect", x=_fx(tr, x, w, W), y=top, width=w, height=height, rx=9, fill=PANEL, stroke=BEST), said]
        for b, bx, by, bw in places:
            out.append(_button(b, bx, y - 8 + by, bw, tr, W))
        return "".join(out)

    return _Block(height, draw)


def _button(b: Button, x: float, y: float, w: float, tr: Translator, W: float) -> str:
    """One action with its value, 26 units high, its words :data:`SMALLEST` (``x`` its
    left-to-right place, mirrored for a right-to-left reader)."""
    fill, fg = (BEST, "#fff") if b.best else ("#e5e7eb", INK)
    value = value_num(tr, b.value)
    vw = text_width(value, SMALLEST, True) + 8
    return (f'<g class="action" data-action="{esc(b.action)}" data-value="{b.value}"'
            + (' data-best="1"' if b.best else "") + ">"
            + el("rect", x=_fx(tr, x, w, W), y=y, width=w, height=26, rx=6, fill=fill, stroke="#9ca3af")
            + text(_fx(tr, x + 6, 0, W), y + 18, fit(b.label, w - vw - 10, SMALLEST), SMALLEST, fg)
            + text(_fx(tr, x + w - 6, 0, W), y + 18, value, SMALLEST, fg, "end", "bold") + "</g>")


def _columns(scene: Scene, W: float, columns: int = 1) -> list[list[_Block]]:
    """The blocks of the picture from top to bottom, in one column ``W`` wide, or in two
    of half that: the game's lines and the other seats, then the felt and the hand."""
    n = len(scene.seats)
    bottom = scene.bottom % n if n else 0
    order = [(bottom - k) % n for k in range(1, n)]  # from the left: anticlockwise round the table
    others = [scene.seats[s] for s in order]
    down = [s for s in others if all(c is None for c in s.cards)]
    up = [s for s in others if s not in down]
    cw = W / columns
    first = [_info_block(scene, cw)] + _badges(scene, down, cw) + [_hand_block(scene, s, cw, (1.0,), 4) for s in up]
    second = [_felt_block(scene, cw)]
    if scene.specials and not scene.felt_specials:
        second.append(_specials_block(scene, cw))
    if scene.analysis_note:
        second.append(_actions_block(scene, cw))
    if n:
        second.append(_hand_block(scene, scene.seats[bottom], cw, (1.5, 1.35, 1.2, 1.1, 1.0), 4))
    return [first + second] if columns == 1 else [first, second]


def _height(blocks: list[_Block]) -> float:
    return sum(b.height for b in blocks) + PAD * (len(blocks) + 1)


def compact_height(scene: Scene, width: float = PHONE_WIDTH, columns: int = 1) -> float:
    """The height (units) the picture of ``scene`` needs at ``width`` units (in
    ``columns`` columns, 1 or 2)."""
    return max(_height(c) for c in _columns(scene, width, columns))


def paint_compact(scene: Scene, width: float = PHONE_WIDTH, height: Optional[float] = None,
                  size: Optional[float] = None, columns: int = 1) -> str:
    """The picture of ``scene`` ``width`` units wide: as tall as it needs, or ``height``
    units when that is more (the felt takes the rest); drawn ``size`` pixels wide
    (default ``width``). ``columns=2`` sets the game's lines and the other seats beside
    the felt and the hand (a frame wider than tall), each column half the width, the
    first on the reader's side (the left; the right in a right-to-left language)."""
    cols = _columns(scene, width, columns)
    total = max(max(_height(c) for c in cols), height or 0.0)
    parts = [defs(), el("rect", x=0, y=0, width=width, height=total, fill=BG)]
    for i, blocks in enumerate(cols):
        extra = total - _height(blocks)  # for the felt (a column without one ends early)
        y = float(PAD)
        body = []
        for b in blocks:
            more = extra if b.stretch else 0.0
            body.append(b.draw(y, more))
            y += b.height + more + PAD
        dx = (len(cols) - 1 - i if scene.tr.rtl else i) * width / len(cols)
        parts.append(f'<g transform="translate({dx:g} 0)">' + "".join(body) + "</g>" if dx else "".join(body))
    return document("".join(parts), width, total, size or width, scene.title, scene.tr)
