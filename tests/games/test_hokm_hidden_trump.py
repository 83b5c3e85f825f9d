"""Hidden and late trumps of the Court Piece family, from reproductions of review findings
(docs/rules/hokm.md §5.5, §5.6, §6.5, §7.3, §7.6, §12.1, §13.4).

The battery's ``TrumpWatch`` (``tests/games/test_battery_hokm.py``) checks the same rules at every
step of random matches of every preset with a hidden or late trump."""

from __future__ import annotations

import pytest

import hukm

DAB_OPENING = "bid:7 pass pass pass indicator:3H KS AS JS QS TS 2S 8S 5S 9S TD 7S TH".split()


def dab_after_void_discard() -> hukm.State:
    """Dab Rang, seed 0 (dealer seat 2): seat 3 is the boss with hearts hidden; in the third
    trick seat 1, an opponent with no spade, discards TD without calling."""
    state = hukm.Hokm("dab_rang").new_game(0)
    for action in DAB_OPENING:
        state.apply(action)
    return state


def test_dab_rang_void_discard_before_the_cut_changes_nothing() -> None:
    """A discard by a void player who does not call neither fixes trumps nor opens the heap."""
    state = dab_after_void_discard()
    boss = state.observation(3)
    assert boss["boss"] == 3 and boss["trump_hidden"] is True
    assert boss["trump"] == "H"  # the boss sees his indicator's suit
    assert [state.observation(p)["trump"] for p in (0, 1, 2)] == [None, None, None]
    # no collection before the cut (§7.6 trump gate, §13.4): three tricks in the heap
    assert boss["collected"] == [0, 0]
    assert boss["heap"] == 3
    # the third trick went to the highest spade (trump-suit cards have no power, §7.3)
    assert boss["tricks"][2]["winner"] == 0


def test_dab_rang_cut_call_reveals_the_indicators_suit() -> None:
    """The caller of a cut must play a card of the boss's trump suit (§6.5)."""
    state = dab_after_void_discard()
    for action in "6S KH 3S 5H 4S 8H".split():
        state.apply(action)
    assert state.current_player == 2
    assert "call" in state.legal_actions()
    state.apply("call")
    assert [state.observation(p)["trump"] for p in range(4)] == ["H"] * 4
    assert state.legal_actions() == ["JH", "9H"]
    assert state.observation(2)["trump_hidden"] is False


def dehla_first_two_tricks(**options: object) -> dict[str, object]:
    """Dehla Pakad with ``trump_mode=first_void_5``: seat 0 fixes hearts and wins tricks 1, 2."""
    state = hukm.Hokm("dehla_pakad", trump_mode="first_void_5", **options).new_game(0)
    for action in "QC 2H KC 4C 9D 4D 7D 3D".split():
        state.apply(action)
    obs = state.observation(0)
    assert obs["trump"] == "H"
    assert [t["winner"] for t in obs["tricks"]] == [0, 0]
    return obs


def test_dehla_trump_gate_implies_first_collect_min_2() -> None:
    """§12.1 / §7.6: presets using a trump gate set first_collect_min=2; the option is implied."""
    obs = dehla_first_two_tricks()
    assert obs["collected"] == [2, 0] and obs["heap"] == 0
    assert hukm.Hokm("dehla_pakad", trump_mode="first_void_5").options["first_collect_min"] == "2"


def test_dehla_explicit_first_collect_min_wins() -> None:
    """A value the user gives is kept."""
    obs = dehla_first_two_tricks(first_collect_min=3)
    assert obs["collected"] == [0, 0] and obs["heap"] == 2
    assert hukm.Hokm("dehla_pakad", trump_mode="first_void_5", first_collect_min=3).options[
        "first_collect_min"
    ] == "3"


@pytest.mark.parametrize(
    "preset,options",
    [
        ("dehla_pakad", {"trump_mode": "first_void_13"}),
        ("double_sar", {"trump_mode": "hidden_call"}),
        ("double_sar", {"trump_mode": "first_void_5"}),
    ],
)
def test_every_gated_heap_preset_shows_the_implied_setting(preset: str, options: dict[str, str]) -> None:
    assert hukm.Hokm(preset, **options).options["first_collect_min"] == "2"


@pytest.mark.parametrize("preset", ["hokm4", "court_piece", "dehla_pakad", "double_sar"])
def test_no_gate_no_implied_setting(preset: str) -> None:
    # given_options: what was given and what it implies; options: the values in effect
    assert "first_collect_min" not in hukm.Hokm(preset).given_options
    assert hukm.Hokm(preset).options["first_collect_min"] == "3"
    assert "first_collect_min" not in hukm.Hokm("court_piece", trump_mode="hidden_call").given_options
