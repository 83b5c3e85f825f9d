"""``hukm.best_line``: every step's value is ``hukm.solve``'s value of the position before
it (for the analysed side), the action is among the best, and ties go to the first
best action in ``legal_actions()`` order; on 50 small positions (3-4 cards a hand) of
each trick game."""

from __future__ import annotations

import random
from typing import Any, Optional

import pytest

import hukm

GAMES = ["hokm4", "hokm3", "double_sar", "dehla_pakad", "28", "ganjifa", "dugi", "dashavatara"]
POSITIONS = 50


def small_position(name: str, rng: random.Random) -> hukm.State:
    """A random position of ``name`` with 3 or 4 cards a hand (cards taken from a real
    deal of the game, so only cards of its pack), sometimes a card or two into the trick."""
    g: Any = hukm.game(name)
    n = g.num_players
    for _ in range(100):
        cards = rng.choice([3, 4])
        hands = hukm.parse_deal(g.deal(rng.randrange(1 << 32)), n, g.pack)
        deal = " ".join(hukm.format_hand(rng.sample(h, cards), g.pack) for h in hands)
        try:
            if g.family == "hokm":
                s = g.from_deal(deal, trump=rng.choice(["S", "H", "D", "C", None]), leader=rng.randrange(n))
            elif g.family == "twenty_eight":
                s = g.from_deal(deal, rng.randrange(n), rng.randrange(n), trump=rng.choice(g.suits))
            else:  # ganjifa, dugi, dashavatara: a leader at a trick boundary
                s = g.from_deal(deal, rng.randrange(n))
        except hukm.StateError:
            continue  # e.g. Dashavatara: a hand with the trump Raja must open
        for _ in range(rng.choice([0, 0, 1, 2])):
            if not s.is_terminal():
                s.apply(rng.choice(s.legal_actions()))
        if not s.is_terminal():
            return s  # type: ignore[no-any-return]
    raise AssertionError(f"no position of {name}")  # pragma: no cover


def check_line(state: hukm.State, player: Optional[int] = None, tie_break: bool = False) -> list[hukm.LineStep]:
    """Walks ``best_line(state, player)`` checking each step against ``solve``; with
    ``tie_break`` also that the action is the first best one in ``legal_actions()`` order."""
    before = state.clone()
    line = hukm.best_line(state, player)
    assert state == before and state.history() == before.history()  # unchanged
    side = state.current_player if player is None else player
    assert line, "an empty line from a position in trick play"
    assert line[0].value == hukm.solve(state, side).value
    s = state.clone()
    for i, step in enumerate(line):
        where = f"step {i} of {[(x.player, x.action) for x in line]} from {state.origin()}"
        assert step.player == s.current_player, where
        sol = hukm.solve(s, side)
        assert step.value == sol.value, where
        best = sol.best_actions()
        assert step.action in best, where
        assert sol.actions[step.action] == sol.value, where
        if tie_break:  # the documented rule: the first best action in legal order
            first = [a for a in s.legal_actions() if a in best][0]
            assert step.action == first, f"{where}: best {best}, legal {s.legal_actions()}"
        s.apply(step.action)
    assert s.is_terminal(), f"the line stops before the end of the hand: {s.phase}, {s.legal_actions()}"
    return line


@pytest.mark.parametrize("name", GAMES)
def test_best_line_follows_solve(name: str) -> None:
    """Each step: the mover, ``solve``'s value, an action among the best."""
    rng = random.Random(name)
    for _ in range(POSITIONS):
        check_line(small_position(name, rng))


@pytest.mark.parametrize("name", GAMES)
def test_best_line_tie_break(name: str) -> None:
    """Ties go to the first best action in ``legal_actions()`` order (as documented)."""
    rng = random.Random(name)
    for _ in range(POSITIONS):
        check_line(small_position(name, rng), tie_break=True)


def test_solve_lists_actions_in_legal_order() -> None:
    """solve's actions come in legal order in every game (here Ganjifa, whose engine
    search lists them otherwise), and best_line breaks the tie on that order."""
    s = hukm.Ganjifa().from_deal(".6....3.9. 4.....46.. ...8...3.4", 2)
    for a in ["8SF+3BA+4QM", "9BA", "6TJ", "3CH", "4GH"]:
        s.apply(a)
    assert s.legal_actions() == ["4CH", "6CH"]
    sol = hukm.solve(s, 0)
    assert set(sol.best_actions()) == {"4CH", "6CH"}
    assert list(sol.actions) == s.legal_actions()
    assert hukm.best_line(s, 0)[0].action == "4CH"


@pytest.mark.parametrize("name", GAMES)
def test_best_line_for_another_side(name: str) -> None:
    """``player=`` follows that side's value, the others minimising it."""
    rng = random.Random("other " + name)
    for _ in range(POSITIONS // 5):
        s = small_position(name, rng)
        check_line(s, (s.current_player + 1) % s.num_players)


@pytest.mark.parametrize("name", ["hokm4", "double_sar", "28"])
def test_best_line_value_is_what_the_side_takes(name: str) -> None:
    """Playing the line out, the analysed side takes exactly the first step's value
    (tricks in Hokm, tricks collected in Double Sar, card points in Twenty-eight, from
    the position on). (Not in ``hokm3``: its value counts every trick played, while a
    clinch ends the hand early, ``docs/rules/hokm.md`` §8.2 and §16.)"""
    rng = random.Random("taken " + name)
    for _ in range(POSITIONS // 2):
        s = small_position(name, rng)
        line = hukm.best_line(s)
        side = s.current_player
        t = s.clone()
        for step in line:
            t.apply(step.action)
        if name == "28":
            got = t.returns()[side] - s.returns()[side]
        else:
            key = "collected" if name == "double_sar" else "tricks_won"
            obs0, obs1 = s.observation(0), t.observation(0)
            got = obs1[key][side % 2] - obs0[key][side % 2]
        assert got == line[0].value, (s.origin(), line)


def test_tie_break_example() -> None:
    """``best_line``'s docstring example. (The docstring says ``[(0, 'AS', 3), (1, 'JS', 3),
    (2, '9S', 3), (3, '7S', 3)]``; seat 3's 5H takes the last trick, and the first
    equal card in legal order is the higher one.)"""
    s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    line = hukm.best_line(s)
    assert [(x.player, x.action, x.value) for x in line][:4] == [(0, "AS", 2), (1, "QS", 2), (2, "TS", 2), (3, "8S", 2)]
    assert [x.value for x in line] == [2] * 4 + [1] * 4 + [0] * 4  # tricks still to take
    assert len(line) == 12


def test_best_line_of_a_finished_hand_is_empty() -> None:
    s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    for a in ["AS", "KS", "QS", "JS"]:
        s.apply(a)
    assert s.is_terminal() and hukm.best_line(s) == []


@pytest.mark.parametrize("preset,seed", [("hokm4", 3), ("hokm4", 6), ("court_piece", 2), ("court_piece", 5)])
def test_all_tricks_plays_out_what_the_rules_leave(preset: str, seed: int) -> None:
    """``to="all_tricks"`` goes on where ``first_to_7`` or the kot choice ends the hand:
    the same line as the same deal under ``stop_rule="play_all"``, action for action and
    value for value, and ``to="hand_end"`` (the default) is its beginning."""
    g = hukm.Hokm(preset)
    deal = g.deal(seed)
    s = g.from_deal(deal, trump="S", leader=1)
    short = hukm.best_line(s)
    assert short == hukm.best_line(s, to="hand_end")
    full = hukm.best_line(s, to="all_tricks")
    assert len(short) < 52 and len(full) == 52
    assert full[: len(short)] == short
    every = hukm.Hokm(preset, stop_rule="play_all").from_deal(deal, trump="S", leader=1)
    assert full == hukm.best_line(every)
    assert full[0].value == hukm.solve(s).value == hukm.solve(every).value


def test_all_tricks_in_hokm_for_three() -> None:
    """``hokm3`` stops by clinch (§8.2) while ``solve`` counts every trick: the line to
    all tricks plays all 51 cards, each step valued as ``solve`` values it, and begins
    with the line to the hand's end."""
    g = hukm.Hokm("hokm3")
    for seed in range(12):
        s = g.from_deal(g.deal(seed), trump="H", leader=0)
        short, full = hukm.best_line(s), hukm.best_line(s, to="all_tricks")
        assert len(full) == 51 and full[: len(short)] == short
        if len(short) < 51:
            break
    else:
        raise AssertionError("no hokm3 deal ended early")
    t = s.clone()
    for step in short:
        t.apply(step.action)
    assert t.is_terminal()
    # the first step of the rest is solve's value of the cards left, the winner leading
    rest = g.from_deal(" ".join(t.hands()), trump="H", leader=t.observation(0)["leader"])
    assert full[len(short)].player == rest.current_player
    assert full[len(short)].value == hukm.solve(rest, 0).value


@pytest.mark.parametrize("name", ["28", "ganjifa", "dugi"])
def test_all_tricks_is_the_hand_end_in_other_games(name: str) -> None:
    rng = random.Random("to " + name)
    for _ in range(5):
        s = small_position(name, rng)
        assert hukm.best_line(s, to="all_tricks") == hukm.best_line(s)


def test_no_line_starts_at_the_trump_choice_or_the_bidding() -> None:
    s = hukm.Hokm().new_game(7)
    with pytest.raises(hukm.StateError, match="best_line cannot start here: .*phase trump"):
        hukm.best_line(s)
    with pytest.raises(hukm.StateError, match="best_line cannot start here: .*phase bid"):
        hukm.best_line(hukm.TwentyEight().new_game(1))
    with pytest.raises(hukm.StateError, match="cannot start here"):
        hukm.Solver(hukm.Hokm()).best_line(s, to="all_tricks")
    with pytest.raises(hukm.OptionError, match="bad to='tricks' for best_line; one of: hand_end, all_tricks"):
        hukm.best_line(s, to="tricks")
