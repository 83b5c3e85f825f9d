"""Shared helpers of the Dashavatara tests: engine states from perft lines and the card
account of the invariant battery."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import hukm
from battery import CardAccount

DATA = Path(__file__).resolve().parent.parent / "data" / "perft_dashavatara.txt"


def options(text: str) -> dict[str, str]:
    """Options of a perft line ('-' for none)."""
    if text == "-":
        return {}
    return dict(kv.split("=") for kv in text.split(","))


def perft_lines() -> list[tuple[str, str, Optional[int], Optional[int], int]]:
    """(options, deal, leader, depth, count) of every line of the perft file."""
    out = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        o, deal, leader, depth, count = line.split(";")
        out.append(
            (
                o,
                deal,
                None if leader == "-" else int(leader),
                None if depth == "end" else int(depth),
                int(count),
            )
        )
    return out


def pack_name(opts: dict[str, Any]) -> str:
    """The pack name of ``hukm.parse_hand`` for an option set."""
    return "dashavatara_bk" if opts.get("avatar_list") == "balarama_krishna" else "dashavatara"


def make_account(pack: str) -> Any:
    """Every card's place, god's-eye: hands, the table and the capture piles (public)."""

    def account(state: Any) -> Optional[CardAccount]:
        obs = state.observation(0)
        loc: dict[str, list[str]] = {}
        for seat, h in enumerate(state.hands()):
            loc[f"hand {seat}"] = hukm.parse_hand(h, pack)
        loc["trick"] = [c for _, c in obs["trick"]]
        if obs["ducal"] is not None:
            loc["ducal"] = obs["ducal"]["cards"].split("+")
            for seat, g in enumerate(obs["ducal"]["given"]):
                loc[f"given {seat}"] = list(g)
        for seat, cap in enumerate(obs["captured_cards"]):
            loc[f"captured {seat}"] = list(cap)
        # Own hand as observed equals the god's-eye hand; other hands are only counted.
        for p in range(3):
            o = state.observation(p)
            assert list(o["hand"]) == loc[f"hand {p}"]
            assert o["hand_sizes"] == [len(loc[f"hand {s}"]) for s in range(3)]
        return CardAccount(loc, complete=True)

    return account
