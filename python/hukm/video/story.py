"""A hand record told as a sequence of held pictures: the deal, each action with its
caption, each finished trick held with its winner, each new deal of a match and the
result.

>>> import hukm
>>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
>>> for c in ["AS", "KS", "QS", "JS"]:
...     s.apply(c)
>>> [(x.kind, x.caption) for x in segments(s.record())][-2:]
[('trick', 'seat 3 follows with the J♠ · seat 0 wins the trick'), ('result', 'The hand is over · Tricks: seats 0 & 2: 1 · seats 1 & 3: 0 · Match: seats 0 & 2: 1 · seats 1 & 3: 0')]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional

from .. import _core
from .._check import whole
from .._errors import SolverLimitError, StateError
from ..i18n import N_, Translator
from ..svg.bridge import relabel, roles_of
from ..svg.compact import compact_height, paint_compact
from ..svg.finished import finished_scene, result_line
from ..svg.paint import paint
from ..svg.scene import Scene, build
from ..svg.wording import EN, estimated_cost, tr_of
from ..record import HandRecord, replay
from ..solve import Solution, solve
from .captions import amount, caption


@dataclass(frozen=True)
class Timing:
    """How long each kind of picture stays, in seconds."""

    start: float = 2.5
    """The deal (and each new deal of a match)."""
    action: float = 1.2
    """An action that leaves the trick unfinished."""
    trick: float = 2.5
    """A finished trick, held with its winner."""
    result: float = 4.0
    """The result, at the end."""


@dataclass(frozen=True)
class Segment:
    """One held picture of the story: the table (SVG text), its caption in words, a
    second line (where the hand stands; the double-dummy value with ``analysis``), how
    long it stays, its kind (``start``, ``action``, ``trick``, ``deal``, ``result``)
    and the number of actions played when it shows."""

    svg: str
    caption: str
    note: str
    seconds: float
    kind: str
    step: int
    score: str = ""
    """The counts of the table shown, in large type under the caption: ``Tricks 7–5 ·
    Match 1–0`` (:func:`score_line`)."""


def score_line(scene: Scene) -> str:
    """The counts of ``scene`` on one line, each its name and its values side by side:
    ``Tricks 7–5 · Match 1–0`` (the seats of each value are those of the picture's info
    lines)."""
    tr = scene.tr
    return tr.t(" · ").join(tr.t("{label} {values}", label=c.label, values=c.score(tr)) for c in scene.counts)


RESULT_LINES = (N_("Tricks"), N_("Points"), N_("Game points"), N_("Match"), N_("Collected"), N_("Tens"),
                N_("Balls"))
"""The lines of a finished table that the result caption repeats (by their label; the
hand's result line too)."""


def _result_prefixes(tr: Translator) -> tuple[str, ...]:
    """The beginnings of the lines :data:`RESULT_LINES` names, in the language."""
    hand = tr.t("Hand {n} over: {result}").split("{n}")[0]
    return tuple(tr.t(x) for x in RESULT_LINES) + (hand,)


def _solution(state: _core.State, timeout: Optional[float]) -> Optional[Solution]:
    """The double-dummy answer for the player to move, graded (the best grade reached in
    ``timeout`` seconds), or ``None`` where there is none (an auction, a position the
    solver does not take)."""
    if state.is_terminal():
        return None
    try:
        return solve(state, timeout=timeout)
    except (StateError, SolverLimitError):
        return None


def _cost(state: _core.State, sol: Optional[Solution], action: str, tr: Translator = EN) -> str:
    """What an action cost against the best, in words (``best``, ``costs 1 trick``); from
    a graded answer with its grade: ``costs at least 1 trick (proven)`` where the bounds
    show it, ``costs about 1.3 (estimate)`` where the estimates do."""
    if sol is None or action not in sol.actions:
        return ""
    if not sol.exact:
        return _graded_cost(state, sol, action, tr)
    best = max(sol.actions.values())
    lost = best - sol.actions[action]
    if lost == 0:  # "best" only where another choice was worse
        return tr.t(" (best)") if min(sol.actions.values()) < best else ""
    return tr.t(" (costs {amount})", amount=amount(state, lost, tr))


def _graded_cost(state: _core.State, sol: Solution, action: str, tr: Translator) -> str:
    """:func:`_cost` from a graded answer (values for the player to move: the highest
    best)."""
    lo, hi = sol.bounds_of(action)
    proven = max(sol.bounds_of(a)[0] for a in sol.actions) - hi
    if proven > 0:
        return tr.t(" (costs {amount})", amount=tr.t("at least {value} (proven)", value=amount(state, proven, tr)))
    e = sol.estimate_of(action)
    means = [x.value for x in (sol.estimate_of(a) for a in sol.actions) if x is not None]
    lost = max(means) - e.value if e is not None and means else 0.0
    if lost >= 0.05:
        chance = sol.estimate is not None and sol.estimate.chance
        return tr.t(" (costs {amount})", amount=estimated_cost(tr, lost, chance))
    return ""


def _note(scene: Scene, step: int, total: int) -> str:
    """The second line: the game and hand, the step, and the double-dummy value."""
    parts = [scene.title, scene.tr.t("step {step} of {total}", step=step, total=total)]
    if scene.analysis_note:
        parts.append(scene.analysis_note)
    return scene.tr.t(" · ").join(parts)


def segments(
    record: HandRecord,
    *,
    viewer: Optional[int] = None,
    analysis: bool = False,
    timeout: Optional[float] = 10.0,
    timing: Timing = Timing(),
    four_colour: bool = False,
    step: Optional[int] = None,
    lang: Optional[str] = None,
    fill: Optional[tuple[float, float]] = None,
) -> list[Segment]:
    """The story of ``record`` up to ``step`` actions (default: all). With ``analysis``
    each picture carries the double-dummy values of the player to move (within
    ``timeout`` seconds a position; none where the solver cannot answer) and each
    caption says what the action cost against the best. ``lang`` is the language of the
    pictures and captions (default English; an unknown one raises
    :class:`hukm.OptionError`). ``viewer`` tells the story as that seat saw it: the
    other hands face down, each action as he saw it (a card laid face down is told as
    such), each action's value only where he is the one to act. ``fill`` is the
    ``(width, height)`` of a square or tall frame's part that the pictures fill: they
    are then laid out for it (:mod:`hukm.svg.compact`, one scale for the whole story),
    not as the 16:9 table."""
    tr = tr_of(lang)
    total = len(record.actions) if step is None else whole(step, "step", 0, len(record.actions))
    state = replay(record, 0)
    told = [a["action"] for a in record.actions]
    if viewer is not None:  # the actions as the viewer saw them (a card laid face down: "?")
        told = replay(record).seen_history(viewer)[len(state.history()):]
    sol = _solution(state, timeout) if analysis else None
    roles = roles_of(record)
    scene = relabel(build(state, viewer, sol or False, four_colour, tr=tr), roles)
    shown: list[Scene] = [scene]  # the picture of each segment
    out = [Segment("", tr.t("{title}: the deal", title=scene.title), _note(scene, 0, total),
                   timing.start, "start", 0, score_line(scene))]
    for k in range(total):
        action = record.actions[k]["action"]
        words = caption(state, told[k], tr, viewer) + _cost(state, sol, action, tr)
        nxt = state.clone()
        nxt.apply(action)
        nsol = _solution(nxt, timeout) if analysis else None
        scene = relabel(build(nxt, viewer, nsol or False, four_colour, tr=tr), roles)
        held = None if scene.finished else finished_scene(state, action, viewer, four_colour, nxt, tr)
        held = None if held is None else relabel(held, roles)
        now = held or scene
        shown.append(now)
        if now.finished:
            won = "" if now.winner is None else tr.t(" · seat {seat} wins the trick", seat=now.winner)
            out.append(Segment("", words + won, _note(now, k + 1, total), timing.trick, "trick", k + 1,
                               score_line(now)))
        else:
            out.append(Segment("", words, _note(now, k + 1, total), timing.action, "action", k + 1,
                               score_line(now)))
        if held is not None and not nxt.is_terminal():
            # The hand's result over its finished table (the last trick counted), then
            # the next deal.
            o = nxt.observation(0 if viewer is None else viewer)
            line = result_line(o, tr, nxt) if held.result else None
            if line:
                shown.append(held)
                out.append(Segment("", line, _note(held, k + 1, total), timing.result, "result", k + 1,
                                   score_line(held)))
            shown.append(scene)
            out.append(Segment("", tr.t("hand {n} is dealt", n=o.get("hand_number")),
                               _note(scene, k + 1, total), timing.start, "deal", k + 1, score_line(scene)))
        state, sol = nxt, nsol
    if state.is_terminal():
        lines = [x for x in scene.info if x.startswith(_result_prefixes(tr))]
        shown.append(shown[-1])
        out.append(Segment("", tr.t("The hand is over · {result}", result=tr.t(" · ").join(lines)),
                           out[-1].note, timing.result, "result", total, out[-1].score))
    draw = _filling(shown, fill) if fill is not None else paint
    pictures: dict[int, str] = {}
    for i, sc in enumerate(shown):
        if id(sc) not in pictures:
            pictures[id(sc)] = draw(sc)
        out[i] = replace(out[i], svg=pictures[id(sc)])
    return out


FILL_WIDTHS = (400, 460, 540, 620, 720, 800, 880, 1000, 1200, 1400)
"""The widths (units) tried for the pictures of a square or tall frame, the narrowest
(the largest type) at which every picture of the story fits first."""


def _filling(scenes: list[Scene], fill: tuple[float, float]) -> Callable[[Scene], str]:
    """How the pictures of ``scenes`` fill a frame's part ``fill`` (width, height): the
    phone's layout at one width for all (:data:`FILL_WIDTHS`), as tall as the part; in
    two columns where the part is wider than tall (a square frame's)."""
    ratio = fill[1] / fill[0]
    columns = 2 if ratio < 1 else 1
    width = next((w for w in FILL_WIDTHS if all(compact_height(sc, w, columns) <= w * ratio for sc in scenes)),
                 FILL_WIDTHS[-1])
    return lambda sc: paint_compact(sc, width, width * ratio, columns=columns)
