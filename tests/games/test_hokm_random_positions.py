"""Random trick-play positions (hypothesis): the engine and the brute-force reference agree at
every node of random lines of play — player to move, legal cards and their order, the trick,
trick counts, the end of the hand (docs/rules/hokm.md §6.1, §7.1, §8) and the hand's points
(§9.1-§9.3)."""

from __future__ import annotations

import random
from typing import Optional

from hypothesis import given, settings
from hypothesis import strategies as st

import hukm
from hokm_helpers import reference_matches
from reference.hokm_ref import (
    PACK52,
    PRESETS,
    TRICKS_PER_HAND,
    Position,
    format_deal,
    hand_over,
    hand_points,
    hokm3_kot,
    num_sides,
    side_of,
)


def random_counts(rng: random.Random, players: int, played: int, rule: str) -> list[int]:
    """Tricks already won per side, summing to ``played``, with which the hand is not over.

    Four times in ten one side holds every trick so far (kot situations)."""
    sides = num_sides(players)
    remaining = TRICKS_PER_HAND[players] - played
    one_side = rng.random() < 0.4
    while True:
        counts = [0] * sides
        if one_side and played < 7:
            counts[rng.randrange(sides)] = played
        else:
            for _ in range(played):
                counts[rng.randrange(sides)] += 1
        if not hand_over(counts, remaining, rule, players):
            return counts


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(["hokm4", "hokm3", "hokm2"]),
    size=st.integers(1, 9),
    seed=st.integers(0, 2**32 - 1),
    trump=st.sampled_from(["S", "H", "D", "C", None]),
    stop_rule=st.sampled_from([None, "play_all", "kot_choice"]),
)
def test_random_positions_agree(preset: str, size: int, seed: int, trump: Optional[str], stop_rule: Optional[str]) -> None:
    """A random endgame with consistent trick counts, played out at random three times."""
    players, default_rule = PRESETS[preset]
    if preset == "hokm3" and stop_rule is not None:
        stop_rule = None  # the three-player stop rule is not a stop_rule option
    rng = random.Random(seed)
    pack = [c for c in PACK52 if not (preset == "hokm3" and c == "2C")]
    rng.shuffle(pack)
    hands = [pack[i * size : (i + 1) * size] for i in range(players)]
    played = TRICKS_PER_HAND[players] - size
    rule = stop_rule or default_rule
    counts = random_counts(rng, players, played, "first_to_7" if rule == "kot_choice" else rule)
    leader = rng.randrange(players)
    hakem = rng.randrange(players)
    options = {"stop_rule": stop_rule} if stop_rule else {}
    game = hukm.Hokm(preset, **options)
    for _ in range(3):
        state = game.from_deal(format_deal(hands), trump=trump, leader=leader, hakem=hakem, tricks_won=counts)
        pos = Position([list(h) for h in hands], trump, leader, list(counts), stop_rule or default_rule)
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
        if stop_rule is None:
            n = pos.tricks_won
            kot = hokm3_kot(n) is not None if players == 3 else (max(n) == 7 and min(n) == 0)
            pts = hand_points(n, pos.remaining, players, hakem, kot)
            assert state.returns() == [float(pts[side_of(s, players)]) for s in range(players)], (n, path)
