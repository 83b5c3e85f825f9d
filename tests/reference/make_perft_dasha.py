"""Writes ``tests/data/perft_dashavatara.txt`` from the reference ``dasha_ref.py``.

Run from the repository root: ``python tests/reference/make_perft_dasha.py``. Positions are
drawn from a fixed seed: full deals from the opening, and small positions with ducals
planted in them and few suits (so void scans happen), under every option set.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference.dasha_ref import VALUE, Position, Rules, format_hand, legal, play  # noqa: E402

OPTION_SETS = [
    "-",
    "period=night",
    "void_scan=skip_trump",
    "ducal_run=top_run",
    "ducal_length=maximal",
    "avatar_list=balarama_krishna,period=night",
    "ducal=false",
]
BUDGET = 150_000

HEADER = """\
# Perft counts for Dashavatara trick play, produced by tests/reference/dasha_ref.py
# (regenerate with: python tests/reference/make_perft_dasha.py).
#
# One position per line, fields separated by ';':
#   options;deal;leader;depth;count
# options  '-' or comma-separated key=value options of hukm.Dashavatara (rules §10).
# deal     three compact hands in seat order (docs/rules/index.md), equal sizes.
# leader   seat on lead at a trick boundary after the opening, or '-' for the opening
#          (the holder of the trump Raja leads it alone).
# depth    number of actions (single cards, ducal leads, one card per discard), or 'end'.
# count    perft(position, depth): 1 if depth is 0 or the deal is over, else the sum over
#          the legal actions a of perft(position after a, depth - 1).
"""


class TooBig(Exception):
    """The count exceeds the budget."""


def perft_capped(pos: Position, depth: Optional[int], budget: list[int]) -> int:
    """perft with a node budget."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    if depth == 0 or pos.over():
        return 1
    nxt = None if depth is None else depth - 1
    return sum(perft_capped(play(pos, a), nxt, budget) for a in legal(pos))


def options(text: str) -> dict[str, str]:
    """Options of a line."""
    if text == "-":
        return {}
    return dict(kv.split("=") for kv in text.split(","))


def all_cards(r: Rules) -> list[str]:
    """The 120 cards."""
    return [f + s for s in r.suits for f in r.faces(s)]


def small_deal(r: Rules, h: int, rng: random.Random) -> list[frozenset[str]]:
    """Three hands of ``h`` cards from few suits, often with a ducal planted; no trump Raja."""
    pool = [c for c in all_cards(r) if c != "K" + r.trump]
    hands: list[set[str]] = [set(), set(), set()]
    if h >= 5:
        for seat in rng.sample(range(3), k=rng.choice([1, 1, 2])):
            s = rng.choice([x for x in r.suits if x != r.trump])
            if "K" + s not in pool or "V" + s not in pool:
                continue
            a = rng.randint(1, 8)
            b = min(10, a + rng.choice([2, 2, 3]))
            cards = ["K" + s, "V" + s] + [f + s for f in VALUE if a <= VALUE[f] <= b]
            if len(cards) <= h:
                hands[seat] |= set(cards)
                pool = [c for c in pool if c not in cards]
    suits = rng.sample(r.suits, k=4)
    few = [c for c in pool if c[1:] in suits]
    rest = [c for c in pool if c[1:] not in suits]
    rng.shuffle(few)
    rng.shuffle(rest)
    stream = few + rest
    for hand in hands:
        while len(hand) < h:
            hand.add(stream.pop(rng.randrange(min(len(stream), max(1, len(few))))))
    return [frozenset(x) for x in hands]


def main() -> None:
    rng = random.Random(20261129)
    lines = [HEADER]
    for i, opt in enumerate(OPTION_SETS):
        r = Rules.make(options(opt))
        # A full deal from the opening.
        cards = all_cards(r)
        rng.shuffle(cards)
        full = " ".join(format_hand(r, frozenset(cards[40 * k : 40 * k + 40])) for k in range(3))
        for depth in (3, 4) if i < 3 else (4,):
            pos = Position.from_deal(r, full, None)
            n = perft_capped(pos, depth, [BUDGET])
            lines.append(f"{opt};{full};-;{depth};{n}\n")
        # Small positions.
        for h, depth in ((3, None), (4, None), (5, None), (5, 7), (6, 6), (7, 5)):
            for _ in range(20):
                hands = small_deal(r, h, rng)
                deal = " ".join(format_hand(r, x) for x in hands)
                leader = rng.randrange(3)
                pos = Position.from_deal(r, deal, leader)
                try:
                    n = perft_capped(pos, depth, [BUDGET])
                except TooBig:
                    continue
                d = "end" if depth is None else str(depth)
                lines.append(f"{opt};{deal};{leader};{d};{n}\n")
                break
    # Designed: the leader holds both courts and four numerals of a suit, so that
    # sub-runs, top runs and maximal runs differ; the others hold few suits.
    designed = [
        ("PA:KVT987", "NA:1234 KU:12", "MA:1234 KA:12"),
        ("NA:KV1234", "PA:T987 VM:12", "KU:T987 KA:12"),
    ]
    for opt in OPTION_SETS:
        r = Rules.make(options(opt))
        for hs in designed:
            hands = [frozenset(c[:0] + f + c.split(":")[0] for c in h.split() for f in c.split(":")[1]) for h in hs]
            deal = " ".join(format_hand(r, x) for x in hands)
            pos = Position.from_deal(r, deal, 0)
            n = perft_capped(pos, 7, [BUDGET * 4])
            lines.append(f"{opt};{deal};0;7;{n}\n")
    out = Path(__file__).resolve().parent.parent / "data" / "perft_dashavatara.txt"
    out.write_text("".join(lines))
    print(f"wrote {len(lines) - 1} positions to {out}")


if __name__ == "__main__":
    main()
