"""``python -m hukm.i18n [extract|update|compile|check|all]``: keep the catalogs.

* ``extract`` writes each domain's English template ``locale/<domain>.pot`` from the
  messages marked in the sources;
* ``update`` brings every language's ``.po`` to its template (new messages empty);
* ``compile`` writes the ``.mo`` files the package reads;
* ``check`` prints what is missing or stale and exits 1 if anything is;
* ``all`` (the default) does the first three, then ``check``.

Needs Babel: ``pip install "hukm[i18n]"``.
"""

from __future__ import annotations

import sys

from . import _tools


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "all"
    if what not in ("extract", "update", "compile", "check", "all"):
        print(f"unknown command {what!r}: extract, update, compile, check or all", file=sys.stderr)
        return 2
    if what in ("extract", "all"):
        _tools.write_templates()
    if what in ("update", "all"):
        _tools.update_catalogs()
    if what in ("compile", "all"):
        _tools.compile_catalogs()
    if what in ("check", "all"):
        bad = _tools.problems()
        for line in bad:
            print(line)
        print(f"{len(bad)} problem(s)" if bad else "catalogs complete")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
