"""Thunee through the public API (``docs/rules/thunee.md``): the §16 expected values of
the worked examples, the solver against plain minimax over ``clone``/``apply`` on
small positions (every action's value, every objective), whole matches, bots,
hidden cards, bad input and the command line."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hukm
from hukm.bots import PIMC, Heuristic, Random
from hukm.cli import main

MAIN = "T.KQ.Q.J9 AQ.AT..KQ 9.J.9AT.A JK.9.JK.T"
EX8 = ".9AT.9AT. K.KQ.KQ.J J9AT.J.J. Q...9ATKQ"
EX9 = ".J..9ATKQ K.9T.J9.J J9AT.A.K. Q.KQ.ATQ."


def test_main_deal_values_of_section_16() -> None:
    for last, want in [("transfer", 106), ("bonus", 116), ("off", 116)]:
        s = hukm.Thunee(last_trick=last).from_deal(MAIN, trump="S", trumper=1)
        assert s.current_player == 2
        assert hukm.solve(s, 0).value == want
    s = hukm.Thunee(dd_jodhi="auto").from_deal(MAIN, trump="S", trumper=1)
    assert hukm.solve(s, 0).value == 126
    s = hukm.Thunee(dd_mode="target").from_deal(MAIN, trump="S", trumper=1)
    assert (hukm.solve(s, 0).value, hukm.solve(s, 1).value) == (1, 0)


def test_sweeps_of_examples_8_to_10() -> None:
    g = hukm.Thunee(dd_mode="sweep")
    sol = hukm.solve(g.from_deal(EX8, thunee=2), 2)
    assert sol.value == 4 and sol.actions["JS"] == 4
    assert sol.actions["JH"] == -8 and sol.actions["JD"] == -8
    assert hukm.solve(g.from_deal(EX8, royals=2), 2).value == -4
    s = g.from_deal(EX9, thunee=2)
    assert hukm.solve(s, 2).value == -4
    for a in "JS QS QC KS 9S QD KC 9D AS TD 9C JC TS QH TC TH".split():
        s.apply(a)
    assert s.current_player == 2
    sol = hukm.solve(s, 2)
    assert sol.actions == {"AH": -8, "KD": -4}
    s.apply("AH")
    for a in ("KH", "JH", "9H"):
        s.apply(a)
    assert s.observation(0)["last_result"]["kind"] == "partner_catch"
    assert list(s.observation(0)["last_result"]["balls"]) == [0, 8]


def minimax(s: hukm.State, team: int, root_points: list[int], mode: str) -> int:
    """Plain minimax over the public API: points from here, or balls."""
    if s.is_terminal():
        r = s.observation(0)["last_result"]
        if mode == "balls" or r["special"] is not None:
            return int(r["balls"][team] - r["balls"][1 - team])
        return int(r["totals"][team] - root_points[team])
    values = []
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        values.append(minimax(t, team, root_points, mode))
    mine = s.current_player % 2 == team
    return max(values) if mine else min(values)


@pytest.mark.parametrize("preset,k", [("thunee4", 3), ("thunee6", 2), ("thunee2", 3)])
def test_solve_matches_minimax_on_small_positions(preset: str, k: int) -> None:
    r = random.Random(11)
    checked = 0
    for mode in ("points", "balls"):
        g = hukm.Thunee(preset, dd_mode=mode)
        n = g.num_players
        for _ in range(4):
            pack = [x + s for s in "SHDC" for x in "J9ATKQ"]
            r.shuffle(pack)
            hands = [pack[i * k:(i + 1) * k] for i in range(n)]
            deal = " ".join(hukm.format_hand(h, "thunee24") for h in hands)
            if r.random() < 0.3 and mode == "balls":
                s = g.from_deal(deal, thunee=r.randrange(n), trump=r.choice("SHDC"))
            else:
                s = g.from_deal(deal, trump=r.choice("SHDC"), trumper=r.randrange(n), bid=r.choice([0, 30]))
            for p in range(min(n, 2)):
                team = p % 2
                root = list(s.observation(0)["points"])
                sol = hukm.solve(s, p)
                assert sol.value == minimax(s, team, root, mode)
                for a, v in sol.actions.items():
                    t = s.clone()
                    t.apply(a)
                    assert v == minimax(t, team, root, mode), (a, str(s))
                checked += 1
    assert checked >= 12


@pytest.mark.parametrize("preset", ["thunee4", "thunee2", "thunee6"])
def test_whole_match_with_bots(preset: str) -> None:
    g = hukm.Thunee(preset)
    s = g.new_game(seed=3)
    bots = [Heuristic(1), Random(2)] * 3
    steps = 0
    while not s.is_terminal():
        s.apply(bots[s.current_player].act(s))
        steps += 1
        assert steps < 20_000
    o = s.observation(0)
    assert max(o["scores"]) >= o["match_target"] and o["winner"] is not None


def test_pimc_plays_a_hand_legally() -> None:
    g = hukm.Thunee()
    s = g.new_game(seed=5)
    bot = PIMC(4, 1)
    hand = s.observation(0)["hand_number"]
    while not s.is_terminal() and s.observation(0)["hand_number"] == hand:
        a = bot.act(s)
        assert a in s.legal_actions()
        s.apply(a)


def test_observations_hide_what_a_player_may_not_see() -> None:
    g = hukm.Thunee()
    s = g.new_game(seed=7)
    while s.phase != "trump":
        s.apply("pass")
    t = s.current_player
    s.apply(next(a for a in s.legal_actions() if a.startswith("indicator:")))
    for p in range(4):
        o = s.observation(p)
        if p == t:
            assert o["indicator"] is not None and o["trump"] == o["indicator"][-1]
        else:
            assert o["indicator"] is None and o["trump"] is None
        others = [x for q in range(4) if q != p for x in s.observation(q)["hand"]]
        assert not set(o["hand"]) & set(others)
    for seed in range(3):
        d = s.determinize((t + 1) % 4, seed)
        o = d.observation((t + 1) % 4)
        assert o["hand"] == s.observation((t + 1) % 4)["hand"]


@pytest.mark.parametrize(
    "call,error",
    [
        (lambda: hukm.Thunee("thunee5"), hukm.OptionError),
        (lambda: hukm.Thunee(royals="maybe"), hukm.OptionError),
        (lambda: hukm.Thunee().from_deal(MAIN), hukm.StateError),
        (lambda: hukm.Thunee().from_deal(MAIN, trump="X"), hukm.NotationError),
        (lambda: hukm.Thunee().from_deal(MAIN, trump="S", bid=15), hukm.StateError),
        (lambda: hukm.Thunee().from_deal(MAIN, trump="S", trumper=4), hukm.StateError),
        (lambda: hukm.Thunee().from_deal(EX8, thunee=2, trumper=1), hukm.StateError),
        (lambda: hukm.Thunee().from_deal("J9A.. KQ..", trump="S"), hukm.NotationError),
    ],
)
def test_bad_input_raises_library_errors(call: Any, error: type) -> None:
    with pytest.raises(error):
        call()


def test_illegal_actions_change_nothing() -> None:
    s = hukm.Thunee().from_deal(MAIN, trump="S", trumper=1)
    before = s.history()
    for bad in ("KS", "double", "jodhi:H", "bid:10", "XX"):
        with pytest.raises(hukm.IllegalActionError):
            s.apply(bad)
    assert s.history() == before


def test_cli_deal_solve_and_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "thunee", "--seed", "4"]) == 0
    assert main(["solve", "thunee", MAIN, "--trump", "S", "--trumper", "1", "--player", "0"]) == 0
    out = capsys.readouterr().out
    assert "double-dummy value: exact 106" in out
    assert main(["solve", "thunee", EX8, "--thunee", "2", "--option", "dd_mode=sweep"]) == 0
    assert "double-dummy value: exact 4" in capsys.readouterr().out
    assert main(["solve", "thunee", MAIN, "--trump", "S", "--hakem", "1"]) == 2
    assert "--hakem does not apply" in capsys.readouterr().err


def test_a_position_is_sampled_without_the_no_trump_check() -> None:
    """A position (``from_deal``) under a normal contract starts in play without the
    §5.7 check, so a sample must not require that an opponent of the trumper held a
    trump: here seat 0 never held a diamond, and every sample is still found."""
    g = hukm.Thunee("thunee2")
    s = g.from_deal(".J9AK..JQ JTQ.T.A.T", trump="D", trumper=1, bid=0)
    for a in ["AH", "TH", "QC", "TC", "QS", "JC", "JS"]:
        s.apply(a)
    for seed in range(20):
        d = s.determinize(1, seed)
        assert d.observation(1) == s.observation(1)
        assert sorted(d.observation(0)["hand"]) == ["9H", "JH", "KH"]
