"""Dugi against the independent reference ``tests/reference/dugi_ref.py``: the legal actions
along random play, perft counts (asking, the partner's answer, naming the suit of each void
follower and his forced highest card), and the double-dummy answer of B.13 with its secondary
output (the first trick by which the defenders can force a win) against plain minimax on small
endgames."""

from __future__ import annotations

import random

import hukm
from battery import engine_perft
from reference import dugi_ref as ref


def random_position(rng: random.Random, k: int) -> tuple[list[list[str]], int]:
    """Four hands of ``k`` cards from two to four suits (so hukms, voids and asks happen)."""
    suits = rng.sample(ref.SUITS, rng.choice([2, 3, 3, 4]))
    pool = [f + s for s in suits for f in "KVT987654321"]
    cards = rng.sample(pool, 4 * k)
    return [cards[i * k : (i + 1) * k] for i in range(4)], rng.randrange(4)


def engine(hands: list[list[str]], leader: int) -> hukm.State:
    deal = " ".join(hukm.format_hand(h, "moghul") for h in hands)
    return hukm.Dugi().from_deal(deal, leader=leader)


def test_legal_actions_along_random_play() -> None:
    rng = random.Random(3)
    steps = 0
    for _ in range(60):
        hands, leader = random_position(rng, rng.choice([3, 4, 6]))
        state, pos = engine(hands, leader), ref.Pos(hands, leader)
        while not pos.done():
            assert sorted(state.legal_actions()) == sorted(pos.legal()), (hands, leader)
            assert state.current_player == pos.to_move()
            a = rng.choice(pos.legal())
            state.apply(a)
            pos.apply(a)
            steps += 1
        assert state.is_terminal()
        assert (state.returns()[leader] > 0) == (not pos.defenders_won)
    assert steps > 500


def test_perft_counts() -> None:
    rng = random.Random(8)
    counts = []
    for i in range(12):
        k = 2 + i % 2
        hands, leader = random_position(rng, k)
        pos = ref.Pos(hands, leader)
        for depth in (3, 6) if k == 3 else (4, 7):
            n = ref.perft(pos, depth)
            assert engine_perft(engine(hands, leader), depth) == n, (hands, leader, depth)
            counts.append(n)
    assert max(counts) > 500  # the positions branch (asks, names)


def test_dd_against_reference_minimax() -> None:
    rng = random.Random(21)
    outcomes = set()
    for i in range(10):
        hands, leader = random_position(rng, 2)
        state, pos = engine(hands, leader), ref.Pos(hands, leader)
        if i % 2:  # from inside the first lead as well
            a = rng.choice(pos.legal())
            state.apply(a)
            pos.apply(a)
        sol = hukm.solve(state, player=leader)
        assert sol.value == int(ref.sweep(pos)), (hands, leader)
        first = ref.first_defender_trick(pos)
        assert sol.secondary is not None and sol.secondary.value == (None if first == ref.NEVER else first), (hands, leader)
        outcomes.add(first)
        for a, v in sol.actions.items():
            q = pos.copy()
            q.apply(a)
            assert v == int(ref.sweep(q)), (hands, leader, a)
    assert len(outcomes) >= 2
