"""The batch runner: split a job into chunks, solve them here, in local worker processes
or as Ray tasks, keep each finished chunk on disk next to the output (``OUT.parts/``),
and join them into the output when all are done.

A run stopped for any reason (Ctrl-C, a kill, a lost machine) and started again with the
same arguments skips the chunks already finished; other arguments over the same parts
are refused. The output depends only on the arguments, never on the number of workers,
the backend or the interruptions: deal ``k`` is made from the seed and ``k`` alone.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Sequence

import numpy as np
import numpy.typing as npt

from .. import __version__
from .._errors import OptionError, StateError
from .._game import GameBase
from .chunk import Constraint, Job, solve_chunk
from .output import concat, format_of, load_npz, need_pyarrow, save_npz, write
from .plan import Plan, custom_plan, plan_for
from .source import MAX_TRIES, compile_for, read_deals

BACKENDS = ("local", "ray")
"""Where the chunks run."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: deals finished so far (resumed ones included) and in all."""


@dataclass(frozen=True)
class Result:
    """What a run did: the output path, its deals, the chunks solved now and those
    found finished on disk (a resumed run), and the seconds it took."""

    out: str
    deals: int
    chunks: int
    solved: int
    resumed: int
    seconds: float

    @property
    def rate(self) -> float:
        """Deals solved per second in this run (resumed chunks not counted)."""
        return 0.0 if self.seconds <= 0 else self.deals * self.solved / max(self.chunks, 1) / self.seconds


def default_chunk(deals: int) -> int:
    """Deals per chunk when none is given: about a hundred chunks, 10 to 1,000 deals each.

    >>> default_chunk(2000), default_chunk(1_000_000), default_chunk(5)
    (20, 1000, 10)
    """
    return max(10, min(1000, math.ceil(deals / 100)))


def _name(f: Any) -> str:
    return f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', repr(f))}"


def _file_digest(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _whole(value: Any, what: str, lo: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or int(value) < lo:
        raise OptionError(f"{what} must be a whole number >= {lo}, got {value!r}")
    return int(value)


def _parts_of(out: str) -> str:
    return out + ".parts"


def _chunk_path(parts: str, i: int) -> str:
    return os.path.join(parts, f"chunk-{i:06d}.npz")


def _start_parts(parts: str, params: dict[str, Any]) -> None:
    """Make (or check) the folder of finished chunks; it belongs to one set of arguments."""
    os.makedirs(parts, exist_ok=True)
    path = os.path.join(parts, "run.json")
    text = json.dumps(params, sort_keys=True, indent=1)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
        if old != json.loads(text):
            diff = sorted(k for k in set(old) | set(params) if old.get(k) != params.get(k))
            raise StateError(
                f"{parts} holds the chunks of a run with other arguments ({', '.join(diff)}); "
                "run with the same arguments to resume it, or remove it"
            )
        return
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def _local(job: Job, todo: list[tuple[int, int, int]], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """Chunks solved here (one worker) or in ``workers`` local processes, as they finish."""
    if workers == 1:
        for i, a, b in todo:
            yield i, solve_chunk(job, a, b)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        pending: dict[Future[Any], int] = {}
        queue = list(reversed(todo))
        try:
            while queue or pending:
                while queue and len(pending) < 2 * workers:
                    i, a, b = queue.pop()
                    pending[pool.submit(solve_chunk, job, a, b)] = i
                done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                for fut in sorted(done, key=lambda f: pending[f]):
                    i = pending.pop(fut)
                    yield i, fut.result()
        except BaseException:
            for fut in pending:
                fut.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def run(
    game: GameBase | str,
    deals: Optional[int] = None,
    seed: int = 0,
    out: str = "batch.npz",
    workers: int = 1,
    backend: str = "local",
    *,
    where: Sequence[Constraint] = (),
    source: Optional[str] = None,
    objective: str = "tricks",
    max_tries: int = MAX_TRIES,
    chunk: Optional[int] = None,
    value: Optional[Callable[[GameBase, Any], Sequence[int]]] = None,
    shape: Optional[Sequence[int]] = None,
    address: Optional[str] = None,
    progress: Optional[Progress] = None,
    keep_parts: bool = False,
) -> Result:
    """Solve many deals of ``game`` and write one row per deal to ``out`` (``.npz`` or
    ``.parquet``).

    The deals are ``deals`` seeded deals of the run ``seed`` that meet every constraint of
    ``where`` (texts of :mod:`hukm.batch.where`, or callables of a
    :class:`hukm.batch.where.Context`), each drawn again up to ``max_tries`` times before
    the run stops with :class:`hukm.StateError`; or the deals of the file ``source`` (one
    deal a line, JSONL hand records, ``.pbn``; ``deals`` then takes the first ones).

    Each deal's values follow :func:`hukm.batch.plan.plan_for` (the game's double-dummy
    table, the seeded hand's value, or a table of positions; ``objective="kot"``: the kot
    query), or ``value(game, deal)`` (a module-level function returning ``shape``
    numbers; ``deal`` a :class:`hukm.batch.Deal`).

    ``workers`` processes (``backend="local"``) or Ray tasks (``backend="ray"``, at
    ``address`` or a new local Ray; ``pip install "hukm[ray]"``) solve chunks of ``chunk``
    deals; finished chunks stay in ``out + ".parts"`` until the output is written, so a
    stopped run resumes. The same arguments give byte-identical output whatever
    ``workers`` and ``backend``.

    >>> import hukm, numpy as np
    >>> r = run(hukm.game("28"), deals=3, seed=1, out="/tmp/hukm-batch-doc.npz")
    >>> z = np.load("/tmp/hukm-batch-doc.npz")
    >>> z["deals"].shape, z["values"].shape
    ((3,), (3, 4, 4))
    """
    from ..registry import game as make_game

    g = make_game(game) if isinstance(game, str) else game
    if not isinstance(g, GameBase):
        raise OptionError(f"game must be a game or a preset name, got {game!r}")
    if backend not in BACKENDS:
        raise OptionError(f"bad backend {backend!r}; backends: {', '.join(BACKENDS)}")
    seed = _whole(seed, "seed", 0)
    workers = _whole(workers, "workers", 1)
    max_tries = _whole(max_tries, "max_tries", 1)
    out = os.fspath(out)
    fmt = format_of(out)
    if fmt == ".parquet":
        need_pyarrow()
    where = tuple(where)
    for w in where:
        if not isinstance(w, str) and not callable(w):
            raise OptionError(f"a constraint must be a string or a callable, got {w!r}")
    texts = [w for w in where if isinstance(w, str)]
    compile_for(g, texts)  # a bad constraint stops here, naming its token

    file_deals: tuple[Any, ...] = ()
    if source is not None:
        if where:
            raise OptionError("constraints apply to seeded deals, not to the deals of a file")
        file_deals = tuple(d for d, _ in read_deals(g, os.fspath(source)))
        if deals is not None:
            file_deals = file_deals[: _whole(deals, "deals", 1)]
        if not file_deals:
            raise StateError(f"{source}: no deals")
        total = len(file_deals)
    else:
        if deals is None:
            raise OptionError("give the number of deals (deals=N) or a file of deals (source=PATH)")
        total = _whole(deals, "deals", 1)

    if value is not None:
        if not callable(value):
            raise OptionError(f"value must be a callable f(game, deal), got {value!r}")
        plan: Plan = custom_plan(value, shape, "")
    else:
        if shape is not None:
            raise OptionError("shape applies only with a custom value function")
        plan = plan_for(g, objective)
    size = default_chunk(total) if chunk is None else _whole(chunk, "chunk", 1)

    meta: dict[str, Any] = {
        "hukm": __version__,
        "game": g.preset,
        "options": dict(sorted(g.given_options.items())),
        "deals": total,
        "seed": seed if source is None else None,
        "source": None if source is None else {"file": os.path.basename(os.fspath(source)), "sha256": _file_digest(os.fspath(source))},
        "where": [w if isinstance(w, str) else _name(w) for w in where],
        "max_tries": max_tries if source is None else None,
        "objective": objective if value is None else None,
        "value": None if value is None else _name(value),
        "plan": plan.as_dict(),
    }
    job = Job(g.preset, g.given_options, seed, plan, where, max_tries, file_deals, value)
    bounds = [(i, a, min(a + size, total)) for i, a in enumerate(range(0, total, size))]
    parts = _parts_of(out)
    _start_parts(parts, {"meta": meta, "chunk": size, "format": fmt})
    finished = {i for i, _, _ in bounds if os.path.exists(_chunk_path(parts, i))}
    todo = [b for b in bounds if b[0] not in finished]
    done = sum(b - a for i, a, b in bounds if i in finished)
    if progress:
        progress(done, total)
    t0 = time.monotonic()
    if todo:
        if backend == "ray":
            from .ray import ray_chunks

            produced: Iterator[tuple[int, dict[str, Any]]] = ray_chunks(job, todo, workers, address)
        else:
            produced = _local(job, todo, workers)
        sizes = {i: b - a for i, a, b in bounds}
        for i, cols in produced:
            save_npz(_chunk_path(parts, i), cols)
            done += sizes[i]
            if progress:
                progress(done, total)
    seconds = time.monotonic() - t0
    cols = concat([load_npz(_chunk_path(parts, i)) for i, _, _ in bounds])
    write(out, cols, meta)
    if not keep_parts:
        shutil.rmtree(parts, ignore_errors=True)
    return Result(out, total, len(bounds), len(todo), len(finished), seconds)


def read(path: str) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
    """The columns and the parameters of a batch's output (``.npz`` or ``.parquet``).

    >>> import hukm
    >>> _ = run(hukm.game("28"), deals=2, seed=3, out="/tmp/hukm-batch-read.npz")
    >>> cols, meta = read("/tmp/hukm-batch-read.npz")
    >>> meta["seed"], cols["values"].shape
    (3, (2, 4, 4))
    """
    fmt = format_of(path)
    if fmt == ".npz":
        arrays = load_npz(path)
        meta = json.loads(str(arrays.pop("meta").reshape(-1)[0]))
        names = {"seeds": "seed", "deals": "deal", "records": "record"}
        return {names.get(k, k): v for k, v in arrays.items()}, meta
    need_pyarrow()
    import pyarrow.parquet as pq  # type: ignore[import-untyped, unused-ignore]

    table = pq.read_table(path)
    meta = json.loads(table.schema.metadata[b"hukm"])
    cols: dict[str, npt.NDArray[Any]] = {}
    for name in table.column_names:
        col = table.column(name)
        if name == "values":
            flat = np.asarray(col.combine_chunks().flatten(), dtype=np.int32)
            cols[name] = flat.reshape((table.num_rows,) + tuple(meta["plan"]["shape"]))
        else:
            cols[name] = np.asarray(col.to_pylist() if col.type == "string" else col.to_numpy())
    return cols, meta
