"""hukm.review and ``hukm review``: every decision's values are :func:`hukm.solve`'s for
the reviewed side, in recorded hands of every family; marks follow the costs; the chart
has a point per decision; the command line prints the review and writes the chart."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import hukm
from hukm.svg import review_chart, review_text
from hukm.cli import main
from test_best_line import small_position

FAMILIES = ["hokm4", "hokm3", "dehla_pakad", "28", "thunee", "ganjifa", "dugi", "dashavatara"]


def small_hand(name: str, seed: int) -> hukm.State:
    """A position of ``name`` with 3 or 4 cards a hand (cards of a real deal), played to
    the end at random: a recorded hand small enough to solve at every card."""
    rng = random.Random(seed)
    if name != "thunee":
        s = small_position(name, rng)
    else:  # Thunee's position names its trump and trumper
        g: Any = hukm.game(name)
        hands = hukm.parse_deal(g.deal(seed), 4, g.pack)
        s = g.from_deal(" ".join(hukm.format_hand(h[:4], g.pack) for h in hands), trump="H", trumper=0, leader=1)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("seed", [1, 2])
def test_values_equal_solve_at_every_decision(name: str, seed: int) -> None:
    played = small_hand(name, seed)
    record = played.record()
    for player in range(played.num_players)[:2]:
        r = hukm.review(record, player=player)
        assert not r.skipped and len(r.decisions) >= 3
        state = hukm.replay(record, 0)
        steps = {d.step: d for d in r.decisions}
        result = None
        for k, entry in enumerate(record.actions):
            try:
                sol = hukm.solve(state, player)
            except hukm.StateError:
                sol = None
            if sol is not None and entry["action"] in sol.actions:
                d = steps.pop(k)
                if result is None:
                    result = sol.value  # counted from the first card reviewed
                shift = result - sol.value
                assert {a: v - shift for a, v in d.values.items()} == sol.actions
                assert d.best == result and d.played == sol.actions[entry["action"]] + shift
                mine = sol.value == max(sol.actions.values())
                target = max(sol.actions.values()) if mine else min(sol.actions.values())
                assert d.cost == abs(target - sol.actions[entry["action"]])
                assert set(d.best_actions) == {a for a, v in sol.actions.items() if v == target}
                assert (d.mark == "") == (d.cost < r.thresholds[0])
                result = d.played
            state.apply(entry["action"])
        assert not steps


def test_marks_summary_and_lines() -> None:
    s = hukm.Hokm().from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
    for card in ["2S", "JS", "TS", "7S", "3H", "AH", "5H", "KH", "2D", "8S", "AS", "QS"]:
        s.apply(card)
    r = hukm.review(s.record())
    first = r.decisions[0]
    assert (first.seat, first.action, first.cost, first.mark) == (0, "2S", 1, "mistake")
    # the two lines part at the first trick: seat 1 wins it after 2S, seat 0 after AS
    assert first.line_played == ["2♠ Q♠ 10♠ 8♠ -> seat 1"] and first.line_best[0].endswith("-> seat 0")
    assert r.summary[0].mistakes == 1 and r.summary[0].cost == 1
    assert all(x.cost == 0 for x in r.summary.values() if x.seat != 0)
    text = review_text(r)
    assert text.startswith("Double-dummy review (every hand known)") and "costs 1 (mistake)" in text
    # other thresholds: one trick is a blunder, or nothing at all
    assert hukm.review(s.record(), marks=(1, 1, 1)).decisions[0].mark == "blunder"
    assert hukm.review(s.record(), marks=(2, 3, 4)).decisions[0].mark == ""
    # the other side's view: the same card gains seat 1's side a trick
    other = hukm.review(s.record(), player=1).decisions[0]
    assert (other.best, other.played, other.cost) == (3 - first.best, 3 - first.played, 1)


def test_the_chart() -> None:
    s = hukm.Hokm().from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
    for card in ["2S", "JS", "TS", "7S", "3H", "AH", "5H", "KH", "2D", "8S", "AS", "QS"]:
        s.apply(card)
    r = hukm.review(s.record())
    root = ET.fromstring(review_chart(r))
    points = [e for e in root.iter() if e.get("class") == "point"]
    assert [int(e.get("data-step") or -1) for e in points] == [d.step for d in r.decisions]
    assert [e.get("data-mark") for e in points if e.get("data-mark")] == ["mistake"]
    assert "every hand known" in review_chart(r)


def test_the_chart_marks_the_grades() -> None:
    """A graded review's chart says each decision's grade: estimated ones hollow, with a
    legend in the chart's language, their values as estimates in the tip; exact ones
    filled; none hollow in an exact review."""
    rec = small_hand("hokm4", 1).record()
    r = hukm.review(rec, budget=0)
    grades = [d.grade for d in r.decisions]
    assert "estimate" in grades and "exact" in grades
    for lang, legend in ((None, "hollow dots: estimated values"), ("cs", "duté tečky: odhadnuté hodnoty")):
        chart = review_chart(r, lang=lang)
        root = ET.fromstring(chart)
        points = [e for e in root.iter() if e.get("class") == "point"]
        assert [e.get("data-grade") for e in points] == grades
        for e, d in zip(points, r.decisions):
            circle = next(c for c in e.iter() if c.tag.endswith("circle"))
            assert (circle.get("fill") == "#fff") == (d.grade == "estimate")
            tip = next(c for c in e.iter() if c.tag.endswith("title")).text or ""
            assert ("(estimate)" in tip or "(odhad)" in tip) == (d.grade == "estimate"), tip
        assert legend in chart
    exact = review_chart(hukm.review(rec))
    assert 'data-grade="estimate"' not in exact and "hollow dots" not in exact


def test_a_review_keeps_to_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review schedules its budget on its own clock: the positions' solves get what is
    left for them (the budget less :data:`hukm.review.LINES_SHARE`; the engine gives each
    position its share of it, ``registry::review`` in the engine), the best lines of its
    mistakes no more than what is left of the whole budget. A clock that moves by all the
    time the solves are given, and by the time each line is given, stands in for solves
    that keep to their limits (``hukm.solve`` stops on its own time limit: the solver's
    tests): the review then ends within its budget, every card graded, whatever the
    budget."""
    import importlib

    rm = importlib.import_module("hukm.review")
    clock = [100.0]
    monkeypatch.setattr(rm, "time", type("Clock", (), {"monotonic": staticmethod(lambda: clock[0])}))
    solve_all, best_line = rm._solve_all, rm.best_line

    lines_take = [1.0]  # the share of its time limit a best line takes

    def solves(states: Any, player: int, timeout: Any, end: Any, exact: bool, threads: Any) -> Any:
        assert end is not None and end >= clock[0]
        got = solve_all(states, player, timeout, end, exact, threads)
        clock[0] = end
        return got

    def line(*args: Any, timeout: Any = None, **kw: Any) -> Any:
        assert timeout is not None and timeout >= 0
        clock[0] += timeout * lines_take[0]
        return best_line(*args, **kw)

    monkeypatch.setattr(rm, "_solve_all", solves)
    monkeypatch.setattr(rm, "best_line", line)
    small = small_hand("hokm4", 3)  # two blunders, their lines solved
    for lines_take[0] in (1.0, 0.001):
        for budget in (0.0, 1.0, 50.0):
            clock[0] = 100.0
            r = hukm.review(small.record(), budget=budget, marks=(1, 1, 1))
            assert clock[0] - 100.0 <= budget + 1e-9, (budget, clock[0] - 100.0)
            assert not r.skipped and r.decisions
            assert all(d.grade in ("exact", "bounds", "estimate") for d in r.decisions)
    assert any(d.line_played for d in r.decisions), "no mistake's lines: the lines' share was not used"


def test_a_match_record_restarts_the_value_at_each_hand() -> None:
    g = hukm.Hokm("hokm4")
    s = g.from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    r = hukm.review(s.record())
    assert {d.hand for d in r.decisions} == {1}


def test_review_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("resvg_py")
    s = hukm.Hokm().from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
    for card in ["2S", "JS", "TS", "7S", "3H", "AH", "5H", "KH", "2D", "8S", "AS", "QS"]:
        s.apply(card)
    rec = tmp_path / "hand.json"
    rec.write_text(s.record().to_json())
    chart = tmp_path / "chart.png"
    assert main(["review", str(rec), "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "Double-dummy review (every hand known)" in out and "costs 1 (mistake)" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # no time at all: graded, every card valued; exact values only, every card skipped
    assert main(["review", str(rec), "--budget", "0"]) == 0
    assert "not solved in time" not in capsys.readouterr().out
    assert main(["review", str(rec), "--budget", "0", "--exact"]) == 0
    assert "not solved in time: steps 0" in capsys.readouterr().out
    assert main(["review", str(rec), "--player", "9"]) == 2
    assert "player" in capsys.readouterr().err
    assert main(["review", str(rec), "--marks", "3,2,1"]) == 2
    assert "marks" in capsys.readouterr().err


def test_bad_input() -> None:
    with pytest.raises(hukm.StateError, match="HandRecord"):
        hukm.review("hand.json")  # type: ignore[arg-type]
    s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    with pytest.raises(hukm.StateError, match="player"):
        hukm.review(s.record(), player=4)
    with pytest.raises(hukm.StateError, match="marks"):
        hukm.review(s.record(), marks=(3, 2))


def test_what_the_solver_does_not_answer_is_listed() -> None:
    from hukm.bots import Heuristic

    # Twenty-eight with its trump concealed: the solver needs a target, the cards are listed
    s = hukm.game("28").new_game(seed=3)
    bot = Heuristic(seed=3)
    while s.observation(0)["hand_number"] == 1:
        s.apply(bot.act(s))
    r = hukm.review(s.record())
    assert r.unvalued and "contract" in r.reason and "not valued, steps" in review_text(r)
    # asked for exact values with a budget of nothing: every card of trick play is listed
    # as not solved in time; graded, every card gets a grade all the same
    small = small_hand("hokm4", 1)
    none = hukm.review(small.record(), budget=0, exact=True)
    assert not none.decisions and none.skipped == [d.step for d in hukm.review(small.record()).decisions]
    graded = hukm.review(small.record(), budget=0)
    assert not graded.skipped and len(graded.decisions) == len(none.skipped)
    assert all(d.grade in ("exact", "bounds", "estimate") for d in graded.decisions)
    with pytest.raises(hukm.StateError, match="budget"):
        hukm.review(small.record(), budget=-1)
