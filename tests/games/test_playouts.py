"""``Hokm.random_playouts``: shapes, determinism (seed, threads), and every hand's end
checked against the reference's stop rules and scoring (docs/rules/hokm.md §8, §9)."""

from __future__ import annotations

import numpy as np
import pytest

import hukm
from reference.hokm_ref import TRICKS_PER_HAND, hand_over, hokm3_kot, hokm3_winner

N = 3000


@pytest.mark.parametrize("preset,players,sides", [("hokm4", 4, 2), ("hokm3", 3, 3), ("hokm2", 2, 2)])
def test_shapes_and_stop_points(preset: str, players: int, sides: int) -> None:
    """Each hand ends exactly where the stop rule says, with the right winner and points."""
    out = hukm.Hokm(preset).random_playouts(N, seed=11)
    tricks, winner, points = out["tricks"], out["winner"], out["points"]
    assert tricks.shape == (N, sides) and winner.shape == (N,) and points.shape == (N, sides)
    total = TRICKS_PER_HAND[players]
    rule = "hokm3" if players == 3 else "first_to_7"
    for row, w, pts in zip(tricks.tolist(), winner.tolist(), points.tolist()):
        remaining = total - sum(row)
        assert hand_over(row, remaining, rule, players), row
        # the hand had not ended one trick earlier (some predecessor was still live)
        earlier = [row[:i] + [row[i] - 1] + row[i + 1 :] for i in range(sides) if row[i] > 0]
        assert any(not hand_over(e, remaining + 1, rule, players) for e in earlier), row
        if players == 3:
            assert w == hokm3_winner(row, remaining)
            kot = hokm3_kot(row) is not None
        else:
            assert row[w] == 7
            kot = min(row) == 0
        assert [i for i, p in enumerate(pts) if p] == [w]
        assert (pts[w] >= 2) == kot and pts[w] in (1, 2, 3)


def test_play_all_plays_every_trick() -> None:
    """stop_rule=play_all: 13 tricks every hand, the side with 7 or more wins."""
    out = hukm.Hokm("hokm4", stop_rule="play_all").random_playouts(N, seed=5)
    tricks = out["tricks"]
    assert (tricks.sum(axis=1) == 13).all()
    assert (out["winner"] == np.argmax(tricks, axis=1)).all()


def test_playouts_are_deterministic() -> None:
    """The same seed gives the same hands, whatever the thread count; another seed differs."""
    game = hukm.Hokm()
    a = game.random_playouts(2000, seed=42, threads=1)
    b = game.random_playouts(2000, seed=42, threads=2)
    c = game.random_playouts(2000, seed=43, threads=1)
    for key in ("tricks", "winner", "points"):
        assert np.array_equal(a[key], b[key])
    assert not np.array_equal(a["tricks"], c["tricks"])


def test_playouts_are_not_biased_to_a_side() -> None:
    """Random play: each side wins about half of 20,000 hands (a gross-bias check)."""
    out = hukm.Hokm().random_playouts(20_000, seed=9)
    share = float((out["winner"] == 0).mean())
    assert 0.45 < share < 0.55
