"""Self-play speed in the benchmark run: ``benches/vec_env_speed.py`` (decision
steps per second of ``hukm.VecEnv`` x256, OpenSpiel's bridge from Python with
observation tensors, the AEC environment, a State loop), interleaved; the
medians and ratios go to the summary table."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import vec_env_speed  # noqa: E402

SHORT = os.environ.get("HUKM_BENCH_SHORT", "") not in ("", "0")
pytestmark = pytest.mark.bench


def test_vec_env_speed(benchmark: Any, record: Callable[[str, float], None]) -> None:
    """The whole interleaved measurement, once (its own rounds give the medians)."""
    pytest.importorskip("pyspiel")
    rounds, seconds = (3, 0.5) if SHORT else (7, 2.0)
    results = benchmark.pedantic(vec_env_speed.measure, args=(rounds, seconds), rounds=1, iterations=1)
    ratios = vec_env_speed.report(results)
    record("vec_env_over_openspiel_1t", ratios["VecEnv (1 thread) / OpenSpiel bridge"])
    record("vec_env_over_openspiel_all", ratios["VecEnv (all threads) / OpenSpiel bridge"])
    record("vec_env_over_aec_1t", ratios["VecEnv (1 thread) / AEC env"])
