"""The double-dummy API around the solver: play analysis, limits, errors, the
``hukm solve`` command."""

from __future__ import annotations

import random

import pytest

import hukm
from hukm.cli import main

DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"


def test_analyse_play_costs_agree_with_solve() -> None:
    game = hukm.Hokm()
    state = game.from_deal(DEAL, trump="S", leader=0)
    rng = random.Random(5)
    actions = []
    s = state.clone()
    for _ in range(8):
        a = rng.choice(s.legal_actions())
        actions.append(a)
        s.apply(a)
    steps = hukm.analyse_play(state, actions)
    assert [st.action for st in steps] == actions
    assert state.history() == [], "the state given is not changed"
    s = state.clone()
    for st, a in zip(steps, actions):
        sol = hukm.solve(s)
        assert (st.player, st.best, st.after) == (s.current_player, sol.value, sol.actions[a])
        assert st.cost == sol.value - sol.actions[a] >= 0
        assert (st.cost == 0) == (a in st.best_actions)
        s.apply(a)
    with pytest.raises(hukm.IllegalActionError):
        hukm.analyse_play(state, ["AS", "AS"])


def test_limits_and_bad_requests() -> None:
    state = hukm.Hokm().from_deal(DEAL, trump="N" if False else None, leader=1)
    with pytest.raises(hukm.SolverLimitError):
        hukm.solve(state, max_nodes=50, exact=True)
    with pytest.raises(hukm.StateError):
        hukm.solve(state, player=4)
    match = hukm.Hokm().new_game(seed=3)  # trump not named yet
    with pytest.raises(hukm.StateError):
        hukm.solve(match)
    with pytest.raises(hukm.StateError):
        hukm.Hokm("hokm3").dd_table("AK... QJ... T9...")
    with pytest.raises(hukm.NotationError):
        hukm.Hokm().dd_table("AK... QJ... T9...")
    sol = hukm.solve(state, timeout=1e300)
    assert sol.value == hukm.solve(state, actions=False).value


def test_value_is_from_here_to_the_end() -> None:
    state = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    before = hukm.solve(state, player=0).value
    best = hukm.solve(state).best_actions()[0]
    state.apply(best)
    assert hukm.solve(state, player=0).value == before
    assert hukm.solve(state, player=1).value == 13 - before


def test_cli_solve_deal_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "hokm", DEAL, "--trump", "S", "--leader", "0"]) == 0
    out = capsys.readouterr().out
    value = hukm.solve(hukm.Hokm().from_deal(DEAL, trump="S", leader=0)).value
    assert f"double-dummy value: exact {value} tricks" in out
    assert "AS" in out and "best" in out
    assert main(["solve", "hokm", "--seed", "7", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    deal = [ln for ln in out.splitlines() if ln.startswith("deal: ")][0][6:]
    table = hukm.Hokm().dd_table(deal)
    assert "no trump" in out
    row = [ln for ln in out.splitlines() if ln.startswith("spades")][0].split()[1:]
    assert [int(x) for x in row] == [int(x) for x in table[0]]


def test_kot_query() -> None:
    game = hukm.Hokm()
    solid = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    s = game.from_deal(solid, trump="S", leader=0)
    assert hukm.solve(s, objective="kot").value == 1
    assert hukm.solve(s, player=1, objective="kot").value == 0
    # No trump, seat 1 on lead: he cashes hearts; side B wins every trick.
    s = game.from_deal(solid, trump=None, leader=1)
    sol = hukm.solve(s, objective="kot")
    assert sol.value == 1 and set(sol.actions.values()) == {1}
    # Once the other side has a trick, no kot.
    nine = "AKQJT9876... .AKQJT9876.. ..AKQJT9876. ...AKQJT9876"
    assert hukm.solve(game.from_deal(nine, trump="S", leader=0, tricks_won=[4, 0]), objective="kot").value == 1
    s = game.from_deal(nine, trump="S", leader=0, tricks_won=[3, 1])
    assert hukm.solve(s, objective="kot").value == 0
    with pytest.raises(hukm.OptionError):
        hukm.solve(s, objective="points")
    # an objective a game does not answer is refused like an unknown one, in every game
    with pytest.raises(hukm.OptionError, match="hokm3 does not answer the kot query"):
        hukm.solve(hukm.Hokm("hokm3").from_deal("AK... QJ... T9...", trump=None, leader=0), objective="kot")


def test_the_engine_solve_takes_keywords_only() -> None:
    """``hukm._core.solve``: the state, then every argument by name (a positional one
    after the state is refused, so no caller can shift its meaning)."""
    from hukm import _core

    s = hukm.Hokm().from_deal("AK... QJ... T9... 87...", trump="S", leader=0)
    with pytest.raises(TypeError):
        _core.solve(s, 0)  # type: ignore[misc]
    assert _core.solve(s, player=0, details=False).value == hukm.solve(s, 0).value
