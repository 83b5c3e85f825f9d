"""What several commands print or read: the line naming a seeded deal's roles, the hands
as text, a picture written as SVG or PNG, a hand record read from a file."""

from __future__ import annotations

import argparse
from typing import Any, Sequence

from .. import _errors
from .._game import GameBase
from .diagram import deal_diagram, suit_lines


def header(game: GameBase, state: Any, seed: int) -> str:
    obs = state.observation(0)
    parts = [f"{game.preset}, seed {seed}"]
    who = [f"dealer seat {obs['dealer']}"] if obs.get("dealer") is not None else []
    who += game.seeded_roles(obs)
    return parts[0] + (": " + ", ".join(who) if who else "")


def hands_text(game: GameBase, hands: Sequence[str]) -> str:
    """The hands as a picture: a table for four French hands, suits by name otherwise."""
    if game.pack == "french52" and len(hands) == 4:
        return deal_diagram(hands)
    lines = []
    for seat, hand in enumerate(hands):
        lines.append(f"seat {seat}:")
        lines += ["  " + x for x in suit_lines(hand, game.suits, game.suit_names)]
    return "\n".join(lines)


def write_picture(svg: str, path: str) -> None:
    """Writes an SVG picture, or a PNG one when ``path`` ends in ``.png`` (``hukm[png]``)."""
    try:
        if path.lower().endswith(".png"):
            from ..svg.raster import write_png

            write_png(svg, path, 1280)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
    except OSError as e:
        raise _errors.StateError(f"cannot write {path}: {e.strerror}") from None


def read_record(args: argparse.Namespace) -> Any:
    """The hand record of ``args.record``: JSON, or game ``--board`` of a PBN file."""
    from ..record import HandRecord

    try:
        with open(args.record, "rb") as f:
            data = f.read()
    except OSError as e:
        raise _errors.StateError(f"cannot read {args.record}: {e.strerror}") from None
    if args.record.lower().endswith((".pbn", ".lin")):
        from .. import lin, pbn

        games = (pbn if args.record.lower().endswith(".pbn") else lin).loads(data)
        if not 1 <= args.board <= len(games):
            raise _errors.StateError(f"--board {args.board}: {args.record} has {len(games)} games")
        return games[args.board - 1]
    return HandRecord.from_json(data.decode("utf-8", errors="replace"))
