"""Observation tensors and action ids of every game (``State.observation_tensor``,
``State.legal_action_mask`` and the ids of ``Game.action_to_id``).

The hidden-information test: a state and its ``determinize(player, seed)``
(every card the player cannot see dealt again, consistently with what he
has seen) must give the player the same tensors; and a tensor must change
when something the player does see changes.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import hukm

# Every preset has observation tensors and action ids.
PRESETS = [g.name for g in hukm.games()]


def _walk(name: str, seeds: range, every: int = 1):
    """Random play of ``new_game(seed)`` for each seed, yielding the states met."""
    g = hukm.game(name)
    for seed in seeds:
        s = g.new_game(seed=seed)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal() and k < 400:
            if k % every == 0:
                yield s
            s.apply(rng.choice(s.legal_actions()))
            k += 1
        yield s


@pytest.mark.parametrize("name", PRESETS)
def test_hidden_cards_never_change_a_tensor(name: str) -> None:
    """Two states that differ only in cards a player cannot see give him the
    same observation and information-state tensors."""
    checked = 0
    redealt = 0
    for s in _walk(name, range(3), every=3):
        if s.is_terminal():
            continue
        for p in range(s.num_players):
            obs = s.observation_tensor(p)
            info = s.information_state_tensor(p)
            for seed in (1, 2):
                d = s.determinize(p, seed)
                redealt += d.hands() != s.hands()
                assert np.array_equal(d.observation_tensor(p), obs), (name, s.history(), p)
                assert np.array_equal(d.information_state_tensor(p), info), (name, s.history(), p)
                checked += 1
    assert checked > 20
    assert redealt > 0, "determinize redealt some hidden cards"


@pytest.mark.parametrize("name", PRESETS)
def test_ids_name_the_legal_actions(name: str) -> None:
    """Every legal action has its own id; the mask marks exactly them; an id
    applies the same action as its string."""
    g = hukm.game(name)
    n = g.num_distinct_actions
    for s in _walk(name, range(4)):
        if s.is_terminal():
            assert not s.legal_action_mask().any()
            continue
        legal = s.legal_actions()
        ids = s.legal_action_ids()
        assert len(ids) == len(set(ids)) == len(legal)
        assert [s.action_to_id(a) for a in legal] == sorted(ids) or sorted(
            s.action_to_id(a) for a in legal
        ) == ids
        assert sorted(s.id_to_action(i) for i in ids) == sorted(legal)
        mask = s.legal_action_mask()
        assert mask.dtype == np.int8 and mask.shape == (n,)
        assert list(np.flatnonzero(mask)) == ids
    s = g.new_game(seed=9)
    t = s.clone()
    i = s.legal_action_ids()[-1]
    t.apply_id(i)
    s.apply(s.id_to_action(i))
    assert s == t


@pytest.mark.parametrize("name", PRESETS)
def test_layouts_cover_the_tensors(name: str) -> None:
    """The sections of a layout tile its tensor; values are finite and small."""
    g = hukm.game(name)
    for kind, size in (
        ("observation", g.tensor_size()),
        ("information_state", g.tensor_size("information_state")),
    ):
        rows = g.tensor_layout(kind)
        at = 0
        for sec, offset, shape, about in rows:
            assert offset == at and about, sec
            at += int(np.prod(shape))
        assert at == size
    obs = [g.tensor_layout()[i][0] for i in range(len(g.tensor_layout()))]
    info = [r[0] for r in g.tensor_layout("information_state")]
    assert info[: len(obs)] == obs, "the information state starts with the observation"
    for s in _walk(name, range(2), every=5):
        for p in range(s.num_players):
            v = s.information_state_tensor(p)
            assert v.dtype == np.float32
            assert np.isfinite(v).all() and np.abs(v).max() <= 40
            assert np.array_equal(v[: g.tensor_size()], s.observation_tensor(p))


@pytest.mark.parametrize("name", [p for p in PRESETS if "trick_history" in {r[0] for r in hukm.game(p).tensor_layout("information_state")}])
def test_trick_history_shows_each_card_once(name: str) -> None:
    """The information state's trick history holds each card played in the hand once (a
    slot of a double pack at most twice), like the sections of the observation."""
    g = hukm.game(name)
    copies = len(hukm.pack_cards(g.pack)) // len(g.card_slots)
    _, off, shape, _ = {r[0]: r for r in g.tensor_layout("information_state")}["trick_history"]
    seen = 0
    for s in _walk(name, range(2), every=3):
        for p in range(s.num_players):
            h = s.information_state_tensor(p)[off: off + int(np.prod(shape))].reshape(shape)
            assert set(np.unique(h)) <= set(range(copies + 1)), (name, s.history())
            assert h.sum(axis=(0, 1)).max() <= copies, (name, s.history())
            seen += int(h.sum())
    assert seen > 0


def test_hand_and_trick_sections_show_what_the_player_sees() -> None:
    g = hukm.Hokm()
    s = g.from_deal("AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54",
                    trump="S", leader=0)
    lay = {r[0]: r for r in g.tensor_layout()}
    cards = g.card_slots

    def section(v: np.ndarray, name: str) -> np.ndarray:
        _, off, shape, _ = lay[name]
        return v[off: off + int(np.prod(shape))].reshape(shape)

    v = s.observation_tensor(1)
    hand = [cards[i] for i in np.flatnonzero(section(v, "hand"))]
    assert sorted(hand) == sorted(s.observation(1)["hand"])
    s.apply("AS")
    v = s.observation_tensor(1)
    trick = section(v, "trick")
    assert trick[3, cards.index("AS")] == 1, "seat 0 plays just before seat 1"
    assert section(v, "to_act")[0] == 1
    assert section(v, "trump")[0] == 1
    assert not np.array_equal(v, s.observation_tensor(2))


def test_game_ids_and_state_ids() -> None:
    g = hukm.Hokm("hokm2")
    assert g.id_to_action(g.action_to_id("QH")) == "QH"
    assert g.id_to_action(g.action_to_id("trump:D")) == "trump:D"
    with pytest.raises(hukm.StateError, match="places of the cards"):
        g.action_to_id("discard:AS+KS")
    with pytest.raises(hukm.IllegalActionError, match="out of range"):
        g.id_to_action(g.num_distinct_actions)
    with pytest.raises(hukm.IllegalActionError):
        g.action_to_id("bid:9")
    s = g.new_game(seed=3)
    while s.phase != "discard":
        s.apply(s.legal_actions()[0])
    for a in s.legal_actions():
        assert s.id_to_action(s.action_to_id(a)) == a
    with pytest.raises(hukm.IllegalActionError):
        s.apply_id(0)
    with pytest.raises(hukm.StateError, match="out of range"):
        s.observation_tensor(2)
