"""hukm.svg: pictures parse, show exactly the cards the engine holds, hide what a viewer
may not see, carry the solver's values, and refuse bad input with the library's errors."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any, Optional

import pytest

import hukm
import hukm.svg

GAMES = [g.name for g in hukm.games()]
SEEDS = (1, 7, 11, 23)


def cards_of(layout: Any, compact: str) -> list[str]:
    """The cards of a compact hand, from the layout alone (independent of hukm.svg)."""
    _, suits, cards = layout
    by = {(s, r): c for c, s, r, _ in cards}
    out = []
    for s, group in enumerate(compact.split(".")):
        if group != "-":
            out.extend(by[(s, r)] for r in group)
    return out


def mid_hand(name: str, seed: int) -> hukm.State:
    """A state of ``name`` after a seeded number of random legal actions."""
    state = hukm.game(name).new_game(seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(4, 40)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def card_elements(svg: str, role: Optional[str] = None) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [
        e for e in root.iter()
        if (e.get("class") or "").split(" ")[0] == "card" and (role is None or e.get("data-role") == role)
    ]


def god_trick(state: hukm.State) -> list[list[Any]]:
    return max((state.observation(p)["trick"] for p in range(state.num_players)), key=len)


def check_god_view(state: hukm.State) -> str:
    svg = hukm.svg.render(state)
    hands = state.hands()
    elems = card_elements(svg, "hand")
    for seat, compact in enumerate(hands):
        shown = [e.get("data-card") for e in elems if e.get("data-seat") == str(seat)]
        assert None not in shown, f"seat {seat} has a face-down card in a god's-eye picture"
        assert Counter(shown) == Counter(cards_of(state.layout, compact)), f"seat {seat}"
    assert len(elems) == sum(len(cards_of(state.layout, h)) for h in hands)
    elems = card_elements(svg, "trick")
    trick = [(e.get("data-seat"), e.get("data-card")) for e in elems if e.get("data-finished") != "1"]
    assert trick == [(str(s), c) for s, c in god_trick(state)]
    # Between tricks the trick just finished stays on the table, its winner marked.
    held = [e for e in elems if e.get("data-finished") == "1"]
    assert not (held and trick)
    if held:
        assert sum(e.get("data-winner") == "1" for e in held) >= 1
    return svg


def expected_face_up(state: hukm.State, viewer: int) -> dict[int, list[str]]:
    """What ``viewer``'s observation shows of each seat."""
    o = state.observation(viewer)
    hands = state.hands()
    if state.game in ("ganjifa", "dugi"):
        return {s: cards_of(state.layout, h) for s, h in enumerate(o["cards"])}
    if state.game == "naqsh":
        return {s: [c for c in cards if c] for s, cards in enumerate(o["cards"])}
    own = int(o.get("seat", viewer))
    out = {own: list(o["hand"])}
    for key in ("dummy_hand", "partner_hand"):
        if o.get(key):
            for s, h in enumerate(hands):
                if h == o[key] and s != own:
                    out[s] = cards_of(state.layout, h)
    return out


def check_viewer(state: hukm.State, viewer: int) -> None:
    svg = hukm.svg.render(state, viewer=viewer)
    elems = card_elements(svg, "hand")
    up = expected_face_up(state, viewer)
    for seat, compact in enumerate(state.hands()):
        mine = [e for e in elems if e.get("data-seat") == str(seat)]
        assert len(mine) == len(cards_of(state.layout, compact)), f"seat {seat}: hand size"
        shown = [e.get("data-card") for e in mine if e.get("data-card")]
        assert Counter(shown) == Counter(up.get(seat, [])), f"viewer {viewer}, seat {seat}"
        for e in mine:
            if not e.get("data-card"):
                assert "back" in (e.get("class") or "")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", GAMES)
def test_random_state_of_every_game(name: str, seed: int) -> None:
    state = mid_hand(name, seed)
    check_god_view(state)
    for viewer in range(state.num_players):
        check_viewer(state, viewer)


@pytest.mark.parametrize("name", GAMES)
def test_repr_svg_is_render(name: str) -> None:
    state = mid_hand(name, 3)
    assert state._repr_svg_() == hukm.svg.render(state)


POSITIONS = {
    "hokm_whist": lambda: hukm.Hokm().from_deal(
        "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54", trump="S", leader=0),
    "hokm_end": lambda: hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0),
    "double_sar": lambda: hukm.Hokm("double_sar").from_deal(
        "AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=1, tricks_won=[4, 3], heap=3, prev=1),
    "dehla_pakad": lambda: hukm.Hokm("dehla_pakad").from_deal(
        "AT.2.. QJ.T.. 96.4.. 87.5..", trump="H", leader=0),
    "dummy_rang": lambda: hukm.Hokm("dummy_rang").from_deal(
        "AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0),
    "hokm3": lambda: hukm.Hokm("hokm3").from_deal("AK.2.. QJ.3.. T9.4..", trump="H", leader=0),
    "28": lambda: hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", bidder=0, leader=0, trump="H"),
    "28_indicator": lambda: hukm.TwentyEight(unrevealed_trump="forced_last").from_deal(
        "J9..A. 7.KQ.. 8..T9. Q..87.", 0, 1, indicator="AD"),
    "ganjifa": lambda: hukm.Ganjifa().from_deal("..74.....8 .3.9.....5 .6.2....1.", leader=1),
    "dugi": lambda: hukm.Dugi().from_deal("KV...3.... 5.T9...... .4..2..1.. 2...1..T..", leader=0),
    "dashavatara": lambda: hukm.Dashavatara().from_deal(".3....T.... .1.......4. ......6...9", leader=0),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_positions_from_deal(name: str) -> None:
    state = POSITIONS[name]()
    check_god_view(state)
    for viewer in range(state.num_players):
        check_viewer(state, viewer)


def check_values(state: hukm.State, svg: str, sol: hukm.Solution) -> None:
    elems = {e.get("data-card"): e for e in card_elements(svg, "hand") if e.get("data-card")}
    actions = {e.get("data-action"): e for e in ET.fromstring(svg).iter() if e.get("class") == "action"}
    best = set(sol.best_actions())
    assert sol.actions
    for a, v in sol.actions.items():
        e = elems.get(a) if a in elems else actions.get(a)
        assert e is not None, f"{a} is not drawn"
        assert e.get("data-value") == str(v), a
        assert (e.get("data-best") == "1") == (a in best), a
    valued = [e for e in card_elements(svg) if e.get("data-value") is not None]
    assert {e.get("data-card") for e in valued} <= set(sol.actions)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_analysis_values(name: str) -> None:
    state = POSITIONS[name]()
    if name == "hokm_whist":
        state.apply("AS")
    sol = hukm.solve(state)
    svg = hukm.svg.render(state, analysis=True)
    check_values(state, svg, sol)
    assert hukm.svg.render(state, analysis=sol) == svg


def test_analysis_after_some_play() -> None:
    state = POSITIONS["28_indicator"]()
    state.apply(state.legal_actions()[0])
    sol = hukm.solve(state)
    check_values(state, hukm.svg.render(state, analysis=True), sol)


def test_analysis_not_drawn_when_not_solvable() -> None:
    concealed = hukm.TwentyEight().from_deal("J9..A. 7.KQ.. 8..T9. Q..87.", 0, 1, indicator="AD")
    for state in (hukm.game("28").new_game(1), hukm.game("ganjifa").new_game(1), concealed):
        svg = hukm.svg.render(state, analysis=True)
        assert "data-value" not in svg
        ET.fromstring(svg)


def test_analysis_timeout_draws_a_note() -> None:
    state = hukm.game("dugi").new_game(1)
    rng = random.Random(1)
    while state.phase != "play" or len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    svg = hukm.svg.render(state, analysis=True, timeout=0.05)
    assert "data-value" not in svg and "not solved within 0.05 s" in svg
    with pytest.raises(hukm.StateError, match="timeout"):
        hukm.svg.render(state, analysis=True, timeout=0)


def test_analysis_hides_nothing_and_reveals_nothing() -> None:
    state = POSITIONS["hokm_end"]()
    svg = hukm.svg.render(state, viewer=2, analysis=True)
    # seat 0 is to move; viewer 2 sees only his own cards, so no value sits on a hidden card
    assert all(e.get("data-card") for e in card_elements(svg) if e.get("data-value"))
    assert not [e for e in card_elements(svg, "hand") if e.get("data-seat") == "0" and e.get("data-card")]


def test_analysis_of_another_state_is_refused() -> None:
    a = POSITIONS["hokm_end"]()
    b = POSITIONS["28"]()
    with pytest.raises(hukm.StateError, match="analysis"):
        hukm.svg.render(b, analysis=hukm.solve(a))


def test_double_pack_shows_both_copies() -> None:
    g = hukm.game("56")
    state = g.from_deal(g.deal(4), bidder=0, leader=0, trump="S")
    svg = check_god_view(state)
    counts = Counter(e.get("data-card") for e in card_elements(svg, "hand"))
    assert max(counts.values()) == 2 and sum(counts.values()) == 48


def test_concealed_indicator_is_face_down() -> None:
    state = POSITIONS["28_indicator"]()
    for viewer in (None, 0, 1):
        svg = hukm.svg.render(state, viewer=viewer)
        ind = card_elements(svg, "indicator")
        assert len(ind) == 1 and ind[0].get("data-card") is None and ind[0].get("data-seat") == "0"
    assert "indicator A" in hukm.svg.render(state, viewer=0)
    assert "indicator A" not in hukm.svg.render(state, viewer=1)


def test_dummy_rang_exposes_the_dummy() -> None:
    state = POSITIONS["dummy_rang"]()
    svg = hukm.svg.render(state, viewer=1)
    seat2 = [e.get("data-card") for e in card_elements(svg, "hand") if e.get("data-seat") == "2"]
    assert seat2 and all(seat2)
    assert "dummy of player 0" in svg


def test_hokm2_drawn_card_is_seen_by_its_drawer_only() -> None:
    state = hukm.game("hokm2").new_game(1)
    rng = random.Random(1)
    while state.phase != "draw":
        state.apply(rng.choice(state.legal_actions()))
    p = state.current_player
    drawn = state.observation(p)["drawn"]
    for viewer, shown in ((None, drawn), (p, drawn), (1 - p, None)):
        el = card_elements(hukm.svg.render(state, viewer=viewer), "drawn")
        assert len(el) == 1 and el[0].get("data-card") == shown and el[0].get("data-seat") == str(p)


def test_dummy_rang_deal_has_four_seats() -> None:
    svg = hukm.svg.deal("AK.2.. QJ.3.. T9.4.. 87.5..", game="dummy_rang")
    assert sorted({e.get("data-seat") for e in card_elements(svg)}) == ["0", "1", "2", "3"]


def test_naqsh_table() -> None:
    state = hukm.Naqsh(players=3).from_deal("9.6...... 8.7...... T.5......", banker=2, stock="2GH+KGH")
    svg = hukm.svg.render(state, viewer=0)
    assert "banker" in svg and "stake" in svg and "stock 2" in svg
    assert len(card_elements(svg, "hand")) == 6
    assert [e.get("data-card") for e in card_elements(svg, "hand") if e.get("data-card")] == ["9GH", "6TJ"]
    # A position is one hand; a match counts its hands.
    assert "One hand · banker seat 2" in svg and "Hand 1 of" not in svg
    match = hukm.svg.render(hukm.Naqsh(players=3).new_game(1))
    assert "Hand 1 of 3 · banker seat" in match


def test_four_colour() -> None:
    state = hukm.Hokm().from_deal("..A. ..K. ..Q. ..J.", trump=None, leader=0)
    assert "#1f5fbf" not in hukm.svg.render(state)
    assert "#1f5fbf" in hukm.svg.render(state, four_colour=True)


@pytest.mark.parametrize("name", GAMES)
def test_size_and_aspect(name: str) -> None:
    svg = hukm.svg.render(mid_hand(name, 1), size=640)
    root = ET.fromstring(svg)
    assert root.get("width") == "640" and root.get("height") == "360"
    assert root.get("viewBox") == "0 0 1280 720"


def _card_x(e: ET.Element) -> tuple[float, float, float]:
    m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)(?: scale\(([\d.]+)\))?", e.get("transform", ""))
    assert m, e.get("transform")
    return float(m.group(1)), float(m.group(2)), float(m.group(3) or 1)


def _longest_leads(name: str, seed: int) -> hukm.State:
    """A state whose trick holds the most cards when every player takes his longest action."""
    state = hukm.game(name).new_game(seed)
    best, most = state.clone(), 0
    while not state.is_terminal():
        state.apply(max(state.legal_actions(), key=len))
        n = len(god_trick(state))
        if n > most:
            best, most = state.clone(), n
    return best


@pytest.mark.parametrize("name", ["ganjifa", "dashavatara", "dugi", "hokm3", "56", "ganjifa_leads"])
def test_index_strips_stay_visible(name: str) -> None:
    """In every row of a hand and of the trick, each card's left strip (rank and suit) is
    uncovered."""
    state = _longest_leads("ganjifa", 0) if name == "ganjifa_leads" else hukm.game(name).new_game(2)
    svg = hukm.svg.render(state)
    rows: dict[tuple[str, str, float], list[tuple[float, float]]] = {}
    for e in card_elements(svg, "hand") + card_elements(svg, "trick"):
        x, y, k = _card_x(e)
        rows.setdefault((e.get("data-role") or "", e.get("data-seat") or "", y), []).append((x, k))
    for key, xs in rows.items():
        xs.sort()
        for (a, k), (b, _) in zip(xs, xs[1:]):
            assert b - a >= 22 * k, f"{name} row {key}: step {b - a:.1f}"
        assert xs[-1][0] + 50 * xs[-1][1] <= 1280


def test_deal_pictures() -> None:
    deal = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
    for game in ("hokm4", hukm.Hokm()):
        svg = hukm.svg.deal(deal, game=game)
        got = Counter(e.get("data-card") for e in card_elements(svg))
        assert got == Counter(hukm.pack_cards("french52"))
    g = hukm.game("ganjifa")
    svg = hukm.svg.deal(g.deal(5), game=g)
    assert sum(1 for e in card_elements(svg) if e.get("data-card")) == 96
    for name in ("dashavatara", "28", "56", "naqsh"):
        gg = hukm.game(name)
        svg = hukm.svg.deal(gg.deal(1), game=name)
        want = Counter(c for h in gg.deal(1).split() for c in cards_of(gg._game.layout, h))
        assert Counter(e.get("data-card") for e in card_elements(svg)) == want


@pytest.mark.parametrize("bad, match", [
    ("AKQ.X.. ... ... ...", "'X' is not a rank"),
    ("AKQ... QJ.. T9... 87...", "hand 1.*suit group"),
    ("A... A... K... Q...", "AS is dealt more often"),
    ("A... K...", "2 hand"),
])
def test_bad_deal(bad: str, match: str) -> None:
    with pytest.raises(hukm.NotationError, match=match):
        hukm.svg.deal(bad, game="hokm4")


def test_bad_input() -> None:
    state = POSITIONS["hokm_end"]()
    with pytest.raises(hukm.StateError, match="render needs a hukm.State"):
        hukm.svg.render("AS")  # type: ignore[arg-type]
    with pytest.raises(hukm.StateError, match="viewer 4 out of range"):
        hukm.svg.render(state, viewer=4)
    with pytest.raises(hukm.StateError, match="viewer"):
        hukm.svg.render(state, viewer=-1)
    with pytest.raises(hukm.StateError, match="size"):
        hukm.svg.render(state, size=0)
    with pytest.raises(hukm.StateError, match="analysis"):
        hukm.svg.render(state, analysis="yes")  # type: ignore[arg-type]
    with pytest.raises(hukm.StateError, match="line needs a hukm.State"):
        hukm.svg.line(None)  # type: ignore[arg-type]
    with pytest.raises(hukm.StateError, match="player 7"):
        hukm.svg.line(state, player=7)
    with pytest.raises(hukm.NotationError, match="deal must be a string"):
        hukm.svg.deal(None, game="hokm4")  # type: ignore[arg-type]
    with pytest.raises(hukm.OptionError, match="unknown game"):
        hukm.svg.deal("A... K... Q... J...", game="bridge")
    with pytest.raises(ValueError):
        hukm.svg.deal("A... K... Q... J...", game=3)  # type: ignore[arg-type]


LINE_POSITIONS = ["hokm_end", "hokm3", "double_sar", "dehla_pakad", "dummy_rang", "28", "28_indicator",
                  "ganjifa", "dugi", "dashavatara"]


@pytest.mark.parametrize("name", LINE_POSITIONS)
def test_line(name: str) -> None:
    state = POSITIONS[name]()
    steps = hukm.best_line(state)
    svg = hukm.svg.line(state)
    root = ET.fromstring(svg)
    shown = [e.get("data-card") for e in card_elements(svg, "line")]
    assert all(shown)
    played = [c for s in steps for part in s.action.split(":") for c in part.split("+")
              if c in hukm.pack_cards(state.layout[0]) or c in {x for x, *_ in state.layout[2]}]
    assert Counter(played) <= Counter(shown)
    tricks = [e for e in root.iter() if e.get("class") == "trick"]
    winners = [e for e in root.iter() if e.get("data-winner") == "1"]
    assert tricks and len(winners) >= len(tricks) - 1
    # each trick's picture has at most one winning play
    for t in tricks:
        assert sum(1 for e in t.iter() if e.get("data-winner") == "1") <= 1


def test_line_mid_trick_and_winners() -> None:
    state = POSITIONS["hokm_end"]()
    state.apply("AS")
    svg = hukm.svg.line(state)
    root = ET.fromstring(svg)
    first = next(e for e in root.iter() if e.get("class") == "trick")
    cards = [e.get("data-card") for e in first.iter() if e.get("data-card")]
    assert cards[0] == "AS" and len(cards) == 4
    # AS wins, KS wins, then seat 3 ruffs the last trick with the 5 of trumps
    assert [e.get("data-seat") for e in root.iter() if e.get("data-winner") == "1"] == ["0", "0", "3"]


def test_terminal_state() -> None:
    state = POSITIONS["hokm_end"]()
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    svg = hukm.svg.render(state, analysis=True)
    assert "Returns" in svg and not card_elements(svg, "hand")
    assert "no trick play" in hukm.svg.line(state)


def finished(name: str, seed: int = 3) -> hukm.State:
    state = hukm.game(name).new_game(seed)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["hokm4", "dummy_rang", "28", "thunee4"])
def test_a_finished_game_shows_its_last_trick(name: str) -> None:
    """One card a seat: the last trick is the last cards played, read from the history."""
    state = finished(name)
    deck = set(hukm.pack_cards(hukm.game(name).pack))
    last = [a for a in state.history() if a in deck][-4:]
    svg = hukm.svg.render(state)
    shown = [e.get("data-card") for e in card_elements(svg, "trick")]
    assert sorted(shown) == sorted(last) and len(shown) == 4
    assert "Last trick" in svg and "1. seat" in svg


@pytest.mark.parametrize("name", ["ganjifa", "dugi", "dashavatara"])
def test_a_finished_ganjifa_game_shows_its_last_trick(name: str) -> None:
    state = finished(name)
    last = state.observation(0)["last_trick"]
    by_seat = last.get("cards", last.get("played"))
    want = sorted(x for held in by_seat for x in (held.split("+") if isinstance(held, str) else held) if x)
    svg = hukm.svg.render(state)
    assert sorted(e.get("data-card") for e in card_elements(svg, "trick")) == want
    assert f"Last trick, won by seat {last['winner']}" in svg
    # Dugi gives the last trick seat by seat, without its leader: no play order shown.
    assert ("1. seat" in svg) == (name != "dugi")


def _panel_boxes(svg: str) -> dict[int, tuple[float, float]]:
    """Each seat's panel position (x, y) on the picture."""
    root = ET.fromstring(svg)
    return {int(g.attrib["data-seat"]): (float(next(iter(g)).attrib["x"]), float(next(iter(g)).attrib["y"]))
            for g in root.iter() if g.attrib.get("class") == "seat"}


@pytest.mark.parametrize("name,players", [("hokm4", 4), ("ganjifa", 3), ("thunee6", 6)])
def test_the_viewer_sits_at_the_bottom(name: str, players: int) -> None:
    state = hukm.game(name).new_game(seed=2)
    plain = _panel_boxes(hukm.svg.render(state))
    for viewer in range(players):
        boxes = _panel_boxes(hukm.svg.render(state, viewer=viewer))
        # Every seat moves round by the same number of places: the viewer takes seat 0's.
        assert boxes == {s: plain[(s - viewer) % players] for s in range(players)}
    assert _panel_boxes(hukm.svg.render(state, viewer=1, bottom=0)) == plain
    with pytest.raises(hukm.StateError, match="bottom"):
        hukm.svg.render(state, bottom=players)


def test_analysis_says_why_it_has_no_value_and_counts_from_here() -> None:
    state = hukm.game("28").new_game(seed=1)  # the auction: no double-dummy value
    assert "Double dummy: no value here (" in hukm.svg.render(state, analysis=True)
    s = hukm.Hokm().from_deal("AK.. QJ.. T9.. 87..".replace("..", "..."), trump="S", leader=0)
    assert "seat 0's side: 2 tricks" in hukm.svg.render(s, analysis=True)
    s.apply("AS")
    assert "seat 1's side: 0 more tricks" in hukm.svg.render(s, analysis=True)
