"""Individual Ganjifa (docs/rules/ganjifa.md Part A): the worked examples of A.13, the options, the
shared invariant battery on every pack x player count, bad input, and the double-dummy value of
A.14 on small endgames."""

from __future__ import annotations

import random
from typing import Any, Optional

import pytest

import hukm
from battery import CardAccount, GameSpec, check_determinism, check_seeds_differ, run_battery

EX3 = "..74.....8 .3.9.....5 .6.2....1."
EX4 = ".9......3 .5.....4. .T......6"


def test_example_1_opening() -> None:
    s = hukm.Ganjifa().from_deal("95.1.2...T.. .3.4..K..5.T 1.4.3..2..T.")
    assert s.current_player == 1
    assert "KSR+TQM" in s.legal_actions()
    for a in ["KSR+TQM", "1GH+TBA", "1TJ", "TCH"]:
        s.apply(a)
    obs = s.observation(1)
    assert obs["tricks"] == [0, 2, 0]
    assert obs["leader"] == 1
    assert s.history() == ["KSR+TQM", "1GH+TBA", "1TJ", "TCH"]


def test_example_3_end_phase() -> None:
    s = hukm.Ganjifa().from_deal(EX3, leader=1)
    assert s.legal_actions() == ["9SM+5QM"]
    for a in ["9SM+5QM", "2SM", "1BA", "4SM+8QM"]:
        s.apply(a)
    assert s.current_player == 2
    assert s.observation(2)["step"] == "name"
    s.apply("name:TJ")
    assert s.legal_actions() == ["3TJ"]
    for a in ["3TJ", "6TJ", "7SM"]:
        s.apply(a)
    assert s.is_terminal()
    last = s.observation(0)["last_hand"]
    assert last["tricks"] == [0, 2, 1]
    assert last["akheri"] == "3TJ" and last["akheri_beaten_by"] == 2
    assert s.returns() == [-2.0, 2.0, 0.0]


def test_example_4_wilkins_phase_2() -> None:
    g = hukm.Ganjifa(lead_rules="wilkins")
    s = g.from_deal(EX4, leader=1, phase2=True)
    assert sorted(s.legal_actions()) == ["4BA", "facedown:5TJ:QM", "facedown:5TJ:TJ"]
    s.apply("facedown:5TJ:QM")
    assert s.observation(2)["trick_detail"]["played"][1] == "?"
    assert s.observation(1)["trick_detail"]["played"][1] == "5TJ"
    # ``trick`` hides the face-down lead card from the others and shows it to its leader.
    assert s.observation(2)["trick"] == [] and s.observation(0)["trick"] == []
    assert s.observation(1)["trick"] == [[1, "5TJ"]]
    assert s.legal_actions() == ["6QM"]
    s.apply("6QM")
    s.apply("3QM")
    assert sorted(s.legal_actions()) == ["facedown:9TJ:BA", "facedown:9TJ:TJ"]
    ba = s.clone()
    for a in ["facedown:9TJ:BA", "4BA", "TTJ"]:
        ba.apply(a)
    assert ba.observation(0)["last_trick"]["winner"] == 1
    for a in ["facedown:9TJ:TJ", "4BA", "TTJ"]:
        s.apply(a)
    assert s.observation(0)["last_trick"]["winner"] == 2


@pytest.mark.parametrize(
    "settlement,expected",
    [("loser_pays_winner", [-2.0, 2.0, 0.0]), ("all_pay_winner", [-2.0, 3.0, -1.0]), ("pairwise", [-3.0, 3.0, 0.0])],
)
def test_example_5_settlement_schemes(settlement: str, expected: list[float]) -> None:
    s = hukm.Ganjifa(settlement=settlement, stake=1).from_deal(EX3, leader=1)
    for a in ["9SM+5QM", "2SM", "1BA", "4SM+8QM", "name:TJ", "3TJ", "6TJ", "7SM"]:
        s.apply(a)
    assert s.returns() == expected


def test_akheri_exemption() -> None:
    # Seat 2 beats the akheri: under the exemption he pays nothing (he pays nothing here anyway),
    # and the settlement still pays him what he is owed.
    s = hukm.Ganjifa(akheri_exemption=True, settlement="pairwise").from_deal(EX3, leader=1)
    for a in ["9SM+5QM", "2SM", "1BA", "4SM+8QM", "name:TJ", "3TJ", "6TJ", "7SM"]:
        s.apply(a)
    assert s.returns() == [-3.0, 2.0, 1.0]


def test_example_2_deni_doubling_and_utari() -> None:
    """Example 2 up to the blind surrender (the blind card itself is chance)."""
    pack = hukm.pack_cards("moghul")
    hands = [
        "KGH VGH TGH 6GH VTJ 2TJ 1CH 4CH 9CH".split(),
        "9GH 5GH 2GH KTJ 8TJ VCH 2CH 6CH".split(),
        "8GH 7GH 4GH 3GH 1GH TTJ 9TJ 7TJ 3CH 5CH TCH".split(),
    ]
    other = ["SM", "SF", "SR", "BA", "QM"]
    filler: list[str] = []
    for suit in other:
        faces = "KVT987654321" if suit in ("SM", "SF") else "KV123456789T"
        weakest_first = [f + suit for f in reversed(faces)]
        hands[0] += weakest_first[:3]
        hands[1] += weakest_first[10:]
        filler += weakest_first[3:10]
    assert all(c in pack for h in hands for c in h)
    fill = set(filler) | {c for c in hands[0] if c[-2:] in other}
    while len(hands[1]) < 24:
        hands[1].append(filler.pop())
    while len(hands[2]) < 24:
        hands[2].append(filler.pop())
    deal = " ".join(hukm.format_hand(h, "moghul") for h in hands)
    s = hukm.Ganjifa().from_deal(deal, leader=0)

    def give(n: int) -> None:
        for _ in range(n):
            legal = s.legal_actions()
            s.apply(next(a for a in legal if a in fill))

    assert s.legal_actions() == ["KGH+VGH"]
    s.apply("KGH+VGH")
    give(4)
    assert sorted(s.legal_actions()) == ["deni:2TJ", "deni:4CH", "deni:9CH"]
    s.apply("deni:9CH")
    assert s.current_player == 1 and s.legal_actions() == ["double", "pass"]
    s.apply("double")
    give(1)
    assert s.legal_actions() == ["VCH"]
    s.apply("VCH")
    assert s.legal_actions() == ["2CH"]
    s.apply("2CH")
    give(2)
    assert s.legal_actions() == ["deni:2TJ"]
    s.apply("deni:2TJ")
    assert s.legal_actions() == ["KTJ"]
    s.apply("KTJ")
    give(1)
    assert s.legal_actions() == ["TGH+VTJ+1CH"]
    s.apply("TGH+VTJ+1CH")
    give(6)
    obs = s.observation(0)
    assert obs["tricks"] == [5, 3, 0]
    # The blind surrender happened by chance: seat 0 led a single card.
    assert obs["trick_detail"]["kind"] == "single" and obs["trick_detail"]["leader"] == 0
    assert obs["hand_sizes"] == [15, 16, 16]


def test_blind_pick_by_neighbour() -> None:
    s = hukm.Ganjifa(blind_pick="neighbour_index").from_deal(EX3, leader=1)
    for a in ["9SM+5QM", "2SM", "1BA", "4SM+8QM", "name:GH"]:
        s.apply(a)
    assert s.current_player == 2 and s.legal_actions() == ["pick:0"]
    s.apply("pick:0")
    assert s.observation(0)["trick_detail"]["played"][1] == "3TJ"


def test_deal_and_new_game_agree() -> None:
    g = hukm.Ganjifa(pack="moghul")
    deal = g.deal(seed=7)
    state = g.new_game(seed=7)
    assert state.hands() == deal.split()
    assert all(len(hukm.parse_hand(h, "moghul")) == 32 for h in deal.split())


@pytest.mark.parametrize(
    "options,message",
    [
        ({"pack": "french52", "players": 4}, "3 players"),
        ({"players": 5}, "players"),
        ({"lead_rules": "chatto"}, "mcleod, wilkins"),
        ({"ace": "high"}, "french52"),
        ({"pack": "french52", "ace": "high", "reverse_red": True}, "ace=low"),
        ({"reversed_set": "iran", "pack": "dashavatara"}, "moghul"),
        ({"nonsense": 1}, "valid options"),
    ],
)
def test_bad_options(options: dict[str, Any], message: str) -> None:
    with pytest.raises(hukm.OptionError, match=message):
        hukm.Ganjifa(**options)


def test_bad_positions_and_actions() -> None:
    g = hukm.Ganjifa()
    with pytest.raises(hukm.NotationError):
        g.from_deal("..74.....8 .3.9.....5")
    with pytest.raises(hukm.NotationError):
        g.from_deal("..74.....8 .3.9.....5 .6.2....1")
    with pytest.raises(hukm.StateError, match="lead King"):
        g.from_deal(EX3)
    with pytest.raises(hukm.StateError):
        g.from_deal(EX3, leader=3)
    with pytest.raises(hukm.StateError, match="wilkins"):
        g.from_deal(EX3, leader=1, phase2=True)
    s = g.from_deal(EX3, leader=1)
    before = (s.legal_actions(), str(s), s.history())
    for bad in ["9SM", "5QM", "9SM+5QM+3TJ", "deni:3TJ", "name:TJ", "double", "pick:0", "facedown:3TJ:SM", "XX", ""]:
        with pytest.raises(hukm.IllegalActionError):
            s.apply(bad)
    assert (s.legal_actions(), str(s), s.history()) == before


# --- the double-dummy value (A.14) ----------------------------------------------------------------


def test_solve_example_3_and_4() -> None:
    s = hukm.Ganjifa().from_deal(EX3, leader=1)
    # Seat 1 cashes 2 tricks; seat 2 then names the suit and takes the last trick.
    assert hukm.solve(s, player=1).value == 2
    assert hukm.solve(s, player=2).value == 1
    w = hukm.Ganjifa(lead_rules="wilkins").from_deal(EX4, leader=1, phase2=True)
    sol = hukm.solve(w, player=1)
    assert sol.actions["facedown:5TJ:QM"] <= sol.value
    assert set(sol.actions) == {"4BA", "facedown:5TJ:QM", "facedown:5TJ:TJ"}


def test_solve_expectation() -> None:
    s = hukm.Ganjifa(dd_chance="expectation").from_deal(".9......3 .5.....4. .T......6", leader=0)
    sol = hukm.solve(s, player=0)
    assert sol.value >= 0
    if sol.secondary is not None:
        assert sol.secondary.name == "expected" and sol.secondary.value is not None
        assert sol.value <= sol.secondary.value


# --- the shared battery ---------------------------------------------------------------------------


def pack_cards(options: dict[str, Any]) -> frozenset[str]:
    pack = options.get("pack", "moghul")
    if pack == "french52":
        return frozenset(c for c in hukm.pack_cards("ganjifa_french52") if c != "2D")
    return frozenset(hukm.pack_cards(pack))


def parse_name(options: dict[str, Any]) -> str:
    pack = options.get("pack", "moghul")
    return "ganjifa_french52" if pack == "french52" else pack


def ganjifa_account(options: dict[str, Any]) -> Any:
    name = parse_name(options)

    def account(state: hukm.State) -> Optional[CardAccount]:
        if state.is_terminal() or state.phase == "serkhel":
            return None
        viewer = max(state.current_player, 0)
        obs = state.observation(viewer)
        locations: dict[str, list[str]] = {}
        placed_in_hands = 0
        for i, h in enumerate(obs["cards"]):
            locations[f"hand {i}"] = hukm.parse_hand(h, name)
            placed_in_hands += len(locations[f"hand {i}"])
        for i, w in enumerate(obs["won"]):
            locations[f"won {i}"] = hukm.parse_hand(w, name)
        hidden = sum(obs["hand_sizes"]) - placed_in_hands
        trick = obs["trick_detail"]
        pairs: list[list[Any]] = []  # what ``trick`` must show: visible cards in play order
        if trick is not None:
            for i, t in enumerate(trick["played"]):
                if t == "?":
                    hidden += 1
                elif t:
                    locations[f"trick {i}"] = t.split("+")
            n = len(trick["played"])
            for k in range(n):
                seat = (trick["leader"] + k) % n
                t = trick["played"][seat]
                if t and t != "?":
                    pairs += [[seat, c] for c in t.split("+")]
        assert obs["trick"] == pairs, (obs["trick"], trick)
        return CardAccount(locations, unseen=hidden)

    return account


BATTERY: list[dict[str, Any]] = [
    {"pack": "moghul", "players": 3, "rounds": 1},
    {"pack": "moghul", "players": 4, "rounds": 2, "handicap": "exchange", "lead_rules": "wilkins", "serkhel": True},
    {"pack": "dashavatara", "players": 3, "rounds": 1, "blind_pick": "neighbour_index", "face_up_batches": True},
    {"pack": "dashavatara", "players": 4, "rounds": 2, "handicap": "won_cards", "period": "night"},
    {"pack": "french52", "players": 3, "rounds": 2, "reverse_red": True, "match_end": "akheri", "max_rounds": 3},
    {"pack": "french52", "players": 3, "rounds": 1, "ace": "high", "follow_rule": "must_beat_if_able"},
    {"pack": "moghul", "players": 3, "rounds": 1, "reversed_set": "iran", "step1_grouping": "one_suit", "deni_mandatory": False},
]


def spec_for(options: dict[str, Any]) -> GameSpec:
    return GameSpec(
        name=f"ganjifa{options}",
        make_game=lambda: hukm.Ganjifa(**options),
        pack=pack_cards(options),
        max_actions=6_000,
        account=ganjifa_account(options),
        vocabulary=("double", "pass", "blind", "name:XX", "pick:99", "deni:", "facedown:", "challenge:9", "give:"),
    )


@pytest.mark.parametrize("options", BATTERY, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_battery(options: dict[str, Any]) -> None:
    spec = spec_for(options)
    actions = run_battery(spec, seed=11, walk_seed=5, check_rate=0.05)
    check_determinism(spec, 11, actions, every=37)
    check_seeds_differ(spec, [1, 2, 3])


def test_random_matches_zero_sum() -> None:
    rng = random.Random(3)
    for options in BATTERY:
        g = hukm.Ganjifa(**options)
        s = g.new_game(seed=rng.randrange(1000))
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        assert abs(sum(s.returns())) < 1e-9


def test_cli_deal_ganjifa(capsys: pytest.CaptureFixture[str]) -> None:
    from hukm.cli import main

    assert main(["deal", "ganjifa", "--pack", "moghul", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Ghulam (GH)" in out and "Qomash (QM)" in out
    deal = next(ln for ln in out.splitlines() if ln.startswith("deal: "))[len("deal: ") :]
    assert deal == hukm.Ganjifa().deal(seed=7)
    cards = [c for h in deal.split() for c in hukm.parse_hand(h, "moghul")]
    assert len(cards) == len(set(cards)) == 96
    assert main(["deal", "dugi", "--pack", "dashavatara", "--seed", "1"]) == 0
    assert "Rama (RA)" in capsys.readouterr().out
    assert main(["deal", "ganjifa", "--pack", "french52", "--seed", "1"]) == 0
