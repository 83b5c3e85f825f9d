"""``hukm replay``: a hand record replayed, drawn in the terminal, as SVG frames or a video."""

from __future__ import annotations

import argparse
import os
from typing import Any

from .. import _errors
from .. import svg as pictures
from ..record import replay
from .common import read_record, write_picture
from .term import Screen


def run(args: argparse.Namespace) -> int:
    """``hukm replay``: a hand record replayed, drawn in the terminal, with one picture per
    action (the frames of a video) on request."""
    rec = read_record(args)
    total = len(rec.actions)
    step = total if args.step is None else args.step
    if not 0 <= step <= total:
        raise _errors.StateError(f"--step {step} out of range 0..{total}")
    frames = args.svg_frames
    if frames:
        try:
            os.makedirs(frames, exist_ok=True)
        except OSError as e:
            raise _errors.StateError(f"cannot create {frames}: {e.strerror}") from None
        for k, picture in enumerate(pictures.frames(rec, viewer=args.viewer, step=step)):
            write_picture(picture, os.path.join(frames, f"frame_{k:04d}.svg"))
        print(f"wrote {step + 1} frames to {frames}")
    if args.video:
        from .. import video

        made = video.write(rec, args.video, fps=args.fps, size=_video_size(args.size), viewer=args.viewer,
                           analysis=args.analysis, step=step)
        print(f"wrote {made.path}: {made.frames} frames, {made.seconds:.1f} s, {made.width}x{made.height}")
    state = replay(rec, step)
    Screen().table(state, viewer=args.viewer)
    print(f"{rec.preset}: {step} of {total} actions")
    return 0


def _video_size(text: str) -> Any:
    """``--size``: a preset name or ``WIDTHxHEIGHT``."""
    w, x, h = text.partition("x")
    if x and w.isdigit() and h.isdigit():
        return (int(w), int(h))
    return text
