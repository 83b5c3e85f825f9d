"""Every public function, given a wrong type or an out-of-range value, raises one of the
library's errors (all ``ValueError``s but the solver's limits) naming the argument, never
Python's ``TypeError``/``OverflowError``/``AttributeError``, and a state it was given is
unchanged. The first cases are the reports that opened the hardening work."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import hukm
from hukm.bots import PIMC, Random

DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
STATE = hukm.Hokm().new_game(seed=1)
POSITION = hukm.Hokm().from_deal(DEAL, trump="S", leader=0)
MEGA = "Z" * 1_000_000

Case = tuple[str, Callable[[], Any], type, str]

CASES: list[Case] = [
    # reported
    ("determinize negative seed", lambda: STATE.determinize(0, seed=-1), hukm.StateError, "seed -1 out of range"),
    ("solve of a string", lambda: hukm.solve("AS"), hukm.StateError, "needs a hukm.State"),  # type: ignore[arg-type]
    ("solve of None", lambda: hukm.solve(None), hukm.StateError, "needs a hukm.State"),  # type: ignore[arg-type]
    ("format_hand of a string", lambda: hukm.format_hand("AS KS"), hukm.NotationError, "cards must be a list"),  # type: ignore[arg-type]
    ("Greek Alpha named as itself", lambda: hukm.parse_hand("ΑKJ64.J4.QT2.A82"), hukm.NotationError, "unknown rank 'Α'"),
    ("a megabyte hand", lambda: hukm.parse_hand(MEGA), hukm.NotationError, "1000000 characters long"),
    ("PIMC without a cap", lambda: PIMC(samples=10**20), hukm.OptionError, "samples"),
    ("a match of no hands", lambda: hukm.play_match(hukm.Hokm(), [Random()] * 4, hands=0), hukm.OptionError, "hands"),
    # the state's methods
    ("determinize huge seed", lambda: STATE.determinize(0, seed=2**70), hukm.StateError, "seed"),
    ("determinize player type", lambda: STATE.determinize("a"), hukm.StateError, "player must be a whole number"),  # type: ignore[arg-type]
    ("determinize player range", lambda: STATE.determinize(4), hukm.StateError, "player 4 out of range"),
    ("apply a number", lambda: STATE.apply(5), hukm.IllegalActionError, "action must be a string"),  # type: ignore[arg-type]
    ("apply a megabyte", lambda: STATE.apply(MEGA), hukm.IllegalActionError, "1000000 characters"),
    ("apply None", lambda: STATE.apply(None), hukm.IllegalActionError, "action must be a string"),  # type: ignore[arg-type]
    ("observation type", lambda: STATE.observation("x"), hukm.StateError, "player must be a whole number"),  # type: ignore[arg-type]
    ("observation bool", lambda: STATE.observation(True), hukm.StateError, "player must be a whole number"),
    ("observation range", lambda: STATE.observation(-1), hukm.StateError, "player -1 out of range"),
    ("trick_facts range", lambda: POSITION.trick_facts(9), hukm.StateError, "seat 9 out of range"),
    ("open_position type", lambda: hukm.TwentyEight().new_game(seed=1).open_position("0", "S"),  # type: ignore[arg-type]
     hukm.StateError, "bidder must be a whole number"),
    # notation
    ("parse_hand bytes", lambda: hukm.parse_hand(b"AK..."), hukm.NotationError, "text must be a string"),  # type: ignore[arg-type]
    ("parse_hand pack type", lambda: hukm.parse_hand("AK...", 5), hukm.OptionError, "pack must be a string"),  # type: ignore[arg-type]
    ("parse_hand unknown pack", lambda: hukm.parse_hand("AK...", "tarot"), hukm.OptionError, "unknown pack"),
    ("format_hand item type", lambda: hukm.format_hand([1]), hukm.NotationError, "cards[0] must be a string"),  # type: ignore[list-item]
    ("format_hand labelled type", lambda: hukm.format_hand(["AS"], labelled=1), hukm.StateError, "labelled"),  # type: ignore[arg-type]
    ("parse_deal players type", lambda: hukm.parse_deal("A... K... Q... J...", "4"), hukm.StateError, "players"),  # type: ignore[arg-type]
    ("parse_deal players range", lambda: hukm.parse_deal("A...", 0), hukm.StateError, "players 0 out of range"),
    ("parse_deal megabyte", lambda: hukm.parse_deal(MEGA, 4), hukm.NotationError, "characters long"),
    ("pack_cards type", lambda: hukm.pack_cards(5), hukm.OptionError, "pack must be a string"),  # type: ignore[arg-type]
    # found by fuzzing the Python API: a number where a list of numbers goes
    ("captured a number", lambda: hukm.Dashavatara().from_deal("x", captured=4), hukm.StateError,  # type: ignore[arg-type]
     "captured must be a list of whole numbers"),
    ("scores a string", lambda: hukm.Hokm().new_game(1, scores="ab"), hukm.StateError,  # type: ignore[arg-type]
     "scores must be a list"),
    ("tricks_won item type", lambda: hukm.Hokm().from_deal(DEAL, "S", 0, tricks_won=[1, "a"]), hukm.StateError,  # type: ignore[list-item]
     "tricks_won[1] must be a whole number"),
    ("tens a number", lambda: hukm.Hokm("dehla_pakad").from_deal(DEAL, "S", 0, tens=7), hukm.StateError,  # type: ignore[arg-type]
     "tens must be a list"),
    ("stakes a number", lambda: hukm.Naqsh().from_deal("x", banker=0, stakes=3), hukm.StateError,  # type: ignore[arg-type]
     "stakes must be a list"),
    ("solve_many of a number", lambda: hukm.solve_many(5), hukm.StateError, "states must be a list"),  # type: ignore[arg-type]
    # games
    ("preset type", lambda: hukm.Hokm(5), hukm.OptionError, "unknown preset"),  # type: ignore[arg-type]
    ("option megabyte", lambda: hukm.Hokm(stop_rule=MEGA), hukm.OptionError, "1000000 characters"),
    ("new_game seed type", lambda: hukm.Hokm().new_game(seed="x"), hukm.StateError, "seed"),  # type: ignore[arg-type]
    ("new_game seed range", lambda: hukm.Hokm().new_game(seed=-1), hukm.StateError, "seed -1 out of range"),
    ("from_deal deal type", lambda: hukm.Hokm().from_deal(5, trump="S", leader=0), hukm.NotationError, "deal must be a string"),  # type: ignore[arg-type]
    ("from_deal leader range", lambda: hukm.Hokm().from_deal(DEAL, trump="S", leader=9), hukm.StateError, "leader 9"),
    ("dd_table deal type", lambda: hukm.Hokm().dd_table(None), hukm.NotationError, "deal must be a string"),  # type: ignore[arg-type]
    ("dd_table timeout", lambda: hukm.Hokm().dd_table(DEAL, timeout=-1), hukm.StateError, "timeout"),
    ("dd_table threads", lambda: hukm.Hokm().dd_table(DEAL, threads=0), hukm.StateError, "threads"),
    ("dd_table tt_mib", lambda: hukm.Hokm().dd_table(DEAL, tt_mib=10**6), hukm.StateError, "tt_mib"),
    ("random_playouts n", lambda: hukm.Hokm().random_playouts(-1), hukm.StateError, "n -1 out of range"),
    # solving
    ("solve player type", lambda: hukm.solve(POSITION, player="0"), hukm.StateError, "player"),  # type: ignore[arg-type]
    ("solve timeout type", lambda: hukm.solve(POSITION, timeout="1"), hukm.StateError, "timeout"),  # type: ignore[arg-type]
    ("solve tt_mib huge", lambda: hukm.solve(POSITION, tt_mib=10**6), hukm.StateError, "tt_mib"),
    ("solve objective", lambda: hukm.solve(POSITION, objective="points"), hukm.OptionError, "objective"),
    ("solve_many string", lambda: hukm.solve_many("abc"), hukm.StateError, "states must be a list"),  # type: ignore[arg-type]
    ("solve_many players", lambda: hukm.solve_many([POSITION], players=[7]), hukm.StateError, "players"),
    ("best_line string", lambda: hukm.best_line("x"), hukm.StateError, "needs a hukm.State"),  # type: ignore[arg-type]
    ("best_line player", lambda: hukm.best_line(POSITION, player=9), hukm.StateError, "player 9 out of range"),
    # pictures and records
    ("render string", lambda: hukm.svg.render("x"), hukm.StateError, "needs a hukm.State"),  # type: ignore[arg-type]
    ("render viewer", lambda: hukm.svg.render(STATE, viewer=9), hukm.StateError, "viewer"),
    ("replay string", lambda: hukm.replay("x"), hukm.StateError, "needs a hukm.HandRecord"),  # type: ignore[arg-type]
    ("record from bad json", lambda: hukm.HandRecord.from_json("[1]"), hukm.NotationError, "record"),
    ("pbn of a number", lambda: hukm.pbn.loads(5), hukm.NotationError, "text"),  # type: ignore[arg-type]
    # bots and matches
    ("bot by a bad name", lambda: hukm.bots.by_name("alphazero"), hukm.OptionError, "alphazero"),
    ("match with too few bots", lambda: hukm.play_match(hukm.Hokm(), [Random()], hands=1), hukm.OptionError, "bots"),
]


@pytest.mark.parametrize("name,call,error,message", CASES, ids=[c[0] for c in CASES])
def test_bad_values_raise_library_errors(name: str, call: Callable[[], Any], error: type, message: str) -> None:
    before = (STATE.clone(), POSITION.clone())
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, hukm.HukmError)
    assert message in str(info.value), str(info.value)
    assert len(str(info.value)) < 400  # never the whole of a long input
    assert (STATE, POSITION) == before  # nothing changed


def test_every_library_error_is_a_value_error_but_the_limits() -> None:
    for cls in (hukm.NotationError, hukm.OptionError, hukm.IllegalActionError, hukm.StateError):
        assert issubclass(cls, ValueError) and issubclass(cls, hukm.HukmError)
    assert issubclass(hukm.SolverLimitError, RuntimeError)


def test_cli_errors_stay_one_line_with_control_characters(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by fuzzing: an argument holding a carriage return or a newline was echoed
    raw, breaking the one-line error."""
    from hukm.cli import main

    for arg in ("a\rb", "x\ny", "\x00\x7f"):
        assert main(["deal", "hokm", arg]) == 2
        err = capsys.readouterr().err
        assert err.startswith("hukm: ") and len(err.strip().splitlines()) == 1, repr(err)
    assert main(["solve", "hokm", "AS\n... K... Q... J...", "--trump", "S"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, repr(err)


def test_naqsh_deal_is_a_plain_string() -> None:
    """Found by fuzzing: the deal of Naqsh iterated as (deal, stock), not as characters."""
    deal = hukm.Naqsh().deal(3)
    assert type(deal) is str and list(deal) == [c for c in str(deal)]
