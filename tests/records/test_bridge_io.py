"""Bridge conventions at hukm's edges: PBN's first-seat prefix (``N:`` / ``E:`` / ``S:`` /
``W:``) in deals, and ``dd_table(deal, layout="declarer")`` (DDS's ``CalcDDtable``
layout), checked cell for cell against DDS through ``endplay``.

N, E, S, W are hukm's seats 0, 1, 2, 3 (play order)."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest

import hukm
import hukm.cli

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")
Deal = endplay_types.Deal

GAME = hukm.Hokm("hokm4")
SEATS = "NESW"


def random_hands(rng: random.Random, cards: int = 13) -> list[str]:
    pack = hukm.pack_cards("french52")
    rng.shuffle(pack)
    return [hukm.format_hand(pack[i * 13 : i * 13 + cards]) for i in range(4)]


def prefixed(hands: list[str], first: int) -> str:
    """The deal written PBN's way from seat ``first``: ``E:`` then E's, S's, W's and N's hands."""
    return SEATS[first] + ":" + " ".join(hands[(first + i) % 4] for i in range(4))


def test_declarer_tables_equal_dds() -> None:
    """100 random deals given with an ``N:`` prefix: ``layout="declarer"`` equals
    endplay's ``calc_dd_table`` cell for cell (rows S, H, D, C, NT; columns
    declarer N, E, S, W)."""
    rng = random.Random(20261201)
    deals = ["N:" + " ".join(random_hands(rng)) for _ in range(100)]
    t0 = time.perf_counter()
    ours = [GAME.dd_table(d, threads=2, layout="declarer") for d in deals]
    took = time.perf_counter() - t0
    refs = []
    for i in range(0, len(deals), 25):  # DDS's CalcAllTables takes at most 32 deals
        refs.extend(endplay_dds.calc_all_tables([Deal(d) for d in deals[i : i + 25]]))
    for d, t, ref in zip(deals, ours, refs):
        expected = np.array(ref.to_list())
        assert t.shape == (5, 4)
        assert (t == expected).all(), f"{d}\nhukm\n{t}\nDDS\n{expected}"
    print(f"100 declarer tables on 2 threads: {took:.1f} s")


def test_declarer_layout_is_the_leader_layout_turned() -> None:
    rng = random.Random(7)
    for cards in (5, 13):
        deal = " ".join(random_hands(rng, cards))
        lead = GAME.dd_table(deal, threads=2)
        decl = GAME.dd_table(deal, threads=2, layout="declarer")
        for s in range(5):
            for d in range(4):
                assert decl[s][d] == cards - lead[s][(d + 1) % 4]
    with pytest.raises(hukm.OptionError, match="layout"):
        GAME.dd_table(deal, layout="east")


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_prefixes_give_the_rotated_deal(first: int) -> None:
    """``from_deal`` and ``dd_table`` read ``X:`` deals as the plain deal rotated."""
    rng = random.Random(first)
    for cards in (4, 7):
        hands = random_hands(rng, cards)
        plain = " ".join(hands)
        deal = prefixed(hands, first)
        assert hukm.parse_deal(deal, 4) == hukm.parse_deal(plain, 4)
        assert hukm.parse_deal(deal.lower()[:2] + deal[2:], 4) == hukm.parse_deal(plain, 4)
        for trump in ["S", None]:
            for leader in range(4):
                a = GAME.from_deal(deal, trump=trump, leader=leader)
                b = GAME.from_deal(plain, trump=trump, leader=leader)
                assert a.hands() == b.hands() == hands
                assert a.legal_actions() == b.legal_actions()
                sa, sb = hukm.solve(a), hukm.solve(b)
                assert (sa.value, sa.actions) == (sb.value, sb.actions)
        for layout in ("leader", "declarer"):
            assert (GAME.dd_table(deal, threads=2, layout=layout) == GAME.dd_table(plain, threads=2, layout=layout)).all()
    # The other whist presets read prefixes the same way.
    for preset in ("court_piece", "single_sar"):
        g = hukm.Hokm(preset)
        assert g.from_deal(deal, trump="H", leader=2).hands() == g.from_deal(plain, trump="H", leader=2).hands()


def test_cli_solve_accepts_prefixes(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(99)
    hands = random_hands(rng, 8)
    plain = " ".join(hands)
    assert hukm.cli.main(["solve", "hokm", plain, "--trump", "S", "--leader", "1"]) == 0
    expected = capsys.readouterr().out
    assert "double-dummy value" in expected
    for first in range(4):
        deal = prefixed(hands, first)
        assert hukm.cli.main(["solve", "hokm", deal, "--trump", "S", "--leader", "1"]) == 0
        out = capsys.readouterr()
        assert out.out == expected, deal
        assert out.err == ""


def test_cli_solve_full_deal_with_east_first(capsys: pytest.CaptureFixture[str]) -> None:
    deal = "E:AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
    assert hukm.cli.main(["solve", "hokm", deal, "--trump", "S", "--leader", "1"]) == 0
    out = capsys.readouterr().out
    s = GAME.from_deal(deal, trump="S", leader=1)
    assert s.hands()[1] == "AKJ64.J4.QT2.A82"  # E's hand is seat 1's
    assert f"double-dummy value: exact {hukm.solve(s, 1).value} tricks" in out


def test_prefix_on_three_hands_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    three = hukm.Hokm("hokm3")
    deal = "A.. K.. Q..".replace("..", "...")
    three.from_deal(deal, trump=None, leader=0)
    for first in SEATS:
        with pytest.raises(hukm.NotationError, match="prefix"):
            three.from_deal(f"{first}:{deal}", trump=None, leader=0)
        with pytest.raises(hukm.NotationError, match="prefix"):
            hukm.parse_deal(f"{first}:{deal}", 3)
    assert hukm.cli.main(["solve", "hokm3", "E:" + deal, "--trump", "S"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hukm: ") and "prefix" in err and err.count("\n") == 1
    # A four-hand prefix needs four hands, and X: is no seat.
    with pytest.raises(hukm.NotationError):
        GAME.from_deal("E:A... K... Q...", trump=None, leader=0)
    with pytest.raises(hukm.NotationError):
        GAME.from_deal("X:A... K... Q... J...", trump=None, leader=0)
    with pytest.raises(hukm.NotationError):
        GAME.dd_table("E:A... K... Q...")
