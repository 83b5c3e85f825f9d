"""A pack as the engine lays it out, and how each suit is shown.

Every fact about the cards comes from ``State.layout`` / ``Game.layout``: the pack's name,
its suits ``[(code, name)]`` in notation order and its cards
``[(card, suit index, rank label, strength)]``. The only thing added here is display
convention: each suit's colour and emblem, chosen by the suit's code from the tables
below (``FRENCH``, ``MOGHUL``, ``DASHAVATARA``), or by its position in the pack
(``FALLBACK``) for a code none of them knows.

>>> import hukm
>>> p = pack_of(hukm.game("ganjifa")._game.layout)
>>> p.kind, p.style(0).emblem, p.cards_of_hand("KV9.......", "seat 0")
('round', 'ghulam', ['KGH', 'VGH', '9GH'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Protocol

from ._errors import NotationError

Layout = tuple[str, list[tuple[str, str]], list[tuple[str, int, str, int]]]
"""What ``State.layout`` gives: (pack name, suits, cards)."""


@dataclass(frozen=True)
class SuitStyle:
    """How one suit is drawn."""

    colour: str
    """The emblem's and the rank's colour (for French suits: the glyph's colour)."""
    tint: str
    """The card's background."""
    emblem: str
    """An emblem of :mod:`hukm.svg.faces` (``spade`` ... for French suits)."""
    glyph: str = ""
    """The suit's character in text (French suits only)."""


RED, BLACK, BLUE, GREEN = "#c8102e", "#1a1a1a", "#1f5fbf", "#1e7b34"

FRENCH: dict[str, tuple[str, str, str]] = {
    "S": ("♠", BLACK, BLACK),
    "H": ("♥", RED, RED),
    "D": ("♦", RED, BLUE),
    "C": ("♣", BLACK, GREEN),
}
"""French suits: glyph, colour in the two-colour pack, colour in the four-colour pack."""

_FRENCH_EMBLEM = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}

MOGHUL: dict[str, SuitStyle] = {
    "GH": SuitStyle("#6b3fa0", "#f1eafa", "ghulam"),  # Ghulam, slave: a figure, violet
    "TJ": SuitStyle("#b03a2e", "#fbeae8", "taj"),  # Taj, crown: red
    "SM": SuitStyle("#1f5f8b", "#e6f0f7", "shamsher"),  # Shamsher, sword: steel blue
    "SF": SuitStyle("#5f6a6a", "#f2f4f4", "coin"),  # Zar-e Safid, silver coin: grey
    "SR": SuitStyle("#b7860b", "#fdf5e1", "coin_ring"),  # Zar-e Surkh, gold coin: gold
    "CH": SuitStyle("#1e7b34", "#e8f5ec", "harp"),  # Chang, harp: green
    "BA": SuitStyle("#8e5a2b", "#f6ede4", "scroll"),  # Barat, document: brown
    "QM": SuitStyle("#c2185b", "#fce8f0", "bale"),  # Qomash, cloth: magenta
}
"""The eight Moghul suits (``docs/rules/ganjifa.md``): colour, background, emblem."""

DASHAVATARA: dict[str, SuitStyle] = {
    "MA": SuitStyle("#1565c0", "#e7f0fb", "fish"),  # Matsya, fish
    "KU": SuitStyle("#2e7d32", "#e9f5ea", "tortoise"),  # Kurma, tortoise
    "VA": SuitStyle("#6d4c41", "#f3ece9", "tusk"),  # Varaha, boar
    "NA": SuitStyle("#e65100", "#fdf0e4", "mane"),  # Narasimha, lion
    "VM": SuitStyle("#00838f", "#e2f4f5", "parasol"),  # Vamana, parasol
    "PA": SuitStyle("#b71c1c", "#fbe9e9", "axe"),  # Parashurama, axe
    "RA": SuitStyle("#9e7c00", "#fcf6dc", "bow"),  # Rama, bow
    "KR": SuitStyle("#283593", "#e9eaf7", "discus"),  # Krishna, discus
    "BU": SuitStyle("#ad1457", "#fbe8f0", "lotus"),  # Buddha, lotus
    "KA": SuitStyle("#37474f", "#eceff1", "horse"),  # Kalki, horse (a sword)
}
"""The ten avatar suits (``docs/rules/dashavatara.md``): colour, background, emblem."""

FALLBACK: tuple[SuitStyle, ...] = (
    SuitStyle("#6b3fa0", "#f1eafa", "dot"),
    SuitStyle("#b03a2e", "#fbeae8", "square"),
    SuitStyle("#1f5f8b", "#e6f0f7", "triangle"),
    SuitStyle("#5f6a6a", "#f2f4f4", "ring"),
    SuitStyle("#b7860b", "#fdf5e1", "dot"),
    SuitStyle("#1e7b34", "#e8f5ec", "square"),
    SuitStyle("#8e5a2b", "#f6ede4", "triangle"),
    SuitStyle("#c2185b", "#fce8f0", "ring"),
    SuitStyle("#00838f", "#e2f4f5", "dot"),
    SuitStyle("#37474f", "#eceff1", "square"),
)
"""Styles by position, for a suit code none of the tables knows."""


@dataclass(frozen=True)
class CardInfo:
    """One card of the layout."""

    card: str
    suit: int
    rank: str
    strength: int

    @property
    def shown(self) -> str:
        """The rank as printed on the card: ``10`` for ``T``, else the rank label."""
        return "10" if self.rank == "T" else self.rank


class Pack:
    """A layout read once: cards by string, by (suit, rank), per suit in order."""

    def __init__(self, layout: Layout) -> None:
        name, suits, cards = layout
        self.name = name
        self.suits: list[tuple[str, str]] = [(str(c), str(n)) for c, n in suits]
        self.cards: list[CardInfo] = [CardInfo(c, s, r, st) for c, s, r, st in cards]
        self.by_card: dict[str, CardInfo] = {}
        self.copies: dict[str, int] = {}
        self.by_rank: list[dict[str, str]] = [{} for _ in self.suits]
        for ci in self.cards:
            self.by_card.setdefault(ci.card, ci)
            self.copies[ci.card] = self.copies.get(ci.card, 0) + 1
            self.by_rank[ci.suit][ci.rank] = ci.card
        self.codes = [c for c, _ in self.suits]
        self.kind = "french" if all(c in FRENCH for c in self.codes) else "round"
        self._styles = [self._style_of(i, c) for i, c in enumerate(self.codes)]

    def _style_of(self, index: int, code: str) -> SuitStyle:
        if self.kind == "french":
            glyph, colour, _ = FRENCH[code]
            return SuitStyle(colour, "#ffffff", _FRENCH_EMBLEM[code], glyph)
        table = DASHAVATARA if code in DASHAVATARA and code not in MOGHUL else MOGHUL
        return table.get(code) or FALLBACK[index % len(FALLBACK)]

    def style(self, suit: int, four_colour: bool = False) -> SuitStyle:
        """The style of suit ``suit`` (French suits in four colours on request)."""
        st = self._styles[suit]
        if four_colour and self.kind == "french":
            glyph, _, colour4 = FRENCH[self.codes[suit]]
            return SuitStyle(colour4, st.tint, st.emblem, glyph)
        return st

    def suit_index(self, code: str) -> Optional[int]:
        """The position of suit ``code`` in the pack, or ``None``."""
        return self.codes.index(code) if code in self.codes else None

    def suit_label(self, code: str) -> str:
        """A suit for text: ``♥ hearts`` (French) or ``Taj (TJ)``.

        >>> import hukm
        >>> pack_of(hukm.game("hokm4")._game.layout).suit_label("H")
        '♥ hearts'
        """
        i = self.suit_index(code)
        if i is None:
            return code
        if self.kind == "french":
            return f"{FRENCH[code][0]} {self.suits[i][1]}"
        return f"{self.suits[i][1]} ({code})"

    def is_card(self, s: str) -> bool:
        """Whether ``s`` is a card of this pack."""
        return s in self.by_card

    def cards_of_hand(self, compact: str, where: str) -> list[str]:
        """The cards of a compact hand (suits in pack order joined by ``.``, ranks
        strongest first; ``-`` for an empty suit), in that order.

        A bad hand raises :class:`hukm.NotationError` naming ``where`` and the problem.
        """
        groups = compact.split(".")
        if len(groups) != len(self.suits):
            raise NotationError(
                f"{where}: hand {compact!r} has {len(groups)} suit group(s); "
                f"the {self.name} pack has {len(self.suits)} ({' '.join(self.codes)})"
            )
        out: list[str] = []
        for s, g in enumerate(groups):
            if g == "-":
                continue
            ranks = self.by_rank[s]
            for ch in g:
                card = ranks.get(ch)
                if card is None:
                    raise NotationError(
                        f"{where}: {ch!r} is not a rank of suit {self.codes[s]} "
                        f"(ranks: {''.join(ranks)})"
                    )
                out.append(card)
        return out

    def order(self, card: str) -> tuple[int, int]:
        """A sort key: suits in pack order, strongest first."""
        ci = self.by_card[card]
        return (ci.suit, -ci.strength)


_CACHE: dict[tuple[object, ...], Pack] = {}


def card_text(pack: Pack, card: str) -> str:
    """A card for text: ``K♣`` for a French card, else its notation."""
    ci = pack.by_card.get(card)
    if ci is None or pack.kind != "french":
        return card
    return ci.shown + pack.style(ci.suit).glyph


def pack_of(layout: Layout) -> Pack:
    """The :class:`Pack` of a layout (made once per distinct layout: the key is the
    pack's name, its suits and every card's strength, so reversed suits differ)."""
    name, suits, cards = layout
    key = (name, tuple(suits), tuple(c[3] for c in cards))
    p = _CACHE.get(key)
    if p is None:
        p = _CACHE[key] = Pack(layout)
    return p


class HasLayout(Protocol):
    """A ``State`` or a native ``Game``: a preset, its options and its pack's layout."""

    @property
    def preset(self) -> str: ...
    @property
    def options(self) -> list[tuple[str, str]]: ...
    @property
    def layout(self) -> Layout: ...


_BY_GAME: dict[tuple[str, tuple[tuple[str, str], ...]], Pack] = {}


def pack_of_game(source: HasLayout) -> Pack:
    """The pack of a state's or a game's game, cached by preset and options (no layout is
    read when cached)."""
    key = (source.preset, tuple(source.options))
    p = _BY_GAME.get(key)
    if p is None:
        p = _BY_GAME[key] = pack_of(source.layout)
    return p
