"""Throughput of hukm.batch: 1 worker against 2, and the Ray backend against the local one,
run side by side (interleaved rounds, the same deals), printing medians and ratios.

    python benches/batch_scaling.py --game hokm4 --deals 2000 --rounds 1
    python benches/batch_scaling.py --game naqsh --deals 10000 --ray
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

import hukm.batch as batch


def timed(game: str, deals: int, workers: int, backend: str, out: str) -> float:
    t0 = time.perf_counter()
    batch.run(game, deals=deals, seed=1, out=out, workers=workers, backend=backend)
    return time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="hokm4")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--ray", action="store_true", help="compare Ray (2 CPUs) with 2 local workers")
    a = p.parse_args()
    configs = [("local", 2), ("ray", 2)] if a.ray else [("local", 1), ("local", 2)]
    times: dict[tuple[str, int], list[float]] = {c: [] for c in configs}
    outs = {}
    with tempfile.TemporaryDirectory() as d:
        for r in range(a.rounds):
            for backend, workers in configs:
                out = os.path.join(d, f"{backend}{workers}.npz")
                times[(backend, workers)].append(timed(a.game, a.deals, workers, backend, out))
                outs[(backend, workers)] = open(out, "rb").read()
        same = len(set(outs.values())) == 1
    med = {c: statistics.median(t) for c, t in times.items()}
    for c in configs:
        print(f"{a.game} {a.deals} deals, {c[0]} x{c[1]}: median {med[c]:.1f}s, {a.deals / med[c]:.1f} deals/s")
    base, other = configs
    print(f"ratio {other} / {base}: throughput x{med[base] / med[other]:.2f}; outputs identical: {same}")


if __name__ == "__main__":
    main()
