"""The table laid out for a phone (:mod:`hukm.svg.compact`): every word at least 13 units
(12 CSS px when the 400-unit picture is shown 370 px wide and more), nothing outside the
picture's width, the same cards with the same marks as the wide table, the own hand at
the bottom and the other seats as badges with their card counts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import hukm
import hukm.svg
from hukm.i18n import translator
from hukm.registry import games
from hukm.svg.compact import PHONE_WIDTH, SMALLEST, compact_height, paint_compact
from hukm.svg.paint import paint
from hukm.svg.scene import build
from hukm.web.tables import Table

NS = "{http://www.w3.org/2000/svg}"
SCALE = re.compile(r"scale\(([\d.]+)\)")
TRANSLATE = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)")


def texts(svg: str) -> list[tuple[str, float, float]]:
    """Every text with words: its words, its drawn size (font size times the scales
    around it) and its x on the picture."""
    out: list[tuple[str, float, float]] = []

    def walk(node: ET.Element, scale: float, dx: float) -> None:
        t = node.get("transform", "")
        m, tr = SCALE.search(t), TRANSLATE.search(t)
        here = scale * (float(m.group(1)) if m else 1.0)
        x0 = dx + (scale * float(tr.group(1)) if tr else 0.0)
        if node.tag == NS + "text" and "".join(node.itertext()).strip():
            out.append(("".join(node.itertext()), float(node.get("font-size", "0")) * here,
                        x0 + here * float(node.get("x", "0"))))
        for child in node:
            walk(child, here, x0)

    walk(ET.fromstring(svg), 1.0, 0.0)
    return out


def marks(svg: str) -> list[tuple[str, ...]]:
    return sorted(re.findall(r'<g class="card[^"]*"(?: data-card="([^"]*)")? data-seat="(\d+)"[^>]* data-role="(\w+)"',
                             svg))


def positions(preset: str, upto: int = 60, every: int = 7) -> list[hukm.State]:
    t = Table.create({"game": preset, "seed": 2, "human": []})
    while t.steps < upto and not t.state().is_terminal():
        t.bot_move()
    return [t.state(k) for k in range(0, t.steps + 1, every)] + [t.state()]


@pytest.mark.parametrize("preset", [g.name for g in games()])
def test_every_word_readable_and_the_same_cards(preset: str) -> None:
    for k, s in enumerate(positions(preset)):
        for viewer, lang in ((0, "en"), (None, "fa"), (s.num_players - 1, "hi")):
            scene = build(s, viewer, tr=translator(lang))
            wide = paint(scene)
            svg = paint_compact(scene)
            assert f'viewBox="0 0 {PHONE_WIDTH} ' in svg
            small = [(w, round(size, 2)) for w, size, _ in texts(svg) if size < SMALLEST - 1e-6]
            assert not small, (preset, k, viewer, lang, small)
            # the same cards face up, with the same marks; a seat drawn as a badge has
            # the number of cards the wide table shows it (face down)
            assert [m for m in marks(svg) if m[0]] == [m for m in marks(wide) if m[0]], (preset, k, viewer, lang)
            for seat, n in re.findall(r'<g class="seat badge" data-seat="(\d+)" data-cards="(\d+)">', svg):
                held = [m for m in marks(wide) if m[1] == seat and m[2] == "hand"]
                assert len(held) == int(n) and not any(m[0] for m in held), (preset, k, seat)
            for words, _, x in texts(svg):
                assert -1 <= x <= PHONE_WIDTH + 1, (preset, k, words, x)
            tall = re.search(r'viewBox="0 0 400 ([\d.]+)"', svg)
            assert tall and abs(float(tall.group(1)) - compact_height(scene)) < 0.1


def test_the_phone_table_of_a_hokm_hand() -> None:
    """Seat 0's hand at the bottom, large (its cards drawn 1.2 times and more); seats 1-3 as
    badges with their card counts, seat 1 on the right; the trick on the felt in play order."""
    s = hukm.game("hokm4").new_game(7)
    for a in ["trump:D", "2C"]:
        s.apply(a)
    svg = paint_compact(build(s, 0))
    badges = re.findall(r'<g class="seat badge" data-seat="(\d)" data-cards="(\d+)">', svg)
    assert badges == [("3", "12"), ("2", "13"), ("1", "13")]
    assert "12 cards" in svg and "13 cards" in svg
    hand = re.findall(r'data-seat="0" data-role="hand" transform="translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)"',
                      svg)
    assert len(hand) == 13 and min(float(k) for _, _, k in hand) >= 1.2
    trick = re.findall(r'data-card="2C" data-seat="3" data-role="trick" transform="translate\(([\d.]+) ([\d.]+)\)', svg)
    assert trick and float(trick[0][0]) < PHONE_WIDTH / 2  # seat 3 sits on the left
    top_of_hand = min(float(y) for _, y, _ in hand)
    assert top_of_hand > float(trick[0][1])
    # A right-to-left picture is the mirror image: seat 3 on the right.
    fa = paint_compact(build(s, 0, tr=translator("fa")))
    x = re.findall(r'data-card="2C" data-seat="3" data-role="trick" transform="translate\(([\d.]+)', fa)
    assert float(x[0]) > PHONE_WIDTH / 2 and 'direction="rtl"' in fa


def test_a_taller_picture_stretches_the_felt() -> None:
    s = hukm.game("hokm4").new_game(3)
    scene = build(s, 0)
    need = compact_height(scene)
    svg = paint_compact(scene, height=need + 300)
    tall = re.search(r'viewBox="0 0 400 ([\d.]+)"', svg)
    assert tall and abs(float(tall.group(1)) - need - 300) < 0.1
    felt = re.search(r'<rect x="6" y="([\d.]+)" width="388" height="([\d.]+)" rx="18"', svg)
    assert felt and float(felt.group(2)) >= 300


def test_render_and_the_page_ask_for_it() -> None:
    s = hukm.game("hokm4").new_game(7)
    assert hukm.svg.render(s, viewer=0, layout="phone") == paint_compact(build(s, 0))
    assert 'viewBox="0 0 1280 720"' in hukm.svg.render(s, viewer=0)
    with pytest.raises(hukm.StateError, match="layout must be one of 'wide', 'phone', got 'tall'"):
        hukm.svg.render(s, layout="tall")
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from hukm.web import create_app

    client = TestClient(create_app())
    view = client.post("/api/tables", json={"game": "hokm4", "seed": 7, "layout": "phone"}).json()
    assert f'viewBox="0 0 {PHONE_WIDTH} ' in view["svg"]
    wide = client.get(f"/api/tables/{view['table']}?step=0").json()
    assert 'viewBox="0 0 1280 720"' in wide["svg"]
    bad = client.get(f"/api/tables/{view['table']}?layout=tall")
    assert bad.status_code == 400 and bad.json()["error"] == "layout: expected one of wide, phone, got 'tall'"


def test_two_columns_for_a_wide_frame() -> None:
    """In two columns (a square video's frame) the game's lines and the other seats stand
    on the reader's side, the felt and the hand beside them; every word 13 units and more."""
    s = hukm.game("hokm4").new_game(7)
    for a in ["trump:D", "2C"]:
        s.apply(a)
    for lang, first_left in (("en", True), ("fa", False)):
        scene = build(s, None, tr=translator(lang))
        svg = paint_compact(scene, 800, 700, columns=2)
        assert 'viewBox="0 0 800 700"' in svg and compact_height(scene, 800, 2) <= 700 < compact_height(scene, 800)
        assert all(size >= SMALLEST for _, size, _ in texts(svg))
        xs = {words: x for words, _, x in texts(svg)}
        title, trump = xs[scene.title], xs[translator(lang).pt("term", "trump")]
        # the game's lines in the first column, the felt (its trump's word) in the second:
        # left and right, or right and left for a right-to-left reader
        assert (title < 400 < trump) if first_left else (trump < 400 < title), (lang, title, trump)
        assert [m for m in marks(svg) if m[0]] == [m for m in marks(paint(scene)) if m[0]]


@pytest.mark.parametrize("preset", ["dashavatara", "ganjifa", "56", "hokm4"])
def test_every_index_stays_in_sight(preset: str) -> None:
    """At the deal, the largest hands: every card of the bottom seat's hand at least an
    index strip (22 units, times the card's scale) from the next in its row."""
    s = hukm.game(preset).new_game(1)
    svg = paint_compact(build(s, None))
    places = re.findall(r'data-seat="0" data-role="hand" transform="translate\(([\d.]+) ([\d.]+)\)(?: scale\(([\d.]+)\))?"',
                        svg)
    rows: dict[str, list[float]] = {}
    for x, y, k in places:
        rows.setdefault(y, []).append(float(x))
    scale = float(places[0][2] or 1)
    for xs in rows.values():
        xs.sort()
        assert all(b - a >= 22 * scale - 0.1 for a, b in zip(xs, xs[1:])), (preset, xs)
