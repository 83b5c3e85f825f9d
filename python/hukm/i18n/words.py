"""The game's own words: the messages of the ``words`` catalog.

Suits (context ``suit``, keyed by the name the engine's layout gives), roles and calls,
as ``docs/glossary.md`` lists them for each language. Every surface reads them through
:meth:`hukm.i18n.Translator.suit` and :meth:`hukm.i18n.Translator.pt`; this module only
marks them for the catalogs (``python -m hukm.i18n extract``).

>>> SUITS[:4]
('spades', 'hearts', 'diamonds', 'clubs')
"""

from __future__ import annotations


def NP_(context: str, message: str) -> str:
    """Marks ``message`` in ``context`` for the catalogs; returns it unchanged."""
    return message


SUITS: tuple[str, ...] = (
    # the French pack (Hokm, Court Piece, Twenty-eight, Thunee)
    NP_("suit", "spades"), NP_("suit", "hearts"), NP_("suit", "diamonds"), NP_("suit", "clubs"),
    # the Moghul pack's eight suits (Ganjifa, Dugi, Naqsh): Persian names
    NP_("suit", "Ghulam"), NP_("suit", "Taj"), NP_("suit", "Shamsher"),
    NP_("suit", "Zar-e Safid"), NP_("suit", "Zar-e Surkh"), NP_("suit", "Chang"),
    NP_("suit", "Barat"), NP_("suit", "Qomash"),
    # the ten avatars (Dashavatara Ganjifa)
    NP_("suit", "Matsya"), NP_("suit", "Kurma"), NP_("suit", "Varaha"),
    NP_("suit", "Narasimha"), NP_("suit", "Vamana"), NP_("suit", "Parashurama"),
    NP_("suit", "Rama"), NP_("suit", "Krishna"), NP_("suit", "Buddha"), NP_("suit", "Kalki"),
)
"""Every suit name of every pack, in the engine's spelling."""

ROLES: tuple[str, ...] = (
    NP_("role", "dealer"), NP_("role", "leader"), NP_("role", "partner"), NP_("role", "bidder"),
    NP_("role", "trump maker"),
)
"""The players' roles every game may name (a game's own, such as Hokm's Hakem, are in
its folder's presentation)."""

TERMS: tuple[str, ...] = (
    NP_("term", "trump"), NP_("term", "trick"), NP_("term", "tricks"), NP_("term", "hand"),
    NP_("term", "side"), NP_("term", "points"), NP_("term", "bid"), NP_("term", "pass"),
    NP_("term", "kot"), NP_("term", "goon-kot"), NP_("term", "sar"), NP_("term", "tens"),
    NP_("term", "king"), NP_("term", "vizier"), NP_("term", "day"), NP_("term", "night"),
)
"""The words of play: trump, trick, sweep names, bidding."""
