"""The game class of each engine family (``hokm``: :class:`hukm.Hokm`, ...).

Each class adds itself when it is defined (``GameBase.__init_subclass__``), and the
registry makes a preset's game with its family's class: both read this one table, so
that the registry needs no game class to find one.
"""

from __future__ import annotations

from typing import Any

CLASSES: dict[str, Any] = {}
"""Every game class by the engine family it plays (its ``FAMILY``)."""
