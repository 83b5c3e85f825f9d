"""SVG text from small pieces: escaping, numbers, elements, text, the document.

Everything returns ``str``; a picture is the concatenation of its pieces.

>>> el("rect", x=1, y=2.25, width=3, height=4)
'<rect x="1" y="2.2" width="3" height="4"/>'
>>> text(10, 20, "a<b", size=12)
'<text x="10" y="20" font-size="12" fill="#222">a&lt;b</text>'
"""

from __future__ import annotations

from typing import Iterable, Optional, Union

Number = Union[int, float]
Attr = Union[str, int, float, None]

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""The font family of every text (DejaVu Sans has the suit glyphs)."""

_ESC = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def esc(value: object) -> str:
    """``value`` as text safe inside an element or an attribute.

    >>> esc('"A&K"')
    '&quot;A&amp;K&quot;'
    """
    return str(value).translate(_ESC)


def num(x: Number) -> str:
    """A coordinate with at most one decimal, no trailing zeros.

    >>> num(3.0), num(2.46), num(-0.04)
    ('3', '2.5', '0')
    """
    if isinstance(x, int):
        return str(x)
    r = round(x, 1)
    if r == int(r):
        return str(int(r))
    return str(r)


def attrs(items: dict[str, Attr]) -> str:
    """Attributes as text: ``_`` in names becomes ``-``, ``None`` values are left out,
    numbers go through :func:`num`.

    >>> attrs({"data_card": "AS", "x": 1.25, "fill": None})
    ' data-card="AS" x="1.2"'
    """
    out = []
    for k, v in items.items():
        if v is None:
            continue
        val = num(v) if isinstance(v, (int, float)) else esc(v)
        out.append(f' {k.replace("_", "-")}="{val}"')
    return "".join(out)


def el(tag: str, content: Optional[str] = None, /, **kw: Attr) -> str:
    """One element; ``content`` (already SVG text) inside, or a self-closing tag."""
    if content is None:
        return f"<{tag}{attrs(kw)}/>"
    return f"<{tag}{attrs(kw)}>{content}</{tag}>"


def text(
    x: Number,
    y: Number,
    s: object,
    size: Number = 14,
    fill: str = "#222",
    anchor: Optional[str] = None,
    weight: Optional[str] = None,
    **kw: Attr,
) -> str:
    """A text element at baseline ``(x, y)`` (``anchor``: ``middle`` or ``end``)."""
    extra = dict(kw)
    return el(
        "text", esc(s), x=x, y=y, font_size=size, fill=fill,
        text_anchor=anchor, font_weight=weight, **extra,
    )


def group(children: Iterable[str], **kw: Attr) -> str:
    """A ``<g>`` around ``children``."""
    return el("g", "".join(children), **kw)


def text_width(s: str, size: Number, bold: bool = False) -> float:
    """Estimated width of ``s`` in the picture's font (DejaVu Sans: about 0.62 em a
    character, 0.7 em in bold, a little generous so that text never spills).

    >>> round(text_width("Seat 0", 10))
    37
    """
    return len(s) * size * (0.7 if bold else 0.62)


def fit(s: str, width: Number, size: Number, bold: bool = False) -> str:
    """``s`` shortened with an ellipsis so that it fits in ``width``.

    >>> fit("Zar-e Surkh", 40, 10)
    'Zar-e…'
    """
    if text_width(s, size, bold) <= width:
        return s
    keep = max(0, int(width / (size * (0.7 if bold else 0.62))) - 1)
    return s[:keep] + "…"


def document(body: str, width: Number, height: Number, size: Number, title: str) -> str:
    """The whole SVG: a ``viewBox`` of ``width`` x ``height`` drawn ``size`` wide."""
    h = size * height / width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {num(width)} {num(height)}"'
        f' width="{num(size)}" height="{num(h)}" font-family="{FONT}">'
        f"<title>{esc(title)}</title>{body}</svg>"
    )
