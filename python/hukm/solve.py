"""Double-dummy analysis: every hand visible, best play by everyone.

Every answer is graded, value by value: **exact** when the search finished,
**proven bounds** (a lowest and a highest value no play can leave) when it was
stopped or cannot reach, and an **estimate** (the mean of play-outs, with its
spread and the number of play-outs) where the bounds are wide. The grade is
always said: :attr:`Solution.grade`, :meth:`Solution.grade_of`, and
:meth:`Solution.text` writes "exact 9", "between 7 and 10" or "about 8.4
(estimate)".

>>> import hukm
>>> state = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump=None, leader=0)
>>> sol = hukm.solve(state)
>>> sol.value, sol.grade
(2, 'exact')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence

import numpy as np
import numpy.typing as npt

from . import _core
from ._check import optional_whole, seconds, wholes
from ._errors import IllegalActionError, OptionError, SolverLimitError, StateError

if TYPE_CHECKING:
    from ._game import GameBase


GRADES = ("exact", "bounds", "estimate")
"""The grades of an answer, from the best: exact, proven bounds, estimate."""


GRADED_TIMEOUT = 10.0
"""Seconds a solve without ``timeout`` spends on a position beyond its game's quick
exact search (a hand larger than ``description.quick_hand``): the best grade reached
in that time."""


def words(grade: str, lo: int, hi: int, estimate: Optional[float] = None, chance: bool = False) -> str:
    """A graded value in English words: ``exact 9``, ``between 7 and 10`` (proven
    bounds) or ``about 8.4 (estimate)`` (translated: :func:`hukm.svg.wording.grade_text`);
    with ``chance`` (a yes/no value, :attr:`Estimates.chance`) the estimate as the share
    of play-outs won.

    >>> words("bounds", 7, 10), words("estimate", 7, 10, 8.43), words("exact", 9, 9)
    ('between 7 and 10', 'about 8.4 (estimate)', 'exact 9')
    >>> words("estimate", 0, 1, 0.374, chance=True)
    'wins about 37% of play-outs (estimate)'
    """
    if grade == "exact" or lo == hi:
        return f"exact {lo}"
    if grade == "estimate" and estimate is not None and chance:
        return f"wins about {round(100 * estimate)}% of play-outs (estimate)"
    if grade == "estimate" and estimate is not None:
        return f"about {estimate:.1f} (estimate)"
    return f"between {lo} and {hi}"


@dataclass(frozen=True)
class Estimate:
    """One estimated value: the mean of ``samples`` play-outs (kept within the value's
    proven bounds) and their standard deviation ``spread``.

    >>> Estimate(8.4, 1.2, 900).text()
    'about 8.4 (estimate)'
    """

    value: float
    spread: float
    samples: int

    def text(self) -> str:
        """``about 8.4 (estimate)`` (in another language:
        :func:`hukm.svg.wording.grade_text`)."""
        return words("estimate", 0, 1, self.value)


@dataclass(frozen=True)
class Estimates:
    """The estimates of a graded answer (:attr:`Solution.estimate`): the position's
    value (its best action's for the side to move), each action's, how they were made
    (``"play-outs"``: every hand visible, each seat playing the search's own move
    ordering with some chance of another move) and the moves the play-outs made."""

    value: Estimate
    actions: dict[str, Estimate]
    method: str
    moves: int
    chance: bool = False
    """Whether the value is yes or no (1 when the side wins the hand: Dugi): each estimate
    is then the share of play-outs the side wins, written as such on every surface ("wins
    about 37% of play-outs (estimate)"). It is not the chance that best play wins: a
    sweep that needs exact play is rare in play-outs though best play makes it (the
    value 1), and a lost hand is often won against the play-outs' mistakes (the value
    0); it ranks the cards (the estimated best card is an exact best one in 100% of 100
    Dugi positions of 8-12 cards a hand: ``benches/grades.py estimates``)."""


@dataclass(frozen=True)
class Secondary:
    """A second answer a game gives beside the value, as the engine names it: Dehla
    Pakad's ``tricks`` (the tricks collected, which break ties between equal tens),
    Dugi's ``defenders_first_trick`` (``docs/rules/ganjifa.md`` B.13's secondary output:
    when the challengers cannot take every trick, the earliest trick of the hand,
    numbered from 1, by which the defenders can force a win whatever the challengers
    do; ``None`` when the challengers sweep), Ganjifa's ``expected`` tricks (with
    ``dd_chance="expectation"``: ``value`` is then their floor). ``actions`` holds each
    action's, where the game gives them; ``ties`` says whether it breaks ties between
    equal values (:meth:`Solution.best_actions`).

    >>> import hukm
    >>> s = hukm.game("dehla_pakad").from_deal("T... 9... 8... 7...", trump="S", leader=0)
    >>> hukm.solve(s).secondary
    Secondary(name='tricks', value=13, actions={'TS': 13}, ties=True)
    """

    name: str
    value: Optional[float]
    actions: dict[str, float] = field(default_factory=dict)
    ties: bool = False


@dataclass(frozen=True)
class Solution:
    """The double-dummy answer for one side, graded (see :attr:`grade`).

    ``value`` is what ``player``'s side takes from here to the end of the hand
    (tricks, the current trick included; in Dashavatara the cards ``player``
    captures in the whole deal, those captured before counted, as
    ``docs/rules/dashavatara.md`` §13 defines it); ``actions`` the same value after each
    legal action of the player to move; ``nodes`` the search nodes visited.

    What ``value`` counts depends on the preset (``docs/rules/hokm.md`` §16):
    tricks won for the plain-trick presets and Satat / Trup kasiet, every trick
    of the deal from here (also those the rules leave unplayed when a side's
    seventh trick, ``hokm3``'s clinch or the kot choice ends the hand first:
    :func:`best_line` with ``to="all_tricks"`` plays them out); tricks
    **collected** for the heap presets (the heap still on the table counts
    for whoever will collect it); for Dehla Pakad the tens collected, with the
    tricks collected that break ties between equal tens as its :attr:`secondary`.
    """

    value: int
    actions: dict[str, int]
    nodes: int
    player: int
    secondary: Optional[Secondary] = None
    """The game's second answer beside the value (:class:`Secondary`), where it gives one."""
    bounds: Optional[tuple[int, int]] = None
    """The lowest and highest value still possible (both the value itself when
    exact)."""
    action_bounds: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each action's ``(lowest, highest)`` value."""
    stopped: Optional[str] = None
    """When a value is not exact: why (the limit that stopped the search, or that
    the position is beyond its reach); ``None`` when exact."""
    estimate: Optional[Estimates] = None
    """Where the values are not all exact (and estimates were asked for): the
    estimates, labelled as such on every surface."""
    mover_counted: bool = True
    """Whether the player to move is on ``player``'s side (his best action is then
    the highest, else the lowest)."""
    target: Optional[int] = None
    """The target the game itself sets where its value has no unit of its own
    (Twenty-eight with the trump concealed under the default void rule: the contract):
    the value is then the outcome against it (the words of ``description.outcomes``:
    0 failed, 1 void, 2 made). ``None`` otherwise, also for a solve given ``target=``."""

    @property
    def exact(self) -> bool:
        """True when every value is exact; otherwise ``value`` and ``actions`` hold
        lower bounds and ``bounds`` / ``action_bounds`` say how far each value may
        still rise."""
        return self.stopped is None

    def bounds_of(self, action: Optional[str] = None) -> tuple[int, int]:
        """The proven ``(lowest, highest)`` of the value (or of ``action``'s)."""
        if action is None:
            return self.bounds if self.bounds is not None else (self.value, self.value)
        if action not in self.actions:
            raise StateError(f"{action!r} is not one of the actions valued: {', '.join(self.actions)}")
        return self.action_bounds.get(action, (self.actions[action], self.actions[action]))

    def estimate_of(self, action: Optional[str] = None) -> Optional[Estimate]:
        """The estimate of the value (or of ``action``'s), if one was made."""
        if self.estimate is None:
            return None
        return self.estimate.value if action is None else self.estimate.actions.get(action)

    def grade_of(self, action: Optional[str] = None) -> str:
        """The grade of the value (or of ``action``'s): ``exact``; ``estimate`` where an
        estimate was made and the proven bounds are wider than its spread (the play-outs'
        standard deviation: the bounds would say less); ``bounds`` otherwise."""
        lo, hi = self.bounds_of(action)
        if lo == hi:
            return "exact"
        e = self.estimate_of(action)
        if e is not None and hi - lo > e.spread:
            return "estimate"
        return "bounds"

    @property
    def grade(self) -> str:
        """The grade of the answer: its value's (:meth:`grade_of`)."""
        return self.grade_of()

    def text(self, action: Optional[str] = None) -> str:
        """The value (or ``action``'s) with its grade: ``exact 9``, ``between 7 and 10``
        or ``about 8.4 (estimate)`` (in another language:
        :func:`hukm.svg.wording.solution_text`).

        >>> import hukm
        >>> s = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump=None, leader=0)
        >>> hukm.solve(s).text()
        'exact 2'
        """
        lo, hi = self.bounds_of(action)
        e = self.estimate_of(action)
        return words(self.grade_of(action), lo, hi, None if e is None else e.value,
                     self.estimate is not None and self.estimate.chance)

    def narrowed(self, bounds: tuple[int, int], action_bounds: dict[str, tuple[int, int]]) -> "Solution":
        """The same answer with its bounds intersected with ``bounds`` and
        ``action_bounds`` (also proven, e.g. by an earlier try at the same position) and
        its estimates kept within them.

        >>> import hukm
        >>> s = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump=None, leader=0)
        >>> hukm.solve(s).narrowed((0, 5), {"AS": (1, 2)}).bounds_of("AS")
        (2, 2)
        """
        def meet(a: tuple[int, int], b: Optional[tuple[int, int]]) -> tuple[int, int]:
            if b is None:
                return a
            lo, hi = max(a[0], b[0]), min(a[1], b[1])
            return (lo, hi) if lo <= hi else a

        value = meet(self.bounds_of(), bounds)
        acts = {a: meet(self.bounds_of(a), action_bounds.get(a)) for a in self.actions}
        est = self.estimate
        if est is not None:
            def within(e: Estimate, b: tuple[int, int]) -> Estimate:
                return Estimate(min(max(e.value, b[0]), b[1]), e.spread, e.samples)

            est = Estimates(within(est.value, value), {a: within(e, acts[a]) for a, e in est.actions.items()},
                            est.method, est.moves, est.chance)
        every = value[0] == value[1] and all(lo == hi for lo, hi in acts.values())
        return replace(self, value=value[0], actions={a: b[0] for a, b in acts.items()}, bounds=value,
                       action_bounds=acts, estimate=None if every else est,
                       stopped=None if every else self.stopped)

    def proven_worse(self) -> list[str]:
        """The actions proven worse than another for the side to move: for
        ``player``'s side (which wants the highest) one whose highest possible value
        is below another's lowest, for the other side one whose lowest is above
        another's highest."""
        if not self.actions:
            return []
        if self.mover_counted:
            floor = max(self.bounds_of(a)[0] for a in self.actions)
            return [a for a in self.actions if self.bounds_of(a)[1] < floor]
        ceiling = min(self.bounds_of(a)[1] for a in self.actions)
        return [a for a in self.actions if self.bounds_of(a)[0] > ceiling]

    def best_actions(self) -> list[str]:
        """The actions that keep the best value for the side to move.

        When the player to move is on ``player``'s side these are the actions
        of highest value, otherwise those of lowest value (for Dehla Pakad:
        equal tens and equal tricks). When the answer is not exact: the actions
        not proven worse whose estimate is the best (those not proven worse when
        nothing was estimated).
        """
        if not self.actions:
            return []
        if self.exact:
            tie = self.secondary if self.secondary is not None and self.secondary.ties else None
            return [
                a
                for a, v in self.actions.items()
                if v == self.value and (tie is None or tie.actions.get(a) == tie.value)
            ]
        mover_max = self.mover_counted
        worse = self.proven_worse()
        open_ = [a for a in self.actions if a not in worse]
        if self.estimate is None:
            return open_
        means = {a: e.value for a, e in self.estimate.actions.items() if a in open_}
        if not means:
            return open_
        best = max(means.values()) if mover_max else min(means.values())
        return [a for a in open_ if means.get(a) == best]


def solve(
    state: _core.State,
    player: Optional[int] = None,
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    tt_mib: Optional[int] = None,
    actions: bool = True,
    objective: str = "tricks",
    target: Optional[int] = None,
    details: bool = True,
    bounds: bool = False,
    progress: Optional[Callable[[int, int, int], Any]] = None,
    solver: Optional[Solver] = None,
    exact: bool = False,
    estimate: bool = True,
    threads: Optional[int] = None,
) -> Solution:
    """Solves a state in trick play: the best grade reached (see :mod:`hukm.solve`).
    With ``solver`` (a :class:`hukm.Solver`), on that handle's table, kept for its next
    call (its ``tt_mib`` unless given).

    ``player`` chooses the side whose tricks are counted (default: the player
    to move); in three- and two-player games that player plays alone against
    the others as one coalition.

    **Grades.** ``max_nodes`` and ``timeout`` (seconds) limit the search; when one
    stops it, or the position is beyond the search's reach (a hand larger than the
    search takes), the answer is the best grade reached instead of an error: proven
    bounds of the value and of every action (``bounds``, ``action_bounds``; ``value``
    and ``actions`` then hold the lower bounds, ``stopped`` says why), and, with
    ``estimate`` (default), estimates from play-outs where the bounds are not exact
    (:attr:`Solution.estimate`): the first half of the time searches (the value, then
    each action in a share of its own), the rest plays out. Without a limit, a
    position beyond its game's quick exact search (``description.quick_hand``) gets
    :data:`GRADED_TIMEOUT` seconds; any other is searched to the exact value (as with
    ``exact=True``).
    ``exact=True`` asks for exact values only: a limit raises
    :class:`hukm.SolverLimitError` and a position beyond the search's reach
    :class:`hukm.StateError`. ``bounds=True`` asks for the bounds alone (graded, no
    estimate, whatever ``exact`` says).

    ``tt_mib``
    sizes the transposition table (default 57 MiB, smaller for small
    endgames of the Ganjifa games): one solve's memory stays within ``tt_mib`` plus
    at most 16 MiB of search state (measured as the process's peak resident memory,
    ``tests/solve/test_limits.py``); a table the machine cannot give raises
    :class:`hukm.StateError`. The limits hold for the whole call (the
    value and every action's value together) and act the same way in every
    game. With ``actions=False`` only the value is computed (``actions`` is
    then empty); ``details=False`` skips secondary outputs that cost extra
    searches (Dugi's ``defenders_first_trick``, a :class:`Secondary`). Ctrl-C interrupts.

    ``progress``, a callable, is called as ``progress(lo, hi, nodes)`` with
    the bounds of the value proven so far (and the nodes searched when they
    were) each time they narrow and every half second while they do not,
    from the calling thread; each call's bounds lie within the last's. Thunee and
    Twenty-eight's single hand and half court answer exactly only: a limit raises
    :class:`hukm.SolverLimitError` there.

    ``objective="kot"`` asks the kot query: the value is 1 when ``player``'s
    side can reach the kot whatever the others do, else 0 (and the same after
    each card). In four-player Hokm, Court Piece, Satat and Trup kasiet a kot
    is winning the first seven tricks; in the heap presets it is collecting all
    13 tricks (Dehla Pakad: all four tens). Asked with ``player`` a seat of the
    dealer's side, it is the goon-kot question.

    In Dab Rang the cut call is an action (``"call"``) with its own value; in
    ``be_ranga`` the first void card fixes trumps inside the search. A
    ``first_void_5`` state whose deal is not complete has no double-dummy value
    (the rest of the deal is chance): :class:`hukm.StateError`.

    Individual Ganjifa (``docs/rules/ganjifa.md`` A.14): the value is the number
    of tricks ``player`` can guarantee by the end of the hand against the
    other players as one coalition, tricks already won included; a blind
    surrender is valued at its worst card for ``player`` (with the game's
    ``dd_chance="expectation"``, at the average: see the ``expected``
    :attr:`Solution.secondary`, exact only).
    Exact search is practical up to about 12 cards a hand; larger hands get
    bounds and estimates.

    Dugi (``docs/rules/ganjifa.md`` B.13): the value is 1 when ``player``'s side
    wins the hand with best play (the challengers by taking every remaining
    trick, the defenders by taking one), else 0; the ``defenders_first_trick``
    :attr:`Solution.secondary` says by which trick of the hand the defenders can
    force their win.

    Naqsh (``docs/rules/naqsh.md`` §13) is solved with the order of the whole pack
    known: the value is the net result of the current hand that ``player``
    can guarantee when everyone else decides against him (it can be
    negative), and ``actions`` gives it after ``draw`` / ``stand`` (or each
    stake) of the player to act.

    Thunee (``docs/rules/thunee.md`` §16; the game's ``dd_mode`` and ``dd_jodhi``
    options choose the objective): by default the card points ``player``'s
    team takes from here with the last-trick adjustment (with
    ``dd_jodhi="auto"`` every Jodhi declared, its own counting for it and the
    other team's against); ``dd_mode="target"`` 1 when his team wins the
    question "does the counting team reach its target" (``target=`` gives the
    whole-hand total to reach instead); ``dd_mode="balls"`` his team's balls
    minus the other team's with Double and Khanuck as choices; a Thunee or
    Royals is valued in balls (+4 swept, 0 annulled, -4 lost, -8 partner
    catch for the caller's team). Jodhi and last-trick calls in ``actions``
    are valued by playing them.

    For :class:`hukm.TwentyEight` states the value is in card points (29: with
    the last-trick point; with ``kq_negative`` kings and queens taken count -1,
    so it can be negative) that ``player``'s side takes from here to the end,
    for open trumps and for a concealed indicator (``call`` is then a move;
    points need ``unrevealed_trump="forced_last"``). With ``target=t`` the
    value is the bidding side's outcome against the whole-hand target ``t``
    under the default void rule: 2 made, 1 void, 0 failed
    (``hukm.twenty_eight.OUTCOMES``); with the trump concealed under the default
    void rule (no card-points value) a graded solve without ``target`` answers
    that outcome against the contract (:attr:`Solution.target`). In a single hand (§16.4) or half court
    (§9.5) card points do not count: the value is 1 when ``player``'s side
    wins the contract with best play (the declarer by taking every trick of
    it, the others by taking one), else 0, and ``target`` does not apply.

    >>> import hukm
    >>> g = hukm.Hokm("double_sar")
    >>> s = g.from_deal("A... K... Q... J...", trump="S", leader=0, tricks_won=[6, 6])
    >>> hukm.solve(s, 0).value  # the last trick collects the heap
    1
    """
    if not isinstance(state, _core.State):
        raise StateError(f"solve needs a hukm.State, got {type(state).__name__}")
    pool = None
    if solver is not None:
        if not isinstance(solver, Solver):
            raise StateError(f"solver must be a hukm.Solver, got {type(solver).__name__}")
        solver._check(state)
        pool = solver._pool
        tt_mib = solver.tt_mib if tt_mib is None else tt_mib
        threads = solver.threads if threads is None else threads
    if not isinstance(objective, str):
        raise OptionError(f"objective must be a string, got {objective!r}")
    limit = seconds(timeout)
    graded = not exact or bool(bounds)
    if graded and (limit is None or limit == float("inf")) and max_nodes is None:
        # No limit: the exact search, unless the position is beyond its quick reach.
        if _beyond_quick(state):
            limit = GRADED_TIMEOUT
        else:
            graded = False
    r = _core.solve(
        state,
        player=optional_whole(player, "player", 0, state.num_players - 1),
        objective=objective,
        target=optional_whole(target, "target", -1000, 1000),
        actions=bool(actions),
        details=bool(details),
        max_nodes=optional_whole(max_nodes, "max_nodes", 1),
        timeout=limit,
        tt_mib=optional_whole(tt_mib, "tt_mib", 1, MAX_TT_MIB),
        bounds=bool(bounds),
        progress=_callable(progress),
        pool=pool,
        graded=graded,
        estimate=bool(estimate) and not bounds,
        threads=optional_whole(threads, "threads", 1, 1024),
    )
    return _solution(r, state, objective)


def _solution(r: _core.Answer, state: _core.State, objective: str = "tricks") -> Solution:
    """The :class:`Solution` of the engine's answer ``r`` about ``state`` (asked with
    ``objective``)."""
    values = dict(r.actions)
    if r.bounds is not None:
        lohi = (int(r.bounds[0]), int(r.bounds[1]))
        action_bounds = {a: (int(lo), int(hi)) for a, (lo, hi) in r.action_bounds}
    else:
        lohi = (int(r.value), int(r.value))
        action_bounds = {a: (int(v), int(v)) for a, v in values.items()}
    est = None
    if r.estimate is not None:
        value, each, method, moves = r.estimate
        est = Estimates(
            value=Estimate(*value),
            actions={a: Estimate(*x) for a, x in each},
            method=str(method),
            moves=int(moves),
            chance=objective == "tricks" and _wins(state),
        )
    second = r.secondary
    return Solution(
        value=int(r.value),
        actions=values,
        nodes=int(r.nodes),
        player=int(r.player),
        secondary=None if second is None else Secondary(second[0], second[1], dict(second[2]), second[3]),
        bounds=lohi,
        action_bounds=action_bounds,
        stopped=r.stopped,
        estimate=est,
        mover_counted=_counted_moves(state, int(r.player)),
        target=r.target,
    )


def _wins(state: _core.State) -> bool:
    """Whether ``state``'s value is yes or no: 1 when the side wins the hand (Dugi)."""
    try:
        return _game_of(state).description.unit == "win"
    except (StateError, OptionError, AttributeError):
        return False


def _beyond_quick(state: _core.State) -> bool:
    """Whether ``state``'s largest hand is beyond its game's quick exact search."""
    quick = _quick_hand(state.preset, tuple(state.options))
    if quick is None:
        return False
    return max(len(h.replace(".", "").replace("-", "")) for h in state.hands()) > quick


@lru_cache(maxsize=64)
def _quick_hand(preset: str, options: tuple[tuple[str, str], ...]) -> Optional[int]:
    """The largest hand of the quick exact search of ``preset`` with ``options``
    (``None`` when it has no such limit): kept per game, as reading the game's
    description costs more than a small solve."""
    from .registry import game

    try:
        quick = game(preset, **dict(options)).description.quick_hand
    except (StateError, OptionError, AttributeError):
        return None
    return None if quick is None else int(quick)


def _counted_moves(state: _core.State, player: int) -> bool:
    """Whether the player to move is on ``player``'s side (by the game's sides)."""
    mover = state.current_player
    if mover < 0 or mover == player:
        return mover == player or mover < 0
    try:
        d = _game_of(state).description
    except (StateError, OptionError, AttributeError):
        return False
    if d.partners and max(mover, player) < len(d.side_of):
        return d.side_of[mover] == d.side_of[player]
    return False
def default_threads() -> int:
    """The threads a solve uses when given none: ``HUKM_THREADS`` when it is set (a whole
    number from 1 to 1024; anything else raises :class:`hukm.OptionError` naming it),
    else the cores this process may run on (``os.sched_getaffinity``, the machine's
    share where a quota limits it).

    >>> import hukm
    >>> hukm.default_threads() >= 1
    True
    """
    return int(_core.default_threads())


def _callable(progress: Any) -> Any:
    """``progress`` checked: ``None`` or a callable."""
    if progress is not None and not callable(progress):
        raise StateError(f"progress must be a callable (lo, hi, nodes), got {type(progress).__name__}")
    return progress


MAX_TT_MIB = 1 << 16
"""The largest table a solve may ask for, in MiB (64 GiB)."""


def solve_many(
    states: Sequence[_core.State],
    players: Optional[Sequence[int]] = None,
    threads: Optional[int] = None,
    *,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    tt_mib: Optional[int] = None,
) -> npt.NDArray[np.int64]:
    """Values of many states, in order, on ``threads`` threads (default: every core).

    ``players[i]`` chooses the side counted for ``states[i]`` (default: the
    player to move). The GIL is released while the solvers run. Each value is
    :func:`solve`'s ``value`` (for Dehla Pakad the tens); states of any games
    may be mixed.
    """
    if isinstance(states, (str, bytes)) or not isinstance(states, Iterable):
        raise StateError(f"states must be a list of hukm.State, got {type(states).__name__}")
    states = list(states)
    for i, st in enumerate(states):
        if not isinstance(st, _core.State):
            raise StateError(f"states[{i}] is not a hukm.State but {type(st).__name__}")
    ps = wholes(players, "players", 0, 7)
    return _core.solve_many(
        states,
        ps,
        optional_whole(threads, "threads", 1, 1024),
        optional_whole(max_nodes, "max_nodes", 1),
        seconds(timeout),
        optional_whole(tt_mib, "tt_mib", 1, MAX_TT_MIB),
    )


@dataclass(frozen=True)
class PlayStep:
    """One card of an analysed play sequence.

    ``best`` is the most the mover's side could still take from that point
    (the current trick included), ``after`` what it can take after the card
    actually played, and ``cost = best - after`` the tricks that card lost.
    """

    player: int
    action: str
    best: int
    after: int
    best_actions: list[str] = field(default_factory=list)
    step: int = 0
    """The action's index in the sequence analysed (a record's steps count its
    bidding and trump choices too)."""

    @property
    def cost(self) -> int:
        """Tricks lost by this card against best play (0 for a best card)."""
        return self.best - self.after


def analyse_play(state: _core.State, actions: Sequence[str], *, threads: Optional[int] = None) -> list[PlayStep]:
    """Double-dummy value before and after each card of ``actions`` played from ``state``.

    Like DDS's AnalysePlay: for each card, what the mover's side could take
    with best play and what it can take after that card. ``state`` is not
    changed. An illegal action raises :class:`hukm.IllegalActionError` naming it.
    Each position is solved on ``threads`` threads (default: :func:`default_threads`).
    :meth:`hukm.Solver.analyse_play` does the same keeping its table from card to card.
    """
    return _analyse_play(state, actions, None, threads=threads)


def _analyse_play(state: _core.State, actions: Sequence[str], solver: Optional[Solver],
                  skip_setup: bool = False, threads: Optional[int] = None) -> list[PlayStep]:
    threads = optional_whole(threads, "threads", 1, 1024)
    s = state.clone()
    out: list[PlayStep] = []
    for i, action in enumerate(actions):
        mover = s.current_player
        if skip_setup:
            try:
                sol = solve(s, mover, solver=solver, exact=True, threads=threads)
            except StateError:  # not trick play (an auction, naming trumps): played as recorded
                s.apply(action)
                continue
        else:
            sol = solve(s, mover, solver=solver, exact=True, threads=threads)
        if action not in sol.actions:
            legal = s.legal_actions()
            if action in legal:
                raise IllegalActionError(f"action {i} ({action!r}) is not a card of trick play")
            raise IllegalActionError(
                f"action {i} ({action!r}) is not legal here; legal actions: {' '.join(legal)}"
            )
        out.append(
            PlayStep(
                player=mover,
                action=action,
                best=sol.value,
                after=sol.actions[action],
                best_actions=sol.best_actions(),
                step=i,
            )
        )
        s.apply(action)
    return out


@dataclass(frozen=True)
class LineStep:
    """One action of a double-dummy optimal line (see :func:`best_line`).

    ``player`` is the player who takes ``action``; ``value`` the double-dummy value of the
    position before the action for the analysed side (what :func:`solve` gives it), which
    the action keeps.
    """

    player: int
    action: str
    value: int


LINE_ENDS = ("hand_end", "all_tricks")
"""Where :func:`best_line` stops (its ``to``): ``hand_end`` (default) or ``all_tricks``."""


def best_line(
    state: _core.State,
    player: Optional[int] = None,
    *,
    to: str = "hand_end",
    timeout: Optional[float] = None,
    threads: Optional[int] = None,
) -> list[LineStep]:
    """The double-dummy optimal line of play from ``state``.

    ``player`` chooses the side whose value is followed (default: the player to move).
    At every step the mover plays an action of best value for his side, as
    :func:`solve` gives it (the highest for ``player``'s side, the lowest for the others;
    Dehla Pakad: equal tens, then equal tricks); among equal actions the **first in
    the order of** ``legal_actions()`` (suits in the pack's order, strongest card first).
    Each step's ``value`` is :func:`solve`'s value of the position before it, so both
    count the same thing: in Hokm and the Court Piece family, every trick of the deal
    from the position on, even where the rules end the hand earlier (a side's seventh
    trick under ``stop_rule="first_to_7"``, ``hokm3``'s clinch, the kot choice).

    ``to`` says where the line stops:

    * ``"hand_end"`` (default): where the rules end the hand (or the match, for a
      position), or when the next step is not trick play; the line is the play the
      state itself allows;
    * ``"all_tricks"``: in Hokm and the Court Piece family, the cards left when the rules
      end the hand early are played out too, by the same rule, from a position with the
      same trump and the last trick's winner on lead: the side's tricks over the whole
      line are then the first step's value. In the other games :func:`solve` counts
      to the hand's end, and both stop there.

    A finished hand gives ``[]``; a state where no line can start (the trump choice, the
    bidding) raises :class:`hukm.StateError`. ``state`` is not changed. ``timeout``
    limits the whole line in seconds (each solve gets the time left); reaching it raises
    :class:`hukm.SolverLimitError`. Each position is solved on ``threads`` threads (default:
    :func:`default_threads`); the line is the same for any number.

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    >>> [(x.player, x.action, x.value) for x in hukm.best_line(s)][:4]
    [(0, 'AS', 2), (1, 'QS', 2), (2, 'TS', 2), (3, '8S', 2)]
    >>> full = hukm.Hokm().from_deal(hukm.Hokm().deal(7), trump="S", leader=0)
    >>> len(hukm.best_line(full)), len(hukm.best_line(full, to="all_tricks"))  # 7 tricks to 5
    (48, 52)
    """
    return _best_line(state, player, timeout, None, to, threads)


def _best_line(state: _core.State, player: Optional[int], timeout: Optional[float],
               solver: Optional[Solver], to: str = "hand_end",
               threads: Optional[int] = None) -> list[LineStep]:
    if not isinstance(state, _core.State):
        raise StateError(f"best_line needs a hukm.State, got {type(state).__name__}")
    if to not in LINE_ENDS:
        raise OptionError(f"bad to={to!r} for best_line; one of: {', '.join(LINE_ENDS)}")
    if player is not None:
        player = optional_whole(player, "player", 0, state.num_players - 1)
    s = state.clone()
    side = s.current_player if player is None else player
    limit = seconds(timeout)
    end = None if limit is None or limit == float("inf") else time.monotonic() + limit
    rest = to == "all_tricks" and _game_of(s).description.plays_out
    threads = optional_whole(threads, "threads", 1, 1024)
    out, refused, more = _line_of_hand(s, side, limit, end, solver, rest, threads)
    if refused is not None and not out:
        raise StateError(f"best_line cannot start here: {refused}")
    while more is not None:
        line, _, more = _line_of_hand(more, side, limit, end, solver, rest, threads)
        out += line
    return out


def _line_of_hand(
    s: _core.State,
    side: int,
    limit: Optional[float],
    end: Optional[float],
    solver: Optional[Solver],
    rest: bool,
    threads: Optional[int],
) -> tuple[list[LineStep], Optional[StateError], Optional[_core.State]]:
    """The line from ``s`` to the end of its hand, played on ``s``; the refusal of a
    solve that stopped it; with ``rest``, the position of the cards the hand left when
    its rules ended it (``None`` when every card was played)."""
    start = None if s.is_terminal() else s.observation(0).get("hand_number")
    out: list[LineStep] = []
    before: Optional[_core.State] = None  # the state before the last action, with rest
    refused: Optional[StateError] = None
    while not s.is_terminal() and s.observation(0).get("hand_number") == start:
        left = None if end is None else end - time.monotonic()
        if left is not None and left <= 0 and limit is not None:
            raise SolverLimitError.time_limit(limit)
        try:
            sol = solve(s, side, timeout=left, solver=solver, exact=True, threads=threads)
        except StateError as e:
            refused = e  # not trick play: the trump choice, Court Piece's kot choice ...
            break
        except SolverLimitError:
            if limit is None:
                raise
            # The solve's message names the time that was left: name the line's.
            raise SolverLimitError.time_limit(limit) from None
        best = set(sol.best_actions())
        if not best:
            break
        action = next(a for a in s.legal_actions() if a in best)
        out.append(LineStep(player=s.current_player, action=action, value=sol.actions[action]))
        before = s.clone() if rest else None
        s.apply(action)
    more = None if before is None else _rest_of_hand(before, out[-1].action)
    return out, refused, more


def _game_of(state: _core.State) -> "GameBase":
    """The game of ``state``: its preset with its options."""
    from .registry import game

    return game(state.preset, **dict(state.options))


def _rest_of_hand(before: _core.State, action: str) -> Optional[_core.State]:
    """The cards a hand left unplayed when ``action``, the last card of a trick, ended
    it (a game whose solve ``plays_out`` every trick), as a position of the same game:
    the same trump (as a seat that knows it sees it) and roles (the position keywords
    the observation holds), the trick's winner on lead; ``None`` when no card is left."""
    from ._core import format_hand, parse_hand
    from ._position import kept_keywords

    g = _game_of(before)
    mover = before.current_player
    hands = [parse_hand(h, g.pack) for h in before.hands()]
    hands[mover].remove(action)
    if not any(hands):
        return None
    facts = before.trick_facts(mover)
    winner = mover if facts["cards"][action]["wins"] else facts["winner"][0]
    seen = (before.observation(p).get("trump") for p in range(before.num_players))
    trump = next((t for t in seen if t is not None), None)
    deal = " ".join(format_hand(h, g.pack) for h in hands)
    return g.from_deal(deal, trump=trump, leader=winner, **kept_keywords(g, before.observation(0)))


class Solver:
    """A double-dummy solver that keeps its transposition table from one call to the
    next, for the positions of one game: a played hand analysed card by card, the best
    line, the same deal asked again. :func:`hukm.solve` is the one-shot form and gives
    the same answers; a handle only saves the work the table remembers.

    The table is one table (``tt_mib``, default 57 MiB) shared by the ``threads`` threads
    of each call (default: :func:`hukm.default_threads`); Hokm and the Court Piece family
    keep it across calls (the other games solve each call afresh). A handle may be used
    from several threads; a call that finds the table in use starts its own.

    >>> import hukm
    >>> game = hukm.Hokm()
    >>> solver = hukm.Solver(game)
    >>> state = game.from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    >>> solver.solve(state).value
    2
    >>> [(x.action, x.cost) for x in solver.analyse_play(state, ["KS", "JS", "9S", "7S"])]
    [('KS', 0), ('JS', 0), ('9S', 0), ('7S', 0)]
    """

    def __init__(self, game: Any, *, tt_mib: Optional[int] = None, threads: Optional[int] = None) -> None:
        from ._game import GameBase

        if not isinstance(game, GameBase):
            raise StateError(f"Solver needs a hukm game (e.g. hukm.game(name)), got {type(game).__name__}")
        self.game = game
        self.tt_mib = optional_whole(tt_mib, "tt_mib", 1, MAX_TT_MIB)
        self.threads = optional_whole(threads, "threads", 1, 1024)
        self._pool = _core.SolverPool()

    def __repr__(self) -> str:
        return f"hukm.Solver({self.game.preset!r}, tt_mib={self.tt_mib}, threads={self.threads})"

    def _check(self, state: Any) -> None:
        if not isinstance(state, _core.State):
            raise StateError(f"Solver.solve needs a hukm.State, got {type(state).__name__}")
        if state.preset != self.game.preset:
            raise StateError(f"this Solver solves {self.game.preset} positions, got a {state.preset} state")

    def solve(self, state: _core.State, player: Optional[int] = None, **kw: Any) -> Solution:
        """:func:`hukm.solve` on the handle's table (the same keywords)."""
        return solve(state, player, solver=self, **kw)

    def analyse_play(self, state: Any, actions: Optional[Sequence[str]] = None) -> list[PlayStep]:
        """:func:`hukm.analyse_play` keeping the table from card to card. ``state`` may
        also be a :class:`hukm.HandRecord` (and ``actions`` left out): each card of its
        trick play is analysed, its other actions (bids, trumps) played as recorded."""
        from .record import HandRecord

        if isinstance(state, HandRecord):
            if actions is not None:
                raise StateError("analyse_play takes a record's own actions: leave actions out")
            start = state.replay(0)
            self._check(start)
            return _analyse_play(start, [e["action"] for e in state.actions], self, skip_setup=True)
        self._check(state)
        if actions is None:
            raise StateError("analyse_play needs the actions played from the state")
        return _analyse_play(state, list(actions), self)

    def best_line(self, state: _core.State, player: Optional[int] = None, *, to: str = "hand_end",
                  timeout: Optional[float] = None) -> list[LineStep]:
        """:func:`hukm.best_line` on the handle's table."""
        self._check(state)
        return _best_line(state, player, timeout, self, to)

    def dd_table(self, deal: str, **kw: Any) -> Any:
        """The game's double-dummy table of ``deal`` (``game.dd_table``) with the handle's
        ``threads`` and ``tt_mib``."""
        kw.setdefault("threads", self.threads)
        if self.tt_mib is not None:
            kw.setdefault("tt_mib", self.tt_mib)
        return self.game.dd_table(deal, **kw)

    def clear(self) -> None:
        """Forgets the table (and frees its memory)."""
        self._pool.clear()

    @property
    def stats(self) -> tuple[int, int]:
        """``(reused, fresh)``: calls that started from the kept table and calls that
        started a new one."""
        reused, fresh = self._pool.stats()
        return int(reused), int(fresh)
