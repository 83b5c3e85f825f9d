"""The command line built from the registry: every game and preset, options checked
against it, one line and exit code 2 for bad input, 130 after Ctrl-C."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

import hukm
from hukm.cli import main
from hukm.cli.play import seat_bots


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def deal_line(out: str) -> list[str]:
    return next(ln for ln in out.splitlines() if ln.startswith("deal: "))[6:].split()


def test_options_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "ganjifa", "--option", "players=4", "--seed", "2")
    assert code == 0 and len(deal_line(out)) == 4
    code, out, _ = run(capsys, "deal", "ganjifa", "--players", "4", "--seed", "2")
    assert code == 0 and len(deal_line(out)) == 4


@pytest.mark.parametrize(
    "argv,message",
    [
        (["solve", "hokm", "--seed", "7", "--option", "bogus=1"], 'unknown option "bogus"'),
        (["deal", "hokm3", "--preset", "hokm4"], "conflicting games"),
        (["solve", "hokm", "--seed", "7", "--preset", "28"], "--preset: preset '28' belongs to twenty_eight, not to hokm"),
        (["deal", "hokm", "--preset", "ganjifa"], "--preset: preset 'ganjifa' belongs to ganjifa, not to hokm"),
        (["deal", "twenty_eight", "--preset", "court_piece"], "belongs to hokm, not to twenty_eight"),
        (["deal", "thunee", "--preset", "56"], "belongs to twenty_eight, not to thunee"),
        (["deal", "hokm", "--preset", "hokm9"], "unknown preset 'hokm9' for hokm"),
        (["match", "dugi", "--players", "3", "--hands", "1"], "option players"),
        (["solve", "hokm", "--seed", "7", "--threads", "-3"], "--threads"),
        (["deal", "ganjifa", "--players", "4", "--option", "players=3"], "conflicting values for option players"),
        (["deal", "bridge"], "invalid choice"),
        (["solve", "28", "--seed", "1", "--banker", "2"], "--banker does not apply to 28"),
        (["solve", "hokm", "--option", "stop_rule"], "write key=value"),
        (["solve", "dehla_pakad", "--seed", "1", "--leader", "2"], "--leader needs a deal; a seeded deal is played from its start"),
        (["solve", "hokm2", "--seed", "3", "--trump", "N"], "--trump N is not a choice here; choices: trump:S, trump:H"),
        (["solve", "be_ranga", "--seed", "1", "--trump", "S"], "--trump does not apply to a seeded deal of be_ranga"),
        (["solve", "naqsh", "--seed", "1", "--trump", "S"], "--trump does not apply to naqsh"),
        (["solve", "hokm2", "--seed", "3", "--bot", "foo"], "unknown bot 'foo'"),
        (["solve", "ganjifa", "--seed", "1", "--exact"], "32 cards a hand is beyond what exact search finishes quickly"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and err.startswith("hukm: ")
    assert message in err


def test_a_family_name_takes_its_own_presets(capsys: pytest.CaptureFixture[str]) -> None:
    for alias, preset in (("hokm", "court_piece"), ("twenty_eight", "56"), ("thunee", "thunee6")):
        code, out, _ = run(capsys, "deal", alias, "--preset", preset, "--seed", "4")
        assert code == 0 and out.startswith(f"{preset}, seed 4")
        assert " ".join(deal_line(out)) == hukm.game(preset).deal(4)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--version")
    assert code == 0 and err == ""
    assert out == f"hukm {hukm.__version__}\n"
    assert hukm.__version__.count(".") >= 2


@pytest.mark.parametrize("name", [g.name for g in hukm.games()])
def test_deal_takes_every_game_of_the_registry(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, _ = run(capsys, "deal", name, "--seed", "3")
    assert code == 0
    assert " ".join(deal_line(out)) == hukm.game(name).deal(3)


def test_solve_takes_the_heap_presets_ganjifa_dugi_and_naqsh(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "double_sar", "A... K... Q... J...", "--trump", "S", "--leader", "0")
    # the twelve tricks played lie in the heap: the last trick collects them all
    value = hukm.solve(hukm.Hokm("double_sar").from_deal("A... K... Q... J...", trump="S", leader=0), 0).value
    assert code == 0 and value == 13 and "double-dummy value: exact 13 tricks" in out
    code, out, _ = run(capsys, "solve", "dehla_pakad", "AT.T.2. KQ.9.3. J9.8.4. 8.7.T.T", "--trump", "S")
    assert code == 0 and "tens for the side of seat 0" in out
    code, out, _ = run(capsys, "solve", "hokm", "AK... QJ... T9... 87...", "--trump", "S", "--objective", "kot")
    assert code == 0 and "kot for the side of seat 0" in out
    code, out, _ = run(capsys, "solve", "ganjifa", "..74.....8 .3.9.....5 .6.2....1.", "--leader", "1")
    sol = hukm.solve(hukm.Ganjifa().from_deal("..74.....8 .3.9.....5 .6.2....1.", leader=1))
    assert code == 0 and f"double-dummy value: exact {sol.value} tricks for seat 1" in out
    code, out, _ = run(capsys, "solve", "dugi", "KV...3.... 5.T9...... .4..2..1.. 2...1..T..", "--leader", "0")
    assert code == 0 and "wins the hand" in out
    code, out, _ = run(capsys, "solve", "naqsh", "--seed", "3")
    assert code == 0 and "net result of the hand" in out
    code, out, _ = run(capsys, "solve", "naqsh", "9.6...... 8.7...... T.5......", "--banker", "2", "--stock", "2GH+KGH", "--option", "players=3")
    assert code == 0 and "draw" in out and "stand" in out


def _settled(out: str, state: hukm.State) -> list[str]:
    """The actions of the ``settled by ...`` line of ``hukm solve GAME --seed N`` (each
    ``seat N: <label>``, the label in words), applied to ``state`` as they are read: each
    the one legal action of its seat that reads so."""
    from hukm.packs import pack_of_game
    from hukm.svg.wording import action_label

    line = next(ln for ln in out.splitlines() if ln.startswith("settled by "))
    taken = []
    for item in line.split(": ", 1)[1].split(", "):
        seat, label = item.split(": ", 1)
        assert seat == f"seat {state.current_player}", (item, state.current_player)
        (action,) = [a for a in state.legal_actions() if action_label(pack_of_game(state), a) == label]
        state.apply(action)
        taken.append(action)
    return taken


@pytest.mark.parametrize(
    "argv,bot",
    [(["thunee4", "--seed", "3"], "heuristic"), (["hokm2", "--seed", "3", "--trump", "H", "--bot", "random"], "random")],
)
def test_solve_a_seeded_deal_of_a_game_without_a_table(
    capsys: pytest.CaptureFixture[str], argv: list[str], bot: str
) -> None:
    """``hukm solve GAME --seed N`` deals, settles the auction and trump with the bot (and
    ``--trump``), says what was decided, and solves the first card."""
    code, out, err = run(capsys, "solve", *argv)
    assert code == 0 and err == ""
    game = hukm.game(argv[0])
    assert out.startswith(f"{argv[0]}, seed 3")
    assert f"the {bot} bot: " in out
    state = game.new_game(3)
    taken = _settled(out, state)
    assert state.phase == "play"
    if "--trump" in argv:
        assert "trump:H" in taken and "seat 0: trump ♥ hearts" in out and "settled by --trump and the random bot" in out
    sol = hukm.solve(state, 0)
    assert f"double-dummy value: exact {sol.value} " in out
    for action, value in sol.actions.items():
        assert f"  {action:<5} {value}" in out


def test_timeout_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    # At the time limit the command prints the best grade reached: the proven bounds and,
    # where they are wide, the estimate, for the value and every card.
    deal = hukm.Hokm("dehla_pakad").deal(1)
    t0 = time.monotonic()
    code, out, _ = run(capsys, "solve", "dehla_pakad", deal, "--trump", "S", "--timeout", "0.3")
    assert code == 0 and "tens for the side of seat 0" in out
    value = next(x for x in out.splitlines() if x.startswith("double-dummy value: "))
    assert value.startswith(("double-dummy value: about ", "double-dummy value: between ")), value
    assert "(solver time limit reached (timeout=0.3 s);" in value and "nodes" in value
    assert "values (exact, between proven bounds, or about an estimate):" in out
    assert time.monotonic() - t0 < 5
    # Dashavatara's in cards captured.
    cards = hukm.pack_cards("dashavatara")
    random.Random(1).shuffle(cards)
    deal = " ".join(hukm.format_hand(cards[i * 20 : (i + 1) * 20], "dashavatara") for i in range(3))
    code, out, _ = run(capsys, "solve", "dashavatara", deal, "--leader", "0", "--timeout", "0.3")
    assert code == 0 and "double-dummy value: seat 0 captures about " in out
    assert "(estimate) cards against the other two; proven between " in out
    assert "(solver time limit reached (timeout=0.3 s);" in out and "play-outs" in out
    # Dugi's whole hand: the challengers' sweep between lost and won, or settled.
    dugi = hukm.Dugi()
    code, out, _ = run(capsys, "solve", "dugi", dugi.deal(1), "--leader", "0", "--timeout", "0.05")
    assert code == 0 and "double-dummy value: " in out
    # --exact waits for the exact answer: a limit given with it is an error.
    code, _, err = run(capsys, "solve", "dugi", dugi.deal(1), "--leader", "0", "--timeout", "0.05", "--exact", "--force")
    assert code == 2 and "solver time limit reached" in err


def test_a_progress_line_when_the_output_is_not_a_terminal() -> None:
    # Not a terminal: a plain line every `every` seconds (none before), never redrawn.
    import io

    from hukm.cli.solve import SolveProgress

    out = io.StringIO()
    p = SolveProgress("tens", stream=out, every=5.0)
    assert not p.redraw and p.after == 5.0
    p.progress(0, 4, 100)
    p.tick()
    assert out.getvalue() == ""
    p.start -= 6  # as if six seconds had passed
    p.tick()
    p.tick()  # not due again yet
    p.start -= 5
    p.progress(1, 3, 900)
    p.tick()
    assert out.getvalue().splitlines() == [
        "between 0 and 4 tens, still searching (6 s)",
        "between 1 and 3 tens, still searching (11 s)",
    ]
    p.close()


def test_progress_line_on_a_terminal() -> None:
    # On a terminal a long solve redraws one line with the bounds proven so far.
    import pty

    deal = hukm.Hokm("dehla_pakad").deal(1)
    main, tty = pty.openpty()
    p = subprocess.run(
        [sys.executable, "-c", "import sys, hukm.cli; sys.exit(hukm.cli.main())", "solve", "dehla_pakad",
         deal, "--trump", "S", "--timeout", "2.5"],
        stdout=subprocess.PIPE, stderr=tty, timeout=60, check=False)
    os.close(tty)
    err = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        err += chunk
    os.close(main)
    assert p.returncode == 0, err
    lines = [x.strip() for x in err.decode().split("\r") if x.strip()]
    assert lines and all("still searching (" in x for x in lines), lines
    lines = [x for x in lines if x.startswith("between ")]
    assert lines and all("tens, still searching (" in x for x in lines), lines
    bounds = [tuple(int(v) for v in x[len("between "):].split(" tens")[0].split(" and ")) for x in lines]
    for (a, b), (c, d) in zip(bounds, bounds[1:]):
        assert a <= c <= d <= b
    assert b"between" in p.stdout


def _cpu_seconds(pid: int) -> float:
    """CPU time used so far by process ``pid`` (user + system, from /proc), 0 when unknown."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def test_ctrl_c_exits_130_with_one_line() -> None:
    deal = hukm.TwentyEight("56").deal(2)  # seconds of search (deal 1 now takes under one)
    proc = subprocess.Popen(
        [sys.executable, "-m", "hukm.cli", "solve", "56", deal, "--trump", "S"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Interrupt once the solve runs: after a second of the process's own CPU time (its
    # imports take a fifth of that), however busy the machine is.
    deadline = time.monotonic() + 120
    while _cpu_seconds(proc.pid) < 1.0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (proc.returncode, err)
    # One line (beside the progress lines of a long search).
    assert [x for x in err.splitlines() if "still searching" not in x] == ["hukm: interrupted"], err


def test_bots_fill_the_other_seats_in_seat_order() -> None:
    """``--seat 0 --bots random,heuristic,pimc``: seat 1 random, seat 2 heuristic, seat 3 pimc."""
    bots = seat_bots("random,heuristic,pimc", 4, 0, 1)
    assert {s: b.name for s, b in bots.items()} == {1: "random", 2: "heuristic", 3: "pimc"}
    bots = seat_bots("random,heuristic", 4, 2, 1)
    assert {s: b.name for s, b in bots.items()} == {3: "random", 0: "heuristic", 1: "random"}


def test_play_seats_the_bots_as_documented() -> None:
    """Driven through stdin: every seat a bot plays for is the seat the order gives it."""
    env = dict(os.environ)
    proc = subprocess.run(
        [sys.executable, "-m", "hukm.cli", "play", "hokm", "--seat", "2", "--seed", "4",
         "--bots", "random,heuristic,pimc:2", "--no-review"],
        input="q\n", capture_output=True, text=True, timeout=120, env=env,
    )
    assert proc.returncode == 0, proc.stderr
    names = {3: "random", 0: "heuristic", 1: "pimc"}
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("seat ") and "(" in ln]
    for ln in lines:
        seat = int(ln.split()[1])
        assert ln.split()[2] == f"({names[seat]}):", ln
