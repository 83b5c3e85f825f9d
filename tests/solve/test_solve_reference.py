"""The solver against a plain minimax written here, on small endgames of
``hokm3`` (a focal player against the other two), ``hokm2`` and ``hokm4``,
every card's value, with and without trumps, some in the middle of a trick.
The double-dummy objective plays every trick (docs/rules/hokm.md §16)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Optional

import pytest

import hukm
from reference.hokm_ref import legal, trick_winner_offset


def minimax(
    hands: tuple[tuple[str, ...], ...],
    trump: Optional[str],
    leader: int,
    trick: tuple[str, ...],
    focal_side: int,
    players: int,
) -> int:
    """Tricks of ``focal_side`` from here to the end with best play by all."""

    def side(seat: int) -> int:
        return seat % 2 if players == 4 else seat

    @lru_cache(maxsize=None)
    def go(hands: tuple[tuple[str, ...], ...], leader: int, trick: tuple[str, ...]) -> int:
        if not trick and not any(hands):
            return 0
        seat = (leader + len(trick)) % players
        values = []
        for c in legal(hands[seat], trick):
            nh = tuple(tuple(x for x in h if x != c) if i == seat else h for i, h in enumerate(hands))
            nt = trick + (c,)
            if len(nt) == players:
                w = (leader + trick_winner_offset(list(nt), trump)) % players
                values.append((1 if side(w) == focal_side else 0) + go(nh, w, ()))
            else:
                values.append(go(nh, leader, nt))
        return max(values) if side(seat) == focal_side else min(values)

    return go(hands, leader, trick)


def random_position(rng: random.Random, preset: str, size: int) -> hukm.State:
    game = hukm.Hokm(preset)
    players = game.num_players
    pack = hukm.pack_cards("french52")
    if preset == "hokm3":
        pack.remove("2C")
    rng.shuffle(pack)
    hands = [pack[i * size : (i + 1) * size] for i in range(players)]
    deal = " ".join(hukm.format_hand(h) for h in hands)
    trump = rng.choice(["S", "H", "D", "C", None])
    s = game.from_deal(deal, trump=trump, leader=rng.randrange(players))
    for _ in range(rng.randrange(players)):
        s.apply(rng.choice(s.legal_actions()))
    return s


def trick_cards(obs: dict[str, Any], players: int) -> tuple[str, ...]:
    """The cards of the trick in progress ([seat, card] pairs from the leader on)."""
    assert [seat for seat, _ in obs["trick"]] == [(obs["leader"] + i) % players for i in range(len(obs["trick"]))]
    return tuple(card for _, card in obs["trick"])


def check(s: hukm.State, players: int) -> None:
    obs = s.observation(0)
    hands = tuple(tuple(hukm.parse_hand(h)) for h in s.hands())
    trick = trick_cards(obs, players)
    mover = s.current_player
    for focal in range(players):
        side = focal % 2 if players == 4 else focal
        sol = hukm.solve(s, player=focal)
        assert sol.value == minimax(hands, obs["trump"], obs["leader"], trick, side, players)
        for card, value in sol.actions.items():
            t = s.clone()
            t.apply(card)
            o = t.observation(0)
            th = tuple(tuple(hukm.parse_hand(h)) for h in t.hands())
            won = 0
            if len(trick) == players - 1:
                # The card completed a trick: its winner leads next.
                winner = o["leader"]
                won = 1 if (winner % 2 if players == 4 else winner) == side else 0
            ref = won + minimax(th, o["trump"], o["leader"], trick_cards(o, players), side, players)
            assert value == ref, f"{s}\nfocal {focal} mover {mover} card {card}"


@pytest.mark.parametrize("preset,players,size,count", [("hokm3", 3, 5, 40), ("hokm2", 2, 7, 40), ("hokm4", 4, 4, 30)])
def test_solver_matches_minimax(preset: str, players: int, size: int, count: int) -> None:
    rng = random.Random(f"{preset}-{size}")
    for _ in range(count):
        s = random_position(rng, preset, size)
        if s.is_terminal():
            continue
        check(s, players)
