"""SVG pictures to PNG (``pip install "hukm[png]"``), with text shaped in every script.

The pictures are rasterised by resvg (the ``resvg-py`` package), which shapes text with
rustybuzz: Arabic-script letters joined in their contextual forms, Devanagari and
Bengali conjuncts and vowel signs in place. Two things are settled here, the same for
every picture:

* **Fonts.** resvg falls back, for a character the first font lacks, only to the other
  families the text names, and takes the first face of that family it finds (a bold
  italic as soon as a regular). So the fonts are given as a fixed list of files
  (:data:`FONT_FILES`: DejaVu Sans and Sans Mono, Noto Sans and the Noto faces of the Arabic,
  Devanagari and Bengali scripts, regular and bold) found in the usual font folders;
  when DejaVu Sans is not there, the system's fonts are used as they are.
* **Right to left.** resvg lays every text out left to right and ignores the
  ``direction`` property, so in a picture whose root says ``direction="rtl"`` the
  ``text-anchor`` of each ``<text>`` (``start``/``end`` relative to the writing
  direction, as SVG defines them and browsers draw them) is turned into its physical
  side before rendering: ``start`` (the default) becomes ``end`` and ``end`` becomes
  ``start``; and each text is wrapped in a right-to-left Unicode isolate (U+2067 ...
  U+2069), so that its words and numbers come in a right-to-left reader's order, as the
  ``direction`` gives them in a browser.
* **Latin letters and signs.** Between Devanagari or Bengali letters, resvg may draw a
  card code's letter, a suit sign or a middle dot as a missing glyph instead of taking it
  from the next font of the list; in a Hindi or Bengali picture those are put in a
  ``<tspan font-family="DejaVu Sans">``.

>>> png = to_png('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
...              '<text x="2" y="15">ok</text></svg>', width=80)
>>> png[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

import io
import os
import re
from functools import lru_cache
from typing import Any, Optional

from .._errors import StateError

__all__ = ["to_png", "to_image", "write_png", "for_resvg", "physical_anchors", "signs_in_dejavu", "FONT_FILES",
           "font_files"]

FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "/Library/Fonts", "/System/Library/Fonts",
             "C:\\Windows\\Fonts", os.path.expanduser("~/.local/share/fonts"), os.path.expanduser("~/.fonts"))
"""Where :func:`font_files` looks (recursively)."""

FONT_FILES = (
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
    "NotoSans-Regular.ttf", "NotoSans-Bold.ttf",
    "NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf",
    "NotoNaskhArabic-Regular.ttf", "NotoNaskhArabic-Bold.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf",
    "NotoSansBengali-Regular.ttf", "NotoSansBengali-Bold.ttf",
    "NotoSansSymbols2-Regular.ttf",
)
"""The font files the pictures are drawn with, in this order (Debian: ``fonts-dejavu-core``,
``fonts-noto-core``). The pictures' ``font-family`` lists (:mod:`hukm.i18n`) name these
families first."""

_RTL_ROOT = re.compile(r'<svg\b[^>]*\bdirection="rtl"')
_TEXT = re.compile(r"<text\b([^>]*)>([^<]*)</text>")
_ANCHOR = re.compile(r'\stext-anchor="(start|end|middle)"')


def needs(module: str, extra: str = "png", what: str = "PNG output") -> Any:
    """Imports ``module``, or raises :class:`hukm.StateError` saying which extra to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise StateError(f'{what} needs {module}: pip install "hukm[{extra}]" ({e})') from None


@lru_cache(maxsize=1)
def font_files() -> tuple[str, ...]:
    """The files of :data:`FONT_FILES` found on this machine, in that order; empty when
    DejaVu Sans is missing (the system's fonts are used then)."""
    found: dict[str, str] = {}
    wanted = set(FONT_FILES)
    for top in FONT_DIRS:
        if not os.path.isdir(top):
            continue
        for root, _dirs, files in os.walk(top):
            for f in files:
                if f in wanted and f not in found:
                    found[f] = os.path.join(root, f)
    if "DejaVuSans.ttf" not in found:
        return ()
    return tuple(found[f] for f in FONT_FILES if f in found)


def physical_anchors(svg: str) -> str:
    """``svg`` with the ``text-anchor`` of every text turned to its physical side and its
    words isolated right to left when the picture is right to left (see the module's
    notes); unchanged otherwise.

    >>> physical_anchors('<svg direction="rtl"><text x="9">a</text><text text-anchor="end">b</text></svg>')
    '<svg direction="rtl"><text x="9" text-anchor="end">\u2067a\u2069</text><text text-anchor="start">\u2067b\u2069</text></svg>'
    """
    if not _RTL_ROOT.search(svg):
        return svg

    def flip(m: "re.Match[str]") -> str:
        attrs, words = m.group(1), f"\u2067{m.group(2)}\u2069"
        if 'direction="ltr"' in attrs:
            return m.group(0)
        a = _ANCHOR.search(attrs)
        if a is None:
            return f'<text{attrs} text-anchor="end">{words}</text>'
        side = {"start": "end", "end": "start", "middle": "middle"}[a.group(1)]
        return "<text" + attrs[: a.start()] + f' text-anchor="{side}"' + attrs[a.end():] + f">{words}</text>"

    return _TEXT.sub(flip, svg)


_SIGNS = re.compile("(&#?[A-Za-z0-9]+;)|([A-Za-z\u00b7\u2190-\u21ff\u2660-\u2667]+)")
"""Latin letters and the signs the other scripts' fonts lack (the middle dot, arrows, the
suits); a character reference (``&gt;``, ``&#x27;``) is matched whole, to be kept as it is."""

_LATIN_LANGS = ("en", "cs")


def signs_in_dejavu(svg: str) -> str:
    """``svg`` with the Latin letters and signs of :data:`_SIGNS` drawn in DejaVu Sans in a
    left-to-right picture of a language of another script (the root's ``xml:lang``:
    Hindi, Bengali): resvg does not always fall back to the next font of the list for a
    card code or a suit sign between Devanagari or Bengali letters, and draws a missing
    glyph instead. A text that holds one is isolated (U+2066 ... U+2069), which resvg
    needs when the text starts with it. (In Arabic script the fallback works, and spans
    would cut a right-to-left line's order.)

    >>> signs_in_dejavu('<svg xml:lang="hi"><text>रंग: ♣ चिड़ी</text></svg>')
    '<svg xml:lang="hi"><text>\u2066रंग: <tspan font-family="DejaVu Sans">♣</tspan> चिड़ी\u2069</text></svg>'
    >>> signs_in_dejavu('<svg xml:lang="hi"><text>&gt; सीट KS&#x27;</text></svg>')
    '<svg xml:lang="hi"><text>\u2066&gt; सीट <tspan font-family="DejaVu Sans">KS</tspan>&#x27;\u2069</text></svg>'
    """
    m = re.search(r'xml:lang="([^"]+)"', svg[:2000])
    if m is None or m.group(1) in _LATIN_LANGS or _RTL_ROOT.search(svg):
        return svg

    def wrap(m: "re.Match[str]") -> str:
        words = m.group(2)
        if not any(x.group(2) for x in _SIGNS.finditer(words)):
            return m.group(0)
        if not words.startswith("\u2067"):
            words = f"\u2066{words}\u2069"
        inner = _SIGNS.sub(lambda x: x.group(1) or f'<tspan font-family="DejaVu Sans">{x.group(2)}</tspan>', words)
        return f"<text{m.group(1)}>{inner}</text>"

    return _TEXT.sub(wrap, svg)


def for_resvg(svg: str) -> str:
    """``svg`` as resvg should get it: :func:`physical_anchors`, then
    :func:`signs_in_dejavu`."""
    return signs_in_dejavu(physical_anchors(svg))


def to_png(svg: str, width: Optional[int] = None, height: Optional[int] = None) -> bytes:
    """``svg`` rasterised as PNG bytes, ``width`` (and ``height``) pixels, by default the
    picture's own size. Raises :class:`hukm.StateError` when ``resvg-py`` is missing (it
    says to install ``hukm[png]``) or the SVG cannot be drawn."""
    resvg = needs("resvg_py")
    files = font_files()
    kw: dict[str, Any] = {"svg_string": for_resvg(svg)}
    if width is not None:
        kw["width"] = int(width)
    if height is not None:
        kw["height"] = int(height)
    if files:
        kw.update(skip_system_fonts=True, font_files=list(files), font_family="DejaVu Sans",
                  monospace_family="DejaVu Sans Mono")
    try:
        return bytes(resvg.svg_to_bytes(**kw))
    except ValueError as e:
        raise StateError(f"cannot draw the picture: {e}") from None


def to_image(svg: str, width: Optional[int] = None, height: Optional[int] = None) -> Any:
    """``svg`` as an RGB Pillow image (:func:`to_png`; Pillow comes with ``hukm[video]``)."""
    image = needs("PIL.Image", "video", "an image")
    return image.open(io.BytesIO(to_png(svg, width, height))).convert("RGB")


def write_png(svg: str, path: str, width: Optional[int] = 1280) -> None:
    """Writes ``svg`` as a PNG file ``width`` pixels wide. Raises :class:`hukm.StateError`
    when it cannot (no ``resvg-py``, a folder that does not exist ...)."""
    data = to_png(svg, width)
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        raise StateError(f"cannot write {path}: {e.strerror or e}") from None
