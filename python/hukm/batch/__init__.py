"""Many deals solved in one run: ``hukm.batch.run`` and ``hukm batch``.

Chunked, resumable and deterministic (the same arguments give byte-identical output on
one worker, many, or Ray), with constraints on the seeded deals (:mod:`hukm.batch.where`)
and ``.npz`` or ``.parquet`` output (:mod:`hukm.batch.output`).

>>> import hukm, hukm.batch, os, tempfile
>>> r = hukm.batch.run("28", deals=4, seed=1, out=os.path.join(tempfile.mkdtemp(), "t.npz"),
...                    where=["points(hand(0)) >= 10"])
>>> cols, meta = hukm.batch.read(r.out)
>>> len(cols["deal"]), meta["where"]
(4, ['points(hand(0)) >= 10'])
"""

from __future__ import annotations

from .chunk import Job, solve_chunk
from .output import FORMATS
from .plan import Plan, plan_for
from .run import BACKENDS, Result, Stopped, default_chunk, read, run
from .source import MAX_TRIES, Deal, generate, row_seed
from .where import Context, compile_where

__all__ = [
    "BACKENDS",
    "FORMATS",
    "MAX_TRIES",
    "Context",
    "Deal",
    "Job",
    "Plan",
    "Result",
    "Stopped",
    "compile_where",
    "default_chunk",
    "generate",
    "plan_for",
    "read",
    "row_seed",
    "run",
    "solve_chunk",
]
