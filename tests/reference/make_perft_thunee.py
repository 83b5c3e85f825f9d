"""Writes ``tests/data/perft_thunee.txt``: perft counts of Thunee positions
(normal hands with their Jodhi and last-trick windows, Thunee and Royals, the
undercut and claim options, six and two players) computed by the independent
reference ``thunee_ref.py``.

Run: ``python tests/reference/make_perft_thunee.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Optional

from thunee_ref import GAMES, ORDER, SUITS, Hand, perft, position

OUT = Path(__file__).resolve().parent.parent / "data" / "perft_thunee.txt"
LIMIT = 8_000
"""Counts above this are cut to a depth that stays below it."""


def fmt(cards: list[str]) -> str:
    return ".".join("".join(sorted((c[0] for c in cards if c[1] == s), key=ORDER.index)) for s in SUITS)


def deal(r: random.Random, n: int, k: int, extra: int = 0) -> tuple[str, Optional[str]]:
    pack = [x + s for s in SUITS for x in ORDER]
    r.shuffle(pack)
    hands = [pack[i * k:(i + 1) * k] for i in range(n)]
    stock = None
    if extra:
        base = n * k
        stock = " ".join(fmt(pack[base + i * extra: base + (i + 1) * extra]) for i in range(n))
    return " ".join(fmt(h) for h in hands), stock


def bounded(h: Hand, limit: int) -> int:
    """Leaves to the end of the hand, or ``limit + 1`` once there are more."""
    total = 0
    stack = [h]
    while stack:
        g = stack.pop()
        if g.over():
            total += 1
            if total > limit:
                return limit + 1
            continue
        for a in g.legal():
            x = g.clone()
            x.apply(a)
            stack.append(x)
    return total


def kw_text(kw: dict[str, object]) -> str:
    return ",".join(f"{a}={b}" for a, b in kw.items()) or "-"


def main() -> None:
    r = random.Random(2027)
    lines = [
        "# Perft counts of Thunee positions, from tests/reference/thunee_ref.py",
        "# (regenerate: python tests/reference/make_perft_thunee.py).",
        "# game;deal;from_deal keywords;depth;count   (depth 'end' = to the end of the hand)",
    ]
    # (game, cards a hand, contract kind, count)
    plan = [
        ("default", 3, "normal", 3), ("default", 4, "normal", 2), ("default", 6, "normal", 2),
        ("default", 6, "thunee", 2), ("default", 6, "royals", 2), ("default", 3, "thunee_mid", 2),
        ("app", 3, "normal", 2), ("app", 4, "normal", 1), ("plain", 3, "normal", 1),
        ("undercut", 4, "normal", 2), ("undercut", 6, "royals", 1),
        ("all_tricks", 3, "normal", 2), ("no_redeal", 6, "thunee", 1),
        ("six", 2, "normal", 2), ("six", 3, "normal", 1), ("six", 4, "normal", 1), ("six", 4, "thunee", 1),
        ("six_app", 3, "normal", 1),
        ("two", 3, "normal", 2), ("two", 6, "normal", 1), ("two", 2, "stock", 1), ("two", 6, "thunee", 1),
    ]
    for name, k, kind, count in plan:
        _, _, rules = GAMES[name]
        made = 0
        while made < count:
            n = rules.players
            extra = 6 if kind == "stock" else 0
            d, stock = deal(r, n, k, extra)
            kw: dict[str, object]
            if kind in ("normal", "stock"):
                kw = {"trump": r.choice(SUITS), "trumper": r.randrange(n), "bid": r.choice([0, 10, 60])}
                if kind == "stock":
                    kw["stock"] = stock
            elif kind == "thunee_mid":
                kw = {"thunee": r.randrange(n), "trump": r.choice(SUITS)}
            else:
                kw = {kind: r.randrange(n)}
            h = position(
                rules, d, trump=kw.get("trump"), trumper=int(kw.get("trumper", 1)),  # type: ignore[call-overload]
                caller=kw.get("thunee", kw.get("royals")), royals="royals" in kw, stock=kw.get("stock"),
            )
            depth: Optional[int] = None
            total = bounded(h, LIMIT)
            if total > LIMIT:
                depth = 1
                while perft(h, depth + 1) <= LIMIT:
                    depth += 1
                total = perft(h, depth)
            lines.append(f"{name};{d};{kw_text(kw)};{'end' if depth is None else depth};{total}")
            made += 1
            print(lines[-1], flush=True)
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
