"""One chunk of a batch: the job every worker is given (plain, picklable values) and the
function that solves deals ``start .. stop`` of it, wherever it runs (this process, a
local worker process, a Ray task).

>>> import hukm
>>> from hukm.batch.plan import plan_for
>>> g = hukm.game("28")
>>> job = Job(g.preset, g.given_options, seed=1, plan=plan_for(g))
>>> cols = solve_chunk(job, 0, 2)
>>> cols["values"].shape, cols["index"].tolist()
((2, 4, 4), [0, 1])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from .._game import GameBase
from .plan import Plan, values_of
from .source import MAX_TRIES, Deal, caller_columns, compile_for, generate, replay_record
from .where import Context

Constraint = Union[str, Callable[[Context], bool]]
"""A constraint: a text of the constraint language (:mod:`hukm.batch.where`) or a
callable ``f(context) -> bool`` (module-level, so that it can be sent to workers)."""


@dataclass(frozen=True)
class Job:
    """What a batch computes, the same for every chunk: the game (preset and options),
    the run's seed, the constraints and their rejection budget, and the plan; ``deals``
    holds the deals read from a file (empty for a seeded run)."""

    preset: str
    options: dict[str, str]
    seed: int
    plan: Plan
    where: tuple[Constraint, ...] = ()
    max_tries: int = MAX_TRIES
    deals: tuple[Deal, ...] = field(default=(), repr=False)
    value: Optional[Callable[[GameBase, Deal], Sequence[int]]] = None
    threads: int = 1
    """The threads of each worker's solves (the values do not depend on it)."""


_GAMES: dict[tuple[str, tuple[tuple[str, str], ...]], Any] = {}


def _setup(job: Job) -> tuple[GameBase, Any]:
    """The job's game and compiled constraints, made once per process."""
    key = (job.preset, tuple(sorted(job.options.items())))
    if key not in _GAMES:
        from ..registry import game

        _GAMES.clear()
        _GAMES[key] = game(job.preset, **job.options)
    g = _GAMES[key]
    texts = [w for w in job.where if isinstance(w, str)]
    calls = [w for w in job.where if not isinstance(w, str)]
    compiled = compile_for(g, texts) if texts else None
    if not calls:
        return g, compiled

    def holds(ctx: Context) -> bool:
        return (compiled is None or compiled(ctx)) and all(bool(f(ctx)) for f in calls)

    setattr(holds, "points", getattr(compiled, "points", None) if compiled else None)
    return g, holds


def solve_chunk(job: Job, start: int, stop: int) -> dict[str, npt.NDArray[Any]]:
    """Deals ``start`` .. ``stop - 1`` of the job and their values, as columns (numpy
    arrays, one row per deal; ``values`` has the plan's shape after the row)."""
    g, where = _setup(job)
    rows: list[Deal] = []
    values: list[Sequence[int]] = []
    texts = [w if isinstance(w, str) else getattr(w, "__qualname__", repr(w)) for w in job.where]
    for k in range(start, stop):
        if job.deals:
            d = job.deals[k]
            state = replay_record(d.record) if d.record else None
        else:
            d, state = generate(g, job.seed, k, where, job.max_tries, texts)
        rows.append(d)
        if job.value is not None:
            v = [int(x) for x in job.value(g, d)]
        else:
            v = values_of(g, job.plan, d, state, job.threads)
        if len(v) != int(np.prod(job.plan.shape)):
            raise ValueError(f"deal {k}: {len(v)} values, the plan has shape {job.plan.shape}")
        values.append(v)
    n = len(rows)
    return {
        "index": np.arange(start, stop, dtype=np.int64),
        "seed": np.array([d.seed for d in rows], dtype=np.int64),
        "deal": np.array([d.deal for d in rows], dtype=str),
        "dealer": np.array([d.dealer for d in rows], dtype=np.int8),
        **{name: np.array([d.caller if name == g.TRUMP_CALLER else -1 for d in rows], dtype=np.int8)
           for name in caller_columns()},
        "player": np.array([d.player for d in rows], dtype=np.int8),
        "seen": np.array([d.seen for d in rows], dtype=str),
        "record": np.array([d.record for d in rows], dtype=str),
        "values": np.array(values, dtype=np.int32).reshape((n,) + tuple(job.plan.shape)),
    }
