"""How often can the Hakem's side win a Hokm hand (7 tricks), and make a kot, with best
play by everyone (double dummy)? By the trump the Hakem names from his first five cards:
how many trumps those five hold, and how many he holds in all.

    python examples/studies/hakem_seven.py --deals 100000 --workers 2        # local processes
    python examples/studies/hakem_seven.py --deals 100000 --ray auto         # a Ray cluster

The deals are the seeded deals of ``hukm.game("hokm4")`` (seed 1); the Hakem names, by
the batch's rule of thumb (``hukm.batch.where.named_trump``), the suit with most cards
among his first five (ties: the higher top card). Each deal is solved twice from the
first lead (the Hakem leads): the tricks his side takes under the preset's stop rule
(first to 7) and the kot query. The run is a ``hukm.batch`` run (resumable, the same file
on any number of workers or on Ray); the figure and the table are drawn from its output.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

import numpy as np

import hukm
import hukm.batch as batch
from hukm.batch.where import named_trump


def hakem_values(game: Any, deal: batch.Deal) -> list[int]:
    """Trumps among the Hakem's first five, trumps in his hand, his side's tricks
    (first to 7) and 1 when it can make a kot, the trump he names and the Hakem leading."""
    seen = hukm.parse_deal(deal.seen, 1, game.pack)[0]
    trump = named_trump(seen, game.suits)
    hand = deal.deal.split()[deal.hakem].split(".")
    in_five = sum(1 for c in seen if c[1:] == trump)
    in_hand = len(hand[game.suits.index(trump)].replace("-", ""))
    state = game.from_deal(deal.deal, trump=trump, leader=deal.hakem)
    tricks = hukm.solve(state, deal.hakem, actions=False).value
    kot = hukm.solve(state, deal.hakem, actions=False, objective="kot").value
    return [in_five, in_hand, tricks, kot]


def summary(values: np.ndarray) -> list[tuple[str, int, int, float, float]]:
    """Rows (grouping, group, deals, share winning, share making a kot)."""
    rows = []
    for label, col in (("trumps among the first five", 0), ("trumps in the whole hand", 1)):
        for k in sorted(set(values[:, col].tolist())):
            sel = values[values[:, col] == k]
            rows.append((label, int(k), len(sel), float((sel[:, 2] >= 7).mean()), float((sel[:, 3] == 1).mean())))
    return rows


def figure(values: np.ndarray, path: str, deals: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    widths = [len(set(values[:, col].tolist())) for col in (0, 1)]
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.5), sharey=True, gridspec_kw={"width_ratios": widths})
    for ax, col, label in ((axes[0], 0, "trumps among the Hakem's first five"), (axes[1], 1, "trumps in the Hakem's hand")):
        ks = sorted(set(values[:, col].tolist()))
        win = [(values[values[:, col] == k][:, 2] >= 7).mean() for k in ks]
        kot = [(values[values[:, col] == k][:, 3] == 1).mean() for k in ks]
        n = [int((values[:, col] == k).sum()) for k in ks]
        x = np.arange(len(ks))
        ax.bar(x - 0.2, win, 0.4, label="wins the hand (7 tricks)")
        ax.bar(x + 0.2, kot, 0.4, label="makes a kot")
        ax.set_xticks(x, [f"{k}\n({c:,})" for k, c in zip(ks, n)], fontsize=8)
        ax.set_xlabel(label + " (deals)")
        ax.set_ylim(0, 1)
    axes[0].set_ylabel("share of deals, double dummy")
    axes[0].legend(loc="upper left")
    fig.suptitle(f"Hokm, four players: the Hakem's side with best play ({deals:,} deals, seed 1)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=100_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS")
    p.add_argument("--out", default="hakem_seven.npz")
    p.add_argument("--force", action="store_true", help="replace an existing --out")
    p.add_argument("--docs", default=os.path.join(os.path.dirname(__file__), "..", "..", "docs", "studies"))
    a = p.parse_args()
    from hukm.batch.progress import bar

    with bar() as progress:
        batch.run("hokm4", deals=a.deals, seed=1, out=a.out, workers=a.workers,
                  backend="local" if a.ray is None else "ray", address=a.ray or None,
                  value=hakem_values, shape=(4,), progress=progress, force=a.force)
    cols, meta = batch.read(a.out)
    values = cols["values"]
    os.makedirs(a.docs, exist_ok=True)
    figure(values, os.path.join(a.docs, "hakem_seven.png"), len(values))
    lines = [f"| grouping | trumps | deals | wins the hand | makes a kot |", "|---|---|---|---|---|"]
    for label, k, n, win, kot in summary(values):
        lines.append(f"| {label} | {k} | {n} | {100 * win:.1f}% | {100 * kot:.1f}% |")
    overall = f"All {len(values):,} deals: the Hakem's side wins {100 * (values[:, 2] >= 7).mean():.1f}%, makes a kot {100 * (values[:, 3] == 1).mean():.1f}%."
    with open(os.path.join(a.docs, "hakem_seven.md"), "w", encoding="utf-8") as f:
        f.write("# The Hakem's side with best play\n\n" + overall + "\n\n" + "\n".join(lines) + "\n\n"
                "![figure](hakem_seven.png)\n\nMade by `python examples/studies/hakem_seven.py "
                f"--deals {len(values)}` (seed 1; see the script's notes); the same command with "
                "`--ray ADDRESS` runs it on a Ray cluster and writes the same file.\n")
    print(overall)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
