"""SVG text from small pieces: escaping, numbers, elements, text, the document.

Everything returns ``str``; a picture is the concatenation of its pieces.

>>> el("rect", x=1, y=2.25, width=3, height=4)
'<rect x="1" y="2.2" width="3" height="4"/>'
>>> text(10, 20, "a<b", size=12)
'<text x="10" y="20" font-size="12" fill="#222">a&lt;b</text>'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable, Optional, Union

from ..i18n import Translator

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


SCRIPT_EM: tuple[tuple[int, int, float, float], ...] = (
    (0x0600, 0x06FF, 0.62, 0.65),  # Arabic (Persian, Urdu): a joined letter, Noto Sans Arabic
    (0x0750, 0x077F, 0.62, 0.65),
    (0xFB50, 0xFDFF, 0.62, 0.65),
    (0xFE70, 0xFEFF, 0.62, 0.65),
    (0x0900, 0x097F, 0.64, 0.70),  # Devanagari, Noto Sans Devanagari
    (0x0980, 0x09FF, 0.72, 0.78),  # Bengali, Noto Sans Bengali
)
"""Estimated advance (em, regular and bold) of a letter of each script block, measured on
the pictures' words shaped in the Noto fonts (``tests/surfaces/test_svg_i18n.py`` checks that
the estimates cover the real widths). Arabic letters much wider or narrower than the
others: :data:`ARABIC_EM`. Other characters: :data:`LATIN_EM`."""

ARABIC_EM: dict[str, float] = {
    **dict.fromkeys("سشصض", 1.35), **dict.fromkeys("طظخذچ", 0.95),
    **dict.fromkeys("اآأإرزژةہےھ", 0.4), **dict.fromkeys("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", 0.55),
}
"""Arabic-script letters whose joined forms are far from :data:`SCRIPT_EM`'s (the teeth
of sin and sad; alef, re and the Urdu he and ye), and the digits (em, bold)."""

SPACE_EM = 0.34
"""A space in a text of another script (the fonts' spaces are about a third of an em)."""

LATIN_EM = (0.62, 0.7)
"""DejaVu Sans: about 0.62 em a character, 0.7 em in bold, a little generous."""


def char_em(c: str, bold: bool = False) -> float:
    """Estimated advance of one character in em: nothing for a mark that joins the
    letter before it (a vowel sign above or below, a zero-width joiner), the script's
    width for Arabic (:data:`ARABIC_EM`), Devanagari and Bengali letters, :data:`SPACE_EM`
    for a space, :data:`LATIN_EM` otherwise.

    >>> char_em("a"), char_em("\u0650"), char_em("\u0915", True), char_em("\u0633")
    (0.62, 0.0, 0.7, 1.35)
    """
    o = ord(c)
    if c == " ":
        return SPACE_EM
    if o >= 0x0300 and unicodedata.category(c) in ("Mn", "Me", "Cf"):
        return 0.0
    if c in ARABIC_EM:
        return ARABIC_EM[c]
    for lo, hi, regular, heavy in SCRIPT_EM:
        if lo <= o <= hi:
            return heavy if bold else regular
    return LATIN_EM[1] if bold else LATIN_EM[0]


def _plain(s: str) -> bool:
    return all(ord(c) < 0x0300 or 0x2000 <= ord(c) < 0x2E00 for c in s)


def text_width(s: str, size: Number, bold: bool = False) -> float:
    """Estimated width of ``s`` in the picture's fonts, a little generous so that text
    never spills: :func:`char_em` of each character.

    >>> round(text_width("Seat 0", 10)), round(text_width("جای ۰", 10))
    (37, 25)
    """
    if _plain(s):
        return len(s) * size * (LATIN_EM[1] if bold else LATIN_EM[0])
    return size * sum(char_em(c, bold) for c in s)


def fit(s: str, width: Number, size: Number, bold: bool = False) -> str:
    """``s`` shortened with an ellipsis so that it fits in ``width``.

    >>> fit("Zar-e Surkh", 40, 10)
    'Zar-e…'
    """
    if text_width(s, size, bold) <= width:
        return s
    if _plain(s):
        keep = max(0, int(width / (size * (LATIN_EM[1] if bold else LATIN_EM[0]))) - 1)
        return s[:keep] + "…"
    keep = len(s)
    while keep > 0 and text_width(s[:keep] + "…", size, bold) > width:
        keep -= 1
    while keep > 0 and char_em(s[keep - 1]) == 0.0:  # not after a lone mark
        keep -= 1
    return s[:keep].rstrip() + "…"


def root_attrs(tr: Optional[Translator] = None) -> str:
    """The root's language attributes: the font list, and for a language other than
    English ``xml:lang`` and ``direction`` (``rtl`` for Persian, Urdu and Arabic).

    >>> from hukm.i18n import translator
    >>> root_attrs(translator("ar"))[-30:]
    ' xml:lang="ar" direction="rtl"'
    """
    if tr is None or tr.lang == "en":
        return f' font-family="{FONT}"'
    return f' font-family="{esc(tr.language.fonts)}" xml:lang="{tr.lang}" direction="{tr.dir}"'


_TEXT = re.compile(r"(<text\b[^>]*>)([^<]*)(</text>)")
_LTR_RUN = re.compile("[0-9A-Za-z\u2660-\u2667+]*[A-Za-z\u2660-\u2667][0-9A-Za-z\u2660-\u2667+]*")


def isolate_ltr(body: str) -> str:
    """``body`` with each card code and Latin word of its texts held left to right by a
    left-to-right mark on each side (U+200E), so that ``K♠`` or ``10♦`` keeps its order
    inside a right-to-left line (marks, not isolates: every renderer reads them).

    >>> isolate_ltr('<text x="1">با K♠</text>') == '<text x="1">با \u200eK♠\u200e</text>'
    True
    """
    def one(m: "re.Match[str]") -> str:
        return m.group(1) + _LTR_RUN.sub(lambda r: f"\u200e{r.group(0)}\u200e", m.group(2)) + m.group(3)

    return _TEXT.sub(one, body)


def document(body: str, width: Number, height: Number, size: Number, title: str,
             tr: Optional[Translator] = None) -> str:
    """The whole SVG: a ``viewBox`` of ``width`` x ``height`` drawn ``size`` wide, in the
    language of ``tr`` (:func:`root_attrs`; a right-to-left one's card codes isolated,
    :func:`isolate_ltr`)."""
    if tr is not None and tr.rtl:
        body = isolate_ltr(body)
    h = size * height / width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {num(width)} {num(height)}"'
        f' width="{num(size)}" height="{num(h)}"{root_attrs(tr)}>'
        f"<title>{esc(title)}</title>{body}</svg>"
    )
