"""The engine's description of every preset (hukm.GameInfo.description,
game.description): it agrees with the Python classes' signatures, the aliases resolve,
the sides cover every seat and a described table is one the game makes."""

from __future__ import annotations

import inspect

import pytest

import hukm
from hukm.registry import Description, aliases, info

GAMES = hukm.registry.games()


@pytest.mark.parametrize("gi", GAMES, ids=[g.name for g in GAMES])
def test_keywords_match_the_class_signatures(gi: hukm.GameInfo) -> None:
    d = gi.description
    assert isinstance(d, Description)
    sig = inspect.signature(gi.cls.from_deal).parameters
    assert {k.name for k in d.from_deal} == {p for p in sig if p not in ("self", "deal")}
    sig = inspect.signature(gi.cls.new_game).parameters
    assert {k.name for k in d.new_game} == {p for p in sig if p not in ("self", "seed")}
    assert all(k.kind in {"seat", "suit", "strain", "card", "cards", "int", "ints", "bool", "seed"}
               for k in d.from_deal + d.new_game)


@pytest.mark.parametrize("gi", GAMES, ids=[g.name for g in GAMES])
def test_sides_objectives_and_counted(gi: hukm.GameInfo) -> None:
    d = gi.description
    assert d is not None
    assert len(d.side_of) == gi.players
    assert d.sides in ("partners", "each", "one_against_each")
    assert (d.role is not None) == (d.sides == "one_against_each")
    if d.sides == "partners":
        assert len(set(d.side_of)) == 2
    assert d.objectives[0].name == "tricks" and d.unit
    if d.counted is not None:
        assert d.keyword(d.counted) is not None and d.keyword(d.counted).kind == "seat"  # type: ignore[union-attr]


@pytest.mark.parametrize("gi", [g for g in GAMES if g.description and g.description.table],
                         ids=lambda g: g.name)
def test_a_described_table_is_made(gi: hukm.GameInfo) -> None:
    """The table's rows are what ``dd_table`` returns, on a small deal."""
    d = gi.description
    assert d is not None and d.table is not None
    g = gi.make()
    if d.table.columns == "leader":
        deal = "AK.2.. QJ.3.. T9.4.. 87.5.."
        table = g.dd_table(deal)  # type: ignore[attr-defined]
        assert table.shape == (len(d.table.rows), g.num_players)
    else:
        table = g.dd_table(g.deal(1), leader=1)  # type: ignore[attr-defined]
        assert table.shape == (len(d.table.rows), g.num_players)


def test_aliases_and_units() -> None:
    assert aliases() == {"hokm": "hokm4", "twenty_eight": "28", "twenty_nine": "29", "thunee": "thunee4"}
    for alias, preset in aliases().items():
        assert info(alias).name == preset and alias in info(preset).aliases
    assert hukm.game("dehla_pakad").description.unit == "tens"
    assert hukm.game("double_sar").description.table is None
    assert hukm.game("hokm3").description.sides == "each"
    assert hukm.game("56").description.side_of == (0, 1, 0, 1, 0, 1)
    assert hukm.game("thunee2").description.sides == "each"
    assert hukm.Thunee(dd_mode="target").description.unit == "win"
    assert hukm.game("naqsh").description.role == "banker"
    assert hukm.game("dugi").description.unit == "win"
    assert hukm.game("dashavatara").description.bounds
    assert hukm.game("ganjifa").description.bounds and hukm.game("dugi").description.bounds
    assert not hukm.game("ganjifa", dd_chance="expectation").description.bounds
    assert not hukm.game("thunee4").description.bounds
    assert [o.name for o in hukm.game("court_piece").description.objectives] == ["tricks", "kot"]


def test_position_keywords_defaults_and_whist() -> None:
    """What the command line and the web page read instead of naming games: the
    position keywords of every game, what is passed when one is left out, the groups
    of which one is given, whist play and the unit's label."""
    from hukm._position import keyword_union, whole

    assert tuple(keyword_union()) == ("trump", "leader", "hakem", "bidder", "indicator", "contract", "banker",
                        "stock", "trumper", "bid", "thunee", "royals")
    assert {k for k in keyword_union() if whole(k)} == {"leader", "hakem", "bidder", "contract", "banker", "trumper", "bid", "thunee", "royals"}
    for gi in GAMES:
        d = gi.description
        for k in d.from_deal:
            assert not (k.kind in ("ints", "bool", "seed") and k.position), (gi.name, k.name)
            assert k.absent is None or k.position, (gi.name, k.name)
        assert all(d.keyword(k) is not None for g in d.exactly_one for k in g)
        assert bool(d.outcomes) == d.target and d.moves in ("card", "action")
        assert all(o.label for o in d.objectives)
    assert [g.name for g in GAMES if g.description.whist] == ["hokm4", "hokm3", "court_piece", "single_sar"]
    hokm4, t28 = info("hokm4").description, info("28").description
    assert (hokm4.keyword("trump").kind, hokm4.keyword("trump").absent) == ("strain", "N")  # type: ignore[union-attr]
    assert hokm4.keyword("tricks_won").position is False  # type: ignore[union-attr]
    assert t28.exactly_one == (("trump", "indicator"),) and t28.outcomes == ("failed", "void", "made")
    assert info("dugi").description.label == "(1: wins the hand)" and info("dugi").description.quick_hand == 16
