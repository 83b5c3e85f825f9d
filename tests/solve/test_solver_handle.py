"""``hukm.Solver``: a solver that keeps its table across calls gives the same answers as
the one-shot ``hukm.solve`` on every position of a hand, whatever the order, side or
objective of the calls, and searches fewer nodes doing it."""

from __future__ import annotations

from typing import Any

import pytest

import hukm
from hukm.bots import Heuristic


def _played(game: Any, seed: int) -> tuple[Any, list[str]]:
    """A hand dealt from ``seed`` and played to the end by the heuristic bot: its first
    trick-play position and the actions from there."""
    state = game.new_game(seed)
    bot = Heuristic()
    while not (state.legal_actions() and all(len(a) == 2 for a in state.legal_actions())):
        state.apply(bot.act(state))
    start = state.clone()
    actions = []
    hand = state.observation(0).get("hand_number")
    while not state.is_terminal() and state.observation(0).get("hand_number") == hand:
        a = bot.act(state)
        actions.append(a)
        state.apply(a)
    return start, actions


@pytest.mark.parametrize("preset,skip", [("hokm4", 0), ("hokm3", 12), ("double_sar", 8)])
def test_analyse_play_equals_the_one_shot_form(preset: str, skip: int) -> None:
    game = hukm.Hokm(preset)
    start, actions = _played(game, 5)
    for a in actions[:skip]:  # full three-hand and heap deals take seconds each
        start.apply(a)
    actions = actions[skip : skip + 24]
    solver = hukm.Solver(game)
    kept = solver.analyse_play(start, actions)
    fresh = hukm.analyse_play(start, actions)
    assert kept == fresh and len(kept) == len(actions)
    reused, new = solver.stats
    assert new >= 1 and reused >= len(actions) - new


@pytest.mark.parametrize("preset,skip", [("double_sar", 12), ("dehla_pakad", 12), ("dab_rang", 20), ("be_ranga", 12),
                                         ("hokm4", 12), ("hokm3", 12)])
def test_mixed_questions_on_one_table(preset: str, skip: int) -> None:
    # Value and kot queries, every side, positions out of order, one table: each answer
    # is the one-shot answer.
    game = hukm.Hokm(preset)
    start, actions = _played(game, 2)
    for a in actions[:skip]:
        start.apply(a)
    states = [start]
    for a in actions[skip : skip + 20]:
        states.append(states[-1].clone())
        states[-1].apply(a)
    solver = hukm.Solver(game)
    for i in [12, 0, 20, 4, 16, 8, 12]:
        s = states[i]
        for player in range(game.num_players):
            for objective in ("tricks", "kot") if game.num_players == 4 else ("tricks",):
                got = solver.solve(s, player, objective=objective)
                want = hukm.solve(s, player, objective=objective)
                assert (got.value, got.actions) == (want.value, want.actions), (i, player, objective)


def test_nodes_saved_over_a_played_hand() -> None:
    game = hukm.Hokm()
    start, actions = _played(game, 11)
    solver = hukm.Solver(game, threads=1)  # node counts repeat exactly on one thread
    s, kept_nodes, fresh_nodes = start.clone(), 0, 0
    for a in actions[:40]:
        kept_nodes += solver.solve(s).nodes
        fresh_nodes += hukm.solve(s, threads=1).nodes
        s.apply(a)
    assert kept_nodes < fresh_nodes, (kept_nodes, fresh_nodes)


def test_a_record_is_analysed_from_its_deal() -> None:
    game = hukm.Hokm()
    state = game.new_game(4)
    bot = Heuristic()
    hand = state.observation(0).get("hand_number")
    while state.observation(0).get("hand_number") == hand and not state.is_terminal():
        state.apply(bot.act(state))
    record = hukm.record_of(state)
    steps = hukm.Solver(game).analyse_play(record)
    names = [e["action"] for e in record.actions]
    # Every card of the hand is analysed, the Hakem's trump choice is not.
    assert [s.action for s in steps] == [a for a in names if ":" not in a]
    assert all(names[s.step] == s.action for s in steps)
    start = record.replay(names.index(steps[0].action))
    assert steps[:8] == [
        hukm.PlayStep(x.player, x.action, x.best, x.after, x.best_actions, x.step + steps[0].step)
        for x in hukm.analyse_play(start, [s.action for s in steps[:8]])
    ]


def test_bad_uses_are_clear_errors() -> None:
    solver = hukm.Solver(hukm.Hokm())
    other = hukm.Hokm("double_sar").from_deal("A... K... Q... J...", trump="S", leader=0, tricks_won=[6, 6])
    with pytest.raises(hukm.StateError, match="this Solver solves hokm4 positions, got a double_sar state"):
        solver.solve(other)
    with pytest.raises(hukm.StateError, match="Solver needs a hukm game"):
        hukm.Solver("hokm")  # type: ignore[arg-type]
    with pytest.raises(hukm.StateError, match="analyse_play needs the actions"):
        solver.analyse_play(hukm.Hokm().from_deal("A... K... Q... J...", trump="S", leader=0))
    with pytest.raises(ValueError, match="tt_mib"):
        hukm.Solver(hukm.Hokm(), tt_mib=0)
    assert "hokm4" in repr(solver)
