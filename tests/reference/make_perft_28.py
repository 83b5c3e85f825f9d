"""Writes ``tests/data/perft_twenty_eight.txt`` from the reference (``twenty_eight_ref.py``).

Run from the repository root: ``python tests/reference/make_perft_28.py``.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference.twenty_eight_ref import PACK32, RANKS, SUITS, Position, perft, position  # noqa: E402

HEADER = """# Perft counts for Twenty-eight trick play, produced by tests/reference/twenty_eight_ref.py
# (regenerate with: python tests/reference/make_perft_28.py).
#
# One position per line, fields separated by ';':
#   preset;deal;bidder;leader;trump;depth;count
# preset   28 or 29, optionally followed by ',key=value' options for hukm.TwentyEight
#          (unrevealed_trump=forced_last, bidder_plays_revealed=on).
# deal     compact hands in seat order (docs/rules/index.md), all of the same size.
# trump    'open:H' (trumps open from trick 1) or 'indicator:8H' (that card of the bidder's
#          hand laid aside face down: phase 1, with 'call' as an action).
# depth    number of actions (cards, 'call', and 'pair' / 'pass' between tricks), or 'end'.
# count    perft(position, depth): 1 if depth is 0 or the hand is over, else the sum over
#          the legal actions.
"""


@dataclass(frozen=True)
class Line:
    """One perft line."""

    preset: str
    deal: str
    bidder: int
    leader: int
    trump: str
    depth: Optional[int]

    def options(self) -> dict[str, str]:
        """Options given after the preset."""
        parts = self.preset.split(",")[1:]
        return dict(p.split("=", 1) for p in parts)

    def game(self) -> str:
        """28 or 29."""
        return self.preset.split(",")[0]

    def position(self) -> Position:
        """The reference position of the line."""
        kind, _, what = self.trump.partition(":")
        o = self.options()
        return position(
            self.deal,
            self.bidder,
            self.leader,
            trump=what if kind == "open" else None,
            indicator=what if kind == "indicator" else None,
            game=self.game(),
            forced_last=o.get("unrevealed_trump") == "forced_last",
            bidder_plays_revealed=o.get("bidder_plays_revealed") == "on",
        )


def compact(cards: list[str]) -> str:
    """A compact hand."""
    return ".".join("".join(r for r in RANKS if r + s in cards) for s in SUITS)


def random_deal(rng: random.Random, k: int) -> list[list[str]]:
    """Four random hands of ``k`` cards."""
    pack = PACK32[:]
    rng.shuffle(pack)
    return [pack[i * 8 : i * 8 + k] for i in range(4)]


def read_lines(path: Path) -> list[tuple[Line, int]]:
    """The lines of a perft file."""
    out = []
    for raw in path.read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        f = raw.split(";")
        depth = None if f[5] == "end" else int(f[5])
        out.append((Line(f[0], f[1], int(f[2]), int(f[3]), f[4], depth), int(f[6])))
    return out


def main() -> None:
    rng = random.Random(28)
    lines: list[Line] = []
    plans = [
        ("28", 8, 4, "indicator"),
        ("28", 8, 5, "indicator"),
        ("28", 8, 4, "open"),
        ("29", 8, 4, "indicator"),
        ("28", 4, None, "indicator"),
        ("28", 4, None, "indicator"),
        ("28", 4, None, "open"),
        ("29", 4, None, "indicator"),
        ("28,unrevealed_trump=forced_last", 3, None, "indicator"),
        ("28,unrevealed_trump=forced_last", 4, None, "indicator"),
        ("28,bidder_plays_revealed=on", 4, None, "indicator"),
        ("29,unrevealed_trump=forced_last,bidder_plays_revealed=on", 4, None, "indicator"),
        ("28", 5, 8, "indicator"),
        ("28", 5, 9, "open"),
        ("28", 2, None, "indicator"),
        ("28,unrevealed_trump=forced_last", 1, None, "indicator"),
        ("28", 6, 6, "indicator"),
        ("28", 3, None, "open"),
    ]
    for i, (preset, k, depth, kind) in enumerate(plans * 2):
        hands = random_deal(rng, k)
        bidder = rng.randrange(4)
        leader = rng.randrange(4)
        if kind == "open":
            trump = "open:" + rng.choice(SUITS)
        else:
            trump = "indicator:" + rng.choice(hands[bidder])
        lines.append(Line(preset, " ".join(compact(h) for h in hands), bidder, leader, trump, depth))
    out = [HEADER]
    for line in lines:
        t = time.time()
        n = perft(line.position(), line.depth)
        d = "end" if line.depth is None else str(line.depth)
        out.append(f"{line.preset};{line.deal};{line.bidder};{line.leader};{line.trump};{d};{n}\n")
        print(f"{line.preset} k={len(line.deal.split()[0]) - 3} {d}: {n} ({time.time() - t:.1f}s)", file=sys.stderr)
    path = Path(__file__).resolve().parent.parent / "data" / "perft_twenty_eight.txt"
    path.write_text("".join(out))


if __name__ == "__main__":
    main()
