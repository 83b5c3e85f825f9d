"""The web page in every language, in headless Chromium (see ``test_web_browser.py`` for
how Chromium is found and the server started): right to left in Persian, Urdu and Arabic
with the seat to move where a right-to-left reader looks for it, no text overflowing its
box at 1280x800 or on a phone (390x844), no English word of the page's vocabulary left in
another language, and the language menu remembered by the browser, ``?lang=`` first.
Screenshots of the page per language go to ``HUKM_SCREENSHOTS`` (``web_fa.png`` ...).
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any, Iterator

import pytest

from test_web_browser import browser, opened, server, settle, shots  # noqa: F401  (fixtures)

import hukm
from hukm import i18n

DEAL = "N:AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
LANGS = list(i18n.LANGUAGES)
OTHERS = [c for c in LANGS if c != "en"]
NAMES = {"en": "Ana,Bo,Cy,Di", "fa": "علی,مریم,رضا,سارا", "ur": "علی,عائشہ,حسن,زینب",
         "hi": "राम,सीता,मोहन,गीता", "bn": "রবি,মিতা,সুমন,দীপা", "cs": "Anna,Bohouš,Cyril,Dana",
         "ar": "علي,منى,حسن,سارة"}
"""Player names as each language's players would type them."""

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def url(server: str, **q: Any) -> str:
    return f"{server}/?{urllib.parse.urlencode({k: v for k, v in q.items() if v is not None})}"


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:  # noqa: F811
    yield from opened(browser, viewport=VIEWPORTS["desktop"])


def sized(browser: Any, kind: str) -> Iterator[Any]:  # noqa: F811
    if kind == "phone":
        return opened(browser, viewport=VIEWPORTS["phone"], device_scale_factor=2, has_touch=True, is_mobile=True)
    return opened(browser, viewport=VIEWPORTS["desktop"])


OVERFLOW = r"""() => {
  const bad = [];
  const W = document.documentElement.clientWidth;
  const said = (e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""} "${(e.textContent || "").trim().slice(0, 50)}"`;
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    const cs = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none";
  };
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest("svg") || ["SELECT", "OPTION", "INPUT", "TEXTAREA", "SCRIPT", "STYLE", "BR"].includes(e.tagName)) continue;
    if (!shown(e) || (e.checkVisibility && !e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))) continue;
    const cs = getComputedStyle(e);
    const texts = [...e.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
    const clips = [cs.overflowX, cs.overflowY].some((o) => o === "hidden" || o === "clip");
    const scrolls = [cs.overflowX].some((o) => o === "auto" || o === "scroll");
    // A box that clips, or a box of text, narrower than what it holds.
    if ((clips || texts.length) && cs.display !== "inline" && !scrolls && e.scrollWidth > e.clientWidth + 1) {
      bad.push(`overflows its box (${e.scrollWidth} > ${e.clientWidth}): ${said(e)}`);
    }
    // Text out of the window.
    for (const n of texts) {
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width && (r.left < -1 || r.right > W + 1)) bad.push(`out of the window: ${said(e)}`);
      }
    }
  }
  // The table picture: each word within the panel it is written on (the picture's light
  // panels), the others within the picture.
  for (const svg of document.querySelectorAll("#board svg")) {
    const frame = svg.getBoundingClientRect();
    const panels = [...svg.querySelectorAll('rect[fill="#fbf8f1"]')].map((r) => r.getBoundingClientRect());
    for (const tx of svg.querySelectorAll("text")) {
      if (tx.closest("g.card") || !tx.textContent.trim()) continue;
      const b = tx.getBoundingClientRect();
      if (!b.width) continue;
      const cx = (b.left + b.right) / 2, cy = (b.top + b.bottom) / 2;
      const home = panels.filter((p) => p.left <= cx && cx <= p.right && p.top <= cy && cy <= p.bottom)
        .sort((p, q) => p.width * p.height - q.width * q.height)[0] || frame;
      if (b.left < home.left - 1 || b.right > home.right + 1) {
        bad.push(`picture text out of its panel: "${tx.textContent.trim().slice(0, 50)}"`);
      }
    }
  }
  return [...new Set(bad)];
}"""


SMALL_TEXT = r"""() => [...document.querySelectorAll("#board svg text")].filter((t) => t.textContent.trim())
  .map((t) => { const m = t.getScreenCTM();
                return [parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), t.textContent.trim()]; })
  .filter(([size]) => size < 12)"""
"""The words of the table picture drawn smaller than 12 CSS px (the font size times the
scale from the picture's units to the screen, a card's own scale included)."""


def overflows(page: Any) -> list[str]:
    return list(page.evaluate(OVERFLOW))


VISIBLE_TEXT = """() => document.body.innerText + "\\n" +
  [...document.querySelectorAll("svg text")].map((t) => t.textContent).join("\\n")"""


def leaks(text: str, lang: str, allowed: list[str]) -> list[str]:
    pytest.importorskip("babel")
    from hukm.i18n import _tools

    return _tools.english_leaks(text, lang, allowed=allowed)


def scenes(server: str, lang: str) -> list[tuple[str, str, str]]:
    """(name, URL, selector to wait for) of the views every language is checked on: a hand
    in play with names, an auction's buttons, the analysis panel."""
    return [
        ("play", url(server, game="hokm4", seed=7, names=NAMES[lang], lang=lang), "#board svg"),
        ("auction", url(server, game="28", seed=3, lang=lang), "#actions button.action"),
        ("analysis", url(server, game="hokm4", deal=DEAL, trump="S", leader=0, human=0, analysis=1, lang=lang),
         "#analysis-panel table.values"),
    ]


def open_scene(page: Any, address: str, selector: str) -> None:
    page.goto(address)
    settle(page)
    page.wait_for_selector(selector)
    settle(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", list(VIEWPORTS))
def test_no_text_overflows_its_box(browser: Any, server: str, lang: str, kind: str) -> None:  # noqa: F811
    """Nothing overflows its box; on the phone the table is drawn for it (layout=phone)
    and every word of it is 12 CSS px and more."""
    for page in sized(browser, kind):
        for name, address, selector in scenes(server, lang):
            open_scene(page, address, selector)
            page.click("#options-box summary")
            page.click("#deal-box summary")
            assert page.get_attribute("html", "lang") == lang
            assert overflows(page) == [], (name, kind)
            assert page.evaluate("() => document.documentElement.scrollWidth - innerWidth") <= 0, name
            if kind == "phone":
                assert page.locator("#board svg text").count() > 20, name
                assert page.evaluate(SMALL_TEXT) == [], (name, lang)
                # the status line's counts above the table, in large type
                counts = page.locator("#counts .count b")
                if counts.count():
                    assert float(counts.first.evaluate("(b) => parseFloat(getComputedStyle(b).fontSize)")) >= 24
                    assert counts.first.bounding_box()["y"] < page.locator("#board svg").bounding_box()["y"]


SHOWCASE = {
    "fa": {"game": "hokm4", "deal": DEAL, "trump": "S", "leader": 0, "human": 0, "analysis": 1},
    "ur": {"game": "court_piece", "seed": 5, "step": 9},
    "hi": {"game": "dehla_pakad", "seed": 3, "step": 9},
    "bn": {"game": "29", "seed": 3},
    "cs": {"game": "dashavatara", "seed": 4, "step": 4},
    "ar": {"game": "28", "seed": 3},
}
"""The view of each language's screenshot: a game its players play."""


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_word_is_left(desktop: Any, server: str, shots: Path, lang: str) -> None:  # noqa: F811
    """What a person reads on the page, the table picture's words included, has no English
    word of the user interface (the players' names and the cards' codes aside); the
    status line, the scores and the step count are in the language's digits. The page of
    a game its players play is saved as ``web_<lang>.png``."""
    players = hukm.game(SHOWCASE[lang]["game"]).num_players
    show = url(server, **SHOWCASE[lang], names=",".join(NAMES[lang].split(",")[:players]), lang=lang)
    wait = "#analysis-panel table.values" if "analysis" in SHOWCASE[lang] else "#board svg"
    for name, address, selector in [*scenes(server, lang), ("showcase", show, wait)]:
        open_scene(desktop, address, selector)
        text = desktop.evaluate(VISIBLE_TEXT)
        assert leaks(text, lang, NAMES[lang].split(",")) == [], name
        if i18n.LANGUAGES[lang].digits != "0123456789":
            status = desktop.inner_text("#status") + desktop.inner_text("#scores") + desktop.inner_text("#step-text")
            assert not any(c.isascii() and c.isdigit() for c in status), status
    desktop.screenshot(path=str(shots / f"web_{lang}.png"))


def test_the_page_on_a_phone_in_persian(browser: Any, server: str, shots: Path) -> None:  # noqa: F811
    """The page at 390 x 844 in Persian: right to left, nothing sideways, the cards to
    play as buttons, no English word; saved as ``web_fa_phone.png``."""
    for phone in sized(browser, "phone"):
        phone.goto(url(server, game="hokm4", seed=7, names=NAMES["fa"], lang="fa"))
        d = settle(phone)
        assert d["turn"] == "human" and phone.get_attribute("html", "dir") == "rtl"
        assert phone.evaluate("() => document.documentElement.scrollWidth - innerWidth") <= 0
        assert phone.locator("#hand-strip button.card-button").count() > 0
        assert leaks(phone.evaluate(VISIBLE_TEXT), "fa", NAMES["fa"].split(",")) == []
        assert overflows(phone) == []
        phone.screenshot(path=str(shots / "web_fa_phone.png"))


CHAR_X = r"""(sel) => {
  const li = document.querySelector(sel);
  const out = [];
  const walk = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (let i = 0; i < node.textContent.length; i++) {
      const r = document.createRange();
      r.setStart(node, i);
      r.setEnd(node, i + 1);
      const b = r.getBoundingClientRect();
      if (b.width > 0) out.push([node.textContent[i], b.x]);
    }
  }
  return out;
}"""
"""Each drawn character of an element's text with its left edge on the screen."""


def test_review_marks_read_in_order_right_to_left(desktop: Any, server: str, shots: Path) -> None:  # noqa: F811
    """A Persian review mark: the card (isolated, drawn K♦ not ♦K) stands right of its
    values, after the seat it follows, and the best cards run from the right; the mark of
    ``hukm.review`` in the same words. Saved as ``web_review_marks_fa.png``."""
    played = ["2S", "JS", "TS", "7S", "3H", "AH", "5H", "KH", "2D", "8S", "AS", "QS"]
    desktop.goto(url(server, game="hokm4", deal="A2.K.. QJ.3.. T.A.2. 87.5..", trump="H", leader=0,
                     actions=",".join(played), human=0, all=1, lang="fa"))
    settle(desktop)
    desktop.click("#review-button")
    desktop.wait_for_selector("#review-panel li[data-mark]")
    chars = desktop.evaluate(CHAR_X, "#review-panel li[data-mark]")
    text = "".join(c for c, _ in chars)
    assert "2♠" in text and "2S" not in text, text
    i = text.index("2♠")
    at = [a for _, a in chars]
    assert at[i] < at[i + 1], "the card reads left to right (2♠, not ♠2)"
    seat = at[i - 2]  # "جایگاه ۰ 2♠": the seat's number, read before the card, stands right of it
    values = [a for c, a in chars[i + 2:text.index("(")] if c.isdigit()]  # "۳ ← ۲", read after it
    assert len(values) == 2 and max(at[i], at[i + 1]) < seat and max(values) < min(at[i], at[i + 1]), chars
    assert values[0] > values[1], "the best value first, on the right"
    desktop.locator("#review-panel .review-marks").screenshot(path=str(shots / "web_review_marks_fa.png"))


def seat_side(page: Any, seat: str) -> str:
    """Which half of the table picture the seat's panel is in: "left" or "right"."""
    board = page.locator("#board svg").bounding_box()
    box = page.locator(f'#board g.seat[data-seat="{seat}"]').bounding_box()
    centre = box["x"] + box["width"] / 2
    return "left" if centre < board["x"] + board["width"] / 2 else "right"


@pytest.mark.parametrize("lang,side", [("en", "right"), ("fa", "left"), ("ar", "left"), ("ur", "left"),
                                       ("hi", "right")])
def test_the_seat_to_move_where_the_reader_looks(desktop: Any, server: str, lang: str, side: str) -> None:
    """Seat 0 (the viewer, at the bottom) leads; the next seat to play sits to the right in
    a left-to-right language and to the left in a right-to-left one, as the reader's eye
    goes on from the bottom seat. The page is mirrored too: the status line starts on the
    right and the first side's score is the right-most in a right-to-left language."""
    desktop.goto(url(server, game="hokm4", deal=DEAL, trump="S", leader=0, human=0, viewer=0, lang=lang))
    d = settle(desktop)
    assert d["current"] == "0" and d["turn"] == "human"
    rtl = i18n.LANGUAGES[lang].rtl
    assert desktop.get_attribute("html", "dir") == ("rtl" if rtl else "ltr")
    assert seat_side(desktop, "1") == side
    assert seat_side(desktop, "3") == ("right" if side == "left" else "left")
    # The picture is drawn for the direction by the server, never mirrored by the page.
    assert desktop.evaluate("() => getComputedStyle(document.querySelector('#board svg')).transform") == "none"
    assert desktop.evaluate("() => getComputedStyle(document.querySelector('#board')).transform") == "none"
    xs = desktop.eval_on_selector_all("#scores [data-side]", "ss => ss.map((s) => s.getBoundingClientRect().x)")
    assert len(xs) == 2 and (xs[0] > xs[1]) == rtl
    status = desktop.locator("#status").bounding_box()
    side_panel = desktop.locator("#side").bounding_box()
    stage = desktop.locator("#stage").bounding_box()
    assert (side_panel["x"] < stage["x"] + stage["width"] / 2) == rtl  # the side panel at the reading end
    assert status["width"] > 0
    # The arrow keys step the way the page reads: back is ← left to right, → right to left.
    desktop.keyboard.press("ArrowRight" if rtl else "ArrowLeft")
    desktop.wait_for_function("() => document.getElementById('app').dataset.step === '0'")


def test_the_language_menu_is_remembered_and_the_url_wins(desktop: Any, server: str, shots: Path) -> None:  # noqa: F811
    desktop.refusals_expected = True  # an unknown language: the API refuses it with a 400, the page says so
    desktop.goto(url(server, game="hokm4", seed=7))
    settle(desktop)
    assert desktop.get_attribute("html", "dir") == "ltr" and desktop.inner_text("#deal-button") == "Deal"
    names = desktop.eval_on_selector_all("#lang option", "os => os.map((o) => o.textContent)")
    assert names == ["English", "فارسی", "اردو", "हिन्दी", "বাংলা", "Čeština", "العربية"]
    with desktop.expect_navigation():
        desktop.select_option("#lang", "fa")
    settle(desktop)
    fa = i18n.translator("fa")
    assert desktop.get_attribute("html", "dir") == "rtl" and desktop.get_attribute("html", "lang") == "fa"
    assert desktop.inner_text("#deal-button") == fa.t("Deal")
    assert "lang=fa" in desktop.url and "game=hokm4" in desktop.url  # the same table, in Persian
    # The choice survives a reload and a link without ?lang=.
    desktop.reload()
    settle(desktop)
    assert desktop.inner_text("#deal-button") == fa.t("Deal")
    desktop.goto(url(server, game="ganjifa", seed=2))
    settle(desktop)
    assert desktop.get_attribute("html", "lang") == "fa"
    assert fa.suit("Ghulam") in desktop.inner_text("#legend")
    # ?lang= wins over the memory, and leaves it as it was.
    desktop.goto(url(server, game="hokm4", seed=7, lang="cs"))
    settle(desktop)
    assert desktop.get_attribute("html", "lang") == "cs" and desktop.inner_text("#deal-button") == "Rozdat"
    desktop.goto(url(server, game="hokm4", seed=7))
    settle(desktop)
    assert desktop.get_attribute("html", "lang") == "fa"
    # A language there is none of: said on the page, in the language shown.
    desktop.goto(url(server, game="hokm4", seed=7, lang="xx"))
    settle(desktop)
    message = desktop.inner_text("#message")
    assert '"xx"' in message or "«xx»" in message, message
    assert message.startswith(fa.t('There is no language "{lang}" here: the page is in {name}.',
                                    lang="xx", name="فارسی")[:10])
    assert desktop.get_attribute("html", "lang") == "fa" and desktop.get_attribute("#app", "data-table")
    # Back to English by the menu.
    with desktop.expect_navigation():
        desktop.select_option("#lang", "en")
    settle(desktop)
    assert desktop.get_attribute("html", "dir") == "ltr" and desktop.inner_text("#deal-button") == "Deal"


WHOLE_MATCHES = [
    # (preset, its options for a short match, the page's language, the screen)
    ("hokm4", {"target_points": "1"}, "fa", "phone"),
    ("28", {"target_score": "1"}, "en", "desktop"),
    ("thunee4", {"target_balls": "1"}, "ur", "phone"),
    ("ganjifa", {"rounds": "1"}, "hi", "desktop"),
    ("dugi", {"hands": "1"}, "bn", "phone"),
    ("dashavatara", {}, "cs", "desktop"),
    ("naqsh", {"hands": "1"}, "ar", "phone"),
]
"""A whole match of each family, each in one language and on one screen: the seven
languages, phones and desktops."""


def shown_numbers(text: str) -> list[float]:
    """The numbers of a count as the page writes them (``7–5``, ``4 / -2 / -2``, in any
    digits, bidi marks around), read back."""
    import unicodedata

    out = []
    plain = "".join(c for c in text if c not in "\u2066\u2067\u2068\u2069\u200e\u200f")
    for part in plain.replace(" / ", "–").split("–"):
        digits = "".join(str(unicodedata.digit(c)) if unicodedata.digit(c, None) is not None else c for c in part)
        out.append(float(digits.replace("٫", ".").strip()))
    return out


@pytest.mark.parametrize("preset,options,lang,kind", WHOLE_MATCHES)
def test_the_counts_on_the_page_are_the_engines_through_a_whole_match(
        browser: Any, server: str, preset: str, options: dict[str, str], lang: str, kind: str) -> None:  # noqa: F811
    """A whole match played by the bots, stepped through card by card: after every action
    the counts of the status line (tricks, points, tens ..., in large type) say the
    engine's counts for the viewer, in the language's digits; on the phone every word of
    the table stays 12 CSS px and more at every step."""
    from hukm.record import HandRecord, replay
    from hukm.web.tables import Table

    spec = {"game": preset, "seed": 3, "human": [], "options": options}
    probe = Table.create(spec)
    while not probe.state().is_terminal():
        probe.bot_move()
    total = probe.steps
    query = {f"opt.{k}": v for k, v in options.items()}
    for page in sized(browser, kind):
        page.goto(url(server, game=preset, seed=3, human="none", step=total, lang=lang, hold=1, **query))
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.steps) >= {total}")
        d = settle(page)
        answer = page.request.get(f"{server}/api/tables/{d['table']}/record")
        record = HandRecord.from_json(answer.text())
        assert len(record.actions) == total and replay(record).is_terminal()
        page.click("#first")
        page.wait_for_function("() => document.getElementById('app').dataset.step === '0'")
        seen = 0
        for k in range(total + 1):
            if k:
                page.click("#forward")
                page.wait_for_function(f"() => document.getElementById('app').dataset.step === '{k}'")
            d = settle(page)
            page.wait_for_function("() => document.getElementById('app').dataset.held !== '1'")
            obs = replay(record, k).observation(0)
            counts = page.eval_on_selector_all(
                "#counts .count", "cs => cs.map((c) => [c.dataset.key, c.dataset.values, c.querySelector('b').textContent])")
            for key, values, text in counts:
                engine = [obs["challenger_tricks"]] if key == "challenger_tricks" else obs[key]
                assert json.loads(values) == engine, (k, key, values, engine)
                assert shown_numbers(text) == [float(x) for x in engine], (k, key, text, engine)
                seen += 1
            # the match's score beside them, each side's in its own element
            scores = page.eval_on_selector("#scores", "s => [s.dataset.scores, [...s.querySelectorAll('span')]"
                                                      ".map((x) => x.textContent)]")
            assert json.loads(scores[0]) == list(obs.get("scores", [])), (k, scores)
            assert [shown_numbers(x)[0] for x in scores[1]] == [float(x) for x in obs.get("scores", [])], (k, scores)
            if kind == "phone":
                assert page.evaluate(SMALL_TEXT) == [], (k, lang)
        if preset != "naqsh":  # a hand of Naqsh has no count of its own, the match's score only
            assert seen >= total // 2, seen
