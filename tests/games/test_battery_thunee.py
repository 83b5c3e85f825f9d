"""The shared invariant battery (``tests/support/battery.py``) on every Thunee preset and
on option mixes, plus Thunee's own checks: the trump card laid face down is seen
by the trumper alone, a normal hand's card points (with the last-trick
adjustment) add up as ``docs/rules/thunee.md`` §10.1 says, only one team scores in a
hand, and the hand results add up to the match's balls."""

from __future__ import annotations

from typing import Any, Optional, Sequence

import pytest

import hukm
from battery import EXAMPLES, CardAccount, GameSpec, check_random_matches, check_seeds_differ

VOCABULARY = (
    "pass",
    "bid:10",
    "bid:104",
    "bid:5",
    "indicator:JS",
    "trump:last",
    "redeal",
    "thunee",
    "royals",
    "blind_thunee",
    "blind_royals",
    "jodhi:H",
    "jodhi:X",
    "double",
    "khanuck",
)
CONFIGS: list[tuple[str, str, dict[str, Any]]] = [
    ("thunee4", "thunee4", {}),
    ("thunee4_plain", "thunee4_plain", {}),
    ("thunee4_app", "thunee4_app", {}),
    ("thunee2", "thunee2", {}),
    ("thunee6", "thunee6", {}),
    (
        "thunee4-options",
        "thunee4",
        {
            "blind_calls": True,
            "weak_redeal": True,
            "last_card": "any",
            "undercut": "forbidden",
            "bid_over_partner": True,
            "top_bid": "any",
            "double_rule": "all_tricks",
            "last_trick_claim": "team",
            "khanuck_target": "13",
        },
    ),
    (
        "thunee4-rules",
        "thunee4",
        {
            "first_dealer": "black_jack",
            "dealer_rotation": "every_hand",
            "last_trick": "off",
            "no_trump_redeal": False,
            "bid_loss_balls": 1,
            "double_rule": "last_trick_only",
            "target_balls": 13,
        },
    ),
    ("thunee6-options", "thunee6", {"blind_calls": True, "last_card": "any", "jodhi_window": "any_won"}),
    ("thunee2-options", "thunee2", {"blind_calls": True, "weak_redeal": True, "last_trick": "bonus"}),
]
PACK = [r + s for s in "SHDC" for r in "J9ATKQ"]
DEALT = ("call", "jodhi", "double", "play")


def make_spec(name: str, preset: str, options: dict[str, Any]) -> GameSpec:
    """The battery's description of one configuration."""
    game = hukm.Thunee(preset, **options)
    players = game.num_players
    last_trick = str(options.get("last_trick", hukm.registry.info(preset).options["last_trick"][1]))
    tracker: dict[str, Any] = {"balls": [0, 0]}

    def account(state: Any) -> Optional[CardAccount]:
        obs = [state.observation(p) for p in range(players)]
        o = obs[0]
        locs = {f"hand {p}": list(obs[p]["hand"]) for p in range(players)}
        locs["trick"] = [c for _, c in o["trick"]]
        locs["played"] = list(o["played"])
        trumper = o["trumper"]
        if trumper is not None and obs[trumper]["indicator"] is not None:
            locs["indicator"] = [obs[trumper]["indicator"]]
        if o["phase"] not in DEALT:
            return CardAccount(locs)
        unseen = o["blind_down"] + (1 if o["last_card"] and o["indicator_down"] else 0)
        if players == 2 and o["tricks_played"] < 6:
            unseen += 12  # the second round, never dealt in a Thunee (§13.1)
        return CardAccount(locs, complete=unseen == 0, unseen=unseen or None)

    def on_step(before: Any, action: str, after: Any) -> None:
        oa = after.observation(0)
        if oa["indicator_down"] and not oa["revealed"] and not after.is_terminal():
            t = oa["trumper"]
            for p in range(players):
                o = after.observation(p)
                if p != t or o["last_card"]:
                    assert o["indicator"] is None and o["trump"] is None, (p, o)
                else:
                    assert o["indicator"] is not None and o["trump"] == o["indicator"][-1]
        ob = before.observation(0)
        if oa["hand_number"] != ob["hand_number"] or after.is_terminal():
            r = oa["last_result"]
            assert r is not None
            balls = list(r["balls"])
            assert min(balls) == 0 and len(balls) == 2, r
            tracker["balls"] = [x + y for x, y in zip(tracker["balls"], balls)]
            if r["kind"] in ("counted", "held", "double_won", "double_lost", "khanuck_won", "khanuck_lost"):
                total = sum(r["totals"])
                assert sum(r["points"]) == 304, r
                assert total == {"transfer": 304, "bonus": 314, "off": 304}[last_trick], r
            assert list(oa["scores"]) == tracker["balls"], (oa["scores"], tracker)

    def on_final(state: Any, actions: Sequence[str]) -> None:
        o = state.observation(0)
        assert max(o["scores"]) >= o["match_target"]
        assert o["winner"] is not None and o["scores"][o["winner"]] == max(o["scores"])
        assert list(state.returns()) == [float(o["scores"][p % 2]) for p in range(players)]
        tracker["balls"] = [0, 0]

    return GameSpec(
        name=name,
        make_game=lambda: hukm.Thunee(preset, **options),
        pack=frozenset(PACK),
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


@pytest.mark.parametrize("preset", ["thunee4", "thunee2", "thunee6"])
def test_seeds_give_different_deals(preset: str) -> None:
    """Five seeds do not all produce the same opening position."""
    check_seeds_differ(make_spec(preset, preset, {}), [1, 2, 3, 4, 5])
