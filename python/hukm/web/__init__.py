"""A local web page to deal, play, replay and analyse every game (``hukm serve``;
``pip install "hukm[web]"``).

The page lets you choose any game and preset of the registry with its options, deal by
seed or paste a deal, play against the bots by clicking cards and action buttons, step
back and forward (arrow keys too), show every hand, toggle the double-dummy values of
the legal cards and the best line, load and save hand records (and PBN for the whist
presets), and switch to a presentation mode for screen capture. A URL such as
``/?game=hokm4&seed=7&step=12`` opens that view.

>>> from hukm.web import create_app
>>> app = create_app()              # an ASGI application; hukm.web.serve() runs it
"""

from __future__ import annotations

from .app import create_app, serve
from .tables import Sessions, Table

__all__ = ["create_app", "serve", "Sessions", "Table"]
