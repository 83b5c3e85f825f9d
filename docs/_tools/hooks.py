"""MkDocs hooks of the documentation site (``hooks:`` in ``mkdocs.yml``).

* The examples that run while the site builds find ``hukm_docs`` (the tables drawn
  from the registry) and, in shell examples, the ``hukm`` command of the Python
  environment that builds the site.
* Pages of features still to come keep their place in the nav (``extra.slots``): an
  entry whose page does not exist yet is left out of the nav, and appears as soon as
  the file is added. Any other missing page is still an error.
* Pictures drawn by ``hukm.svg`` inside pages get ids of their own (a page shows many)
  and a class for the stylesheet.
* The line ``<!-- every game: MODULE -->`` in a page becomes one reference block
  (``::: hukm.games.<family>.MODULE``) per family of the catalog, and
  ``<!-- every game: class -->`` one per game class (``::: hukm.Hokm``): a new game's
  reference needs no line of its own.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parent


def on_startup(**_: Any) -> None:
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    bindir = os.path.dirname(sys.executable)
    path = os.environ.get("PATH", "")
    if bindir not in path.split(os.pathsep):
        os.environ["PATH"] = bindir + os.pathsep + path


def prune(nav: Any, slots: set[str], docs: Path) -> Any:
    """``nav`` without the entries of ``slots`` whose page is not in ``docs`` yet
    (sections left empty go too)."""
    if isinstance(nav, str):
        return None if nav in slots and not (docs / nav).exists() else nav
    if isinstance(nav, dict):
        out = {}
        for title, entry in nav.items():
            kept = prune(entry, slots, docs)
            if kept is not None and kept != []:
                out[title] = kept
        return out or None
    if isinstance(nav, list):
        items = [prune(item, slots, docs) for item in nav]
        return [i for i in items if i is not None]
    return nav


def on_config(config: Any, **_: Any) -> Any:
    slots = set(config.extra.get("slots", []))
    if config.nav is not None:
        config.nav = prune(config.nav, slots, Path(config.docs_dir))
    return config


_EVERY_GAME = re.compile(r"^<!-- every game: (\w+) -->$", re.M)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Each ``<!-- every game: MODULE -->`` line as the reference of that module of
    every family (the families as :mod:`hukm.games` installs them)."""

    def blocks(m: re.Match[str]) -> str:
        from hukm._families import families

        if m.group(1) == "class":
            return "\n".join(f"::: hukm.{f.game.__name__}\n" for f in families())
        return "\n".join(f"::: hukm.games.{folder(f.game)}.{m.group(1)}\n"
                         "    options:\n      show_root_heading: false\n      heading_level: 3\n"
                         for f in families())

    return _EVERY_GAME.sub(blocks, markdown)


def folder(cls: Any) -> str:
    """The folder of a game's class: ``hukm.games.<folder>.game``."""
    return str(cls.__module__).split(".")[2]


_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
_ID = re.compile(r'\bid="(hukm-[\w-]+)"')


def unique_ids(html: str) -> str:
    """Each ``hukm.svg`` picture of a page with ids of its own and the class ``hukm-picture``."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        svg = match.group(0)
        ids = set(_ID.findall(svg))
        if not ids and "data-card" not in svg:
            return svg
        count += 1
        for name in ids:
            svg = svg.replace(f'id="{name}"', f'id="{name}-{count}"').replace(f"#{name})", f"#{name}-{count})")
        return svg.replace("<svg ", '<svg class="hukm-picture" role="img" ', 1)

    return _SVG.sub(one, html)


def on_page_content(html: str, **_: Any) -> str:
    return unique_ids(html)
