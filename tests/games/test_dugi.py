"""Dugi, partnership Ganjifa (docs/rules/ganjifa.md Part B): the worked examples of B.12, the King
pass, the double-dummy objective of B.13 checked against plain minimax, the shared battery and
bad input."""

from __future__ import annotations

import random
from typing import Any, Optional

import pytest

import hukm
from battery import CardAccount, GameSpec, check_determinism, check_seeds_differ, run_battery

EX6 = "KV...3.... 5.T9...... .4..2..1.. 2...1..T.."
EX7 = ".4.....T. .8.....9. 3.K...... 5.2......"


def test_example_6_cashing_hukms_and_naming() -> None:
    s = hukm.Dugi().from_deal(EX6, leader=0)
    assert s.legal_actions() == ["KGH", "VGH", "3SF"]
    for a in ["KGH", "5GH", "name:TJ"]:
        s.apply(a)
    assert s.legal_actions() == ["4TJ"]
    for a in ["4TJ", "2GH", "VGH", "name:TJ", "TTJ", "name:CH", "1CH", "name:CH", "TCH"]:
        s.apply(a)
    for a in ["3SF", "name:TJ", "9TJ", "2SF", "1SF"]:
        s.apply(a)
    assert s.is_terminal()
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_example_7_asking_and_a_loss() -> None:
    s = hukm.Dugi().from_deal(EX7, leader=0)
    assert "ask" in s.legal_actions()
    s.apply("ask")
    assert s.current_player == 2
    s.apply("name:TJ")
    assert s.observation(1)["asked"] == "TJ"
    assert s.legal_actions() == ["4TJ"]
    for a in ["4TJ", "8TJ", "KTJ", "2TJ", "ask", "name:BA"]:
        s.apply(a)
    assert s.legal_actions() == ["3GH"]
    for a in ["3GH", "5GH", "name:BA", "TBA", "name:BA", "9BA"]:
        s.apply(a)
    assert s.is_terminal()
    assert s.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_naming_forces_the_highest_card() -> None:
    s = hukm.Dugi().from_deal(EX6, leader=0)
    s.apply("KGH")
    s.apply("5GH")
    assert s.current_player == 0
    assert "name:GH" not in s.legal_actions()
    s.apply("name:SF")
    assert s.legal_actions() == ["2SF"]


def test_king_pass() -> None:
    g = hukm.Dugi()
    for seed in range(20):
        s = g.new_game(seed=seed)
        c1 = s.current_player
        assert s.phase == "king_pass" and s.legal_actions() == ["offer", "pass"]
        s.apply("offer")
        c2 = s.current_player
        assert c2 == (c1 + 2) % 4
        accepts = [a for a in s.legal_actions() if a.startswith("accept:")]
        if not accepts:
            assert s.legal_actions() == ["pass"]
            continue
        lead = s.observation(0)["lead_suit"]
        assert all(a.endswith(lead) for a in accepts)
        s.apply(accepts[0])
        assert s.current_player == c2
        given = accepts[0][len("accept:") :]
        assert given in hukm.parse_hand(s.observation(c2)["cards"][c1], "moghul")
        assert given not in hukm.parse_hand(s.observation((c1 + 1) % 4)["cards"][c1] or "", "moghul")
        return
    raise AssertionError("no seed gave an acceptable King pass")


def brute(state: hukm.State, challengers: int) -> bool:
    """B.13 by plain minimax over the public API."""
    if state.is_terminal():
        return state.returns()[challengers] > 0
    team = state.current_player % 2 == challengers % 2
    results = []
    for a in state.legal_actions():
        c = state.clone()
        c.apply(a)
        results.append(brute(c, challengers))
    return any(results) if team else all(results)


def test_dd_against_minimax() -> None:
    assert hukm.solve(hukm.Dugi().from_deal(EX6, leader=0), player=0).value == 1
    assert hukm.solve(hukm.Dugi().from_deal(EX7, leader=0), player=0).value == 0
    assert hukm.solve(hukm.Dugi().from_deal(EX7, leader=0), player=1).value == 1
    rng = random.Random(5)
    cards = hukm.pack_cards("moghul")
    for _ in range(15):
        k = 2
        suits = rng.sample(["GH", "TJ", "SM", "SF", "SR", "CH", "BA", "QM"], 3)
        pool = [c for c in cards if c[-2:] in suits]
        hand = rng.sample(pool, 4 * k)
        deal = " ".join(hukm.format_hand(hand[i * k : (i + 1) * k], "moghul") for i in range(4))
        leader = rng.randrange(4)
        s = hukm.Dugi().from_deal(deal, leader=leader)
        sol = hukm.solve(s, player=leader)
        assert sol.value == int(brute(s, leader)), deal
        for a, v in sol.actions.items():
            c = s.clone()
            c.apply(a)
            assert v == int(brute(c, leader)), (deal, a)


def test_first_defender_trick_of_the_examples() -> None:
    # B.13's secondary output (checked against the independent reference in
    # test_dugi_reference.py): none after a sweep; Example 7's defenders win the second trick.
    first = [hukm.solve(hukm.Dugi().from_deal(ex, leader=0)).secondary for ex in (EX6, EX7)]
    assert [(x.name, x.value) for x in first if x is not None] == [("defenders_first_trick", None),
                                                                   ("defenders_first_trick", 2)]


def test_bad_input() -> None:
    with pytest.raises(hukm.OptionError, match="moghul, dashavatara"):
        hukm.Dugi(pack="french52")
    with pytest.raises(hukm.OptionError):
        hukm.Dugi(players=3)
    with pytest.raises(hukm.NotationError):
        hukm.Dugi().from_deal(EX6.rsplit(" ", 1)[0])
    with pytest.raises(hukm.StateError, match="lead King"):
        hukm.Dugi().from_deal(EX6)
    s = hukm.Dugi().from_deal(EX6, leader=0)
    before = (s.legal_actions(), str(s), s.history())
    for bad in ["5GH", "ask", "offer", "accept:KSR", "name:GH", "name:XX", "", "KGH+VGH"]:
        with pytest.raises(hukm.IllegalActionError):
            s.apply(bad)
    assert (s.legal_actions(), str(s), s.history()) == before


def dugi_account(pack: str) -> Any:
    def account(state: hukm.State) -> Optional[CardAccount]:
        if state.is_terminal():
            return None
        viewer = state.current_player
        obs = state.observation(viewer)
        locations: dict[str, list[str]] = {}
        placed = 0
        for i, h in enumerate(obs["cards"]):
            locations[f"hand {i}"] = hukm.parse_hand(h, pack)
            placed += len(locations[f"hand {i}"])
        by_seat = obs["trick_by_seat"]  # per seat: the card it put on the trick, or None
        if by_seat is not None:
            locations["trick"] = [c for c in by_seat if c is not None]
        # ``trick``: the same cards as [seat, card] pairs in play order.
        assert sorted(c for _, c in obs["trick"]) == sorted(locations.get("trick", [])), obs
        assert all(by_seat is not None and by_seat[seat] == c for seat, c in obs["trick"]), obs
        assert [seat for seat, _ in obs["trick"]] == [(obs["leader"] + i) % 4 for i in range(len(obs["trick"]))], obs
        # Cards of finished tricks are not listed: count them as unseen.
        played = len(hukm.pack_cards(pack)) - sum(obs["hand_sizes"]) - len(locations.get("trick", []))
        return CardAccount(locations, unseen=sum(obs["hand_sizes"]) - placed + played)

    return account


BATTERY: list[dict[str, Any]] = [
    {"pack": "moghul", "hands": 2},
    {"pack": "dashavatara", "hands": 2, "lead_suit_by": "cut", "period": "night"},
    {"pack": "moghul", "hands": 2, "king_pass": False, "reversed_set": "iran", "hand_stake": 3},
]


@pytest.mark.parametrize("options", BATTERY, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_battery(options: dict[str, Any]) -> None:
    pack = options["pack"]
    spec = GameSpec(
        name=f"dugi{options}",
        make_game=lambda: hukm.Dugi(**options),
        pack=frozenset(hukm.pack_cards(pack)),
        max_actions=2_000,
        account=dugi_account(pack),
        vocabulary=("offer", "pass", "ask", "accept:KGH", "name:XX", "name:GH"),
    )
    actions = run_battery(spec, seed=3, walk_seed=9, check_rate=0.1)
    check_determinism(spec, 3, actions, every=23)
    check_seeds_differ(spec, [1, 2, 3])
