"""Everything the package shows, over every preset, written to a directory so that two
versions of the package can be compared line by line (a move of code must leave every
answer, picture, caption, translation and record as it was):

    python benches/package_snapshot.py record DIR        # one JSON-lines file a preset
    python benches/package_snapshot.py compare OLD NEW   # exit 1 and the first differences

For each preset: its description; one seeded hand played by the heuristic bot with, at
every action, each seat's observation, the legal actions, the caption in every language,
the terminal table, the web page's view and status line, and pictures (SVG text as its
SHA-256) before and after the action; the hand record, its PBN and LIN texts where the
game writes them, the video's segments; a CLI ``deal`` and ``show``; an endgame solved
(value, action values, nodes, best line, its pictures and terminal lines); a small recorded
hand reviewed (text, chart) where one can be made; a short batch. Then every language's
catalogs, the web page's game list and the record schema.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import random
import sys
from pathlib import Path
from typing import Any, Callable

os.environ["HUKM_THREADS"] = "1"  # node counts of one thread, the same from run to run
ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / d) for d in ("solve", "support")]

LANGS = ["en", "fa", "ur", "hi", "bn", "cs", "ar"]
PICTURE_LANGS = ["en", "fa", "hi"]


def sha(text: Any) -> Any:
    """SVG text as its hash (other values as they are)."""
    if isinstance(text, str) and text.lstrip().startswith("<svg"):
        return "svg:" + hashlib.sha256(text.encode()).hexdigest()[:20]
    return text


def plain(x: Any) -> Any:
    """A JSON-able copy of ``x`` with SVG text hashed."""
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return sha(x)
    if hasattr(x, "tolist"):
        return x.tolist()
    return repr(x)


def attempt(f: Callable[[], Any]) -> Any:
    """``f()``, or the error it raises as ``{"error": type: message}``."""
    try:
        return plain(f())
    except Exception as e:  # noqa: BLE001 - the error is the answer recorded
        return {"error": f"{type(e).__name__}: {e}"}


def cli(args: list[str]) -> Any:
    from hukm.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as e:
            code = e.code
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}


def solution(sol: Any) -> Any:
    return {"value": sol.value, "actions": sol.actions, "exact": sol.exact, "nodes": sol.nodes,
            "repr": repr(sol)}


def preset_lines(name: str, seed: int = 3) -> list[Any]:
    import hukm
    from hukm import lin, svg
    from hukm.bots import Heuristic
    from hukm.cli import term
    from hukm.i18n import translator
    from hukm.video import captions, story
    from hukm.web import labels, tables

    game = hukm.game(name)
    out: list[Any] = [["description", attempt(lambda: repr(game.description))],
                      ["info", attempt(lambda: repr(game))],
                      ["deal", game.deal(seed)],
                      ["svg.deal", {lang: attempt(lambda: svg.deal(game.deal(seed), game=game, lang=lang))
                                    for lang in PICTURE_LANGS}]]
    state = game.new_game(seed)
    bot = Heuristic(seed=seed)
    hand = state.hand_number
    step = 0
    while not state.is_terminal() and state.hand_number == hand:
        action = bot.act(state)
        row: dict[str, Any] = {
            "step": step,
            "phase": state.phase,
            "player": state.current_player,
            "action": action,
            "legal": state.legal_actions(),
            "observations": [attempt(lambda p=p: state.observation(p)) for p in range(state.num_players)],
            "seen": [attempt(lambda p=p: state.seen_history(p)) for p in range(state.num_players)],
            "caption": {lang: attempt(lambda lang=lang: captions.caption(state, action, translator(lang)))
                        for lang in LANGS},
            "viewer_caption": attempt(lambda: captions.caption(state, action, translator("en"),
                                                               (state.current_player + 1) % state.num_players)),
            "status": {lang: attempt(lambda lang=lang: labels.status_line(state, lang)) for lang in LANGS},
            "term": {lang: attempt(lambda lang=lang: term.table_text(state, lang=lang)) for lang in ["en", "fa"]},
            "term_viewer": attempt(lambda: term.table_text(state, viewer=0)),
            "header": attempt(lambda: term.header(state)),
            "render": attempt(lambda: svg.render(state, viewer=state.current_player
                                                 if state.current_player >= 0 else None)),
            "after": attempt(lambda: svg.after(state, action)),
        }
        if step % 4 == 0:
            row["render_langs"] = {lang: attempt(lambda lang=lang: svg.render(state, lang=lang)) for lang in LANGS}
            row["after_viewer"] = attempt(lambda: svg.after(state, action, viewer=0, lang="fa"))
        out.append(["step", row])
        state.apply(action)
        step += 1
    out.append(["final", {"render": attempt(lambda: svg.render(state)),
                          "term": attempt(lambda: term.table_text(state)),
                          "status": {lang: attempt(lambda lang=lang: labels.status_line(state, lang))
                                     for lang in LANGS},
                          "observations": [attempt(lambda p=p: state.observation(p))
                                           for p in range(state.num_players)]}])
    record = state.record()
    out.append(["record", attempt(record.to_json)])
    out.append(["record_replay", attempt(lambda: hukm.replay(record) == state)])
    out.append(["lin", attempt(lambda: lin.dumps([record]))])
    out.append(["frames", attempt(lambda: svg.frames(record))])
    for lang in ["en", "fa"]:
        out.append(["video", lang, attempt(lambda lang=lang: [
            [s.svg, s.caption, s.note, s.kind, s.step, s.score] for s in story.segments(record, lang=lang)])])
    out.append(["video_viewer", attempt(lambda: [[s.svg, s.caption, s.note, s.kind, s.step, s.score]
                                                 for s in story.segments(record, viewer=1)])])
    table = tables.Table.create({"game": name, "seed": seed, "step": step, "human": []})
    for k in range(0, table.steps + 1, max(1, table.steps // 12)):
        for lang in ["en", "fa"]:
            v = attempt(lambda k=k, lang=lang: table.view(step=k, viewer=0, lang=lang))
            if isinstance(v, dict):
                v.pop("table", None)
            out.append(["web", k, lang, v])
        v = attempt(lambda k=k: table.view(step=k, viewer=None, show_all=True))
        if isinstance(v, dict):
            v.pop("table", None)
        out.append(["web_all", k, v])
    out.append(["web_pbn", attempt(table.pbn)])
    out.append(["web_legend", {lang: attempt(lambda lang=lang: tables.legend(table.states[0], lang))
                               for lang in LANGS}])
    out.append(["cli_deal", cli(["deal", name, "--seed", "2"])])
    out.append(["cli_show", cli(["show", name, "--seed", "2", "--advance", "5"])])
    out.append(["cli_show_fa", cli(["show", name, "--seed", "2", "--advance", "9", "--lang", "fa"])])
    from test_every_preset import endgame  # the tests' endgame of a preset

    end = endgame(name, 1)
    if end is not None:
        out.append(["endgame", end.to_string() if hasattr(end, "to_string") else repr(end)])
        sol = hukm.solve(end, threads=1)
        out.append(["solve", solution(sol)])
        for obj in game.description.objectives:
            out.append(["objective", obj.name, attempt(lambda obj=obj: solution(hukm.solve(end, objective=obj.name, threads=1)))])
        out.append(["solve_other", attempt(lambda: solution(hukm.solve(end, (end.current_player + 1)
                                                                       % end.num_players, threads=1)))])
        out.append(["best_line", attempt(lambda: [repr(x) for x in hukm.best_line(end, threads=1)])])
        out.append(["svg.line", attempt(lambda: svg.line(end))])
        out.append(["svg.line_fa", attempt(lambda: svg.line(end, lang="fa"))])
        out.append(["render_analysis", attempt(lambda: svg.render(end, analysis=sol))])
        out.append(["render_analysis_fa", attempt(lambda: svg.render(end, analysis=sol, lang="fa", viewer=0))])
        out.append(["term_analysis", attempt(lambda: term.analysis_lines(end, sol))])
        out.append(["term_analysis_fa", attempt(lambda: term.analysis_lines(end, sol, lang="fa"))])
        out.append(["analyse_play", attempt(lambda: [repr(x) for x in hukm.analyse_play(
            end, [x.action for x in hukm.best_line(end)][:4], threads=1)])])
    out.extend(review_lines(name))
    out.append(["batch", attempt(lambda: batch_of(name))])
    return out


def review_lines(name: str) -> list[Any]:
    """A small recorded hand of ``name`` reviewed, where the tests' small positions reach it."""
    import hukm

    try:
        from test_best_line import small_position
    except ImportError:  # pragma: no cover
        return []
    rng = random.Random(5)
    try:
        s = small_position(name, rng)
    except Exception as e:  # noqa: BLE001
        return [["review", {"error": f"{type(e).__name__}"}]]
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    record = s.record()
    out: list[Any] = []
    r = hukm.review(record, budget=None, timeout=None, threads=1)
    out.append(["review", plain({"unit": r.unit, "thresholds": r.thresholds, "skipped": r.skipped,
                                 "decisions": [repr(d) for d in r.decisions],
                                 "summary": {k: repr(v) for k, v in r.summary.items()}})])
    from hukm.svg import review_chart, review_text

    for lang in LANGS:
        out.append(["review_text", lang, attempt(lambda lang=lang: review_text(r, lang))])
    out.append(["review_chart", attempt(lambda: review_chart(r))])
    out.append(["review_chart_fa", attempt(lambda: review_chart(r, lang="fa"))])
    seen = hukm.review(record, budget=None, timeout=None, viewer=1, lang="fa", threads=1)
    out.append(["review_viewer", attempt(lambda: review_text(seen)), attempt(lambda: review_chart(seen))])
    return out


def batch_of(name: str) -> Any:
    import tempfile

    import hukm
    from hukm import batch

    with tempfile.TemporaryDirectory() as d:
        r = batch.run(hukm.game(name), deals=2, seed=5, out=f"{d}/b.npz", chunk=2,
                      value=lambda g, deal: [len(deal.deal)], shape=(1,))
        cols, meta = batch.read(r.out)
        return {"cols": {k: plain(v) for k, v in cols.items()},
                "meta": {k: v for k, v in plain(meta).items() if k not in ("time", "seconds", "created", "host")}}


def global_lines() -> list[Any]:
    import hukm
    from hukm import i18n, record
    from hukm.web import labels, tables

    out: list[Any] = []
    for lang in LANGS:
        out.append(["messages", lang, attempt(lambda lang=lang: i18n.messages(lang))])
        out.append(["game_list", lang, attempt(lambda lang=lang: tables.game_list(lang))])
        for g in hukm.games():
            out.append(["title", lang, g.name, attempt(lambda g=g, lang=lang: labels.title(g.name, lang))])
    out.append(["schema", attempt(record.schema)])
    out.append(["games", [repr(g) for g in hukm.games()]])
    return out


def record_all(where: Path, only: list[str]) -> None:
    import hukm

    where.mkdir(parents=True, exist_ok=True)
    names = [g.name for g in hukm.games()]
    for name in only or names:
        with open(where / f"{name}.jsonl", "w") as f:
            for line in preset_lines(name):
                f.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
        print(name, flush=True)
    if not only:
        with open(where / "_global.jsonl", "w") as f:
            for line in global_lines():
                f.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")


def paths(a: Any, b: Any, at: str = "") -> list[str]:
    """Where two JSON values differ (``at`` the path so far)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [p for k in sorted(set(a) | set(b)) for p in paths(a.get(k, "<absent>"), b.get(k, "<absent>"),
                                                                  f"{at}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in paths(x, y, f"{at}[{i}]")]
    return [] if a == b else [f"{at}: {str(a)[:200]} -> {str(b)[:200]}"]


def compare(old: Path, new: Path) -> int:
    bad = 0
    for a in sorted(old.glob("*.jsonl")):
        b = new / a.name
        if not b.exists():
            print(f"{a.name}: missing")
            bad += 1
            continue
        la, lb = a.read_text().splitlines(), b.read_text().splitlines()
        for i, (x, y) in enumerate(zip(la, lb)):
            if x != y:
                where = paths(json.loads(x), json.loads(y))
                print(f"{a.name}:{i + 1}: {len(where)} differences", *where[:6], sep="\n  ")
                bad += 1
                break
        if len(la) != len(lb):
            print(f"{a.name}: {len(la)} lines, now {len(lb)}")
            bad += 1
    print("same" if not bad else f"{bad} files differ")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "record":
        record_all(Path(sys.argv[2]), sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
    else:
        print(__doc__)
        sys.exit(2)
