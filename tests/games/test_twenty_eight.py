"""Twenty-eight through the Python API: the worked examples of docs/rules/twenty_eight.md
§15, positions (``from_deal``) and their errors, options, and fuzzing of bad input
(every error a ``ValueError`` subclass, nothing changed, never a panic)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hukm


def example(deal: str, leader: int) -> hukm.State:
    """Examples 1-5: bidder seat 2, contract 19, trumps hearts under 8H."""
    return hukm.TwentyEight().from_deal(deal, bidder=2, leader=leader, indicator="8H", contract=19)


def test_example_1_bidders_lead_in_phase_1() -> None:
    s = example("AT..J9AT. KQ..KQ87. J9.A87..K 87.J9..J9", leader=2)
    assert s.legal_actions() == ["JS", "9S", "KC"]
    h = example("KQ7... ..J9A. .A87.. J9A...", leader=2)
    assert h.legal_actions() == ["AH", "7H"]


def test_example_2_a_concealed_trump_has_no_power() -> None:
    s = example("A...J9 K..JT. .87.Q. 8..7.K", leader=1)
    s.apply("KS")
    assert s.legal_actions() == ["7H", "QD", "call"]
    for a in ("7H", "8S", "AS"):
        s.apply(a)
    obs = s.observation(0)
    assert obs["points"] == [1, 0] and not obs["revealed"]
    assert obs["last_trick"] == [[1, "KS"], [2, "7H"], [3, "8S"], [0, "AS"]]


def test_example_3_call_must_trump_no_undertrump() -> None:
    s = example("TQ7...J87 AK.TQ..9Q J9.A87..K 8.J9.9AT.", leader=3)
    s.apply("9D")
    assert s.legal_actions() == ["TS", "QS", "7S", "JC", "8C", "7C", "call"]
    s.apply("call")
    assert s.observation(1)["trump"] == "H" and s.observation(1)["indicator"] == "8H"
    s.apply("7S")
    s.apply("TH")
    assert s.legal_actions() == ["JS", "9S", "AH", "KC"]
    s.apply("AH")
    assert s.observation(0)["points"] == [4, 0]


def test_example_4_a_discard_before_the_call_becomes_a_trump() -> None:
    s = example("9..T.8 A..J.J K.Q8.. .97.Q.", leader=1)
    for a in ("JC", "QH", "call"):
        s.apply(a)
    assert s.legal_actions() == ["9H", "7H"]
    s.apply("7H")
    s.apply("8C")
    assert s.observation(0)["points"] == [3, 0]


def test_example_5_trumps_led_by_an_opponent() -> None:
    s = example("A..7.9 T.J.A. J.8..K Q.9.J.", leader=1)
    s.apply("JH")
    assert s.legal_actions() == ["JS", "KC", "call"]
    c = s.clone()
    c.apply("call")
    assert c.legal_actions() == ["8H"]
    for a in ("KC", "9H", "AS"):
        s.apply(a)
    assert s.observation(0)["points"] == [0, 6]
    assert s.observation(2)["led_trump_by_other"]


def test_example_6_scoring_in_29() -> None:
    s = hukm.TwentyEight("29").from_deal("J... 9... A... T...", bidder=0, leader=0, trump="S", contract=18)
    for a in ("JS", "9S", "AS", "TS"):
        s.apply(a)
    assert s.is_terminal()
    assert s.observation(0)["last_result"]["points"] == [8, 0], "7 card points + the last trick"
    assert s.returns() == [8.0, 0.0, 8.0, 0.0]


def test_example_7_single_hand() -> None:
    s = hukm.TwentyEight(single_hand=True).new_game(3)
    while s.phase != "single":
        s.apply(s.legal_actions()[0])
    while s.current_player != 3:
        s.apply("pass")
    s.apply("single")
    assert s.observation(0)["soloist"] == 3 and s.observation(0)["trump"] is None
    s.apply(s.legal_actions()[0])
    assert s.current_player == 0
    s.apply(s.legal_actions()[0])
    assert s.current_player == 2, "seat 1, the partner, sits out"


def test_observation_hides_the_indicator() -> None:
    s = hukm.TwentyEight().new_game(5)
    for a in ("bid:16", "pass", "pass", "pass"):
        s.apply(a)
    bidder = s.current_player
    ind = s.legal_actions()[0]
    s.apply(ind)
    for p in range(4):
        o = s.observation(p)
        if p == bidder:
            assert o["indicator"] == ind.split(":")[1] and o["trump"] == ind[-1]
        else:
            assert o["indicator"] is None and o["trump"] is None
    seventh = hukm.TwentyEight(seventh_card=True).new_game(5)
    for a in ("bid:16", "pass", "pass", "pass", "seventh"):
        seventh.apply(a)
    assert all(seventh.observation(p)["indicator"] is None for p in range(4))


def test_every_preset_plays_a_match() -> None:
    for preset, n, total in (("28", 4, 28), ("29", 4, 29), ("28_wb", 4, 28), ("40", 6, 40), ("56", 6, 56)):
        g = hukm.TwentyEight(preset)
        assert g.num_players == n and g.total_points == total
        assert len(g.deal(1).split()) == n
        s = g.new_game(1)
        while not s.is_terminal():
            s.apply(s.legal_actions()[-1])
        assert len(s.returns()) == n


@pytest.mark.parametrize(
    "kwargs,word",
    [
        ({"trump": "H", "indicator": "8H"}, "exactly one"),
        ({}, "exactly one"),
        ({"indicator": "9H"}, "not in the hand"),
        ({"indicator": "ZZ"}, "indicator"),
        ({"trump": "X"}, "trump"),
        ({"trump": "H", "contract": 40}, "contract"),
    ],
)
def test_bad_positions_name_the_problem(kwargs: dict[str, Any], word: str) -> None:
    g = hukm.TwentyEight()
    with pytest.raises(ValueError, match=word):
        g.from_deal("J...8 .J.A. 9.8.. ..T.J", bidder=2, leader=1, **kwargs)


def test_bad_options() -> None:
    with pytest.raises(hukm.OptionError, match="28, 29, 28_wb, 40, 56"):
        hukm.TwentyEight("27")
    with pytest.raises(hukm.OptionError, match="own_card, spare"):
        hukm.TwentyEight(indicator="x")
    with pytest.raises(hukm.OptionError, match="not defined"):
        hukm.TwentyEight(pair_mode="scale")
    with pytest.raises(hukm.OptionError):
        hukm.TwentyEight(unknown=True)
    assert hukm.TwentyEight(doubling=True).given_options == {"doubling": "on"}
    assert hukm.TwentyEight(doubling=True).options["doubling"] == "on"
    assert hukm.TwentyEight().options["doubling"] == "off"


TEXT = st.text(alphabet="J9ATKQ873SHDCshdc.:- \t10+x", max_size=50)


@settings(max_examples=300, deadline=None)
@given(
    text=TEXT,
    preset=st.sampled_from(["28", "29", "28_wb", "40", "56"]),
    trump=st.sampled_from(["S", "h", "N", None, "X", ""]),
    indicator=st.sampled_from(["8H", "JS", "", None, "3S", "ZZ"]),
    bidder=st.integers(-2, 7),
    leader=st.integers(-2, 7),
    contract=st.one_of(st.none(), st.integers(-5, 80)),
)
def test_from_deal_fuzz(
    text: str, preset: str, trump: str | None, indicator: str | None, bidder: int, leader: int, contract: int | None
) -> None:
    g = hukm.TwentyEight(preset)
    try:
        g.from_deal(text, bidder, leader, trump=trump, indicator=indicator, contract=contract)
    except ValueError:
        pass


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), junk=st.lists(TEXT, max_size=6), steps=st.integers(0, 80))
def test_apply_junk(seed: int, junk: list[str], steps: int) -> None:
    state = hukm.TwentyEight(doubling=True, single_hand=True, seventh_card=True).new_game(seed)
    for i in range(steps):
        if state.is_terminal():
            break
        for j in junk:
            for prefix in ("", "bid:", "indicator:", "trump:"):
                s = state.clone()
                before = (str(s), s.history(), s.legal_actions())
                try:
                    s.apply(prefix + j)
                except hukm.IllegalActionError:
                    assert (str(s), s.history(), s.legal_actions()) == before
        legal = state.legal_actions()
        state.apply(legal[(seed + i) % len(legal)])
