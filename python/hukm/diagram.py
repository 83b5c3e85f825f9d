"""Deprecated alias of :mod:`hukm.cli.diagram` (the text diagrams of deals moved into the
command line's package); import from that module instead."""

from __future__ import annotations

from .cli.diagram import deal_diagram as deal_diagram
from .cli.diagram import suit_lines as suit_lines

__all__ = ["deal_diagram", "suit_lines"]
