"""Benchmark plumbing: sizes from ``HUKM_BENCH_SHORT``, a ``record`` fixture collecting
medians, and a summary table (medians and ratios against OpenSpiel) printed at the end."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import pytest

RESULTS: dict[str, float] = {}
"""Name -> measured value (hands per second, or seconds per step)."""


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``bench`` marker."""
    config.addinivalue_line("markers", "bench: speed benchmark (run with pytest benches)")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Optional[pytest.Module]:
    """Collect ``bench_*.py`` files (pytest's default pattern is ``test_*.py``)."""
    if file_path.suffix == ".py" and file_path.name.startswith("bench_"):
        if parent.session.isinitpath(file_path):
            return None  # named on the command line: pytest collects it itself
        return pytest.Module.from_parent(parent, path=file_path)
    return None


@pytest.fixture
def record() -> Callable[[str, float], None]:
    """Store one measured value for the summary table."""

    def put(name: str, value: float) -> None:
        RESULTS[name] = value

    return put


def _ratio(a: str, b: str) -> str:
    if a in RESULTS and b in RESULTS and RESULTS[b] > 0:
        return f"{RESULTS[a] / RESULTS[b]:.2f}x"
    return "n/a"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the table of medians and ratios (targets from the project's design)."""
    if not RESULTS:
        return
    tr = terminalreporter
    tr.section("hukm vs OpenSpiel (medians)")
    rows = [
        ("play-outs, hands/s, hukm hokm4 play_all, 1 thread", "hukm_playouts_1t"),
        ("play-outs, hands/s, hukm hokm4 play_all, all cores", "hukm_playouts_all"),
        ("play-outs, hands/s, hukm hokm4 first_to_7, 1 thread", "hukm_playouts_default_1t"),
        ("play-outs, hands/s, OpenSpiel bridge from Python", "openspiel_playouts"),
        ("one legal_actions()+apply() step, us, hukm", "hukm_step_us"),
        ("one legal_actions()+apply_action() step, us, OpenSpiel", "openspiel_step_us"),
        ("self-play steps ratio, VecEnv x256 1 thread / OpenSpiel", "vec_env_over_openspiel_1t"),
        ("self-play steps ratio, VecEnv x256 all cores / OpenSpiel", "vec_env_over_openspiel_all"),
        ("self-play steps ratio, VecEnv x256 1 thread / AEC env", "vec_env_over_aec_1t"),
    ]
    for label, key in rows:
        value = RESULTS.get(key)
        tr.write_line(f"  {label:<58} {value:>14,.2f}" if value is not None else f"  {label:<58} {'-':>14}")
    tr.write_line(
        f"  ratio play-outs (1 thread) hukm/OpenSpiel: {_ratio('hukm_playouts_1t', 'openspiel_playouts')}"
        "   target >= 100x"
    )
    tr.write_line(
        f"  ratio play-outs (all cores) hukm/OpenSpiel: {_ratio('hukm_playouts_all', 'openspiel_playouts')}"
    )
    tr.write_line(
        f"  ratio per-step time hukm/OpenSpiel: {_ratio('hukm_step_us', 'openspiel_step_us')}   target <= 1.0x"
    )
