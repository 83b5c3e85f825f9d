"""Bots and hidden-card sampling for Twenty-eight and its relatives (every preset)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hukm
from hukm.bots import PIMC, Heuristic, Random
from hukm.games.twenty_eight import bot as t28
from hukm.match import play_hand

PRESETS = ["28", "29", "28_wb", "40", "56"]
PRE_DEAL = ("bid", "trump", "double", "redouble")


def _cards(hand: str) -> list[str]:
    """Card strings of a compact hand (``J9..A.`` -> ``['JS', '9S', 'AD']``)."""
    out = []
    for suit, part in zip("SHDC", hand.split(".")):
        out += [f + suit for f in part if f != "-"]
    return out


def _walk(game: hukm.TwentyEight, seed: int, steps: int) -> tuple[hukm.State, list[Any]]:
    """A state of the first hand after up to ``steps`` random actions, and the
    public record of each card play: (seat, card, trick before it)."""
    s = game.new_game(seed=seed)
    bot = Random(seed)
    plays: list[Any] = []
    for _ in range(steps):
        if s.is_terminal() or s.observation(0)["hand_number"] != 1:
            break
        a = bot.act(s)
        nxt = s.clone()
        nxt.apply(a)
        if nxt.observation(0)["hand_number"] != 1:
            break  # the hand ended (e.g. decided early): the play is not in ``s``
        if s.phase == "play" and a != "call":
            trick = [c for _, c in s.observation(0)["trick"]]
            plays.append((s.current_player, a, trick))
        s = nxt
    return s, plays


def _to_play(game: hukm.TwentyEight, seed: int, bot_seed: int) -> hukm.State:
    """A new game driven by a random bot to the first card of trick play."""
    s = game.new_game(seed=seed)
    bot = Random(bot_seed)
    while s.phase != "play":
        s.apply(bot.act(s))
    return s


def _voids(plays: list[Any]) -> dict[int, set[str]]:
    """Suits each seat showed out of (did not follow the led suit), from the record alone."""
    out: dict[int, set[str]] = {}
    for seat, card, trick in plays:
        if trick and card[-1] != trick[0][-1]:
            out.setdefault(seat, set()).add(trick[0][-1])
    return out


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    who=st.integers(0, 5),
    sample_seed=st.integers(0, 2**63 - 1),
)
def test_sampling_never_contradicts_what_the_player_saw(
    preset: str, seed: int, steps: int, who: int, sample_seed: int
) -> None:
    g = hukm.TwentyEight(preset)
    s, plays = _walk(g, seed, steps)
    n = s.num_players
    p = who % n
    d = s.determinize(p, sample_seed)
    obs = s.observation(p)
    # The player sees exactly the same thing.
    assert d.observation(p) == obs
    real, fake = s.hands(), d.hands()
    assert fake[p] == real[p]
    assert [len(_cards(h)) for h in fake] == [len(_cards(h)) for h in real]
    # Conservation: no card appears more often than the pack holds it, and
    # after the deal is complete every card is somewhere.
    pack = Counter(c for h in g.deal(seed).split() for c in _cards(h))
    seen_cards = list(obs["played"]) + [c for _, c in obs["trick"]]
    placed = Counter(c for h in fake for c in _cards(h)) + Counter(seen_cards)
    if obs["indicator_down"] and obs["bidder"] is not None:
        ind = d.observation(obs["bidder"])["indicator"]
        if ind is not None:
            placed[ind] += 1
            # The concealed indicator fixes the trump of the sample.
            assert d.observation(obs["bidder"])["trump"] == ind[-1]
    assert not placed - pack
    if obs["phase"] not in PRE_DEAL and obs["soloist"] is None:
        assert placed == pack
    # Shown voids hold (the revealed indicator aside, known to be the bidder's).
    shown = obs["indicator"] if obs["revealed"] else None
    for seat, suits in _voids(plays).items():
        cards = [c for c in _cards(fake[seat]) if c != shown]
        assert not [c for c in cards if c[-1] in suits], (seat, suits, fake[seat])
    # Same seed, same sample; the sample plays on legally.
    assert s.determinize(p, sample_seed).hands() == fake
    bot = Random(1)
    while not d.is_terminal() and d.observation(0)["hand_number"] == obs["hand_number"]:
        d.apply(bot.act(d))


def test_the_concealed_trump_is_hidden_from_others_only() -> None:
    s = _to_play(hukm.TwentyEight("28"), 11, 3)
    b = s.observation(0)["bidder"]
    mine = s.observation(b)["indicator"]
    other = (b + 1) % 4
    trumps = {s.determinize(other, k).observation(b)["trump"] for k in range(60)}
    assert len(trumps) >= 2
    assert {s.determinize(b, k).observation(b)["indicator"] for k in range(10)} == {mine}
    assert s.observation(other)["led_trump_by_other"] is None
    assert s.observation(b)["led_trump_by_other"] is False


class _Checked:
    """Wraps a bot and asserts that every action it returns is legal."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")

    def act(self, state: hukm.State) -> str:
        a = self.bot.act(state)
        assert a in state.legal_actions(), (a, state.legal_actions())
        return a


@pytest.mark.parametrize("preset", PRESETS)
def test_bots_only_play_legal_actions(preset: str) -> None:
    g = hukm.TwentyEight(preset)
    n = g.num_players
    kinds = [Random(1), Heuristic(2), PIMC(samples=2, seed=3, max_cards=3, max_nodes=50_000)]
    for seed in range(2):
        bots = [_Checked(kinds[(k + seed) % 3]) for k in range(n)]
        pts, steps = play_hand(g, bots, seed)
        assert steps > 0 and len(pts) == n


@pytest.mark.parametrize("preset", ["28", "40"])
def test_pimc_auction_and_trump_choice(preset: str) -> None:
    g = hukm.TwentyEight(preset)
    bot = PIMC(samples=3, seed=5, max_nodes=50_000)
    for seed in range(3):
        s = g.new_game(seed=seed)
        while s.phase == "bid":
            a = t28.pimc_decision(s, bot)
            # In 40 whole deals are too big for the node cap: the heuristic decides.
            assert a in s.legal_actions() or (a is None and preset == "40")
            s.apply(a or bot.act(s))
        a = t28.pimc_decision(s, bot)
        assert (a is None and preset == "40") or a in s.legal_actions()
        a = a or bot.act(s)
        assert a.startswith(("indicator:", "trump:"))
        s.apply(a)
        assert t28.pimc_decision(s, bot) is None or s.phase in ("bid", "trump")


def test_pimc_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    g = hukm.TwentyEight("28")
    bot = PIMC(samples=6, seed=1, max_nodes=100_000)
    chosen: dict[str, list[float]] = {"strong": [], "weak": []}
    for seed in range(60):
        s = g.new_game(seed=seed)
        s.apply(s.legal_actions()[0])  # the first speaker bids 14
        obs = s.observation(s.current_player)
        strength, _ = t28._strength(t28._Cards(s, s.current_player), list(obs["hand"]))
        kind = "strong" if strength >= 12 else "weak" if strength <= 3 else None
        if kind and len(chosen[kind]) < 3:
            chosen[kind].append(1.0 if t28.pimc_decision(s, bot) != "pass" else 0.0)
    assert chosen["strong"] and chosen["weak"]
    assert sum(chosen["strong"]) / len(chosen["strong"]) > sum(chosen["weak"]) / len(chosen["weak"])


def test_sample_values_while_concealed_are_outcomes() -> None:
    s = _to_play(hukm.TwentyEight("28"), 3, 4)
    p = s.current_player
    d = s.determinize(p, 7)
    vals = t28.sample_values(d, p, PIMC(samples=1, max_nodes=2_000_000))
    assert set(vals) == set(s.legal_actions())
    assert set(vals.values()) <= {0, 1, 2}


def test_same_seed_same_match() -> None:
    g = hukm.TwentyEight("28")
    bots = [PIMC(samples=2, seed=1, max_cards=4, max_nodes=50_000), Heuristic(2), Random(3), Heuristic(4)]
    a = hukm.play_match(g, bots, hands=3, seed=9, threads=2)
    b = hukm.play_match(g, bots, hands=3, seed=9, threads=1)
    assert a.hands == b.hands


def test_heuristic_beats_random() -> None:
    g = hukm.TwentyEight("28")
    r = hukm.play_match(g, [Heuristic(1), Random(2), Heuristic(3), Random(4)], hands=40, seed=1, rotate=True)
    assert r.mean(0) + r.mean(2) > r.mean(1) + r.mean(3) + 0.5
    assert r.mean(0) > r.mean(1)


def test_hand_key_changes_with_the_deal() -> None:
    s = hukm.TwentyEight("28").new_game(seed=2)
    k = t28.hand_key(s)
    bot = Random(0)
    while t28.hand_key(s) == k:
        s.apply(bot.act(s))
    assert t28.hand_key(s) == k + 1
