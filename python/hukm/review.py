"""A review of a played hand, card by card, as a chess site reviews a game: the
double-dummy value of every card played against the best, what it cost, a mark by cost
(inaccuracy, mistake, blunder) and a summary for each player. Double dummy means with
every hand known: a card can be marked that no player could have found from what he saw.
The review is data; :func:`hukm.svg.review_text` puts it in words and
:func:`hukm.svg.review_chart` draws the value over the hand.

Values are for one side, ``player``'s (default seat 0): at each decision, the result
that side gets with best play from there on, counted from the start of the hand (the
first position of trick play). Each card moves it by what it cost: down when ``player``'s
side errs, up when the other side does. In games of three individual players the other
two are one coalition against ``player`` (the solver's view, :func:`hukm.solve`).

Every card gets a grade (:attr:`Decision.grade`), as its solve did: **exact**; **bounds**
when the proven bounds show what it lost (its highest possible value below another card's
lowest: the loss is at least that gap); **estimate** otherwise, its loss estimated from
play-outs. A long hand is reviewed within ``budget`` seconds, no card skipped: the
positions near its end exactly, the larger ones graded in their share of the time.

>>> import hukm
>>> s = hukm.Hokm().from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
>>> for card in ["2S", "JS", "TS", "7S", "3H", "AH", "5H", "KH", "2D", "8S", "AS", "QS"]:
...     s.apply(card)
>>> r = hukm.review(s.record())
>>> [(d.action, d.best, d.played, d.mark) for d in r.decisions][:3]
[('2S', 3, 2, 'mistake'), ('JS', 2, 2, ''), ('TS', 2, 2, '')]
>>> r.decisions[0].best_actions, r.decisions[0].line_played
(['AS', 'KH'], ['2♠ Q♠ 10♠ 8♠ -> seat 1'])
>>> r.summary[0].mistakes, r.summary[0].cost
(1, 1)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Optional, Sequence

from . import _core
from ._families import unit_of
from ._families import family
from ._check import optional_whole
from ._errors import SolverLimitError, StateError
from .i18n import Translator, translator
from .packs import card_text, pack_of_game
from .record import HandRecord, replay
from .solve import GRADED_TIMEOUT, LineStep, Solution, _beyond_quick, _solution, best_line
from .tricks import god_trick, is_card_play, seat_of_play, tricks_of

__all__ = ["review", "Review", "Decision", "PlayerSummary", "MARKS"]

MARKS = ("inaccuracy", "mistake", "blunder")
"""The marks, from the smallest cost to the largest."""


def _tr(lang: Optional[str]) -> Translator:
    return translator("en" if lang is None else lang)


@dataclass
class Decision:
    """One card (or other trick-play action) of the hand, valued for ``player``'s side.

    ``best`` is the side's result with best play from the position before the action,
    ``played`` the same after the action actually played, ``cost`` what the action
    lost for its own player (never negative; in the game's unit), ``mark`` one of
    :data:`MARKS` or ``""``. For a marked card, ``line_played`` and ``line_best`` are
    the two double-dummy lines, after the card played and after the best one, trick by
    trick until the trick where their results part."""

    step: int
    """The action's index in the record."""
    hand: int
    seat: int
    action: str
    best: float
    played: float
    cost: float
    mark: str
    best_actions: list[str]
    values: dict[str, float]
    """The side's result after each legal action."""
    line_played: list[str] = field(default_factory=list)
    line_best: list[str] = field(default_factory=list)
    part: int = 1
    """Runs of consecutive valued cards: a new one starts at each hand and after a card
    not valued (the chart breaks its line there)."""
    trick: int = 0
    """The trick of its hand the action was played in, from 1 (the chart's x axis)."""
    choices: int = 0
    """How many legal actions there were (``values`` may show fewer to a viewer)."""
    grade: str = "exact"
    """``exact`` (every value exact), ``bounds`` (``cost`` is the loss the proven bounds
    show, at least; ``values`` are estimates where there are, else lower bounds) or
    ``estimate`` (``cost`` and the values estimated from play-outs; a loss within twice the
    standard error of the play-outs counts as none). ``played`` is ``best`` less the cost
    (more, for the other side's card) in every grade."""
    bounds: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each legal action's proven ``(lowest, highest)`` result, counted as ``values``."""

    @property
    def forced(self) -> bool:
        """Only one legal action: no choice (left out of the players' summaries)."""
        return (self.choices or len(self.values)) == 1


@dataclass
class PlayerSummary:
    """A player's choices in the review (forced cards left out): how many, how many
    best, the marks and the total cost."""

    seat: int
    decisions: int = 0
    best: int = 0
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    cost: float = 0

    @property
    def accuracy(self) -> float:
        """The share of best cards, 0 to 1 (1 with no decision)."""
        return self.best / self.decisions if self.decisions else 1.0


@dataclass
class Review:
    """The review of a hand record (see :func:`review`)."""

    preset: str
    player: int
    unit: str
    """The values' unit in words (``tricks``, ``points``, ``tens`` ...)."""
    thresholds: tuple[int, int, int]
    """The least cost of an inaccuracy, a mistake and a blunder."""
    decisions: list[Decision]
    summary: dict[int, PlayerSummary]
    skipped: list[int] = field(default_factory=list)
    """With ``exact=True``: steps of trick play the solver did not answer within the time
    limit (or the budget). A graded review skips none."""
    unvalued: list[int] = field(default_factory=list)
    """Steps of trick play the solver does not take (Twenty-eight before its concealed
    trump is shown, without a target); ``reason`` says why."""
    reason: str = ""
    lang: Optional[str] = None
    """The language the review was made in (``None``: English): the two lines of each
    mistake are written in it, and :func:`hukm.svg.review_text` and
    :func:`hukm.svg.review_chart` speak it by default."""


REVIEW_BUDGET = 50.0
"""Seconds a review spends on a whole hand by default (``budget``)."""

LINES_SHARE = 0.05
"""The share of a review's ``budget`` kept for the best lines of its mistakes (solved once
every position is valued): the positions' solves end before it, so that the lines too
end within the budget (a line not solved in the time left is left out)."""

FORCED_SECONDS = 0.05
"""Seconds a graded review gives a position with one legal action (its value only)."""


def thresholds_for(state: _core.State, unit: str) -> tuple[int, int, int]:
    """Default marks for a game's unit: in tricks (and tens, balls) one lost is a mistake
    and two a blunder; in points a tenth and a quarter of the hand's points."""
    if unit.startswith(("tricks", "tens", "balls")):
        return (1, 1, 2)
    if unit.startswith("points"):
        total = 28
        try:
            from .registry import game as make

            total = int(make(state.preset)._game.facts.get("total_points", 28))
        except (StateError, ValueError, TypeError):
            pass
        return (1, max(2, math.ceil(total * 0.1)), max(3, math.ceil(total * 0.25)))
    if unit.startswith("cards"):
        return (1, 3, 8)
    if unit.startswith("net"):
        return (1, 2, 4)
    return (1, 1, 1)


REVIEW_UNITS = {"card points": "points", "cards": "cards captured", "win": "hand won (1) or lost (0)"}
"""The review's words for the units of the descriptions that it does not write as they
are (a game adds its own: :attr:`hukm._game.GameBase.REVIEW_UNITS`)."""


def _unit(state: _core.State) -> str:
    """What the review's values count: the unit of the state (:func:`hukm._families.unit_of`)."""
    unit = unit_of(state)
    f = family(state.game)
    own = {} if f is None else f.game.REVIEW_UNITS
    return own.get(unit) or REVIEW_UNITS.get(unit, unit)


def _mark(cost: float, limits: tuple[int, int, int]) -> str:
    for name, least in zip(reversed(MARKS), reversed(limits)):
        if cost >= least:
            return name
    return ""


def review(
    record: HandRecord,
    *,
    player: int = 0,
    timeout: Optional[float] = 30.0,
    budget: Optional[float] = REVIEW_BUDGET,
    marks: Optional[Sequence[int]] = None,
    lines: bool = True,
    lang: Optional[str] = None,
    viewer: Optional[int] = None,
    threads: Optional[int] = None,
    exact: bool = False,
    hand: Optional[int] = None,
) -> Review:
    """Reviews every decision of trick play in ``record`` (bids and trump choices are
    played as recorded): the value of the card played against the best, for
    ``player``'s side, with :func:`hukm.solve` from the last position back, graded:
    ``budget`` seconds for the whole review (default :data:`REVIEW_BUDGET`), each
    position at most ``timeout`` seconds and an equal share of what is left, so no card
    is skipped (each gets its grade, :attr:`Decision.grade`; a mistake's two lines are
    given where its values are exact). ``exact=True`` asks for exact values only: a card
    not solved in time is listed in ``skipped``, one the solver does not take in
    ``unvalued``, and the values count again from the next card valued. ``marks`` gives the least cost of an
    inaccuracy, a mistake and a blunder in the game's unit (default: by the unit, see
    :func:`thresholds_for`); ``lines=False`` leaves out the two lines of each mistake.
    ``lang`` is the language of the review's lines, and of its text and chart by default
    (default English).

    ``viewer`` (a seat) makes the review one that seat may be shown: it names only the
    cards he has seen by the end of the record (his own, and those shown face up, played
    or not). Each decision's ``action`` is as he saw it (``facedown:?:QM``); its
    ``best_actions`` and ``values`` keep only the actions whose cards he has seen; each
    line stops before the first trick with a card he has not seen. The values, costs,
    marks and summaries are the same (``viewer=None``, the default, shows every card).

    ``hand`` (a hand number of a match) reviews that hand alone: only its positions are
    solved, only its decisions listed and summed up.

    The positions are solved on ``threads`` threads (default: :func:`hukm.default_threads`)
    sharing the review's one table: each thread takes the next position from the last
    card back, and the hand's first position (the largest by far) is then solved with
    every thread on it. The review is the same for any number (save for what a time
    limit cuts short).

    Bad input raises :class:`hukm.StateError` naming it (an unknown ``lang``:
    :class:`hukm.OptionError`).
    """
    tr = _tr(lang)
    if not isinstance(record, HandRecord):
        raise StateError(f"review needs a hukm.HandRecord, got {type(record).__name__}")
    for name, t in (("timeout", timeout), ("budget", budget)):
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not t >= 0):
            raise StateError(f"{name} must be seconds (a number >= 0) or None, got {t!r}")
    state = replay(record, 0)
    p = optional_whole(player, "player", 0, state.num_players - 1)
    assert p is not None
    v = optional_whole(viewer, "viewer", 0, state.num_players - 1)
    hand = optional_whole(hand, "hand", 1)
    unit = _unit(state)
    limits = thresholds_for(state, unit)
    if marks is not None:
        ms = [optional_whole(m, f"marks[{i}]", 1) for i, m in enumerate(marks)]
        if len(ms) != 3 or sorted(ms) != ms:  # type: ignore[type-var]
            raise StateError(f"marks must be three rising costs (inaccuracy, mistake, blunder), got {marks!r}")
        limits = (int(ms[0] or 1), int(ms[1] or 1), int(ms[2] or 1))
    out = Review(state.preset, p, unit, limits, [], {}, lang=None if tr.lang == "en" else tr.lang)
    pack = pack_of_game(state)
    states, hands, cards = [], [], []
    for entry in record.actions:  # the positions, then solved from the last: small ones first
        action = entry["action"]
        states.append(state.clone())
        hands.append(int(state.observation(0).get("hand_number") or 1))
        cards.append(is_card_play(pack, action))
        state.apply(action)
    known: Optional[set[str]] = None
    if v is not None:
        from .seen import seen_cards

        known = seen_cards([*states, state], v)
    start = time.monotonic()
    end = None if budget is None else start + budget * (1 - LINES_SHARE)
    last = None if budget is None else start + budget
    workers = optional_whole(threads, "threads", 1, 1024)
    todo = [k for k in range(len(states)) if not states[k].is_terminal() and hand in (None, hands[k])]
    sols: dict[int, Solution] = {}
    answers = _solve_all([states[k] for k in todo], p, timeout, end, exact, workers)
    for k, r in zip(todo, answers):
        if isinstance(r, StateError):
            if cards[k]:
                out.unvalued.append(k)
                out.reason = out.reason or str(r)
            continue
        if isinstance(r, SolverLimitError):
            out.skipped.append(k)
            continue
        if isinstance(r, BaseException):
            raise r
        sols[k] = _solution(r, states[k])
        if sols[k].target is not None:  # no value in the game's unit: an outcome, not counted
            del sols[k]
            if cards[k]:
                out.unvalued.append(k)
                out.reason = out.reason or ("with the trump concealed there is no card-points value "
                                            "(the solver answers the outcome against the contract)")
    out.skipped.sort()
    out.unvalued.sort()
    base: Optional[float] = None
    current, part, trick = 0, 0, 0
    for k, entry in enumerate(record.actions):
        action, sol = entry["action"], sols.get(k)
        if hands[k] != current:
            current, base, trick = hands[k], None, 0
        if cards[k] and not god_trick(states[k]):
            trick += 1  # a lead: a new trick of the hand
        if hand is not None and hands[k] != hand:
            continue
        if sol is not None and action in sol.actions:
            values, value = _values(sol)
            if base is None:
                base, part = value, part + 1
            out.decisions.append(_decide(states[k], sol, values, value, action, k, current, base, limits,
                                         p, lines, timeout, tr, known, workers, last))
            out.decisions[-1].part = part
            out.decisions[-1].trick = trick
            base = out.decisions[-1].played
        elif cards[k]:
            base = None  # a card not valued: the count starts again at the next one
    for d in out.decisions:
        s = out.summary.setdefault(d.seat, PlayerSummary(d.seat))
        if d.forced:
            continue
        s.decisions += 1
        s.best += d.cost == 0
        s.cost += d.cost
        s.inaccuracies += d.mark == "inaccuracy"
        s.mistakes += d.mark == "mistake"
        s.blunders += d.mark == "blunder"
    out.summary = dict(sorted(out.summary.items()))
    if v is not None and known is not None:
        _as_seen(out, [*states, state], v, known)
    return out


def _as_seen(out: Review, states: list[_core.State], viewer: int, known: set[str]) -> None:
    """``out`` with only the cards ``viewer`` has seen (``known``) in ``states`` (the
    positions of the record and the last): the actions as he saw them, the best actions
    and values of those cards alone (the lines were cut when made)."""
    from .seen import cards_in

    pack = states[0].layout[0]
    base = len(states[0].history())
    told = states[-1].seen_history(viewer)[base:]
    for d in out.decisions:
        d.action = told[d.step]
        d.best_actions = [a for a in d.best_actions if cards_in(a, pack) <= known]
        d.values = {a: x for a, x in d.values.items() if cards_in(a, pack) <= known}


def _solve_all(states: list[_core.State], player: int, timeout: Optional[float], end: Optional[float],
               exact: bool, threads: Optional[int]) -> list[_core.Answer | BaseException]:
    """The engine's answers to the positions of a review (in the order played; each
    answer or the error its solve raised), solved on ``threads`` threads sharing one
    table (``_core.review_positions``: on one thread from the last position back, each
    leaving its entries to the ones before; on several, the positions handed to the
    threads from the last, the first position of the hand then on all of them), each
    within ``timeout`` and its share of the time left before ``end`` (on
    :func:`time.monotonic`'s clock): graded, or with ``exact`` exact only (a position
    that starts with no time left is skipped). A graded position with one legal action
    gets :data:`FORCED_SECONDS`, without estimates; without a limit at all, a graded
    position beyond its game's quick exact search gets :data:`hukm.solve.GRADED_TIMEOUT`
    seconds and any other is solved exactly (as :func:`hukm.solve` does)."""
    timeouts: list[Optional[float]] = []
    graded: list[bool] = []
    estimate: list[bool] = []
    for st in states:
        limit, grade, guess = timeout, not exact, not exact
        if grade and len(st.legal_actions()) == 1:
            limit = FORCED_SECONDS if limit is None else min(limit, FORCED_SECONDS)
            guess = False
        if grade and limit is None and end is None:
            if _beyond_quick(st):
                limit = GRADED_TIMEOUT
            else:
                grade = False
        timeouts.append(limit)
        graded.append(grade)
        estimate.append(guess)
    left = None if end is None else max(end - time.monotonic(), 0.0)
    return _core.review_positions(states, player, timeouts=timeouts, graded=graded, estimate=estimate,
                                  exact=exact, budget=left, threads=threads)


def _values(sol: Solution) -> tuple[dict[str, float], float]:
    """The values a review counts with: exact ones, else the estimates where there are and
    the lower bounds elsewhere (the position's: its best action's, as the solve gives it)."""
    values: dict[str, float] = {}
    for a, v in sol.actions.items():
        e = sol.estimate_of(a)
        values[a] = v if e is None else e.value
    e = sol.estimate_of()
    return values, sol.value if e is None else e.value


def _decide(state: _core.State, sol: Solution, values: dict[str, float], value: float, action: str, step: int,
            hand: int, base: float, limits: tuple[int, int, int], player: int, lines: bool,
            timeout: Optional[float], tr: Translator, known: Optional[set[str]] = None,
            threads: Optional[int] = None, last: Optional[float] = None) -> Decision:
    """One decision: the mover raises ``player``'s side's value when he is on that side,
    lowers it otherwise. Graded (a solve not exact): the loss the proven bounds show when
    they show one (grade ``bounds``), else the loss the estimates show (``estimate``).
    The best lines are solved on ``threads`` threads (the review's), each within
    ``timeout`` and the time left before ``last`` (the end of the review's budget, on
    :func:`time.monotonic`'s clock; none left: no lines)."""
    ours = sol.mover_counted if not sol.exact else value == max(values.values())
    pick = max if ours else min
    target = pick(values.values())
    best = [a for a, v in values.items() if v == target]
    cost = abs(target - values[action])
    grade = "exact"
    if not sol.exact:
        bounds = {a: sol.bounds_of(a) for a in sol.actions}
        lo, hi = bounds[action]
        proven = (max(b[0] for b in bounds.values()) - hi) if ours else (lo - min(b[1] for b in bounds.values()))
        if proven > 0:
            grade, cost = "bounds", float(proven)
        else:
            grade = "estimate" if sol.estimate is not None else "bounds"
            cost = cost if sol.estimate is not None and _beyond_noise(sol, action, best[0], cost) else 0.0
    seat = seat_of_play(state, pack_of_game(state), [c for c in action.split(":")[-1].split("+")])
    shift = base - value
    mark = _mark(cost, limits) if cost else ""
    # The side's result moves by the cost alone (exact values: the same as the value after
    # the card played), so that estimates' noise does not pile up from card to card.
    after = base - cost if ours else base + cost
    d = Decision(step, hand, seat, action, base, after, cost, mark, best,
                 {a: v + shift for a, v in values.items()}, choices=len(values), grade=grade,
                 bounds={a: (lo + shift, hi + shift) for a, (lo, hi) in
                         ((a, sol.bounds_of(a)) for a in sol.actions)})
    if lines and mark in ("mistake", "blunder") and sol.exact:
        played, better = _lines(state, action, best[0], player, timeout, tr, known, threads, last)
        d.line_played.extend(played)
        d.line_best.extend(better)
    return d


def _beyond_noise(sol: Solution, action: str, best: str, cost: float) -> bool:
    """Whether an estimated loss ``cost`` (``action`` against ``best``) is more than the
    play-outs' noise: twice the standard error of the difference of the two means (a
    mean of one play-out has no spread to judge by: never)."""
    a, b = sol.estimate_of(action), sol.estimate_of(best)
    if a is None or b is None:
        return True
    if min(a.samples, b.samples) < 2:
        return False
    return cost > 2 * math.sqrt(a.spread ** 2 / a.samples + b.spread ** 2 / b.samples)


def _lines(state: _core.State, action: str, other: str, player: int,
           timeout: Optional[float], tr: Translator,
           known: Optional[set[str]] = None, threads: Optional[int] = None,
           last: Optional[float] = None) -> tuple[list[str], list[str]]:
    """The double-dummy lines after ``action`` and after ``other``, trick by trick, until
    the first trick whose winner differs (or the first two tricks); with ``known`` (the
    cards a viewer has seen) each stops before its first trick with another card. Solved
    on ``threads`` threads, each within ``timeout`` and the time left before ``last``
    (:func:`time.monotonic`; none left: no lines)."""
    pack = pack_of_game(state)
    told: list[list[tuple[str, Optional[int], set[str]]]] = []
    for first in (action, other):
        s = state.clone()
        s.apply(first)
        left = None if last is None else last - time.monotonic()
        limit = timeout if left is None else left if timeout is None else min(timeout, left)
        try:
            if limit is not None and limit <= 0:
                raise SolverLimitError("the review's budget is spent")
            steps = best_line(s, player, timeout=limit, threads=threads)
            _, tricks, _ = tricks_of(state, player, timeout, [_step(state, first), *steps])
        except (StateError, SolverLimitError):
            told.append([])
            continue
        told.append([(" ".join(card_text(pack, c) for p in t.plays for c in p.cards)
                      + ("" if t.winner is None else tr.t(" -> seat {seat}", seat=t.winner)), t.winner,
                      {c for p in t.plays for c in p.cards})
                     for t in tricks if any(p.cards for p in t.plays)])
    a, b = told
    if not a or not b:  # no trick to show (Naqsh draws and stands)
        return [], []
    cut = next((i for i, (x, y) in enumerate(zip(a, b)) if x[1] != y[1]), None)
    if cut is None:  # they part only in tricks the rules leave unplayed (Hokm's first to 7)
        more = [tr.t("… the results part in the tricks left after the hand ends")] if a and b else []
        return _seen(a[:2], known, more), _seen(b[:2], known, more)
    return _seen(a[: cut + 1], known), _seen(b[: cut + 1], known)


def _seen(tricks: list[tuple[str, Optional[int], set[str]]], known: Optional[set[str]],
          more: Sequence[str] = ()) -> list[str]:
    """The tricks' texts, then ``more``; with ``known``, only up to the first trick with a
    card not in it (and then without ``more``)."""
    out: list[str] = []
    for text, _, cards in tricks:
        if known is not None and not cards <= known:
            return out
        out.append(text)
    return out + list(more)


def _step(state: _core.State, action: str) -> LineStep:
    """The first step of a line: ``action`` by the player to move."""
    return LineStep(state.current_player, action, 0)
