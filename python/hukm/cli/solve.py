"""``hukm solve``: the double-dummy analysis of a deal or position, or the table of a seeded
deal, graded (exact, proven bounds or an estimate) within a time limit (30 s by default,
``--timeout``; ``--exact`` waits for the exact answer), with a progress line on standard
error while it searches."""

from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Any, Optional

from .. import _errors
from .._game import GameBase
from ..i18n import Translator
from ..solve import Solution, solve
from ..packs import pack_of_game
from ..svg.wording import EN, action_label, grade_text, solution_text, tr_of, value_note, value_num
from .args import build_game, lang_of, position, position_flags
from .common import hands_text, seeded_play
from .term import Screen

DEFAULT_TIMEOUT = 30.0
"""Seconds ``hukm solve`` gives a position unless ``--timeout`` or ``--exact`` says
otherwise: then it prints the best grade reached."""


def _line(sol: Solution, action: str, width: int, best: set[str], worse: set[str], tr: Translator = EN,
          label: str = "") -> str:
    """One action's line: its value with its grade (the proven bounds beside an estimate),
    ``best`` or ``proven worse``, in ``tr``'s language; ``label`` names the action (default
    its code)."""
    if tr is EN:
        text = str(sol.actions[action]) if sol.exact else sol.text(action)
    else:
        text = value_num(tr, sol.actions[action]) if sol.exact else solution_text(tr, sol, action)
    if sol.grade_of(action) == "estimate":
        lo, hi = sol.bounds_of(action)
        text += f"  [{value_num(tr, lo)}..{value_num(tr, hi)}]"
    mark = "  " + tr.t("best") if action in best else "  " + tr.t("proven worse") if action in worse else ""
    return f"  {label or action:<{width}} {text}{mark}"


def _about(sol: Solution, tr: Translator = EN) -> str:
    """What stopped a graded answer (in English: the solver's own words), its nodes and the
    play-outs behind its estimates."""
    parts = [sol.stopped or "" if tr is EN else "", tr.nt("{n} nodes", "{n} nodes", sol.nodes, n=sol.nodes)]
    if sol.estimate is not None:
        n = max([e.samples for e in sol.estimate.actions.values()] + [sol.estimate.value.samples])
        parts.append(tr.t("estimates from {n} play-outs an action, {moves} moves", n=n, moves=sol.estimate.moves))
    return tr.t("; ").join(p for p in parts if p)


def amount(n: int, unit: str) -> str:
    """``n`` with its unit, singular for one (the first word of the unit loses its ``s``).

    >>> amount(1, "tens"), amount(2, "tens"), amount(1, "tricks collected"), amount(-1, "balls")
    ('1 ten', '2 tens', '1 trick collected', '-1 ball')
    """
    first, sep, rest = unit.partition(" ")
    if abs(n) == 1 and first.endswith("s") and first != "is":
        first = first[:-1]
    return f"{n} {first}{sep}{rest}"


def _value_line(sol: Solution, what: str, unit: str = "") -> str:
    """``double-dummy value: exact 9 tricks for seat 0 (...)`` or its graded form, the proven
    bounds beside an estimate; ``unit`` is the value's unit, written before ``what`` (and
    in the singular for an exact value of one)."""
    if sol.exact:
        counted = amount(sol.value, unit) if unit else str(sol.value)
        return f"double-dummy value: exact {counted} {what}".rstrip() + f" ({sol.nodes} nodes)"
    lo, hi = sol.bounds_of()
    proven = f"; proven between {lo} and {hi}" if sol.grade == "estimate" else ""
    return f"double-dummy value: {sol.text()} {unit} {what}".replace("  ", " ").rstrip() + f"{proven} ({_about(sol)})"


def _value_said(state: Any, sol: Solution, tr: Translator) -> str:
    """The value line in a language other than English: the side, the value with its grade
    (an exact one with its unit), the proven bounds beside an estimate, the nodes and the
    play-outs."""
    if sol.exact:
        value = tr.t("exact {value}", value=value_note(state, sol.value, tr))
    else:
        value = solution_text(tr, sol)
        if sol.grade == "estimate":
            lo, hi = sol.bounds_of()
            value = tr.t("{estimate}; proven {bounds}", estimate=value, bounds=grade_text(tr, "bounds", lo, hi))
    line = tr.t("double dummy (all hands known) for seat {seat}'s side: {value}", seat=tr.num(sol.player), value=value)
    return f"{line} ({_about(sol, tr)})"


def _print_solution(state: Any, sol: Solution, moves: str, unit: str, what: str = "", tr: Translator = EN) -> None:
    print(_value_line(sol, what, unit) if tr is EN else _value_said(state, sol, tr))
    if sol.exact:
        best = set(sol.best_actions()) if state.current_player == sol.player else {
            a for a, v in sol.actions.items() if v == sol.value
        }
    else:
        best = set(sol.best_actions())
    worse = set() if sol.exact else set(sol.proven_worse())
    if tr is not EN:
        print(tr.t("values:") if sol.exact else tr.t("values (exact, between proven bounds, or about an estimate):"))
    else:
        head = "values" if sol.exact else "values (exact, between proven bounds, or about an estimate)"
        print(f"{moves} {head}:")
    pack = pack_of_game(state)
    labels = {a: a if tr is EN or pack.is_card(a) else action_label(pack, a, tr) for a in sol.actions}
    width = max([5] + [len(x) for x in labels.values()])
    for action in sol.actions:
        print(_line(sol, action, width, best, worse, tr, labels[action]))


class SolveProgress:
    r"""The progress line of a long ``hukm solve``: the bounds proven so far ("between 5 and 8
    tricks, still searching"), on standard error. On a terminal it is redrawn in place
    every second; when the output is not a terminal (a pipe, a file) a plain line is
    written every ``every`` seconds instead, so a long solve is never silent. Nothing for
    the first ``after`` seconds (one on a terminal, ``every`` elsewhere). ``progress`` is
    the callback for :func:`hukm.solve`; use the object as a context manager around the
    solve (``with SolveProgress(...) as p``).

    >>> import io
    >>> out = io.StringIO()
    >>> p = SolveProgress("tricks", stream=out, after=0.0, redraw=True)
    >>> p.progress(2, 9, 1000); p.progress(4, 9, 250000); p.tick(); p.close()
    >>> out.getvalue().split("\r")[1].strip()
    'between 4 and 9 tricks, still searching (0 s)'
    """

    def __init__(self, unit: str, stream: Any = None, after: Optional[float] = None, redraw: Optional[bool] = None,
                 every: float = 5.0, tr: Translator = EN) -> None:
        self.unit = unit
        self.tr = tr
        self.stream = sys.stderr if stream is None else stream
        self.every = every
        self.start = time.monotonic()
        self.redraw = bool(getattr(self.stream, "isatty", lambda: False)()) if redraw is None else redraw
        self.after = (1.0 if self.redraw else every) if after is None else after
        self.bounds: Optional[tuple[int, int]] = None
        self.width = 0
        self.last = -float("inf")
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def progress(self, lo: int, hi: int, nodes: int) -> None:
        """The solve's callback: the bounds of the value proven so far."""
        self.bounds = (lo, hi)

    def text(self) -> str:
        """The line as it stands."""
        tr = self.tr
        took = tr.digits(f"{time.monotonic() - self.start:.0f}")
        if self.bounds is None or self.bounds[0] == self.bounds[1]:
            return tr.t("still searching ({seconds} s)", seconds=took)
        lo, hi = self.bounds
        if tr is EN:
            return f"between {lo} and {hi} {self.unit}, still searching ({took} s)"
        return tr.t("{bounds}, still searching ({seconds} s)", bounds=grade_text(tr, "bounds", lo, hi), seconds=took)

    def tick(self) -> None:
        """Writes the line when due (redrawn in place, or a new line every ``every`` s)."""
        elapsed = time.monotonic() - self.start
        if elapsed < self.after:
            return
        line = self.text()
        if self.redraw:
            self.stream.write("\r" + line.ljust(self.width))
            self.width = len(line)
        elif elapsed - self.last >= self.every:
            self.stream.write(line + "\n")
            self.last = elapsed
        else:
            return
        self.stream.flush()

    def __enter__(self) -> "SolveProgress":
        def run() -> None:
            while not self._stop.wait(min(1.0, self.every)):
                self.tick()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Stops the ticking and clears a redrawn line (the answer is printed after it)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


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
    shape = game.description.table
    if shape is not None and shape.columns == "bidder":
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
                    solve(game.from_deal(deal, trump=trump, leader=p), p, timeout=args.timeout, exact=True,
                          threads=args.threads).value
                    for p in range(n)
                ]
            )
        what = "tricks the leader takes alone against the others"
    print(f"{'leader:':<12}" + "".join(f"{'seat ' + str(i):>8}" for i in range(n)))
    for name, row in zip(names, rows):
        print(f"{name:<12}" + "".join(f"{v:>8}" for v in row))
    print(f"(each cell: {what})")
    return 0


def run(args: argparse.Namespace) -> int:
    game = build_game(args)
    position_flags(game, args)
    described = game.description
    by_bidder = described.table is not None and described.table.columns == "bidder"
    if args.deal is None and (described.whist or by_bidder) and args.target is None:
        return _table(game, args)
    said: list[str] = []
    tr = tr_of(lang_of(args))
    if args.deal is None:
        state, said = seeded_play(game, args, tr)
    else:
        state = position(game, args)
    if args.exact and described.quick_hand is not None:
        size = max(len(h.replace(".", "").replace("-", "")) for h in state.hands())
        if size > described.quick_hand and not args.force:
            raise _errors.StateError(
                f"{size} cards a hand is beyond what exact search finishes quickly; add --force to wait, "
                "or leave out --exact for the best grade in the time given"
            )
    for text in said if tr is EN else said[1:]:  # the header line names the preset in English
        print(text)
    # The side counted: the one asked about (--player, or the bidder's or leader's seat
    # given), else the player to move's.
    player = args.player
    counted = None if described.counted is None else described.keyword(described.counted)
    if player is None and counted is not None:
        player = getattr(args, counted.name, None)
    objective = args.objective
    asked = described.objective(objective)
    words = described.label if asked is None else asked.label
    timeout = args.timeout if args.timeout is not None or args.exact else DEFAULT_TIMEOUT
    with SolveProgress(words, tr=tr) as line:
        sol = solve(state, player, objective=objective, target=args.target, timeout=timeout,
                    exact=args.exact, progress=line.progress, threads=args.threads)
    Screen(lang=None if tr is EN else tr.lang).table(state)
    print()
    if args.target is not None or sol.target is not None:
        return _outcomes(described, sol, args.target if args.target is not None else sol.target, tr)
    if objective == "kot":
        def word(lo: int, hi: int) -> str:
            return tr.t("not decided") if lo != hi else tr.t("yes") if lo else tr.t("no")

        extra = f" ({_about(sol, tr)})"
        print(tr.t("kot for the side of seat {seat}: {answer}", seat=tr.num(sol.player), answer=word(*sol.bounds_of()))
              + extra)
        for action in sol.actions:
            print(f"  {action:<5} {word(*sol.bounds_of(action))}")
        return 0
    if tr is not EN:
        _print_solution(state, sol, described.moves, described.label, tr=tr)
        return 0
    if described.unit == "cards":  # cards captured, each player against the other two
        print(_value_line(sol, "against the other two", "cards")
              .replace("double-dummy value: ", f"double-dummy value: seat {sol.player} captures ", 1))
        best = set(sol.best_actions()) if not sol.exact else {a for a, v in sol.actions.items() if v == sol.value}
        worse = set() if sol.exact else set(sol.proven_worse())
        print("action values:" if sol.exact else "action values (exact, between proven bounds, or about an estimate):")
        for action in sol.actions:
            print(_line(sol, action, 20, best, worse))
        return 0
    whom = f"for {side_words(state, sol.player, described.partners)}"
    if args.player is None and player is None:
        whom += ", the player to move"
    tie = sol.secondary
    if tie is not None and tie.ties and tie.value is not None:  # the tricks collected that break ties
        whom += f" (then {amount(int(tie.value), 'tricks collected')})"
    if described.counted == "leader" and args.deal is not None:
        print(f"{trump_text(state)}, seat {state.current_player} to lead")
    _print_solution(state, sol, described.moves, described.label, whom)
    return 0


def side_words(state: Any, seat: int, partners: bool) -> str:
    """The side of ``seat`` in words: ``the side of seat 3 (seats 1 and 3)``, or ``seat
    3`` in a game without partners.

    >>> import hukm
    >>> side_words(hukm.Hokm().new_game(1), 3, True)
    'the side of seat 3 (seats 1 and 3)'
    """
    if not partners:
        return f"seat {seat}"
    from .._families import description_of

    side_of = description_of(state).side_of
    members = [s for s in range(len(side_of)) if side_of[s] == side_of[seat]] if seat < len(side_of) else [seat]
    listed = ", ".join(map(str, members[:-1])) + f" and {members[-1]}" if len(members) > 1 else str(members[0])
    return f"the side of seat {seat} (seats {listed})"


def trump_text(state: Any) -> str:
    """The trump of a position in words: ``trump ♠ spades``, ``no trump``.

    >>> import hukm
    >>> trump_text(hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0))
    'no trump'
    """
    from ..svg.status import trump_words

    words = trump_words(state, state.observation(state.current_player))
    return "no trump" if words.startswith("none") else f"trump {words}"


def _outcomes(described: Any, sol: Solution, target: Optional[int], tr: Translator = EN) -> int:
    """The bidding side's outcome against ``target`` (a contract when the position has no
    card-points value), each action's below, in words: one outcome when exact, the range
    ``failed..made`` when bounded, with the estimate beside it."""
    outcomes = described.outcomes

    def said(action: Optional[str] = None) -> str:
        lo, hi = sol.bounds_of(action)
        low, high = (tr.pt("result", outcomes[x]) for x in (lo, hi))
        text = low if lo == hi else f"{low}..{high}"
        e = sol.estimate_of(action)
        return text if e is None or lo == hi else f"{text}, {sol.text(action) if tr is EN else solution_text(tr, sol, action)}"

    about = f" ({_about(sol, tr)})"
    if tr is EN:
        what = "the contract" if sol.target is not None else "target"
        print(f"outcome for the bidding side, {what} {target}: {said()}{about}")
    else:
        print(tr.t("outcome for the bidding side against {target}: {outcome}", target=tr.num(target or 0),
                   outcome=said()) + about)
    print(tr.t("action outcomes:"))
    for action in sol.actions:
        print(f"  {action:<5} {said(action)}")
    return 0
