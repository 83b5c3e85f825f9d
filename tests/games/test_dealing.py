"""Seeded dealing: the documented algorithm, re-implemented here independently,
must give exactly the engine's deals (and these fixed expected deals)."""

from __future__ import annotations

import pytest

import hukm

M = (1 << 64) - 1


class Xoshiro:
    """xoshiro256** seeded by SplitMix64, as documented in the engine."""

    def __init__(self, seed: int) -> None:
        x = seed
        self.s: list[int] = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & M
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
            self.s.append(z ^ (z >> 31))

    def next(self) -> int:
        a = self.s
        r = (a[1] * 5) & M
        r = ((r << 7) | (r >> 57)) & M
        r = (r * 9) & M
        t = (a[1] << 17) & M
        a[2] ^= a[0]
        a[3] ^= a[1]
        a[1] ^= a[2]
        a[0] ^= a[3]
        a[2] ^= t
        a[3] = ((a[3] << 45) | (a[3] >> 19)) & M
        return r

    def below(self, n: int) -> int:
        m = self.next() * n
        low = m & M
        if low < n:
            threshold = ((-n) & M) % n
            while low < threshold:
                m = self.next() * n
                low = m & M
        return m >> 64

    def shuffle(self, v: list[str]) -> None:
        for i in range(len(v) - 1, 0, -1):
            j = self.below(i + 1)
            v[i], v[j] = v[j], v[i]


RANKS_LOW_FIRST = "23456789TJQKA"


def pack(removed: str | None = None) -> list[str]:
    """The pack in the engine's card order: spades 2..A, hearts, diamonds, clubs."""
    cards = [r + s for s in "SHDC" for r in RANKS_LOW_FIRST]
    return [c for c in cards if c != removed]


def compact(cards: list[str]) -> str:
    groups = []
    for s in "SHDC":
        ranks = sorted((c[0] for c in cards if c[1] == s), key=RANKS_LOW_FIRST.index, reverse=True)
        groups.append("".join(ranks))
    return ".".join(groups)


def first_deal(seed: int, players: int, batches: list[int], removed: str | None = None) -> tuple[int, list[str]]:
    """Hakem and hands of the first hand of a match, by the documented algorithm."""
    rng = Xoshiro(seed)
    draw = pack(removed)
    hakem = -1
    for i in range(len(draw)):  # forward Fisher-Yates, one card turned at a time
        j = i + rng.below(len(draw) - i)
        draw[i], draw[j] = draw[j], draw[i]
        if draw[i][0] == "A":
            hakem = i % players
            break
    deck = pack(removed)
    rng.shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    if players == 2:
        hands[hakem] = deck[0:5]
        hands[1 - hakem] = deck[5:10]
    else:
        top = 0
        for b in batches:
            for k in range(players):
                hands[(hakem + k) % players] += deck[top : top + b]
                top += b
    return hakem, [compact(h) for h in hands]


FIXED = {
    ("hokm4", 7, 4, (5, 4, 4), None): "AK4.J74.KQJ63.K4 932.AKQ86.A87.Q8 J875.532.T4.A973 QT6.T9.952.JT652",
    ("hokm3", 7, 3, (5, 4, 4, 4), "2C"): "KJ53.AQJ543.AQ43.T94 T82.KT987.T9872.K653 AQ9764.62.KJ65.AQJ87",
    ("hokm2", 7, 2, (5,), None): "K.4.J3.K .T.52.52",
}


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**63 + 5])
def test_hokm4_deal_matches_the_documented_algorithm(seed: int) -> None:
    hakem, hands = first_deal(seed, 4, [5, 4, 4])
    state = hukm.Hokm("hokm4").new_game(seed)
    assert state.observation(0)["hakem"] == hakem
    assert state.hands() == hands


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_hokm3_and_hokm2_deals(seed: int) -> None:
    hakem, hands = first_deal(seed, 3, [5, 4, 4, 4], removed="2C")
    s3 = hukm.Hokm("hokm3").new_game(seed)
    assert (s3.observation(0)["hakem"], s3.hands()) == (hakem, hands)
    hakem, hands = first_deal(seed, 2, [5])
    s2 = hukm.Hokm("hokm2").new_game(seed)
    assert (s2.observation(0)["hakem"], s2.hands()) == (hakem, hands)


def test_batch_pattern_changes_the_mapping() -> None:
    hakem, hands = first_deal(11, 4, [5, 3, 3, 2])
    state = hukm.Hokm("hokm4", deal_batches="5-3-3-2").new_game(11)
    assert state.hands() == hands
    assert hukm.Hokm("hokm4").new_game(11).hands() != hands


def test_fixed_expected_deals() -> None:
    for (preset, seed, players, batches, removed), deal in FIXED.items():
        assert hukm.Hokm(preset).deal(seed) == deal
        assert " ".join(first_deal(seed, players, list(batches), removed)[1]) == deal
