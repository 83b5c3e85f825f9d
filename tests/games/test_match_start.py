"""Matches started from a given score and dealer (docs/rules/hokm.md §15 Example 6:
score A = 4, B = 5, dealer seat 0, Hakem seat 1)."""

from __future__ import annotations

import random

import pytest

import hukm


def test_example_6_situation_and_its_outcomes() -> None:
    game = hukm.Hokm()
    outcomes = set()
    for seed in range(60):
        s = game.new_game(seed, scores=[4, 5], dealer=0)
        obs = s.observation(0)
        assert (obs["scores"], obs["dealer"], obs["hakem"]) == ([4, 5], 0, 1)
        rng = random.Random(seed)
        while s.observation(0).get("last_result") is None:
            s.apply(rng.choice(s.legal_actions()))
        r = s.observation(0)["last_result"]
        after = s.observation(0)
        if r["winner"] == 1:  # the Hakem's side: 1 (or 2 for a kot), same Hakem and dealer
            assert r["points"] == [0, 2 if r["kind"] == "kot" else 1]
            assert (after["hakem"], after["dealer"]) == (1, 0) or s.is_terminal()
        else:  # side A: 1, or 3 for a Hakem koti, which ends the match at 7
            assert r["points"] == [3 if r["kind"] == "kot" else 1, 0]
            if r["kind"] == "kot":
                assert s.is_terminal() and s.returns() == [7.0, 5.0, 7.0, 5.0]
            else:
                assert (after["hakem"], after["dealer"]) == (2, 1)
        outcomes.add((r["winner"], r["kind"]))
    assert {(0, "win"), (1, "win")} <= outcomes


def test_bad_starting_situations_are_refused() -> None:
    game = hukm.Hokm()
    with pytest.raises(hukm.StateError):
        game.new_game(1, scores=[1, 2, 3])
    with pytest.raises(hukm.StateError):
        game.new_game(1, dealer=4)
    with pytest.raises(hukm.StateError):
        game.new_game(1, scores=[-1, 0])
