"""``hukm match``: a match between bots, with statistics."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from ..match import MatchResult, play_match
from .args import bots_from_spec, game_options, make_game


class _Bar:
    """A progress bar on stderr."""

    def __init__(self, total: int, stream: TextIO = sys.stderr) -> None:
        self.total, self.stream, self.t0 = total, stream, time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        width = 30
        fill = int(width * done / max(total, 1))
        el = time.monotonic() - self.t0
        eta = el / done * (total - done) if done else 0.0
        self.stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} hands "
                          f"{el:6.1f}s eta {eta:6.1f}s")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def match_text(r: MatchResult) -> str:
    """The statistics ``hukm match`` prints."""
    lines = [r.summary()]
    kinds: dict[str, int] = {}
    for i, name in enumerate(r.bots):
        kinds.setdefault(name, i)
    firsts = list(kinds.values())
    for x in range(len(firsts)):
        for y in range(x + 1, len(firsts)):
            a, b = firsts[x], firsts[y]
            lo, hi = r.win_interval(a, b)
            lines.append(f"  {r.bots[a]} (seat {a}) beats {r.bots[b]} (seat {b}) in "
                         f"{100 * r.win_rate(a, b):.1f}% of hands, 95% [{100 * lo:.1f}, {100 * hi:.1f}]")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """``hukm match``."""
    game = make_game(args.game, game_options(args))
    bots = bots_from_spec(args.bots, game.num_players, args.seed)
    bar = None if args.quiet else _Bar(args.hands)
    r = play_match(game, bots, hands=args.hands, seed=args.seed, threads=args.threads,
                   rotate=not args.fixed_seats, progress=bar)
    print(match_text(r))
    return 0
