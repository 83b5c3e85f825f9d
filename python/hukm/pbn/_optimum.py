"""PBN's seats and strains, and the ``OptimumResultTable`` read into DDS's declarer
layout (a (5, 4) array: rows S, H, D, C, NT; columns declarer N, E, S, W) from a tag's
value and its data rows. It needs nothing of the document model, so a document's game
(``PbnGame.dd_table``) and the record reader both read their tables here.

>>> t = read_table("OptimumResultTable", "Declarer;Denomination;Result", 1, [(2, ["N", "NT", "7"])])
>>> t is None  # one cell of twenty
True
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import numpy.typing as npt

from .._errors import NotationError

SEATS = "NESW"
"""PBN's seats in hukm's seat order: ``SEATS[seat]`` is the compass point of ``seat``."""

STRAINS = ("S", "H", "D", "C", "NT")
"""The strains in DDS's order: the rows of a declarer-layout table."""

Table = npt.NDArray[np.int32]


def fail(line: int, tag: Optional[str], message: str) -> NotationError:
    """The error of a PBN file's ``line`` (in tag ``tag``, when one is named)."""
    where = f"line {line}: [{tag}] " if tag else f"line {line}: "
    return NotationError(f"PBN {where}{message}")


def read_table(name: str, value: str, line: int, rows: Sequence[tuple[int, list[str]]]) -> Optional[Table]:
    """A declarer-layout table from tag ``name``'s ``value`` (its columns) and its data
    ``rows`` (line number and tokens; any row order), or ``None`` when some cell is
    missing."""
    cols = [c.split("\\")[0].strip().lower() for c in value.split(";")]
    try:
        di, si, ri = cols.index("declarer"), cols.index("denomination"), cols.index("result")
    except ValueError:
        raise fail(line, name, f"columns {value!r}: need Declarer, Denomination and Result") from None
    table = np.full((5, 4), -1, dtype=np.int32)
    for number, tokens in rows:
        if len(tokens) != len(cols):
            raise fail(number, name, f"row {' '.join(tokens)!r} has {len(tokens)} cells, the columns are {len(cols)}")
        d, s, r = tokens[di].upper(), tokens[si].upper(), tokens[ri]
        s = "NT" if s == "N" else s
        if d not in SEATS or s not in STRAINS or not r.isdigit():
            raise fail(number, name, f"row {' '.join(tokens)!r}: give a declarer (N E S W), a strain and tricks")
        table[STRAINS.index(s), SEATS.index(d)] = int(r)
    return None if (table < 0).any() else table


__all__ = ["SEATS", "STRAINS", "Table", "fail", "read_table"]
