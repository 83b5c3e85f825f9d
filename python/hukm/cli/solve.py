"""``hukm solve``: the double-dummy analysis of a deal or position, or the table of a seeded
deal, with a progress line while a long search narrows its bounds."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from .. import _errors
from .._game import GameBase
from ..registry import games
from ..solve import Solution, solve
from .args import build_game, position, position_flags
from .common import hands_text, header

SOLVE_CAP = 16
"""Largest hand of 16 cards the command solves without ``--force``, kept for older
callers: each game now says its own (``description.quick_hand``)."""


def _print_action_bounds(sol: Solution, what: str, width: int) -> None:
    """Each action's range of a stopped anytime solve (one number when it is known)."""
    print(f"{what} values (lowest..highest still possible):")
    for action, (lo, hi) in sol.action_bounds.items():
        print(f"  {action:<{width}} {lo if lo == hi else f'{lo}..{hi}'}")


def _print_solution(state: Any, sol: Solution, moves: str, unit: str) -> None:
    if not sol.exact and sol.bounds is not None:
        lo, hi = sol.bounds
        print(f"double-dummy value: between {lo} and {hi} {unit} ({sol.stopped}; {sol.nodes} nodes)")
        width = max([5] + [len(a) for a in sol.action_bounds])
        _print_action_bounds(sol, moves, width)
        return
    print(f"double-dummy value: {sol.value} {unit} ({sol.nodes} nodes)")
    best = sol.best_actions() if state.current_player == sol.player else [
        a for a, v in sol.actions.items() if v == sol.value
    ]
    print(f"{moves} values:")
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


UNITS: dict[str, str] = {}
"""What a value counts, as the command line writes it, for each family's first preset
(kept for older callers: the command reads each game's ``description.label``)."""
for _info in games():
    if _info.description is not None:
        UNITS.setdefault(_info.family, _info.description.label)


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
                    solve(game.from_deal(deal, trump=trump, leader=p), p, timeout=args.timeout, exact=True).value
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
    from ..bots import by_name

    flags = [f"--{k}" for k in position_flags(game, args) if k != "trump"]
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
    lines = [header(game, state, args.seed)]
    if taken:
        lines.append(f"settled by {'--trump and ' if trump else ''}the {args.bot} bot: {', '.join(taken)}")
    return state, lines + [""]


def run(args: argparse.Namespace) -> int:
    game = build_game(args)
    position_flags(game, args)
    described = game.description
    by_bidder = described.table is not None and described.table.columns == "bidder"
    if args.deal is None and (described.whist or by_bidder) and args.target is None:
        return _table(game, args)
    said: list[str] = []
    if args.deal is None:
        state, said = _seeded_play(game, args)
    else:
        state = position(game, args)
    if described.quick_hand is not None:
        size = max(len(h.replace(".", "").replace("-", "")) for h in state.hands())
        if size > described.quick_hand and not args.force:
            raise _errors.StateError(
                f"{size} cards a hand is beyond what exact search finishes quickly; add --force to try"
            )
    for text in said:
        print(text)
    player = args.player
    counted = None if described.counted is None else described.keyword(described.counted)
    if player is None and counted is not None:  # the bidder's or the leader's side
        seat = getattr(args, counted.name, None)
        player = int(counted.absent or 0) if seat is None else seat
    objective = args.objective
    anytime = args.target is None and described.bounds
    asked = described.objective(objective)
    words = described.label if asked is None else asked.label
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
        outcomes = described.outcomes
        print(f"outcome for the bidding side, target {args.target}: {outcomes[sol.value]} ({sol.nodes} nodes)")
        print("action outcomes:")
        for action, value in sol.actions.items():
            print(f"  {action:<5} {outcomes[value]}")
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
    if described.unit == "cards":  # cards captured, each player against the other two
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
    side = f"the side of seat {sol.player}" if described.partners else f"seat {sol.player}"
    unit = f"{described.label} for {side}"
    if sol.tricks is not None:
        unit += f" (then {sol.tricks} tricks collected)"
    if described.counted == "leader" and args.deal is not None:
        print(f"trump {args.trump or 'none'}, seat {args.leader or 0} to lead")
    _print_solution(state, sol, described.moves, unit)
    return 0
