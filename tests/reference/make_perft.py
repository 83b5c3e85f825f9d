"""Rewrite ``tests/data/perft_hokm.txt`` from the brute-force reference.

Usage (from the repository root)::

    python tests/reference/make_perft.py            # rewrite the file
    python tests/reference/make_perft.py --check    # recount every line, exit 1 on a difference

The positions are fixed here (hand-written ones, plus endgames drawn from a seeded
``random.Random`` and kept only when their count stays under a size cap so that
walking them through the Python API stays quick). Counts come only from
``hokm_ref.perft``.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference.hokm_ref import (  # noqa: E402
    PACK52,
    PRESETS,
    Position,
    TRICKS_PER_HAND,
    format_deal,
    num_sides,
    perft,
    position_from_line,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "perft_hokm.txt"

HEADER = """\
# Perft counts for Hokm trick play, produced by tests/reference/hokm_ref.py
# (regenerate with: python tests/reference/make_perft.py).
#
# One position per line, fields separated by ';':
#   preset;deal;trump;leader;tricks_won;depth;count
# preset      hokm4 | hokm3 | hokm2, optionally followed by ',key=value' options for
#             hukm.Hokm (e.g. 'hokm4,stop_rule=play_all').
# deal        compact hands in seat order, separated by single spaces (docs/rules/index.md).
# trump       S | H | D | C, or '-' for no trump.
# leader      seat that leads the first trick (the Hakem defaults to the leader).
# tricks_won  tricks already won per side, comma separated (4 players: team {0,2}, team {1,3};
#             3 and 2 players: one per seat), or '-' for zeros.
#             The stop rules apply with those counts and R = tricks still to play.
# depth       number of plies (actions: card plays, and with stop_rule=kot_choice the 'stop' /
#             'continue' decision after a 7-0 start), or 'end' for complete sequences to the end
#             of the hand.
# count       perft(position, depth) where perft(s, d) = 1 if d == 0 or the hand is over at s,
#             else the sum of perft(s after a, d - 1) over the legal actions a of s.
#             (A sequence that ends the hand before 'depth' plies is counted once.)
"""


@dataclass
class Line:
    """One perft line before counting."""

    preset: str
    deal: str
    trump: str
    leader: int
    tricks_won: str
    depth: Optional[int]

    def preset_name(self) -> str:
        """The preset without its options."""
        return self.preset.split(",")[0]

    def options(self) -> dict[str, str]:
        """The ``key=value`` options attached to the preset field."""
        out: dict[str, str] = {}
        for item in self.preset.split(",")[1:]:
            k, v = item.split("=", 1)
            out[k] = v
        return out

    def position(self) -> Position:
        """The reference position of the line."""
        stop = self.options().get("stop_rule")
        return position_from_line(
            self.preset_name(), self.deal, self.trump, str(self.leader), self.tricks_won, stop
        )

    def render(self, count: int) -> str:
        """The text line with its count."""
        d = "end" if self.depth is None else str(self.depth)
        return f"{self.preset};{self.deal};{self.trump};{self.leader};{self.tricks_won};{d};{count}"


class TooBig(Exception):
    """Raised by ``capped_perft`` when a count exceeds its cap."""


def capped_perft(pos: Position, depth: Optional[int], cap: int) -> int:
    """Like ``perft`` but raises ``TooBig`` as soon as the count exceeds ``cap``."""
    counter = [0]

    def rec(p: Position, d: Optional[int]) -> None:
        if d == 0 or p.is_over():
            counter[0] += 1
            if counter[0] > cap:
                raise TooBig
            return
        nd = None if d is None else d - 1
        for c in p.legal():
            rec(p.play(c), nd)

    rec(pos, depth)
    return counter[0]


FULL4 = [
    "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
    ".QT9873.KQ943.J7 AT98.J654.85.Q95 KQJ542.2.T7.AT32 763.AK.AJ62.K864",
]


def random_hands(rng: random.Random, players: int, size: int, pack: list[str]) -> list[list[str]]:
    """``players`` disjoint random hands of ``size`` cards from ``pack``."""
    cards = list(pack)
    rng.shuffle(cards)
    return [cards[i * size : (i + 1) * size] for i in range(players)]


def pack_for(preset: str) -> list[str]:
    """The cards in play for a preset (hokm3 drops 2C, the default ``removed_two``)."""
    return [c for c in PACK52 if not (preset == "hokm3" and c == "2C")]


def full_lines(rng: random.Random) -> list[Line]:
    """Whole-deal positions at small depths."""
    out: list[Line] = [
        Line("hokm4", FULL4[0], "S", 0, "-", 4),
        Line("hokm4", FULL4[0], "S", 0, "-", 8),
        Line("hokm4", FULL4[0], "-", 1, "-", 5),
        Line("hokm4", FULL4[1], "H", 2, "-", 6),
        Line("hokm4", FULL4[1], "-", 3, "0,0", 4),
    ]
    h = random_hands(rng, 4, 13, pack_for("hokm4"))
    out.append(Line("hokm4", format_deal(h), "D", 1, "-", 6))
    h = random_hands(rng, 3, 17, pack_for("hokm3"))
    out.append(Line("hokm3", format_deal(h), "C", 0, "-", 6))
    out.append(Line("hokm3", format_deal(h), "-", 2, "-", 5))
    h = random_hands(rng, 2, 13, pack_for("hokm2"))
    out.append(Line("hokm2", format_deal(h), "S", 0, "-", 8))
    out.append(Line("hokm2", format_deal(h), "-", 1, "-", 6))
    return out


# (preset with options, cards per hand, tricks_won, depth (None = to the end), trump)
ENDGAME_SPECS: list[tuple[str, int, str, Optional[int], str]] = [
    # hokm4: team 0 or 1 one trick from 7 -> the next trick it wins ends the hand
    ("hokm4", 4, "6,3", None, "S"),
    ("hokm4", 5, "2,6", None, "H"),
    ("hokm4", 3, "6,4", None, "-"),
    ("hokm4", 4, "5,4", None, "-"),
    ("hokm4", 6, "6,1", None, "C"),
    ("hokm4", 3, "-", None, "D"),
    # the same kind of position with every trick played
    ("hokm4,stop_rule=play_all", 4, "6,3", None, "S"),
    ("hokm4,stop_rule=play_all", 5, "2,6", None, "-"),
    # hokm3: clinch, kot and exhaustion situations (§8.2)
    ("hokm3", 3, "7,4,3", None, "S"),  # 7-4-4 after 15 ends, 7-5-3 does not
    ("hokm3", 3, "3,7,4", None, "-"),
    ("hokm3", 5, "8,3,1", None, "H"),  # not over; a trick to P0 -> 9-3-1 R=4 clinches
    ("hokm3", 5, "6,5,1", None, "D"),
    ("hokm3", 4, "5,5,3", None, "C"),
    ("hokm3", 2, "7,6,2", None, "-"),  # exhaustion at R = 0
    ("hokm3", 11, "6,0,0", 6, "S"),  # kot if P0 wins trick 7
    ("hokm3", 11, "0,0,6", 3, "-"),
    ("hokm3", 11, "0,6,0", 3, "H"),  # P1 winning trick 7 makes a kot
    ("hokm3", 4, "-", None, "S"),
    # hokm2: first to 7 for one player
    ("hokm2", 6, "6,1", None, "S"),
    ("hokm2", 5, "2,6", None, "-"),
    ("hokm2", 6, "4,3", None, "H"),
    ("hokm2", 6, "-", None, "D"),
    ("hokm2,stop_rule=play_all", 6, "6,1", None, "C"),
    # kot_choice (§8.1): after a 7-0 start the winner of the 7th trick plays stop or continue
    ("hokm4,stop_rule=kot_choice", 7, "0,6", 9, "S"),  # trick 7, the decision, trick 8
    ("hokm4,stop_rule=kot_choice", 7, "6,0", 13, "-"),
    ("hokm4,stop_rule=kot_choice", 5, "6,2", None, "H"),  # no kot possible: first to 7
    ("hokm2,stop_rule=kot_choice", 7, "6,0", None, "D"),
    ("hokm2,stop_rule=kot_choice", 7, "0,6", None, "-"),
]


def endgame_lines(rng: random.Random, cap: int) -> list[Line]:
    """Endgames drawn at random, redrawn until their count is at most ``cap``."""
    out: list[Line] = []
    for preset, size, tw, depth, trump in ENDGAME_SPECS:
        name = preset.split(",")[0]
        players = PRESETS[name][0]
        if tw != "-":
            counts = [int(x) for x in tw.split(",")]
            assert len(counts) == num_sides(players), (preset, tw)
            assert sum(counts) + size == TRICKS_PER_HAND[players], (preset, tw, size)
        for _attempt in range(200):
            hands = random_hands(rng, players, size, pack_for(name))
            leader = rng.randrange(players)
            line = Line(preset, format_deal(hands), trump, leader, tw, depth)
            try:
                capped_perft(line.position(), depth, cap)
            except TooBig:
                continue
            out.append(line)
            break
        else:
            raise RuntimeError(f"no endgame under the cap for {preset} {size} {tw}")
    return out


def all_lines(cap: int = 200_000) -> list[Line]:
    """Every line of the file, in order."""
    rng = random.Random(20261129)
    return full_lines(rng) + endgame_lines(rng, cap)


def parse_file(path: Path) -> list[tuple[Line, int]]:
    """Read a perft file back into lines and counts."""
    out: list[tuple[Line, int]] = []
    for raw in path.read_text().splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        preset, deal, trump, leader, tw, depth, count = raw.split(";")
        d = None if depth == "end" else int(depth)
        out.append((Line(preset, deal, trump, int(leader), tw, d), int(count)))
    return out


def main() -> int:
    """Rewrite the file, or check it with ``--check``."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="recount the existing file")
    args = ap.parse_args()
    if args.check:
        bad = 0
        for line, count in parse_file(DATA):
            got = perft(line.position(), line.depth)
            if got != count:
                print(f"MISMATCH {line.render(count)}: reference {got}")
                bad += 1
        print("ok" if not bad else f"{bad} mismatches")
        return 1 if bad else 0
    rows = [HEADER.rstrip("\n")]
    for line in all_lines():
        n = perft(line.position(), line.depth)
        rows.append(line.render(n))
        print(rows[-1], file=sys.stderr)
    DATA.write_text("\n".join(rows) + "\n")
    print(f"wrote {len(rows) - 1} positions to {DATA}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
