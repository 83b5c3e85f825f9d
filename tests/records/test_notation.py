"""Cards, hands and deals in every pack's notation (docs/rules/index.md "Shared notation"), and
the errors for bad input through ``hukm.parse_hand`` / ``parse_deal`` / ``Hokm.from_deal``.

The expected packs are written out here from the rules files (suit orders of
docs/rules/index.md, rank orders of docs/rules/hokm.md §3, docs/rules/twenty_eight.md §3,
docs/rules/ganjifa.md A.3.1/A.3.2, docs/rules/dashavatara.md), not read from the engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hukm

FRENCH = "SHDC"
GANJIFA_NORMAL = "KVT987654321"
GANJIFA_REVERSED = "KV123456789T"
MOGHUL_SUITS = ["GH", "TJ", "SM", "SF", "SR", "CH", "BA", "QM"]
DASHAVATARA_SUITS = ["MA", "KU", "VA", "NA", "VM", "PA", "RA", "KR", "BU", "KA"]
DASHAVATARA_BK_SUITS = ["MA", "KU", "VA", "NA", "VM", "PA", "RA", "BL", "KR", "KA"]


def suits_of(pack: str) -> list[tuple[str, str]]:
    """(suit code, ranks strongest first) for each suit of a pack, from the rules files."""
    if pack == "french52":
        return [(s, "AKQJT98765432") for s in FRENCH]
    if pack == "french32":
        return [(s, "J9ATKQ87") for s in FRENCH]
    if pack == "ganjifa_french52":
        return [(s, "KQJT98765432A") for s in FRENCH]
    if pack == "moghul":
        rev = {"SR", "CH", "BA", "QM"}
        return [(s, GANJIFA_REVERSED if s in rev else GANJIFA_NORMAL) for s in MOGHUL_SUITS]
    if pack == "moghul_iran":
        rev = {"SF", "CH", "BA", "QM"}
        return [(s, GANJIFA_REVERSED if s in rev else GANJIFA_NORMAL) for s in MOGHUL_SUITS]
    if pack in ("dashavatara", "dashavatara_bk"):
        suits = DASHAVATARA_SUITS if pack == "dashavatara" else DASHAVATARA_BK_SUITS
        return [(s, GANJIFA_REVERSED if i < 5 else GANJIFA_NORMAL) for i, s in enumerate(suits)]
    raise KeyError(pack)


PACKS = ["french52", "french32", "ganjifa_french52", "moghul", "moghul_iran", "dashavatara", "dashavatara_bk"]
SIZES = {"french52": 52, "french32": 32, "ganjifa_french52": 52, "moghul": 96, "moghul_iran": 96,
         "dashavatara": 120, "dashavatara_bk": 120}


def expected_cards(pack: str) -> list[str]:
    """Every card of a pack in hand order (suit order, strongest first)."""
    return [r + s for s, ranks in suits_of(pack) for r in ranks]


def compact(pack: str, cards: set[str]) -> str:
    """Our own compact form of a hand (empty suit = nothing)."""
    return ".".join("".join(r for r in ranks if r + s in cards) for s, ranks in suits_of(pack))


def labelled(pack: str, cards: set[str]) -> str:
    """Our own labelled form (``S:AKQ H:T9 D:- C:5432``)."""
    parts = []
    for s, ranks in suits_of(pack):
        held = "".join(r for r in ranks if r + s in cards)
        parts.append(f"{s}:{held or '-'}")
    return " ".join(parts)


@pytest.mark.parametrize("pack", PACKS)
def test_pack_cards(pack: str) -> None:
    """The pack holds exactly the cards of the rules, in hand order."""
    assert hukm.pack_cards(pack) == expected_cards(pack)
    assert len(expected_cards(pack)) == SIZES[pack]


@pytest.mark.parametrize("pack", PACKS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(0, 20))
def test_hand_round_trip(pack: str, seed: int, size: int) -> None:
    """Random hands: format -> our compact form -> parse -> the same cards, labelled too."""
    cards = set(random.Random(seed).sample(expected_cards(pack), size))
    text = hukm.format_hand(sorted(cards), pack=pack)
    assert text == compact(pack, cards)
    assert set(hukm.parse_hand(text, pack=pack)) == cards
    assert hukm.parse_hand(text, pack=pack) == [c for c in expected_cards(pack) if c in cards]
    assert set(hukm.parse_hand(labelled(pack, cards), pack=pack)) == cards
    assert hukm.format_hand(sorted(cards), pack=pack, labelled=True) == labelled(pack, cards)


@pytest.mark.parametrize("pack", PACKS)
def test_deal_round_trip(pack: str) -> None:
    """A whole pack dealt to four seats parses back hand by hand."""
    cards = expected_cards(pack)
    random.Random(1).shuffle(cards)
    n = len(cards) // 4
    hands = [set(cards[i * n : (i + 1) * n]) for i in range(4)]
    text = " ".join(compact(pack, h) for h in hands)
    parsed = hukm.parse_deal(text, 4, pack=pack)
    assert [set(h) for h in parsed] == hands


def test_examples_from_the_rules() -> None:
    """The hands written in the rules files."""
    assert hukm.parse_hand("AKQ.T9..5432") == ["AS", "KS", "QS", "TH", "9H"] + [r + "C" for r in "5432"]
    assert hukm.parse_hand("AKQ.T9.-.5432") == hukm.parse_hand("AKQ.T9..5432")
    assert hukm.parse_hand("S:AKQ H:T9 D:- C:5432") == hukm.parse_hand("AKQ.T9..5432")
    assert hukm.format_hand(hukm.parse_hand("J9..AT8.KQ7", pack="french32"), pack="french32") == "J9..AT8.KQ7"
    moghul = hukm.parse_hand("KVT6....KV3.149..", pack="moghul")
    assert moghul == ["KGH", "VGH", "TGH", "6GH", "KSR", "VSR", "3SR", "1CH", "4CH", "9CH"]


@pytest.mark.parametrize(
    "text,pack,needle",
    [
        ("AKX.T9..5432", "french52", "X"),  # unknown rank
        ("AKQ.T9..5432.2", "french52", "5"),  # five suit groups for a four-suit pack
        ("AKQ.T9.5432", "french52", "3"),  # three groups
        ("AKA.T9..5432", "french52", "A"),  # duplicated card
        ("KQA.T9..5432", "french52", "order"),  # ranks out of order are accepted or named
        ("S:AKQ X:T9 D:- C:5432", "french52", "X"),  # unknown suit label
        ("A5J.-.-.-", "french32", "5"),  # a five is not in the 32-card pack
        ("KV0.......", "moghul", "0"),  # unknown Ganjifa rank
    ],
)
def test_bad_hands_raise_notation_error(text: str, pack: str, needle: str) -> None:
    """Bad hands raise NotationError (a ValueError) whose message names the problem."""
    if needle == "order":
        try:
            cards = hukm.parse_hand(text, pack=pack)
        except hukm.NotationError as err:
            assert str(err)
        else:  # accepted in any order: the cards must still be right
            assert sorted(cards) == sorted(hukm.parse_hand("AKQ.T9..5432"))
        return
    with pytest.raises(hukm.NotationError) as info:
        hukm.parse_hand(text, pack=pack)
    assert isinstance(info.value, ValueError)
    assert needle in str(info.value), str(info.value)


GOOD = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"


@pytest.mark.parametrize(
    "deal,words",
    [
        (GOOD.replace("AKJ64", "AKX64"), ["X", "seat 0"]),  # unknown rank, where
        (GOOD.replace("AKJ64.J4.QT2.A82", "AKJ64.J4.QT2"), ["seat 0"]),  # wrong number of suits
        (GOOD.replace("875", "87A"), ["AS"]),  # duplicated card
        (" ".join(GOOD.split()[:3]), ["3", "4"]),  # wrong number of hands
        (GOOD.replace("A82", "A8"), ["12", "13"]),  # unequal hands
        (GOOD + " AKQ...", ["5", "4"]),  # five hands for four seats
    ],
)
def test_bad_deals_through_from_deal(deal: str, words: list[str]) -> None:
    """from_deal refuses bad deals with a NotationError naming what and where."""
    with pytest.raises(hukm.NotationError) as info:
        hukm.Hokm("hokm4").from_deal(deal, trump="S", leader=0)
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value), str(info.value)


def test_hokm3_deal_with_the_removed_two_is_refused() -> None:
    """hokm3 plays without 2C (removed_two default): a deal holding it is inconsistent."""
    with pytest.raises(hukm.NotationError) as info:
        hukm.Hokm("hokm3").from_deal("..A.2 AK... .AK..", trump="S", leader=0)
    assert "2C" in str(info.value)
    hukm.Hokm("hokm3").from_deal("..A.3 AK... .AK..", trump="S", leader=0)


@pytest.mark.parametrize(
    "kwargs,error",
    [
        ({"trump": "X"}, hukm.NotationError),
        ({"leader": 4}, hukm.StateError),
        ({"leader": -1}, hukm.StateError),
        ({"hakem": 7}, hukm.StateError),
        ({"tricks_won": [1, 2, 3]}, hukm.StateError),
    ],
)
def test_bad_from_deal_arguments(kwargs: dict[str, Any], error: type) -> None:
    """Bad trump, seats and trick counts are refused with a ValueError subclass."""
    args: dict[str, Any] = {"trump": "S", "leader": 0}
    args.update(kwargs)
    with pytest.raises(error) as info:
        hukm.Hokm("hokm4").from_deal(GOOD, **args)
    assert isinstance(info.value, ValueError) and isinstance(info.value, hukm.HukmError)


def test_parsers_never_crash() -> None:
    """Random byte strings give a card list or a NotationError, never anything else."""
    rng = random.Random(5)
    alphabet = "AKQJT98765432SHDC.-: \t\nXx+10"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 24)))
        for call in (lambda: hukm.parse_hand(text), lambda: hukm.parse_deal(text, 4)):
            try:
                call()
            except hukm.NotationError:
                pass


@pytest.mark.parametrize("seat", [4, -1, 99])
def test_observation_of_a_bad_seat(seat: int) -> None:
    """Asking for a seat that does not exist is a StateError (a ValueError)."""
    state = hukm.Hokm("hokm4").from_deal(GOOD, trump="S", leader=0)
    with pytest.raises(hukm.StateError):
        state.observation(seat)


def test_non_string_actions_are_refused() -> None:
    """A non-string action never changes the state (TypeError or IllegalActionError)."""
    state = hukm.Hokm("hokm4").from_deal(GOOD, trump="S", leader=0)
    before = (str(state), state.history(), state.legal_actions())
    for bad in (None, 5, b"AS", ["AS"]):
        with pytest.raises((TypeError, hukm.IllegalActionError)):
            state.apply(bad)  # type: ignore[arg-type]
        assert (str(state), state.history(), state.legal_actions()) == before
