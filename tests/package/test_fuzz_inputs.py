"""No input crashes the engine: random text given to every parser and to
``from_deal`` and ``apply`` raises a ``ValueError`` or works, never anything else
(a Rust panic would surface as ``PanicException``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import hukm

TEXT = st.text(alphabet="AKQJT98765432SHDCshdcRMVGBPU.:- \t10+/x", max_size=70)
PACKS = st.sampled_from(["french52", "french32", "moghul", "moghul_iran", "dashavatara", "dashavatara_bk", "ganjifa_french52"])
PRESETS = st.sampled_from(["hokm4", "hokm3", "hokm2", "double_sar", "dummy_rang", "satat", "be_ranga", "dehla_pakad"])


def only_value_errors(f) -> None:  # type: ignore[no-untyped-def]
    try:
        f()
    except ValueError:
        pass


@settings(max_examples=400, deadline=None)
@given(text=TEXT, pack=PACKS, players=st.integers(-3, 20))
def test_parsers(text: str, pack: str, players: int) -> None:
    only_value_errors(lambda: hukm.parse_hand(text, pack))
    only_value_errors(lambda: hukm.parse_deal(text, players, pack))
    only_value_errors(lambda: hukm.format_hand(text.split(), pack))


@settings(max_examples=300, deadline=None)
@given(
    text=TEXT,
    preset=PRESETS,
    trump=st.sampled_from(["S", "h", "N", "nt", None, "X", ""]),
    leader=st.integers(-2, 5),
    won=st.one_of(st.none(), st.lists(st.integers(-1, 20), max_size=4)),
    heap=st.one_of(st.none(), st.integers(-1, 14)),
)
def test_from_deal(text: str, preset: str, trump: str | None, leader: int, won: list[int] | None, heap: int | None) -> None:
    game = hukm.Hokm(preset)
    only_value_errors(lambda: game.from_deal(text, trump=trump, leader=leader, tricks_won=won, heap=heap))


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), preset=PRESETS, junk=st.lists(TEXT, max_size=8), steps=st.integers(0, 60))
def test_apply_junk(seed: int, preset: str, junk: list[str], steps: int) -> None:
    state = hukm.Hokm(preset).new_game(seed)
    for i in range(steps):
        if state.is_terminal():
            break
        for j in junk:
            for prefix in ("", "bid:", "give:", "indicator:", "discard:", "trump:"):
                s = state.clone()
                only_value_errors(lambda: s.apply(prefix + j))
        legal = state.legal_actions()
        state.apply(legal[(seed + i) % len(legal)])
