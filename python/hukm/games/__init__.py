"""The catalog of the game families: one folder each (``hukm/games/<family>/``: its class
``game.py``, its bot ``bot.py``, its pictures' and captions' own words
``presentation.py``, its observation type ``observation.py`` and its option notes
``options.py``), and this one line per family, which makes them known to the generic
modules (:mod:`hukm._families`). A new game adds its folder and its line here."""

from __future__ import annotations

from .._families import install
from . import dashavatara, dugi, ganjifa, hokm, naqsh, thunee, twenty_eight
from .dashavatara import Dashavatara
from .dugi import Dugi
from .ganjifa import Ganjifa
from .hokm import Hokm
from .naqsh import Naqsh
from .thunee import Thunee
from .twenty_eight import TwentyEight

install(m.FAMILY for m in (dashavatara, dugi, ganjifa, hokm, naqsh, thunee, twenty_eight))

__all__ = ["Dashavatara", "Dugi", "Ganjifa", "Hokm", "Naqsh", "Thunee", "TwentyEight"]
