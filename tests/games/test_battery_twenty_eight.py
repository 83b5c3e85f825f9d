"""The shared invariant battery (``tests/support/battery.py``) run on every preset of the
Twenty-eight family and on option mixes, plus the family's own checks on every step:
the card points of a played-out hand sum to the pack's total (28, 29, 40 or 56), the
concealed indicator is seen by the bidder only (by nobody in seventh-card mode) until it
is called, and the hand results add up to the match score."""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional, Sequence

import pytest

import hukm
from battery import EXAMPLES, CardAccount, GameSpec, check_random_matches, check_seeds_differ

VOCABULARY = (
    "pass",
    "call",
    "pair",
    "double",
    "redouble",
    "c",
    "single",
    "show",
    "half_court",
    "seventh",
    "trump:none",
    "trump:H",
    "bid:14",
    "bid:99",
    "bid:-1",
    "indicator:JS",
    "indicator:2H",
)
CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("28", "28", {}),
    ("29", "29", {}),
    ("28_wb", "28_wb", {}),
    ("40", "40", {}),
    ("56", "56", {}),
    (
        "28-options",
        "28",
        {
            "doubling": True,
            "c_bid": True,
            "seventh_card": True,
            "single_hand": True,
            "single_hand_show": True,
            "half_court": True,
            "half_bid_double": True,
            "bidder_plays_revealed": True,
            "pair_timing": "relaxed",
            "pass_is_final": True,
        },
    ),
    ("28-forced", "28", {"unrevealed_trump": "forced_last", "partner_overbid_min": 20, "pair_clamp": True}),
    ("29-spare", "29", {"indicator": "spare", "nt_reverse": True, "annul_no_points": True, "doubling": True}),
    ("29-spare-forced", "29", {"indicator": "spare", "unrevealed_trump": "forced_last"}),
    ("28-bid21", "28", {"bid21_two_points": True, "doubling": True, "kq_negative": True}),
    ("28-auto", "28", {"auto_double_from": 20, "last_trick_bonus": True, "target_score": 3}),
    ("40-3x2", "40", {"forty_teams": "3x2", "single_hand": True, "doubling": True}),
    ("56-options", "56", {"seventh_card": True, "doubling": True, "half_court": True}),
]


def pack_of(preset: str, options: dict[str, Any]) -> list[str]:
    """Every card of the game's pack (duplicates of 56 marked ``#2``)."""
    game = hukm.TwentyEight(preset, **options)
    name = {"28": "french32", "29": "french32", "28_wb": "french32"}.get(preset)
    if name is not None:
        return hukm.pack_cards(name)
    if preset == "40":
        return [r + s for s in "SHDC" for r in "J39ATKQ87"]
    assert game.num_players == 6
    return [r + s + m for s in "SHDC" for r in "J9ATKQ" for m in ("", "#2")]


def mark_duplicates(locations: dict[str, list[str]]) -> dict[str, list[str]]:
    """Second copies of a card (56) become ``XX#2`` so the battery can count them."""
    seen: Counter[str] = Counter()
    out: dict[str, list[str]] = {}
    for where, cards in locations.items():
        marked = []
        for c in cards:
            seen[c] += 1
            marked.append(c if seen[c] == 1 else f"{c}#{seen[c]}")
        out[where] = marked
    return out


def make_spec(name: str, preset: str, options: dict[str, Any]) -> GameSpec:
    """The battery's description of one configuration."""
    game = hukm.TwentyEight(preset, **options)
    players = game.num_players
    total = game.total_points
    pack = pack_of(preset, options)
    tracker: dict[str, Any] = {"gains": [0, 0, 0], "results": 0}

    def account(state: Any) -> Optional[CardAccount]:
        obs = [state.observation(p) for p in range(players)]
        locs = {f"hand {p}": list(obs[p]["hand"]) for p in range(players)}
        locs["trick"] = [c for _, c in obs[0]["trick"]]
        locs["played"] = list(obs[0]["played"])
        bidder = obs[0]["bidder"]
        indicator = obs[bidder]["indicator"] if bidder is not None else None
        if indicator is not None and not obs[0]["revealed"]:
            locs["indicator"] = [indicator]
        dealt = obs[0]["phase"] in ("play", "pair", "single", "show", "half_court")
        seventh_hidden = obs[0]["seventh_card"] and not obs[0]["revealed"]
        complete = dealt and not seventh_hidden
        unseen = 1 if dealt and seventh_hidden else None
        return CardAccount(mark_duplicates(locs), complete=complete, unseen=unseen)

    def on_step(before: Any, action: str, after: Any) -> None:
        ob = before.observation(0)
        oa = after.observation(0)
        # The indicator: the bidder alone sees it (nobody in seventh-card mode) until revealed.
        if oa["indicator_down"]:
            bidder = oa["bidder"]
            for p in range(players):
                o = after.observation(p)
                if p == bidder and not oa["seventh_card"]:
                    assert o["trump"] is not None
                    assert (o["indicator"] is None) == (options.get("indicator") == "spare")
                else:
                    assert o["indicator"] is None and o["trump"] is None, (p, o)
        if oa["hand_number"] != ob["hand_number"] or after.is_terminal():
            r = oa["last_result"]
            assert r is not None
            tracker["results"] += 1
            for i, g in enumerate(r["gains"]):
                tracker["gains"][i] += g
            if r["kind"] in ("made", "failed"):
                assert sum(r["points"]) == total, r
                side = r["declarer"] % len(r["points"])
                assert (r["kind"] == "made") == (r["points"][side] >= r["target"]), r

    def on_final(state: Any, actions: Sequence[str]) -> None:
        scores = state.observation(0)["scores"]
        assert list(scores) == tracker["gains"][: len(scores)]
        t = int(game.options.get("target_score", "10" if preset == "40" else "6"))
        assert any(s >= t or s <= -t for s in scores)
        assert state.observation(0)["winner"] is not None
        tracker["gains"] = [0, 0, 0]

    return GameSpec(
        name=name,
        make_game=lambda: hukm.TwentyEight(preset, **options),
        pack=frozenset(pack),
        copies=2 if preset == "56" else 1,
        max_actions=40_000,
        account=account,
        vocabulary=VOCABULARY,
        on_step=on_step,
        on_final=on_final,
    )


@pytest.mark.parametrize("name,preset,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_battery(name: str, preset: str, options: dict[str, Any]) -> None:
    """Random matches keep every invariant; the same seed and actions replay identically."""
    check_random_matches(lambda: make_spec(name, preset, options), max(2, EXAMPLES // 2), 0.1, every=17)


@pytest.mark.parametrize("preset", ["28", "29", "28_wb", "40", "56"])
def test_seeds_give_different_deals(preset: str) -> None:
    """Five seeds do not all produce the same opening position."""
    check_seeds_differ(make_spec(preset, preset, {}), [1, 2, 3, 4, 5])
