"""A board of bridge drawn with bridge's roles.

A board read from a PBN or LIN file of bridge is played as ``hokm4`` with every trick
played (:mod:`hukm.pbn`): the engine's Hakem is the opening leader and its dealer the
seat before him. Drawn for people, the table names bridge's roles instead, as the file
gives them (:class:`hukm._sourced.BridgeRoles`): the dealer, the declarer and his dummy, and the
contract in place of the trump. The generic pictures, page and terminal reach these
through the presentation (``board_scene``, ``board_header``; :mod:`hukm.svg.bridge`).

>>> import hukm
>>> from hukm._sourced import BridgeRoles
>>> from hukm.svg.scene import build
>>> s = hukm.Hokm(stop_rule="play_all").from_deal("A... K... Q... J...", trump="H", leader=3)
>>> sc = relabel(build(s), BridgeRoles("3", 0, 2, "4HX", 3))
>>> [[c.text for c in x.chips if c.kind == "role"] for x in sc.seats]
[['dealer', 'dummy'], [], ['declarer'], []]
>>> sc.info[1], sc.title
('Contract: 4♥ doubled, declarer S (seat 2)', 'Bridge — board 3')
"""

from __future__ import annotations

import re
from typing import Optional

from ..._sourced import BridgeRoles
from ...i18n import Translator
from ...svg.reading import Chip, Scene
from ...svg.wording import EN

__all__ = ["contract_words", "dummy_of", "header", "relabel", "seat_words"]

SEATS = "NESW"
"""Bridge's seats in play order: N is seat 0, E seat 1, S seat 2, W seat 3."""


def dummy_of(roles: BridgeRoles) -> Optional[int]:
    """The declarer's partner, whose hand is laid face up after the opening lead.

    >>> dummy_of(BridgeRoles("3", 0, 2, "4HX", 3)), dummy_of(BridgeRoles(None, 0, None, None, 1))
    (0, None)
    """
    return None if roles.declarer is None else (roles.declarer + 2) % 4


def contract_words(roles: BridgeRoles, tr: Translator = EN) -> str:
    """The contract of ``roles`` in words: ``4♥ doubled``, ``3 no trump``, ``passed out``.

    >>> contract_words(BridgeRoles(None, 0, 2, "3NTXX", 3))
    '3 no trump redoubled'
    """
    c = (roles.contract or "").upper()
    m = re.match(r"^([1-7])(S|H|D|C|NT|N)(X{0,2})$", c)
    if m is None:
        return tr.pt("bridge", "passed out") if c == "PASS" else tr.pt("bridge", "unknown")
    level, strain, dbl = m.groups()
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(strain)
    text = f"{tr.num(int(level))}{suit}" if suit else tr.pt("bridge", "{level} no trump", level=tr.num(int(level)))
    if dbl == "X":
        text = tr.pt("bridge", "{contract} doubled", contract=text)
    elif dbl == "XX":
        text = tr.pt("bridge", "{contract} redoubled", contract=text)
    return text


def seat_words(seat: int, tr: Translator = EN) -> str:
    """A seat by its compass point and number: ``S (seat 2)``."""
    return tr.pt("bridge", "{point} (seat {seat})", point=SEATS[seat], seat=tr.num(seat))


def header(roles: BridgeRoles, tr: Translator = EN) -> str:
    """The status line of a board of bridge in ``tr``'s language (its first line on the
    page and in the terminal, in place of :func:`hukm.svg.status.status_line`).

    >>> header(BridgeRoles("3", 0, 2, "4HX", 3))
    'bridge | board 3 | dealer N (seat 0) | declarer S (seat 2) | contract 4♥ doubled | opening lead W (seat 3)'
    """
    parts = [tr.pt("bridge", "bridge")]
    if roles.board:
        parts.append(tr.pt("bridge", "board {board}", board=tr.digits(roles.board)))
    if roles.dealer is not None:
        parts.append(tr.pt("bridge", "dealer {seat}", seat=seat_words(roles.dealer, tr)))
    if roles.declarer is not None:
        parts.append(tr.pt("bridge", "declarer {seat}", seat=seat_words(roles.declarer, tr)))
    if roles.contract:
        parts.append(tr.pt("bridge", "contract {contract}", contract=contract_words(roles, tr)))
    parts.append(tr.pt("bridge", "opening lead {seat}", seat=seat_words(roles.leader, tr)))
    return " | ".join(parts)


def relabel(scene: Scene, roles: BridgeRoles) -> Scene:
    """``scene`` with bridge's roles: the dealer, declarer and dummy chips in place of the
    Hakem and the engine's dealer, the contract in place of the trump line, the board in
    the title."""
    tr = scene.tr
    engine = {tr.pt("role", "Hakem"), tr.pt("role", "dealer")}
    for seat in scene.seats:
        seat.chips = [c for c in seat.chips if not (c.kind == "role" and c.text in engine)]

    def chip(seat: Optional[int], text: str) -> None:
        if seat is not None and 0 <= seat < len(scene.seats):
            scene.seats[seat].chips.insert(0, Chip(text, "role"))

    chip(dummy_of(roles), tr.pt("bridge", "dummy"))
    chip(roles.declarer, tr.pt("bridge", "declarer"))
    chip(roles.dealer, tr.pt("role", "dealer"))
    trump = tr.t("Trump: {suit}", suit="\0").split("\0")[0]
    contract = tr.pt("bridge", "Contract: {contract}", contract=contract_words(roles, tr))
    if roles.declarer is not None:
        contract = tr.pt("bridge", "{line}, declarer {seat}", line=contract, seat=seat_words(roles.declarer, tr))
    at = next((i for i, x in enumerate(scene.info) if x.startswith(trump)), None)
    if at is None:
        scene.info.insert(min(1, len(scene.info)), contract)
    else:
        scene.info[at] = contract
    scene.title = (tr.pt("bridge", "Bridge — board {board}", board=tr.digits(roles.board)) if roles.board
                   else tr.pt("bridge", "Bridge"))
    return scene
