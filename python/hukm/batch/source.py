"""Where a batch's deals come from: a seeded generator (with constraints and a rejection
budget) or a file of deals (one deal per line, JSONL hand records, PBN).

Deal ``k`` of a seeded run depends only on the run's seed and ``k``: its candidates are
the games ``new_game(row_seed(seed, k, attempt))`` for attempt 0, 1, 2 ... and the first
that meets every constraint is kept, whatever the chunking and the number of workers.

>>> import hukm
>>> d, _ = generate(hukm.game("hokm4"), seed=1, index=0)
>>> d.caller, len(d.seen.replace(".", ""))
(0, 5)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Iterator, Optional, Sequence

from .. import _core
from .._errors import HukmError, NotationError, StateError
from .._families import families
from .._game import GameBase
from .where import CONTEXT, Context, Where, compile_where, named_trump

MASK = (1 << 64) - 1

MAX_TRIES = 100_000
"""Default rejection budget: candidates drawn for one deal before the run stops."""


@dataclass(frozen=True)
class Deal:
    """One deal of a batch, as its output row shows it.

    ``seed`` makes it again (``game.new_game(seed)``; -1 for a deal read from a file),
    ``deal`` lists the hands in seat order, ``dealer``, ``caller`` (the seat that names
    the trump, :attr:`hukm._game.GameBase.TRUMP_CALLER`) and ``player`` (the seat to act
    first) are -1 where the game or the file has none, ``seen`` is what ``player`` sees
    when the game starts (Hokm: the Hakem's first five cards), and ``record`` the hand
    record (JSON) a file gave, else empty.
    """

    seed: int
    deal: str
    dealer: int = -1
    caller: int = -1
    player: int = -1
    seen: str = ""
    record: str = ""


def _mix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def row_seed(seed: int, index: int, attempt: int = 0) -> int:
    """The seed of candidate ``attempt`` for deal ``index`` of a run seeded by ``seed``
    (below 2**63, so that it fits a signed 64-bit column).

    >>> row_seed(1, 0) == row_seed(1, 0), row_seed(1, 0) != row_seed(1, 1)
    (True, True)
    """
    return _mix(_mix(_mix(seed & MASK) ^ index) ^ attempt) >> 1


def describe(game: GameBase, state: _core.State, seed: int, deal: str, record: str = "") -> Deal:
    """The :class:`Deal` of a game's first state."""
    obs = state.observation(0)
    player = state.current_player if state.current_player >= 0 else -1
    seen = ""
    if player >= 0:
        seen = _core.format_hand(list(state.observation(player).get("hand") or []), game.pack)
    dealer = obs.get("dealer")
    caller = None if game.TRUMP_CALLER is None else obs.get(game.TRUMP_CALLER)
    return Deal(
        seed=seed,
        deal=deal,
        dealer=-1 if dealer is None else int(dealer),
        caller=-1 if caller is None else int(caller),
        player=player,
        seen=seen,
        record=record,
    )


def caller_columns() -> tuple[str, ...]:
    """The batch's columns of the trump callers of the catalog's games (each game's
    :attr:`hukm._game.GameBase.TRUMP_CALLER`; -1 in a game without one): every batch
    file has the same columns, whatever its game."""
    return tuple(dict.fromkeys(f.game.TRUMP_CALLER for f in families() if f.game.TRUMP_CALLER))


def seats_of(game: GameBase, d: Deal) -> dict[str, int]:
    """The named seats of deal ``d``: its trump caller by the game's name for him, the
    dealer and the player to act (those the deal has)."""
    named = {} if game.TRUMP_CALLER is None else {game.TRUMP_CALLER: d.caller}
    named.update((k, getattr(d, k)) for k in CONTEXT)
    return {k: v for k, v in named.items() if v >= 0}


def names_of(game: GameBase) -> tuple[str, ...]:
    """The context names a constraint may use in ``game``."""
    state = game.new_game(0)
    d = describe(game, state, 0, game.deal(0))
    out = list(seats_of(game, d))
    if d.caller >= 0 and state.phase == "trump":
        out.append("trump")
    return tuple(out)


def compile_for(game: GameBase, texts: Sequence[str]) -> Optional[Where]:
    """The constraints ``texts`` compiled for ``game`` (``None`` when there are none)."""
    if not texts:
        return None
    facts = game._game.facts
    points = None
    if "card_points" in facts:
        points = dict(zip(_core.pack_cards(game.pack), (int(x) for x in facts["card_points"])))
    where = compile_where(list(texts), suits=game.suits, suit_names=game.suit_names,
                          names=names_of(game), points=points is not None)
    setattr(where, "points", points)
    return where


def context(game: GameBase, d: Deal, where: Any) -> Context:
    """What the constraints see of deal ``d``."""
    seats = seats_of(game, d)
    seen: dict[int, list[str]] = {}
    if d.player >= 0 and d.seen:
        seen[d.player] = [c for c in _core.parse_deal(d.seen, 1, game.pack)[0]]
    if d.caller >= 0 and d.player == d.caller and d.caller in seen:
        seats["trump"] = game.suits.index(named_trump(seen[d.caller], game.suits))
    return Context(d.deal.split(), seats, seen, game.suits, getattr(where, "points", None))


def generate(
    game: GameBase,
    seed: int,
    index: int,
    where: Optional[Where] = None,
    max_tries: int = MAX_TRIES,
    texts: Sequence[str] = (),
) -> tuple[Deal, _core.State]:
    """Deal ``index`` of the run seeded by ``seed``: the first candidate that meets
    ``where``; after ``max_tries`` candidates :class:`hukm.StateError` stops the run."""
    for attempt in range(max_tries):
        s = row_seed(seed, index, attempt)
        state = game.new_game(s)
        d = describe(game, state, s, game.deal(s))
        if where is None or where(context(game, d, where)):
            return d, state
    what = " and ".join(repr(t) for t in texts) or "the constraints"
    raise StateError(
        f"no deal met {what} in {max_tries} tries (deal {index}, seed {seed}): "
        "the constraints may be unsatisfiable; loosen them or raise the rejection budget (--max-tries)"
    )


def read_deals(game: GameBase, path: str) -> Iterator[tuple[Deal, Optional[_core.State]]]:
    """The deals of a file: ``.pbn`` (PBN), ``.jsonl`` / ``.json`` (one hand record per
    line), anything else one deal per line (blank lines and ``#`` comments skipped)."""
    from ..record import HandRecord

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise StateError(f"cannot read {path}: {e.strerror}") from None
    ext = os.path.splitext(path)[1].lower()
    if ext == ".pbn":
        from .. import pbn

        for rec in pbn.loads(data):  # UTF-8 with or without a byte-order mark, or ISO-8859-1
            yield _from_record(game, rec, rec.to_json(), path)
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise StateError(f"cannot read {path}: not UTF-8 text") from None
    for no, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if ext in (".jsonl", ".json"):
                yield _from_record(game, HandRecord.from_json(line), line, path)
            else:
                hands = _core.parse_deal(line, game.num_players, game.pack)
                deal = " ".join(_core.format_hand(h, game.pack) for h in hands)
                yield Deal(seed=-1, deal=deal), None
        except HukmError as e:
            raise NotationError(f"{path}, line {no}: {e}") from None


def _from_record(game: GameBase, rec: Any, text: str, path: str) -> tuple[Deal, _core.State]:
    if rec.preset != game.preset:
        raise NotationError(f"{path}: a record of {rec.preset} in a batch of {game.preset}")
    state = rec.replay(0)
    record = json.dumps(json.loads(text), sort_keys=False, separators=(",", ":"))
    d = describe(game, state, -1, " ".join(state.hands()), record)
    return d, state


def replay_record(record: str) -> _core.State:
    """The first state of a hand record given as JSON text (a deal read from a file)."""
    from ..record import HandRecord

    return HandRecord.from_json(record, check=False).replay(0)
