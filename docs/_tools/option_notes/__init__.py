"""One line per option of the registry, per game family: what it does, in players' words
(the option tables of the game guides). Each family's lines are the module of this
package named after it (``option_notes/thunee.py``); a new game adds its own module and
edits none. The build stops when an option has no line or a line names an option the
registry does not know (``hukm_docs.options_table``)."""

from __future__ import annotations

import importlib
import pkgutil

NOTES: dict[str, dict[str, str]] = {
    m.name: importlib.import_module(f"{__name__}.{m.name}").NOTES for m in pkgutil.iter_modules(__path__)
}
"""The lines of every family that has a module here, by family."""
