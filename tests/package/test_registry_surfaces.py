"""What the observation types, the record schema and batch plans read from the game
classes and the engine's registry, for every preset of the catalog (none named here)."""

from __future__ import annotations

from typing import Any

import pytest

import hukm
from hukm import observations
from hukm._game import GameBase
from hukm.batch.plan import OBJECTIVES, Plan, plan_for
from hukm.record import schema

PRESETS = [g.name for g in hukm.games()]


@pytest.mark.parametrize("name", PRESETS)
def test_each_game_class_names_its_observation_type(name: str) -> None:
    game = hukm.game(name)
    kind = game.observation_type
    assert set(observations.Observation.__annotations__) <= set(kind.__annotations__)
    assert observations.observation_types()[game.family] is kind


def test_a_game_class_without_its_own_type_has_the_generic_one() -> None:
    class Plain(GameBase):
        def from_deal(self, deal: str, *args: Any, **kwargs: Any) -> Any:
            return self._from_deal(deal)

    assert Plain.observation_type is observations.Observation
    assert "" not in observations.observation_types()


def test_the_schema_lists_the_registry() -> None:
    sch = schema()
    families = list(dict.fromkeys(g.family for g in hukm.games()))
    assert sch["properties"]["game"]["enum"] == families
    for family, rule in zip(families, sch["allOf"]):
        assert rule["if"]["properties"]["game"]["const"] == family
        assert rule["then"]["properties"]["preset"]["enum"] == [g.name for g in hukm.games() if g.family == family]


@pytest.mark.parametrize("objective", OBJECTIVES)
@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_has_a_plan_or_says_why_not(name: str, objective: str) -> None:
    """A plan of the right shape, or a refusal in words (never a Python error)."""
    game = hukm.game(name)
    try:
        plan = plan_for(game, objective)
    except hukm.HukmError as e:
        assert str(e)
        return
    assert isinstance(plan, Plan) and plan.objective == objective
    if plan.kind == "table":
        table = game.description.table
        assert table is not None and plan.shape == (len(table.rows), game.num_players)
    elif plan.kind == "positions":
        assert plan.shape == (len(plan.rows), game.num_players)
        assert set(plan.rows) - {"N"} <= set(game.suits)
    else:
        assert plan.kind == "value" and plan.shape == (1,)


def test_every_game_class_and_observation_type_is_in_the_reference() -> None:
    """The API reference documents each family's class and observation type (the pages
    as the site's hook expands their ``<!-- every game: ... -->`` lines from the catalog)."""
    import importlib.util
    from pathlib import Path

    from hukm._families import families

    root = Path(__file__).resolve().parent.parent.parent / "docs"
    spec = importlib.util.spec_from_file_location("docs_hooks", root / "_tools" / "hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    games, state = (hooks.on_page_markdown((root / "reference" / page).read_text(encoding="utf-8"))
                    for page in ("games.md", "state.md"))
    for f in families():
        assert f"::: hukm.{f.game.__name__}\n" in games, f.name
        assert f"::: hukm.games.{f.name}.observation\n" in state, f.name


def test_the_introductions_name_every_family() -> None:
    """The README's and the docs' first paragraph name each family (its name on the page)."""
    from pathlib import Path

    from hukm._families import families

    root = Path(__file__).resolve().parent.parent.parent
    for page in (root / "README.md", root / "docs" / "index.md"):
        intro = page.read_text(encoding="utf-8").split("\n\n")[1].replace("*", "").replace("\n", " ")
        for f in families():
            assert f.presentation.FAMILY in intro, (page.name, f.presentation.FAMILY)
