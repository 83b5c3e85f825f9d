"""Hand records: a game, how its first state was made and every action with its
player, as plain JSON that replays exactly.

A record is what :meth:`State.record` (or :func:`record_of`) gives; :func:`replay`
rebuilds the state after any number of its actions, equal (``==``) to the state
recorded: same history, same hands, same returns. The JSON text is stable (the
same record always gives the same text) and is described by the JSON Schema
``hukm/schema/hand_record.schema.json`` (:func:`schema`).

>>> import hukm
>>> state = hukm.Hokm().new_game(seed=7)
>>> state.apply(state.legal_actions()[0])
>>> record = record_of(state)
>>> record.origin
{'kind': 'match', 'seed': 7, 'params': {}}
>>> record.actions
[{'player': 3, 'action': 'trump:S'}]
>>> HandRecord.from_json(record.to_json()) == record
True
>>> replay(record) == state, replay(record, step=0).history()
(True, [])

The format (version 1), keys in this order::

    {"version": 1,                      the format's version
     "game": "hokm",                    the game module (State.game)
     "preset": "hokm4",                 the preset (State.preset)
     "options": {"stop_rule": "play_all"},   the options given (State.options)
     "origin": {...},                   how the first state was made (below)
     "actions": [{"player": 0, "action": "trump:S"}, ...],
     "result": [1.0, 0.0, 1.0, 0.0]}    State.returns() when terminal, else null

``origin`` is one of::

    {"kind": "match", "seed": 7, "params": {"dealer": 0}}        game.new_game(seed, **params)
    {"kind": "deal", "deal": "AK.. ...", "params": {"trump": "S", "leader": 0}}
                                                                  game.from_deal(deal, **params)
    {"kind": "sample", "from": {origin}, "actions": [...], "player": 1, "seed": 5}
        state.determinize(player, seed) of the state made by ``from`` then ``actions``
    {"kind": "open", "from": {origin}, "actions": [...], "bidder": 0, "trump": "S"}
        state.open_position(bidder, trump) (Twenty-eight)

``params`` are the start keywords exactly as the engine keeps them (None values
dropped), in the engine's order: like ``options``, their order is part of how a
state was made, and the JSON keeps it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence, TypedDict, Union

from . import _core
from ._errors import HukmError, NotationError, StateError

FORMAT_VERSION = 1
"""The version of the record format this module reads and writes."""

SCHEMA_PATH = "schema/hand_record.schema.json"
"""Where the JSON Schema of the format lives inside the package."""

_U64 = (1 << 64) - 1
_KINDS = ("match", "deal", "sample", "open")
_FIELDS = ("version", "game", "preset", "options", "origin", "actions", "result")
_ORIGIN_FIELDS = {
    "match": ("kind", "seed", "params"),
    "deal": ("kind", "deal", "params"),
    "sample": ("kind", "from", "actions", "player", "seed"),
    "open": ("kind", "from", "actions", "bidder", "trump"),
}

class ActionEntry(TypedDict):
    """One action of a record and the player who took it."""

    player: int
    action: str


@dataclass(frozen=True)
class HandRecord:
    """A game's record: the game, how its first state was made and every action since.

    Plain values only (the JSON's, see the module's documentation): ``options``
    maps option names to their normalised strings, ``origin`` is a JSON object,
    ``actions`` a list of ``{"player": p, "action": a}`` and ``result`` the
    returns of a terminal state (``None`` before the end). Build one with
    :func:`record_of` (``state.record()``) or :meth:`from_json`; treat it as a
    value (the lists and dicts are not copied).

    >>> import hukm
    >>> s = hukm.Hokm().from_deal("A... K... Q... J...", trump="S", leader=0)
    >>> s.apply("AS")
    >>> r = s.record()
    >>> r.game, r.preset, r.origin["kind"], r.actions, r.result
    ('hokm', 'hokm4', 'deal', [{'player': 0, 'action': 'AS'}], None)
    """

    game: str
    preset: str
    options: dict[str, str]
    origin: dict[str, Any]
    actions: list[ActionEntry]
    result: Optional[list[float]] = None
    version: int = FORMAT_VERSION

    def __hash__(self) -> int:
        return hash((self.version, self.game, self.preset, tuple((a["player"], a["action"]) for a in self.actions)))

    def __len__(self) -> int:
        """The number of actions.

        >>> import hukm
        >>> len(hukm.Hokm().new_game(1).record())
        0
        """
        return len(self.actions)

    @classmethod
    def from_state(cls, state: _core.State) -> "HandRecord":
        """The record of ``state`` (the same as :func:`record_of`)."""
        return record_of(state)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON values, keys in the format's order (deep copies).

        >>> import hukm
        >>> list(hukm.Hokm().new_game(3).record().to_dict())
        ['version', 'game', 'preset', 'options', 'origin', 'actions', 'result']
        """
        return {
            "version": self.version,
            "game": self.game,
            "preset": self.preset,
            "options": dict(self.options),
            "origin": _copy_origin(self.origin),
            "actions": [{"player": a["player"], "action": a["action"]} for a in self.actions],
            "result": None if self.result is None else list(self.result),
        }

    def to_json(self, indent: Optional[int] = None) -> str:
        """The record as JSON text: the same record always gives the same text.

        ``indent=None`` writes one line; a number indents nested values by that
        many spaces.

        >>> import hukm
        >>> hukm.Hokm().new_game(3).record().to_json()
        '{"version": 1, "game": "hokm", "preset": "hokm4", "options": {}, "origin": {"kind": "match", "seed": 3, "params": {}}, "actions": [], "result": null}'
        """
        if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int) or indent < 0):
            raise StateError(f"indent must be None or a whole number >= 0, got {indent!r}")
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any, *, check: bool = True) -> "HandRecord":
        """A record from plain JSON values (what :meth:`to_dict` gives).

        Every field is checked; with ``check`` (the default) the record is also
        replayed, so that a record that does not replay (an illegal action, a
        player who is not the one to move, a wrong result) is refused. A
        malformed record raises :class:`hukm.NotationError` naming the field and
        its position, e.g. ``actions[3].action: ...``.

        >>> HandRecord.from_dict({"version": 1})
        Traceback (most recent call last):
        ...
        hukm._errors.NotationError: record: missing field 'game'
        """
        record = _parse(data)
        if check:
            state = _replay(record, None)
            _check_result(record, state)
        return record

    @classmethod
    def from_json(cls, text: Union[str, bytes], *, check: bool = True) -> "HandRecord":
        """A record from JSON text (what :meth:`to_json` writes), checked as :meth:`from_dict` does.

        >>> import hukm
        >>> HandRecord.from_json('{"version": 1, "game": "hokm", "preset": "hokm4", "options": {}, '
        ...     '"origin": {"kind": "match", "seed": "7", "params": {}}, "actions": [], "result": null}')
        Traceback (most recent call last):
        ...
        hukm._errors.NotationError: origin.seed must be a whole number, got '7'
        """
        if isinstance(text, (bytes, bytearray)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError as e:
                raise NotationError(f"record: not UTF-8 text ({e})") from None
        if not isinstance(text, str):
            raise NotationError(f"record: give JSON text, got {type(text).__name__}")
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as e:
            raise NotationError(f"record: not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
        return cls.from_dict(data, check=check)

    def to_state(self) -> _core.State:
        """The state after every action (the same as ``replay(record)``)."""
        return replay(self)

    def replay(self, step: Optional[int] = None) -> _core.State:
        """The state after the first ``step`` actions (see :func:`replay`)."""
        return replay(self, step)

    def states(self) -> list[_core.State]:
        """The state before the first action, then after each action (``len(record) + 1`` states).

        Each state is a clone with its own history, so a long match makes many of
        them: use :func:`replay` with ``step`` for a few positions.

        >>> import hukm
        >>> s = hukm.Hokm().new_game(1); s.apply("trump:S")
        >>> [x.phase for x in s.record().states()]
        ['trump', 'play']
        """
        state = _replay(self, 0)
        out = [state.clone()]
        for i, entry in enumerate(self.actions):
            _step(state, entry, f"actions[{i}]")
            out.append(state.clone())
        return out


def record_of(state: _core.State) -> HandRecord:
    """The record of ``state``: its game, how it was made and every action with its player.

    ``State.record()`` calls it.

    >>> import hukm
    >>> s = hukm.TwentyEight().new_game(seed=2)
    >>> s.apply(s.legal_actions()[0])
    >>> record_of(s).actions
    [{'player': 1, 'action': 'bid:14'}]
    """
    if not isinstance(state, _core.State):
        raise StateError(f"record_of needs a hukm.State, got {type(state).__name__}")
    game = _core.Game(state.preset, list(state.options))
    origin, actions = state.origin()
    origin_json, start = _origin_to_json(game, origin)
    entries: list[ActionEntry] = []
    for a in actions:
        entries.append({"player": int(start.current_player), "action": a})
        start.apply(a)
    return HandRecord(
        game=state.game,
        preset=state.preset,
        options={k: v for k, v in state.options},
        origin=origin_json,
        actions=entries,
        result=[float(x) for x in state.returns()] if state.is_terminal() else None,
    )


def replay(record: HandRecord, step: Optional[int] = None) -> _core.State:
    """The state of ``record`` after its first ``step`` actions (all by default).

    The state is rebuilt from the record's origin by applying the actions; it
    is equal (``==``) to the state recorded at that step. ``step`` runs from 0
    (the state the origin makes) to ``len(record.actions)``; outside that range
    :class:`hukm.StateError`. A record that does not replay (an illegal action,
    a player who is not the one to move) raises :class:`hukm.NotationError`
    naming the action, e.g. ``actions[3].action: ...``.

    >>> import hukm
    >>> s = hukm.Hokm().new_game(1); s.apply("trump:S"); s.apply("AS")
    >>> r = s.record()
    >>> replay(r, 1).legal_actions()[:3], replay(r) == s
    (['AS', 'TS', 'KH'], True)
    """
    if not isinstance(record, HandRecord):
        raise StateError(f"replay needs a hukm.HandRecord, got {type(record).__name__}")
    if step is not None:
        n = len(record.actions)
        if isinstance(step, bool) or not isinstance(step, int):
            raise StateError(f"step must be a whole number, got {step!r}")
        if not 0 <= step <= n:
            raise StateError(f"step {step} out of range 0..{n} (the record has {n} actions)")
    _parse(record.to_dict())
    return _replay(record, step)


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the record format, as a dict: the shipped
    schema (:data:`SCHEMA_PATH`) with its games and presets those of the registry
    (:func:`hukm.games`), so that every preset of the engine is accepted under its own
    game and no other.

    >>> s = schema()
    >>> s["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    >>> "thunee" in s["properties"]["game"]["enum"]
    True
    """
    from importlib import resources

    text = resources.files("hukm").joinpath(SCHEMA_PATH).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return _with_games(data)


def _with_games(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the registry's games: ``game`` one of the families, and for each
    family, ``preset`` one of its presets (in the registry's order)."""
    from .registry import games

    presets: dict[str, list[str]] = {}
    for g in games():
        presets.setdefault(g.family, []).append(g.name)
    data["properties"]["game"]["enum"] = list(presets)
    data["allOf"] = [
        {"if": {"properties": {"game": {"const": family}}}, "then": {"properties": {"preset": {"enum": names}}}}
        for family, names in presets.items()
    ]
    return data


# --- from states to JSON -------------------------------------------------------


def _origin_to_json(game: _core.Game, origin: tuple[Any, ...]) -> tuple[dict[str, Any], _core.State]:
    """The JSON form of a native origin and the state it makes."""
    kind = origin[0]
    if kind == "match":
        params = dict(origin[2])
        return {"kind": "match", "seed": int(origin[1]), "params": _params_json(params)}, game.new_game(origin[1], params)
    if kind == "deal":
        params = dict(origin[2])
        return {"kind": "deal", "deal": str(origin[1]), "params": _params_json(params)}, game.from_deal(origin[1], params)
    if kind in ("sample", "open"):
        inner, state = _origin_to_json(game, origin[1])
        entries: list[ActionEntry] = []
        for a in origin[2]:
            entries.append({"player": int(state.current_player), "action": a})
            state.apply(a)
        if kind == "sample":
            out = {"kind": "sample", "from": inner, "actions": entries, "player": int(origin[3]), "seed": int(origin[4])}
            return out, state.determinize(origin[3], origin[4])
        out = {"kind": "open", "from": inner, "actions": entries, "bidder": int(origin[3]), "trump": str(origin[4])}
        return out, state.open_position(origin[3], origin[4])
    raise StateError(f"unknown origin of a state: {kind!r}")  # pragma: no cover - the engine's four kinds


def _params_json(params: Mapping[str, Any]) -> dict[str, Any]:
    return {str(k): (list(v) if isinstance(v, (list, tuple)) else v) for k, v in params.items()}


def _copy_origin(origin: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in origin.items():
        if k == "from" and isinstance(v, Mapping):
            out[k] = _copy_origin(v)
        elif k == "params" and isinstance(v, Mapping):
            out[k] = _params_json(v)
        elif k == "actions" and isinstance(v, list):
            out[k] = [dict(a) if isinstance(a, Mapping) else a for a in v]
        else:
            out[k] = v
    return out


# --- checking the JSON ---------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise NotationError(f"record: {name} is not a JSON number")


def _fields(data: Any, path: str, allowed: Sequence[str], required: Sequence[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise NotationError(f"{path} must be a JSON object, got {_kind(data)}")
    for key in data:
        if key not in allowed:
            raise NotationError(f"{path}: unknown field {key!r} (fields: {', '.join(allowed)})")
    for key in required:
        if key not in data:
            raise NotationError(f"{path}: missing field {key!r}")
    return data


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _whole(value: Any, path: str, hi: int = _U64) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{path} must be a whole number, got {value!r}")
    if not 0 <= value <= hi:
        raise NotationError(f"{path} {value} out of range 0..{hi}")
    return value


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise NotationError(f"{path} must be a string, got {_kind(value)}")
    return value


def _params(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NotationError(f"{path} must be a JSON object, got {_kind(value)}")
    out: dict[str, Any] = {}
    for k, v in value.items():
        where = f"{path}.{k}"
        if v is None or isinstance(v, (bool, str)):
            out[k] = v
        elif isinstance(v, int):
            if not -(1 << 63) <= v < (1 << 63):
                raise NotationError(f"{where} {v} out of range")
            out[k] = v
        elif isinstance(v, list):
            for i, x in enumerate(v):
                if isinstance(x, bool) or not isinstance(x, int) or not -(1 << 63) <= x < (1 << 63):
                    raise NotationError(f"{where}[{i}] must be a whole number, got {x!r}")
            out[k] = list(v)
        else:
            raise NotationError(
                f"{where} must be null, a boolean, a whole number, a string or an array of whole numbers, got {_kind(v)}"
            )
    return out


def _actions(value: Any, path: str) -> list[ActionEntry]:
    if not isinstance(value, list):
        raise NotationError(f"{path} must be an array, got {_kind(value)}")
    out: list[ActionEntry] = []
    for i, entry in enumerate(value):
        where = f"{path}[{i}]"
        _fields(entry, where, ("player", "action"), ("player", "action"))
        player = _whole(entry["player"], f"{where}.player", 63)
        action = _text(entry["action"], f"{where}.action")
        if not action:
            raise NotationError(f"{where}.action is empty")
        out.append({"player": player, "action": action})
    return out


def _origin(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NotationError(f"{path} must be a JSON object, got {_kind(value)}")
    kind = value.get("kind")
    if kind not in _KINDS:
        if "kind" not in value:
            raise NotationError(f"{path}: missing field 'kind'")
        raise NotationError(f"{path}.kind must be one of {', '.join(_KINDS)}, got {_kind(kind)}")
    names = _ORIGIN_FIELDS[kind]
    _fields(value, path, names, names)
    if kind == "match":
        return {"kind": kind, "seed": _whole(value["seed"], f"{path}.seed"), "params": _params(value["params"], f"{path}.params")}
    if kind == "deal":
        return {"kind": kind, "deal": _text(value["deal"], f"{path}.deal"), "params": _params(value["params"], f"{path}.params")}
    out = {"kind": kind, "from": _origin(value["from"], f"{path}.from"),
           "actions": _actions(value["actions"], f"{path}.actions")}
    if kind == "sample":
        out.update(player=_whole(value["player"], f"{path}.player", 63), seed=_whole(value["seed"], f"{path}.seed"))
    else:
        out.update(bidder=_whole(value["bidder"], f"{path}.bidder", 63), trump=_text(value["trump"], f"{path}.trump"))
    return out


def _parse(data: Any) -> HandRecord:
    """A record from JSON values, every field checked (not replayed)."""
    _fields(data, "record", _FIELDS, _FIELDS)
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int):
        raise NotationError(f"version must be a whole number, got {version!r}")
    if version != FORMAT_VERSION:
        raise NotationError(f"version: unsupported record format version {version} (this hukm reads {FORMAT_VERSION})")
    game = _text(data["game"], "game")
    preset = _text(data["preset"], "preset")
    from .registry import info

    try:
        entry = info(preset)
    except HukmError as e:
        raise NotationError(f"preset: {e}") from None
    if entry.name != preset:
        raise NotationError(f"preset: write the preset's own name {entry.name!r}, not {preset!r}")
    if game != entry.family:
        raise NotationError(f"game: preset {preset!r} is a game of {entry.family!r}, not {game!r}")
    options = data["options"]
    if not isinstance(options, dict):
        raise NotationError(f"options must be a JSON object, got {_kind(options)}")
    for k, v in options.items():
        _text(v, f"options.{k}")
    origin = _origin(data["origin"], "origin")
    actions = _actions(data["actions"], "actions")
    result = data["result"]
    res: Optional[list[float]] = None
    if result is not None:
        if not isinstance(result, list):
            raise NotationError(f"result must be null or an array of numbers, got {_kind(result)}")
        res = []
        for i, x in enumerate(result):
            if isinstance(x, bool) or not isinstance(x, (int, float)):
                raise NotationError(f"result[{i}] must be a number, got {_kind(x)}")
            res.append(float(x))
    return HandRecord(game, preset, dict(options), origin, actions, res, version)


# --- replaying -----------------------------------------------------------------


def _engine(path: str, error: Exception) -> NotationError:
    return NotationError(f"{path}: {error}")


def _step(state: _core.State, entry: ActionEntry, path: str) -> None:
    """Applies one recorded action, checking its player."""
    action = entry["action"]
    if state.is_terminal():
        raise NotationError(f"{path}.action: {action!r} comes after the end of the game")
    mover = state.current_player
    if entry["player"] != mover:
        raise NotationError(f"{path}.player: the record says {entry['player']}, but player {mover} is to move")
    try:
        state.apply(action)
    except ValueError as e:
        raise _engine(f"{path}.action", e) from None


def _build(game: _core.Game, origin: dict[str, Any], path: str) -> _core.State:
    """The state an origin makes, each of its steps checked."""
    kind = origin["kind"]
    if kind == "match":
        try:
            return game.new_game(origin["seed"], dict(origin["params"]))
        except (ValueError, OverflowError) as e:
            raise _engine(f"{path}.params", e) from None
    if kind == "deal":
        try:
            return game.from_deal(origin["deal"], dict(origin["params"]))
        except (ValueError, OverflowError) as e:
            raise _engine(path, e) from None
    state = _build(game, origin["from"], f"{path}.from")
    for i, entry in enumerate(origin["actions"]):
        _step(state, entry, f"{path}.actions[{i}]")
    if kind == "sample":
        if state.is_terminal():
            raise NotationError(f"{path}: a finished game cannot be sampled")
        try:
            return state.determinize(origin["player"], origin["seed"])
        except (ValueError, OverflowError) as e:
            raise _engine(f"{path}.player", e) from None
    try:
        return state.open_position(origin["bidder"], origin["trump"])
    except (ValueError, OverflowError) as e:
        raise _engine(path, e) from None


def _replay(record: HandRecord, step: Optional[int]) -> _core.State:
    try:
        game = _core.Game(record.preset, list(record.options.items()))
    except ValueError as e:
        raise _engine("options", e) from None
    state = _build(game, record.origin, "origin")
    upto = len(record.actions) if step is None else step
    for i in range(upto):
        _step(state, record.actions[i], f"actions[{i}]")
    return state


def _check_result(record: HandRecord, state: _core.State) -> None:
    if state.is_terminal():
        got = [float(x) for x in state.returns()]
        if record.result is None:
            raise NotationError(f"result: the game is over, so result must be the returns {got}, not null")
        if list(record.result) != got:
            raise NotationError(f"result: the record says {list(record.result)}, but the replay gives {got}")
    elif record.result is not None:
        raise NotationError("result: the game is not over, so result must be null")


__all__ = ["FORMAT_VERSION", "ActionEntry", "HandRecord", "record_of", "replay", "schema"]
