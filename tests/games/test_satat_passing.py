"""Satat's card passing after a kot (docs/rules/hokm.md §9.10): each player of the side
that lost gives his cards to the player before him, a member of the winning side, and
receives that player's; what the table says of it names the exchange as the rules do."""

from __future__ import annotations

import random

import hukm
from hukm import _core
from hukm.svg import scene
from hukm.video.captions import SENTENCES


def _to_passing(seed_range: range) -> tuple[_core.State, random.Random]:
    """A seeded random Satat match played up to its first passing."""
    game = hukm.game("satat")
    for seed in seed_range:
        s, rng = game.new_game(seed=seed), random.Random(seed)
        while not s.is_terminal() and s.phase != "give":
            s.apply(rng.choice(s.legal_actions()))
        if s.phase == "give":
            return s, rng
    raise AssertionError("no passing in the seeded matches")


def test_each_player_exchanges_cards_with_an_opponent() -> None:
    """The four ``give:`` actions move each player's cards to one opponent, who gives
    his own back: a loser's go to ``prev`` of him, a winner's to ``next`` of him."""
    s, rng = _to_passing(range(400))
    pack = s.layout[0]
    before = [set(_core.parse_hand(h, pack)) for h in s.hands()]
    given: dict[int, set[str]] = {}
    while s.phase == "give":
        seat = s.current_player
        action = rng.choice(s.legal_actions())
        given[seat] = set(action.removeprefix("give:").split("+"))
        s.apply(action)
    after = [set(_core.parse_hand(h, pack)) for h in s.hands()]
    assert sorted(given) == [0, 1, 2, 3]
    receiver = {}
    for g, cards in given.items():
        holders = [r for r in range(4) if cards <= after[r] - before[r]]
        assert len(holders) == 1, (g, cards, holders)
        receiver[g] = holders[0]
    for g, r in receiver.items():
        assert (r - g) % 2 == 1, f"seat {g} gave to seat {r}, his partner"
        assert receiver[r] == g, f"seat {g} gave to {r}, who gave to {receiver[r]}"
        assert r in ((g - 1) % 4, (g + 1) % 4)
        assert after[g] == (before[g] - given[g]) | given[r]


def test_the_passing_is_named_an_exchange_with_an_opponent() -> None:
    """Every seat's picture of the passing, and the video's sentence of a give, say the
    cards go to an opponent, never to the partner."""
    s, _ = _to_passing(range(400))
    k = s.observation(0)["pass_cards"]
    want = f"Exchanging {k} card{'s' if k > 1 else ''} with an opponent"
    for v in [None, 0, 1, 2, 3]:
        info = scene.build(s, viewer=v).info
        assert want in info, (v, info)
        assert not any("partner" in line for line in info), (v, info)
    assert SENTENCES["give"] == "{who} gives {arg} to an opponent"
