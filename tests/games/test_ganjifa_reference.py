"""Individual Ganjifa against the independent reference ``tests/reference/ganjifa_ref.py``:
legal actions along random play, perft counts (multi-card leads, deni, the end phase's naming,
the blind surrender, Wilkins' face-down leads and the following rules), stored perft counts, and
the double-dummy value (A.14) against plain minimax on small endgames."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import hukm
from battery import engine_perft
from reference import ganjifa_ref as ref

DATA = Path(__file__).resolve().parent.parent / "data" / "perft_ganjifa.txt"


def random_position(rng: random.Random) -> tuple[list[list[str]], int, dict[str, Any], bool]:
    """A small random position: few suits (so denis and hukm runs happen) and random options."""
    n = rng.choice([3, 4])
    k = rng.choice([2, 3, 3, 4])
    suits = rng.sample(ref.SUITS, rng.choice([2, 3, 4]))
    pool = [f + s for s in suits for f in "KVT987654321"]
    cards = rng.sample(pool, n * k)
    hands = [cards[i * k : (i + 1) * k] for i in range(n)]
    options: dict[str, Any] = {
        "lead_rules": rng.choice(["mcleod", "mcleod", "wilkins"]),
        "deni_mandatory": rng.random() < 0.8,
        "deni_doubling": rng.random() < 0.8,
        "end_phase_threshold": rng.choice([0, 1, 2, 12]),
        "follow_rule": rng.choice(["free", "free", "must_beat_if_able"]),
        "step1_grouping": rng.choice(["all_suits", "one_suit"]),
    }
    if options["lead_rules"] == "wilkins" and rng.random() < 0.3:
        options["end_phase"] = True
    phase2 = options["lead_rules"] == "wilkins" and rng.random() < 0.6
    return hands, rng.randrange(n), options, phase2


def engine(hands: list[list[str]], leader: int, options: dict[str, Any], phase2: bool, **extra: Any) -> hukm.State:
    n = len(hands)
    deal = " ".join(hukm.format_hand(h, "moghul") for h in hands)
    return hukm.Ganjifa(players=n, blind_pick="neighbour_index", **options, **extra).from_deal(deal, leader=leader, phase2=phase2)


def test_legal_actions_agree_along_random_play() -> None:
    rng = random.Random(20)
    checked = 0
    for _ in range(150):
        hands, leader, options, phase2 = random_position(rng)
        s = engine(hands, leader, options, phase2)
        r = ref.Pos(hands, leader, options, phase2)
        while not s.is_terminal():
            mine = sorted(s.legal_actions())
            theirs = sorted(r.legal())
            assert mine == theirs, (hands, leader, options, s.history(), str(s))
            assert s.current_player == r.current()
            a = rng.choice(mine)
            s.apply(a)
            if a.startswith("pick:"):
                # The engine picks from a shuffled row: follow the card it turned up.
                led = s.observation(0)["trick_detail"]["played"][r.leader]
                a = f"pick:{sorted(r.hands[r.leader], key=ref.key).index(led)}"
            r.apply(a)
            checked += 1
        assert r.step == "done"
        assert s.observation(0)["tricks"] == r.tricks
    assert checked > 1000


def read_perft() -> list[tuple[str, int, dict[str, Any], bool, int, int]]:
    rows = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        deal, leader, opts, phase2, depth, count = line.split("|")
        options: dict[str, Any] = {}
        for kv in opts.split(","):
            if kv:
                k, v = kv.split("=")
                options[k] = v
        rows.append((deal, int(leader), options, phase2 == "1", int(depth), int(count)))
    return rows


def parse_options(options: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in options.items():
        out[k] = {"on": True, "off": False}.get(v, int(v) if v.isdigit() else v)
    return out


def test_stored_perft_counts() -> None:
    rows = read_perft()
    assert len(rows) >= 20
    for deal, leader, options, phase2, depth, count in rows:
        hands = [hukm.parse_hand(h, "moghul") for h in deal.split()]
        opts = parse_options(options)
        assert ref.perft(ref.Pos(hands, leader, opts, phase2), depth) == count, deal
        assert engine_perft(engine(hands, leader, opts, phase2), depth) == count, deal


@pytest.mark.parametrize("expectation", [False, True])
def test_dd_against_minimax(expectation: bool) -> None:
    rng = random.Random(7 + expectation)
    done = 0
    while done < 8:
        hands, leader, options, phase2 = random_position(rng)
        if len(hands[0]) > (3 if len(hands) == 3 else 2):
            continue
        done += 1
        extra = {"dd_chance": "expectation"} if expectation else {}
        s = engine(hands, leader, options, phase2, **extra)
        for focal in range(len(hands)):
            want = ref.dd_value(ref.Pos(hands, leader, options, phase2), focal, expectation)
            sol = hukm.solve(s, player=focal)
            got = sol.secondary.value if sol.secondary is not None else sol.value
            assert got is not None
            assert abs(got - want) < 1e-9, (hands, leader, options, phase2, focal, got, want)
