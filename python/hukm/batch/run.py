"""The batch runner: split a job into chunks, solve them here, in local worker processes
or as Ray tasks, keep each finished chunk on disk next to the output (``OUT.parts/``),
and join them into the output when all are done.

A run stopped for any reason (Ctrl-C, a kill, a lost machine) and started again with the
same arguments skips the chunks already finished; other arguments over the same parts
are refused, naming the arguments that differ, unless ``force`` starts the run over. An
existing output is replaced only with ``force``. Ctrl-C stops the workers at once, keeps
every finished chunk and raises :class:`Stopped`. The output depends only on the
arguments, never on the number of workers, the backend or the interruptions: deal ``k``
is made from the seed and ``k`` alone.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import signal
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from contextlib import closing
from typing import Any, Callable, Optional, Sequence

import numpy as np
import numpy.typing as npt

from .. import __version__
from .._errors import OptionError, StateError
from .._game import GameBase
from ..solve import default_threads
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


class Stopped(KeyboardInterrupt):
    """The ``KeyboardInterrupt`` of a run stopped by Ctrl-C, raised once its workers are
    stopped: ``kept`` of its ``chunks`` chunks are finished and kept in the folder
    ``parts``, and the same call again resumes from them."""

    def __init__(self, parts: str, kept: int, chunks: int) -> None:
        super().__init__(f"stopped: {kept} of {chunks} chunks kept in {parts}; "
                         "run again with the same arguments to resume")
        self.parts = parts
        self.kept = kept
        self.chunks = chunks


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


_ABSENT = object()
"""A parameter one of two runs does not have."""


def _shown(value: Any) -> str:
    """A parameter's value as :func:`_changes` writes it."""
    if value is _ABSENT or value is None:
        return "none"
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def _changes(old: Any, new: Any, name: str = "") -> list[str]:
    """What differs between the parameters of two runs, one ``name old -> new`` per
    argument (keys of nested parameters joined by dots; those of ``meta`` unprefixed).

    >>> _changes({"meta": {"deals": 100, "seed": 1, "options": {"a": 1}}, "chunk": 10},
    ...          {"meta": {"deals": 200, "seed": 2, "options": {}}, "chunk": 10})
    ['deals 100 -> 200', 'options.a 1 -> none', 'seed 1 -> 2']
    """
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return [] if old == new else [f"{name} {_shown(old)} -> {_shown(new)}"]
    out: list[str] = []
    for key in sorted(set(old) | set(new)):
        sub = key if name in ("", "meta") else f"{name}.{key}"
        out += _changes(old.get(key, _ABSENT), new.get(key, _ABSENT), sub)
    return out


def _start_parts(parts: str, params: dict[str, Any], force: bool = False) -> None:
    """Make (or check) the folder of finished chunks; it belongs to one set of arguments.
    The folder of a run with other arguments is refused, naming what differs, or with
    ``force`` removed."""
    path = os.path.join(parts, "run.json")
    text = json.dumps(params, sort_keys=True, indent=1)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
        new = json.loads(text)
        if old == new:
            return
        if not force:
            changes = _changes(old, new)
            named = [c for c in changes if not c.startswith("plan")] or changes  # the plan follows from the rest
            raise StateError(
                f"{parts} holds the chunks of a run with other arguments ({', '.join(named)}); "
                "run with the same arguments to resume it, or, to start over, remove it or pass --force (force=True)"
            )
        shutil.rmtree(parts)
    os.makedirs(parts, exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


Keep = Callable[[int, dict[str, Any]], None]
"""``keep(i, columns)``: what the runner does with chunk ``i`` once it is solved."""


def _ignore_sigint() -> None:
    """A local worker leaves Ctrl-C to the main process, which stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down at once: queued chunks cancelled, running ones not waited for,
    its processes terminated."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        p.terminate()
    for p in processes:
        p.join(5)
        if p.is_alive():
            p.kill()


def _local(job: Job, todo: list[tuple[int, int, int]], workers: int, keep: Keep) -> None:
    """Solve the chunks ``todo`` here (one worker) or in ``workers`` local processes,
    handing each to ``keep`` as it finishes. On an exception (Ctrl-C included) the chunks
    already solved are still kept, and the workers are stopped without waiting for the
    chunks they are running."""
    if workers == 1:
        for i, a, b in todo:
            keep(i, solve_chunk(job, a, b))
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_ignore_sigint)
    pending: dict[Future[Any], int] = {}
    queue = list(reversed(todo))
    try:
        while queue or pending:
            while queue and len(pending) < 2 * workers:
                i, a, b = queue.pop()
                pending[pool.submit(solve_chunk, job, a, b)] = i
            done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: pending[f]):
                keep(pending.pop(fut), fut.result())
        pool.shutdown()
    except BaseException:
        try:
            for fut in sorted(pending, key=lambda f: pending[f]):
                if fut.done() and not fut.cancelled() and fut.exception() is None:
                    keep(pending[fut], fut.result())
        finally:
            _stop(pool)
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
    force: bool = False,
    threads: Optional[int] = None,
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
    stopped run resumes: called again with the same arguments, it solves only the
    missing chunks. Each worker solves on ``threads`` threads (default: the cores this
    process may use, :func:`hukm.default_threads`, shared out among the workers). The
    same arguments give byte-identical output whatever ``workers``, ``threads`` and
    ``backend``.

    An existing ``out`` is replaced only with ``force=True``; otherwise the run stops
    with :class:`hukm.StateError` before solving anything. Parts left by a run with other
    arguments are refused the same way, naming the arguments that differ, and removed
    with ``force=True``. Ctrl-C stops the workers without waiting for their chunks, keeps
    every finished chunk in the parts folder and raises :class:`Stopped` (a
    ``KeyboardInterrupt``).

    >>> import hukm, numpy as np, os, tempfile
    >>> out = os.path.join(tempfile.mkdtemp(), "t28.npz")
    >>> r = run(hukm.game("28"), deals=3, seed=1, out=out)
    >>> z = np.load(out)
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
    per_worker = _whole(threads, "threads", 1) if threads is not None else max(1, default_threads() // workers)
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
    job = Job(g.preset, g.given_options, seed, plan, where, max_tries, file_deals, value, per_worker)
    bounds = [(i, a, min(a + size, total)) for i, a in enumerate(range(0, total, size))]
    parts = _parts_of(out)
    if os.path.exists(out) and not force:
        raise StateError(f"{out} exists; pass --force (force=True) to replace it")
    _start_parts(parts, {"meta": meta, "chunk": size, "format": fmt}, force)
    finished = {i for i, _, _ in bounds if os.path.exists(_chunk_path(parts, i))}
    todo = [b for b in bounds if b[0] not in finished]
    done = sum(b - a for i, a, b in bounds if i in finished)
    if progress:
        progress(done, total)
    sizes = {i: b - a for i, a, b in bounds}

    def keep(i: int, cols: dict[str, Any]) -> None:
        nonlocal done
        save_npz(_chunk_path(parts, i), cols)
        done += sizes[i]
        if progress:
            progress(done, total)

    t0 = time.monotonic()
    try:
        if todo and backend == "ray":
            from .ray import ray_chunks

            with closing(ray_chunks(job, todo, workers, address)) as produced:
                for i, cols in produced:
                    keep(i, cols)
        elif todo:
            _local(job, todo, workers, keep)
        seconds = time.monotonic() - t0
        write(out, concat([load_npz(_chunk_path(parts, i)) for i, _, _ in bounds]), meta)
    except KeyboardInterrupt as e:
        kept = sum(1 for i, _, _ in bounds if os.path.exists(_chunk_path(parts, i)))
        raise Stopped(parts, kept, len(bounds)) from e
    if not keep_parts:
        shutil.rmtree(parts, ignore_errors=True)
    return Result(out, total, len(bounds), len(todo), len(finished), seconds)


def read(path: str) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
    """The columns and the parameters of a batch's output (``.npz`` or ``.parquet``).

    >>> import hukm, os, tempfile
    >>> r = run(hukm.game("28"), deals=2, seed=3, out=os.path.join(tempfile.mkdtemp(), "r.npz"))
    >>> cols, meta = read(r.out)
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
