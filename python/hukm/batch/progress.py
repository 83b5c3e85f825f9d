"""The progress bar of ``hukm batch`` on stderr: done and total deals, rate and ETA,
drawn by ``tqdm`` when it is installed (``pip install "hukm[batch]"``), else as a plain
line of text.

>>> import io
>>> s = io.StringIO()
>>> b = PlainBar(s)
>>> b(0, 10); b(10, 10)
>>> "10/10 deals" in s.getvalue()
True
"""

from __future__ import annotations

import contextlib
import sys
import time
from typing import Any, Callable, Iterator, Optional, TextIO


class PlainBar:
    """A text progress bar: done/total, deals per second since the start (resumed deals
    excluded) and the time left."""

    def __init__(self, stream: TextIO = sys.stderr) -> None:
        self.stream = stream
        self.t0 = time.monotonic()
        self.first: Optional[int] = None
        self.open = False

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done
        width = 30
        fill = int(width * done / max(total, 1))
        el = time.monotonic() - self.t0
        rate = (done - self.first) / el if el > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else float("nan")
        self.stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} deals "
                          f"{rate:8.1f} deals/s eta {eta:7.0f}s")
        self.open = done < total
        if not self.open:
            self.stream.write("\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line if the run stopped before its end."""
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
            self.open = False


@contextlib.contextmanager
def bar(quiet: bool = False) -> Iterator[Optional[Callable[[int, int], None]]]:
    """A ``progress(done, total)`` callback drawing a bar (``None`` when ``quiet``)."""
    if quiet:
        yield None
        return
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        plain = PlainBar()
        try:
            yield plain
        finally:
            plain.close()
        return
    holder: dict[str, Any] = {}

    def update(done: int, total: int) -> None:
        if "bar" not in holder:
            holder["bar"] = tqdm(total=total, initial=done, unit="deal", dynamic_ncols=True, smoothing=0.1)
        b = holder["bar"]
        b.update(done - b.n)

    try:
        yield update
    finally:
        if "bar" in holder:
            holder["bar"].close()
