"""Rewrites ``tests/data/solver_nodes.txt``: search-node counts of the solver
on a fixed set of deals (the stable measure of solver work; times are not).

Run after a deliberate change of the search: ``python tests/tools/update_node_baseline.py``.
"""

from __future__ import annotations

import random
from pathlib import Path

import hukm

OUT = Path(__file__).resolve().parent.parent / "data" / "solver_nodes.txt"
TRUMPS = ["S", "H", "D", "C", None]


def positions() -> list[tuple[str, str, int, str]]:
    """Twelve fixed hokm4 full deals and four hokm3 ones, with trump and leader."""
    rng = random.Random(424242)
    out = []
    for preset, players, count in [("hokm4", 4, 12), ("hokm3", 3, 4)]:
        for _ in range(count):
            pack = hukm.pack_cards("french52")
            if players == 3:
                pack.remove("2C")
            rng.shuffle(pack)
            size = len(pack) // players
            deal = " ".join(hukm.format_hand(pack[i * size : (i + 1) * size]) for i in range(players))
            trump = rng.choice(TRUMPS)
            out.append((preset, deal, rng.randrange(players), trump or "-"))
    return out


def nodes(preset: str, deal: str, leader: int, trump: str) -> int:
    state = hukm.Hokm(preset).from_deal(deal, trump=None if trump == "-" else trump, leader=leader)
    return hukm.solve(state, actions=False, threads=1).nodes


def main() -> None:
    lines = ["# preset;deal;leader;trump;nodes  (value-only solve for the leader's side, default settings)"]
    for preset, deal, leader, trump in positions():
        lines.append(f"{preset};{deal};{leader};{trump};{nodes(preset, deal, leader, trump)}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
