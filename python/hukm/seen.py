"""What one seat has seen, for the views drawn for it: the page, the pictures, the
videos, the terminal and the reviews.

A view for a seat is built from that seat's observations and from the actions as it saw
them (``State.seen_history``, where a card laid face down reads ``?``). The double-dummy
answers are worked out with every hand known; shown to a seat they keep only what names
no card it has not seen:

* every action's value (and so the best actions) only for the seat to act: its own cards
  and choices; any other seat sees the value alone (:func:`seen_solution`);
* a line of play only as far as every card in it is one the seat has seen
  (:func:`seen_line`): its own, and those shown face up (a dummy's hand, cards played);
* a review's best cards and lines alike (:func:`hukm.review` with ``viewer``).

A god's-eye view (``viewer=None``, the page's ``all=1``) keeps everything.

>>> import hukm
>>> s = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump="S", leader=0)
>>> sorted(seen_cards([s], 1))
['JS', 'QS']
>>> s.apply("AS")
>>> sorted(seen_cards([s], 1))
['AS', 'JS', 'QS']
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from typing import Any, Iterable, Optional, Sequence

from . import _core
from .solve import LineStep, Solution

__all__ = ["UNSEEN", "cards_in", "seen_cards", "seen_solution", "seen_line", "hides", "unseen_count"]

UNSEEN = "?"
"""A card not shown, in an action as a seat saw it (``indicator:?``)."""

_PARTS = re.compile(r"[:+/\s]+")


@lru_cache(maxsize=None)
def _pack_cards(pack: str) -> frozenset[str]:
    return frozenset(_core.pack_cards(pack))


def cards_in(value: Any, pack: str) -> set[str]:
    """Every card of ``pack`` (its name, ``State.layout[0]``) that ``value`` names: an
    observation, an action or any JSON-like value, its cards written alone, joined by
    ``+`` or ``:`` (``discard:9D+4C``) or as compact hands (``AK.QJ..5``)."""
    cards = _pack_cards(pack)
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            for part in _PARTS.split(x):
                if part in cards:
                    out.add(part)
                elif "." in part:
                    try:
                        out.update(_core.parse_hand(part, pack))
                    except ValueError:
                        pass
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk(value)
    return out


def seen_cards(states: Iterable[_core.State], viewer: int) -> set[str]:
    """The cards ``viewer``'s observations show in ``states`` (the states of a hand, one
    after the other): his own, and every card he saw face up, played or shown."""
    out: set[str] = set()
    for s in states:
        out |= cards_in(s.observation(viewer), s.layout[0])
    return out


def hides(action: str) -> bool:
    """Whether an action as a seat saw it (``State.seen_history``) hides a card."""
    return UNSEEN in _PARTS.split(action)


def unseen_count(action: str) -> int:
    """How many cards an action as a seat saw it hides (``discard:?+?+?``: 3)."""
    return _PARTS.split(action).count(UNSEEN)


def seen_solution(sol: Solution, state: _core.State, viewer: Optional[int]) -> Solution:
    """``sol``, a double-dummy answer of ``state``, as ``viewer`` may be shown it: whole
    for the seat to act (and for ``viewer=None``, every hand shown); for any other seat the
    value alone (its bounds and estimate), without each action's value, bounds or
    estimate, which would name the cards of the seat to act."""
    if viewer is None or state.is_terminal() or state.current_player == viewer:
        return sol
    estimate = None if sol.estimate is None else dataclasses.replace(sol.estimate, actions={})
    secondary = None if sol.secondary is None else dataclasses.replace(sol.secondary, actions={})
    return dataclasses.replace(sol, actions={}, secondary=secondary, action_bounds={}, estimate=estimate)


def seen_line(steps: Sequence[LineStep], known: set[str], pack: str) -> list[LineStep]:
    """A line of play cut before its first step that names a card not in ``known`` (the
    cards a seat has seen: :func:`seen_cards`; ``pack`` is the pack's name)."""
    out: list[LineStep] = []
    for x in steps:
        if not cards_in(x.action, pack) <= known:
            break
        out.append(x)
    return out
