"""A :class:`~hukm.svg.scene.Scene` drawn as SVG text.

A picture in a right-to-left language (Persian, Urdu, Arabic) is the mirror image of
the left-to-right one: every box and card is placed at ``x -> 1280 - x`` of its
left-to-right place, so seat 1 (on the bottom seat's right, the next to play) is drawn
on the left and play runs clockwise on the picture, the way a right-to-left reader's
eye moves; a hand is laid out from right to left (its first card at the right), each
card on top of the one to its left so that every index stays in sight; the text keeps
its ``text-anchor`` (``start`` and ``end`` follow the writing direction, the root
``<svg>`` saying ``direction="rtl"``), so lines start at the right edge of their
panels. Card faces are not mirrored. ``data-seat`` and ``data-card`` are the same in
every language.

Every card is one ``<g class="card">`` carrying ``data-card`` (face up only),
``data-seat`` and ``data-role`` (``hand``, ``trick``, ``indicator``, ``trump_card``,
``drawn``, ``stock``, ``line``), and with analysis ``data-value`` / ``data-best``.

>>> import hukm
>>> from hukm.svg.scene import build
>>> s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
>>> svg = paint(build(s))
>>> svg.count('class="card"'), 'data-card="AS" data-seat="0"' in svg
(8, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Optional

from .faces import INDEX_W, back, defs, face, glyph_or_emblem, size_of
from .geometry import HEIGHT, WIDTH, Box, Geometry, Rows, plan_rows, row_width, table_geometry
from ..i18n import Translator
from ..packs import Pack
from .scene import Button, Scene, SeatScene
from .wording import EN, value_num
from .xml import FONT, document, el, esc, fit, num, text, text_width

BG = "#efe9dc"
FELT = "#1f6b45"
PANEL = "#fbf8f1"
INK = "#222"
MUTED = "#5b5b5b"
ACT = "#e07b00"
BEST = "#15803d"
WIN = "#ffffff"
"""The frame of a finished trick's winning cards (white on the felt, apart from the
trump cards' gold)."""
SIDES = ("#2563eb", "#c2410c")
CHIP_COLOURS = {
    "role": ("#ece4d2", "#4a3b1c"),
    "act": (ACT, "#ffffff"),
    "lead": ("#d6e9ff", "#1d4e89"),
    "bad": ("#fde2e2", "#9b1c1c"),
    "side": ("#e4f2e7", "#1e5b32"),
    "you": ("#ede9fe", "#5b21b6"),
}
"""Chip kind -> (background, text)."""

_FACES: dict[tuple[int, str, bool, bool, bool], str] = {}


def card_face(pack: Pack, card: str, trump: bool, four_colour: bool, covered: bool) -> str:
    """The face of ``card`` (made once per pack, card and flags)."""
    key = (id(pack), card, trump, four_colour, covered)
    f = _FACES.get(key)
    if f is None:
        f = _FACES[key] = face(pack, pack.by_card[card], trump, four_colour, covered)
    return f


def card_el(
    scene: Scene,
    card: Optional[str],
    seat: Optional[int],
    role: str,
    x: float,
    y: float,
    value: Optional[int] = None,
    best: bool = False,
    covered: bool = False,
    scale: float = 1.0,
    marks: str = "",
) -> str:
    """One card (``card=None``: face down) at ``(x, y)``, its top left corner;
    ``covered`` when the next card hides all but its index strip; ``marks`` are more
    ``data-*`` attributes (a finished trick's ``data-finished`` and ``data-winner``)."""
    pack = scene.pack
    seat_attr = ("" if seat is None else f' data-seat="{seat}"') + marks

    pos = f'transform="translate({num(x)} {num(y)})' + (f' scale({scale:g})"' if scale != 1 else '"')
    if scene.tr.lang != "en":  # faces as in English, whatever the language's fonts
        pos += f' font-family="{FONT}" direction="ltr"'
    if card is None or not pack.is_card(card):
        return f'<g class="card back"{seat_attr} data-role="{role}" {pos}>{back(pack.kind)}</g>'
    trump = scene.trump is not None and pack.by_card[card].suit == scene.trump
    body = card_face(pack, card, trump, scene.four_colour, covered)
    extra = ""
    if value is not None:
        extra = f' data-value="{value}"' + (' data-best="1"' if best else "")
        if best:
            w, h = size_of(pack.kind)
            body += (el("rect", x=-1.5, y=-1.5, width=w + 3, height=h + 3, rx=6, fill="none",
                        stroke=BEST, stroke_width=3) if pack.kind == "french" else
                     el("circle", cx=w / 2, cy=h / 2, r=w / 2 + 1.5, fill="none", stroke=BEST,
                        stroke_width=3))
    return (f'<g class="card" data-card="{esc(card)}"{seat_attr} data-role="{role}"{extra} '
            f"{pos}>{body}</g>")


def fx(tr: Translator, x: float, w: float = 0.0, width: float = WIDTH) -> float:
    """Where something ``w`` wide whose left-to-right left edge is ``x`` goes: the same
    place, or its mirror image in a picture ``width`` wide for a right-to-left reader.

    >>> from hukm.i18n import translator
    >>> fx(translator("en"), 10, 50), fx(translator("fa"), 10, 50)
    (10, 1220)
    """
    return width - x - w if tr.rtl else x


def badge(x: float, y: float, w: float, value: int, best: bool, tr: Translator = EN) -> str:
    """A value badge ``w`` wide whose top left is ``(x, y)``."""
    return (el("rect", x=x, y=y, width=w, height=15, rx=4, fill=BEST if best else "#6b7280")
            + text(x + w / 2, y + 11.5, value_num(tr, value), 11, "#fff", "middle", "bold"))


def chips_row(x: float, y: float, width: float, seat: SeatScene, tr: Translator = EN) -> tuple[str, float]:
    """The seat's name, chips and notes flowing from ``(x, y)`` (top, left to right;
    mirrored for a right-to-left language); returns the SVG and the height used."""
    out = []
    colour = SIDES[seat.side % 2] if seat.side is not None else INK
    name_w = text_width(seat.name, 14, True)
    out.append(text(fx(tr, x), y + 15, fit(seat.name, width, 14, True), 14, colour, weight="bold"))
    cx, cy = x + min(name_w, width) + 8, y
    items = [(c.text, c.kind) for c in seat.chips] + [(n, "note") for n in seat.notes]
    for label, kind in items:
        w = text_width(label, 11) + (0 if kind == "note" else 12)
        if cx + w > x + width:
            cx, cy = x, cy + 20
        if kind == "note":
            out.append(text(fx(tr, cx), cy + 14, label, 12, MUTED))
        else:
            bg, fg = CHIP_COLOURS.get(kind, CHIP_COLOURS["role"])
            out.append(el("rect", x=fx(tr, cx, w), y=cy + 2, width=w, height=16, rx=8, fill=bg)
                       + text(fx(tr, cx + w / 2), cy + 14, label, 11, fg, "middle",
                              "bold" if kind == "act" else None))
        cx += w + 6
    return "".join(out), cy - y + 22


def groups_of(scene: Scene, seat: SeatScene) -> list[list[Optional[str]]]:
    """A seat's cards in groups: one per suit in the order held, the face-down cards
    last (Naqsh: one group in the order received)."""
    if not seat.grouped:
        return [list(seat.cards)] if seat.cards else []
    groups: list[list[Optional[str]]] = []
    last: Optional[int] = None
    down: list[Optional[str]] = []
    for c in seat.cards:
        if c is None or not scene.pack.is_card(c):
            down.append(None)
            continue
        s = scene.pack.by_card[c].suit
        if s != last:
            groups.append([])
            last = s
        groups[-1].append(c)
    if down:
        groups.append(down)
    return groups


@dataclass
class HandPlan:
    """A seat's hand placed in its box: the groups, their rows, where the first row's
    top is, the row height and the cards' scale."""

    groups: list[list[Optional[str]]]
    rows: Rows
    top: float
    row_h: float
    scale: float
    fits: bool


BADGE_H = 17
"""Room above a row for the value badges."""


def hand_plan(scene: Scene, seat: SeatScene, box: Box, head_h: float, scale: float) -> HandPlan:
    """Rows for ``seat``'s hand in ``box`` below a header ``head_h`` tall, cards drawn
    ``scale`` times their size; ``fits`` when every index strip stays readable."""
    w0, h0 = size_of(scene.pack.kind)
    cw, ch = w0 * scale, h0 * scale
    groups = groups_of(scene, seat)
    valued = any(c in scene.values for g in groups for c in g if c)
    badge = BADGE_H if valued else 0
    row_h = ch + 6 + badge
    top = box.y + head_h + 6
    avail = box.y + box.h - 6 - top
    max_rows = max(1, int((avail + 6) // row_h))
    min_step = (INDEX_W + 4) * scale
    rows = plan_rows([len(g) for g in groups], box.w - 24, cw, min_step, cw * 0.66, 8, max_rows)
    used = len(rows.rows) * row_h - 6
    first = top + badge + max(0.0, (avail - used) / 2)
    fits = rows.step >= min_step and used <= avail + 0.5
    return HandPlan(groups, rows, first, row_h, scale, fits)


def table_scale(scene: Scene, geo: Geometry, heads: list[float]) -> float:
    """The largest card scale (1 to 1.35) at which every hand fits its box."""
    for scale in (1.35, 1.25, 1.15, 1.05):
        if all(hand_plan(scene, seat, box, h, scale).fits
               for seat, box, h in zip(scene.seats, geo.seats, heads)):
            return scale
    return 1.0


def card_row(scene: Scene, groups: list[list[Optional[str]]], taken: list[int], row: list[tuple[int, int]],
             x: float, y: float, step: float, cw: float, seat: int, role: str, gap: float,
             place: Callable[[float, float], float], scale: float = 1.0, marks: str = "",
             badge_of: Optional[Callable[[float, int, bool], str]] = None) -> str:
    """One row of a seat's cards from ``x`` (its left-to-right start; ``place(x, w)`` is
    where a card ``w`` wide whose left edge is ``x`` goes, mirrored for a right-to-left
    reader), ``step`` apart and ``gap`` more between two groups, each card but the last
    covered by the next (from the right in a right-to-left picture); ``taken`` counts
    the cards of each group already drawn. With ``badge_of`` each valued card gets its
    value's badge (``badge_of(card's x, value, best)``)."""
    tr = scene.tr
    pre: list[str] = []
    cards: list[str] = []
    prev: Optional[int] = None
    left = sum(k for _, k in row)
    for g, k in row:
        if prev is not None and g != prev:
            x += gap
        for _ in range(k):
            left -= 1
            card = groups[g][taken[g]]
            taken[g] += 1
            value = scene.values.get(card) if card and badge_of is not None else None
            best = card in scene.best if card and badge_of is not None else False
            px = place(x, cw)
            if value is not None and badge_of is not None:
                (pre if tr.rtl else cards).append(badge_of(px, value, best))
            covered = (len(cards) > 0) if tr.rtl else left > 0
            cards.append(card_el(scene, card, seat, role, px, y, value, best, covered, scale, marks))
            x += step
        prev = g
    return "".join(pre) + "".join(reversed(cards) if tr.rtl else cards)


def seat_panel(scene: Scene, seat: SeatScene, box: Box, head: tuple[str, float], scale: float) -> str:
    """A seat's panel: header, then the hand in rows of overlapping cards (from right to
    left in a right-to-left language, each card on the one to its left)."""
    tr = scene.tr
    out = [el("rect", x=fx(tr, box.x, box.w), y=box.y, width=box.w, height=box.h, rx=10, fill=PANEL,
              stroke=ACT if seat.to_act else "#cdbf9f", stroke_width=3 if seat.to_act else 1)]
    if seat.side is not None:
        out.append(el("rect", x=fx(tr, box.x + 1.5, 4), y=box.y + 8, width=4, height=box.h - 16, rx=2,
                      fill=SIDES[seat.side % 2]))
    out.append(head[0])
    plan = hand_plan(scene, seat, box, head[1], scale)
    groups, step = plan.groups, plan.rows.step
    cw = size_of(scene.pack.kind)[0] * scale
    taken = [0] * len(groups)
    bw = min(step - 2, 30)
    y = plan.top
    for row in plan.rows.rows:
        def badge_at(px: float, v: int, best: bool, y: float = y) -> str:
            return badge(px + 1, y - BADGE_H, bw, v, best, tr)

        out.append(card_row(scene, groups, taken, row, box.x + 12, y, step, cw, seat.seat, "hand", 8,
                            lambda x, w: fx(tr, x, w), scale, badge_of=badge_at))
        y += plan.row_h
    return "".join(out)


def trick_area(scene: Scene, geo: Geometry, scale: float) -> str:
    """The trick on the felt: each seat's cards near that seat (a long multi-card lead
    in rows, grouped by suit), numbered in play order. A finished trick has every card
    marked ``data-finished="1"`` and its winner's cards framed in white and marked
    ``data-winner="1"``; it is wrapped in ``<g class="trick-area" data-finished="1"
    data-winner="seat">``."""
    if not scene.trick:
        return ""
    tr = scene.tr
    by_seat: dict[int, list[Optional[str]]] = {}
    for s, c in scene.trick:
        by_seat.setdefault(s, []).append(c)
    out = []
    for rank, s in enumerate(by_seat):
        if s >= len(geo.anchors):
            continue
        ax, ay = geo.anchors[s]
        seat = SeatScene(s, "", by_seat[s])
        groups = groups_of(scene, seat)
        sizes = [len(g) for g in groups]
        for k in (scale, 1.0):
            w0, h0 = size_of(scene.pack.kind)
            cw, ch = w0 * k, h0 * k
            plan = plan_rows(sizes, geo.trick_w[s], cw, (INDEX_W + 4) * k, cw * 0.6, 4, 3)
            if plan.step >= (INDEX_W + 4) * k:
                break
        block_h = len(plan.rows) * (ch + 4) - 4
        y = ay - ch / 2 - 6 - (block_h - ch) / 2
        won = scene.finished and s == scene.winner
        marks = (' data-finished="1"' + (' data-winner="1"' if won else "")) if scene.finished else ""
        if won:
            bw = max(row_width(r, cw, plan.step, 4) for r in plan.rows)
            out.append(el("rect", x=fx(tr, ax - bw / 2 - 6, bw + 12), y=y - 6, width=bw + 12, height=block_h + 12,
                          rx=9, fill=WIN, fill_opacity=0.25, stroke=WIN, stroke_width=4))
        taken = [0] * len(groups)
        for row in plan.rows:
            out.append(card_row(scene, groups, taken, row, ax - row_width(row, cw, plan.step, 4) / 2, y, plan.step,
                                cw, s, "trick", 4, lambda x, w: fx(tr, x, w), k, marks))
            y += ch + 4
        cap = (tr.t("{n}. seat {seat}", n=rank + 1, seat=tr.num(s)) if scene.trick_ordered
               else tr.t("seat {seat}", seat=tr.num(s)))
        if s == scene.lead_seat:
            cap = tr.t("{caption} · lead", caption=cap)
        if won:
            cap = tr.t("{caption} · wins", caption=cap)
        cw_ = text_width(cap, 11.5, True) + 10
        out.append(el("rect", x=fx(tr, ax - cw_ / 2, cw_), y=y - 2, width=cw_, height=16, rx=8,
                      fill=WIN if won else "#123f29", fill_opacity=1 if won else 0.85)
                   + text(fx(tr, ax), y + 10, cap, 11.5, FELT if won else "#f4f1e6", "middle", "bold"))
    if not scene.finished:
        return "".join(out)
    who = "" if scene.winner is None else f' data-winner="{scene.winner}"'
    return f'<g class="trick-area" data-finished="1"{who}>' + "".join(out) + "</g>"


def wrap(s: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``s`` in lines no wider than ``width`` (words kept whole when they fit)."""
    words, lines, cur = s.split(" "), [], ""
    for w in words:
        cand = w if not cur else cur + " " + w
        if text_width(cand, size, bold) <= width or not cur:
            cur = cand
        else:
            lines.append(cur)
            cur = "  " + w
    if cur:
        lines.append(cur)
    return [fit(x, width, size, bold) for x in lines]


def info_panel(scene: Scene, box: Box) -> str:
    """The title and the game's lines (trump, bids, scores ...)."""
    tr = scene.tr
    out = [el("rect", x=fx(tr, box.x, box.w), y=box.y, width=box.w, height=box.h, rx=10, fill=PANEL,
              stroke="#cdbf9f")]
    y = box.y + 20
    for line in wrap(scene.title, box.w - 20, 14)[:2]:
        out.append(text(fx(tr, box.x + 10), y, line, 14, INK, weight="bold"))
        y += 18
    y += 2
    for item in scene.info:
        for line in wrap(item, box.w - 20, 12.5):
            if y > box.y + box.h - 6:
                break
            out.append(text(fx(tr, box.x + 10), y, line, 12.5, INK))
            y += 16.5
    return "".join(out)


def specials_panel(scene: Scene, box: Box, scale: float, framed: bool = True) -> str:
    """Cards and piles off the hands (indicator, trump card, drawn card, stock), each
    with its caption; ``framed=False`` draws them on the felt."""
    if not scene.specials:
        return ""
    w0, h0 = size_of(scene.pack.kind)
    cw, ch = w0 * scale, h0 * scale
    tr = scene.tr
    ink = INK if framed else "#f4f1e6"
    out = [el("rect", x=fx(tr, box.x, box.w), y=box.y, width=box.w, height=box.h, rx=10, fill=PANEL,
              stroke="#cdbf9f")] if framed else []
    slot = max(cw + 20, (box.w - 20) / len(scene.specials))
    y = box.y + max(8, (box.h - ch - 34) / 2)
    for i, sp in enumerate(scene.specials):
        cx = box.x + 10 + slot * i + slot / 2
        x = cx - cw / 2
        if sp.count == 0:
            out.append(el("rect", x=fx(tr, x, cw), y=y, width=cw, height=ch, rx=5, fill="none",
                          stroke=MUTED, stroke_dasharray="4 3"))
        elif sp.count is not None:
            for k in range(min(3, sp.count) - 1, -1, -1):
                out.append(card_el(scene, None, sp.seat, sp.role, fx(tr, x + 3 * k, cw), y - 3 * k, scale=scale))
        else:
            out.append(card_el(scene, sp.card, sp.seat, sp.role, fx(tr, x, cw), y, scale=scale))
        for j, line in enumerate(wrap(sp.caption, slot - 6, 12)[:2]):
            out.append(text(fx(tr, cx), y + ch + 16 + 14 * j, line, 12, ink, "middle"))
    return "".join(out)


def actions_panel(scene: Scene, box: Box) -> str:
    """The analysis: what is valued, then the legal actions that are not cards as
    buttons with their values (best first)."""
    if not scene.analysis_note:
        return ""
    tr = scene.tr
    out = [el("rect", x=fx(tr, box.x, box.w), y=box.y, width=box.w, height=box.h, rx=10, fill=PANEL,
              stroke=BEST)]
    y = box.y + 18
    for line in wrap(scene.analysis_note, box.w - 20, 12.5, tr is not EN):
        out.append(text(fx(tr, box.x + 10), y, line, 12.5, BEST, weight="bold"))
        y += 16
    if scene.values or scene.buttons:
        for line in wrap(tr.t("value after each legal action; green: best"), box.w - 20, 11)[:2]:
            out.append(text(fx(tr, box.x + 10), y, line, 11, MUTED))
            y += 14
        y -= 6
    x, y = box.x + 10, y + 6
    shown = 0
    for b in scene.buttons:
        w = text_width(b.label, 11.5) + text_width(value_num(tr, b.value), 11.5, True) + 22
        w = min(w, box.w - 20)
        if x + w > box.x + box.w - 10:
            x, y = box.x + 10, y + 26
        if y + 22 > box.y + box.h - 4:
            break
        out.append(button(b, x, y, w, tr))
        x += w + 6
        shown += 1
    if shown < len(scene.buttons):
        out.append(text(fx(tr, box.x + box.w - 10), box.y + box.h - 8,
                        tr.t("+{n} more", n=len(scene.buttons) - shown), 11, MUTED, "end"))
    return "".join(out)


def button(b: Button, x: float, y: float, w: float, tr: Translator = EN) -> str:
    """One action with its value (``x`` is its left-to-right place, mirrored for a
    right-to-left language)."""
    fill, fg = (BEST, "#fff") if b.best else ("#e5e7eb", INK)
    vw = text_width(value_num(tr, b.value), 11.5, True) + 8
    label = fit(b.label, w - vw - 10, 11.5)
    return (f'<g class="action" data-action="{esc(b.action)}" data-value="{b.value}"'
            + (' data-best="1"' if b.best else "") + ">"
            + el("rect", x=fx(tr, x, w), y=y, width=w, height=22, rx=6, fill=fill, stroke="#9ca3af")
            + text(fx(tr, x + 6), y + 15, label, 11.5, fg)
            + text(fx(tr, x + w - 6), y + 15, value_num(tr, b.value), 11.5, fg, "end", "bold") + "</g>")


def paint(scene: Scene, size: float = 1280) -> str:
    """The whole table picture."""
    geo = turned(table_geometry(len(scene.seats)), scene.bottom)
    c = geo.centre
    parts = [defs(), el("rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill=BG),
             el("ellipse", cx=c.cx, cy=c.cy, rx=c.w / 2, ry=c.h / 2, fill=FELT,
                stroke="#14532d", stroke_width=3)]
    if scene.trump is not None:
        parts.append(trump_mark(scene, c))
    heads = [chips_row(b.x + 12, b.y + 4, b.w - 20, seat, scene.tr) for seat, b in zip(scene.seats, geo.seats)]
    scale = table_scale(scene, geo, [h for _, h in heads])
    small = min(scale, 1.2 if len(scene.seats) > 4 else 1.3)
    for seat, box, head in zip(scene.seats, geo.seats, heads):
        parts.append(f'<g class="seat" data-seat="{seat.seat}">'
                     f"{seat_panel(scene, seat, box, head, scale)}</g>")
    parts.append(trick_area(scene, geo, small))
    parts.append(info_panel(scene, geo.info))
    if scene.felt_specials:
        parts.append(specials_panel(scene, Box(c.cx - 150, c.cy - 70, 300, 140), small, False))
    else:
        parts.append(specials_panel(scene, geo.specials, min(small, 1.15)))
    parts.append(actions_panel(scene, geo.actions))
    return document("".join(parts), WIDTH, HEIGHT, size, scene.title, scene.tr)


def turned(geo: Geometry, bottom: int) -> Geometry:
    """``geo`` turned so that seat ``bottom`` sits where seat 0 does."""
    n = len(geo.seats)
    if not bottom % n:
        return geo

    def turn(xs: list[Any]) -> list[Any]:
        return [xs[(i - bottom) % n] for i in range(n)]

    return replace(geo, seats=turn(geo.seats), anchors=turn(geo.anchors), trick_w=turn(geo.trick_w))


def trump_mark(scene: Scene, c: Box) -> str:
    """The trump suit's sign at the top of the felt."""
    assert scene.trump is not None
    tr = scene.tr
    x, y = c.cx, c.y + 28
    # the sign centred on the circle: a glyph starts 8 left of the centre (its right edge
    # 8 right of it when the text runs right to left), an emblem is drawn from its left
    gx = fx(tr, x - 8) if scene.pack.kind == "french" else fx(tr, x - 8, 2 * 21 * 0.42)
    return (text(fx(tr, x - 20), y + 5, tr.pt("term", "trump"), 13, "#e9f5ec", "end")
            + el("circle", cx=fx(tr, x), cy=y, r=15, fill="#fff", stroke="#d4a017", stroke_width=2)
            + glyph_or_emblem(scene.pack, scene.trump, gx, y + 7.5, 21, scene.four_colour))


__all__ = ["paint", "card_el", "badge", "HEIGHT", "WIDTH"]
