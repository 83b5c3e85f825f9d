#!/usr/bin/env python3
"""Solver switches against each other on the same random deals, interleaved.

    cargo build --release -p hukm-core --example solve_bench
    python benches/ab_switches.py --deals 40 --rounds 3 "" "+tt_promote" "+compact_cutoffs"

Each configuration is a `HUKM_SWITCHES` list (see `Switches::with_spec`; "" is the
default). Every round runs each configuration once over the same deals, in rotated
order, so machine noise hits all alike. Prints, per configuration, the median over
rounds of the total table time, its ratio to the first configuration, and the node
total (the stable measure); checks that every configuration gives the same tables.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess

BIN = os.path.join(os.path.dirname(__file__), "..", "target", "release", "examples", "solve_bench")


def run(spec: str, deals: int, seed: int) -> tuple[float, int, list[str]]:
    env = dict(os.environ, HUKM_SWITCHES=spec)
    out = subprocess.run([BIN, "--random", str(deals), str(seed)], env=env, capture_output=True,
                         text=True, check=True).stdout
    ms, nodes, tables = 0.0, 0, []
    for line in out.splitlines():
        m = re.match(r"\s*\d+\s+([\d.]+) ms\s+(\d+) nodes (\[.*\])", line)
        if m:
            ms += float(m.group(1))
            nodes += int(m.group(2))
            tables.append(m.group(3))
    return ms, nodes, tables


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("configs", nargs="+")
    a = ap.parse_args([x if not x.startswith("-") or x.startswith("--") else " " + x for x in __import__("sys").argv[1:]])
    a.configs = [c.strip() for c in a.configs]
    times: dict[str, list[float]] = {c: [] for c in a.configs}
    nodes: dict[str, int] = {}
    tables: dict[str, list[str]] = {}
    for r in range(a.rounds):
        k = r % len(a.configs)
        for c in a.configs[k:] + a.configs[:k]:
            ms, n, t = run(c, a.deals, a.seed)
            times[c].append(ms)
            nodes[c] = n
            tables[c] = t
    base = statistics.median(times[a.configs[0]])
    for c in a.configs:
        med = statistics.median(times[c])
        same = "same tables" if tables[c] == tables[a.configs[0]] else "TABLES DIFFER"
        print(f"{c or 'default':40} {med:10.1f} ms  {med / base:6.3f}x  nodes {nodes[c]:>12}  "
              f"{nodes[c] / nodes[a.configs[0]]:6.3f}x  {same}  rounds {[round(x) for x in times[c]]}")


if __name__ == "__main__":
    main()
