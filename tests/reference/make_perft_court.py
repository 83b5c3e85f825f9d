"""Writes ``tests/data/perft_court_piece.txt``: perft counts of Court Piece
family positions (Satat's 2H, first-void trumps, heap presets) computed by the
independent reference ``court_ref.py``.

Run: ``python tests/reference/make_perft_court.py``.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Optional

from court_ref import Play, Rules

OUT = Path(__file__).resolve().parent.parent / "data" / "perft_court_piece.txt"
RULES = {
    "satat": Rules(satat=True),
    "be_ranga": Rules(heap=True, first_void=13, first_collect_min=2),
    "double_sar": Rules(heap=True),
}
RANKS = "AKQJT98765432"


def fmt(hand: list[str]) -> str:
    return ".".join("".join(sorted((c[0] for c in hand if c[1] == s), key=RANKS.index)) for s in "SHDC")


def perft(p: Play, depth: Optional[int]) -> int:
    if depth == 0 or p.over():
        return 1
    total = 0
    for c in p.legal():
        q = copy.deepcopy(p)
        q.play(c)
        total += perft(q, None if depth is None else depth - 1)
    return total


def main() -> None:
    rng = random.Random(61)
    lines = [
        "# Perft counts for Court Piece family positions, from tests/reference/court_ref.py",
        "# (regenerate: python tests/reference/make_perft_court.py).",
        "# preset;deal;trump;leader;depth;count   (trump '-' = none yet; depth 'end' = to the last trick)",
    ]
    for preset, size, depth, count in [
        ("satat", 4, "end", 6), ("satat", 13, "4", 3), ("satat", 13, "6", 2),
        ("be_ranga", 4, "end", 6), ("be_ranga", 5, "end", 3), ("be_ranga", 13, "5", 2),
        ("double_sar", 4, "end", 4),
    ]:
        for _ in range(count):
            pack = [r + s for s in "SHDC" for r in RANKS]
            if preset == "satat" and "2H" not in pack[: 4 * size]:
                pack.remove("2H")
                pack.insert(rng.randrange(4 * size), "2H")
            rng.shuffle(pack) if preset != "satat" else None
            if preset == "satat":
                head = pack[: 4 * size]
                rng.shuffle(head)
                pack = head
            hands = [pack[i * size : (i + 1) * size] for i in range(4)]
            trump = None if preset == "be_ranga" else rng.choice("SHDC")
            leader = rng.randrange(4)
            p = Play(RULES[preset], [list(h) for h in hands], trump, leader, trick_number=13 - size,
                     fixed_at=None if preset == "be_ranga" else 0)
            n = perft(p, None if depth == "end" else int(depth))
            deal = " ".join(fmt(h) for h in hands)
            lines.append(f"{preset};{deal};{trump or '-'};{leader};{depth};{n}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
