"""Shared pytest setup: make ``tests/`` and its folders importable (``reference``,
``battery``, the helpers of ``support/``), and let Ctrl-C reach the tests that check it.

A process started in the background by a non-interactive shell (``cmd &``, ``nohup``)
inherits SIGINT ignored; Python then installs no handler, ``_thread.interrupt_main()``
does nothing and child processes ignore SIGINT too. The tests of Ctrl-C restore the
default handler here, which child processes also get (a caught signal is reset to its
default on ``exec``).
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
FOLDERS = ("support", "games", "bots", "solve", "records", "surfaces", "package")
"""The tests by concern, and ``support`` (the helpers they share); each folder is
importable by module name (``battery``, ``test_best_line``), like ``tests/`` itself
(``reference``)."""
for folder in (TESTS, *(TESTS / f for f in FOLDERS)):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
