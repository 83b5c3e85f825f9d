"""What a batch computes for each deal of a game: the game's double-dummy table, a table
of positions solved one by one, or the value of the seeded hand.

The plan is found from the registry, in this order, so that a game added later is
batch-solvable without changes here:

1. **table**: the game's :meth:`~hukm._game.GameBase.dd_table` (four-player Hokm presets
   counting plain tricks: ``(5, 4)``, trump S, H, D, C, no trump x the seat on lead,
   tricks of the leader's side; the Twenty-eight family: ``(4, n)``, trump suit x the
   bidder, card points of the bidder's side with the seat after the dealer on lead);
2. **value**: when the seeded game starts in trick play (Be Ranga, Naqsh, ...), the
   value (:func:`hukm.solve`) of that position for the side of the player to act,
   shape ``(1,)``;
3. **positions**: when ``from_deal`` takes ``trump`` and ``leader`` (the other Hokm
   presets: ``hokm3``, the heap presets, Satat ...), a table like the first, each cell
   :func:`hukm.solve`'s value of ``from_deal(deal, trump=t, leader=l)`` for the
   leader's side (three players: the leader alone); with ``objective="kot"`` each cell
   is 1 when the leader's side can make a kot.

Refused, with the reason: hands of more than :data:`MAX_CARDS` cards (Ganjifa's 32,
Dugi's 24, Dashavatara's 40: beyond exact search in a batch) and :data:`REFUSED`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from .. import _core
from .._errors import OptionError, StateError
from .._game import GameBase
from .._position import keywords_of

MAX_CARDS = 17
"""The largest hand a batch solves (Hokm for three: 17 cards)."""

REFUSED = {
    "hokm2": "hokm2's hands are drawn during play (chance): a deal has no double-dummy value",
}
"""Presets a batch refuses, with the reason."""

OBJECTIVES = ("tricks", "kot")
"""What a cell counts: the game's value, or the kot query (1: the side can make a kot)."""


@dataclass(frozen=True)
class Plan:
    """How each deal of a batch is valued: ``kind`` (``table``, ``value``, ``positions``
    or ``custom``), the shape of a deal's values, the labels of rows and columns, and one
    line saying what a cell is."""

    kind: str
    shape: tuple[int, ...]
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    what: str
    objective: str = "tricks"

    def as_dict(self) -> dict[str, Any]:
        """The plan as plain JSON values (for the output's metadata)."""
        return {
            "kind": self.kind,
            "shape": list(self.shape),
            "rows": list(self.rows),
            "cols": list(self.cols),
            "what": self.what,
            "objective": self.objective,
        }


def _hand_size(deal: str) -> int:
    return max(len(h.replace(".", "").replace("-", "")) for h in deal.split())


def table_keywords(game: GameBase, dealer: int) -> dict[str, Any]:
    """Keywords of ``dd_table`` beyond the deal: a required ``leader`` is the seat after
    the dealer (who leads the first trick of the seeded hand; seat 0 with no dealer)."""
    kw: dict[str, Any] = {}
    if game.TABLE_NEEDS_LEADER:
        kw["leader"] = (dealer + 1) % game.num_players if dealer >= 0 else 0
    return kw


def _labels(n: int, suits: Sequence[str]) -> tuple[str, ...]:
    if n == len(suits):
        return tuple(suits)
    if n == len(suits) + 1:
        return tuple(suits) + ("N",)
    return tuple(str(i) for i in range(n))


def plan_for(game: GameBase, objective: str = "tricks") -> Plan:
    """The plan of ``game`` (see the module's notes); a game that cannot be batch-solved
    raises :class:`hukm.StateError` saying why.

    >>> import hukm
    >>> plan_for(hukm.game("hokm4")).shape
    (5, 4)
    >>> plan_for(hukm.game("ganjifa"))
    Traceback (most recent call last):
    ...
    hukm._errors.StateError: ganjifa: 32 cards a hand is beyond exact search in a batch (at most 17)
    """
    if objective not in OBJECTIVES:
        raise OptionError(f"bad objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")
    if game.preset in REFUSED:
        raise StateError(REFUSED[game.preset])
    deal = game.deal(0)
    size = _hand_size(deal)
    if size > MAX_CARDS:
        raise StateError(f"{game.preset}: {size} cards a hand is beyond exact search in a batch (at most {MAX_CARDS})")
    n = game.num_players
    seats = tuple(str(s) for s in range(n))
    state = game.new_game(0)
    dealer = state.observation(0).get("dealer")
    if objective == "tricks" and game.has_table:
        try:
            t = game.dd_table(deal, threads=1, **table_keywords(game, -1 if dealer is None else int(dealer)))
        except StateError:
            pass
        else:
            rows = _labels(t.shape[0], game.suits)
            what = "the game's double-dummy table of the deal (hukm.game(...).dd_table)"
            return Plan("table", tuple(int(x) for x in t.shape), rows, tuple(str(c) for c in range(t.shape[1])), what)
    kws = keywords_of(game)
    if state.phase == "play" and objective == "tricks":
        try:
            from ..solve import solve

            solve(state, actions=False, timeout=600)
        except StateError:
            pass
        else:
            what = "the value of the seeded hand for the side of the player to act (hukm.solve)"
            return Plan("value", (1,), ("value",), ("player",), what)
    if "trump" in kws and "leader" in kws and state.phase != "play":
        rows = tuple(game.suits) + ("N",)
        what = (
            "1 when the leader's side can make a kot from from_deal(deal, trump=row, leader=column)"
            if objective == "kot"
            else "hukm.solve's value of from_deal(deal, trump=row, leader=column) for the leader's side"
        )
        p = Plan("positions", (len(rows), n), rows, seats, what, objective)
        try:
            position_values(game, p, deal, probe=True)
        except StateError as e:
            raise StateError(f"{game.preset}: {e}") from None
        return p
    why = f"the objective {objective!r} is not offered" if objective != "tricks" else "no table and no position to solve"
    raise StateError(f"{game.preset} cannot be batch-solved: {why}")


def position_values(game: GameBase, plan: Plan, deal: str, probe: bool = False) -> list[int]:
    """The cells of a ``positions`` plan for one deal, row by row."""
    from ..solve import solve, solve_many

    states = []
    players = []
    for trump in plan.rows:
        for leader in range(len(plan.cols)):
            states.append(game.from_deal(deal, trump=None if trump == "N" else trump, leader=leader))
            players.append(leader)
            if probe:
                break
        if probe:
            break
    if plan.objective == "kot":
        return [solve(s, p, objective="kot", actions=False).value for s, p in zip(states, players)]
    if probe:
        return []
    return [int(v) for v in solve_many(states, players, threads=1)]


Valuer = Callable[[GameBase, Any], Sequence[int]]
"""A custom valuer: ``f(game, deal)`` returns a deal's values (the same number each
time); ``deal`` is a :class:`hukm.batch.Deal`."""


def custom_plan(fn: Valuer, shape: Optional[Sequence[int]], what: str) -> Plan:
    """The plan of a custom valuer ``fn``."""
    name = f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"
    shp = (1,) if shape is None else tuple(int(x) for x in shape)
    return Plan("custom", shp, tuple(str(i) for i in range(shp[0])), tuple(str(i) for i in range(shp[-1])) if len(shp) > 1 else ("value",), what or name)


def values_of(game: GameBase, plan: Plan, deal: Any, state: Optional[_core.State]) -> list[int]:
    """The values of one deal (a :class:`hukm.batch.Deal`) under ``plan``, flat."""
    if plan.kind == "table":
        t = game.dd_table(deal.deal, threads=1, **table_keywords(game, deal.dealer))
        return [int(x) for x in t.reshape(-1)]
    if plan.kind == "value":
        from ..solve import solve

        if state is None:
            raise StateError(f"{game.preset}: a deal line does not give the position; give hand records (JSONL or PBN)")
        return [solve(state, actions=False).value]
    return position_values(game, plan, deal.deal)
