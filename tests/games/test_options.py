"""Presets and named options (docs/rules/hokm.md §12): unknown options, bad values and bad presets
raise OptionError (a ValueError) listing what is valid; good ones are kept as strings."""

from __future__ import annotations

from typing import Any

import pytest

import hukm


@pytest.mark.parametrize("preset,players", [("hokm4", 4), ("hokm3", 3), ("hokm2", 2)])
def test_presets(preset: str, players: int) -> None:
    """Each preset has its seat count; the default is hokm4."""
    game = hukm.Hokm(preset=preset)
    assert game.preset == preset
    assert game.num_players == players
    assert isinstance(game.options, dict)
    assert hukm.Hokm().preset == "hokm4"


def test_bad_preset_lists_valid_ones() -> None:
    """An unknown preset names the valid presets."""
    with pytest.raises(hukm.OptionError) as info:
        hukm.Hokm(preset="hokm5")
    msg = str(info.value)
    assert isinstance(info.value, ValueError)
    for name in ("hokm4", "hokm3", "hokm2"):
        assert name in msg


def test_a_class_refuses_another_familys_preset() -> None:
    """Every game class refuses every preset of another family, naming its family."""
    from hukm._game import GameBase

    for cls in GameBase.CLASSES.values():
        for g in hukm.games():
            if g.family == cls.FAMILY:
                assert cls(g.name).preset == g.name
                continue
            with pytest.raises(hukm.OptionError) as info:
                cls(g.name)
            assert isinstance(info.value, ValueError)
            assert f"preset {g.name!r} belongs to {g.family}, not to {cls.__name__}" in str(info.value)
            assert cls.DEFAULT in str(info.value)


def test_unknown_option_lists_valid_ones() -> None:
    """An unknown option names itself and the valid option names."""
    with pytest.raises(hukm.OptionError) as info:
        hukm.Hokm(stop_rules="play_all")
    msg = str(info.value)
    assert "stop_rules" in msg
    for name in ("stop_rule", "deal_batches", "random_trump", "scoring", "target_points"):
        assert name in msg


@pytest.mark.parametrize(
    "key,value,valid",
    [
        ("stop_rule", "never", ["first_to_7", "kot_choice", "play_all"]),
        ("random_trump", "maybe", ["on", "off"]),
        ("redeal_no_court", "sometimes", ["off", "all13", "first5"]),
        ("partner_no_trump_redeal", "2", ["on", "off"]),
        ("scoring", "bridge", ["hokm", "netherlands", "kots"]),
        ("deal_batches", "4-4-5", ["5-4-4", "5-3-3-2"]),
        ("deal_batches", "5-4-3", ["5-4-4"]),  # sums to 12
        ("removed_two", "AS", ["2C", "2D", "2H", "2S"]),  # card codes keep their case
        ("target_points", "x", []),
        ("target_points", "0", []),
    ],
)
def test_bad_value_lists_valid_ones(key: str, value: str, valid: list[str]) -> None:
    """A bad value names the option, the value and the valid values."""
    with pytest.raises(hukm.OptionError) as info:
        hukm.Hokm(**{key: value})
    msg = str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, hukm.HukmError)
    assert key in msg and value in msg, msg
    for v in valid:
        assert v in msg, msg


@pytest.mark.parametrize(
    "options,shown",
    [
        ({"stop_rule": "play_all"}, {"stop_rule": "play_all"}),
        ({"random_trump": True}, {"random_trump": "on"}),
        ({"random_trump": "true"}, {"random_trump": "on"}),
        ({"random_trump": False}, {"random_trump": "off"}),
        ({"deal_batches": "5-3-3-2"}, {"deal_batches": "5-3-3-2"}),
        ({"target_points": 3}, {"target_points": "3"}),
    ],
)
def test_good_options_are_kept(options: dict[str, Any], shown: dict[str, str]) -> None:
    """Accepted options appear in ``game.options`` as strings; booleans map to on/off."""
    game = hukm.Hokm(**options)
    for k, v in shown.items():
        assert game.options.get(k) == v, game.options


def test_removed_two_changes_the_hokm3_pack() -> None:
    """hokm3 with removed_two=2D: 2D may not appear in a deal, 2C may."""
    game = hukm.Hokm("hokm3", removed_two="2D")
    game.from_deal("...2 AK... .AK..".replace("...2", "..A.2"), trump="S", leader=0)
    with pytest.raises(hukm.NotationError):
        game.from_deal("..2.A AK... .AK..", trump="S", leader=0)


def test_deal_batches_changes_only_the_deal() -> None:
    """5-3-3-2 gives the Hakem five cards before the call and 13 each after it."""
    state = hukm.Hokm(deal_batches="5-3-3-2").new_game(seed=11)
    hakem = state.current_player
    first5 = state.observation(hakem)["hand"]
    assert len(first5) == 5 and len(set(first5)) == 5
    state.apply(state.legal_actions()[0])
    for p in range(4):
        hand = state.observation(p)["hand"]
        assert len(hand) == 13 and len(set(hand)) == 13
        if p == hakem:
            assert set(first5) <= set(hand)


def test_target_points_ends_the_match_sooner() -> None:
    """target_points=1: the first hand decides the match."""
    import random

    rng = random.Random(3)
    state = hukm.Hokm(target_points=1).new_game(seed=3)
    hands_started = 0
    while not state.is_terminal():
        if state.phase == "trump":
            hands_started += 1
        state.apply(rng.choice(state.legal_actions()))
    assert max(state.returns()) >= 1
    assert hands_started >= 1


@pytest.mark.parametrize("name", [g.name for g in hukm.games()])
def test_options_show_every_value_in_effect(name: str) -> None:
    """``game.options`` holds every option of the preset with the value in effect: the
    preset's default where it has one; ``given_options`` holds only what was given."""
    game = hukm.game(name)
    options = game.options
    assert game.given_options == {}
    for key, _kind, _accepts, default in hukm._core.option_info(name):
        if key == "points_bavney":  # unset, a Bavney scores as a kot: no single number
            assert key not in options
            continue
        assert key in options, key
        if default is not None:
            assert options[key] == default, key
    assert set(options) <= {row[0] for row in hukm._core.option_info(name)}
    assert list(options) == sorted(options)


def test_options_given_derived_and_defaults() -> None:
    o = hukm.Hokm().options
    assert (o["stop_rule"], o["players"], o["target_points"], o["random_trump"]) == ("first_to_7", "4", "7", "off")
    g = hukm.Hokm("court_piece", stop_rule="play_all", random_trump=True)
    assert g.options["stop_rule"] == "play_all" and g.options["random_trump"] == "on"
    assert g.options["scoring"] == "kots"  # the preset's own default
    assert g.given_options == {"stop_rule": "play_all", "random_trump": "on"}
    assert repr(g) == "hukm.Hokm('court_piece', random_trump='on', stop_rule='play_all')"
    nl = hukm.Hokm(scoring="netherlands", stop_rule="kot_choice", points_bavney=9).options
    assert (nl["target_points"], nl["points_bavney"]) == ("21", "9")
    assert hukm.Hokm("hokm3").options["players"] == "3"
    assert hukm.TwentyEight("29").options["last_trick_bonus"] == "on"
    assert hukm.TwentyEight("28").options["last_trick_bonus"] == "off"
    assert (hukm.TwentyEight("56").options["min_bid"], hukm.TwentyEight("56").options["max_bid"]) == ("28", "56")
    assert hukm.TwentyEight("40").options["target_score"] == "10"
    assert hukm.Naqsh(players=3).options["hands"] == "3"
    assert hukm.Ganjifa(lead_rules="wilkins").options["end_phase"] == "off"
    assert hukm.Ganjifa(lead_rules="mcleod").options["end_phase"] == "on"
    # the same game given its defaults explicitly is equal, and hashes alike
    assert hukm.Hokm(stop_rule="first_to_7") == hukm.Hokm()
    assert hash(hukm.Hokm(stop_rule="first_to_7")) == hash(hukm.Hokm())
    assert hukm.Hokm(stop_rule="play_all") != hukm.Hokm()
