"""Perft counts of Court Piece family positions (Satat's 2H, first-void
trumps, heap presets) against ``tests/data/perft_court_piece.txt``, produced by
the independent reference ``tests/reference/court_ref.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

import hukm
from battery import engine_perft

DATA = Path(__file__).resolve().parent.parent / "data" / "perft_court_piece.txt"
LINES = [line.split(";") for line in DATA.read_text().splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize("line", [ln for ln in LINES if int(ln[5]) <= 60000], ids=lambda ln: f"{ln[0]}-{ln[5]}")
def test_perft(line: list[str]) -> None:
    preset, deal, trump, leader, depth, count = line
    options = {"stop_rule": "play_all"} if preset == "satat" else {}
    state = hukm.Hokm(preset, **options).from_deal(deal, trump=None if trump == "-" else trump, leader=int(leader))
    assert engine_perft(state, None if depth == "end" else int(depth)) == int(count)


def test_file_covers_every_kind() -> None:
    assert {ln[0] for ln in LINES} == {"satat", "be_ranga", "double_sar"}
    assert len(LINES) >= 20
