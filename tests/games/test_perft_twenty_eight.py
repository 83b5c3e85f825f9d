"""Perft for Twenty-eight: the engine's number of action sequences (cards, ``call``,
``pair`` / ``pass``) from phase-1 and open-trump positions equals the counts of the
independent reference (``tests/reference/twenty_eight_ref.py``), stored in
``tests/data/perft_twenty_eight.txt`` (also read by ``cargo test``). A second test walks
random lines and compares every node's legal actions with the reference."""

from __future__ import annotations

import random
import zlib
from pathlib import Path
from typing import Any

import pytest

import hukm
from battery import engine_perft
from reference.make_perft_28 import Line, read_lines
from reference.twenty_eight_ref import Position, perft

LINES = read_lines(Path(__file__).resolve().parent.parent / "data" / "perft_twenty_eight.txt")


def engine_state(line: Line) -> Any:
    """The engine's position of a line."""
    game = hukm.TwentyEight(line.game(), **line.options())
    kind, _, what = line.trump.partition(":")
    if kind == "open":
        return game.from_deal(line.deal, line.bidder, line.leader, trump=what)
    return game.from_deal(line.deal, line.bidder, line.leader, indicator=what)


def test_file_covers_phase_1_calls_and_options() -> None:
    assert len(LINES) >= 30
    assert sum(1 for line, _ in LINES if line.trump.startswith("indicator")) >= 20
    assert any(line.trump.startswith("open") for line, _ in LINES)
    assert any("forced_last" in line.preset for line, _ in LINES)
    assert any(line.game() == "29" for line, _ in LINES)
    assert any(line.depth is None for line, _ in LINES)


def _id(item: tuple[Line, int]) -> str:
    line, n = item
    return f"{line.preset}-{line.trump}-{line.depth}-{n}"


@pytest.mark.parametrize("item", [x for x in LINES if x[1] <= 20_000], ids=_id)
def test_perft_count(item: tuple[Line, int]) -> None:
    line, expected = item
    state = engine_state(line)
    assert engine_perft(state, line.depth) == expected


@pytest.mark.parametrize("item", LINES, ids=_id)
def test_random_lines_agree_with_reference(item: tuple[Line, int]) -> None:
    line, _ = item
    rng = random.Random(zlib.crc32(line.deal.encode()))
    for _ in range(4):
        state = engine_state(line)
        pos: Position = line.position()
        while True:
            assert state.legal_actions() == pos.legal(), (state.history(), str(state))
            assert state.is_terminal() == pos.is_over()
            if pos.is_over():
                break
            assert state.current_player == pos.to_move or pos.pair_queue
            a = rng.choice(pos.legal())
            state.apply(a)
            pos = pos.play(a)
        assert state.returns()[0] == pos.pts[0] and state.returns()[1] == pos.pts[1]


def test_reference_perft_small() -> None:
    """The reference itself on a tiny position (a sanity check of the counting)."""
    line = LINES[-1][0]
    assert perft(line.position(), 1) == len(engine_state(line).legal_actions())
