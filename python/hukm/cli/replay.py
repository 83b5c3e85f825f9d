"""``hukm replay``: a hand record replayed, drawn in the terminal, as SVG frames or a video."""

from __future__ import annotations

import argparse
import os
from typing import Any

from .. import _errors
from .. import svg as pictures
from ..record import replay
from ..svg.bridge import header as bridge_header
from ..svg.bridge import roles_of
from ..svg.wording import tr_of
from .args import lang_of
from .common import read_record, write_picture
from .term import Screen


def run(args: argparse.Namespace) -> int:
    """``hukm replay``: a hand record replayed, drawn in the terminal, with one picture per
    action (the frames of a video) on request."""
    lang = lang_of(args)
    tr = tr_of(lang)
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
        for k, picture in enumerate(pictures.frames(rec, viewer=args.viewer, step=step, lang=lang)):
            write_picture(picture, os.path.join(frames, f"frame_{k:04d}.svg"))
        print(tr.nt("wrote {n} frame to {path}", "wrote {n} frames to {path}", step + 1, path=frames))
    if args.video:
        from .. import video

        made = video.write(rec, args.video, fps=args.fps, size=_video_size(args.size), viewer=args.viewer,
                           analysis=args.analysis, step=step, lang=lang)
        print(tr.t("wrote {path}: {frames} frames, {seconds} s, {size}", path=made.path, frames=made.frames,
                   seconds=tr.digits(f"{made.seconds:.1f}"), size=tr.digits(f"{made.width}x{made.height}")))
    state = replay(rec, step)
    roles = roles_of(rec)
    Screen(lang=lang).table(state, viewer=args.viewer, header=bridge_header(roles, tr))
    print(tr.nt("{game}: {step} of {n} action", "{game}: {step} of {n} actions", total,
                game=_title(rec.preset, lang), step=step))
    return 0


def _title(preset: str, lang: str) -> str:
    """A preset as a line names it: its name in English, its title in another language."""
    if lang == "en":
        return preset
    from ..registry import info
    from ..svg.wording import game_title

    return game_title(tr_of(lang), info(preset).title)


def _video_size(text: str) -> Any:
    """``--size``: a preset name or ``WIDTHxHEIGHT``."""
    w, x, h = text.partition("x")
    if x and w.isdigit() and h.isdigit():
        return (int(w), int(h))
    return text
