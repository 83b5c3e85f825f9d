"""The observation types come from the engine's schema: the generated files say what the
engine says (``python -m hukm._observation_types``), and every observation of every
preset holds only the keys its schema names, each value of the stated shape, with every
key the schema says is always there."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hukm
from hukm import _core, _observation_types, observations
from hukm._families import families

PRESETS = [g.name for g in hukm.games()]
OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("hokm4", {"thaap": True}),
    ("satat", {"satat_signals": True}),
    ("court_piece", {"stop_rule": "kot_choice", "kot_choice_partners_view": True}),
]
"""Presets with options that add keys (taps, signals, the partner's hand)."""

RARE: list[tuple[str, dict[str, Any], set[str]]] = [
    ("satat", {"kot_choice_partners_view": True}, {"pass_cards", "gave", "partner_hand"}),
]
"""Keys that only follow a kot (the winners' choice to stop, the next hand's passing), with
a preset and options that show them: random play reaches them in whole matches, not in
the first hand."""


def test_the_generated_files_are_the_engines_schema() -> None:
    stale = [str(path) for path, text in _observation_types.expected().items()
             if path.read_text(encoding="utf-8") != text]
    assert not stale, f"run python -m hukm._observation_types: {stale}"
    assert _observation_types.main(["--check"]) == 0


def test_the_types_hold_the_schemas_keys_in_order() -> None:
    core = [f.name for f in _core.core_observation()]
    assert list(observations.Observation.__annotations__) == core
    for f in families():
        kind = f.game.observation_type
        schema = _observation_types.schema(f)
        assert kind.__name__ == f"{f.game.__name__}Observation"
        assert list(kind.__annotations__)[len(core):] == [
            field.name for field in sorted(schema, key=lambda fld: not fld.always)]
        assert kind.__required_keys__ == set(core) | {field.name for field in schema if field.always}
        assert all(field.about and _observation_types.python_type(field.kind) for field in schema)


def test_a_changed_schema_shows() -> None:
    """The check names a file that no longer says what the engine says."""
    f = families()[0]
    path = next(p for p in _observation_types.expected() if p.parent.name == f.name)
    text = path.read_text(encoding="utf-8")
    try:
        path.write_text(text.replace(": int\n", ": str\n", 1), encoding="utf-8")
        assert _observation_types.main(["--check"]) == 1
    finally:
        path.write_text(text, encoding="utf-8")


def _check(state: Any, schema: dict[str, _core.ObservationField]) -> None:
    for p in range(state.num_players):
        obs = state.observation(p)
        assert set(obs) <= set(schema), set(obs) - set(schema)
        assert {k for k, f in schema.items() if f.always} <= set(obs)
        for key, value in obs.items():
            assert _observation_types.matches(schema[key].kind, value), (key, schema[key].kind, value)


@pytest.mark.parametrize("name,options", [(n, {}) for n in PRESETS] + OPTIONS)
def test_every_observation_holds_what_its_schema_says(name: str, options: dict[str, Any]) -> None:
    game = hukm.game(name, **options)
    schema = {f.name: f for f in (*_core.core_observation(), *game.description.observation)}
    assert len(schema) == len(_core.core_observation()) + len(game.description.observation)
    for seed in (6, 7):
        state, rng = game.new_game(seed), random.Random(seed)
        for _ in range(80):
            _check(state, schema)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name,options,keys", RARE)
def test_the_keys_after_a_kot_hold_what_their_schema_says(name: str, options: dict[str, Any],
                                                           keys: set[str]) -> None:
    """Seeded random matches played until every key of ``keys`` has been in an
    observation, each observation on the way checked against the schema."""
    game = hukm.game(name, **options)
    schema = {f.name: f for f in (*_core.core_observation(), *game.description.observation)}
    assert keys <= {k for k, f in schema.items() if not f.always}
    seen: set[str] = set()
    for seed in range(20):
        state, rng = game.new_game(seed), random.Random(seed)
        while not keys <= seen:
            _check(state, schema)
            seen |= keys & {k for p in range(state.num_players) for k in state.observation(p)}
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if keys <= seen:
            break
    assert seen == keys


@pytest.mark.parametrize("kind,good,bad", [
    ("int", [0, -1], [True, "1", None]),
    ("card?", ["AS", None], [1]),
    ("[int?]", [[], [1, None]], [[True], None]),
    ("[[card?]]", [[["AS", None]]], [["AS"]]),
    ("map?", [{}, None], [[]]),
])
def test_shapes(kind: str, good: list[Any], bad: list[Any]) -> None:
    assert all(_observation_types.matches(kind, v) for v in good)
    assert not any(_observation_types.matches(kind, v) for v in bad)
    with pytest.raises(ValueError, match="unknown shape"):
        _observation_types.python_type("[cards]")
