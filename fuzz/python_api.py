"""Coverage-guided fuzzing of hukm's Python API and command line with atheris.

Each input picks a public function (notation, games and options, positions, actions,
solving under a node limit, pictures, hand records, PBN, the command line's argument
parsing) and arguments drawn from the input. The properties: only the library's errors
(``hukm.HukmError``: ``ValueError``s and the solver's limits) may escape; a refused
action changes nothing; the command line exits 0 or 2 and prints one line on stderr for
bad input. A call that does not match a function's signature (a missing argument, an
unknown keyword name) is Python's own ``TypeError``, as for any function.

Run (``pip install atheris``)::

    python fuzz/python_api.py fuzz/corpus/python_api -runs=1000000   # a campaign from the kept corpus
    python fuzz/python_api.py -runs=20000 -seed=1      # the short run of .ci/run

Crashing inputs are written by libFuzzer as ``crash-*`` files in the current folder; a
file given as argument is replayed.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from typing import Any, Callable

import atheris

with atheris.instrument_imports(include=["hukm"]):
    import hukm
    import hukm.cli
    import hukm.lin
    import hukm.pbn
    import hukm.record
    import hukm.svg

NAMES = [i.name for i in hukm.games()]
GAMES = {n: hukm.game(n) for n in NAMES}
DEALS = {n: GAMES[n].deal(3) for n in NAMES}
PACKS = ["french52", "french32", "moghul", "dashavatara", "euro48", "nope", ""]
KEYWORDS = ["trump", "leader", "hakem", "bidder", "indicator", "contract", "banker", "stock",
            "tricks_won", "captured", "phase2", "seed", "stakes"]
CLI_WORDS = ["deal", "solve", "show", "play", "match", "replay", "serve", "--seed", "--trump", "--leader",
             "--option", "--threads", "--timeout", "--hakem", "--bidder", "--players", "--pack", "--objective",
             "--target", "--player", "--viewer", "--actions", "--hands", "--bots", "-1", "0", "7", "S", "N",
             "kot", "tricks", "x=y", "stop_rule=play_all", "1e309", "nan"]
ALLOWED: tuple[type, ...] = (hukm.HukmError,)
SIGNATURE = re.compile(r"missing \d+ required|unexpected keyword argument|positional argument")


def value(fdp: atheris.FuzzedDataProvider) -> Any:
    """An argument of any common type, small or odd."""
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind == 0:
        return fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 40))
    if kind == 1:
        return fdp.ConsumeIntInRange(-3, 20)
    if kind == 2:
        return fdp.ConsumeInt(9)
    if kind == 3:
        return fdp.ConsumeBool()
    if kind == 4:
        return None
    if kind == 5:
        return fdp.ConsumeFloat()
    if kind == 6:
        return [fdp.ConsumeIntInRange(-1, 14) for _ in range(fdp.ConsumeIntInRange(0, 6))]
    if kind == 7:
        return fdp.PickValueInList(["S", "H", "D", "C", "N", "GH", "AS", "KC", "2GH+KGH"])
    if kind == 8:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 8))
    return {"a": 1}


def mangle(fdp: atheris.FuzzedDataProvider, text: str) -> str:
    chars = list(text)
    for _ in range(fdp.ConsumeIntInRange(0, 3)):
        if not chars:
            break
        i = fdp.ConsumeIntInRange(0, len(chars) - 1)
        op = fdp.ConsumeIntInRange(0, 2)
        if op == 0:
            del chars[i]
        elif op == 1:
            chars[i] = fdp.ConsumeUnicodeNoSurrogates(1) or "?"
        else:
            chars.insert(i, fdp.PickValueInList([" ", ".", ":", "+", "-", "1", "0"]))
    return "".join(chars)


def notation(fdp: atheris.FuzzedDataProvider) -> None:
    name = fdp.PickValueInList(NAMES)
    pack = fdp.PickValueInList(PACKS + [GAMES[name].pack])
    text = mangle(fdp, DEALS[name]) if fdp.ConsumeBool() else fdp.ConsumeUnicodeNoSurrogates(60)
    which = fdp.ConsumeIntInRange(0, 3)
    if which == 0:
        cards = hukm.parse_hand(text.split(" ")[0], pack)
        assert hukm.parse_hand(hukm.format_hand(cards, pack), pack) == cards
    elif which == 1:
        hukm.parse_deal(text, value(fdp), pack)
    elif which == 2:
        hukm.format_hand(value(fdp) if fdp.ConsumeBool() else text.split(), pack, value(fdp))
    else:
        hukm.pack_cards(value(fdp) if fdp.ConsumeBool() else pack)


def games(fdp: atheris.FuzzedDataProvider) -> None:
    name = fdp.PickValueInList(NAMES)
    options: dict[str, Any] = {}
    specs = hukm.registry.info(name).specs
    for _ in range(fdp.ConsumeIntInRange(0, 3)):
        key = fdp.PickValueInList([s.name for s in specs] + ["bogus"]) if specs else "bogus"
        options[key] = value(fdp)
    g = hukm.game(name, **options)
    s = g.new_game(value(fdp) if fdp.ConsumeBool() else fdp.ConsumeIntInRange(0, 50))
    walk(fdp, s)


def positions(fdp: atheris.FuzzedDataProvider) -> None:
    name = fdp.PickValueInList(NAMES)
    g = GAMES[name]
    deal = DEALS[name] if fdp.ConsumeBool() else mangle(fdp, DEALS[name])
    kw = {fdp.PickValueInList(KEYWORDS): value(fdp) for _ in range(fdp.ConsumeIntInRange(0, 3))}
    s = g.from_deal(deal, **kw)
    if not s.is_terminal() and fdp.ConsumeBool():
        hukm.solve(s, max_nodes=3000, player=value(fdp) if fdp.ConsumeIntInRange(0, 4) == 0 else None)
    walk(fdp, s)


def walk(fdp: atheris.FuzzedDataProvider, s: hukm.State) -> None:
    for _ in range(fdp.ConsumeIntInRange(0, 30)):
        if s.is_terminal():
            return
        legal = s.legal_actions()
        if fdp.ConsumeIntInRange(0, 3) == 0:
            before = s.clone()
            bad: Any = mangle(fdp, fdp.PickValueInList(legal)) if fdp.ConsumeBool() else value(fdp)
            try:
                s.apply(bad)
            except hukm.HukmError:
                assert s == before and s.hands() == before.hands(), "a refused action changed the state"
        else:
            s.apply(fdp.PickValueInList(legal))
        if fdp.ConsumeIntInRange(0, 7) == 0:
            s.observation(value(fdp) if fdp.ConsumeBool() else s.current_player)
        if fdp.ConsumeIntInRange(0, 15) == 0:
            s.determinize(value(fdp), value(fdp))


def pictures_and_records(fdp: atheris.FuzzedDataProvider) -> None:
    name = fdp.PickValueInList(NAMES)
    s = GAMES[name].new_game(fdp.ConsumeIntInRange(0, 20))
    walk(fdp, s)
    which = fdp.ConsumeIntInRange(0, 4)
    if which == 0:
        hukm.svg.render(s, viewer=value(fdp) if fdp.ConsumeBool() else None)
    elif which == 4:
        lin = "md|3SQH4D4C4,SJH5D5C5,SAH2D2C2,SKH3D3C3|mb|1S|mb|p|mb|p|mb|p|pc|H3|pc|H4|pg||"
        hukm.lin.loads(mangle(fdp, lin))
    elif which == 1:
        text = s.record().to_json()
        hukm.replay(hukm.HandRecord.from_json(mangle(fdp, text)), value(fdp) if fdp.ConsumeBool() else None)
    elif which == 2:
        doc = hukm.pbn.parse(mangle(fdp, '[Event "x"] {c}\n[Deal "N:' + DEALS["hokm4"] + '"]\n[Declarer "S"]\n[Auction "N"]\n1S AP\n'))
        assert hukm.pbn.parse(doc.dumps()) == doc
        hukm.pbn.loads(doc.dumps())
    else:
        hukm.best_line(s, timeout=0.05) if not s.is_terminal() else None


def command_line(fdp: atheris.FuzzedDataProvider) -> None:
    argv = [fdp.PickValueInList(CLI_WORDS[:6] + NAMES) for _ in range(1)]
    argv.append(fdp.PickValueInList(NAMES + ["bridge"]))
    for _ in range(fdp.ConsumeIntInRange(0, 5)):
        argv.append(fdp.PickValueInList(CLI_WORDS) if fdp.ConsumeBool() else fdp.ConsumeUnicodeNoSurrogates(12))
    if argv[0] in ("play", "serve", "match", "replay"):
        argv[0] = "deal"  # interactive, long or file-reading commands: their parsing only
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = hukm.cli.main(argv + ["--timeout", "0.05"] if argv[0] == "solve" else argv)
    assert code in (0, 2), (argv, code)
    if code == 2 and "usage:" not in err.getvalue():
        assert len(err.getvalue().strip().splitlines()) == 1, (argv, err.getvalue())


TARGETS: list[Callable[[atheris.FuzzedDataProvider], None]] = [
    notation, games, positions, pictures_and_records, command_line,
]


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    target = TARGETS[fdp.ConsumeIntInRange(0, len(TARGETS) - 1)]
    try:
        target(fdp)
    except ALLOWED:
        pass
    except TypeError as e:
        # A call that does not match a function's signature (a missing argument, an
        # unknown keyword) is reported by Python itself, as for any function.
        if not SIGNATURE.search(str(e)):
            raise
    except SystemExit as e:  # argparse's own exit for --help
        assert e.code in (0, 2), e.code


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
