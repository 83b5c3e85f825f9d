"""A hand record read from a file (PBN, LIN) that keeps what it was read from, and the
bridge roles of a board of bridge (:class:`BridgeRoles`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, Optional, TypeVar

from .record import HandRecord

@dataclass(frozen=True)
class BridgeRoles:
    """The roles of a board of bridge as its file gives them: the board's number, the
    dealer, the declarer and the contract (``4HX``, ``3NT``, ``Pass``), the opening
    leader (the seat after the declarer). Seats are hukm's (N = 0, E = 1, S = 2, W = 3);
    ``None`` where the file does not say.

    They are drawn in words by the game that plays the board (:mod:`hukm.svg.bridge`).

    >>> BridgeRoles("3", 0, 2, "4HX", 3).strain
    'H'
    """

    board: Optional[str]
    dealer: Optional[int]
    declarer: Optional[int]
    contract: Optional[str]
    leader: int

    @property
    def strain(self) -> Optional[str]:
        """The contract's trump (``S``, ``H``, ``D``, ``C``), ``N`` for no trump, ``None``
        without a contract."""
        m = re.match(r"^[1-7](S|H|D|C|NT|N)", (self.contract or "").upper())
        return None if m is None else m.group(1)[0]


_R = TypeVar("_R", bound="SourcedRecord")


@dataclass(frozen=True, eq=False)
class SourcedRecord(HandRecord):
    """A :class:`hukm.HandRecord` with the piece of file it was read from.

    It equals a plain record with the same fields; two records of the same class
    are equal when what they were read from (:meth:`source`) is equal too.

    >>> from hukm.pbn import loads
    >>> a, b = loads('[Board "1"]\\n[Deal "N:A... K... Q... J..."]\\n\\n[Board "2"]\\n[Deal "N:A... K... Q... J..."]\\n')
    >>> a.to_dict() == b.to_dict(), a == b, a == HandRecord.from_json(b.to_json())
    (True, False, True)
    """

    def source(self) -> Any:
        """What the record was read from (its PBN game, its LIN board)."""
        return None

    def bridge(self) -> Optional[BridgeRoles]:
        """The board's bridge roles, for a board of bridge (``None`` for a hand of hukm's
        own games written to the file)."""
        return None

    @classmethod
    def of(cls: type[_R], record: HandRecord, **source: Any) -> _R:
        """``record``'s fields with ``source`` (the subclass's own fields)."""
        own = {f.name: getattr(record, f.name) for f in fields(HandRecord)}
        return cls(**own, **source)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRecord):
            return NotImplemented
        if self.to_dict() != other.to_dict():
            return False
        return not isinstance(other, type(self)) or self.source() == other.source()

    __hash__ = HandRecord.__hash__
