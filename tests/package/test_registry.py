"""The registry: every game and preset of the rules files by name, built the same way,
played to the end, pickled, compared and described alike."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import hukm

PRESETS = {
    "hokm": [
        "hokm4", "hokm3", "hokm2", "court_piece", "single_sar", "double_sar", "dummy_rang",
        "dab_rang", "satat", "trup_kasiet", "dehla_pakad", "be_ranga",
    ],
    "twenty_eight": ["28", "29", "28_wb", "40", "56"],
    "ganjifa": ["ganjifa"],
    "dugi": ["dugi"],
    "dashavatara": ["dashavatara"],
    "naqsh": ["naqsh"],
    "thunee": ["thunee4", "thunee4_plain", "thunee4_app", "thunee2", "thunee6"],
}
NAMES = [n for names in PRESETS.values() for n in names]
CLASSES = {
    "hokm": hukm.Hokm,
    "twenty_eight": hukm.TwentyEight,
    "ganjifa": hukm.Ganjifa,
    "dugi": hukm.Dugi,
    "dashavatara": hukm.Dashavatara,
    "naqsh": hukm.Naqsh,
    "thunee": hukm.Thunee,
}


def test_games_lists_every_game_and_preset() -> None:
    """Hokm 3 + Court Piece 9 + Twenty-eight 5 + Thunee 5 presets, and the four other games."""
    infos = hukm.games()
    assert [g.name for g in infos] == NAMES
    assert len({g.family for g in infos}) == 7
    for g in infos:
        assert isinstance(g, hukm.GameInfo)
        assert g.cls is CLASSES[g.family]
        assert g.players == hukm.game(g.name).num_players
        assert g.options, g.name


def test_option_table_of_a_preset() -> None:
    """Each option's allowed values and its default in that preset."""
    hokm4 = hukm.registry.info("hokm4").options
    assert hokm4["stop_rule"] == (("first_to_7", "kot_choice", "play_all"), "first_to_7")
    assert hokm4["random_trump"] == ((True, False), False)
    assert 7 in hokm4["target_points"][0] and hokm4["target_points"][1] is None
    court = hukm.registry.info("court_piece").options
    assert court["stop_rule"][1] == "kot_choice" and court["scoring"][1] == "kots"
    assert "stop_rule" not in hukm.registry.info("hokm3").options  # §8.2 decides for three
    assert hukm.registry.info("dab_rang").options["first_collect_min"][1] == "2"
    assert hukm.registry.info("29").options["game"][1] == "29"
    assert hukm.registry.info("ganjifa").options["pack"][1] == "moghul"


@pytest.mark.parametrize("name", NAMES)
def test_every_default_builds_the_same_game(name: str) -> None:
    """Giving an option its listed default changes nothing; an option that only goes with
    another one's value (e.g. ``dab_min_bid`` with ``trump_mode="hidden_call"``) is refused
    with a message naming what it needs."""
    info = hukm.registry.info(name)
    plain = hukm.game(name).new_game(3)
    built = 0
    for key, (_, default) in info.options.items():
        if default is None:
            continue
        try:
            game = hukm.game(name, **{key: default})
        except hukm.OptionError as err:
            assert any(w in str(err) for w in ("requires", "does not go with", "applies to")), (key, err)
            continue
        built += 1
        state = game.new_game(3)
        assert [state.observation(p) for p in range(state.num_players)] == [
            plain.observation(p) for p in range(plain.num_players)
        ], key
    assert built >= 1


@pytest.mark.parametrize("name", NAMES)
def test_game_by_name_plays_a_seeded_hand_to_the_end(name: str) -> None:
    """``hukm.game(name)`` builds each entry with the one shape of every game class; a
    seeded random hand is played to its end (the next hand or the end of the match)."""
    game = hukm.game(name)
    info = hukm.registry.info(name)
    assert isinstance(game, info.cls) and game.preset == name
    assert isinstance(game.suits, list) and all(isinstance(s, str) for s in game.suits)
    assert len(game.suit_names) == len(game.suits)
    seats = getattr(game, "num_seats", game.num_players)  # Dummy Rang: three players, four hands
    assert isinstance(game.deal(5), str) and len(game.deal(5).split()) == seats
    state = game.new_game(5)
    rng = random.Random(5)
    first = state.observation(0)["hand_number"]
    assert first == 1
    steps = 0
    while not state.is_terminal() and state.observation(0)["hand_number"] == first:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 5000
    assert steps > 0
    assert len(state.returns()) == game.num_players


def observe_all(state: Any) -> list[dict[str, Any]]:
    return [state.observation(p) for p in range(state.num_players)]


@pytest.mark.parametrize("name", NAMES)
def test_observation_core_keys(name: str) -> None:
    """Every game's observation starts with the same keys, of the same types."""
    state = hukm.game(name).new_game(2)
    rng = random.Random(2)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    for p, obs in enumerate(observe_all(state)):
        assert list(obs)[:7] == ["player", "phase", "current_player", "hand_number", "hand", "trick", "scores"]
        assert obs["player"] == p and obs["phase"] == state.phase
        assert obs["current_player"] == state.current_player
        assert isinstance(obs["hand_number"], int) and obs["hand_number"] >= 1
        assert all(isinstance(c, str) for c in obs["hand"])
        for pair in obs["trick"]:
            assert isinstance(pair, list) and len(pair) == 2
            assert isinstance(pair[0], int) and isinstance(pair[1], str)
        assert len(obs["scores"]) >= 1


@pytest.mark.parametrize("name", NAMES)
def test_states_pickle_and_compare_equal(name: str) -> None:
    """A state of every game round-trips through pickle and compares equal; clones are equal,
    and a state that moved on is not."""
    game = hukm.game(name)
    state = game.new_game(11)
    rng = random.Random(11)
    for _ in range(7):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back is not state
    assert back.history() == state.history()
    assert observe_all(back) == observe_all(state)
    assert back.legal_actions() == state.legal_actions()
    assert state.clone() == state and copy.deepcopy(state) == state
    if not state.is_terminal():
        later = state.clone()
        later.apply(later.legal_actions()[0])
        assert later != state
    assert game.preset in repr(state) and state.phase in repr(state)
    with pytest.raises(TypeError):
        hash(state)


@pytest.mark.parametrize("name", ["hokm4", "dehla_pakad", "28", "ganjifa", "dugi", "dashavatara", "naqsh"])
def test_sampled_states_pickle_too(name: str) -> None:
    """A determinized state is rebuilt from its origin (the state sampled, the player and
    the seed) and the actions since."""
    state = hukm.game(name).new_game(4)
    rng = random.Random(4)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        pytest.skip("the match ended")
    sample = state.determinize(state.current_player, seed=9)
    if not sample.is_terminal():
        sample.apply(sample.legal_actions()[0])
    back = pickle.loads(pickle.dumps(sample))
    assert back == sample
    assert back.hands() == sample.hands() and observe_all(back) == observe_all(sample)


def test_positions_pickle_with_their_keywords() -> None:
    hokm = hukm.Hokm("double_sar").from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=1, tricks_won=[5, 5], heap=1, prev=2)
    assert pickle.loads(pickle.dumps(hokm)) == hokm
    t = hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=1, indicator="AD")
    assert pickle.loads(pickle.dumps(t)).legal_actions() == t.legal_actions()
    opened = hukm.TwentyEight().new_game(3).open_position(0, "H")
    assert pickle.loads(pickle.dumps(opened)) == opened


def test_game_objects_compare_and_describe_themselves() -> None:
    assert hukm.Hokm("satat") == hukm.game("satat")
    assert hukm.Hokm() != hukm.Hokm(stop_rule="play_all")
    assert repr(hukm.Hokm(stop_rule="play_all")) == "hukm.Hokm('hokm4', stop_rule='play_all')"
    assert hukm.game("hokm").preset == "hokm4"
    assert hukm.Ganjifa(players=4).info.name == "ganjifa"
    with pytest.raises(hukm.OptionError, match="unknown game"):
        hukm.game("bridge")
    with pytest.raises(hukm.OptionError, match="valid presets"):
        hukm.Hokm("28")


def test_dd_table_is_numpy_wherever_a_game_has_one() -> None:
    import numpy as np

    t = hukm.Hokm().dd_table("AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert isinstance(t, np.ndarray) and t.shape == (5, 4)
    t28 = hukm.TwentyEight().dd_table("J9AT... .J9AT.. ..J9AT. ...J9AT", leader=0)
    assert isinstance(t28, np.ndarray) and t28.shape == (4, 4)
    with pytest.raises(hukm.StateError, match="no double-dummy table"):
        hukm.Dashavatara().dd_table("x")


def test_naqsh_deal_is_a_string_and_the_stock_separate() -> None:
    g = hukm.Naqsh(players=2)
    deal = g.deal(seed=3)
    assert isinstance(deal, str) and len(deal.split()) == 2
    stock = g.stock(seed=3)
    assert len(stock.split("+")) == 92
    assert type(deal) is str  # a plain string: iterating it gives its characters
    assert len(g.from_deal(deal, 0, stock).observation(0)["hand"]) == 2


def test_bots_read_the_trick_from_the_engine() -> None:
    """``State.trick_facts``: the card winning so far and what each card of the hand would do,
    as the player may know it (here Satat: the 2H is the top trump and wins)."""
    s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    s.apply("AS")
    f = s.trick_facts(1)
    assert f["winner"] == (0, "AS") and f["led"] == "S" and f["winner_sure"]
    assert f["cards"]["3H"]["trump"] and f["cards"]["3H"]["wins"]
    assert not f["cards"]["QS"]["wins"] and f["cards"]["QS"]["master"] is False
    sat = hukm.Hokm("satat").from_deal("AK.3.. QJ.2.. T9.4.. 87.5..", trump="C", leader=0)
    sat.apply("AS")
    g = sat.trick_facts(1)["cards"]
    assert g["2H"]["suit"] == "C" and g["2H"]["trump"] and g["2H"]["wins"]
    t = hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=0, trump="H")
    facts = t.trick_facts(0)["cards"]
    assert facts["JS"]["points"] == 3 and facts["9S"]["points"] == 2 and facts["JS"]["master"]
