"""``dd_table`` has one shape in every game: the deal, then the keywords ``leader``,
``trump``, ``layout``, ``threads``, ``max_nodes``, ``timeout`` and ``tt_mib``, all
keyword-only."""

from __future__ import annotations

import inspect

import pytest

import hukm
from hukm._game import GameBase

HOKM_DEAL = "AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 QT932.Q86.97.KJ3 875.732.8653.Q54"
TE_DEAL = "J9AT... .J9AT.. ..J9AT. ...J9AT"
KEYWORDS = ["leader", "trump", "layout", "threads", "max_nodes", "timeout", "tt_mib"]


@pytest.mark.parametrize("cls", [GameBase, *GameBase.CLASSES.values()])
def test_every_game_takes_the_same_keywords(cls: type[GameBase]) -> None:
    params = list(inspect.signature(cls.dd_table).parameters.values())
    assert [p.name for p in params[:2]] == ["self", "deal"]
    keywords = [p for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert [p.name for p in keywords] == KEYWORDS
    assert all(p.default is None for p in keywords)
    assert [p.kind for p in params[2:]] == [inspect.Parameter.KEYWORD_ONLY] * 7


def test_hokm_trump_and_leader_select_a_row_and_a_column() -> None:
    g = hukm.Hokm()
    assert g.has_table and hukm.TwentyEight().has_table
    full = g.dd_table(HOKM_DEAL, threads=1)
    assert full.shape == (5, 4)
    for r, trump in enumerate(["S", "H", "D", "C", "N"]):
        assert g.dd_table(HOKM_DEAL, trump=trump, threads=1).tolist() == full[r].tolist()
    for seat in range(4):
        assert g.dd_table(HOKM_DEAL, leader=seat, threads=1).tolist() == full[:, seat].tolist()
    cell = g.dd_table(HOKM_DEAL, trump="H", leader=1, threads=1)
    assert cell.shape == () and int(cell) == full[1, 1]
    # the cell is the leader's side's tricks when that seat leads with hearts trumps
    assert int(cell) == hukm.solve(g.from_deal(HOKM_DEAL, trump="H", leader=1), actions=False).value


def test_hokm_leader_in_the_declarer_layout_is_the_column_of_the_seat_before_it() -> None:
    g = hukm.Hokm()
    lead = g.dd_table(HOKM_DEAL, threads=1)
    for seat in range(4):
        decl = g.dd_table(HOKM_DEAL, layout="declarer", leader=seat, threads=1)
        assert decl.tolist() == (13 - lead[:, seat]).tolist()
    with pytest.raises(hukm.OptionError, match="bad layout .*layouts: leader, declarer"):
        g.dd_table(HOKM_DEAL, layout="bidder")


def test_twenty_eight_trump_and_layout() -> None:
    g = hukm.TwentyEight()
    full = g.dd_table(TE_DEAL, leader=0, threads=1)
    assert full.shape == (4, 4)
    assert g.dd_table(TE_DEAL, leader=0, layout="bidder", threads=1).tolist() == full.tolist()
    for r, trump in enumerate(g.suits):
        assert g.dd_table(TE_DEAL, leader=0, trump=trump, threads=1).tolist() == full[r].tolist()
    with pytest.raises(hukm.OptionError, match="bad layout 'leader' for the table of 28; layouts: bidder"):
        g.dd_table(TE_DEAL, leader=0, layout="leader")
    with pytest.raises(hukm.StateError, match="needs leader="):
        g.dd_table(TE_DEAL)
    with pytest.raises(hukm.StateError, match="leader 4 out of range 0..3"):
        g.dd_table(TE_DEAL, leader=4)


@pytest.mark.parametrize(
    "game,deal,trump,rows",
    [(hukm.Hokm(), HOKM_DEAL, "NT", "S, H, D, C, N"), (hukm.TwentyEight(), TE_DEAL, "N", "S, H, D, C")],
)
def test_bad_trump_names_the_rows(game: GameBase, deal: str, trump: str, rows: str) -> None:
    with pytest.raises(hukm.StateError, match=f"bad trump '{trump}' for the table of {game.preset}; rows: {rows}"):
        game.dd_table(deal, leader=0, trump=trump)


def test_a_second_positional_argument_is_refused() -> None:
    with pytest.raises(TypeError, match="positional argument"):
        hukm.Hokm().dd_table(HOKM_DEAL, 1)  # type: ignore[misc]
    with pytest.raises(TypeError, match="positional argument"):
        hukm.TwentyEight().dd_table(TE_DEAL, 1)  # type: ignore[misc]


@pytest.mark.parametrize("name", ["ganjifa", "dugi", "dashavatara", "naqsh", "thunee4"])
def test_games_without_a_table_take_the_keywords_and_say_so(name: str) -> None:
    assert not hukm.game(name).has_table
    with pytest.raises(hukm.StateError, match=f"{name} has no double-dummy table"):
        hukm.game(name).dd_table("x", leader=0, trump="S", layout="leader", threads=1)
