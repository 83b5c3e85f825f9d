"""The web page's languages on the server: the page's messages by ``GET /api/i18n``, the
game list and the views in the language asked for (``lang``), a clear 400 for a language
there is none of, every registry title with its message, and English as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

import hukm  # noqa: E402
from hukm import i18n  # noqa: E402
from hukm.registry import games  # noqa: E402
from hukm.web import create_app  # noqa: E402
from hukm.web.labels import families, status_line, title  # noqa: E402

OTHERS = [c for c in i18n.LANGUAGES if c != "en"]


def leaks(text: str, lang: str) -> list[str]:
    """The English UI words left in ``text`` (the vocabulary is read with Babel)."""
    pytest.importorskip("babel")
    from hukm.i18n import _tools

    return _tools.english_leaks(text, lang)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def test_every_registry_title_and_family_has_a_message() -> None:
    """Every family of the registry has a message of the web catalog, translated in every
    language; every preset's title is translated, in the table picture's words."""
    infos = list(games())
    assert {g.family for g in infos} <= set(families())
    for lang in OTHERS:
        web = i18n.messages(lang, ("web",))["messages"]
        pictures = i18n.messages(lang, ("pictures",))["messages"]
        assert isinstance(web, dict) and isinstance(pictures, dict)
        for text in families().values():
            assert web.get(text), (lang, text)
        for g in infos:
            assert pictures.get(f"game\x04{g.title}"), (lang, g.title)
            assert title(g.name, lang) != g.title or lang == "cs" and g.title == "Thunee"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_messages_of_a_language(client: TestClient, lang: str) -> None:
    r = client.get("/api/i18n", params={"lang": lang})
    assert r.status_code == 200
    data = r.json()
    lg = i18n.LANGUAGES[lang]
    assert (data["lang"], data["dir"], data["digits"], data["fonts"]) == (lg.code, lg.dir, lg.digits, lg.fonts)
    tr = i18n.translator(lang)
    assert data["messages"]["Deal"] == tr.t("Deal") != "Deal"
    assert data["messages"]["suit\x04hearts"] == tr.suit("hearts")  # the game's words come too
    forms = data["messages"]["{n} mistake"]
    assert isinstance(forms, list) and all("{n}" in f or lang == "ar" for f in forms)
    assert [x["name"] for x in data["languages"]] == [x.name for x in i18n.LANGUAGES.values()]
    assert re.fullmatch(r"[\sn0-9!=<>&|?:%()+-]*", data["plural"])  # what the page's script reads


def test_english_has_no_messages_and_region_codes_resolve(client: TestClient) -> None:
    data = client.get("/api/i18n", params={"lang": "en"}).json()
    assert data["messages"] == {} and data["dir"] == "ltr"
    assert client.get("/api/i18n", params={"lang": "fa-IR"}).json()["lang"] == "fa"


@pytest.mark.parametrize("path", ["/api/i18n", "/api/games"])
def test_an_unknown_language_is_a_400_naming_the_languages(client: TestClient, path: str) -> None:
    r = client.get(path, params={"lang": "xx"})
    assert r.status_code == 400
    assert r.json()["error"] == "lang: unknown language 'xx'; languages: en, fa, ur, hi, bn, cs, ar"


def test_a_view_in_an_unknown_language_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "hokm4", "seed": 7, "lang": "klingon"})
    assert r.status_code == 400 and "unknown language 'klingon'" in r.json()["error"]
    v = client.post("/api/tables", json={"game": "hokm4", "seed": 7}).json()
    r = client.get(f"/api/tables/{v['table']}", params={"lang": 7})
    assert r.status_code == 400


@pytest.mark.parametrize("lang", OTHERS)
def test_the_game_list_in_a_language(client: TestClient, lang: str) -> None:
    listed = client.get("/api/games", params={"lang": lang}).json()
    tr = i18n.translator(lang)
    by = {g["name"]: g for g in listed}
    assert by["hokm4"]["title"] == tr.pt("game", "Hokm for four, Iran") != "Hokm for four, Iran"
    assert by["ganjifa"]["family_title"] == tr.t("Ganjifa")
    assert by["ganjifa"]["legend"][0]["name"] == tr.suit("Ghulam")
    # The keys the page sends back stay the engine's.
    assert by["hokm4"]["name"] == "hokm4" and by["hokm4"]["options"][0]["key"] == "players"
    positions = [p for g in listed for p in g["position"]]
    assert all(p["label"] for p in positions)
    if lang != "cs":  # Czech borrows "hakem" as it is
        assert all(p["label"] != p["key"] for p in positions), positions
    shown = " ".join([g["title"] + " " + g["family_title"] for g in listed]
                     + [s["name"] for g in listed for s in g["legend"]] + [p["label"] for p in positions])
    assert leaks(shown, lang) == []


def test_english_game_list_unchanged(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert {g["name"]: g["title"] for g in listed} == {g.name: g.title for g in games()}
    assert [s["name"] for s in next(g for g in listed if g["name"] == "ganjifa")["legend"]][:2] == ["Ghulam", "Taj"]
    assert all(p["label"] == p["key"] for g in listed for p in g["position"])


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", ["hokm4", "dab_rang", "28", "naqsh", "dashavatara", "thunee4"])
def test_the_status_line_in_a_language(lang: str, game: str) -> None:
    """The status line names the game, the hand, the roles and the trump in the language,
    with its digits, and no English word of the page's vocabulary."""
    state = hukm.game(game).new_game(3)
    bot = hukm.bots.Heuristic(3)
    lines = set()
    for _ in range(30):
        if state.is_terminal():
            break
        lines.add(status_line(state, lang))
        state.apply(bot.act(state))
    tr = i18n.translator(lang)
    for line in lines:
        assert line.startswith(title(game, lang))
        hand = state.observation(0).get("hand_number", 1)
        assert any(tr.pt("status", "hand {n}", n=n) in line for n in range(1, hand + 1)), line
        assert leaks(line, lang) == [], line
        if tr.language.digits != "0123456789":
            assert not re.search("[0-9]", line), line


def test_the_status_line_in_english_is_the_terminal_s() -> None:
    state = hukm.game("hokm4").new_game(3)
    assert status_line(state, "en") == "hokm4 | hand 1 | dealer seat 1 | Hakem seat 2 | trump: not named yet"
    state = hukm.game("28").new_game(3)
    for _ in range(8):
        state.apply(hukm.bots.Heuristic(1).act(state))
    assert status_line(state, "en").startswith("28 | hand 1 | dealer seat 2 | bidder seat ")


def view_in(client: TestClient, lang: str, **spec: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={**spec, "lang": lang})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize("lang", OTHERS)
def test_a_view_in_a_language(client: TestClient, lang: str) -> None:
    v = view_in(client, lang, game="hokm4", seed=7)
    tr = i18n.translator(lang)
    state = hukm.game("hokm4").new_game(7)
    for a in v["actions"]:
        state.apply(a)
    assert v["header"] == status_line(state, lang)
    assert all(m["label"] for m in v["played"])
    # The same table seen in English again: the English words, the same picture's cards.
    again = client.get(f"/api/tables/{v['table']}", params={"lang": "en"}).json()
    assert again["header"].startswith("hokm4 | hand 1")
    assert [m["action"] for m in again["played"]] == [m["action"] for m in v["played"]]
    assert tr.pt("status", "trump: {suit}", suit="") in v["header"]
    assert tr.pt("status", "{role} seat {seat}", role=tr.pt("role", "dealer"), seat=2) in v["header"]


def test_bounds_message_in_a_language(client: TestClient) -> None:
    deal = "J7.KJT.AK76.K953 KQ85.A763.8.AJT2 A963.842.QJT53.8 T42.Q95.942.Q764"
    v = view_in(client, "fa", game="dehla_pakad", deal=deal, position={"trump": "S", "leader": 0}, human=[0])
    r = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": 0.05, "lang": "fa"}).json()
    if r["status"] == "bounds":  # a slow machine may stop before any bound; a fast one may solve
        lo, hi = r["bounds"]
        assert r["message"] == i18n.translator("fa").t(
            "between {lo} and {hi}, still searching", lo=lo, hi=hi)
        assert not re.search("[0-9]", r["message"])
