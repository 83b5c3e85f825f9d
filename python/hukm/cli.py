"""The ``hukm`` command, built from the registry: every subcommand takes every game and
preset of :func:`hukm.games` and its options (``--option key=value``).

``hukm deal hokm --seed 7`` prints a seeded deal; ``hukm solve`` analyses a deal or a
position double-dummy; ``hukm play hokm`` plays against the bots; ``hukm match 28 --bots
pimc,heuristic`` compares bots. Bad input prints one line and exits with code 2; Ctrl-C
exits with code 130.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, NoReturn, Optional, Sequence

from . import _errors, play
from . import _position as _pos
from ._core import __version__, format_hand
from ._game import GameBase, foreign_preset
from .diagram import deal_diagram, suit_lines
from .registry import game as make_game
from .registry import games, info
from .solve import Solution, solve
from .twenty_eight import OUTCOMES

ALIASES = {"hokm": "hokm4", "twenty_eight": "28", "thunee": "thunee4"}
"""Short names of the command line (a family name stands for its main preset)."""


def names() -> list[str]:
    """Every game name the command takes: the registry's presets and the aliases."""
    return [g.name for g in games()] + sorted(ALIASES)


def one_line(message: str) -> str:
    """``message`` as one printable line: control characters (a newline or a carriage
    return inside an argument) are written as escapes.

    >>> print(one_line("unrecognized arguments: a" + chr(13) + "b"))
    unrecognized arguments: a\\rb
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"hukm: {one_line(message)}\n")


def _whole(lo: int) -> Any:
    def check(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if v < lo:
            raise argparse.ArgumentTypeError(f"{v} is below {lo}")
        return v

    check.__name__ = f"whole number >= {lo}"
    return check


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not v > 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return v


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"bad option {text!r}: write key=value, e.g. period=night")
    return key.strip(), value.strip()


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """The game options of a command: ``--option`` pairs plus the ``--pack`` and ``--players``
    shorthands; the same option given twice with different values is refused."""
    out: dict[str, str] = {}
    given = list(args.option or [])
    for key in ("pack", "players"):
        if getattr(args, key, None) is not None:
            given.append((key, str(getattr(args, key))))
    for key, value in given:
        if key in out and out[key] != value:
            raise _errors.OptionError(f"conflicting values for option {key}: {out[key]} and {value}")
        out[key] = value
    return out


def _same_family(alias: str, preset: str) -> None:
    """Refuses ``--preset`` of another family than the one the family name ``alias``
    stands for (``hukm solve hokm --preset 28``)."""
    family = info(ALIASES[alias]).family
    presets = tuple(g.name for g in games() if g.family == family)
    if preset not in presets:
        raise _errors.OptionError(f"--preset: {foreign_preset(preset, alias, presets)}")


def build_game(args: argparse.Namespace) -> GameBase:
    """The game a command names, with its options (``--preset`` may refine a family name)."""
    name = args.game
    preset = getattr(args, "preset", None)
    if preset is not None:
        if name in ALIASES:
            _same_family(name, preset)
            name = preset
        elif preset != name:
            raise _errors.OptionError(f"conflicting games: {args.game} and --preset {preset}")
    return make_game(ALIASES.get(name, name), **game_options(args))


def _header(game: GameBase, state: Any, seed: int) -> str:
    obs = state.observation(0)
    parts = [f"{game.preset}, seed {seed}"]
    who = []
    for key, label in (("dealer", "dealer"), ("hakem", "Hakem"), ("banker", "banker")):
        if obs.get(key) is not None:
            who.append(f"{label} seat {obs[key]}")
    if game.family == "twenty_eight":
        who.append(f"seat {(obs['dealer'] + 1) % game.num_players} bids first")
    if game.family == "dashavatara":
        who.append(f"trump {obs['trump']} ({obs['period']})")
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


def _cmd_deal(args: argparse.Namespace) -> int:
    from .term import Screen

    game = build_game(args)
    state = game.new_game(args.seed)
    hands = state.hands()
    print(_header(game, state, args.seed))
    print()
    Screen().table(state)
    print()
    obs = state.observation(0)
    if state.phase == "trump" and game.family == "hokm":
        hakem = obs["hakem"]
        first5 = format_hand(state.observation(hakem)["hand"], game.pack)
        print(f"The Hakem (seat {hakem}) names trumps from his first five: {first5}")
    elif state.phase == "auction":
        print("The auction for sars starts at the dealer's right (the next seat).")
    elif game.family == "hokm":
        print("Nobody calls trumps: the first player out of a suit fixes them.")
    if game.family in ("ganjifa", "dugi") and obs.get("lead_suit"):
        lead = obs["lead_suit"]
        i = game.suits.index(lead)
        opener = next(s for s, h in enumerate(hands) if h.split(".")[i].startswith("K"))
        verb = "opens" if game.family == "ganjifa" else "challenges"
        print(f"The King of {lead} is with seat {opener}, who {verb}.")
    if game.family == "dashavatara":
        print(f"Seat {state.current_player} holds the trump Raja and opens with it.")
    print(f"deal: {game.deal(args.seed)}")
    return 0


POSITION_FLAGS = _pos.KEYWORDS
"""Command-line flags that are ``from_deal`` keywords of some game."""

SOLVE_CAP = 16
"""Largest hand the command solves in the Ganjifa games without ``--force``."""


def _position_flags(game: GameBase, args: argparse.Namespace) -> dict[str, Any]:
    """The flags given that are ``from_deal`` keywords of the game (a flag the game does
    not take is refused)."""
    accepted = _pos.keywords_of(game)
    kw: dict[str, Any] = {}
    for flag in POSITION_FLAGS:
        value = getattr(args, flag, None)
        if value is None:
            continue
        if flag not in accepted:
            raise _errors.StateError(f"--{flag} does not apply to {game.preset}")
        kw[flag] = value
    return kw


def _position(game: GameBase, args: argparse.Namespace) -> Any:
    """The state of ``hukm solve``: ``from_deal`` of the given deal with the flags that are
    that game's keywords."""
    return _pos.position(game, args.deal, _position_flags(game, args), "--")


def _print_action_bounds(sol: Solution, what: str, width: int) -> None:
    """Each action's range of a stopped anytime solve (one number when it is known)."""
    print(f"{what} values (lowest..highest still possible):")
    for action, (lo, hi) in sol.action_bounds.items():
        print(f"  {action:<{width}} {lo if lo == hi else f'{lo}..{hi}'}")


def _print_solution(state: Any, sol: Solution, args: argparse.Namespace, unit: str) -> None:
    if not sol.exact and sol.bounds is not None:
        lo, hi = sol.bounds
        print(f"double-dummy value: between {lo} and {hi} {unit} ({sol.stopped}; {sol.nodes} nodes)")
        width = max([5] + [len(a) for a in sol.action_bounds])
        _print_action_bounds(sol, "action" if state.game != "hokm" else "card", width)
        return
    print(f"double-dummy value: {sol.value} {unit} ({sol.nodes} nodes)")
    best = sol.best_actions() if state.current_player == sol.player else [
        a for a, v in sol.actions.items() if v == sol.value
    ]
    print("action values:" if state.game != "hokm" else "card values:")
    width = max([5] + [len(a) for a in sol.actions])
    for action, value in sol.actions.items():
        mark = "  best" if action in best else ""
        print(f"  {action:<{width}} {value}{mark}")


class SolveProgress:
    r"""The progress line of a long ``hukm solve`` on a terminal: the bounds proven so far,
    narrowing as the search goes ("between 5 and 8 tricks, still searching"), redrawn in
    place; nothing for the first ``after`` seconds, nor when the stream is not a terminal
    (unless ``force``). A ``progress`` callback for :func:`hukm.solve`.

    >>> import io
    >>> out = io.StringIO()
    >>> p = SolveProgress("tricks", stream=out, after=0.0, force=True)
    >>> p(2, 9, 1000); p(4, 9, 250000); p.close()
    >>> out.getvalue().split("\r")[2].strip()
    'between 4 and 9 tricks, still searching (0 s)'
    """

    def __init__(self, unit: str, stream: Any = None, after: float = 1.0, force: bool = False) -> None:
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.after = after
        self.start = time.monotonic()
        self.on = force or bool(getattr(self.stream, "isatty", lambda: False)())
        self.width = 0

    def __call__(self, lo: int, hi: int, nodes: int) -> None:
        if not self.on or time.monotonic() - self.start < self.after or lo == hi:
            return
        line = f"between {lo} and {hi} {self.unit}, still searching ({time.monotonic() - self.start:.0f} s)"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def close(self) -> None:
        """Clears the line (the answer is printed after it)."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


UNITS = {
    "hokm": "tricks",
    "twenty_eight": "card points",
    "ganjifa": "tricks",
    "dugi": "(1: wins the hand)",
    "dashavatara": "cards",
    "naqsh": "(net result of the hand)",
    "thunee": "(card points; balls in a Thunee or Royals)",
}


def _table(game: GameBase, args: argparse.Namespace) -> int:
    """``hukm solve <game> --seed N`` for the games with a double-dummy table."""
    deal = game.deal(args.seed)
    hands = deal.split()
    print(f"{game.preset}, seed {args.seed}")
    print()
    print(hands_text(game, hands))
    print()
    print(f"deal: {deal}")
    print()
    lim = {"threads": args.threads, "timeout": args.timeout}
    if game.family == "twenty_eight":
        dealer = game.new_game(args.seed).observation(0)["dealer"]
        leader = (dealer + 1) % game.num_players if args.leader is None else args.leader
        table = game.dd_table(deal, leader=leader, **lim)
        print(f"{'bidder:':<10}" + "".join(f"{'seat ' + str(i):>8}" for i in range(game.num_players)))
        for suit, row in zip(game.suits, table):
            print(f"{'trump ' + suit:<10}" + "".join(f"{int(v):>8}" for v in row))
        lo = game.bid_range[0]  # type: ignore[attr-defined]
        print(
            f"(each cell: card points the bidder's side takes with best play, seat {leader} leading, "
            f"trumps open from trick 1 - the highest makeable bid; bids start at {lo})"
        )
        return 0
    names = ["spades", "hearts", "diamonds", "clubs", "no trump"]
    n = game.num_players
    if n == 4:
        rows = [[int(x) for x in r] for r in game.dd_table(deal, **lim)]
        what = "tricks the leader's side takes with best play"
    else:
        rows = []
        for trump in ["S", "H", "D", "C", None]:
            rows.append(
                [
                    solve(game.from_deal(deal, trump=trump, leader=p), p, timeout=args.timeout).value
                    for p in range(n)
                ]
            )
        what = "tricks the leader takes alone against the others"
    print(f"{'leader:':<12}" + "".join(f"{'seat ' + str(i):>8}" for i in range(n)))
    for name, row in zip(names, rows):
        print(f"{name:<12}" + "".join(f"{v:>8}" for v in row))
    print(f"(each cell: {what})")
    return 0


def _seeded_play(game: GameBase, args: argparse.Namespace) -> tuple[Any, list[str]]:
    """``hukm solve GAME --seed N`` for a game without a table: the seeded deal of
    ``new_game``, its auction and trump choice settled by ``--trump`` (where that choice
    is legal) and the bot ``--bot`` for the rest, up to the first card; with the lines
    that say so (printed once the position is accepted)."""
    from .bots import by_name

    flags = [f"--{k}" for k in _position_flags(game, args) if k != "trump"]
    if flags:
        raise _errors.StateError(
            f"{flags[0]} needs a deal; a seeded deal is played from its start (--trump and --bot settle it)"
        )
    state = game.new_game(args.seed)
    bot = by_name(args.bot, seed=args.seed)
    hand = state.observation(0).get("hand_number")
    taken: list[str] = []
    trump = None if args.trump is None else f"trump:{args.trump}"
    while state.phase not in ("play", "over") and state.observation(0).get("hand_number") == hand:
        legal = state.legal_actions()
        if trump is not None and state.phase == "trump" and state.current_player >= 0:
            if trump not in legal:
                raise _errors.StateError(f"--trump {args.trump} is not a choice here; choices: {', '.join(legal)}")
            action = trump
        else:
            action = bot.act(state)
        taken.append(f"seat {state.current_player} {action}")
        state.apply(action)
    if trump is not None and not any(t.endswith(trump) for t in taken):
        raise _errors.StateError(f"--trump does not apply to a seeded deal of {game.preset} (no trump choice)")
    lines = [_header(game, state, args.seed)]
    if taken:
        lines.append(f"settled by {'--trump and ' if trump else ''}the {args.bot} bot: {', '.join(taken)}")
    return state, lines + [""]


def _cmd_solve(args: argparse.Namespace) -> int:
    game = build_game(args)
    _position_flags(game, args)
    whist_table = game.family == "hokm" and game.preset in ("hokm4", "hokm3", "court_piece", "single_sar")
    if args.deal is None and (whist_table or game.family == "twenty_eight") and args.target is None:
        return _table(game, args)
    said: list[str] = []
    if args.deal is None:
        state, said = _seeded_play(game, args)
    else:
        state = _position(game, args)
    if game.family in ("ganjifa", "dugi", "dashavatara"):
        size = max(len(h.replace(".", "").replace("-", "")) for h in state.hands())
        if size > SOLVE_CAP and not args.force:
            raise _errors.StateError(
                f"{size} cards a hand is beyond what exact search finishes quickly; add --force to try"
            )
    for text in said:
        print(text)
    player = args.player
    if player is None:
        player = args.bidder if game.family == "twenty_eight" and args.bidder is not None else None
        if player is None and game.family == "twenty_eight":
            player = 0
        if player is None and game.family == "hokm":
            player = args.leader if args.leader is not None else 0
    objective = args.objective
    anytime = args.target is None and game.family in ("hokm", "twenty_eight", "dashavatara")
    tens = game.family == "hokm" and (game.preset == "dehla_pakad" or game.options.get("scoring") == "dehla")
    words = "(1: kot)" if objective == "kot" else "tens" if tens else UNITS[game.family]
    line = SolveProgress(words)
    try:
        sol = solve(
            state, player, objective=objective, target=args.target, timeout=args.timeout,
            bounds=anytime, progress=line if anytime else None,
        )
    finally:
        line.close()
    print(str(state).rstrip())
    print()
    if args.target is not None:
        print(f"outcome for the bidding side, target {args.target}: {OUTCOMES[sol.value]} ({sol.nodes} nodes)")
        print("action outcomes:")
        for action, value in sol.actions.items():
            print(f"  {action:<5} {OUTCOMES[value]}")
        return 0
    if objective == "kot":
        def word(lo: int, hi: int) -> str:
            return "not decided" if lo != hi else "yes" if lo else "no"

        if not sol.exact and sol.bounds is not None:
            print(f"kot for the side of seat {sol.player}: {word(*sol.bounds)} ({sol.stopped}; {sol.nodes} nodes)")
            for action, (lo, hi) in sol.action_bounds.items():
                print(f"  {action:<5} {word(lo, hi)}")
            return 0
        print(f"kot for the side of seat {sol.player}: {'yes' if sol.value else 'no'} ({sol.nodes} nodes)")
        for action, value in sol.actions.items():
            print(f"  {action:<5} {'yes' if value else 'no'}")
        return 0
    if game.family == "dashavatara":
        if not sol.exact and sol.bounds is not None:
            lo, hi = sol.bounds
            print(f"double-dummy value: seat {sol.player} captures between {lo} and {hi} cards against the other two ({sol.stopped}; {sol.nodes} nodes)")
            _print_action_bounds(sol, "action", 20)
            return 0
        print(f"double-dummy value: seat {sol.player} captures {sol.value} cards against the other two ({sol.nodes} nodes)")
        best = [a for a, v in sol.actions.items() if v == sol.value]
        print("action values:")
        for action, value in sol.actions.items():
            print(f"  {action:<20} {value}{'  best' if action in best else ''}")
        return 0
    partners = game.family in ("twenty_eight", "dugi") or (
        game.family in ("hokm", "thunee") and game.num_players in (4, 6)
    )
    side = f"the side of seat {sol.player}" if partners else f"seat {sol.player}"
    unit = f"{UNITS[game.family]} for {side}"
    if sol.tricks is not None:
        unit = f"tens for {side} (then {sol.tricks} tricks collected)"
    elif tens:
        unit = f"tens for {side}"
    if game.family == "hokm" and args.deal is not None:
        print(f"trump {args.trump or 'none'}, seat {args.leader or 0} to lead")
    _print_solution(state, sol, args, unit)
    return 0


def _write_picture(svg: str, path: str) -> None:
    """Writes an SVG picture, or a PNG one when ``path`` ends in ``.png`` (``hukm[png]``)."""
    try:
        if path.lower().endswith(".png"):
            from ._svg.raster import write_png

            write_png(svg, path, 1280)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
    except OSError as e:
        raise _errors.StateError(f"cannot write {path}: {e.strerror}") from None


def _cmd_show(args: argparse.Namespace) -> int:
    """``hukm show``: a deal or position drawn in the terminal, and as SVG or PNG."""
    from .term import Screen, show_analysis

    game = build_game(args)
    kw = _position_flags(game, args)
    if args.deal is not None:
        state = _position(game, args)
    else:
        if kw:
            raise _errors.StateError(f"--{next(iter(kw))} needs a deal")
        state = game.new_game(args.seed)
    for i, action in enumerate((args.actions or "").split()):
        try:
            state.apply(action)
        except _errors.IllegalActionError as e:
            raise _errors.IllegalActionError(f"--actions, action {i} ({action}): {e}") from None
    if args.advance:
        from .bots import Heuristic

        bot = Heuristic(seed=args.seed)
        for _ in range(args.advance):
            if state.is_terminal():
                break
            state.apply(bot.act(state))
    n = len(state.hands())
    if args.viewer is not None and not 0 <= args.viewer < n:
        raise _errors.StateError(f"--viewer {args.viewer} out of range 0..{n - 1}")
    screen = Screen()
    screen.table(state, viewer=args.viewer)
    sol = show_analysis(state, screen) if args.analysis else None
    if args.svg or args.png:
        from . import svg as pictures

        picture = pictures.render(state, viewer=args.viewer, analysis=sol or False)
        for path in (args.svg, args.png):
            if path:
                _write_picture(picture, path)
                print(f"wrote {path}")
    return 0


def _read_record(args: argparse.Namespace) -> Any:
    """The hand record of ``args.record``: JSON, or game ``--board`` of a PBN file."""
    from .record import HandRecord

    try:
        with open(args.record, "rb") as f:
            data = f.read()
    except OSError as e:
        raise _errors.StateError(f"cannot read {args.record}: {e.strerror}") from None
    if args.record.lower().endswith((".pbn", ".lin")):
        from . import lin, pbn

        games = (pbn if args.record.lower().endswith(".pbn") else lin).loads(data)
        if not 1 <= args.board <= len(games):
            raise _errors.StateError(f"--board {args.board}: {args.record} has {len(games)} games")
        return games[args.board - 1]
    return HandRecord.from_json(data.decode("utf-8", errors="replace"))


def _cmd_review(args: argparse.Namespace) -> int:
    """``hukm review``: the double-dummy review of a played hand, and its chart."""
    from .review import review

    try:
        marks = None if args.marks is None else [int(x) for x in args.marks.split(",")]
    except ValueError:
        raise _errors.StateError(f"--marks {args.marks!r}: three whole numbers, e.g. 1,1,2") from None
    r = review(_read_record(args), player=args.player, timeout=args.timeout, budget=args.budget, marks=marks)
    print(r.text())
    if args.chart:
        _write_picture(r.chart(), args.chart)
        print(f"wrote {args.chart}")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    """``hukm replay``: a hand record replayed, drawn in the terminal, with one picture per
    action (the frames of a video) on request."""
    import os

    from . import svg as pictures
    from .record import replay
    from .term import Screen

    rec = _read_record(args)
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
            _write_picture(picture, os.path.join(frames, f"frame_{k:04d}.svg"))
        print(f"wrote {step + 1} frames to {frames}")
    if args.video:
        from . import video

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


def _add_game(p: argparse.ArgumentParser, *, preset: bool = True) -> None:
    p.add_argument("game", choices=names(), metavar="GAME", help="a game or preset of `hukm.games()` (hokm is hokm4)")
    p.add_argument("--option", type=_option, action="append", help="a game option key=value (repeatable)")
    p.add_argument("--pack", default=None, help="shorthand for --option pack=NAME (Ganjifa, Dugi, Naqsh)")
    p.add_argument("--players", type=_whole(2), default=None, help="shorthand for --option players=N")
    if preset:
        p.add_argument("--preset", default=None, help="a preset of the family (with `hokm` or `twenty_eight`)")


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    p = _Parser(prog="hukm", description="Trick-taking games of Iran and South Asia.")
    p.add_argument("--version", action="version", version=f"hukm {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    d = sub.add_parser("deal", help="print a seeded deal")
    _add_game(d)
    d.add_argument("--seed", type=_whole(0), default=0, help="seed of the deal (default 0)")
    d.set_defaults(func=_cmd_deal)
    s = sub.add_parser("solve", help="exact double-dummy analysis of a deal or position")
    _add_game(s)
    s.add_argument("deal", nargs="?", default=None, help="hands in seat order; omit for the seeded deal (its table, or its first card)")
    s.add_argument("--seed", type=_whole(0), default=0, help="seed of the deal when none is given")
    s.add_argument("--trump", default=None, help="Hokm: S, H, D, C or N; Twenty-eight: the open trump suit")
    s.add_argument("--leader", type=_whole(0), default=None, help="seat on lead")
    s.add_argument("--hakem", type=_whole(0), default=None, help="Hokm: the Hakem's seat")
    s.add_argument("--bidder", type=_whole(0), default=None, help="Twenty-eight: the bidder's seat (default 0)")
    s.add_argument("--indicator", default=None, help="Twenty-eight: the bidder's concealed indicator")
    s.add_argument("--contract", type=_whole(0), default=None, help="Twenty-eight: the contract")
    s.add_argument("--banker", type=_whole(0), default=None, help="Naqsh: the banker's seat")
    s.add_argument("--stock", default=None, help="Naqsh: the stock from the top, cards joined by +; thunee2: the second round")
    s.add_argument("--trumper", type=_whole(0), default=None, help="Thunee: the trumper's seat (default 1)")
    s.add_argument("--bid", type=_whole(0), default=None, help="Thunee: the winning bid (default 0)")
    s.add_argument("--thunee", type=_whole(0), default=None, help="Thunee: the seat that called Thunee")
    s.add_argument("--royals", type=_whole(0), default=None, help="Thunee: the seat that called Royals")
    s.add_argument("--player", type=_whole(0), default=None, help="whose side to count")
    s.add_argument("--objective", choices=["tricks", "kot"], default="tricks", help="the game's value or the kot query")
    s.add_argument("--target", type=int, default=None, help="Twenty-eight: outcome against this target")
    s.add_argument("--threads", type=_whole(1), default=None, help="threads (default: every core)")
    s.add_argument("--timeout", type=_seconds, default=None, help="stop a solve after this many seconds")
    s.add_argument("--force", action="store_true", help="Ganjifa games: solve hands of any size")
    s.add_argument(
        "--bot",
        default="heuristic",
        help="a seeded deal without a table: the bot that settles its auction and trump (random, heuristic, pimc)",
    )
    s.set_defaults(func=_cmd_solve)
    v = sub.add_parser("show", help="draw a deal or position (terminal, SVG, PNG)")
    _add_game(v)
    v.add_argument("deal", nargs="?", default=None, help="hands in seat order; omit for the seeded deal")
    v.add_argument("--seed", type=_whole(0), default=0, help="seed of the deal when none is given")
    for flag in POSITION_FLAGS:
        kind = _whole(0) if flag in _pos.WHOLE else str
        v.add_argument(f"--{flag}", type=kind, default=None, help=f"the position's {flag} (as for hukm solve)")
    v.add_argument("--actions", default=None, help="actions to play first, separated by spaces")
    v.add_argument("--advance", type=_whole(0), default=0, help="then let the heuristic bot play this many actions")
    v.add_argument("--viewer", type=_whole(0), default=None, help="draw the table as this seat sees it")
    v.add_argument("--analysis", action="store_true", help="each legal card's double-dummy value")
    v.add_argument("--svg", default=None, help="write the picture as SVG to this file")
    v.add_argument("--png", default=None, help='write the picture as PNG to this file (pip install "hukm[png]")')
    v.set_defaults(func=_cmd_show)
    r = sub.add_parser("replay", help="replay a hand record (JSON)")
    r.add_argument("record", help="a hand record file (hukm play --record, State.record().to_json()), or a .pbn or .lin file")
    r.add_argument("--board", type=_whole(1), default=1, help="which game of a .pbn or .lin file, from 1 (default 1)")
    r.add_argument("--step", type=_whole(0), default=None, help="stop after this many actions (default: all)")
    r.add_argument("--viewer", type=_whole(0), default=None, help="draw the table as this seat sees it")
    r.add_argument("--svg-frames", default=None, help="write one SVG picture per action into this folder (a finished trick held with its winner)")
    r.add_argument("--video", default=None,
                   help='write the hand as a video: .mp4, .webm or .gif, with captions (pip install "hukm[video]")')
    r.add_argument("--fps", type=_whole(1), default=10, help="video frames a second (default 10)")
    r.add_argument("--size", default="720p", help="video size: 720p, 1080p, square, 360p or WIDTHxHEIGHT (default 720p)")
    r.add_argument("--analysis", action="store_true",
                   help="video: double-dummy values on the cards and what each card played cost")
    r.set_defaults(func=_cmd_replay)
    w = sub.add_parser("review", help="the double-dummy review of a played hand: what each card cost")
    w.add_argument("record", help="a hand record file (JSON, or PBN with --board)")
    w.add_argument("--board", type=_whole(1), default=1, help="which game of a PBN file (default 1)")
    w.add_argument("--player", type=_whole(0), default=0, help="the side whose values are shown (default seat 0)")
    w.add_argument("--timeout", type=_seconds, default=30.0, help="seconds the solver may spend a position (default 30)")
    w.add_argument("--budget", type=_seconds, default=None, help="seconds for the whole review (default: no limit)")
    w.add_argument("--marks", default=None, help="least cost of an inaccuracy, a mistake, a blunder (e.g. 1,1,2)")
    w.add_argument("--chart", default=None, help="write the chart of the value as SVG, or PNG for a .png name")
    w.set_defaults(func=_cmd_review)
    for name, helptext, func in (
        ("play", "play against the bots in the terminal", play.cmd_play),
        ("match", "a match between bots, with statistics", play.cmd_match),
    ):
        m = sub.add_parser(name, help=helptext)
        _add_game(m, preset=False)
        m.add_argument("--seed", type=_whole(0), default=0, help="seed of the deals and bots (default 0)")
        m.add_argument("--threads", type=_whole(1), default=None, help="threads (default: every core)")
        if name == "play":
            m.add_argument("--seat", type=_whole(0), default=0, help="your seat (default 0)")
            m.add_argument(
                "--bots",
                default="pimc",
                help="the bots of the other seats in seat order after yours, comma list repeated to fill them (default pimc)",
            )
            m.add_argument("--hands", type=_whole(1), default=1000, help="at most this many hands (default: the match)")
            m.add_argument("--no-review", action="store_true", help="no double-dummy review after each hand")
            m.add_argument("--record", default=None, help="write the hands played to this file: a hand record (JSON), or PBN for a .pbn name (whist presets)")
        else:
            m.add_argument(
                "--bots",
                default="pimc,heuristic",
                help="bots by seat from seat 0, comma list repeated to fill the seats (random, heuristic, pimc, pimc:<samples>)",
            )
            m.add_argument("--hands", type=_whole(1), default=100, help="hands to play (default 100)")
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
    _add_game(b)
    b.add_argument("--deals", type=_whole(1), default=None, help="number of seeded deals (with --from: the first N)")
    b.add_argument("--seed", type=_whole(0), default=0, help="seed of the run (default 0)")
    b.add_argument("--out", required=True, help="output file: .npz, or .parquet (pip install \"hukm[batch]\")")
    b.add_argument("--workers", type=_whole(1), default=1, help="worker processes (default 1); with --ray: CPUs of the local Ray")
    b.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help='run the chunks as Ray tasks, on the cluster at ADDRESS or a local Ray (pip install "hukm[ray]")')
    b.add_argument("--where", action="append", default=None, metavar="CONSTRAINT",
                   help="a constraint on the seeded deals, e.g. 'spades(hand(0)) >= 5' (repeatable; see hukm.batch.where)")
    b.add_argument("--max-tries", type=_whole(1), default=None, help="rejection budget: candidates drawn for one deal")
    b.add_argument("--from", dest="source", default=None, metavar="FILE",
                   help="solve the deals of FILE (one deal a line, .jsonl hand records, .pbn) instead of seeded ones")
    b.add_argument("--objective", choices=["tricks", "kot"], default="tricks", help="the game's value or the kot query")
    b.add_argument("--chunk", type=_whole(1), default=None, help="deals per chunk (default: about 100 chunks)")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.add_argument("--force", action="store_true",
                   help="replace an existing OUT, and start over when OUT.parts holds a run with other arguments")
    b.set_defaults(func=_cmd_batch)
    w = sub.add_parser("serve", help='the web page to deal, play, replay and analyse (pip install "hukm[web]")')
    w.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    w.add_argument("--port", type=_whole(1), default=8765, help="port (default 8765)")
    w.add_argument("--open", action="store_true", help="open the page in the default browser")
    w.set_defaults(func=_cmd_serve)
    return p


def _cmd_batch(args: argparse.Namespace) -> int:
    """``hukm batch``: :func:`hukm.batch.run` with a progress bar (rate and ETA); after
    Ctrl-C, one line telling how many chunks are kept, and exit code 130."""
    from .batch.progress import bar
    from .batch.run import Stopped, run
    from .batch.source import MAX_TRIES

    game = build_game(args)
    try:
        with bar(args.quiet) as progress:
            r = run(game, deals=args.deals, seed=args.seed, out=args.out, workers=args.workers,
                    backend="local" if args.ray is None else "ray", address=args.ray or None,
                    where=args.where or (), source=args.source, objective=args.objective,
                    max_tries=MAX_TRIES if args.max_tries is None else args.max_tries,
                    chunk=args.chunk, progress=progress, force=args.force)
    except Stopped as e:
        print(f"hukm: stopped: {e.kept} of {e.chunks} chunks kept in {one_line(e.parts)}; "
              "run the same command again to resume", file=sys.stderr)
        return 130
    resumed = f", {r.resumed} of {r.chunks} chunks resumed" if r.resumed else ""
    print(f"wrote {r.out}: {r.deals} deals{resumed}, {r.rate:.1f} deals/s")
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    """``hukm serve``: the web page on a local server until Ctrl-C."""
    try:
        from .web import serve
    except ImportError as e:
        raise _errors.StateError(f'the page needs its server: pip install "hukm[web]" ({e})') from None
    if args.port > 65535:
        raise _errors.StateError(f"--port {args.port} out of range 1..65535")
    serve(args.host, args.port, open_browser=args.open)
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point of the ``hukm`` command: 0 on success, 2 for bad input (one line on
    stderr), 130 after Ctrl-C."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    try:
        return int(args.func(args))
    except _errors.HukmError as e:
        print(f"hukm: {one_line(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hukm: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. `| head`)
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
