"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent.parent / "README.md"


def test_readme_python_example_runs() -> None:
    """Every ```python block of the README executes without error."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, str(README), "exec"), {})


def test_readme_has_the_two_commands() -> None:
    """The newcomer's two commands are in the README."""
    text = README.read_text()
    assert 'pip install . && hukm solve hokm --seed 7' in text
    assert 'pip install ".[test]" && pytest tests' in text


def test_readme_links_the_batch_study_figure() -> None:
    """The study's figure and table are in docs/ and the README shows them."""
    text = README.read_text()
    for link in ("docs/studies/hakem_seven.png", "docs/studies/hakem_seven.md"):
        assert f"]({link})" in text
        assert (README.parent / link).stat().st_size > 0
