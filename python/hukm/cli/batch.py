"""``hukm batch``: many deals solved, resumable, on worker processes or Ray."""

from __future__ import annotations

import argparse
import sys

from .args import build_game, one_line


def run(args: argparse.Namespace) -> int:
    """``hukm batch``: :func:`hukm.batch.run` with a progress bar (rate and ETA); after
    Ctrl-C, one line telling how many chunks are kept, and exit code 130."""
    from ..batch.progress import bar
    from ..batch.run import Stopped, run as run_batch
    from ..batch.source import MAX_TRIES

    game = build_game(args)
    try:
        with bar(args.quiet) as progress:
            r = run_batch(game, deals=args.deals, seed=args.seed, out=args.out, workers=args.workers,
                          backend="local" if args.ray is None else "ray", address=args.ray or None,
                          where=args.where or (), source=args.source, objective=args.objective,
                          max_tries=MAX_TRIES if args.max_tries is None else args.max_tries,
                          chunk=args.chunk, progress=progress, force=args.force, threads=args.threads)
    except Stopped as e:
        print(f"hukm: stopped: {e.kept} of {e.chunks} chunks kept in {one_line(e.parts)}; "
              "run the same command again to resume", file=sys.stderr)
        return 130
    resumed = f", {r.resumed} of {r.chunks} chunks resumed" if r.resumed else ""
    print(f"wrote {r.out}: {r.deals} deals{resumed}, {r.rate:.1f} deals/s")
    return 0
