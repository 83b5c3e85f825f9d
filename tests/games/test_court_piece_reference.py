"""The Court Piece family's card play against the independent reference in
``tests/reference/court_ref.py``: random hands are played through the engine
and replayed in the reference; every legal set, the trump fixed by a first void
play, the tricks collected from the heap and the tens must agree."""

from __future__ import annotations

import random
from typing import Optional

import pytest

import hukm
from reference.court_ref import Play, Rules

CASES: list[tuple[str, dict[str, object], Rules]] = [
    ("double_sar", {}, Rules(heap=True)),
    ("double_sar", {"double_sar_chain": "continue"}, Rules(heap=True, chain_continue=True)),
    ("double_sar", {"ace_rule": True}, Rules(heap=True, ace_rule=True)),
    ("double_sar", {"no_collect_11_12": True, "first_collect_min": 5}, Rules(heap=True, no_collect_11_12=True, first_collect_min=5)),
    ("dehla_pakad", {}, Rules(heap=True)),
    ("be_ranga", {}, Rules(heap=True, first_void=13, first_collect_min=2)),
    ("satat", {}, Rules(satat=True)),
    ("court_piece", {}, Rules()),
]


def random_deal(rng: random.Random) -> list[list[str]]:
    pack = hukm.pack_cards("french52")
    rng.shuffle(pack)
    return [pack[i * 13 : (i + 1) * 13] for i in range(4)]


@pytest.mark.parametrize("preset,options,rules", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_engine_agrees_with_reference(preset: str, options: dict[str, object], rules: Rules) -> None:
    game = hukm.Hokm(preset, **options)  # type: ignore[arg-type]
    rng = random.Random(f"{preset}{options}")
    fixed_seen = 0
    for _ in range(40):
        hands = random_deal(rng)
        trump: Optional[str] = None if rules.first_void else rng.choice("SHDC")
        leader = rng.randrange(4)
        deal = " ".join(hukm.format_hand(h) for h in hands)
        state = game.from_deal(deal, trump=trump, leader=leader)
        ref = Play(rules, [list(h) for h in hands], trump, leader, fixed_at=None if rules.first_void else 0)
        while not state.is_terminal():
            if state.phase == "kot_choice":
                # Seven straight tricks: stop (the continuation is tested elsewhere).
                assert sorted(ref.won) == [0, 7]
                state.apply("stop")
                break
            legal = state.legal_actions()
            assert sorted(legal) == ref.legal(), f"{state}\nreference {ref.legal()}"
            card = rng.choice(legal)
            state.apply(card)
            ref.play(card)
            obs = state.observation(0)
            assert obs["trump"] == ref.trump
            if rules.heap:
                assert obs["collected"] == ref.collected
                assert obs["heap"] == ref.heap
                assert obs["tens"] == ref.tens
        result = state.observation(0)["last_result"]
        if rules.heap:
            assert ref.over(), "heap hands play every trick"
            assert result["tricks"] == ref.collected
        else:
            # kot_choice: the hand ends when a side reaches seven tricks.
            assert max(ref.won) == 7 and result["tricks"] == ref.won
        fixed_seen += ref.trump is not None
    assert fixed_seen > 0
