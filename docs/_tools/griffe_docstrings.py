"""A griffe extension that reads hukm's docstrings as Markdown for the API reference
(``docstring_markdown.markdown``: doctest examples as code blocks, roles as links,
``::`` literal blocks as code).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import griffe

sys.path.insert(0, str(Path(__file__).resolve().parent))

from docstring_markdown import markdown  # noqa: E402


class Docstrings(griffe.Extension):
    """Rewrites every docstring with :func:`markdown`."""

    def on_instance(self, *, obj: griffe.Object, **_: Any) -> None:
        if obj.docstring is not None and "```" not in obj.docstring.value:
            obj.docstring.value = markdown(obj.docstring.value)
