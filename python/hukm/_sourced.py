"""A hand record read from a file (PBN, LIN) that keeps what it was read from."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar

from .record import HandRecord

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
