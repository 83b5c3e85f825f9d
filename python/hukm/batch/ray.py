"""The Ray backend of :func:`hukm.batch.run` (``backend="ray"``, ``hukm batch --ray
[ADDRESS]``; ``pip install "hukm[ray]"``): each chunk is one Ray task, retried when its
worker dies; the chunks come back to the driver, which writes them as the local backend
does, so the output is the same file.

Without an address a Ray of ``workers`` CPUs is started on this machine for the run (and
stopped after it); with one (``auto``, ``ray://host:10001``, ``host:6379``) the run joins
that cluster, where ``hukm`` must be installed. When Ray is already initialised in this
process the run uses it as it is.
"""

from __future__ import annotations

from typing import Any, Generator, Optional

from .._errors import StateError
from .chunk import Job, solve_chunk

RETRIES = 5
"""Times a chunk is run again after its worker process or machine fails."""


def need_ray() -> Any:
    """The ``ray`` module, or :class:`hukm.StateError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise StateError('the Ray backend needs Ray: pip install "hukm[ray]"') from None
    return ray


def ray_chunks(job: Job, todo: list[tuple[int, int, int]], workers: int,
               address: Optional[str]) -> Generator[tuple[int, dict[str, Any]], None, None]:
    """The chunks ``todo`` (index, first deal, end) solved as Ray tasks, as they finish;
    at most twice the cluster's CPUs (or ``workers``, if more) are queued at once."""
    ray = need_ray()
    started = False
    if not ray.is_initialized():
        kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                              "configure_logging": False}
        if address:
            ray.init(address=address, **kw)
        else:
            ray.init(num_cpus=workers, **kw)
        started = True
    try:
        task = ray.remote(num_cpus=1, max_retries=RETRIES)(solve_chunk)
        job_ref = ray.put(job)
        cpus = int(ray.cluster_resources().get("CPU", workers))
        limit = 2 * max(cpus, workers)
        queue = list(reversed(todo))
        pending: dict[Any, int] = {}
        try:
            while queue or pending:
                while queue and len(pending) < limit:
                    i, a, b = queue.pop()
                    pending[task.remote(job_ref, a, b)] = i
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    i = pending.pop(ref)
                    yield i, ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
