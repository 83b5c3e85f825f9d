"""Perft: the engine's number of play sequences equals the reference's counts.

The positions and counts are in ``tests/data/perft_hokm.txt`` (written by
``tests/reference/make_perft.py`` from the brute-force reference). The same file is read by
``cargo test``. A second test walks random lines of play from every position and compares,
node by node, the player to move, the legal cards (and their order), the trick, the trick
counts and the end of the hand with the reference.
"""

from __future__ import annotations

import random
import zlib

import pytest

from battery import engine_perft
from hokm_helpers import engine_state, perft_lines, reference_matches
from reference.hokm_ref import Position, hand_points, hokm3_kot, perft, side_of
from reference.make_perft import Line

LINES = perft_lines()


def expected_returns(pos: Position, hakem: int) -> list[float]:
    """Each seat's points for a finished hand under the preset's own scoring (§9.1-§9.3)."""
    n = pos.tricks_won
    kot = hokm3_kot(n) is not None if pos.players == 3 else (max(n) == 7 and min(n) == 0)
    pts = hand_points(n, pos.remaining, pos.players, hakem, kot)
    return [float(pts[side_of(s, pos.players)]) for s in range(pos.players)]


def _id(item: tuple[Line, int]) -> str:
    line, _ = item
    d = "end" if line.depth is None else line.depth
    return f"{line.preset}-{line.trump}-{line.tricks_won}-{d}-{line.deal[:12]}"


def test_file_has_enough_positions() -> None:
    """The file covers every preset, with and without trumps, depths and endgames."""
    presets = {line.preset_name() for line, _ in LINES}
    assert presets == {"hokm4", "hokm3", "hokm2"}
    assert len(LINES) >= 30
    assert any(line.trump == "-" for line, _ in LINES)
    assert any(line.depth is None for line, _ in LINES)
    assert any(line.depth is not None and line.depth >= 8 for line, _ in LINES)
    assert any(line.options().get("stop_rule") == "kot_choice" for line, _ in LINES)
    assert any(line.options().get("stop_rule") == "play_all" for line, _ in LINES)


@pytest.mark.parametrize("item", LINES, ids=[_id(x) for x in LINES])
def test_perft_count(item: tuple[Line, int]) -> None:
    """Counting through legal_actions / clone / apply gives the file's count."""
    line, expected = item
    state = engine_state(line)
    before = str(state)
    got = engine_perft(state, line.depth)
    assert str(state) == before, "walking clones changed the root state"
    assert got == expected, f"engine {got}, reference {expected}; first moves: {divide(line)}"


def divide(line: Line) -> str:
    """Per-first-move counts where the engine and the reference differ (a debugging aid)."""
    state, pos = engine_state(line), line.position()
    nd = None if line.depth is None else line.depth - 1
    eng = {}
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        eng[a] = engine_perft(child, nd)
    ref = {c: perft(pos.play(c), nd) for c in pos.legal()}
    diffs = {m: (eng.get(m), ref.get(m)) for m in sorted(set(eng) | set(ref)) if eng.get(m) != ref.get(m)}
    return ", ".join(f"{m}: engine {e} reference {r}" for m, (e, r) in diffs.items()) or "none differ"


@pytest.mark.parametrize("item", LINES, ids=[_id(x) for x in LINES])
def test_random_lines_agree_with_reference(item: tuple[Line, int]) -> None:
    """Random play from the position: every node agrees with the reference."""
    line, _ = item
    rng = random.Random(zlib.crc32(line.deal.encode()))
    for _ in range(5):
        state = engine_state(line)
        pos = line.position()
        path: list[str] = []
        while True:
            problems = reference_matches(state, pos)
            assert not problems, f"after {path}: {problems}"
            if pos.is_over():
                break
            card = rng.choice(pos.legal())
            path.append(card)
            state.apply(card)
            pos = pos.play(card)
        if line.tricks_won != "-" and "stop_rule" not in line.options():
            assert list(state.returns()) == expected_returns(pos, hakem=line.leader), path
        history = list(state.history())
        assert history[len(history) - len(path) :] == path
