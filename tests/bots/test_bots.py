"""The bot framework: bots by name, options, play_match and its statistics,
the ``hukm play`` and ``hukm match`` commands."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest

import hukm
from hukm.bots import PIMC, Heuristic, Random, by_name
from hukm.match import HandResult, MatchResult, derive_seed


def test_bots_by_name() -> None:
    assert isinstance(by_name("random"), Random)
    assert isinstance(by_name("Heuristic"), Heuristic)
    assert by_name("pimc").samples == 20
    assert by_name("pimc:7").samples == 7
    for bad in ("pimc:0", "pimc:x", "alpha", "random:3"):
        with pytest.raises(ValueError, match="bot"):
            by_name(bad)


@pytest.mark.parametrize("kw", [{"samples": 0}, {"samples": 2.5}, {"samples": True},
                                {"max_nodes": 0}, {"max_cards": -1}])
def test_pimc_rejects_bad_options(kw: dict) -> None:
    with pytest.raises(ValueError):
        PIMC(**kw)


def test_bots_refuse_terminal_states() -> None:
    s = hukm.Hokm().from_deal("A... K... Q... J...", trump=None, leader=0)
    for a in ("AS", "KS", "QS", "JS"):
        s.apply(a)
    assert s.is_terminal()
    for bot in (Random(0), Heuristic(0), PIMC(2, 0)):
        with pytest.raises(hukm.StateError):
            bot.act(s)


def test_user_bot_in_a_match() -> None:
    class Lowest:
        name = "lowest"

        def act(self, state: hukm.State) -> str:
            return state.legal_actions()[-1]

    r = hukm.play_match(hukm.Hokm(), [Lowest(), Random(1), Lowest(), Random(2)], hands=3, seed=5, threads=1)
    assert r.bots == ("lowest", "random", "lowest", "random")
    assert len(r.hands) == 3
    # Partners score alike in a partnership game.
    for h in r.hands:
        assert h.points[0] == h.points[2] and h.points[1] == h.points[3]


def test_play_match_validates() -> None:
    g = hukm.Hokm()
    with pytest.raises(ValueError, match="bots"):
        hukm.play_match(g, [Random()] * 3, hands=1)
    with pytest.raises(ValueError, match="hands"):
        hukm.play_match(g, [Random()] * 4, hands=-1)
    with pytest.raises(ValueError, match="threads"):
        hukm.play_match(g, [Random()] * 4, hands=1, threads=0)
    with pytest.raises(ValueError, match="not a bot"):
        hukm.play_match(g, [Random(), Random(), Random(), object()], hands=1)  # type: ignore[list-item]


def test_same_seed_same_match_on_any_threads() -> None:
    g = hukm.TwentyEight()
    bots = [Heuristic(1), Random(2), Heuristic(3), Random(4)]
    a = hukm.play_match(g, bots, hands=6, seed=11, threads=1, rotate=True)
    b = hukm.play_match(g, bots, hands=6, seed=11, threads=2, rotate=True)
    c = hukm.play_match(g, bots, hands=6, seed=12, threads=1, rotate=True)
    assert a == b
    assert a.hands != c.hands


_SAME_EVERY_RUN = """
import hashlib, hukm
from hukm.bots import Heuristic
out = []
for name in ("hokm4", "hokm3", "court_piece", "double_sar", "dugi"):
    game = hukm.game(name)
    state = game.new_game(seed=1)
    bots = [Heuristic(seed=i) for i in range(game.num_players)]
    for _ in range(300):
        if state.is_terminal():
            break
        state.apply(bots[state.current_player].act(state))
    out.append(hashlib.sha256(" ".join(state.history()).encode()).hexdigest())
print(out)
"""


def test_seeded_bots_play_the_same_in_every_process() -> None:
    """Seeded bots choose the same actions whatever Python's string hashing (a tie
    broken by the order of a set once made them differ from run to run)."""
    runs = {
        subprocess.run([sys.executable, "-c", _SAME_EVERY_RUN], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout
        for h in (1, 2, 3, 4)
    }
    assert len(runs) == 1, runs


def test_rotation_seats_every_bot_everywhere() -> None:
    r = hukm.play_match(hukm.Dashavatara(), [Heuristic(), Random(), Random()], hands=6, seed=2, rotate=True)
    assert [h.deal for h in r.hands] == [0, 0, 0, 1, 1, 1]
    assert {h.seats.index(0) for h in r.hands[:3]} == {0, 1, 2}
    # The same deal under each seating.
    assert len({h.seed for h in r.hands[:3]}) == 1


def test_rotation_skips_repeated_seatings() -> None:
    p, q = Heuristic(1), Random(2)
    r = hukm.play_match(hukm.Hokm(), [p, q, p, q], hands=4, seed=2, rotate=True)
    # Partners: rotating by two seats repeats the seating, so two per deal.
    assert [h.deal for h in r.hands] == [0, 0, 1, 1]
    assert [h.seats for h in r.hands[:2]] == [(0, 1, 2, 3), (3, 0, 1, 2)]


def _result(points: list[tuple[float, float]]) -> MatchResult:
    hands = tuple(HandResult(i, i, i, (0, 1), p, 1) for i, p in enumerate(points))
    return MatchResult("hokm", ("a", "b"), hands)


def test_statistics() -> None:
    r = _result([(1, 0)] * 30 + [(0, 1)] * 10 + [(0, 0)] * 10)
    assert r.points == [30, 10]
    assert r.win_rate(0, 1) == pytest.approx((30 + 5) / 50)
    lo, hi = r.win_interval(0, 1)
    # Wilson interval for 35/50 at 95%: [0.5617, 0.8091].
    assert lo == pytest.approx(0.5617, abs=1e-3) and hi == pytest.approx(0.8091, abs=1e-3)
    m = r.mean(0)
    lo, hi = r.interval(0)
    sd = math.sqrt(sum((x - m) ** 2 for x in [1] * 30 + [0] * 20) / 49)
    assert hi - m == pytest.approx(1.959964 * sd / math.sqrt(50), rel=1e-5)
    with pytest.raises(ValueError):
        r.win_rate(0, 2)
    with pytest.raises(ValueError):
        r.interval(0, confidence=0.5)
    assert "95%" in r.summary()


def test_derive_seed_is_stable_and_spread() -> None:
    assert derive_seed(1, 2) == derive_seed(1, 2)
    assert len({derive_seed(0, i) for i in range(1000)}) == 1000
    assert all(0 <= derive_seed(7, i, j) < 2**63 for i in range(10) for j in range(3))


def _cli(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hukm.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=600)


def test_cli_match_prints_statistics_and_progress() -> None:
    r = _cli(["match", "hokm", "--bots", "heuristic,random", "--hands", "8", "--seed", "3"])
    assert r.returncode == 0, r.stderr
    assert "8 hands" in r.stdout and "heuristic" in r.stdout and "95%" in r.stdout
    assert "beats random" in r.stdout
    assert "8/8 hands" in r.stderr  # the progress bar, on stderr only
    bad = _cli(["match", "hokm", "--bots", "heuristic,random,random,random,random"])
    assert bad.returncode == 2 and "5 bots" in bad.stderr


@pytest.mark.parametrize("game", ["hokm", "28", "dashavatara"])
def test_cli_play_a_hand_against_bots(game: str) -> None:
    # The human always plays his first legal move; the review follows the hand.
    r = _cli(["play", game, "--bots", "random", "--hands", "1", "--seed", "4"], stdin="1\n" * 400)
    assert r.returncode == 0, r.stderr
    assert "(you):" in r.stdout and "legal:" in r.stdout  # the table drawn for the human
    # the hand's result in words, then the match's count
    over = r.stdout.split("\nhand over: ", 1)[1].splitlines()
    assert over[0] and ":" in over[1], over[:2]


def test_cli_play_quits_and_rejects_illegal_input() -> None:
    r = _cli(["play", "hokm", "--bots", "random", "--seed", "1", "--seat", "1"], stdin="ZZ\n99\nq\n")
    assert r.returncode == 0
    assert "'ZZ' is not legal here" in r.stdout and "bye" in r.stdout


def test_cli_play_review_values_the_humans_cards() -> None:
    r = _cli(["play", "hokm", "--bots", "heuristic", "--hands", "1", "--seed", "2"], stdin="1\n" * 400)
    assert r.returncode == 0, r.stderr
    review = r.stdout.split("review of your cards", 1)[1]
    # Each card of the human (a hand lasts at least 7 tricks) valued against the best.
    lines = [line for line in review.splitlines() if " value " in line]
    assert 7 <= len(lines) <= 13
    for line in lines:
        card, _, value, of, best = line.split()[:5]
        assert len(card) == 2 and of == "of" and int(value) <= int(best.rstrip(":"))


@pytest.mark.parametrize("game", ["ganjifa", "dugi"])
def test_timeout_stops_ganjifa_and_dugi_searches(game: str) -> None:
    # A whole fresh hand is far beyond exact search: the time limit must stop it.
    import time

    g = hukm.Ganjifa() if game == "ganjifa" else hukm.Dugi()
    state = g.new_game(seed=1)
    h = Heuristic(0)
    while state.phase != "play" or (game == "ganjifa" and state.observation(0).get("step") != "lead"):
        state.apply(h.act(state))
    if game == "ganjifa":
        # A whole hand, asked for the best grade in the time given: bounds and estimates.
        t0 = time.monotonic()
        graded = hukm.solve(state, timeout=0.3)
        assert time.monotonic() - t0 < 30
        assert graded.grade == "estimate" and graded.stopped is not None
        # Sixteen random cards a hand: beyond exact search in the time given.
        import random

        cards = hukm.pack_cards("moghul")
        random.Random(4).shuffle(cards)
        deal = " ".join(hukm.format_hand(cards[16 * i : 16 * (i + 1)], "moghul") for i in range(3))
        state = g.from_deal(deal, leader=0)
    t0 = time.monotonic()
    with pytest.raises(hukm.SolverLimitError, match="time limit"):
        hukm.solve(state, timeout=0.3, exact=True)
    assert time.monotonic() - t0 < 30
