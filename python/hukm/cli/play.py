"""``hukm play``: playing against the bots in a terminal, with the double-dummy review of
your cards after each hand.

>>> from hukm.cli.args import make_game
>>> make_game("28").num_players
4"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Optional, TextIO

from .. import _core
from .._errors import HukmError, OptionError, SolverLimitError
from ..bots import Bot
from ..bots import _module as game_module
from ..solve import solve
from .args import bots_from_spec, game_options, make_game
from .term import Screen, trick_winner_after


def seat_bots(spec: str, n: int, seat: int, seed: int) -> dict[int, Bot]:
    """The bots of the seats other than ``seat``: the comma list fills them in seat order
    after ``seat`` (``--seat 0 --bots random,heuristic,pimc``: seat 1 random, seat 2
    heuristic, seat 3 pimc).

    >>> sorted((s, b.name) for s, b in seat_bots("random,heuristic", 4, 2, 0).items())
    [(0, 'heuristic'), (1, 'random'), (3, 'random')]
    """
    others = [(seat + k) % n for k in range(1, n)]
    return dict(zip(others, bots_from_spec(spec, len(others), seed)))


def _ask(legal: list[str], read: Callable[[], str], out: TextIO) -> Optional[str]:
    while True:
        out.write("your move (action, number, '?' for the list, 'q' to quit): ")
        out.flush()
        text = read()
        if text == "":
            return None  # end of input
        text = text.strip()
        if text in ("q", "quit"):
            return None
        if text in ("?", "", "help"):
            out.write("legal: " + "  ".join(f"{i + 1}:{a}" for i, a in enumerate(legal)) + "\n")
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        match = [a for a in legal if a.lower() == text.lower()]
        if match:
            return match[0]
        out.write(f"{text!r} is not legal here; legal: {'  '.join(legal)}\n")


def review(start: _core.State, actions: list[str], seat: int, out: TextIO,
           timeout: float = 3.0) -> None:
    """For each of ``seat``'s cards played from ``start``: its double-dummy
    value against the best (the cost of the card), as ``hukm.analyse_play``
    reports it."""
    s = start.clone()
    out.write("review of your cards (double-dummy tricks/points for your side):\n")
    for a in actions:
        if s.current_player == seat:
            try:
                sol = solve(s, seat, timeout=timeout)
            except SolverLimitError:
                out.write(f"  {a:<14} (position too large to analyse exactly in {timeout:g} s)\n")
                s.apply(a)
                continue
            except HukmError:
                s.apply(a)
                continue
            if a in sol.actions:
                cost = sol.value - sol.actions[a]
                best = " ".join(sol.best_actions())
                verdict = "best" if cost == 0 else f"cost {cost}; best was {best}"
                out.write(f"  {a:<14} value {sol.actions[a]} of {sol.value}: {verdict}\n")
        s.apply(a)


def play_terminal(game: Any, seat: int, seed: int, bots: Any, *, hands: int = 1,
                  do_review: bool = True, read: Callable[[], str] = sys.stdin.readline,
                  out: TextIO = sys.stdout, record: Optional[list[Any]] = None) -> int:
    """The ``hukm play`` loop: the human at ``seat``, bots at the others (``bots[p]`` plays
    seat ``p``: a list by seat or a dict of the other seats). The table is drawn for the
    human (:mod:`hukm.cli.term`: suits labelled and coloured, the trick as it builds, who won
    each trick, the score line). ``record``, when given, receives the state of each hand
    played (for ``--record``)."""
    screen = Screen(out)
    n = game.num_players
    if not 0 <= seat < n:
        raise OptionError(f"seat {seat} out of range 0..{n - 1}")
    state = game.new_game(seed=seed)
    mod = game_module(state)
    for hand in range(hands):
        key = mod.hand_key(state)
        before = state.returns()
        screen.say(f"\n=== hand {hand + 1} (seed {seed}) ===", "bold")
        start: Optional[_core.State] = None
        played: list[str] = []
        while not state.is_terminal() and mod.hand_key(state) == key:
            p = state.current_player
            if start is None and state.phase == "play":
                start = state.clone()
            if p == seat:
                screen.say("")
                screen.table(state, viewer=seat)
                legal = state.legal_actions()
                out.write("legal: " + "  ".join(f"{i + 1}:{a}" for i, a in enumerate(legal)) + "\n")
                action = _ask(legal, read, out)
                if action is None:
                    out.write("bye\n")
                    if record is not None:
                        record.append(state)
                    return 0
            else:
                action = bots[p].act(state)
                out.write(f"seat {p} ({getattr(bots[p], 'name', 'bot')}): {action}\n")
            won = trick_winner_after(state, action) if state.phase == "play" else None
            state.apply(action)
            if won is not None:
                screen.trick_won(state, won[0], won[1])
            if start is not None:
                played.append(action)
        after = state.returns()
        out.write(f"\nhand over: points this hand {[a - b for a, b in zip(after, before)]}, "
                  f"totals {after}\n")
        if do_review and start is not None:
            review(start, played, seat, out)
        if state.is_terminal():
            out.write("the match is over\n")
            break
    if record is not None:
        record.append(state)
    return 0


def run(args: argparse.Namespace) -> int:
    """``hukm play``."""
    game = make_game(args.game, game_options(args))
    if not 0 <= args.seat < game.num_players:
        raise OptionError(f"seat {args.seat} out of range 0..{game.num_players - 1}")
    bots = seat_bots(args.bots, game.num_players, args.seat, args.seed)
    states: list[Any] = []
    code = play_terminal(game, args.seat, args.seed, bots, hands=args.hands,
                         do_review=not args.no_review, record=states)
    if args.record and states:
        if args.record.lower().endswith(".pbn"):
            from .. import pbn

            text = pbn.dumps([states[-1]])  # the whist presets, hand by hand; others refused
        else:
            text = states[-1].record().to_json(indent=2)
        with open(args.record, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {args.record}")
    return code
