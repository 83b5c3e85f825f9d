"""The Ray backend of hukm.batch on a local Ray cluster (127.0.0.1, two CPUs): the same
bytes as the local backend, and a job that loses a worker process mid-way still
completes with the same bytes. Skipped when Ray is not installed (``hukm[ray]``)."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

import hukm.batch as batch

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1")
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_gives_the_local_bytes(cluster: Any, tmp_path: Path) -> None:
    local, remote = tmp_path / "local.npz", tmp_path / "ray.npz"
    batch.run("naqsh", deals=1000, seed=6, out=str(local), chunk=50)
    r = batch.run("naqsh", deals=1000, seed=6, out=str(remote), chunk=50, backend="ray", workers=2)
    assert r.solved == 20
    assert remote.read_bytes() == local.read_bytes()


def _chunk_workers() -> list[int]:
    """Process ids of the Ray workers running a chunk now (Ray names them in /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if cmd.startswith("ray::solve_chunk"):
            out.append(int(entry.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds Ray's workers in /proc")
def test_a_killed_worker_is_retried(cluster: Any, tmp_path: Path) -> None:
    local, remote = tmp_path / "local.npz", tmp_path / "ray.npz"
    batch.run("court_piece", deals=60, seed=2, out=str(local), chunk=3)
    seen: list[int] = []
    failure: list[BaseException] = []

    def job() -> None:
        try:
            batch.run("court_piece", deals=60, seed=2, out=str(remote), chunk=3, backend="ray", workers=2,
                      progress=lambda done, total: seen.append(done))
        except BaseException as e:  # pragma: no cover - reported below
            failure.append(e)

    t = threading.Thread(target=job)
    t.start()
    killed = None
    deadline = time.monotonic() + 300
    while killed is None and t.is_alive() and time.monotonic() < deadline:
        busy = _chunk_workers()
        if busy and seen and seen[-1] > 0:
            killed = busy[0]
            os.kill(killed, signal.SIGKILL)
        time.sleep(0.02)
    t.join(600)
    assert killed is not None, "no worker was caught running a chunk"
    assert not failure, failure
    assert remote.read_bytes() == local.read_bytes()
