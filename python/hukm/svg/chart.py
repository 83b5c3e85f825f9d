"""The chart of a review (:func:`hukm.review`): the value for one side over the hand,
one point per decision, the marked cards as coloured dots.

Every point is a ``<g class="point">`` with ``data-step`` (the record's action index),
``data-seat``, ``data-value``, ``data-grade`` (the decision's grade: ``exact``,
``bounds`` or ``estimate``) and, for a marked card, ``data-mark``: a page can jump to
that moment on a click. A decision valued by estimates is a hollow dot, its values in
the tip as estimates; one whose cost the proven bounds show says so ("at least 2
(proven)").

>>> import hukm
>>> s = hukm.Hokm().from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
>>> for card in ["2S", "JS", "TS", "7S"]:
...     s.apply(card)
>>> svg = review_chart(hukm.review(s.record()))
>>> svg.count('class="point"'), svg.count('data-mark="mistake"'), svg.count('data-grade="exact"')
(4, 1, 4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..i18n import translator
from ..packs import Pack, pack_of_game
from ..registry import game
from .review_text import chance_of
from .wording import action_label, decimal, grade_text, value_num
from .xml import document, el, esc, text

if TYPE_CHECKING:
    from ..review import Review

MARK_COLOURS = {"": "#15803d", "inaccuracy": "#ca8a04", "mistake": "#ea580c", "blunder": "#dc2626"}
"""A point's colour by the mark of the card played there (green: a best card)."""

W, H = 900.0, 400.0
LEFT, RIGHT, TOP, BOTTOM = 56.0, 20.0, 62.0, 64.0


def _pack_of(review: Review) -> Optional[Pack]:
    """The pack of the review's game, for its cards' signs (``None`` if it cannot be made)."""
    try:
        return pack_of_game(game(review.preset)._game)
    except (ValueError, TypeError, AttributeError):
        return None


def review_chart(review: Review, size: float = 900, lang: Optional[str] = None, end: str = "",
                 stopped: Optional[int] = None) -> str:
    """The chart as SVG text, ``size`` pixels wide, its words in ``lang`` (default: the
    review's :attr:`hukm.Review.lang`; the decisions run from right to left in a
    right-to-left language): the value over the
    hand's decisions, the x axis numbered by trick, each marked card by its sign
    (``seat 1 10♥``). ``end`` (the hand's result in words) is written under the title;
    ``stopped`` (the tricks a hand stopped after, before its cards ran out) draws where
    the play stopped."""
    tr = translator(lang or review.lang or "en")
    ds = review.decisions
    pack = _pack_of(review)

    def shown(action: str) -> str:
        label = action if pack is None else action_label(pack, action, tr)
        return f"\u2068{label}\u2069" if tr.rtl else label

    def fx(x: float) -> float:
        return W - x if tr.rtl else x

    unit = review.unit if tr.lang == "en" else tr.t(review.unit)
    title = tr.t("Double-dummy value for seat {seat}'s side ({unit}), every hand known",
                 seat=review.player, unit=unit)
    parts = [el("rect", x=0, y=0, width=W, height=H, fill="#fbf8f1"),
             text(fx(LEFT), 26, title, 15, "#222", weight="bold")]
    if end:
        parts.append(text(fx(LEFT), 46, end, 13, "#7a4a00", weight="bold"))
    if not ds:
        parts.append(text(W / 2, H / 2, tr.t("no card of trick play to review"), 14, "#5b5b5b", "middle"))
        return document("".join(parts), W, H, size, title, tr)
    values = [int(d.best) for d in ds] + [int(d.played) for d in ds]
    lo, hi = min(values), max(values)
    if hi == lo:
        lo, hi = lo - 1, hi + 1
    pad = (hi - lo) * 0.08
    n = len(ds)

    def x(i: float) -> float:
        return fx(LEFT + (W - LEFT - RIGHT) * i / max(1, n))

    def y(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (hi + pad - v) / (hi - lo + 2 * pad)

    step = max(1, round((hi - lo) / 6))
    v = lo
    while v <= hi:
        parts.append(el("line", x1=fx(LEFT), x2=fx(W - RIGHT), y1=y(v), y2=y(v), stroke="#e5dccb", stroke_width=1))
        parts.append(text(fx(LEFT - 8), y(v) + 4, value_num(tr, v), 12, "#5b5b5b", "end"))
        v += step
    path, hand = [], None
    for i, d in enumerate(ds):
        move = "M" if d.part != hand else "L"
        hand = d.part
        path.append(f"{move}{x(i):.1f} {y(d.best):.1f}")
        path.append(f"L{x(i + 1):.1f} {y(d.played):.1f}")
    parts.append(el("path", d=" ".join(path), fill="none", stroke="#1f6b45", stroke_width=2.5,
                    stroke_linejoin="round"))
    chance = chance_of(review)

    def said(v: float, grade: str) -> str:
        if grade == "estimate":
            return grade_text(tr, "estimate", 0, 1, v, chance)
        return value_num(tr, int(v)) if v == int(v) else decimal(tr, v)

    # The x axis by trick: each trick's number under its first decision.
    first = [i for i, d in enumerate(ds) if d.trick and (i == 0 or ds[i - 1].trick != d.trick)]
    every = 1 if len(first) <= 14 else 2
    for k, i in enumerate(first):
        parts.append(el("line", x1=x(i), x2=x(i), y1=H - BOTTOM, y2=H - BOTTOM + 5, stroke="#8a8170", stroke_width=1))
        if k % every == 0:
            parts.append(text(x(i + 0.5), H - BOTTOM + 18, value_num(tr, ds[i].trick), 12, "#5b5b5b", "middle"))
    if first:
        parts.append(text(fx(W - RIGHT), H - BOTTOM + 34, tr.t("trick"), 12, "#5b5b5b", "end"))
    if stopped is not None:
        parts.append(el("line", x1=x(n), x2=x(n), y1=TOP, y2=H - BOTTOM, stroke="#7a4a00", stroke_width=1.5,
                        stroke_dasharray="5 4"))
        parts.append(text(x(n) + (-6 if not tr.rtl else 6), TOP + 12,
                          tr.nt("play stops after {n} trick", "play stops after {n} tricks", stopped),
                          12, "#7a4a00", "end"))
    for i, d in enumerate(ds):
        grade = getattr(d, "grade", "exact")
        r = 4.5 if not d.mark else 7
        mark = f' data-mark="{d.mark}"' if d.mark else ""
        move = tr.t("seat {seat} {action}", seat=d.seat, action=shown(d.action))
        tip = tr.t("step {step}: {move}, {best} -> {played}", step=d.step, move=move,
                   best=said(d.best, grade), played=said(d.played, grade))
        if grade == "bounds" and d.cost:
            tip = tr.t("{tip} ({mark})", tip=tip, mark=tr.t("at least {value} (proven)", value=said(d.cost, grade)))
        if d.mark:
            tip = tr.t("{tip} ({mark})", tip=tip, mark=tr.pt("mark", d.mark))
        hollow = grade == "estimate"
        parts.append(f'<g class="point" data-step="{d.step}" data-seat="{d.seat}" data-value="{d.played}" '
                     f'data-grade="{grade}"{mark}>'
                     f"<title>{esc(tip)}</title>"
                     + el("circle", cx=x(i + 1), cy=y(d.played), r=r,
                          fill="#fff" if hollow else MARK_COLOURS[d.mark],
                          stroke=MARK_COLOURS[d.mark] if hollow else "#fff", stroke_width=2.5 if hollow else 1.5)
                     + (text(x(i + 1), y(d.played) + (-12 if d.played >= d.best else 22),
                             move, 12, MARK_COLOURS[d.mark], "middle", "bold")
                        if d.mark else "") + "</g>")
    parts.append(text(W / 2, H - 14, tr.t("decisions of trick play, in order (dots: green best, yellow inaccuracy, "
                                          "orange mistake, red blunder)"), 12, "#5b5b5b", "middle"))
    if any(getattr(d, "grade", "exact") == "estimate" for d in ds):
        parts.append(text(W / 2, H - 32, tr.t("hollow dots: estimated values"), 12, "#5b5b5b", "middle"))
    return document("".join(parts), W, H, size, title, tr)
