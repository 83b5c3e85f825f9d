"""Graded answers (``hukm.solve`` without ``exact=True``): on positions small enough to
solve exactly, of every family, every proven bound contains the exact value (the
position's and each action's), whatever stopped the search; estimates lie within their
bounds; the grade is the one the bounds and estimates call for. Large positions get
bounds and estimates, never a refusal for size."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import hukm

FAMILIES = {
    "hokm": ["hokm4", "hokm3", "dehla_pakad", "double_sar", "court_piece", "dab_rang"],
    "twenty_eight": ["28", "56", "29"],
    "ganjifa": ["ganjifa"],
    "dugi": ["dugi"],
    "dashavatara": ["dashavatara"],
    "naqsh": ["naqsh"],
    "thunee": ["thunee4"],
}
"""Each family's presets whose positions the test draws from."""

PER_FAMILY = 500
"""Positions a family's soundness test checks (the issue's floor)."""

BUDGETS = (1, 3, 10, 30, 100, 300, 1000)
"""The node limits the graded solves are stopped at, in turn."""

CAP = 200_000
"""The most nodes an exact solve of a test position may take."""


def cards_a_hand(state: Any) -> int:
    return max(len(h.replace(".", "").replace("-", "")) for h in state.hands())


@functools.lru_cache(maxsize=None)
def positions(family: str) -> list[tuple[Any, Any]]:
    """:data:`PER_FAMILY` positions of ``family`` with their exact answers: seeded games
    played at random (a third of the time by the heuristic bot) to trick play of at most
    six cards a hand (Naqsh: any decision), every decision from there with at least two
    actions, the exact solve within :data:`CAP` nodes."""
    from hukm.bots import Heuristic

    out: list[tuple[Any, Any]] = []
    presets = FAMILIES[family]
    seed = 0
    while len(out) < PER_FAMILY:
        seed += 1
        assert seed < 40 * PER_FAMILY, f"{family}: too few positions ({len(out)})"
        preset = presets[seed % len(presets)]
        rng = random.Random(seed)
        state = hukm.game(preset).new_game(seed)
        bot = Heuristic(seed=seed)
        hand = state.observation(0).get("hand_number")
        while not state.is_terminal() and state.observation(0).get("hand_number") == hand:
            small = family == "naqsh" or cards_a_hand(state) <= 6
            if state.phase == "play" and small and len(state.legal_actions()) >= 2:
                try:
                    exact = hukm.solve(state, max_nodes=CAP, exact=True)
                except (hukm.StateError, hukm.SolverLimitError):
                    exact = None
                if exact is not None and exact.actions:
                    out.append((state.clone(), exact))
                    if len(out) == PER_FAMILY:
                        break
            legal = state.legal_actions()
            state.apply(bot.act(state) if rng.random() < 0.3 else rng.choice(legal))
    return out


def check(state: Any, exact: Any, got: Any, what: str) -> None:
    """``got`` (graded) against ``exact``: bounds contain, estimates inside, grades right."""
    lo, hi = got.bounds_of()
    assert lo <= exact.value <= hi, (what, got.bounds, exact.value)
    assert got.value == lo
    assert set(got.actions) == set(exact.actions), what
    for a, v in exact.actions.items():
        alo, ahi = got.bounds_of(a)
        assert alo <= v <= ahi, (what, a, (alo, ahi), v)
        assert got.actions[a] == alo
        e = got.estimate_of(a)
        if e is not None:
            assert alo <= e.value <= ahi and e.samples > 0 and e.spread >= 0, (what, a, e)
        want = "exact" if alo == ahi else ("estimate" if e is not None and ahi - alo > e.spread else "bounds")
        assert got.grade_of(a) == want, (what, a)
    every_exact = lo == hi and all(got.bounds_of(a)[0] == got.bounds_of(a)[1] for a in got.actions)
    assert got.exact == every_exact and (got.stopped is None) == every_exact, what
    if got.exact:
        assert (got.value, got.actions) == (exact.value, exact.actions), what
    # A card whose highest value is below another's lowest is never an exact best one.
    best = set(exact.best_actions())
    assert not best & set(got.proven_worse()), (what, got.proven_worse(), best)
    if got.estimate is not None:
        assert lo <= got.estimate.value.value <= hi


@pytest.mark.parametrize("family", list(FAMILIES))
def test_bounds_contain_the_exact_values(family: str) -> None:
    for k, (state, exact) in enumerate(positions(family)):
        budget = BUDGETS[k % len(BUDGETS)]
        estimate = k % 10 == 0
        what = f"{family} #{k} ({state.preset}, max_nodes={budget})"
        try:
            got = hukm.solve(state, max_nodes=budget, estimate=estimate)
        except hukm.SolverLimitError:
            # The games that answer exactly only (Thunee) may still raise their limit.
            assert not hukm.game(state.preset, **dict(state.options)).description.bounds, what
            continue
        check(state, exact, got, what)


@pytest.mark.parametrize("preset", ["ganjifa", "dashavatara", "dugi", "dehla_pakad", "56", "naqsh"])
def test_a_first_position_of_play_gets_a_grade(preset: str) -> None:
    """No refusal for size: the first position of trick play of a seeded deal gets bounds
    for the value and every action and, where they are not exact, an estimate of each."""
    state = hukm.game(preset).new_game(3)
    bot = __import__("hukm.bots", fromlist=["Heuristic"]).Heuristic(seed=3)
    while state.phase != "play":
        state.apply(bot.act(state))
    got = hukm.solve(state, timeout=0.5)
    assert got.grade in ("exact", "bounds", "estimate")
    assert set(got.action_bounds) == set(got.actions) == set(state.legal_actions())
    if not got.exact:
        assert got.estimate is not None and set(got.estimate.actions) == set(got.actions)
        # the value itself may be proven (its bounds met) while some action is not
        lo, hi = got.bounds_of()
        said = ("exact",) if lo == hi else ("about", "between", "wins about")
        assert got.stopped and got.text().startswith(said)
        assert got.estimate.chance == (preset == "dugi")


def test_a_yes_no_value_is_estimated_as_a_share_of_play_outs_won() -> None:
    """Dugi's value is 1 or 0 (the side wins the hand or not): its estimates are the
    shares of play-outs won, said as such in every language and on the review's costs;
    another game's estimates stay values ("about 8.4 (estimate)")."""
    from hukm.i18n import LANGUAGES, translator
    from hukm.svg.wording import estimated_cost, percent, solution_text

    for preset in ("dugi", "ganjifa"):
        state = hukm.game(preset).new_game(3)
        bot = __import__("hukm.bots", fromlist=["Heuristic"]).Heuristic(seed=3)
        while state.phase != "play":
            state.apply(bot.act(state))
        got = hukm.solve(state, timeout=0.3, threads=1)
        assert got.grade == "estimate" and got.estimate is not None
        dugi = preset == "dugi"
        assert got.estimate.chance == dugi
        e = got.estimate_of()
        assert e is not None
        for lang in LANGUAGES:
            tr = translator(lang)
            text = solution_text(tr, got)
            assert (percent(tr, e.value) in text) == dugi, (lang, text)
            assert tr.t("wins about {share} of play-outs (estimate)", share=percent(tr, e.value)) == text or not dugi
        assert got.text() == (f"wins about {round(100 * e.value)}% of play-outs (estimate)" if dugi
                              else f"about {e.value:.1f} (estimate)")
    assert estimated_cost(translator("ar"), 0.25, chance=True).startswith("نحو ٢٥٪")
    assert estimated_cost(translator("en"), 1.26) == "about 1.3 (estimate)"


def test_a_dugi_review_says_its_estimates_as_shares_of_play_outs_won() -> None:
    """A Dugi hand reviewed in a second: the chart's estimated values as shares of
    play-outs won, its text's estimated costs as shares lost."""
    import xml.etree.ElementTree as ET

    from hukm.bots import Heuristic
    from hukm.svg.chart import review_chart
    from hukm.svg.review_text import review_text

    state = hukm.game("dugi").new_game(4)
    bot = Heuristic(seed=4)
    while not state.is_terminal() and state.observation(0).get("hand_number") == 1:
        state.apply(bot.act(state))
    r = hukm.review(state.record(), budget=1.0, threads=1, lines=False)
    estimated = [d for d in r.decisions if d.grade == "estimate"]
    assert estimated and not r.skipped
    tips = [next(c for c in e.iter() if c.tag.endswith("title")).text or ""
            for e in ET.fromstring(review_chart(r)).iter() if e.get("class") == "point"]
    for d, tip in zip(r.decisions, tips):
        assert ("% of play-outs (estimate)" in tip) == (d.grade == "estimate"), tip
    costly = [d for d in estimated if d.cost]
    text = review_text(r)
    assert all(f"{round(100 * d.cost)}% fewer play-outs won (estimate)" in text for d in costly), text
