"""Speed of the pictures (``hukm.svg.render``): renders per second and microseconds per card
on the table, for a 4-hand Hokm table (trick play, 52 cards) and a 3-hand Ganjifa table (the
opening, 96 cards), god's-eye, and for the Hokm table with one viewer.

The time is Python's: reading the state (hands, observations, layout) and building the SVG
text; card faces are cached after the first picture, as in a notebook or a server drawing
many states of one game. The target is well under a millisecond per card.

Run: ``pytest benches/bench_svg.py --benchmark-only`` (``HUKM_BENCH_SHORT=1`` for fewer
rounds). The rates are printed; timing never fails the run.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from typing import Any, Callable, Optional

import pytest

import hukm
import hukm.svg

SHORT = os.environ.get("HUKM_BENCH_SHORT", "") not in ("", "0")
pytestmark = pytest.mark.bench

ROUNDS = 10 if SHORT else 60
ITERATIONS = 2 if SHORT else 5

DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"


def hokm_table() -> hukm.State:
    """Four full hands of Hokm after the first card (51 in hands, 1 in the trick)."""
    state = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    state.apply("AS")
    return state


def ganjifa_table() -> hukm.State:
    """A Ganjifa match at its first lead: three hands of 32 cards."""
    return hukm.Ganjifa().new_game(seed=7)


TABLES: dict[str, tuple[Callable[[], hukm.State], Optional[int]]] = {
    "hokm4": (hokm_table, None),
    "hokm4_viewer": (hokm_table, 0),
    "ganjifa3": (ganjifa_table, None),
}


def cards_on_table(svg: str) -> int:
    """Card elements in a picture (face up or down)."""
    root = ET.fromstring(svg)
    return sum(1 for e in root.iter() if (e.get("class") or "").split(" ")[0] == "card")


@pytest.mark.parametrize("name", sorted(TABLES))
def test_render_speed(benchmark: Any, record: Callable[[str, float], None],
                      capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Renders per second and microseconds per card of one table."""
    make, viewer = TABLES[name]
    state = make()
    svg = hukm.svg.render(state, viewer=viewer)  # warm the face cache
    cards = cards_on_table(svg)
    benchmark.pedantic(lambda: hukm.svg.render(state, viewer=viewer), rounds=ROUNDS,
                       iterations=ITERATIONS, warmup_rounds=1)
    median = float(benchmark.stats.stats.median)
    per_card_us = median * 1e6 / cards
    benchmark.extra_info.update(cards=cards, renders_per_s=1 / median, us_per_card=per_card_us)
    record(f"svg_{name}_renders_per_s", 1 / median)
    record(f"svg_{name}_us_per_card", per_card_us)
    with capsys.disabled():
        print(f"\n  svg {name:<13} {cards:3d} cards  {1 / median:8.1f} renders/s  "
              f"{median * 1e3:7.2f} ms/render  {per_card_us:6.1f} us/card")
