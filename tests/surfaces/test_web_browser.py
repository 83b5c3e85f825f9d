"""The web page in a real browser: headless Chromium driven by Playwright against a live
server. The page is clicked through as a person would: a deal opened by its URL, a whole
Hokm hand played against the bots, the analysis checked against ``hukm.solve``, steps
back and forward, a record saved and loaded again, a Twenty-eight auction and a Ganjifa
suit naming; a screenshot of each game family is saved.

The system's Chromium is used (``HUKM_CHROMIUM``, else ``chromium`` on the path). Without
one the tests are skipped, unless ``HUKM_REQUIRE_BROWSER=1`` (set by ``.ci/run``), which
makes a missing browser a failure. Screenshots go to ``HUKM_SCREENSHOTS`` (default: the
test's temporary folder).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

import uvicorn  # noqa: E402

import hukm  # noqa: E402
from hukm.bots import Heuristic  # noqa: E402
from hukm.web import create_app  # noqa: E402

DEAL = "N:AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
WAIT_MS = 60_000


def chromium() -> str | None:
    found = os.environ.get("HUKM_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found and os.environ.get("HUKM_REQUIRE_BROWSER") == "1":
        pytest.fail("HUKM_REQUIRE_BROWSER=1 but no Chromium found (set HUKM_CHROMIUM)")
    return found


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if time.monotonic() > deadline:
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium()
    if path is None:
        pytest.skip("no Chromium on this machine (set HUKM_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


REFUSED = "Failed to load resource: the server responded with a status of 4"
"""The console's line for an answer the server refused (a bad link, a bad upload): the
page says why on itself; the tests that make one say so (``pg.refusals_expected``)."""


def opened(browser: Any, **context: Any) -> Iterator[Any]:
    """A page of a new browser context; no script error may happen on it and nothing may
    be written to its console as an error (but the refusals of a test that asks for them)."""
    ctx = browser.new_context(accept_downloads=True, **context)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    pg.set_default_timeout(WAIT_MS)
    pg.refusals_expected = False
    yield pg
    ctx.close()
    if pg.refusals_expected:
        errors = [e for e in errors if REFUSED not in e]
    assert not errors, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from opened(browser, viewport={"width": 1600, "height": 1000})


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = Path(os.environ.get("HUKM_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    out.mkdir(parents=True, exist_ok=True)
    return out


def url(server: str, **q: Any) -> str:
    return f"{server}/?{urllib.parse.urlencode({k: v for k, v in q.items() if v is not None})}"


def settle(page: Any) -> dict[str, str]:
    """Waits until no request is in flight and no bot is about to move; returns the page's
    state (``data-*`` of the app: table, step, steps, hand, turn, game)."""
    page.wait_for_function(
        "() => { const d = document.getElementById('app').dataset;"
        " return d.busy === '0' && d.table && d.turn !== 'bot'; }")
    page.wait_for_timeout(50)
    page.wait_for_function("() => document.getElementById('app').dataset.busy === '0'")
    return dict(page.evaluate("() => ({...document.getElementById('app').dataset})"))


def cards(page: Any, selector: str = "#board g.card[data-card]") -> list[str]:
    return list(page.eval_on_selector_all(selector, "els => els.map(e => e.getAttribute('data-card'))"))


def click_card(locator: Any) -> None:
    """Clicks a card near its top-left corner: cards in a hand overlap, the corner shows."""
    locator.click(position={"x": 6, "y": 10})


def scores_shown(page: Any) -> list[int]:
    return list(json.loads(page.get_attribute("#scores", "data-scores")))


def test_a_deal_opened_by_its_url(page: Any, server: str, shots: Path) -> None:
    page.goto(url(server, game="hokm4", seed=7, all=1))
    d = settle(page)
    # The bots named trumps and led; seat 0 (the viewer, a person) is to act.
    assert d["turn"] == "human" and d["game"] == "hokm4"
    state = hukm.Hokm().new_game(seed=7)
    assert sorted(cards(page)) == sorted(c for c, _, _, _ in state.layout[2])  # 52 cards
    page.screenshot(path=str(shots / "web_hokm.png"))


def test_play_a_whole_hokm_hand(page: Any, server: str, tmp_path: Path) -> None:
    page.goto(url(server, game="hokm4", seed=11, hold=300))
    clicks = 0
    while True:
        d = settle(page)
        if d["hand"] != "1" or d["turn"] == "over" or d.get("held") == "1":
            break
        assert d["turn"] == "human"
        legal = page.locator("#board g.card.legal")
        if legal.count():
            click_card(legal.first)
        else:
            page.locator("#actions button.action").first.click()
        clicks += 1
        page.wait_for_function(f"() => document.getElementById('app').dataset.step !== '{d['step']}'")
    assert clicks >= 7
    with page.expect_download() as info:
        page.click("#save-record")
    saved = tmp_path / "hand.json"
    info.value.save_as(saved)
    record = hukm.HandRecord.from_json(saved.read_text())
    state = hukm.replay(record)
    assert scores_shown(page) == state.observation(0)["scores"] and sum(scores_shown(page)) > 0
    assert int(page.get_attribute("#app", "data-steps")) == len(record.actions)


def test_analysis_values_equal_solve(page: Any, server: str, shots: Path) -> None:
    page.goto(url(server, game="hokm4", deal=DEAL, trump="S", leader=0, human=0, analysis=1))
    settle(page)
    page.wait_for_selector("#analysis-panel table.values")
    state = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    sol = hukm.solve(state)
    rows = page.eval_on_selector_all(
        "#analysis-panel tr[data-action]", "rs => rs.map(r => [r.dataset.action, Number(r.dataset.value)])")
    assert dict(rows) == sol.actions
    on_cards = page.eval_on_selector_all(
        "#board g.card[data-value]", "gs => gs.map(g => [g.dataset.card, Number(g.dataset.value)])")
    assert dict(on_cards) == sol.actions
    assert page.locator("#analysis-panel .line-svg svg").count() == 1
    page.screenshot(path=str(shots / "web_analysis.png"))
    # After a card, the value of the next position; its cards' values are for seat 1,
    # who is to act, and not for the viewer (seat 0).
    click_card(page.locator('#board g.card.legal[data-card="AS"]'))
    # The bots wait for the values of each position; read those of step 1 at once.
    rows = page.wait_for_function(
        "() => { const t = document.querySelector('#analysis-panel table.values[data-step=\"1\"]');"
        " return t && [[document.querySelector('#analysis-panel h3').dataset.value],"
        " ...[...t.querySelectorAll('tr[data-action]')].map(r => [r.dataset.action, Number(r.dataset.value)])]; }"
    ).json_value()
    state.apply("AS")
    assert rows == [[str(hukm.solve(state).value)]]


def test_a_ganjifa_hand_is_graded_at_the_first_trick(page: Any, server: str, shots: Path) -> None:
    """A whole Ganjifa hand at its first lead is far beyond exact search: the panel shows
    the best grade reached in the time given, the value and each card in words ("between 2
    and 32", "about 12.5 (estimate)" with the proven bounds beside), the best estimated
    card marked; the same in Persian."""
    opener = hukm.Ganjifa().new_game(1).current_player
    for lang, name in (("en", "web_ganjifa_grades.png"), ("fa", "web_ganjifa_grades_fa.png")):
        page.goto(url(server, game="ganjifa", seed=1, human=opener, analysis=1, analysis_timeout=2,
                      analysis_max=2, lang=lang))
        settle(page)
        head = page.wait_for_selector("#analysis-panel h3[data-grade]")
        assert head.get_attribute("data-grade") in ("bounds", "estimate")
        rows = page.eval_on_selector_all(
            "#analysis-panel tr[data-action]",
            "rs => rs.map(r => [r.dataset.action, r.dataset.grade, r.cells[1].textContent, r.className])")
        legal = hukm.Ganjifa().new_game(1).legal_actions()
        assert sorted(r[0] for r in rows) == sorted(legal)
        assert all(g in ("exact", "bounds", "estimate") for _, g, _, _ in rows)
        words = ("about", "between", "exact") if lang == "en" else ("حدود", "بین", "دقیقاً")
        assert all(text.startswith(words) for _, _, text, _ in rows), rows[:3]
        assert any("best" in cls for _, _, _, cls in rows)
        page.screenshot(path=str(shots / name))


def held_cards(page: Any) -> list[tuple[str, str, bool]]:
    """The finished trick on the board: (seat, card, marked as winner) of each card."""
    return [tuple(x) for x in page.eval_on_selector_all(
        '#board g.card[data-finished="1"]',
        "gs => gs.map(g => [g.dataset.seat, g.dataset.card, g.dataset.winner === '1'])")]


def test_a_finished_trick_stays_on_the_table(page: Any, server: str, shots: Path) -> None:
    page.goto(url(server, game="hokm4", deal=DEAL, trump="S", leader=0, human=0, all=1, hold=4000))
    settle(page)
    click_card(page.locator('#board g.card.legal[data-card="2C"]'))
    # The three bots answer; the fourth card stays on the table with the winner marked.
    page.wait_for_function("() => document.querySelectorAll('#board g.card[data-finished=\"1\"]').length === 4")
    assert page.get_attribute("#app", "data-finished") == "1"
    shown = held_cards(page)
    record = page.evaluate("() => fetch(`/api/tables/${document.getElementById('app').dataset.table}/record`)"
                           ".then(r => r.text())")
    state = hukm.replay(hukm.HandRecord.from_json(record), 4)
    trick = state.observation(0)["tricks"][-1]
    assert [c for _, c, _ in shown] == trick["cards"]
    assert [seat for seat, _, won in shown if won] == [str(trick["winner"])]
    page.screenshot(path=str(shots / "web_finished_trick.png"))


def test_the_last_trick_of_a_hand_is_held_before_the_next_deal(page: Any, server: str, shots: Path) -> None:
    state = hukm.Hokm().new_game(seed=5)
    bot = Heuristic(seed=5)
    while True:
        hand, busy = state.observation(0)["hand_number"], bool(state.observation(0)["trick"])
        before = state.clone()
        state.apply(bot.act(state))
        if state.observation(0)["hand_number"] != hand and busy:
            break
    last = state.history()[-1]
    page.goto(url(server, game="hokm4", seed=5, actions=",".join(state.history()), human=0, hold=5000))
    page.wait_for_selector('#app[data-held="1"]')
    shown = held_cards(page)
    trick = max((before.observation(p)["trick"] for p in range(4)), key=len)
    assert sorted(c for _, c, _ in shown) == sorted([c for _, c in trick] + [last])
    assert sum(won for _, _, won in shown) == 1
    assert "Hand 1 over" in page.inner_text("#board")
    # The result stays, in words, with the finished hand's status and its last trick
    # counted, until the player moves on; then the next deal.
    page.wait_for_timeout(300)
    assert page.get_attribute("#app", "data-held") == "1"
    status = page.inner_text("#status")
    assert "hand 1" in status and " take " in status and "win the hand" in status, status
    held = json.loads(page.get_attribute('#counts .count[data-key="tricks_won"]', "data-values"))
    assert sum(held) == len(before.observation(0)["tricks"]) + 1, held
    page.screenshot(path=str(shots / "web_hand_over.png"))
    page.click("#next-hand")
    page.wait_for_selector('#app[data-held="0"]', timeout=WAIT_MS)
    assert "hand 2" in page.inner_text("#status")
    assert json.loads(page.get_attribute('#counts .count[data-key="tricks_won"]', "data-values")) == [0, 0]
    assert not held_cards(page) and page.get_attribute("#app", "data-hand") == "2"
    assert page.locator('#board g.card[data-role="hand"]').count() == 52


def test_the_review_panel_marks_a_mistake_and_jumps_to_it(page: Any, server: str, shots: Path) -> None:
    played = ["2S", "JS", "TS", "7S", "3H", "AH", "5H", "KH", "2D", "8S", "AS", "QS"]
    page.goto(url(server, game="hokm4", deal="A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0,
                  actions=",".join(played), human=0, all=1))
    d = settle(page)
    assert d["step"] == str(len(played))
    page.click("#review-button")
    page.wait_for_selector("#review-panel g.point")
    marks = page.eval_on_selector_all("#review-panel li[data-mark]", "ls => ls.map(l => [l.dataset.step, l.dataset.mark])")
    assert marks == [["0", "mistake"]]
    # In English too the cards are read by their signs: the mark and the moves list.
    mark = page.inner_text("#review-panel li[data-mark]").replace("\u2068", "").replace("\u2069", "")
    assert "seat 0 2♠: " in mark and mark.endswith("best A♠ K♥"), mark
    moves = page.locator("#moves li").all_inner_texts()
    assert moves[:3] == ["seat 0: 2♠", "seat 1: J♠", "seat 2: 10♠"], moves
    assert "every hand known" in page.inner_text("#review-panel h3")
    state = hukm.Hokm().from_deal("A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0)
    for card in played:
        state.apply(card)
    want = [str(x.step) for x in hukm.review(state.record()).decisions]
    assert page.eval_on_selector_all("#review-panel g.point", "ps => ps.map(p => p.dataset.step)") == want
    page.locator("#review-panel").screenshot(path=str(shots / "web_review.png"))
    # A click on the marked point shows the position where the card was chosen.
    page.locator('#review-panel g.point[data-mark="mistake"] circle').click()
    page.wait_for_function("() => document.getElementById('app').dataset.step === '0'")


def test_the_review_of_one_hand_of_a_match(page: Any, server: str, shots: Path) -> None:
    """After hand 1 and the first card of hand 2, Review shows hand 2 with a list of the
    hands; hand 1 chosen, its chart runs by trick to its result."""
    from hukm.web.tables import Table

    table = Table.create({"game": "hokm4", "seed": 7, "human": []})
    while table.state().observation(0)["hand_number"] < 2 or table.state().phase != "play":
        table.bot_move()
    table.bot_move()
    page.goto(url(server, game="hokm4", seed=7, human=0, actions=",".join(table.actions()), hold=100))
    settle(page)  # the bots play on to seat 0's turn in hand 2
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-chart svg")
    assert page.get_attribute("#review-panel", "data-hand") == "2"
    assert page.eval_on_selector_all("#review-hand option", "os => os.map((o) => o.value)") == ["1", "2"]
    assert 1 <= page.locator("#review-panel g.point").count() < 13
    page.select_option("#review-hand", "1")
    page.wait_for_selector('#review-panel[data-hand="1"] .review-chart svg')
    assert "Review of hand 1" in page.inner_text("#review-panel h3")
    assert page.locator("#review-panel g.point").count() == 48
    chart = page.inner_html("#review-panel .review-chart")
    assert "play stops after 12 tricks" in chart and "take 7 tricks to 5" in chart
    page.locator("#review-panel").screenshot(path=str(shots / "web_review_hand.png"))


DEHLA = "J7.KJT.AK76.K953 KQ85.A763.8.AJT2 A963.842.QJT53.8 T42.Q95.942.Q764"


def test_analysis_shows_bounds_when_time_runs_out(page: Any, server: str, shots: Path) -> None:
    # A full Dehla Pakad deal is not solved in a fraction of a second: the page shows the
    # bounds proven, asks again for twice as long, and ends with the limit's message.
    page.goto(url(server, game="dehla_pakad", deal=DEHLA, trump="S", leader=0, human=0, analysis=1,
                  analysis_timeout=0.2, analysis_max=0.4))
    page.wait_for_selector("#analysis-panel h3[data-status=bounds]", timeout=WAIT_MS)
    page.wait_for_selector("#analysis-panel p[data-status=stopped]", timeout=WAIT_MS)
    head = "#analysis-panel h3[data-status=bounds]"
    title, grade = page.inner_text(head), page.get_attribute(head, "data-grade")
    lo, hi = (int(x) for x in (page.get_attribute(head, "data-bounds") or "").split(".."))
    assert 0 <= lo < hi <= 4
    # The title says the grade: the proven bounds, or an estimate (labelled) within them.
    if grade == "bounds":
        assert title.endswith(f"between {lo} and {hi}")
    else:
        assert grade == "estimate" and title.endswith("(estimate)")
        assert lo <= float(title.rsplit("about ", 1)[1].split(" ")[0]) <= hi
    assert page.inner_text("#analysis-panel p[data-status=stopped]") == "solver time limit reached (timeout=0.4 s)"
    rows = page.eval_on_selector_all(
        "#analysis-panel tr[data-action]", "rs => rs.map(r => [r.dataset.action, r.dataset.bounds])")
    state = hukm.Hokm("dehla_pakad").from_deal(DEHLA, trump="S", leader=0)
    assert [a for a, _ in rows] == state.legal_actions()
    for _, b in rows:
        x, y = (int(v) for v in b.split(".."))
        assert 0 <= x <= y <= 4
    page.screenshot(path=str(shots / "web_analysis_bounds.png"))


def test_steps_back_and_forward_and_reload_a_record(page: Any, server: str, tmp_path: Path) -> None:
    page.goto(url(server, game="hokm4", seed=3, human="none", step=14))
    page.wait_for_function("() => Number(document.getElementById('app').dataset.steps) >= 14")
    page.keyboard.press("Home")  # stepping back stops the bots
    d = settle(page)
    assert d["step"] == "0"
    total = int(d["steps"])
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('app').dataset.step === '1'")
    page.click("#forward")
    page.wait_for_function("() => document.getElementById('app').dataset.step === '2'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.getElementById('app').dataset.step === '1'")
    page.locator("#moves li[data-step='5']").click()
    page.wait_for_function("() => document.getElementById('app').dataset.step === '5'")
    assert page.inner_text("#step-text") == f"step 5 of {total}"
    # The URL reproduces the view: the same table at step 5.
    again = page.url
    with page.expect_download() as info:
        page.click("#save-record")
    saved = tmp_path / "hand.json"
    info.value.save_as(saved)
    record = hukm.HandRecord.from_json(saved.read_text())
    assert len(record.actions) == total
    page.goto(again)
    d = settle(page)
    assert d["step"] == "5"
    # Load the saved record: the same hand, every step.
    page.set_input_files("#load", str(saved))
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.steps) >= {total}"
                           f" && document.getElementById('app').dataset.table !== '{d['table']}'")
    page.keyboard.press("Home")  # the bots play on at the last step; stepping back stops them
    d = settle(page)
    assert d["step"] == "0" and int(d["steps"]) >= total
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.getElementById('app').dataset.step === '{d['steps']}'")


def test_a_twenty_eight_auction(page: Any, server: str, shots: Path) -> None:
    page.goto(url(server, game="28", seed=3))
    bids = 0
    for _ in range(60):
        d = settle(page)
        if d["phase"] == "play" or d["turn"] != "human":
            break
        buttons = page.locator("#actions button.action")
        if buttons.count():
            labels = buttons.all_inner_texts()
            pick = next((i for i, t in enumerate(labels) if t.startswith("bid")), 0)
            bids += labels[pick].startswith("bid")
            buttons.nth(pick).click()
        else:
            click_card(page.locator("#board g.card.legal").first)  # e.g. the indicator
        page.wait_for_function(f"() => document.getElementById('app').dataset.step !== '{d['step']}'")
    d = settle(page)
    assert bids >= 1 and d["phase"] == "play"
    record = page.evaluate("() => fetch(`/api/tables/${document.getElementById('app').dataset.table}/record`)"
                           ".then(r => r.text())")
    actions = [a["action"] for a in json.loads(record)["actions"]]
    state = hukm.replay(hukm.HandRecord.from_json(record))
    assert state.phase == "play" and sum(a.startswith("bid:") for a in actions) >= bids
    page.screenshot(path=str(shots / "web_twenty_eight.png"))


@pytest.mark.parametrize("game, seed, bidder", [("28", 0, 3), ("thunee4", 5, 1)])
def test_a_card_laid_face_down_is_not_shown_to_the_others(browser: Any, server: str, shots: Path, game: str,
                                                          seed: int, bidder: int) -> None:
    """Seat 0 passes, the bots bid and one lays the trump indicator face down: the moves
    list says so in words and names no card, on a phone as on a desk; the card is no
    part of anything the page was sent."""
    for pg in opened(browser, viewport={"width": 390, "height": 844}):
        pg.goto(url(server, game=game, seed=seed))
        for _ in range(20):
            d = settle(pg)
            if pg.locator("#moves li", has_text="face down").count():
                break
            pg.locator('#actions button.action[data-action="pass"]').click()
            pg.wait_for_function(f"() => document.getElementById('app').dataset.step !== '{d['step']}'")
        item = pg.locator("#moves li", has_text="face down")
        assert item.inner_text() == f"seat {bidder}: puts a card face down"
        table = pg.get_attribute("#app", "data-table")
        everything = pg.evaluate(f"() => fetch('/api/tables/{table}?all=1').then(r => r.json())")
        real = next(a for a in everything["actions"] if a.startswith("indicator:"))
        card = real.split(":")[1]
        assert card not in pg.inner_text("#moves") and card not in pg.content()
        assert pg.evaluate("() => document.documentElement.scrollWidth - innerWidth") <= 0
        pg.screenshot(path=str(shots / f"web_face_down_{game}.png"))


def test_the_view_turns_to_the_person_to_act(page: Any, server: str) -> None:
    """The legal actions go to the seat to act alone: a person's seat to act that is not
    the one viewed gets the view, its cards to click."""
    page.goto(url(server, game="hokm4", deal=DEAL, trump="S", leader=0, actions="AS", human=1, viewer=0))
    d = settle(page)
    assert d["current"] == "1" and d["turn"] == "human"
    assert page.input_value("#viewer") == "1"
    legal = cards(page, "#board g.card.legal")
    assert legal and set(legal) <= set(hukm.Hokm().from_deal(DEAL, trump="S", leader=1).legal_actions())


def test_a_ganjifa_lead_with_a_named_suit(page: Any, server: str, shots: Path) -> None:
    state = hukm.Ganjifa().new_game(seed=0)
    bot = Heuristic(seed=0)
    while not any(a.startswith("name:") for a in state.legal_actions()):
        state.apply(bot.act(state))
    namer = state.current_player
    page.goto(url(server, game="ganjifa", seed=0, actions=",".join(state.history()), human=namer))
    d = settle(page)
    assert d["turn"] == "human"
    page.locator('#actions button.action[data-action^="name:"]').first.click()
    page.wait_for_function(f"() => document.getElementById('app').dataset.step !== '{d['step']}'")
    record = page.evaluate("() => fetch(`/api/tables/${document.getElementById('app').dataset.table}/record`)"
                           ".then(r => r.text())")
    actions = [a["action"] for a in json.loads(record)["actions"]]
    named = actions[len(state.history())]
    assert named.startswith("name:")
    state.apply(named)
    # The leader must now lead the named suit when he holds it: the page plays it.
    lead = actions[len(state.history())] if len(actions) > len(state.history()) else None
    if lead is not None:
        assert lead in state.legal_actions()
    page.screenshot(path=str(shots / "web_ganjifa.png"))


@pytest.mark.parametrize("name", ["dugi", "dashavatara", "naqsh", "dab_rang"])
def test_screenshots_of_the_other_families(page: Any, server: str, shots: Path, name: str) -> None:
    page.goto(url(server, game=name, seed=2, all=1))
    d = settle(page)
    assert d["game"] == hukm.game(name).preset
    assert len(cards(page)) > 0
    page.screenshot(path=str(shots / f"web_{name}.png"))


def test_presentation_mode(page: Any, server: str, shots: Path) -> None:
    page.goto(url(server, game="dashavatara", seed=4, human="none", step=10))
    page.wait_for_function("() => Number(document.getElementById('app').dataset.steps) >= 10")
    page.keyboard.press("ArrowLeft")
    settle(page)
    page.click("#present")
    assert page.evaluate("() => document.body.classList.contains('present')")
    assert not page.is_visible("#controls") and not page.is_visible("#side")
    step = int(page.get_attribute("#app", "data-step"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.getElementById('app').dataset.step === '{step - 1}'")
    box = page.locator("#board svg").bounding_box()
    assert box["height"] > 900  # the table fills the screen
    page.screenshot(path=str(shots / "web_presentation.png"))
    page.keyboard.press("Escape")
    assert page.is_visible("#controls")


def test_bad_input_shows_the_message(page: Any, server: str) -> None:
    page.refusals_expected = True  # the server refuses each bad deal and game with a 400; the page says why
    page.goto(url(server, game="hokm4", deal="AKQ.. nonsense", trump="S"))
    page.wait_for_selector("#message:not([hidden])")
    assert "bad" in page.inner_text("#message")
    page.goto(url(server, game="bridge"))
    page.wait_for_selector("#message:not([hidden])")
    assert 'unknown game "bridge"' in page.inner_text("#message")


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page the size of a phone (390 x 844 CSS pixels, touch)."""
    yield from opened(browser, viewport={"width": 390, "height": 844}, device_scale_factor=2,
                      has_touch=True, is_mobile=True)


def sideways(page: Any) -> int:
    """How far the page scrolls sideways (0: it fits the screen)."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def test_a_phone_plays_without_sideways_scroll(phone: Any, server: str, shots: Path) -> None:
    phone.goto(url(server, game="hokm4", seed=7, names="Ana,Bo,Cy,Di"))
    d = settle(phone)
    assert d["turn"] == "human" and sideways(phone) == 0
    # The cards to play are buttons at least 40 px wide and tall; a tap plays one.
    buttons = phone.locator("#hand-strip button.card-button")
    assert buttons.count() > 0
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert "Ana (seat 0) to act (you)" in phone.inner_text("#status")
    phone.screenshot(path=str(shots / "web_phone.png"))
    card = buttons.first.get_attribute("data-card")
    buttons.first.tap()
    phone.wait_for_function(f"() => document.getElementById('app').dataset.step !== '{d['step']}'")
    from hukm.packs import pack_of_game
    from hukm.svg.wording import card_text

    assert card_text(pack_of_game(hukm.game("hokm4").new_game(7)), card) in [m.split(": ")[-1] for m in phone.locator("#moves li").all_inner_texts()]
    # Every family's table, the options open and the review panel fit the width too.
    for name in ("dashavatara", "ganjifa", "28", "thunee6", "naqsh"):
        phone.goto(url(server, game=name, seed=2, step=6))
        settle(phone)
        phone.click("#options-box summary")
        assert sideways(phone) == 0, name
    phone.click("#review-button")
    phone.wait_for_selector("#review-panel .review-chart svg")
    assert sideways(phone) == 0
    # The chart's words stay readable (12 CSS px and more): it scrolls inside its own box.
    sizes = phone.eval_on_selector_all(
        "#review-panel .review-chart svg text",
        "ts => ts.filter((t) => t.textContent.trim()).map((t) => { const m = t.getScreenCTM();"
        " return [parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), t.textContent]; })")
    assert sizes and min(size for size, _ in sizes) >= 12, sorted(sizes)[:3]
    box = phone.locator("#review-panel .review-chart").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_shortcuts_work_after_a_checkbox_click(page: Any, server: str) -> None:
    page.goto(url(server, game="hokm4", seed=3, human="none", step=8))
    page.wait_for_function("() => Number(document.getElementById('app').dataset.steps) >= 8")
    page.keyboard.press("Home")
    settle(page)
    for box in ("#show-all", "#analysis", "#large"):
        page.click(box)  # the focus is on the checkbox now
        settle(page)
        step = int(page.get_attribute("#app", "data-step"))
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.getElementById('app').dataset.step === '{step + 1}'")
        assert page.is_checked(box)  # the key stepped, it did not toggle the box
    page.click("#review-button")
    page.keyboard.press("End")
    page.wait_for_function("() => { const d = document.getElementById('app').dataset; return d.step === d.steps; }")
    # Typing in a text field is left alone.
    page.click("#names")
    page.keyboard.press("Home")
    page.keyboard.type("p")
    assert not page.evaluate("() => document.body.classList.contains('present')")
    assert page.input_value("#names") == "p"


@pytest.mark.parametrize("query,words", [
    ({"game": "hokm4", "seed": "abc"}, ['seed: expected a whole number ≥ 0, got "abc"']),
    ({"game": "hokm4", "opt.stop_rule": "bogus"}, ["opt.stop_rule: expected one of", '"bogus"']),
    ({"game": "hokm4", "opt.colour": "red"}, ['opt.colour: hokm4 has no option "colour"']),
    ({"game": "hokm4", "human": "7", "viewer": "x"}, ["human: expected a seat 0..3", "viewer: expected a seat"]),
    ({"game": "hokm4", "bots": "smart", "all": "yes"}, ["bots: expected heuristic, random or pimc", "all: expected 0 or 1"]),
    ({"game": "ganjifa", "seeed": "4"}, ["seeed: not a parameter of the page"]),
])
def test_bad_url_parameters_are_shown(page: Any, server: str, query: dict[str, str], words: list[str]) -> None:
    page.goto(url(server, **query))
    page.wait_for_selector("#message:not([hidden])")
    text = page.inner_text("#message")
    assert text.startswith("This link cannot be opened")
    for w in words:
        assert w in text, text
    assert not page.get_attribute("#app", "data-table")  # nothing was dealt in its place


def test_a_link_to_no_game_keeps_the_steps_still(page: Any, server: str) -> None:
    """``/?game=nonsense``: the message names the game, the step buttons stay disabled, and
    neither they nor the keys throw (the page fixture fails on any script error)."""
    page.goto(url(server, game="nonsense"))
    page.wait_for_selector("#message:not([hidden])")
    assert 'unknown game "nonsense"' in page.inner_text("#message")
    ids = ["first", "back", "forward", "last"]
    assert page.evaluate(f"() => {ids}.map((id) => document.getElementById(id).disabled)") == [True] * 4
    for key in ["ArrowLeft", "ArrowRight", "Home", "End"]:
        page.keyboard.press(key)
    # A button enabled by hand (the page never does): its click finds no table and does nothing.
    page.evaluate(f"() => {ids}.forEach((id) => {{ const b = document.getElementById(id); b.disabled = false; b.click(); }})")
    page.wait_for_timeout(200)
    assert not page.get_attribute("#app", "data-table")


def test_save_pbn_of_a_seeded_deal(page: Any, server: str, tmp_path: Path) -> None:
    page.goto(url(server, game="hokm4", seed=7, human="none", step=12))
    page.wait_for_function("() => Number(document.getElementById('app').dataset.steps) >= 12")
    page.keyboard.press("Home")  # the bots stop; the file holds every step played
    settle(page)
    with page.expect_download() as info:
        page.click("#save-pbn")
    saved = tmp_path / "hand.pbn"
    info.value.save_as(saved)
    boards = hukm.pbn.loads(saved.read_text())
    assert len(boards) == 1 and boards[0].preset == "hokm4"
    assert page.is_hidden("#message")


def test_analysis_says_where_it_has_no_value(page: Any, server: str) -> None:
    # A Twenty-eight auction: the solver does not take it, and the page says so.
    page.goto(url(server, game="28", seed=1, analysis=1))
    page.wait_for_selector("#analysis-panel [data-status='unavailable']")
    assert page.inner_text("#analysis-panel").startswith("No double-dummy value here:")
    # Mid-hand, the value counts the tricks from here.
    page.goto(url(server, game="hokm4", deal=DEAL, trump="S", leader=0, human="none", actions="AS", step=1,
                  analysis=1))
    page.wait_for_selector("#analysis-panel h3[data-value]")
    assert " more tricks" in page.inner_text("#analysis-panel h3")


def test_dark_theme_large_cards_and_the_suit_legend(page: Any, server: str, shots: Path) -> None:
    page.goto(url(server, game="ganjifa", seed=3, human=1, viewer=1, dark=1, names="Ana,Bo,Cy"))
    settle(page)
    assert page.evaluate("() => document.body.classList.contains('dark')")
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") == "rgb(21, 25, 30)"
    legend = page.locator("#legend [data-suit]")
    assert legend.count() == 8 and "Ghulam (GH)" in legend.first.inner_text()
    # The table picture is dark too: its ground and panels, and light words on them;
    # a card keeps its face.
    fill = "(sel) => getComputedStyle(document.querySelector(sel)).fill"
    assert page.evaluate(fill, '#board svg rect[fill="#efe9dc"]') == "rgb(21, 25, 30)"
    assert page.evaluate(fill, '#board svg rect[fill="#fbf8f1"]') == "rgb(32, 38, 45)"
    assert page.evaluate(fill, '#board svg text[fill="#222"]') == "rgb(230, 232, 235)"
    assert page.evaluate(fill, "#board g.card circle, #board g.card rect") not in (
        "rgb(21, 25, 30)", "rgb(32, 38, 45)")
    page.screenshot(path=str(shots / "web_dark.png"))
    page.click("#large")
    assert page.evaluate("() => document.body.classList.contains('large')") and "large=1" in page.url
    assert page.evaluate("() => window.scrollY") == 0
    # Large cards: the table takes the width of the page, the cards to play below it.
    assert page.locator("#board svg").bounding_box()["width"] > 1500
    assert page.locator("#hand-strip button.card-button").count() > 0
    # The viewer's seat is at the bottom of the table.
    seats = page.eval_on_selector_all("#board g.seat", "els => els.map(e => [e.dataset.seat, e.getBoundingClientRect().y])")
    assert max(seats, key=lambda s: s[1])[0] == "1"
    page.click("#dark")
    assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") != "rgb(21, 25, 30)"
    assert "dark=1" not in page.url
    page.goto(url(server, game="dashavatara", seed=3))
    settle(page)
    assert page.locator("#legend [data-suit]").count() == 10
    page.goto(url(server, game="hokm4", seed=3))
    settle(page)
    assert page.is_hidden("#legend")
