"""Perft counts of Thunee positions (normal hands with their Jodhi and last-trick
windows, Thunee and Royals, undercut and claim options, six and two players)
against ``tests/data/perft_thunee.txt``, produced by the independent reference
``tests/reference/thunee_ref.py`` (written from ``docs/rules/thunee.md`` alone); the
smallest positions are also recounted by the reference here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import hukm
from battery import engine_perft
from reference.thunee_ref import GAMES
from reference.thunee_ref import perft as ref_perft
from reference.thunee_ref import position

DATA = Path(__file__).resolve().parent.parent / "data" / "perft_thunee.txt"
LINES = [line.split(";") for line in DATA.read_text().splitlines() if line and not line.startswith("#")]


def keywords(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in [] if text == "-" else text.split(","):
        k, v = part.split("=", 1)
        out[k] = v if k in ("trump", "stock") else int(v)
    return out


def engine_state(line: list[str]) -> hukm.State:
    name, deal, kw = line[0], line[1], keywords(line[2])
    preset, options, _ = GAMES[name]
    return hukm.Thunee(preset, **options).from_deal(deal, **kw)


@pytest.mark.parametrize("line", LINES, ids=lambda ln: f"{ln[0]}-{ln[3]}-{ln[4]}")
def test_perft(line: list[str]) -> None:
    depth = line[3]
    assert engine_perft(engine_state(line), None if depth == "end" else int(depth)) == int(line[4])


@pytest.mark.parametrize("line", [ln for ln in LINES if int(ln[4]) <= 3000][:8], ids=lambda ln: f"{ln[0]}-{ln[4]}")
def test_reference_reproduces_the_file(line: list[str]) -> None:
    name, deal, kw = line[0], line[1], keywords(line[2])
    rules = GAMES[name][2]
    h = position(
        rules,
        deal,
        trump=kw.get("trump"),
        trumper=kw.get("trumper", 1),
        caller=kw.get("thunee", kw.get("royals")),
        royals="royals" in kw,
        stock=kw.get("stock"),
    )
    depth = line[3]
    assert ref_perft(h, None if depth == "end" else int(depth)) == int(line[4])


def test_file_covers_every_kind() -> None:
    assert {ln[0] for ln in LINES} == set(GAMES)
    kinds = {k.split("=")[0] for ln in LINES for k in ln[2].split(",")}
    assert {"trump", "thunee", "royals", "stock"} <= kinds
    assert len(LINES) >= 30
