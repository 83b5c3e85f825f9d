"""Hand records (``hukm.record``): every state of every preset replays exactly from
its record, the JSON is stable and matches its JSON Schema, and malformed records
are refused by both the schema and ``HandRecord.from_json`` with a message naming
the field."""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hukm
from hukm.record import HandRecord, record_of, replay, schema

jsonschema = pytest.importorskip("jsonschema")

PRESETS = [g.name for g in hukm.games()]
VALIDATOR = jsonschema.Draft202012Validator(schema())
CAP = 1500
"""Most actions played in one random game (Court Piece's matches to many kots are long)."""

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- helpers --------------------------------------------------------------------


@dataclass
class Played:
    """A random game: its start, the actions taken, the player before each, the end."""

    start: hukm.State
    actions: list[str]
    movers: list[int]
    final: hukm.State

    def at(self, step: int) -> hukm.State:
        """The state after ``step`` actions, rebuilt by applying them to the start."""
        s = self.start.clone()
        for a in self.actions[:step]:
            s.apply(a)
        return s


def play_randomly(state: hukm.State, rng: random.Random, cap: int) -> Played:
    """Plays up to ``cap`` uniformly random legal actions from ``state`` (changed)."""
    start = state.clone()
    actions: list[str] = []
    movers: list[int] = []
    for _ in range(cap):
        if state.is_terminal():
            break
        a = rng.choice(state.legal_actions())
        movers.append(state.current_player)
        actions.append(a)
        state.apply(a)
    return Played(start, actions, movers, state)


def position(name: str, rng: random.Random) -> hukm.State:
    """A random ``from_deal`` position of preset ``name`` (a full first deal)."""
    g: Any = hukm.game(name)
    deal_seed = rng.randrange(1 << 32)
    deal = g.deal(deal_seed)
    fam = g.family
    if fam == "hokm":
        seats = g.num_seats if g.preset == "dummy_rang" else g.num_players
        return g.from_deal(deal, trump=rng.choice(["S", "H", "D", "C", None]), leader=rng.randrange(seats))  # type: ignore[no-any-return]
    if fam == "twenty_eight":
        n = g.num_players
        bidder, leader = rng.randrange(n), rng.randrange(n)
        if rng.random() < 0.5:
            return g.from_deal(deal, bidder, leader, trump=rng.choice(g.suits))  # type: ignore[no-any-return]
        own = g.from_deal(deal, bidder, leader, trump="S").observation(bidder)["hand"]
        return g.from_deal(deal, bidder, leader, indicator=rng.choice(own))  # type: ignore[no-any-return]
    if fam in ("ganjifa", "dugi"):
        first = rng.choice([None, rng.randrange(g.num_players)])
        return g.from_deal(deal, first, seed=rng.randrange(1000))  # type: ignore[no-any-return]
    if fam == "dashavatara":
        return g.from_deal(deal)  # type: ignore[no-any-return]  # a full deal starts with the opening
    if fam == "thunee":
        n = g.num_players
        if rng.random() < 0.25:
            return g.from_deal(deal, thunee=rng.randrange(n))  # type: ignore[no-any-return]
        return g.from_deal(deal, trump=rng.choice(g.suits), trumper=rng.randrange(n), bid=rng.choice([0, 50]))  # type: ignore[no-any-return]
    assert fam == "naqsh"
    if rng.random() < 0.5:
        return g.from_deal(deal, 0, g.stock(deal_seed))  # type: ignore[no-any-return]
    return g.from_deal(deal, rng.randrange(g.num_players), seed=rng.randrange(1000))  # type: ignore[no-any-return]


def check_replays(game: Played, rng: random.Random, validate: bool = True) -> HandRecord:
    """The record of the last state replays to it and to earlier states; the JSON is
    stable, round-trips and matches the schema."""
    final = game.final
    record = final.record()
    assert isinstance(record, HandRecord)
    assert record == record_of(final)
    assert record.game == final.game and record.preset == final.preset
    assert [a["action"] for a in record.actions] == game.actions
    assert [a["player"] for a in record.actions] == game.movers
    text = record.to_json()
    assert text == record.to_json() == record_of(final).to_json()  # stable
    again = HandRecord.from_json(text)
    assert again == record and hash(again) == hash(record)
    assert again.to_json() == text
    assert HandRecord.from_json(record.to_json(indent=2)) == record
    if validate:
        VALIDATOR.validate(json.loads(text))
    back = replay(again)
    assert back == final
    assert back.history() == final.history()
    assert back.hands() == final.hands()
    assert back.returns() == final.returns()
    assert back.is_terminal() == final.is_terminal()
    assert back.current_player == final.current_player
    assert (record.result is not None) == final.is_terminal()
    if final.is_terminal():
        assert record.result == final.returns()
    # The engine's own restore (pickling) agrees.
    assert pickle.loads(pickle.dumps(final)) == back
    # Steps replay to the state at that step (a sample of steps).
    n = len(game.actions)
    for k in sorted({0, n} | {rng.randrange(n + 1) for _ in range(3)}):
        at = replay(record, step=k)
        expected = game.at(k)
        assert at == expected, k
        assert at.hands() == expected.hands()
        assert record.replay(k) == at
    return record


# --- replaying every preset -----------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), play=st.integers(0, 2**32))
def test_whole_matches_replay(name: str, seed: int, play: int) -> None:
    """Random matches from ``new_game`` of every preset (to the end, or ``CAP`` actions)."""
    rng = random.Random(play)
    game = play_randomly(hukm.game(name).new_game(seed), rng, CAP)
    record = check_replays(game, rng, validate=len(game.actions) < 600)
    assert record.origin == {"kind": "match", "seed": seed, "params": {}}
    assert [a["action"] for a in record.actions] == game.final.history()


@pytest.mark.parametrize("name", PRESETS)
def test_finished_matches_replay(name: str) -> None:
    """At least one whole match of each preset played to its end."""
    rng = random.Random(name)
    for seed in range(10):
        game = play_randomly(hukm.game(name).new_game(seed), rng, 200_000)
        if game.final.is_terminal():
            record = check_replays(game, rng, validate=False)
            assert record.result == game.final.returns()
            return
    pytest.fail(f"no match of {name} ended")  # pragma: no cover


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_positions_replay(name: str, seed: int) -> None:
    """Hands from ``from_deal`` positions of every preset, played randomly."""
    rng = random.Random(seed)
    start = position(name, rng)
    game = play_randomly(start, rng, CAP)
    record = check_replays(game, rng)
    assert record.origin["kind"] == "deal"
    assert record.origin["params"] == game.start.origin()[0][2]


@pytest.mark.parametrize("name", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**32), sample=st.integers(0, 2**64 - 1))
def test_sampled_states_replay(name: str, seed: int, sample: int) -> None:
    """``determinize`` of mid-game states (and of a sample of a sample)."""
    rng = random.Random(seed)
    start = position(name, rng) if rng.random() < 0.5 else hukm.game(name).new_game(rng.randrange(1 << 32))
    first = play_randomly(start, rng, rng.randrange(0, 30))
    s = first.final
    if s.is_terminal():
        return
    det = s.determinize(rng.randrange(s.num_players), sample)
    more = play_randomly(det, rng, rng.randrange(0, 40))
    record = check_replays(more, rng)
    assert record.origin["kind"] == "sample"
    assert record.origin["seed"] == sample
    assert record.origin["from"] == record_of(first.start).origin
    assert [a["action"] for a in record.origin["actions"]] == first.actions
    assert [a["player"] for a in record.origin["actions"]] == first.movers
    last = more.final
    if not last.is_terminal():
        twice = last.determinize(last.current_player, rng.randrange(1 << 32))
        rec2 = check_replays(play_randomly(twice, rng, 10), rng)
        assert rec2.origin["kind"] == "sample" and rec2.origin["from"]["kind"] == "sample"


@pytest.mark.parametrize("name", ["28", "29", "28_wb", "40", "56"])
def test_open_positions_replay(name: str) -> None:
    """Twenty-eight's ``open_position`` (of a match in the auction and of a sample)."""
    rng = random.Random(name)
    g = hukm.game(name)
    for k in range(6):
        s = g.new_game(k)
        for _ in range(rng.randrange(0, 3)):
            if s.phase != "bid":
                break
            s.apply(rng.choice(s.legal_actions()))
        base = s.determinize(s.current_player, k) if k % 2 else s
        opened = base.open_position(rng.randrange(g.num_players), rng.choice(g.suits))
        record = check_replays(play_randomly(opened, rng, 200), rng)
        assert record.origin["kind"] == "open"
        assert record.origin["from"]["kind"] == ("sample" if k % 2 else "match")


def test_match_params_and_options_kept() -> None:
    """Start keywords and options survive (options in the engine's order: by name)."""
    g = hukm.Hokm("hokm4", stop_rule="play_all", deal_batches="5-3-3-2")
    s = g.new_game(7, scores=[4, 5], dealer=2)
    s.apply(s.legal_actions()[0])
    r = s.record()
    assert r.options == {"stop_rule": "play_all", "deal_batches": "5-3-3-2"}
    assert list(r.options) == [k for k, _ in s.options]
    assert r.origin == {"kind": "match", "seed": 7, "params": {"scores": [4, 5], "dealer": 2}}
    assert replay(HandRecord.from_json(r.to_json())) == s
    text = r.to_json()
    assert text.index('"deal_batches"') < text.index('"stop_rule"')


def test_fixed_key_order_and_example() -> None:
    s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    for a in ["AS", "JS", "9S", "7S"]:
        s.apply(a)
    r = s.record()
    assert list(json.loads(r.to_json())) == ["version", "game", "preset", "options", "origin", "actions", "result"]
    assert r.to_dict() == {
        "version": 1,
        "game": "hokm",
        "preset": "hokm4",
        "options": {},
        "origin": {"kind": "deal", "deal": "AK.2.. QJ.3.. T9.4.. 87.5..", "params": {"trump": "H", "leader": 0}},
        "actions": [
            {"player": 0, "action": "AS"},
            {"player": 1, "action": "JS"},
            {"player": 2, "action": "9S"},
            {"player": 3, "action": "7S"},
        ],
        "result": None,
    }
    assert len(r) == 4
    assert [x.history() for x in r.states()] == [s.history()[:k] for k in range(5)]


def test_replay_steps_out_of_range() -> None:
    s = hukm.Hokm().new_game(3)
    s.apply(s.legal_actions()[0])
    r = s.record()
    assert replay(r, 0).history() == [] and replay(r, 1) == s
    for bad in (-1, 2, 10):
        with pytest.raises(hukm.StateError, match=r"step .* out of range 0\.\.1"):
            replay(r, bad)
    for bad_step in (True, 1.0, "1"):
        with pytest.raises(hukm.StateError, match="step must be a whole number"):
            replay(r, bad_step)  # type: ignore[arg-type]
    with pytest.raises(hukm.StateError):
        replay("not a record")  # type: ignore[arg-type]
    with pytest.raises(hukm.StateError):
        record_of("not a state")  # type: ignore[arg-type]


def test_replay_refuses_records_built_by_hand() -> None:
    """``replay`` checks a record made directly (not through from_json)."""
    s = hukm.Hokm().from_deal("A... K... Q... J...", trump="S", leader=0)
    r = s.record()
    bad = HandRecord(r.game, r.preset, r.options, r.origin, [{"player": 1, "action": "AS"}])
    with pytest.raises(hukm.NotationError, match=r"actions\[0\]\.player: the record says 1, but player 0 is to move"):
        replay(bad)
    worse = HandRecord(r.game, r.preset, r.options, {"kind": "deal", "deal": 7, "params": {}}, [])
    with pytest.raises(hukm.NotationError, match="origin.deal must be a string"):
        replay(worse)


# --- the schema and malformed records -------------------------------------------


def base_doc() -> dict[str, Any]:
    """A valid record of a position with four actions."""
    s = hukm.Hokm().from_deal("AK.2.. QJ.3.. T9.4.. 87.5..", trump="H", leader=0)
    for a in ["AS", "JS", "9S", "7S", "KS"]:
        s.apply(a)
    return record_of(s).to_dict()


def match_doc() -> dict[str, Any]:
    s = hukm.Hokm().new_game(7)
    s.apply(s.legal_actions()[0])
    return record_of(s).to_dict()


def sample_doc() -> dict[str, Any]:
    s = hukm.Hokm().new_game(7)
    s.apply(s.legal_actions()[0])
    d = s.determinize(0, 5)
    d.apply(d.legal_actions()[0])
    return record_of(d).to_dict()


def _set(path: list[Any], value: Any, doc: Callable[[], dict[str, Any]] = base_doc) -> Callable[[], dict[str, Any]]:
    def make() -> dict[str, Any]:
        d = doc()
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return d

    return make


def _drop(path: list[Any], doc: Callable[[], dict[str, Any]] = base_doc) -> Callable[[], dict[str, Any]]:
    def make() -> dict[str, Any]:
        d = doc()
        target = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return d

    return make


# (document, what from_json's message says): refused by the schema too.
MALFORMED = [
    (_set(["version"], 2), r"^version: unsupported record format version 2"),
    (_set(["version"], "1"), r"^version must be a whole number"),
    (_drop(["game"]), r"^record: missing field 'game'"),
    (_drop(["result"]), r"^record: missing field 'result'"),
    (_set(["extra"], 1), r"^record: unknown field 'extra'"),
    (_set(["game"], "chess"), r"^game: preset 'hokm4' is a game of 'hokm', not 'chess'"),
    (_set(["game"], "dugi"), r"^game: preset 'hokm4' is a game of 'hokm', not 'dugi'"),
    (_set(["preset"], "hokm9"), r"^preset: unknown game 'hokm9'"),
    (_set(["preset"], 4), r"^preset must be a string"),
    (_set(["options"], []), r"^options must be a JSON object"),
    (_set(["options"], {"stop_rule": 1}), r"^options\.stop_rule must be a string"),
    (_set(["origin"], "match"), r"^origin must be a JSON object"),
    (_set(["origin", "kind"], "shuffle"), r"^origin\.kind must be one of match, deal, sample, open"),
    (_drop(["origin", "kind"]), r"^origin: missing field 'kind'"),
    (_drop(["origin", "deal"]), r"^origin: missing field 'deal'"),
    (_set(["origin", "seed"], 3), r"^origin: unknown field 'seed'"),
    (_set(["origin", "deal"], ["AK.2.."]), r"^origin\.deal must be a string"),
    (_set(["origin", "params"], [1]), r"^origin\.params must be a JSON object"),
    (_set(["origin", "params", "leader"], 0.5), r"^origin\.params\.leader must be null, a boolean"),
    (_set(["origin", "params", "tricks_won"], [1, "2"]), r"^origin\.params\.tricks_won\[1\] must be a whole number"),
    (_set(["origin", "seed"], "7", match_doc), r"^origin\.seed must be a whole number, got '7'"),
    (_set(["origin", "seed"], -1, match_doc), r"^origin\.seed -1 out of range"),
    (_set(["origin", "seed"], 2**64, match_doc), r"^origin\.seed \d+ out of range"),
    (_set(["origin", "seed"], True, match_doc), r"^origin\.seed must be a whole number"),
    (_drop(["origin", "player"], sample_doc), r"^origin: missing field 'player'"),
    (_set(["origin", "from", "kind"], "deal", sample_doc), r"^origin\.from: unknown field 'seed'"),
    (_set(["origin", "actions", 0, "player"], "3", sample_doc), r"^origin\.actions\[0\]\.player must be a whole number"),
    (_set(["actions"], {}), r"^actions must be an array"),
    (_set(["actions", 3], ["7S"]), r"^actions\[3\] must be a JSON object"),
    (_set(["actions", 3, "action"], 7), r"^actions\[3\]\.action must be a string"),
    (_set(["actions", 3, "action"], ""), r"^actions\[3\]\.action is empty"),
    (_drop(["actions", 2, "player"]), r"^actions\[2\]: missing field 'player'"),
    (_set(["actions", 2, "player"], -1), r"^actions\[2\]\.player -1 out of range"),
    (_set(["actions", 1, "note"], "!"), r"^actions\[1\]: unknown field 'note'"),
    (_set(["result"], "win"), r"^result must be null or an array of numbers"),
    (_set(["result"], [1, "0"]), r"^result\[1\] must be a number"),
]


@pytest.mark.parametrize("make,message", MALFORMED)
def test_malformed_refused_by_schema_and_reader(make: Callable[[], dict[str, Any]], message: str) -> None:
    doc = make()
    errors = list(VALIDATOR.iter_errors(doc))
    assert errors, f"the schema accepts {doc}"
    with pytest.raises(hukm.NotationError, match=message):
        HandRecord.from_json(json.dumps(doc))
    with pytest.raises(ValueError):
        HandRecord.from_dict(copy.deepcopy(doc))


# Well-formed (the schema accepts them) but they do not replay: from_json refuses.
DO_NOT_REPLAY = [
    (_set(["actions", 3, "action"], "ZZ"), r"^actions\[3\]\.action: .*ZZ"),
    (_set(["actions", 3, "action"], "AS"), r"^actions\[3\]\.action: .*AS"),
    (_set(["actions", 3, "player"], 2), r"^actions\[3\]\.player: the record says 2, but player 3 is to move"),
    (_set(["result"], [1.0, 0.0, 1.0, 0.0]), r"^result: the game is not over, so result must be null"),
    (_set(["origin", "deal"], "AK.2.. QJ.3.. T9.4.."), r"^origin: .*deal"),
    (_set(["origin", "deal"], "E:AK.2.. QJ.3.. T9.4.. 87.5.."), r"^actions\[0\]\.action: .*seat 0 does not hold AS"),
    (_set(["origin", "params", "leader"], 7), r"^origin: .*leader 7 out of range"),
    (_set(["options"], {"no_such_option": "1"}), r"^options: unknown option"),
    (_set(["preset"], "hokm3"), r"^origin: .*"),
    (_set(["origin", "player"], 9, sample_doc), r"^origin\.player: .*out of range"),
    (_set(["origin", "actions", 0, "action"], "trump:X", sample_doc), r"^origin\.actions\[0\]\.action: "),
    (_set(["origin", "params", "dealer"], "x", match_doc), r"^origin\.params: .*dealer"),
]


@pytest.mark.parametrize("make,message", DO_NOT_REPLAY)
def test_records_that_do_not_replay(make: Callable[[], dict[str, Any]], message: str) -> None:
    doc = make()
    VALIDATOR.validate(doc)
    with pytest.raises(hukm.NotationError, match=message):
        HandRecord.from_json(json.dumps(doc))
    # Without the replay check the record parses, and replay refuses it.
    rec = HandRecord.from_dict(doc, check=False)
    if "result" not in message:
        with pytest.raises(ValueError):
            replay(rec)


def test_results_checked() -> None:
    s = hukm.Hokm().from_deal("A... K... Q... J...", trump="S", leader=0)
    for a in ["AS", "KS", "QS", "JS"]:
        s.apply(a)
    doc = s.record().to_dict()
    assert doc["result"] == s.returns()
    doc["result"] = None
    with pytest.raises(hukm.NotationError, match=r"^result: the game is over, so result must be the returns"):
        HandRecord.from_dict(doc)
    doc["result"] = [0, 1, 0, 1]
    with pytest.raises(hukm.NotationError, match=r"^result: the record says \[0\.0, 1\.0, 0\.0, 1\.0\], but the replay gives"):
        HandRecord.from_dict(doc)
    doc["result"] = [int(x) for x in s.returns()]  # whole numbers read as the same floats
    assert HandRecord.from_dict(doc) == s.record()
    doc["actions"].append({"player": 0, "action": "AS"})
    doc["result"] = None
    with pytest.raises(hukm.NotationError, match=r"^actions\[4\]\.action: 'AS' comes after the end of the game"):
        HandRecord.from_dict(doc)


@pytest.mark.parametrize(
    "text,message",
    [
        ("", r"^record: not JSON"),
        ("{", r"^record: not JSON"),
        ("[]", r"^record must be a JSON object, got an array"),
        ('{"version": NaN}', r"^record: NaN is not a JSON number"),
        (b"\xff", r"^record: not UTF-8"),
    ],
)
def test_bad_json_text(text: Any, message: str) -> None:
    with pytest.raises(hukm.NotationError, match=message):
        HandRecord.from_json(text)


def test_schema_lists_every_preset() -> None:
    """The schema's game/preset pairs are the registry's."""
    sch = schema()
    assert sch["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(sch)
    pairs = {(c["if"]["properties"]["game"]["const"], p) for c in sch["allOf"] for p in c["then"]["properties"]["preset"]["enum"]}
    assert pairs == {(g.family, g.name) for g in hukm.games()}
    assert set(sch["properties"]["game"]["enum"]) == {g.family for g in hukm.games()}


def test_schema_is_package_data() -> None:
    """The shipped file is the schema without the games: it names none (a new game needs
    no edit there), and :func:`schema` adds the registry's games and presets to it."""
    from importlib import resources

    text = resources.files("hukm").joinpath("schema/hand_record.schema.json").read_text(encoding="utf-8")
    shipped = json.loads(text)
    assert "allOf" not in shipped and "enum" not in shipped["properties"]["game"]
    assert not {g.family for g in hukm.games()} & set(re.findall(r'"(\w+)"', text))
    full = schema()
    full.pop("allOf")
    full["properties"]["game"].pop("enum")
    assert full == shipped


def test_state_record_method() -> None:
    s = hukm.Dugi().new_game(4)
    for a in s.legal_actions()[:1]:
        s.apply(a)
    assert s.record() == record_of(s)
    assert HandRecord.from_state(s) == s.record()


def test_records_hash_and_compare() -> None:
    a = record_of(hukm.Hokm().new_game(1))
    b = record_of(hukm.Hokm().new_game(1))
    c = record_of(hukm.Hokm().new_game(2))
    assert a == b and hash(a) == hash(b) and a != c
    assert len({a, b, c}) == 2
    with pytest.raises(Exception):
        a.preset = "hokm3"  # type: ignore[misc]


def test_to_json_indent() -> None:
    r = record_of(hukm.Hokm().new_game(1))
    assert "\n" not in r.to_json()
    assert r.to_json(indent=2).startswith('{\n  "version": 1,\n  "game": "hokm"')
    with pytest.raises(hukm.StateError):
        r.to_json(indent=-1)
    with pytest.raises(hukm.StateError):
        r.to_json(indent="  ")  # type: ignore[arg-type]


def test_exported_names() -> None:
    """What ``hukm/__init__.py`` should export (when it does)."""
    import hukm.pbn
    import hukm.record

    for name in ("HandRecord", "replay"):
        assert hasattr(hukm.record, name)
    exported: Optional[Any] = getattr(hukm, "HandRecord", None)
    if exported is not None:
        assert exported is HandRecord
        assert hukm.replay is replay  # type: ignore[attr-defined]


def test_sampling_a_trup_kasiet_hand_before_its_trumps_are_chosen() -> None:
    """A 2H lead while no trump is chosen yet tells nothing about trumps: sampling such a
    state works (it used to panic with "public trump")."""
    rng = random.Random(187)
    start = position("trup_kasiet", rng) if rng.random() < 0.5 else hukm.game("trup_kasiet").new_game(rng.randrange(1 << 32))
    s = play_randomly(start, rng, rng.randrange(0, 30)).final
    assert "trump not chosen" in str(s) and s.phase == "play"
    p = rng.randrange(s.num_players)
    for k in range(3):
        d = s.determinize(p, k)
        assert d.observation(p) == s.observation(p)
