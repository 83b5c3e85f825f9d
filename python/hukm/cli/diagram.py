"""Readable diagrams of deals."""

from __future__ import annotations

from typing import Sequence

_SUITS = ("S", "H", "D", "C")


def _suit_lines(hand: str) -> list[str]:
    groups = hand.split(".")
    return [f"{s}: {g or '-'}" for s, g in zip(_SUITS, groups)]


def suit_lines(hand: str, codes: Sequence[str], names: Sequence[str]) -> list[str]:
    """One line per suit of a compact hand: the suit's name and code, then its cards.

    >>> suit_lines("KV9.", ["GH", "CH"], ["Ghulam", "Chang"])[0]
    'Ghulam (GH)          K V 9'
    """
    groups = hand.split(".")
    return [
        f"{name + ' (' + code + ')':<20} {' '.join(g) if g and g != '-' else '-'}"
        for code, name, g in zip(codes, names, groups)
    ]


def deal_diagram(hands: Sequence[str], labels: Sequence[str] | None = None) -> str:
    """A table picture of a French-pack deal, seat 0 at the bottom.

    Play goes anticlockwise, so seat 1 sits on seat 0's right, seat 2 opposite.
    Three- and two-player deals are drawn as columns.

    >>> print(deal_diagram(["AK.Q.J.T", "Q.K.A.2", "J.A.K.3", "T.J.Q.4"]).splitlines()[0])
                    seat 2
    """
    n = len(hands)
    names = list(labels) if labels is not None else [f"seat {i}" for i in range(n)]
    blocks = [[names[i]] + _suit_lines(h) for i, h in enumerate(hands)]
    if n != 4:
        width = max(len(line) for b in blocks for line in b) + 4
        rows = []
        for r in range(5):
            rows.append("".join(b[r].ljust(width) for b in blocks).rstrip())
        return "\n".join(rows)
    pad = " " * 16
    out = [pad + line for line in blocks[2]]
    for r in range(5):
        out.append((blocks[3][r].ljust(32) + blocks[1][r]).rstrip())
    out += [pad + line for line in blocks[0]]
    return "\n".join(out)
