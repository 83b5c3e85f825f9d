"""What a batch computes for each deal of a game: the game's double-dummy table, a table
of positions solved one by one, or the value of the seeded hand.

The plan is read from what the engine says of the game (``game.description``: its table,
objectives and ``from_deal`` keywords) and from its seeded game, in this order, so that a
game added later is batch-solvable without changes here:

1. **table**: the game's double-dummy table (:meth:`~hukm._game.GameBase.dd_table`) when
   the description has one: its rows (the trump suits, ``N`` no trump) x a column per seat
   (the seat on lead or the bidder), each cell in the table's unit;
2. **value**: when the seeded game starts in trick play, the value (:func:`hukm.solve`)
   of that position for the side of the player to act, shape ``(1,)``;
3. **positions**: when ``from_deal`` takes ``trump`` and ``leader`` (and needs nothing
   else), a table like the first, each cell :func:`hukm.solve`'s value of
   ``from_deal(deal, trump=t, leader=l)`` for the leader's side (three players: the
   leader alone); the no-trump row ``N`` when the game takes a position without a trump;
   with ``objective="kot"`` (when the game offers it) each cell is 1 when the leader's side
   can make a kot.

Refused, with the reason: hands of more than :data:`MAX_CARDS` cards (beyond exact search
in a batch), hands drawn during play (the players hold more cards at the first trick than
the deal gives them: a deal has no double-dummy value) and an objective the game does not
offer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from .. import _core
from .._errors import OptionError, StateError
from .._game import GameBase

MAX_CARDS = 17
"""The largest hand a batch solves (Hokm for three: 17 cards)."""

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


def _cards(deal: str) -> list[int]:
    """The number of cards of each hand of a compact deal."""
    return [len(h.replace(".", "").replace("-", "")) for h in deal.split()]


def table_keywords(game: GameBase, dealer: int) -> dict[str, Any]:
    """Keywords of ``dd_table`` beyond the deal: a required ``leader`` is the seat after
    the dealer (who leads the first trick of the seeded hand; seat 0 with no dealer)."""
    kw: dict[str, Any] = {}
    if game.TABLE_NEEDS_LEADER:
        kw["leader"] = (dealer + 1) % game.num_players if dealer >= 0 else 0
    return kw


def _first_trick(state: _core.State) -> _core.State:
    """``state`` played on by the first legal action of each player to move until its
    hand reaches trick play (or ends; at most 10,000 actions)."""
    hand = state.hand_number
    for _ in range(10_000):
        if state.phase == "play" or state.is_terminal() or state.hand_number != hand:
            break
        state.apply(state.legal_actions()[0])
    return state


def _drawn_during_play(game: GameBase, deal: str) -> bool:
    """Whether the players of the seeded game hold more cards at its first trick than
    ``deal`` (its first deal) gives them: cards drawn during the hand."""
    return sum(_cards(" ".join(_first_trick(game.new_game(0)).hands()))) > sum(_cards(deal))


def _takes_no_trump(game: GameBase, deal: str) -> bool:
    """Whether the game makes a position of ``deal`` without a trump (the ``N`` row)."""
    try:
        game.from_deal(deal, trump=None, leader=0)
    except StateError:
        return False
    return True


def _positions(game: GameBase) -> bool:
    """Whether ``from_deal`` takes ``trump`` and ``leader`` and needs nothing else."""
    d = game.description
    needed = {k.name for k in d.from_deal if k.required}
    return d.keyword("trump") is not None and d.keyword("leader") is not None and needed <= {"trump", "leader"}


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
    deal = game.deal(0)
    size = max(_cards(deal))
    if size > MAX_CARDS:
        raise StateError(f"{game.preset}: {size} cards a hand is beyond exact search in a batch (at most {MAX_CARDS})")
    n = game.num_players
    seats = tuple(str(s) for s in range(n))
    desc = game.description
    table = desc.table
    if objective == "tricks" and table is not None:
        what = "the game's double-dummy table of the deal (hukm.game(...).dd_table)"
        return Plan("table", (len(table.rows), n), tuple(table.rows), seats, what)
    state = game.new_game(0)
    if state.phase == "play" and objective == "tricks":
        what = "the value of the seeded hand for the side of the player to act (hukm.solve)"
        return Plan("value", (1,), ("value",), ("player",), what)
    offered = objective in {o.name for o in desc.objectives}
    if offered and state.phase != "play" and _positions(game):
        if _drawn_during_play(game, deal):
            raise StateError(f"{game.preset}'s hands are drawn during play (chance): a deal has no double-dummy value")
        rows = tuple(game.suits) + (("N",) if _takes_no_trump(game, deal) else ())
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


def position_values(game: GameBase, plan: Plan, deal: str, probe: bool = False, threads: int = 1) -> list[int]:
    """The cells of a ``positions`` plan for one deal, row by row, on ``threads``
    threads."""
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
        return [solve(s, p, objective="kot", actions=False, exact=True, threads=threads).value for s, p in zip(states, players)]
    if probe:
        return []
    return [int(v) for v in solve_many(states, players, threads=threads)]


Valuer = Callable[[GameBase, Any], Sequence[int]]
"""A custom valuer: ``f(game, deal)`` returns a deal's values (the same number each
time); ``deal`` is a :class:`hukm.batch.Deal`."""


def custom_plan(fn: Valuer, shape: Optional[Sequence[int]], what: str) -> Plan:
    """The plan of a custom valuer ``fn``."""
    name = f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"
    shp = (1,) if shape is None else tuple(int(x) for x in shape)
    return Plan("custom", shp, tuple(str(i) for i in range(shp[0])), tuple(str(i) for i in range(shp[-1])) if len(shp) > 1 else ("value",), what or name)


def values_of(game: GameBase, plan: Plan, deal: Any, state: Optional[_core.State], threads: int = 1) -> list[int]:
    """The values of one deal (a :class:`hukm.batch.Deal`) under ``plan``, flat, on
    ``threads`` threads (the values do not depend on it)."""
    if plan.kind == "table":
        t = game.dd_table(deal.deal, threads=threads, **table_keywords(game, deal.dealer))
        return [int(x) for x in t.reshape(-1)]
    if plan.kind == "value":
        from ..solve import solve

        if state is None:
            raise StateError(f"{game.preset}: a deal line does not give the position; give hand records (JSONL or PBN)")
        return [solve(state, actions=False, exact=True, threads=threads).value]
    return position_values(game, plan, deal.deal, threads=threads)
