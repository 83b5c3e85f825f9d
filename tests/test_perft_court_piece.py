"""Perft counts of Court Piece family positions (Satat's 2H, first-void
trumps, heap presets) against ``tests/data/perft_court_piece.txt``, produced by
the independent reference ``tests/reference/court_ref.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import pytest

import hukm

DATA = Path(__file__).resolve().parent / "data" / "perft_court_piece.txt"
LINES = [line.split(";") for line in DATA.read_text().splitlines() if line and not line.startswith("#")]


def perft(state: hukm.State, depth: Optional[int]) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for a in state.legal_actions():
        s = state.clone()
        s.apply(a)
        total += perft(s, None if depth is None else depth - 1)
    return total


@pytest.mark.parametrize("line", [ln for ln in LINES if int(ln[5]) <= 60000], ids=lambda ln: f"{ln[0]}-{ln[5]}")
def test_perft(line: list[str]) -> None:
    preset, deal, trump, leader, depth, count = line
    options = {"stop_rule": "play_all"} if preset == "satat" else {}
    state = hukm.Hokm(preset, **options).from_deal(deal, trump=None if trump == "-" else trump, leader=int(leader))
    assert perft(state, None if depth == "end" else int(depth)) == int(count)


def test_file_covers_every_kind() -> None:
    assert {ln[0] for ln in LINES} == {"satat", "be_ranga", "double_sar"}
    assert len(LINES) >= 20
