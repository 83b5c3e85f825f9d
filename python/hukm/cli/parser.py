"""The parser of the ``hukm`` command: every command's arguments, and the module that
runs it (``func``)."""

from __future__ import annotations

import argparse

from .. import _position as _pos
from .._core import __version__
from . import batch, deal, match, play, replay, review, serve, show, solve
from .._core import Keyword
from ..registry import games
from .._check import MAX_THREADS
from .args import POSITION_FLAGS, Parser, add_game, add_lang, seconds, whole


def position_help(entries: tuple[tuple[str, Keyword], ...]) -> str:
    """The help of a position flag: what the keyword is in each family that takes it
    (with what is passed when it is left out), from the games' descriptions.

    >>> from hukm._position import keyword_union
    >>> position_help(keyword_union()["banker"])
    'the banker'
    """
    def one(k: Keyword) -> str:
        return k.about + ("" if k.absent is None else f" (default {k.absent})")

    if len(entries) == 1:
        return one(entries[0][1])
    return "; ".join(f"{family}: {one(k)}" for family, k in entries)


def objectives() -> list[str]:
    """Every objective a solve of some game takes, the default ``tricks`` first."""
    out: list[str] = []
    for g in games():
        out += [o.name for o in (g.description.objectives if g.description else ()) if o.name not in out]
    return out


def add_threads(p: argparse.ArgumentParser, what: str) -> None:
    """``--threads N`` (1 to :data:`hukm._check.MAX_THREADS`, as the API takes ``threads=``) for ``what``."""
    default = "" if "default" in what else " (default: the cores this process may use, or HUKM_THREADS)"
    p.add_argument("--threads", type=whole(1, MAX_THREADS), default=None,
                   help=f"threads for {what}, 1 to {MAX_THREADS}{default}")


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    p = Parser(prog="hukm", description="Trick-taking games of Iran and South Asia.")
    p.add_argument("--version", action="version", version=f"hukm {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    d = sub.add_parser("deal", help="print a seeded deal")
    add_game(d)
    d.add_argument("--seed", type=whole(0), default=0, help="seed of the deal (default 0)")
    d.set_defaults(func=deal.run)
    s = sub.add_parser("solve", help="double-dummy analysis of a deal or position: exact, proven bounds or an estimate")
    add_game(s)
    s.add_argument("deal", nargs="?", default=None, help="hands in seat order; omit for the seeded deal (its table, or its first card)")
    s.add_argument("--seed", type=whole(0), default=0, help="seed of the deal when none is given")
    for name, entries in _pos.keyword_union().items():
        s.add_argument(f"--{name}", type=whole(0) if _pos.whole(name) else str, default=None,
                       help=position_help(entries))
    s.add_argument("--player", type=whole(0), default=None, help="whose side to count")
    s.add_argument("--objective", choices=objectives(), default="tricks", help="the game's value or the kot query")
    s.add_argument("--target", type=int, default=None, help="the outcome against this whole-hand target (games with a target)")
    add_threads(s, "the solve")
    s.add_argument("--timeout", type=seconds, default=None,
                   help="seconds to search before printing the best grade reached (default 30; 0: at once)")
    s.add_argument("--exact", action="store_true",
                   help="wait for the exact answer (with --timeout: stop with an error at the limit)")
    s.add_argument("--force", action="store_true", help="with --exact, solve hands beyond a quick exact solve")
    s.add_argument(
        "--bot",
        default="heuristic",
        help="a seeded deal without a table: the bot that settles its auction and trump (random, heuristic, pimc)",
    )
    add_lang(s, "the answer: its grades, values and table")
    s.set_defaults(func=solve.run)
    v = sub.add_parser("show", help="draw a deal or position (terminal, SVG, PNG)")
    add_game(v)
    v.add_argument("deal", nargs="?", default=None, help="hands in seat order; omit for the seeded deal")
    v.add_argument("--seed", type=whole(0), default=0, help="seed of the deal when none is given")
    for flag in POSITION_FLAGS:
        kind = whole(0) if _pos.whole(flag) else str
        v.add_argument(f"--{flag}", type=kind, default=None, help=f"the position's {flag} (as for hukm solve)")
    v.add_argument("--actions", default=None, help="actions to play first, separated by spaces")
    v.add_argument("--advance", type=whole(0), default=0, help="then let the heuristic bot play this many actions")
    v.add_argument("--viewer", type=whole(0), default=None, help="draw the table as this seat sees it")
    v.add_argument("--analysis", action="store_true", help="each legal card's double-dummy value")
    add_threads(v, "the analysis")
    v.add_argument("--svg", default=None, help="write the picture as SVG to this file")
    v.add_argument("--png", default=None, help='write the picture as PNG to this file (pip install "hukm[png]")')
    add_lang(v, "the view and the pictures")
    v.set_defaults(func=show.run)
    r = sub.add_parser("replay", help="replay a hand record (JSON, PBN or LIN): in the terminal, as pictures or a video")
    r.add_argument("record", help="a hand record file (hukm play --record, State.record().to_json()), or a .pbn or .lin file")
    r.add_argument("--board", type=whole(1), default=1, help="which game of a .pbn or .lin file, from 1 (default 1)")
    r.add_argument("--step", type=whole(0), default=None, help="stop after this many actions (default: all)")
    r.add_argument("--viewer", type=whole(0), default=None, help="draw the table as this seat sees it")
    r.add_argument("--svg-frames", default=None, help="write one SVG picture per action into this folder (a finished trick held with its winner)")
    r.add_argument("--video", default=None,
                   help='write the hand as a video: .mp4, .webm or .gif, with captions (pip install "hukm[video]")')
    r.add_argument("--fps", type=whole(1), default=10, help="video frames a second (default 10)")
    r.add_argument("--size", default="720p", help="video size: 720p, 1080p, square, phone (1080x1920), 360p or WIDTHxHEIGHT (default 720p)")
    r.add_argument("--analysis", action="store_true",
                   help="video: double-dummy values on the cards and what each card played cost")
    add_lang(r, "the view, the frames and the video")
    r.set_defaults(func=replay.run)
    w = sub.add_parser("review", help="the double-dummy review of a played hand: what each card cost")
    w.add_argument("record", help="a hand record file (JSON, or PBN with --board)")
    w.add_argument("--board", type=whole(1), default=1, help="which game of a PBN file (default 1)")
    w.add_argument("--player", type=whole(0), default=0, help="the side whose values are shown (default seat 0)")
    w.add_argument("--timeout", type=seconds, default=30.0, help="seconds the solver may spend a position (default 30)")
    w.add_argument("--budget", type=seconds, default=None,
                   help="seconds for the whole review (default: 50, every card graded; no limit with --exact)")
    w.add_argument("--exact", action="store_true",
                   help="exact values only: a card not solved in time is listed as skipped, not graded")
    w.add_argument("--marks", default=None, help="least cost of an inaccuracy, a mistake, a blunder (e.g. 1,1,2)")
    w.add_argument("--chart", default=None, help="write the chart of the value as SVG, or PNG for a .png name")
    add_threads(w, "the review: positions solved at once, each on that many threads")
    add_lang(w, "the review and its chart")
    w.set_defaults(func=review.run)
    for name, helptext, func in (
        ("play", "play against the bots in the terminal", play.run),
        ("match", "a match between bots, with statistics", match.run),
    ):
        m = sub.add_parser(name, help=helptext)
        add_game(m, preset=False)
        m.add_argument("--seed", type=whole(0), default=0, help="seed of the deals and bots (default 0)")
        add_threads(m, "the hands played at once (each bot's solves then take one)" if name == "match"
                    else "the bots' solves")
        if name == "play":
            m.add_argument("--seat", type=whole(0), default=0, help="your seat (default 0)")
            m.add_argument(
                "--bots",
                default="pimc",
                help="the bots of the other seats in seat order after yours, comma list repeated to fill them (default pimc)",
            )
            m.add_argument("--hands", type=whole(1), default=1000, help="at most this many hands (default: the match)")
            m.add_argument("--no-review", action="store_true", help="no double-dummy review after each hand")
            m.add_argument("--record", default=None, help="write the hands played to this file: a hand record (JSON), or PBN for a .pbn name (whist presets)")
            add_lang(m, "the table, the prompts and the review")
        else:
            m.add_argument(
                "--bots",
                default="pimc,heuristic",
                help="bots by seat from seat 0, comma list repeated to fill the seats (random, heuristic, pimc, pimc:<samples>)",
            )
            m.add_argument("--hands", type=whole(1), default=100, help="hands to play (default 100)")
            m.add_argument("--fixed-seats", action="store_true", help="do not rotate the bots over the seats on each deal")
            m.add_argument("--quiet", action="store_true", help="no progress bar")
        m.set_defaults(func=func)
    b = sub.add_parser(
        "batch",
        help="solve many deals: npz or parquet output, resumable, on many workers or Ray",
        description="Solve many deals, one row per deal in OUT. Finished chunks are kept in OUT.parts "
        "until OUT is written: after Ctrl-C (exit code 130) or a kill, the same command again "
        "solves only the missing chunks. An existing OUT, or an OUT.parts of a run with other "
        "arguments, is refused unless --force is given.",
    )
    add_game(b)
    b.add_argument("--deals", type=whole(1), default=None, help="number of seeded deals (with --from: the first N)")
    b.add_argument("--seed", type=whole(0), default=0, help="seed of the run (default 0)")
    b.add_argument("--out", required=True, help="output file: .npz, or .parquet (pip install \"hukm[batch]\")")
    b.add_argument("--workers", type=whole(1), default=1, help="worker processes (default 1); with --ray: CPUs of the local Ray")
    add_threads(b, "each worker's solves (default: the cores this process may use, shared out among the workers)")
    b.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help='run the chunks as Ray tasks, on the cluster at ADDRESS or a local Ray (pip install "hukm[ray]")')
    b.add_argument("--where", action="append", default=None, metavar="CONSTRAINT",
                   help="a constraint on the seeded deals, e.g. 'spades(hand(0)) >= 5' (repeatable; see hukm.batch.where)")
    b.add_argument("--max-tries", type=whole(1), default=None, help="rejection budget: candidates drawn for one deal")
    b.add_argument("--from", dest="source", default=None, metavar="FILE",
                   help="solve the deals of FILE (one deal a line, .jsonl hand records, .pbn) instead of seeded ones")
    b.add_argument("--objective", choices=objectives(), default="tricks", help="the game's value or the kot query")
    b.add_argument("--chunk", type=whole(1), default=None, help="deals per chunk (default: about 100 chunks)")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.add_argument("--force", action="store_true",
                   help="replace an existing OUT, and start over when OUT.parts holds a run with other arguments")
    b.set_defaults(func=batch.run)
    w = sub.add_parser("serve", help='the web page to deal, play, replay and analyse (pip install "hukm[web]")')
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    w.add_argument("--port", type=whole(1), default=8765, help="port (default 8765)")
    w.add_argument("--open", action="store_true", help="open the page in the default browser")
    add_threads(w, "each analysis and review (at most two run at once)")
    add_lang(w, "the page --open opens (the page's menu changes it)")
    w.set_defaults(func=serve.run)
    return p
