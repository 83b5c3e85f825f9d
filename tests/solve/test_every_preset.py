"""Every preset of the catalog reaches every tool: the command line, the solver's limits,
batch analysis, the pictures and the hand record's schema. The presets come from
:func:`hukm.games` and nothing here names one, so a preset added to the engine is tested
by every check below the day it appears (and one a tool does not take fails here until
the tool says why it refuses it, in words)."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import hukm
from hukm.bots import Heuristic
from hukm.cli import main

PRESETS = [g.name for g in hukm.games()]


def first_solvable(name: str, seed: int = 1) -> Any:
    """The seeded game played by the heuristic bot up to the first position in trick play
    that the solver takes (a hand small enough, the trump known where the objective needs
    it): found by asking the solver, never by naming the game."""
    state = hukm.game(name).new_game(seed)
    bot = Heuristic(seed=seed)
    while not state.is_terminal():
        if state.phase == "play":
            try:
                hukm.solve(state, max_nodes=1, exact=True)
            except hukm.SolverLimitError:
                return state
            except hukm.StateError:
                pass
            else:
                return state
        state.apply(bot.act(state))
    raise AssertionError(f"{name}: no position of seed {seed} that the solver takes")


@pytest.mark.parametrize("name", PRESETS)
def test_the_command_line_solves_or_says_why_not(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """``hukm solve <preset> --seed 1``: its table, its value, or one line saying why not
    (a hand too large without --force, the time limit of a table)."""
    code = main(["solve", name, "--seed", "1", "--timeout", "2", "--threads", "1"])
    out, err = capsys.readouterr()
    if code == 0:
        assert f"{name}, seed 1" in out and ("double-dummy value" in out or "(each cell:" in out), out
    else:
        assert code == 2 and err.startswith("hukm: ") and err.count("\n") == 1, err
        assert "beyond what exact search finishes quickly" in err or "solver time limit reached" in err, err


@pytest.mark.parametrize("name", PRESETS)
def test_the_command_line_deals_and_draws(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    assert main(["deal", name, "--seed", "2"]) == 0
    assert f"deal: {hukm.game(name).deal(2)}" in capsys.readouterr().out
    picture = tmp_path / "table.svg"
    assert main(["show", name, "--seed", "2", "--advance", "3", "--svg", str(picture)]) == 0
    assert ET.parse(picture).getroot().tag.endswith("svg")


@pytest.mark.parametrize("name", PRESETS)
def test_the_node_limit_stops_every_game_alike(name: str) -> None:
    state = first_solvable(name)
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=1\)$"):
        hukm.solve(state, max_nodes=1, exact=True)
    with pytest.raises(hukm.SolverLimitError, match=r"^solver node limit reached \(max_nodes=1\)$"):
        hukm.solve_many([state], max_nodes=1, threads=1)


@pytest.mark.parametrize("name", PRESETS)
def test_every_described_objective_is_answered(name: str) -> None:
    """Each objective the description offers is one the solver takes on a position of
    the game (it may run out of nodes, never refuse the objective)."""
    state = first_solvable(name)
    for objective in hukm.game(name).description.objectives:
        try:
            hukm.solve(state, objective=objective.name, max_nodes=1, exact=True)
        except hukm.SolverLimitError:
            pass


def endgame(name: str, seed: int) -> Any:
    """:func:`first_solvable` played on by the bot while more than three cards a player
    are left (and the hand goes on in trick play)."""
    state = first_solvable(name, seed)
    bot = Heuristic(seed=seed)
    while sum(len(h.replace(".", "").replace("-", "")) for h in state.hands()) > 3 * state.num_players:
        nxt = state.clone()
        nxt.apply(bot.act(nxt))
        if nxt.is_terminal() or nxt.phase != "play":
            break
        state = nxt
    return state


@pytest.mark.parametrize("name", PRESETS)
def test_the_solver_finishes_an_endgame_of_every_game(name: str) -> None:
    """The solver's value of an endgame is the best of its actions' values for the
    player to act (or the worst, when the value is counted for the other side), the same
    with a one-MiB table."""
    state = endgame(name, 1)
    sol = hukm.solve(state, timeout=60)
    assert sol.exact and sol.value in sol.actions.values()
    small = hukm.solve(state, tt_mib=1)
    assert (small.value, small.actions) == (sol.value, sol.actions)


def endgame_value(game: Any, deal: Any) -> list[int]:
    """A batch valuer: the value of the endgame of the row's seed."""
    return [hukm.solve(endgame(game.preset, deal.seed), actions=False).value]


@pytest.mark.parametrize("name", PRESETS)
def test_batch_runs_every_game(tmp_path: Path, name: str) -> None:
    """A batch of every preset: seeded deals made, chunked, valued and written, and read
    back. (The default plan of a preset solves its deal 0 whole, which takes minutes for
    the largest tables; tests/records/test_batch.py checks the plans.)"""
    from hukm import batch

    out = tmp_path / "b.npz"
    r = batch.run(hukm.game(name), deals=3, seed=5, out=str(out), chunk=2, value=endgame_value, shape=(1,))
    cols, meta = batch.read(r.out)
    assert r.deals == 3 and cols["values"].shape == (3, 1) and meta["seed"] == 5
    for row, seed in enumerate(cols["seed"]):
        assert cols["deal"][row] == hukm.game(name).deal(int(seed))
        assert cols["values"][row][0] == endgame_value(hukm.game(name), batch.Deal(int(seed), ""))[0]


@pytest.mark.parametrize("name", PRESETS)
def test_pictures_of_every_moment(name: str) -> None:
    """The table before the first action, in trick play and at the end, a frame per
    action of the hand, and the bare deal: each is one SVG document."""
    game = hukm.game(name)
    state = game.new_game(3)
    pictures = [hukm.svg.render(state), hukm.svg.deal(game.deal(3), game=game)]
    bot = Heuristic(seed=3)
    hand = state.hand_number
    rng = random.Random(3)
    while not state.is_terminal() and state.hand_number == hand:
        action = bot.act(state)
        if rng.random() < 0.1:
            pictures.append(hukm.svg.after(state, action))
        state.apply(action)
        if state.phase == "play" and rng.random() < 0.1:
            pictures.append(hukm.svg.render(state, viewer=state.current_player if state.current_player >= 0 else None))
    pictures.append(hukm.svg.render(state))
    for picture in pictures:
        assert ET.fromstring(picture).tag.endswith("svg")


@pytest.mark.parametrize("name", PRESETS)
def test_the_record_of_a_hand_meets_the_schema(name: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from hukm.record import schema

    state = hukm.game(name).new_game(4)
    bot = Heuristic(seed=4)
    hand = state.hand_number
    while not state.is_terminal() and state.hand_number == hand:
        state.apply(bot.act(state))
    data = json.loads(state.record().to_json())
    jsonschema.validate(data, schema())
    assert data["preset"] == name and data["game"] == hukm.game(name).family
    assert hukm.replay(hukm.HandRecord.from_json(json.dumps(data))) == state
