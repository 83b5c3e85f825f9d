"""Search work must not grow: node counts on fixed deals against the committed
baseline (``tests/data/solver_nodes.txt``, rewritten by
``tests/tools/update_node_baseline.py``), one thread (the counts repeat exactly only there).
More than 10% more nodes fails."""

from __future__ import annotations

from pathlib import Path

import hukm

BASELINE = Path(__file__).resolve().parent.parent / "data" / "solver_nodes.txt"


def test_node_counts_do_not_grow() -> None:
    rows = [line.split(";") for line in BASELINE.read_text().splitlines() if line and not line.startswith("#")]
    assert len(rows) >= 12
    total_now = total_then = 0
    for preset, deal, leader, trump, expected in rows:
        state = hukm.Hokm(preset).from_deal(deal, trump=None if trump == "-" else trump, leader=int(leader))
        now = hukm.solve(state, actions=False, threads=1).nodes
        assert now <= 1.10 * int(expected), f"{preset} {deal}: {now} nodes, baseline {expected}"
        total_now += now
        total_then += int(expected)
    assert total_now <= 1.10 * total_then
