"""A hand as a video (``pip install "hukm[video]"``): MP4, WebM or GIF, with a caption in
words for each action, each finished trick held with its winner, and on request the
double-dummy values on the cards and the cost of each card played.

* :func:`write` — a hand record to a video file (the type from its name: ``.mp4``,
  ``.webm``, ``.gif``); ``hukm replay record.json --video hand.mp4`` on the command line.
* :func:`hukm.video.story.segments` — the same story as held pictures (SVG) with their
  captions and durations, for other tools.

Each picture is held for its :class:`Timing` (an action 1.2 s, a finished trick 2.5 s,
the deal 2.5 s, the result 4 s) at ``fps`` frames a second (GIF: one frame per picture
with its duration). ``size`` is a preset of :data:`SIZES` (``720p``, ``1080p``,
``square``, ``phone`` (1080 x 1920), ``360p``) or ``(width, height)``; a square or tall
frame is filled by the table laid out for it. Pictures are rasterised with
resvg (:mod:`hukm.svg.raster`) and encoded with PyAV (H.264 or VP9) or, for GIF, Pillow.

>>> import hukm, hukm.video, tempfile, os
>>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
>>> for c in ["AS", "KS", "QS", "JS"]:
...     s.apply(c)
>>> path = os.path.join(tempfile.mkdtemp(), "trick.mp4")
>>> v = hukm.video.write(s.record(), path, size="360p", fps=4)
>>> v.width, v.height, v.frames, v.pictures
(640, 360, 51, 6)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional, Union

from .._check import optional_whole, whole
from .._errors import StateError
from ..svg.wording import tr_of
from ..record import HandRecord
from .encode import CODECS, compose, picture_area, raster, write_av, write_gif
from .story import Segment, Timing, segments

__all__ = ["write", "Video", "Timing", "Segment", "segments", "SIZES"]

SIZES: dict[str, tuple[int, int]] = {
    "360p": (640, 360),
    "720p": (1280, 720),
    "1080p": (1920, 1080),
    "square": (1080, 1080),
    "phone": (1080, 1920),
}
"""Frame sizes by name: 16:9 for screens, ``square`` for social feeds, ``phone`` (9:16)
for a phone held upright. A square or tall frame is filled by a table laid out for it
(:mod:`hukm.svg.compact`) above the caption bar."""


@dataclass(frozen=True)
class Video:
    """What :func:`write` made: the file, its frames, length, size and the number of
    held pictures (the story's segments)."""

    path: str
    frames: int
    seconds: float
    width: int
    height: int
    fps: int
    pictures: int


def frame_size(size: Union[str, tuple[int, int]]) -> tuple[int, int]:
    """A preset's size, or a ``(width, height)`` pair checked (even numbers, 64 to 4096).

    >>> frame_size("square"), frame_size("phone"), frame_size((800, 450))
    ((1080, 1080), (1080, 1920), (800, 450))
    """
    if isinstance(size, str):
        if size not in SIZES:
            raise StateError(f"size {size!r}: expected one of {', '.join(SIZES)} or (width, height)")
        return SIZES[size]
    if not isinstance(size, (tuple, list)) or len(size) != 2:
        raise StateError(f"size must be a preset name or (width, height), got {size!r}")
    w, h = (whole(x, f"size[{i}]", 64, 4096) for i, x in enumerate(size))
    if w % 2 or h % 2:
        raise StateError(f"size {w}x{h}: width and height must be even (video encoders need it)")
    return w, h


def write(
    record: HandRecord,
    path: Union[str, "os.PathLike[str]"],
    *,
    fps: int = 10,
    size: Union[str, tuple[int, int]] = "720p",
    viewer: Optional[int] = None,
    analysis: bool = False,
    captions: bool = True,
    timing: Timing = Timing(),
    four_colour: bool = False,
    step: Optional[int] = None,
    timeout: Optional[float] = 10.0,
    lang: Optional[str] = None,
) -> Video:
    """Writes ``record`` as a video to ``path`` (``.mp4``, ``.webm`` or ``.gif``).

    ``viewer`` draws the table as that seat sees it (default: every hand face up);
    ``analysis`` puts each position's double-dummy values on the cards of the player to
    move, the best ones marked, and says in each caption what the card played cost
    (``timeout`` seconds a position); ``captions=False`` leaves the bar out; ``step``
    stops after that many actions; ``lang`` is the language of the pictures and captions
    (``"fa"``, ``"ur"``, ``"hi"``, ``"bn"``, ``"cs"``, ``"ar"``; default English). Bad input
    raises :class:`hukm.StateError` naming it, as does a missing ``video`` extra (an
    unknown language: :class:`hukm.OptionError`).
    """
    tr = tr_of(lang)
    if not isinstance(record, HandRecord):
        raise StateError(f"video needs a hukm.HandRecord, got {type(record).__name__}")
    target = os.fspath(path)
    ext = os.path.splitext(target)[1].lower()
    if ext not in CODECS:
        raise StateError(f"video file {target!r}: expected a name ending in {', '.join(CODECS)}")
    rate = whole(fps, "fps", 1, 120)
    width, height = frame_size(size)
    if not isinstance(timing, Timing):
        raise StateError(f"timing must be a hukm.video.Timing, got {timing!r}")
    for name in ("start", "action", "trick", "result"):
        t = getattr(timing, name)
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 < t <= 600:
            raise StateError(f"timing.{name} must be seconds in (0, 600], got {t!r}")
    stop = optional_whole(step, "step", 0, len(record.actions))
    story = segments(record, viewer=viewer, analysis=bool(analysis), timeout=timeout, timing=timing,
                     four_colour=bool(four_colour), step=stop, lang=tr.lang,
                     fill=picture_area(width, height, bool(captions)))

    def image(seg: Segment) -> object:
        words = seg.caption if captions else ""
        return raster(compose(seg.svg, words, seg.note, seg.kind, width, height, tr, seg.score if captions else ""),
                      width, height)

    try:
        if ext == ".gif":
            frames = write_gif([(image(s), s.seconds) for s in story], target)
            seconds = sum(s.seconds for s in story)
        else:
            repeats = [max(1, round(s.seconds * rate)) for s in story]
            frames = write_av(((image(s), n) for s, n in zip(story, repeats)), target, CODECS[ext], rate,
                              width, height)
            seconds = frames / rate
    except OSError as e:
        raise StateError(f"cannot write {target}: {e.strerror or e}") from None
    return Video(target, frames, round(seconds, 3), width, height, rate, len(story))
