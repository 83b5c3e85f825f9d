"""hukm.batch and ``hukm batch``: values, determinism across workers, resuming a killed
or interrupted run, refusing other arguments and an existing output without --force,
constraints and their errors, file input, npz and parquet output."""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import hukm
import hukm.batch as batch
from hukm.batch.source import generate
from hukm.cli import main


def test_values_are_the_games_tables(tmp_path: Path) -> None:
    g = hukm.game("court_piece")
    r = batch.run(g, deals=6, seed=5, out=str(tmp_path / "t.npz"), chunk=4)
    cols, meta = batch.read(r.out)
    assert cols["values"].shape == (6, 5, 4)
    assert meta["game"] == "court_piece" and meta["seed"] == 5 and meta["plan"]["kind"] == "table"
    for k in (0, 5):
        d, _ = generate(g, 5, k)
        assert cols["deal"][k] == d.deal and cols["seed"][k] == d.seed
        assert np.array_equal(cols["values"][k], g.dd_table(d.deal, threads=1))


def test_value_plan_solves_the_seeded_hand(tmp_path: Path) -> None:
    g = hukm.game("naqsh")
    r = batch.run(g, deals=5, seed=2, out=str(tmp_path / "n.npz"))
    cols, _ = batch.read(r.out)
    for k in range(5):
        state = g.new_game(int(cols["seed"][k]))
        assert cols["values"][k].tolist() == [hukm.solve(state, actions=False).value]


def test_byte_identical_on_one_and_two_workers(tmp_path: Path) -> None:
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    batch.run("court_piece", deals=12, seed=1, out=str(a), chunk=3)
    batch.run("court_piece", deals=12, seed=1, out=str(b), chunk=3, workers=2)
    assert a.read_bytes() == b.read_bytes()
    assert not Path(str(a) + ".parts").exists()


def test_chunking_does_not_change_the_output(tmp_path: Path) -> None:
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    batch.run("naqsh", deals=30, seed=4, out=str(a), chunk=7)
    batch.run("naqsh", deals=30, seed=4, out=str(b), chunk=30)
    assert a.read_bytes() == b.read_bytes()


def _cli(out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "hukm.cli", "batch", "court_piece", "--deals", "40", "--seed", "3",
            "--out", str(out), "--chunk", "2", "--quiet", *extra]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_killed_run_resumes_to_the_same_bytes(tmp_path: Path, workers: str) -> None:
    whole = tmp_path / "whole.npz"
    assert subprocess.run(_cli(whole), capture_output=True).returncode == 0
    out = tmp_path / "cut.npz"
    parts = Path(str(out) + ".parts")
    p = subprocess.Popen(_cli(out, "--workers", workers), start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and len(list(parts.glob("chunk-*.npz"))) < 3:
        time.sleep(0.05)
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    finished = len(list(parts.glob("chunk-*.npz")))
    assert 3 <= finished < 20 and not out.exists()
    again = subprocess.run(_cli(out, "--workers", workers), capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert "chunks resumed" in again.stdout
    assert out.read_bytes() == whole.read_bytes()


def test_other_arguments_over_a_stopped_run_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "x.npz"
    parts = Path(str(out) + ".parts")
    parts.mkdir()
    (parts / "run.json").write_text(json.dumps({"meta": {"seed": 9}, "chunk": 1, "format": ".npz"}))
    with pytest.raises(hukm.StateError, match="other arguments"):
        batch.run("naqsh", deals=3, seed=1, out=str(out))


def test_other_arguments_are_named_with_their_values(tmp_path: Path) -> None:
    out = tmp_path / "x.npz"
    parts = Path(str(out) + ".parts")
    batch.run("naqsh", deals=4, seed=1, out=str(out), chunk=2, keep_parts=True)
    out.unlink()
    with pytest.raises(hukm.StateError) as e:
        batch.run("naqsh", deals=6, seed=2, out=str(out), chunk=3)
    message = str(e.value)
    assert f"{parts} holds the chunks of a run with other arguments (chunk 2 -> 3, deals 4 -> 6, seed 1 -> 2); " in message
    assert "run with the same arguments to resume it" in message and "pass --force (force=True)" in message
    assert "meta" not in message and len(list(parts.glob("chunk-*.npz"))) == 2
    r = batch.run("naqsh", deals=6, seed=2, out=str(out), chunk=3, force=True)
    assert (r.solved, r.resumed) == (2, 0) and not parts.exists()
    fresh = tmp_path / "fresh.npz"
    batch.run("naqsh", deals=6, seed=2, out=str(fresh), chunk=3)
    assert out.read_bytes() == fresh.read_bytes()


def test_the_plan_is_named_only_when_nothing_else_differs(tmp_path: Path) -> None:
    from hukm.batch.run import _start_parts

    parts = str(tmp_path / "p.npz.parts")
    _start_parts(parts, {"meta": {"objective": "tricks", "plan": {"kind": "table"}}, "chunk": 1})
    with pytest.raises(hukm.StateError, match=r"arguments \(objective tricks -> kot\);"):
        _start_parts(parts, {"meta": {"objective": "kot", "plan": {"kind": "positions"}}, "chunk": 1})
    with pytest.raises(hukm.StateError, match=r"arguments \(plan.kind table -> positions\);"):
        _start_parts(parts, {"meta": {"objective": "tricks", "plan": {"kind": "positions"}}, "chunk": 1})
    _start_parts(parts, {"meta": {"objective": "kot"}, "chunk": 1}, force=True)
    assert json.loads(Path(parts, "run.json").read_text())["meta"] == {"objective": "kot"}


def test_an_existing_output_needs_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "o.npz"
    batch.run("naqsh", deals=3, seed=1, out=str(out))
    before = out.read_bytes()
    with pytest.raises(hukm.StateError) as e:
        batch.run("naqsh", deals=3, seed=2, out=str(out))
    assert str(e.value) == f"{out} exists; pass --force (force=True) to replace it"
    assert out.read_bytes() == before and not Path(str(out) + ".parts").exists()
    batch.run("naqsh", deals=3, seed=2, out=str(out), force=True)
    assert batch.read(str(out))[1]["seed"] == 2
    argv = ["batch", "naqsh", "--deals", "3", "--seed", "3", "--out", str(out), "--quiet"]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"hukm: {out} exists; pass --force (force=True) to replace it\n"
    assert batch.read(str(out))[1]["seed"] == 2
    assert main([*argv, "--force"]) == 0
    assert "wrote" in capsys.readouterr().out and batch.read(str(out))[1]["seed"] == 3


def _ctrl_c_on_the_third_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while the one-worker runner solves its third chunk."""
    module = importlib.import_module("hukm.batch.run")
    solve = module.solve_chunk
    calls: list[int] = []

    def interrupted(job: batch.Job, a: int, b: int) -> Any:
        calls.append(a)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return solve(job, a, b)

    monkeypatch.setattr(module, "solve_chunk", interrupted)


def test_ctrl_c_keeps_the_finished_chunks_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole, out = tmp_path / "whole.npz", tmp_path / "cut.npz"
    parts = Path(str(out) + ".parts")
    batch.run("naqsh", deals=10, seed=5, out=str(whole), chunk=2)
    _ctrl_c_on_the_third_chunk(monkeypatch)
    with pytest.raises(KeyboardInterrupt) as e:
        batch.run("naqsh", deals=10, seed=5, out=str(out), chunk=2)
    assert isinstance(e.value, batch.Stopped)
    assert (e.value.kept, e.value.chunks, e.value.parts) == (2, 5, str(parts))
    assert sorted(p.name for p in parts.glob("chunk-*.npz")) == ["chunk-000000.npz", "chunk-000001.npz"]
    assert not out.exists()
    monkeypatch.undo()
    r = batch.run("naqsh", deals=10, seed=5, out=str(out), chunk=2)
    assert (r.resumed, r.solved, r.chunks) == (2, 3, 5)
    assert out.read_bytes() == whole.read_bytes() and not parts.exists()


def test_cli_ctrl_c_is_one_line_and_exit_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c.npz"
    argv = ["batch", "naqsh", "--deals", "10", "--seed", "5", "--chunk", "2", "--out", str(out), "--quiet"]
    _ctrl_c_on_the_third_chunk(monkeypatch)
    assert main(argv) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"hukm: stopped: 2 of 5 chunks kept in {out}.parts; run the same command again to resume\n"
    monkeypatch.undo()
    assert main(argv) == 0
    assert "2 of 5 chunks resumed" in capsys.readouterr().out


def test_ctrl_c_stops_the_workers_at_once(tmp_path: Path) -> None:
    whole = tmp_path / "whole.npz"
    assert subprocess.run(_cli(whole), capture_output=True).returncode == 0
    out = tmp_path / "cut.npz"
    parts = Path(str(out) + ".parts")
    p = subprocess.Popen(_cli(out, "--workers", "2"), start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and len(list(parts.glob("chunk-*.npz"))) < 3:
        time.sleep(0.05)
    os.killpg(p.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the command and its workers
    _, err = p.communicate(timeout=60)
    kept = len(list(parts.glob("chunk-*.npz")))
    assert p.returncode == 130 and 3 <= kept < 20 and not out.exists()
    assert err == f"hukm: stopped: {kept} of 20 chunks kept in {parts}; run the same command again to resume\n"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # no worker is left running
        try:
            os.killpg(p.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("a worker outlived the command")
    again = subprocess.run(_cli(out, "--workers", "2"), capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert f"{kept} of 20 chunks resumed" in again.stdout
    assert out.read_bytes() == whole.read_bytes()


def test_constraints_hold_on_every_deal(tmp_path: Path) -> None:
    g = hukm.game("hokm4")
    where = batch.source.compile_for(g, ["spades(hand(0)) >= 5", "suit(seen(hakem), trump) >= 3", "aces(0) == 0"])
    for k in range(20):
        d, _ = generate(g, 11, k, where)
        hand0 = d.deal.split()[0].split(".")
        assert len(hand0[0]) >= 5 and "A" not in "".join(hand0)
        suits = d.seen.split(".")
        assert max(len(s) for s in suits) >= 3 and d.player == d.caller


def test_constraint_on_28_points(tmp_path: Path) -> None:
    r = batch.run("28", deals=3, seed=1, out=str(tmp_path / "p.npz"), where=["has(hand(0), JS)"])
    cols, meta = batch.read(r.out)
    assert all("J" in d.split()[0].split(".")[0] for d in cols["deal"])
    assert meta["where"] == ["has(hand(0), JS)"]


def _two_spades(ctx: batch.Context) -> bool:
    return sum(1 for _, s in ctx.hand(1) if s == 0) == 2


def test_constraint_as_a_callable(tmp_path: Path) -> None:
    r = batch.run("naqsh", deals=4, seed=1, out=str(tmp_path / "c.npz"), where=[_two_spades], workers=2, chunk=2)
    cols, meta = batch.read(r.out)
    assert meta["where"] == ["test_batch._two_spades"]
    g = hukm.game("naqsh")
    for d in cols["deal"]:
        ctx = batch.Context(str(d).split(), {}, {}, g.suits)
        assert _two_spades(ctx)


@pytest.mark.parametrize(
    "text, token",
    [("spadez(0) >= 5", "'spadez'"), ("spades(0) >= ", "end"), ("spades(0) >> 5", "'>'"), ("hand(0) and 1", "a set of cards"),
     ("spades(0) >= 5 $", "'$'")],
)
def test_bad_constraint_names_the_token(tmp_path: Path, text: str, token: str) -> None:
    with pytest.raises(hukm.OptionError, match="column") as e:
        batch.run("hokm4", deals=1, out=str(tmp_path / "x.npz"), where=[text])
    assert token in str(e.value)


def test_unsatisfiable_constraint_stops(tmp_path: Path) -> None:
    t0 = time.monotonic()
    with pytest.raises(hukm.StateError, match="no deal met 'spades\\(hand\\(0\\)\\) >= 14' in 500 tries"):
        batch.run("hokm4", deals=3, out=str(tmp_path / "x.npz"), where=["spades(hand(0)) >= 14"], max_tries=500)
    assert time.monotonic() - t0 < 120


def test_cli_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "x.npz")
    assert main(["batch", "hokm4", "--deals", "2", "--out", out, "--where", "kings(0) >= x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown name 'x'" in err
    assert main(["batch", "hokm4", "--deals", "2", "--out", str(tmp_path / "x.csv")]) == 2
    assert "unknown format '.csv'" in capsys.readouterr().err
    assert main(["batch", "ganjifa", "--deals", "2", "--out", out]) == 2
    assert "beyond exact search" in capsys.readouterr().err


def test_cli_writes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "n.npz"
    assert main(["batch", "naqsh", "--deals", "5", "--seed", "2", "--out", str(out), "--workers", "2"]) == 0
    assert "wrote" in capsys.readouterr().out
    z = np.load(out)
    assert z["deals"].shape == (5,) and z["values"].shape == (5, 1)
    assert json.loads(str(z["meta"]))["deals"] == 5


def test_deals_from_files(tmp_path: Path) -> None:
    g = hukm.game("court_piece")
    seeded = tmp_path / "s.npz"
    batch.run(g, deals=3, seed=8, out=str(seeded))
    cols, _ = batch.read(str(seeded))
    lines = tmp_path / "deals.txt"
    lines.write_text("# three deals\n" + "\n".join(str(d) for d in cols["deal"]) + "\n")
    r = batch.run(g, source=str(lines), out=str(tmp_path / "f.npz"))
    got, meta = batch.read(r.out)
    assert np.array_equal(got["values"], cols["values"]) and list(got["seed"]) == [-1] * 3
    assert meta["source"]["file"] == "deals.txt" and meta["seed"] is None
    records = tmp_path / "hands.jsonl"
    records.write_text("\n".join(g.new_game(int(s)).record().to_json() for s in cols["seed"]) + "\n")
    got, _ = batch.read(batch.run(g, source=str(records), out=str(tmp_path / "j.npz")).out)
    assert np.array_equal(got["values"], cols["values"]) and got["record"][0].startswith("{")
    bad = tmp_path / "bad.txt"
    bad.write_text("AKQ.. x\n")
    with pytest.raises(hukm.NotationError, match="bad.txt, line 1"):
        batch.run(g, source=str(bad), out=str(tmp_path / "b.npz"))


def test_parquet_matches_npz(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    a, b, c = tmp_path / "a.npz", tmp_path / "b.parquet", tmp_path / "c.parquet"
    batch.run("court_piece", deals=6, seed=2, out=str(a), chunk=2)
    batch.run("court_piece", deals=6, seed=2, out=str(b), chunk=2)
    batch.run("court_piece", deals=6, seed=2, out=str(c), chunk=2, workers=2)
    assert b.read_bytes() == c.read_bytes()
    x, mx = batch.read(str(a))
    y, my = batch.read(str(b))
    assert mx == my
    for k in ("deal", "seed", "hakem", "seen", "values"):
        assert np.array_equal(x[k], y[k]), k


def test_ray_backend_without_ray_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(hukm.StateError, match=r'pip install "hukm\[ray\]"'):
        batch.run("naqsh", deals=2, out=str(tmp_path / "r.npz"), backend="ray")
    with pytest.raises(hukm.OptionError, match="bad backend 'dask'"):
        batch.run("naqsh", deals=2, out=str(tmp_path / "r.npz"), backend="dask")


def test_parquet_without_pyarrow_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(hukm.StateError, match=r'pip install "hukm\[batch\]"'):
        batch.run("naqsh", deals=2, out=str(tmp_path / "r.parquet"))
