"""Frames made and written: each held picture of the story composed with its caption as
one SVG, rasterised by resvg (text shaped in every script), then encoded by PyAV (MP4 with H.264, WebM with VP9)
or written by Pillow (GIF, one frame per picture with its own duration, on one palette
so that only what changes is stored).

>>> svg = compose('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720"></svg>',
...               "seat 2 ruffs with the 2♦", "Hokm · step 7 of 52", "action", 1280, 720)
>>> 'viewBox="0 0 1280 720"' in svg and "seat 2 ruffs" in svg
True
"""

from __future__ import annotations

import io
import re
from typing import Any, Iterable, Optional

from .._errors import StateError
from ..svg.paint import wrap
from ..svg.raster import to_png
from ..svg.wording import EN
from ..svg.xml import el, isolate_ltr, root_attrs, text, text_width
from ..i18n import Translator

INK, BAR, SOFT, GOLD = "#ffffff", "#16181d", "#aeb4bf", "#ffd54a"
"""Caption colours: the text, the bar behind it, the second line, a finished trick."""

CODECS = {".mp4": "libx264", ".webm": "libvpx-vp9", ".gif": "gif"}
"""The codec of each file type."""

OPTIONS = {
    "libx264": {"crf": "20", "preset": "veryfast", "tune": "stillimage"},
    "libvpx-vp9": {"crf": "34", "b": "0", "deadline": "realtime", "cpu-used": "8", "row-mt": "1"},
}
"""Encoder options: near-lossless for tables of still cards, fast."""

_ROOT = re.compile(r"<svg\b[^>]*>")


def needs(module: str, extra: str = "video") -> Any:
    """Imports ``module``, or says which extra to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise StateError(f'video output needs {module}: pip install "hukm[{extra}]" ({e})') from None


def _lines(caption: str, width: float, size: float, most: int) -> tuple[list[str], float]:
    """The caption in at most ``most`` lines of ``width``, the font shrunk until it fits."""
    while True:
        lines = wrap(caption, width, size)
        if len(lines) <= most or size < 10:
            return [x.strip() for x in lines[:most]], size
        size *= 0.9


SCORE_BAR = 0.25
"""The caption bar's share of a wide frame's height when it holds the counts."""
TALL_BAR = 0.24
"""The caption bar's share of a tall frame's height (a phone's, 9:16)."""
SQUARE_BAR = 0.28
"""The caption bar's share of a square frame's height."""
SCORE_SHARE = 0.045
"""The height of the score line's type, as a share of the frame's height (at least 4%:
32 px at 720p)."""


def picture_area(width: int, height: int, captions: bool = True) -> Optional[tuple[float, float]]:
    """The part of a square or tall frame the table fills, above the caption bar
    (:data:`SQUARE_BAR`, :data:`TALL_BAR`): ``(width, height)``; ``None`` for a wide
    frame, whose table stays 16:9.

    >>> picture_area(1080, 1920), picture_area(1080, 1080), picture_area(1280, 720)
    ((1080, 1459.2), (1080, 777.6), None)
    """
    if height < 0.9 * width:
        return None
    bar = (SQUARE_BAR if height < 1.3 * width else TALL_BAR) if captions else 0.0
    return width, round(height * (1 - bar), 1)


_VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')


def compose(table: str, caption: str, note: str, kind: str, width: int, height: int,
            tr: Translator = EN, score: str = "") -> str:
    """One frame: the table picture and, in a bar below it, the caption, the counts
    (``score``, in large type: at least :data:`SCORE_SHARE` of the frame's height) and
    the note (in ``tr``'s language: its fonts and direction). A wide frame keeps the
    table 16:9 beside dark margins; a square or tall one puts the table on top and the
    caption, larger, in the rest of the frame: a picture laid out for the frame
    (:func:`picture_area`, :mod:`hukm.svg.compact`) fills all but the caption bar."""
    tall = height >= 0.9 * width
    big = height * SCORE_SHARE
    if tall:
        tw = float(width)
        box = _VIEWBOX.search(table)
        aspect = float(box.group(2)) / float(box.group(1)) if box else 9 / 16
        most_h = height * (1 - (SQUARE_BAR if height < 1.3 * width else TALL_BAR)) if caption else float(height)
        th = min(tw * aspect, most_h)
        tw = th / aspect  # a picture taller than the frame's part for it: narrower, centred
        tx, ty = (width - tw) / 2, 0.0
        size, most = max(width / 24, height * 0.025), 3
    else:
        bar = height * (SCORE_BAR if caption and score else 0.13 if caption else 0.0)
        th = height - bar
        tw = th * 16 / 9
        tx, ty = (width - tw) / 2, 0.0
        size, most = max(height * 0.13 * 0.32, big), 2
    inner = _ROOT.sub(lambda m: _placed(m.group(0), tx, ty, tw, th), table, count=1)
    parts = [el("rect", x=0, y=0, width=width, height=height, fill=BAR), inner]
    if caption:
        top = ty + th
        room = height - top
        lines, fs = _lines(caption, width * 0.94, size, 2 if score and not tall else most)
        ns = max(fs * 0.55, height * 0.02)
        scored = bool(score)
        counts: list[str] = []
        if scored:  # the counts on one line, smaller where they would not fit; never under 4%: then two lines
            big = max(height * 0.04, min(big, big * width * 0.96 / max(1.0, text_width(score, big, True))))
            counts = [x.strip() for x in wrap(score, width * 0.96, big, True)]
        tall_counts = big * (0.15 + 1.3 * len(counts)) if scored else 0
        block = len(lines) * fs * 1.25 + tall_counts + ns * 2.0  # the note and its descenders
        if block > room:  # the note gives way to the caption and the counts
            note, block = "", block - ns * 2.0
        while block > room and fs > 10:  # then the caption's type, never the counts'
            fs *= 0.9
            lines, fs = _lines(caption, width * 0.94, fs, 2 if score and not tall else most)
            block = len(lines) * fs * 1.25 + tall_counts
        y = top + max(fs, (room - block) / 2 + fs)
        colour = GOLD if kind in ("trick", "result", "deal") else INK
        for line in lines:
            parts.append(text(width / 2, y, line, round(fs, 1), colour, "middle", "bold"))
            y += fs * 1.25
        if scored:
            y += big * 0.15
            for line in counts:
                parts.append(text(width / 2, y + big * 0.85 - fs * 0.25, line, round(big, 1), GOLD, "middle", "bold"))
                y += big * 1.3
        y += ns * 0.3
        for line in wrap(note, width * 0.96, ns)[: 3 if tall else 1]:
            parts.append(text(width / 2, y, line.strip(), round(ns, 1), SOFT, "middle"))
            y += ns * 1.3
    words = "".join(parts[2:])  # the caption's texts (the table's are isolated already)
    body = parts[0] + parts[1] + (isolate_ltr(words) if tr.rtl else words)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}"{root_attrs(tr)}>' + body + "</svg>")


def _placed(root: str, x: float, y: float, w: float, h: float) -> str:
    """The table's root ``<svg>`` tag placed at ``(x, y)``, ``w`` by ``h``."""
    root = re.sub(r'\s(width|height|x|y)="[^"]*"', "", root)
    return root[:-1] + f' x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}">'


def raster(svg: str, width: int, height: int) -> Any:
    """An SVG frame as an RGB Pillow image (resvg, :mod:`hukm.svg.raster`)."""
    needs("resvg_py")
    image = needs("PIL.Image")
    return image.open(io.BytesIO(to_png(svg, width, height))).convert("RGB")


def write_av(frames: Iterable[tuple[Any, int]], path: str, codec: str, fps: int, width: int,
             height: int) -> int:
    """Encodes ``(image, repeats)`` pairs with PyAV at ``fps``; returns the frames written."""
    av = needs("av")
    np = needs("numpy")
    options = {"movflags": "+faststart"} if codec == "libx264" else {}
    count = 0
    with av.open(path, mode="w", options=options) as out:
        stream = out.add_stream(codec, rate=fps, options=OPTIONS.get(codec, {}))
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        for image, repeats in frames:
            pixels = np.asarray(image)
            for _ in range(repeats):
                frame = av.VideoFrame.from_ndarray(pixels, format="rgb24")
                frame.pts = count
                count += 1
                for packet in stream.encode(frame):
                    out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)
    return count


def write_gif(frames: list[tuple[Any, float]], path: str) -> int:
    """Writes ``(image, seconds)`` pairs as a looping GIF on one palette made from a
    sample of the frames (Pillow); returns the frames written."""
    image = needs("PIL.Image")
    step = max(1, len(frames) // 8)
    sample = [f for f, _ in frames[::step]]
    w, h = sample[0].size
    sheet = image.new("RGB", (w, h * len(sample)))
    for i, f in enumerate(sample):
        sheet.paste(f, (0, h * i))
    palette = sheet.quantize(colors=255, method=image.Quantize.MEDIANCUT)
    shots = [f.quantize(palette=palette, dither=image.Dither.NONE) for f, _ in frames]
    ms = [max(20, round(s * 1000)) for _, s in frames]
    shots[0].save(path, save_all=True, append_images=shots[1:], duration=ms, loop=0, optimize=False,
                  disposal=1)
    return len(shots)
