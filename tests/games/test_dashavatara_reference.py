"""Dashavatara against the independent reference ``tests/reference/dasha_ref.py``:
perft counts (``tests/data/perft_dashavatara.txt``, also read by ``cargo test``), node by
node agreement along random lines of play, and double-dummy values (§13) against plain
minimax on small endgames with ducals."""

from __future__ import annotations

import random

import pytest

import hukm
from battery import engine_perft
from dasha_helpers import options, perft_lines
from reference.dasha_ref import Position, Rules, dd_value, legal, play

LINES = perft_lines()


def test_file_covers_the_rules() -> None:
    """Every option set, the opening, ducals to lead, depths and complete sequences."""
    opts = {o for o, *_ in LINES}
    assert len(opts) == 7
    assert any(leader is None for _, _, leader, _, _ in LINES)
    assert any(depth is None for *_, depth, _ in LINES)
    ducal = 0
    for o, deal, leader, _, _ in LINES:
        pos = Position.from_deal(Rules.make(options(o)), deal, leader)
        ducal += any("+" in a for a in legal(pos))
    assert ducal >= 10


@pytest.mark.parametrize("i", range(len(LINES)))
def test_perft(i: int) -> None:
    """The engine's count through the public API equals the reference's."""
    o, deal, leader, depth, count = LINES[i]
    if count > 30000:
        pytest.skip("large count: checked by cargo test")
    state = hukm.Dashavatara(**options(o)).from_deal(deal, leader=leader)
    assert engine_perft(state, depth) == count


@pytest.mark.parametrize("i", range(len(LINES)))
def test_random_lines_agree(i: int) -> None:
    """Along random lines to the end: same player to move, same legal actions in the same
    order, same captures."""
    o, deal, leader, _, _ = LINES[i]
    rng = random.Random(i)
    for _ in range(3):
        state = hukm.Dashavatara(**options(o)).from_deal(deal, leader=leader)
        pos = Position.from_deal(Rules.make(options(o)), deal, leader)
        while not pos.over():
            assert state.current_player == pos.turn
            want = legal(pos)
            assert state.legal_actions() == want
            a = rng.choice(want)
            state.apply(a)
            pos = play(pos, a)
            assert state.observation(0)["captured"] == list(pos.captured)
        assert state.is_terminal()
        assert state.returns() == [float(x) for x in pos.captured]


def small_position(rng: random.Random, o: str, h: int) -> tuple[hukm.State, Position]:
    """A random position of ``h`` cards a hand from few suits, often with a ducal."""
    r = Rules.make(options(o))
    pack = "dashavatara_bk" if "balarama" in o else "dashavatara"
    cards = [c for c in hukm.pack_cards(pack) if c != "K" + r.trump]
    hands: list[list[str]] = [[], [], []]
    if h >= 5 and rng.random() < 0.7:
        s = rng.choice([x for x in r.suits if x != r.trump])
        a = rng.randint(1, 8)
        nums = [f"{'123456789T'[n - 1]}{s}" for n in range(a, min(10, a + rng.choice([2, 3])) + 1)]
        planted = ["K" + s, "V" + s] + nums
        if len(planted) <= h:
            seat = rng.randrange(3)
            hands[seat] = planted
            cards = [c for c in cards if c not in planted]
    suits = rng.sample(list(r.suits), 4)
    few = [c for c in cards if c[1:] in suits]
    rng.shuffle(few)
    rest = [c for c in cards if c[1:] not in suits]
    rng.shuffle(rest)
    stream = few + rest
    for hand in hands:
        while len(hand) < h:
            hand.append(stream.pop(0))
    deal = " ".join(hukm.format_hand(x, pack) for x in hands)
    leader = rng.randrange(3)
    return (
        hukm.Dashavatara(**options(o)).from_deal(deal, leader=leader),
        Position.from_deal(r, deal, leader),
    )


@pytest.mark.parametrize("o", sorted({o for o, *_ in LINES}))
def test_dd_against_minimax(o: str) -> None:
    """hukm.solve's value and every action's value equal plain minimax (§13)."""
    rng = random.Random(o)
    for h in (2, 3, 4, 5):
        state, pos = small_position(rng, o, h)
        player = rng.randrange(3)
        memo: dict[Position, int] = {}
        sol = hukm.solve(state, player=player)
        assert sol.value == dd_value(pos, player, memo), (o, state.hands(), player)
        for a, v in sol.actions.items():
            assert v == dd_value(play(pos, a), player, memo), (o, state.hands(), a)


def test_dd_mid_ducal() -> None:
    """Solving while a ducal's discards are half given."""
    rng = random.Random(11)
    done = 0
    while done < 4:
        state, pos = small_position(rng, "-", 5)
        ducals = [a for a in state.legal_actions() if "+" in a]
        if not ducals:
            continue
        for a in [ducals[0]] + [None] * rng.randrange(1, 6):
            act = a if a is not None else rng.choice(state.legal_actions())
            state.apply(act)
            pos = play(pos, act)
        player = done % 3
        assert hukm.solve(state, player=player).value == dd_value(pos, player)
        done += 1
