"""A double-dummy best line (:func:`hukm.best_line`) as a sequence of trick pictures:
the tricks read by :func:`hukm.tricks.tricks_of`, drawn left to right.

>>> import hukm
>>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
>>> draw(s, None, 900, False).count('class="trick"')
3
"""

from __future__ import annotations

from typing import Optional, Sequence

from .. import _core
from ..solve import LineStep
from ..tricks import Play, tricks_of
from .faces import size_of
from .geometry import WIDTH
from ..packs import Pack, pack_of_game
from ..i18n import Translator
from .paint import BEST, BG, INK, MUTED, PANEL, card_el, fx
from .scene import Scene
from .wording import EN, action_label, value_num
from .xml import document, el, text, text_width


def _merge(plays: list[Play]) -> list[Play]:
    """Consecutive single cards of one seat (a multi-card lead) as one play."""
    out: list[Play] = []
    for p in plays:
        if out and out[-1].seat == p.seat and p.cards and out[-1].cards and not p.words \
                and out[-1].before == p.before:
            out[-1].cards.extend(p.cards)
        else:
            out.append(Play(p.seat, list(p.cards), list(p.words), p.before))
    return out


def draw(state: _core.State, player: Optional[int], size: float, four_colour: bool,
         timeout: Optional[float] = None, steps: Optional[Sequence[LineStep]] = None,
         tr: Translator = EN, viewer: Optional[int] = None) -> str:
    """The line as SVG text: a header, then the tricks left to right, wrapping (right to
    left, each trick mirrored, in a right-to-left language); the cards already on the
    table as ``viewer`` sees them."""
    pack = pack_of_game(state)
    side, tricks, value = tricks_of(state, player, timeout, steps, viewer)
    scene = Scene("", pack, [], four_colour=four_colour, tr=tr)
    cw, ch = size_of(pack.kind)
    step = cw * 0.6
    pics: list[tuple[float, str]] = []
    for k, t in enumerate(tricks):
        plays = _merge(t.plays)
        placed: list[tuple[Play, float, float, str, str, bool]] = []
        x = 10.0
        for p in plays:
            won = t.winner == p.seat and bool(p.cards)
            cap = tr.t("seat {seat}", seat=tr.num(p.seat))
            if won:
                cap = tr.t("{caption} · wins", caption=cap)
            label = " ".join(action_label(pack, part, tr) for part in p.words)
            note = tr.t(" · ").join(x for x in (label if p.cards else "", tr.t("played before") if p.before else "") if x)
            w = cw + step * (len(p.cards) - 1) if p.cards else text_width(label, 11) + 12
            pw = max(w, text_width(cap, 11, won) + 6, text_width(note, 10.5) + 6)
            placed.append((p, x + pw / 2, w, cap, note, won))
            x += pw + 10
        head = tr.t("Trick {n}", n=k + 1)
        if t.value is not None:
            head = tr.t("{head} · value {value}", head=head, value=value_num(tr, t.value))
        if t.winner is not None:
            head = tr.t("{head} · won by seat {seat}", head=head, seat=tr.num(t.winner))
        width = max(x, text_width(head, 12, True) + 20)

        def m(x: float, w: float = 0.0) -> float:
            return fx(tr, x, w, width)

        body: list[str] = []
        for p, mid, w, cap, note, won in placed:
            label = " ".join(action_label(pack, part, tr) for part in p.words)
            g = [f'<g class="play" data-seat="{p.seat}"' + (' data-winner="1"' if won else "") + ">"]
            if won:
                g.append(el("rect", x=m(mid - w / 2 - 4, w + 8), y=24, width=w + 8, height=ch + 8, rx=8,
                            fill="#fde68a", stroke="#d4a017", stroke_width=2))
            if not p.cards:
                g.append(el("rect", x=m(mid - w / 2, w), y=28 + ch / 2 - 12, width=w, height=24, rx=6,
                            fill="#e5e7eb", stroke="#9ca3af")
                         + text(m(mid), 28 + ch / 2 + 4, label, 11, INK, "middle"))
            cards = [card_el(scene, c, p.seat, "line", m(mid - w / 2 + i * step, cw), 28,
                             covered=i > 0 if tr.rtl else i < len(p.cards) - 1)
                     for i, c in enumerate(p.cards)]
            g.extend(reversed(cards) if tr.rtl else cards)
            g.append(text(m(mid), 28 + ch + 18, cap, 11, BEST if won else MUTED, "middle",
                          "bold" if won else None))
            if note:
                g.append(text(m(mid), 28 + ch + 32, note, 10.5, INK, "middle"))
            g.append("</g>")
            body.append("".join(g))
        frame = el("rect", x=0, y=0, width=width, height=ch + 86, rx=10, fill=PANEL, stroke="#cdbf9f")
        pics.append((width, frame + text(m(10), 16, head, 12, INK, weight="bold") + "".join(body)))
    rows: list[str] = []
    x, y, h = 10.0, 54.0, ch + 86
    for w, pic in pics:
        if x + w > WIDTH - 10 and x > 10:
            x, y = 10.0, y + h + 12
        rows.append(f'<g class="trick" transform="translate({fx(tr, x, w):.1f} {y:.1f})">{pic}</g>')
        x += w + 12
    total_h = y + h + 12 if pics else 90
    title = tr.t("Best line for seat {seat}'s side · value {value}", seat=tr.num(side), value=value_num(tr, value))
    page = (el("rect", x=0, y=0, width=WIDTH, height=total_h, fill=BG)
            + text(fx(tr, 12), 32, title, 18, INK, weight="bold") + "".join(rows))
    if not pics:
        page += text(fx(tr, 12), 70, tr.t("no trick play from this position"), 13, MUTED)
    return document(page, WIDTH, total_h, size, title, tr)
