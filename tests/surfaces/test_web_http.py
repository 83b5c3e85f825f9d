"""The web page's server, endpoint by endpoint, through Starlette's test client: every game
of the registry deals and plays, bad requests get a 4xx with the library's message and
change nothing, tables belong to their session, and solves run off the request thread."""

from __future__ import annotations

import asyncio
import time
import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

pytest.importorskip("starlette")
try:
    import httpx2 as httpx  # what Starlette's test client uses
except ImportError:  # pragma: no cover - older Starlette
    import httpx  # type: ignore[no-redef]
from starlette.testclient import TestClient  # noqa: E402

import hukm  # noqa: E402
from hukm.web import create_app  # noqa: E402
from hukm.web.app import MAX_BODY  # noqa: E402
from hukm.web.tables import Conflict, Table  # noqa: E402

DEAL = "N:AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app())


def new(client: TestClient, **spec: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def cards_in(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [e.attrib["data-card"] for e in root.iter() if "data-card" in e.attrib]


def test_page_and_its_files(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and '<script type="module" src="/static/app.js">' in r.text
    for name in ("app.js", "api.js", "controls.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404
    assert "hukm_session" in r.headers.get("set-cookie", "")


def test_games_list_the_registry(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == [i.name for i in hukm.games()]
    hokm = next(g for g in games if g["name"] == "hokm4")
    assert [p["key"] for p in hokm["position"]] == ["trump", "leader", "hakem"]
    assert any(o["key"] == "stop_rule" for o in hokm["options"]) and hokm["pbn"]


@pytest.mark.parametrize("name", [i.name for i in hukm.games()])
def test_every_game_deals_and_plays(client: TestClient, name: str) -> None:
    v = new(client, game=name, seed=3, human=[], viewer="none")
    state = hukm.game(name).new_game(seed=3)
    assert v["steps"] == 0 and v["legal"] and v["players"] == state.num_players
    assert len(cards_in(v["svg"])) >= sum(len(h) - h.count(".") for h in state.hands()) > 0
    for _ in range(3):  # the bots play every seat
        assert v["bot_to_move"]
        r = client.post(f"/api/tables/{v['table']}/bot", json={"viewer": "none"})
        assert r.status_code == 200, r.text
        v = r.json()
        state.apply(v["actions"][-1])
    assert v["steps"] == 3 and v["actions"] == state.history()


def test_the_deal_of_a_seed_drawn_for_everybody(client: TestClient) -> None:
    v = new(client, game="hokm4", seed=7, all=1)
    state = hukm.Hokm().new_game(seed=7)
    want = sorted(c for c, _, _, _ in state.layout[2])
    assert sorted(cards_in(v["svg"])) == want  # 52 cards face up


def test_pasted_deal_with_position(client: TestClient) -> None:
    v = new(client, game="hokm4", deal=DEAL, position={"trump": "S", "leader": "0"})
    assert v["phase"] == "play" and v["current_player"] == 0
    assert [e["action"] for e in v["legal"]][:3] == ["AS", "KS", "JS"]
    assert all(e["card"] and e["cards"] == [e["action"]] for e in v["legal"])


def test_url_actions_and_step(client: TestClient) -> None:
    v = new(client, game="hokm4", seed=7, step=12)
    assert v["steps"] == 12 and v["step"] == 12
    again = new(client, game="hokm4", seed=7, actions=v["actions"][:5], step=3)
    assert again["steps"] == 5 and again["step"] == 3 and again["actions"] == v["actions"][:5]


@pytest.mark.parametrize(
    "spec,status,message",
    [
        ({"game": "bridge"}, 400, "unknown game 'bridge'"),
        ({"game": "hokm4", "options": {"bogus": "1"}}, 400, 'unknown option "bogus"'),
        ({"game": "hokm4", "deal": "AKQ.. xyz", "position": {"trump": "S"}}, 400, "bad"),
        ({"game": "hokm4", "deal": DEAL, "position": {"banker": 1}}, 400, "position.banker does not apply"),
        ({"game": "hokm4", "seed": -1}, 400, "seed"),
        ({"game": "hokm4", "human": [7]}, 400, "human"),
        ({"game": "hokm4", "bots": "alphazero"}, 400, "bots"),
        ({"game": "hokm4", "actions": ["trump:S", "ZZ"]}, 400, "actions[1] (ZZ)"),
        ({"game": "hokm4", "step": 999999}, 400, "step"),
        ({}, 400, "game: missing"),
    ],
)
def test_bad_table_requests(client: TestClient, spec: dict[str, Any], status: int, message: str) -> None:
    r = client.post("/api/tables", json=spec)
    assert r.status_code == status and message in r.json()["error"], r.text


def test_bad_bodies(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post("/api/tables", json=[1, 2])
    assert r.status_code == 400 and "JSON object" in r.json()["error"]
    r = client.post("/api/tables", content=b" " * (MAX_BODY + 1))
    assert r.status_code == 413 and "larger than" in r.json()["error"]


def test_act_and_illegal_actions_change_nothing(client: TestClient) -> None:
    v = new(client, game="hokm4", deal=DEAL, position={"trump": "S", "leader": 0}, human=[0, 1, 2, 3])
    tid = v["table"]
    for bad, message in [("ZZ", "ZZ"), ("QS", "QS"), (7, "action: expected a string")]:
        r = client.post(f"/api/tables/{tid}/act", json={"action": bad})
        assert r.status_code == 400 and message in r.json()["error"]
        assert client.get(f"/api/tables/{tid}").json()["steps"] == 0
    v = client.post(f"/api/tables/{tid}/act", json={"action": "AS"}).json()
    v = client.post(f"/api/tables/{tid}/act", json={"action": "TH"}).json()
    assert (v["step"], v["steps"], v["actions"]) == (2, 2, ["AS", "TH"])
    # Playing from an earlier step drops the steps after it.
    v = client.post(f"/api/tables/{tid}/act", json={"action": "KS", "step": 0}).json()
    assert (v["step"], v["steps"], v["actions"]) == (1, 1, ["KS"])
    r = client.post(f"/api/tables/{tid}/act", json={"action": "AS", "step": 5})
    assert r.status_code == 400 and "step" in r.json()["error"]


def test_steps_and_views(client: TestClient) -> None:
    v = new(client, game="hokm4", seed=7, step=9)
    tid = v["table"]
    state = hukm.Hokm().new_game(seed=7)
    for k in (0, 4, 9):
        w = client.get(f"/api/tables/{tid}", params={"step": k, "viewer": 1}).json()
        assert w["step"] == k and w["steps"] == 9
        assert [m["action"] for m in w["played"]] == v["actions"]  # every move, to click
        assert [m["player"] for m in w["played"]][:1] == [hukm.Hokm().new_game(seed=7).current_player]
    for a in v["actions"][:4]:
        state.apply(a)
    w = client.get(f"/api/tables/{tid}", params={"step": 4, "viewer": 1}).json()
    assert set(cards_in(w["svg"])) >= set(state.observation(1)["hand"])
    for q, message in [({"step": 10}, "step"), ({"step": "x"}, "step"), ({"viewer": 4}, "viewer")]:
        r = client.get(f"/api/tables/{tid}", params=q)
        assert r.status_code == 400 and message in r.json()["error"]


def test_bots_move_only_for_their_seats(client: TestClient) -> None:
    v = new(client, game="hokm4", deal=DEAL, position={"trump": "S", "leader": 0})
    assert not v["bot_to_move"]
    r = client.post(f"/api/tables/{v['table']}/bot", json={})
    assert r.status_code == 400 and "no bot is to move" in r.json()["error"]
    v = client.post(f"/api/tables/{v['table']}/act", json={"action": "AS"}).json()
    assert v["bot_to_move"]
    v = client.post(f"/api/tables/{v['table']}/bot", json={"bots": "pimc"}).json()
    assert v["steps"] == 2


def test_a_bot_move_on_a_changed_table_is_refused() -> None:
    t = Table.create({"game": "hokm4", "deal": DEAL, "position": {"trump": "S", "leader": 0}, "human": []})

    class Meddler:
        def act(self, state: hukm.State) -> str:
            t.act("AS", 0)  # the table changes while the bot thinks
            return state.legal_actions()[0]

    t.make_bot = lambda seat: Meddler()  # type: ignore[method-assign]
    with pytest.raises(Conflict):
        t.bot_move()
    assert t.actions() == ["AS"]


def test_analysis_equals_solve(client: TestClient) -> None:
    v = new(client, game="hokm4", deal=DEAL, position={"trump": "S", "leader": 0}, human=[0, 1, 2, 3])
    tid = v["table"]
    client.post(f"/api/tables/{tid}/act", json={"action": "AS"})
    a = client.get(f"/api/tables/{tid}/analysis", params={"step": 1, "all": 1}).json()
    state = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
    state.apply("AS")
    sol = hukm.solve(state)
    assert a["status"] == "ok" and a["value"] == sol.value and a["values"] == sol.actions
    assert [(s["player"], s["action"], s["value"]) for s in a["line"]] == [
        (s.player, s.action, s.value) for s in hukm.best_line(state)]
    shown = {e.attrib["data-card"]: int(e.attrib["data-value"])
             for e in ET.fromstring(a["svg"]).iter() if "data-value" in e.attrib and "data-card" in e.attrib}
    assert shown == sol.actions


def test_analysis_time_limit_and_unavailable(client: TestClient) -> None:
    v = new(client, game="dehla_pakad", seed=1, human=[])
    while v["phase"] != "play":
        v = client.post(f"/api/tables/{v['table']}/bot", json={}).json()
    # Dehla Pakad answers with the best grade reached in the time given: proven bounds and
    # estimates, each card's grade and words; a longer try keeps the bounds or narrows
    # them. Each card's bounds are for the seat to act alone.
    other = (v["current_player"] + 1) % 4
    a = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": 0.2, "viewer": other}).json()
    assert a["status"] == "bounds" and a["action_bounds"] == {} and a["texts"] == {} and a["best"] == []
    a = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": 0.2, "all": 1}).json()
    assert a["status"] == "bounds" and a["stopped"] == "solver time limit reached (timeout=0.2 s)"
    lo, hi = a["bounds"]
    assert 0 <= lo <= hi <= 4 and a["message"] == f"between {lo} and {hi}, still searching"
    assert a["action_bounds"] and all(0 <= x <= y <= 4 for x, y in a["action_bounds"].values())
    assert a["grade"] in ("bounds", "estimate") and a["value_text"].startswith(("between", "about"))
    assert set(a["texts"]) == set(a["grades"]) == set(a["action_bounds"])
    assert all(t.startswith(("exact", "between", "about")) for t in a["texts"].values())
    assert a["best"] and not set(a["best"]) & set(a["worse"])
    if a["grade"] == "estimate":
        assert lo <= a["estimate"]["value"] <= hi and a["estimate"]["samples"] > 0
    fa = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": 0.2, "all": 1, "lang": "fa"}).json()
    assert fa["value_text"].startswith(("بین", "حدود", "دقیقاً")), fa["value_text"]
    # Every language: the value in the page's words with its grade, the language's digits.
    from hukm.i18n import LANGUAGES, translator
    from hukm.svg.wording import grade_text

    for lang in LANGUAGES:
        x = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": 0.2, "all": 1, "lang": lang}).json()
        e = x.get("estimate")
        said = grade_text(translator(lang), x["grade"], *x["bounds"], e["value"] if e else None)
        assert x["value_text"] == said and x["grade"] in ("bounds", "estimate"), (lang, x["value_text"])
    b = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": 0.4, "all": 1}).json()
    assert b["status"] in ("bounds", "ok")
    if b["status"] == "bounds":
        assert lo <= b["bounds"][0] <= b["bounds"][1] <= hi
        for act, (x, y) in b["action_bounds"].items():
            assert a["action_bounds"][act][0] <= x <= y <= a["action_bounds"][act][1]
    # A game that answers exactly only (Thunee) still answers with the time limit.
    v = new(client, game="thunee4", seed=1, human=[])
    while v["phase"] != "play":
        v = client.post(f"/api/tables/{v['table']}/bot", json={}).json()
    a = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": 0.001}).json()
    assert a["status"] in ("timeout", "ok") and ("time limit" in a["message"] if a["status"] == "timeout" else True)
    v = new(client, game="28", seed=1)
    a = client.get(f"/api/tables/{v['table']}/analysis").json()
    assert a["status"] == "unavailable" and a["message"]
    for bad in ("0", "-1", "x", "1000"):
        r = client.get(f"/api/tables/{v['table']}/analysis", params={"timeout": bad})
        assert r.status_code == 400 and "timeout" in r.json()["error"]


def test_record_save_and_load(client: TestClient) -> None:
    v = new(client, game="twenty_eight", seed=5, step=20, human=[])
    r = client.get(f"/api/tables/{v['table']}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rec = hukm.HandRecord.from_json(r.text)
    # The record holds the whole hand; the view, the actions as seat 0 saw them.
    every = client.get(f"/api/tables/{v['table']}", params={"all": 1}).json()["actions"]
    assert rec.preset == "28" and [a["action"] for a in rec.actions] == every != v["actions"]
    assert [a for a in every if a.startswith("indicator:")] != ["indicator:?"] == [
        a for a in v["actions"] if a.startswith("indicator:")]
    state = hukm.replay(rec)
    w = client.post("/api/tables/load", json={"record": r.text, "human": []}).json()
    assert w["actions"] == v["actions"] and w["scores"] == state.observation(0)["scores"]
    assert w["svg"] == client.get(f"/api/tables/{v['table']}").json()["svg"]


def test_bad_records_and_pbn(client: TestClient) -> None:
    good = json.loads(hukm.Hokm().new_game(seed=1).record().to_json())
    bad = dict(good, actions=[{"player": 0, "action": 5}])
    r = client.post("/api/tables/load", json={"record": json.dumps(bad)})
    assert r.status_code == 400 and "actions[0]" in r.json()["error"]
    r = client.post("/api/tables/load", json={"record": "{"})
    assert r.status_code == 400
    r = client.post("/api/tables/load", json={"pbn": '[Deal "N:AKQ"]\n'})
    assert r.status_code == 400 and "line 1" in r.json()["error"]
    r = client.post("/api/tables/load", json={})
    assert r.status_code == 400 and "exactly one of record and pbn" in r.json()["error"]


def test_pbn_save_and_load(client: TestClient) -> None:
    v = new(client, game="hokm4", deal=DEAL, position={"trump": "S", "leader": 0}, human=[0, 1, 2, 3])
    for a in ("AS", "TH", "2S", "5S"):
        v = client.post(f"/api/tables/{v['table']}/act", json={"action": a}).json()
    text = client.get(f"/api/tables/{v['table']}/pbn").text
    assert '[Deal "N:' in text and "[Play " in text
    w = client.post("/api/tables/load", json={"pbn": text}).json()
    assert w["actions"] == ["AS", "TH", "2S", "5S"] and w["game"] == "hokm4"
    v28 = new(client, game="28", seed=1)
    r = client.get(f"/api/tables/{v28['table']}/pbn")
    assert r.status_code == 400


def test_tables_belong_to_their_session() -> None:
    app = create_app()
    alice, bob = TestClient(app), TestClient(app)
    a = new(alice, game="hokm4", seed=1)
    b = new(bob, game="hokm4", seed=1)
    r = bob.get(f"/api/tables/{a['table']}")
    assert r.status_code == 404 and "no table" in r.json()["error"]
    assert bob.post(f"/api/tables/{a['table']}/act", json={"action": "trump:S"}).status_code == 404
    # Two tables of one session (two tabs) do not interfere.
    c = new(alice, game="hokm4", seed=1)
    alice.post(f"/api/tables/{a['table']}/bot", json={})
    assert alice.get(f"/api/tables/{c['table']}").json()["steps"] == 0
    assert alice.get(f"/api/tables/{a['table']}").json()["steps"] == 1
    assert bob.get(f"/api/tables/{b['table']}").json()["steps"] == 0


def test_a_long_solve_does_not_hold_up_other_requests() -> None:
    """While an analysis runs on a worker thread, views of the page are answered."""
    app = create_app()

    async def scenario() -> list[str]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            v = (await c.post("/api/tables", json={"game": "dehla_pakad", "seed": 1, "human": []})).json()
            tid = v["table"]
            while v["phase"] != "play":
                v = (await c.post(f"/api/tables/{tid}/bot", json={})).json()
            done: list[str] = []

            async def solve() -> None:
                r = await c.get(f"/api/tables/{tid}/analysis", params={"timeout": 3})
                done.append("analysis:" + r.json()["status"])

            async def views() -> None:
                await asyncio.sleep(0.2)
                for _ in range(5):
                    r = await c.get(f"/api/tables/{tid}")
                    done.append(f"view:{r.status_code}")

            await asyncio.gather(solve(), views())
            return done

    done = asyncio.run(scenario())
    assert done[:5] == ["view:200"] * 5 and done[5].startswith("analysis:")


def test_hukm_serve_command() -> None:
    """``hukm serve`` listens on 127.0.0.1 by default and stops cleanly on Ctrl-C."""
    import signal
    import socket
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "hukm.cli", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"serving on http://127.0.0.1:{port}/" in line
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as r:
                    assert r.status == 200 and b'"hokm4"' in r.read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer")
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    assert proc.returncode == 0


def test_hukm_serve_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    from hukm.cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000 out of range" in capsys.readouterr().err


def test_the_review_of_a_table(client: TestClient) -> None:
    played = ["2S", "JS", "TS", "7S", "3H", "AH", "5H", "KH", "2D", "8S", "AS", "QS"]
    v = new(client, game="hokm4", deal="A2.K.. QJ.3.. T.A.2. 87.5..", position={"trump": "H", "leader": "0"},
            actions=played)
    r = client.get(f"/api/tables/{v['table']}/review?player=1").json()
    assert r["player"] == 1 and r["steps"] == len(played) and r["chart"].startswith("<svg")
    assert [(d["step"], d["seat"], d["mark"]) for d in r["decisions"] if d["mark"]] == [(0, 0, "mistake")]
    assert {s["seat"]: s["cost"] for s in r["summary"]} == {0: 1, 1: 0, 2: 0, 3: 0}
    bad = client.get(f"/api/tables/{v['table']}/review?player=7")
    assert bad.status_code == 400 and "player" in bad.json()["error"]


@pytest.mark.parametrize("name", ["hokm4", "court_piece", "single_sar"])
def test_pbn_of_a_seeded_match(client: TestClient, name: str) -> None:
    """Save PBN on a seeded deal (the page's default): each hand of the match played so
    far, which reads back as the same deal and cards."""
    v = new(client, game=name, seed=3, human=[])
    r = client.get(f"/api/tables/{v['table']}/pbn")
    assert r.status_code == 400 and "trumps are named" in r.json()["error"]
    while v["hand_number"] == 1 or v["held_svg"] is None and v["hand_number"] == 2 and len(v["actions"]) < 70:
        v = client.post(f"/api/tables/{v['table']}/bot", json={}).json()
        if v["hand_number"] == 2:
            break
    for _ in range(6):
        v = client.post(f"/api/tables/{v['table']}/bot", json={}).json()
    r = client.get(f"/api/tables/{v['table']}/pbn")
    assert r.status_code == 200 and r.headers["content-disposition"].endswith('.pbn"')
    boards = hukm.pbn.loads(r.text)
    assert len(boards) == 2
    assert all(b.preset == name for b in boards)
    first = hukm.replay(boards[0])
    assert first.is_terminal()  # the first hand of the match, played out


def test_pbn_names_the_players(client: TestClient) -> None:
    v = new(client, game="hokm4", seed=3, human=[], names=["Ana", 'Bo "B"', "", "Di"], step=8)
    text = client.get(f"/api/tables/{v['table']}/pbn").text
    tags = hukm.pbn.parse(text).games[0].tags
    assert (tags["North"], tags["East"], tags["South"], tags["West"]) == ("Ana", 'Bo "B"', "?", "Di")


def test_player_names_and_the_viewer_at_the_bottom(client: TestClient) -> None:
    v = new(client, game="hokm4", seed=7, names=["Ana", "Bo", "", "Di"], viewer=2)
    assert v["names"] == ["Ana", "Bo", "", "Di"]
    root = ET.fromstring(v["svg"])
    labels = " ".join("".join(e.itertext()) for e in root.iter() if e.attrib.get("class") == "seat")
    assert "Ana (0)" in labels and "Di (3)" in labels and "Seat 2" in labels
    # The viewer's panel at the bottom, seat 3 (who plays after seat 2) on the right,
    # seat 0 at the top.
    boxes = {int(e.attrib["data-seat"]): next(iter(e)).attrib for e in root.iter() if e.attrib.get("class") == "seat"}
    assert float(boxes[2]["y"]) > 500 and float(boxes[0]["y"]) < 20 and float(boxes[3]["x"]) > 800
    for bad, message in ((["a"] * 5, "at most 4"), (["x" * 40], "longer than"), ([1], "names")):
        r = client.post("/api/tables", json={"game": "hokm4", "names": bad})
        assert r.status_code == 400 and message in r.json()["error"]


def test_suit_legend_of_the_emblem_packs(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["hokm4"]["legend"] == []
    names = [s["name"] for s in games["dashavatara"]["legend"]]
    assert len(names) == 10 and names[0] == "Matsya"
    ganjifa = games["ganjifa"]["legend"]
    assert [s["code"] for s in ganjifa] == ["GH", "TJ", "SM", "SF", "SR", "CH", "BA", "QM"]
    assert all(ET.fromstring(s["svg"]).tag.endswith("svg") for s in ganjifa)


def test_analysis_says_it_counts_from_here(client: TestClient) -> None:
    v = new(client, game="hokm4", deal=DEAL, position={"trump": "S", "leader": 0}, human=[0, 1, 2, 3])
    a = client.get(f"/api/tables/{v['table']}/analysis").json()
    assert a["value_text"] == f"exact {a['value']} tricks" and a["grade"] == "exact"
    client.post(f"/api/tables/{v['table']}/act", json={"action": "AS"})
    a = client.get(f"/api/tables/{v['table']}/analysis", params={"step": 1}).json()
    assert a["value_text"] == f"exact {a['value']} more tricks"
    assert f"{a['value']} more tricks" in a["svg"]
