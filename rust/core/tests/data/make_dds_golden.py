"""Writes dds_tables.txt: seeded random 52-card deals with their DDS tables.

Run from this folder: `python3 make_dds_golden.py [count] [seed]` (needs the
`endplay` package, which bundles DDS 2.9).

Each data line is the deal (hands of seats 0..3 = North, East, South, West in
compact notation, spades.hearts.diamonds.clubs) followed by 20 numbers: for
strains S, H, D, C, NT and leader seats 0..3, the tricks won by the *leader's*
side. DDS tabulates tricks for the declarer, whose left-hand opponent leads,
so ours[strain][leader] = 13 - dds[strain][(leader + 3) % 4].
"""

import random
import sys

from endplay._dds import SetMaxThreads
from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

RANKS = "AKQJT98765432"


def random_deal(rng: random.Random) -> list[str]:
    cards = [(s, r) for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        mine = cards[13 * h : 13 * h + 13]
        suits = ["".join(RANKS[r] for (s2, r) in sorted(mine, key=lambda c: c[1]) if s2 == s) for s in range(4)]
        hands.append(".".join(suits))
    return hands


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    SetMaxThreads(1)
    rng = random.Random(seed)
    denoms = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
    players = [Player.north, Player.east, Player.south, Player.west]
    lines = [
        "# Random deals and their double-dummy tables from DDS (endplay), made by make_dds_golden.py",
        f"# count={count} seed={seed}; per line: 4 hands (seats 0..3), then tricks of the leader's side",
        "# for strains S H D C NT x leaders 0 1 2 3",
    ]
    for _ in range(count):
        hands = random_deal(rng)
        table = calc_dd_table(Deal("N:" + " ".join(hands)))
        ours = []
        for d in denoms:
            for leader in range(4):
                declarer = players[(leader + 3) % 4]
                ours.append(13 - table[d, declarer])
        lines.append(" ".join(hands) + " " + " ".join(str(x) for x in ours))
    with open("dds_tables.txt", "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
