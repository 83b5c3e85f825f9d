"""The documentation's examples run as its pages show them (``docs/``, built by
``mkdocs build --strict``): every Python example, every command the site runs while it
builds, and every command it tells people to type. A page whose code no longer works
fails here, so the pages cannot drift from the code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import hukm

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_tools"))

import docstring_markdown  # noqa: E402
import hooks  # noqa: E402
import hukm_docs  # noqa: E402
import snippets  # noqa: E402

PAGES = snippets.pages()

PHASES = {
    "games/hokm.md": ["The deal", "Choosing trumps", "Trick play", "The end of a hand", "Scoring and the match"],
    "games/twenty_eight.md": ["The deal and the auction", "Choosing trumps", "Trick play", "Scoring and the match"],
    "games/ganjifa.md": ["The deal", "The opening and the lead", "Scoring and the match", "Dugi, the partnership game"],
    "games/dashavatara.md": ["The deal and the trump", "Trick play", "Scoring"],
    "games/naqsh.md": ["The deal", "Play: draw or stand", "Comparing hands and settling"],
    "games/thunee.md": [
        "The deal and the bidding",
        "Choosing trumps",
        "Thunee and Royals",
        "Trick play",
        "Jodhi, Double and Khanuck",
        "Scoring and the match",
    ],
}
"""The phases of play each game guide describes (its ``##`` sections)."""


def _name(page: Path) -> str:
    return page.relative_to(DOCS).as_posix()


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_example_of_the_page_runs(page: Path) -> None:
    run = snippets.run_page(page)
    for block, output in run.outputs:
        if block.picture:
            assert output.lstrip().startswith("<svg") and "data-card=" in output, block.where()


def test_the_site_has_examples_and_pictures() -> None:
    blocks = [b for page in PAGES for b in snippets.blocks(page)]
    python = [b for b in blocks if b.lang in snippets.PYTHON]
    assert len(python) > 100
    assert sum(b.picture for b in blocks) >= 40
    assert any(b.lang in snippets.SHELL and b.executed for b in blocks)


@pytest.mark.parametrize("page", sorted(PHASES))
def test_each_phase_of_play_has_a_picture(page: str) -> None:
    blocks = snippets.blocks(DOCS / page)
    sections = {b.section for b in blocks if b.picture}
    missing = [phase for phase in PHASES[page] if phase not in sections]
    assert not missing, f"{page}: no picture in {missing}"
    headings = [line[3:].strip() for line in (DOCS / page).read_text().splitlines() if line.startswith("## ")]
    assert set(PHASES[page]) <= set(headings)


@pytest.mark.parametrize("page", sorted(PHASES))
def test_game_guides_show_results_first_and_code_in_a_tab(page: str) -> None:
    """A game guide reads as rules with pictures: each block the site runs shows what it
    makes (the picture, the listing) in the first tab and its code in the Python tab."""
    for b in snippets.blocks(DOCS / page):
        if b.executed and b.lang in snippets.PYTHON and "source" in b.attrs:
            assert b.attrs["source"] == "tabbed-right", b.where()
            assert b.attrs.get("tabs", "").startswith("Python|"), b.where()


def test_pictures_open_full_size_on_a_click() -> None:
    config = (DOCS.parent / "mkdocs.yml").read_text()
    assert "assets/zoom.js" in config and (DOCS / "assets" / "zoom.js").exists()
    script = (DOCS / "assets" / "zoom.js").read_text()
    assert "svg.hukm-picture" in script and "hukm-zoomed" in (DOCS / "assets" / "extra.css").read_text()


def test_every_game_family_has_a_guide_with_its_options() -> None:
    for family in sorted({g.family for g in hukm.games()}):
        page = hukm_docs.page_of(family)
        if page is None:  # a family whose guide is still to come
            continue
        table = hukm_docs.options_table(family)
        specs = {s.name for g in hukm.games() if g.family == family for s in g.specs}
        for name in specs:
            assert f"| `{name}` |" in table
        text = (DOCS / "games" / page).read_text()
        assert f'options_table("{family}")' in text and f'presets_table("{family}")' in text


def _page(tmp_path: Path, body: str) -> Path:
    page = tmp_path / "page.md"
    page.write_text(body)
    return page


@pytest.mark.parametrize(
    "body, message",
    [
        ('```python exec="1"\nimport hukm\nhukm.Hokm(stop_rule="never")\n```\n', "OptionError"),
        ('```python\nassert 1 + 1 == 3\n```\n', "AssertionError"),
        ('```python session="a"\nx = 1\n```\n\n```python\nprint(x)\n```\n', "NameError"),
        ('```console exec="1" source="console"\n$ hukm solve hokm "AS"\n```\n', "exited 2"),
        ('```console exec="1" returncode="2"\n$ hukm deal hokm --seed 1\n```\n', "exited 0"),
        ("```bash\nhukm solve hokm --seed x\n```\n", "not a valid hukm command"),
        ('```bash\npip install ".[nothing]"\n```\n', "no extra nothing"),
        ("```bash\npytest benches/nothing.py\n```\n", "does not exist"),
    ],
)
def test_a_broken_example_fails(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(snippets.SnippetError, match=message):
        snippets.run_page(_page(tmp_path, body))


def test_sessions_share_names_within_a_page(tmp_path: Path) -> None:
    body = '```python session="a"\nx = 41\n```\n\n```python session="a"\nprint(x + 1)\n```\n'
    run = snippets.run_page(_page(tmp_path, body))
    assert [out for _, out in run.outputs] == ["", "42\n"]


def test_nav_slots_wait_for_their_pages(tmp_path: Path) -> None:
    (tmp_path / "here.md").write_text("# here")
    nav = [{"Home": "here.md"}, {"Later": [{"Batch": "batch.md"}]}, {"Missing": "gone.md"}]
    pruned = hooks.prune(nav, {"batch.md"}, tmp_path)
    assert pruned == [{"Home": "here.md"}, {"Missing": "gone.md"}]  # a missing non-slot page stays: the build fails
    (tmp_path / "batch.md").write_text("# batch")
    assert hooks.prune(nav, {"batch.md"}, tmp_path) == nav


def test_pictures_get_their_own_ids() -> None:
    state = hukm.Hokm().new_game(seed=7)
    svg = hukm.svg.render(state, viewer=0)
    html = hooks.unique_ids(f"<p>{svg}</p><p>{svg}</p>")
    assert html.count('class="hukm-picture"') == 2
    assert 'id="hukm-back-1"' in html and 'id="hukm-back-2"' in html and "url(#hukm-back-2)" in html


def test_docstrings_read_as_markdown() -> None:
    text = "Solves it, see :func:`hukm.solve` and :class:`State`.\n\n>>> 1 + 1\n2\n\nAfter::\n\n    a b\n"
    out = docstring_markdown.markdown(text)
    assert '<autoref identifier="hukm.solve" optional><code>hukm.solve</code></autoref>' in out
    assert 'identifier="hukm.State"' in out
    assert "```pycon\n>>> 1 + 1\n2\n```" in out
    assert "After:\n\n```text\na b\n```" in out


def test_the_readme_points_at_the_site() -> None:
    readme = (DOCS.parent / "README.md").read_text()
    assert 'pip install ".[docs]" && mkdocs build --strict' in readme
    for page in ["docs/games/hokm.md", "docs/double-dummy.md", "docs/index.md", "docs/reference/index.md"]:
        assert f"({page})" in readme and (DOCS.parent / page).exists()
