"""Bots for Hokm and the Court Piece / Rang family: sampling (determinize),
the heuristic, PIMC and matches, over every preset."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hukm
from hukm.bots import PIMC, Heuristic, Random
from hukm.games.hokm import bot as _hokm

PRESETS = [
    "hokm4",
    "hokm3",
    "hokm2",
    "court_piece",
    "single_sar",
    "double_sar",
    "dummy_rang",
    "dab_rang",
    "satat",
    "trup_kasiet",
    "dehla_pakad",
    "be_ranga",
]
OPTIONS: dict[str, dict[str, Any]] = {
    "hokm4": {"random_trump": True, "partner_no_trump_redeal": True},
    "court_piece": {"kot_choice_partners_view": True, "thaap": True},
    "satat": {"satat_signals": True},
}
SUITS = "SHDC"


def cards(value: Any) -> set[str]:
    """Cards of a compact hand (``AK.T9..5``), a ``+`` list or a list of cards."""
    if not value:
        return set()
    if isinstance(value, list):
        return {str(c) for c in value}
    if "+" in value or (len(value) == 2 and "." not in value):
        return {c for c in value.split("+") if c}
    return set(hukm.parse_hand(value))


def trick_cards(obs: dict[str, Any]) -> list[str]:
    """The cards of the trick in progress ([seat, card] pairs in play order)."""
    return [c for _, c in obs["trick"]]


def seat_of(obs: dict[str, Any]) -> int:
    return obs.get("seat", obs["player"])


def random_state(preset: str, seed: int, steps: int) -> Any:
    """A state reached by ``steps`` random actions from a new match."""
    game = hukm.Hokm(preset, **OPTIONS.get(preset, {}))
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def shown_voids(obs: dict[str, Any], n: int, satat: bool) -> list[tuple[int, set[str]]]:
    """(seat, cards it cannot hold) read from the observation's tricks: a seat
    that did not follow the suit led (Satat: other than with the 2H, after a
    lead other than the 2H) holds none of that suit (Satat: but the 2H)."""
    tricks = [(t["leader"], t["cards"]) for t in obs["tricks"]]
    if obs["trick"]:
        assert [s for s, _ in obs["trick"]] == [(obs["leader"] + i) % n for i in range(len(obs["trick"]))]
        tricks.append((obs["leader"], trick_cards(obs)))
    out = []
    for leader, played in tricks:
        led = played[0]
        if satat and led == "2H":
            continue
        suit = {r + led[1] for r in "AKQJT98765432"} - ({"2H"} if satat else set())
        for i, c in enumerate(played[1:], start=1):
            if c[1] != led[1] and not (satat and c == "2H"):
                out.append(((leader + i) % n, suit))
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 160),
    who=st.integers(0, 3),
    sample_seed=st.integers(0, 2**63 - 1),
)
def test_samples_never_contradict_what_the_player_saw(
    preset: str, seed: int, steps: int, who: int, sample_seed: int
) -> None:
    state = random_state(preset, seed, steps)
    player = who % state.num_players
    det = state.determinize(player, sample_seed)
    obs = state.observation(player)
    assert det.observation(player) == obs
    real, fake = state.hands(), det.hands()
    assert [len(h) for h in map(cards, fake)] == [len(h) for h in map(cards, real)]
    gone = cards(obs["played"]) | set(trick_cards(obs))
    seen: set[str] = set()
    for h in map(cards, fake):
        assert not (h & seen) and not (h & gone)
        seen |= h
    n = len(real)
    extra_places = preset == "hokm2" or obs.get("trump_hidden")
    if not extra_places:
        assert seen == set().union(*map(cards, real))
    if state.phase not in ("trump", "auction"):
        seat = seat_of(obs)
        assert cards(fake[seat]) == cards(real[seat])
    for q, suit in shown_voids(obs, n, preset in ("satat", "trup_kasiet")):
        # Only a card the player knows (an indicator turned up) may break a void.
        assert cards(fake[q]) & suit == cards(real[q]) & suit
    again = state.determinize(player, sample_seed)
    assert again.hands() == fake and str(again) == str(det)


@pytest.mark.parametrize("preset", PRESETS)
def test_samples_play_on_and_solve(preset: str) -> None:
    """A sample is a valid state: random play goes on to the hand's end and
    the solver accepts it in trick play."""
    for seed in range(3):
        state = random_state(preset, seed, 20 + 7 * seed)
        if state.is_terminal():
            continue
        det = state.determinize(state.current_player, seed)
        key = _hokm.hand_key(det)
        rng = random.Random(seed)
        while not det.is_terminal() and _hokm.hand_key(det) == key:
            if _hokm.dd_ready(det, 4):
                sol = hukm.solve(det)
                assert set(sol.actions) <= set(det.legal_actions())
            det.apply(rng.choice(det.legal_actions()))


def test_concealed_trump_is_resampled_for_others_only() -> None:
    game = hukm.Hokm("trup_kasiet")
    state = game.new_game(seed=5)
    while state.phase != "play":
        state.apply(Heuristic(0).act(state))
    hakem = state.observation(0)["hakem"]
    other = (hakem + 1) % 4
    trumps = {str(state.determinize(other, k)).splitlines()[0] for k in range(30)}
    assert len(trumps) > 1
    own = {str(state.determinize(hakem, k)).splitlines()[0] for k in range(10)}
    assert own == {str(state).splitlines()[0]}


def play_hand(state: Any, bots: list[Any]) -> int:
    """Plays the hand to its end; every action must be legal. Returns the
    number of actions."""
    key = _hokm.hand_key(state)
    steps = 0
    while not state.is_terminal() and _hokm.hand_key(state) == key:
        legal = state.legal_actions()
        action = bots[state.current_player].act(state)
        assert action in legal, (action, legal)
        state.apply(action)
        steps += 1
    return steps


@pytest.mark.parametrize("preset", PRESETS)
def test_bots_play_only_legal_actions(preset: str) -> None:
    game = hukm.Hokm(preset, **OPTIONS.get(preset, {}))
    n = game.new_game(seed=0).num_players
    for seed in range(2):
        state = game.new_game(seed=seed)
        bots: list[Any] = [Heuristic(seed), Random(seed), PIMC(2, seed, max_cards=4), Heuristic(9)]
        assert play_hand(state, bots[:n]) > 0
    for seed in range(2, 8):
        # Longer matches reach kots, Satat's passing and later hands.
        state = game.new_game(seed=seed)
        h = [Heuristic(seed + k) for k in range(n)]
        for _ in range(3):
            if state.is_terminal():
                break
            play_hand(state, h)


def test_pimc_plays_whole_hokm4_hands() -> None:
    state = hukm.Hokm().new_game(seed=11)
    bots = [PIMC(3, seed=k, max_cards=8) for k in range(4)]
    play_hand(state, bots)


def test_pimc_trump_call_by_sampling() -> None:
    state = hukm.Hokm().new_game(seed=3)
    bot = PIMC(8, seed=1)
    action = _hokm.pimc_decision(state, bot)
    assert action in state.legal_actions() and action.startswith("trump:")
    # A Hakem holding four spades with the ace and king names spades.
    for seed in range(2000):
        s = hukm.Hokm().new_game(seed=seed)
        hand = cards(s.observation(s.current_player)["hand"])
        if {"AS", "KS"} <= hand and sum(c[1] == "S" for c in hand) >= 4:
            assert _hokm.pimc_decision(s, PIMC(16, seed=2)) == "trump:S"
            assert Heuristic(0).act(s) == "trump:S"
            break
    else:
        pytest.fail("no such deal found")
    assert _hokm.pimc_decision(hukm.Hokm("double_sar").new_game(seed=1), bot) is None


def test_pimc_plays_a_best_average_card() -> None:
    state = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    scores = PIMC(4, seed=0).evaluate(state)
    assert set(scores) == set(state.legal_actions())
    assert scores[PIMC(4, seed=0).act(state)] == max(scores.values())
    # Three tricks left and none won: no side can reach seven, so every sample
    # scores the lost hand (-1) plus a small weight per trick taken.
    assert all(-1 <= v <= -1 + 3 * _hokm._TRICK_WEIGHT for v in scores.values())


def test_pimc_scores_samples_by_the_hand_points() -> None:
    # Six tricks each: the last trick decides the hand.
    state = hukm.Hokm().from_deal("A... K... Q... J...", trump="H", leader=0, tricks_won=[6, 6])
    score = _hokm.sample_score(state, 0)
    assert score is not None
    assert score(1) == pytest.approx(1 + _hokm._TRICK_WEIGHT)
    assert score(0) == pytest.approx(-1)
    # Seven-nil against the Hakem's side is the Hakem koti (3 points).
    state = hukm.Hokm().from_deal("A2... K3... Q4... J5...", trump="H", leader=0, tricks_won=[0, 6])
    score = _hokm.sample_score(state, 1)
    assert score is not None and score(2) == pytest.approx(3 + 2 * _hokm._TRICK_WEIGHT)
    assert _hokm.sample_score(state, 0)(0) == pytest.approx(-3)  # type: ignore[misc]
    assert _hokm.sample_score(hukm.Hokm("court_piece").new_game(seed=0), 0) is None


HEURISTIC_CASES = [
    # (deal, trump, leader, cards played, expected card, why)
    ("A.2.. .AK.. 5.3.. Q.4..", "S", 0, ["AS"], "KH", "void, cannot win: the lower card"),
    ("2.K.. 3.A.. .Q..2 4.J..", "C", 0, ["2S", "3S"], "2C", "void, opponent winning: ruff"),
    ("K.2.. A.3.. Q4... J.5..", "H", 0, ["KS", "AS"], "4S", "cannot beat the ace: lowest"),
    ("A2... K.3.. Q.4.. J.5..", "H", 1, ["KS", "QS", "JS"], "AS", "fourth hand wins"),
    ("5.2.. K.3.. A.4.. 72...", "D", 1, ["KS", "AS"], "2S", "cannot beat: lowest"),
]


@pytest.mark.parametrize("deal,trump,leader,plays,expected,why", HEURISTIC_CASES)
def test_heuristic_choices(
    deal: str, trump: str, leader: int, plays: list[str], expected: str, why: str
) -> None:
    state = hukm.Hokm().from_deal(deal, trump=trump, leader=leader)
    for card in plays:
        state.apply(card)
    assert Heuristic(0).act(state) == expected, why


def test_heuristic_does_not_overtake_a_winning_partner() -> None:
    # Seat 0 leads the ace; seat 1 follows low; seat 2 keeps its king.
    state = hukm.Hokm().from_deal("A2... 3.K.. K4... Q.5..", trump="C", leader=0)
    state.apply("AS")
    state.apply("3S")
    assert Heuristic(0).act(state) == "4S"


def test_hand_key_ignores_redeals() -> None:
    game = hukm.Hokm(redeal_no_court="first5")
    for seed in range(300):
        state = game.new_game(seed=seed)
        if "redeal" in state.legal_actions():
            key = _hokm.hand_key(state)
            state.apply("redeal")
            assert _hokm.hand_key(state) == key
            break
    else:
        pytest.fail("no first-five redeal found")


def test_same_seed_same_match() -> None:
    game = hukm.Hokm()
    bots = [Heuristic(1), PIMC(2, 2, max_cards=3), Random(3), Heuristic(4)]
    a = hukm.play_match(game, bots, hands=4, seed=8, threads=2)
    b = hukm.play_match(game, bots, hands=4, seed=8, threads=1)
    assert a.hands == b.hands


def test_heuristic_beats_random() -> None:
    r = hukm.play_match(
        hukm.Hokm(), [Heuristic(1), Random(2), Heuristic(3), Random(4)], hands=40, seed=5, rotate=True
    )
    assert r.mean(0) > r.mean(1) + 0.5
    r3 = hukm.play_match(hukm.Hokm("hokm3"), [Heuristic(1), Random(2), Random(3)], hands=30, seed=5, rotate=True)
    assert r3.mean(0) > r3.mean(1) + 0.2


def test_dd_ready_waits_for_the_rest_of_a_first_void_deal() -> None:
    game = hukm.Hokm("dehla_pakad", trump_mode="first_void_5", first_collect_min=2)
    state = game.new_game(seed=2)
    assert state.phase == "play" and not _hokm.dd_ready(state, 13)
    rng = random.Random(0)
    while state.observation(0)["trump"] is None:
        state.apply(rng.choice(state.legal_actions()))
    while state.observation(0)["trick"]:
        state.apply(rng.choice(state.legal_actions()))
    assert _hokm.dd_ready(state, 13)
    assert not _hokm.dd_ready(state, 3)
    hand = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    assert _hokm.dd_ready(hand, None) and not _hokm.dd_ready(hand, 2)


def test_satat_passes_stay_where_the_giver_put_them() -> None:
    """After Satat's passing, a giver's samples keep his cards in the
    receiver's hand."""
    game = hukm.Hokm("satat")
    checked = 0
    for seed in range(40):
        state = game.new_game(seed=seed)
        bots = [Heuristic(seed + k) for k in range(4)]
        gives: dict[int, set[str]] = {}
        while not state.is_terminal() and checked < 3 and state.observation(0)["hand_number"] <= 6:
            if state.phase == "give":
                p = state.current_player
                action = bots[p].act(state)
                gives[p] = cards(action.split(":", 1)[1])
                state.apply(action)
                if state.phase != "give":
                    real = [cards(h) for h in state.hands()]
                    for giver, given in gives.items():
                        receiver = next(r for r in range(4) if given <= real[r])
                        for k in range(5):
                            fake = state.determinize(giver, k).hands()
                            assert given <= cards(fake[receiver])
                    checked += 1
                    gives = {}
                continue
            state.apply(bots[state.current_player].act(state))
        if checked >= 3:
            break
    assert checked > 0
