"""The words the server writes for the page, in the page's language: the games' titles and
families of the game chooser, the position fields' names and the status line of a table.

The registry's titles are English; :func:`title` gives them in the picture's words (the
``pictures`` catalog); the families and the game's own position fields are named by
each game's presentation (``hukm/games/<family>/presentation.py``) (``FAMILY``, ``POSITION``). Options
keep their keys and values (the names the URL and the API take, ``opt.stop_rule=first_to_7``).

>>> title("hokm4", "fa")
'حکم چهارنفره، ایران'
>>> status_line(__import__("hukm").game("hokm4").new_game(3), "en")
'hokm4 | hand 1 | dealer seat 1 | Hakem seat 2 | trump: not named yet'
"""

from __future__ import annotations

from typing import Optional

from .. import _core
from .._families import families as all_families
from .._families import presentation
from ..i18n import translator


def title(preset: str, lang: str) -> str:
    """A preset's title (the registry's) in ``lang``: the words the table picture gives it
    (:func:`hukm.svg.wording.game_title`), so the page and the picture name it alike."""
    from ..registry import info
    from ..svg.wording import game_title

    return game_title(translator(lang), info(preset).title)


def families() -> dict[str, str]:
    """The game chooser's groups: each family's name on the page (English), by family,
    as the games' presentations give them (``FAMILY``)."""
    return {f.name: f.presentation.FAMILY for f in all_families()}


def family(name: str, lang: str) -> str:
    """A family's name in ``lang``: its module's (its presentation, ``FAMILY``), or
    its key when it has none.

    >>> family("twenty_eight", "en"), family("no_such_game", "fa")
    ('Twenty-eight', 'no_such_game')
    """
    own = presentation(name)
    text = None if own is None else own.FAMILY
    return translator(lang).t(text) if text else name


POSITION_WORDS: dict[str, tuple[str, str]] = {"trump": ("term", "trump"), "leader": ("role", "leader")}
"""The position keywords of every game, named by the game's words (``words`` catalog):
context and message. A game's own are in its presentation (``hukm/games/<family>/presentation.py``)
(``POSITION``)."""


def _positions() -> dict[str, tuple[str, str]]:
    """Every position keyword's name: context and message."""
    out = dict(POSITION_WORDS)
    for f in all_families():
        out.update(f.presentation.POSITION)
    return out


def position_label(key: str, lang: str) -> str:
    """The label of a position field of the deal form: the keyword itself in English (as
    the URL writes it), its name in another language (its key when it has none).

    >>> position_label("hakem", "fa"), position_label("hakem", "en")
    ('حاکم', 'hakem')
    """
    if lang == "en":
        return key
    named = _positions().get(key)
    return translator(lang).pt(*named) if named else key


def status_line(state: _core.State, lang: str, viewer: Optional[int] = None) -> str:
    """The table's first line as ``viewer`` sees it (``None``: as seat 0 does): the game,
    the hand, the roles, the trump (:func:`hukm.svg.status.status_line`, the terminal's
    too)."""
    from ..svg.status import status_line as line

    return line(state, translator(lang), viewer)
