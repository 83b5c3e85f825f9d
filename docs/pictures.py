"""Writes every picture of the documentation's pages as SVG files (and PNG with
``--png``, which needs ``pip install ".[png]"``).

The pages draw their pictures while the site builds: each is an example that makes a
real position (``new_game`` or ``from_deal`` plus actions) and prints
``hukm.svg.render(...)``. This script runs the same examples outside the build, for
slides, handouts or a look at one picture::

    python docs/pictures.py OUT [--png] [--page games/hokm.md]

Files are named after the page and the picture's number on it
(``games-hokm-03.svg``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_tools"))

import snippets  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="folder to write the pictures into")
    parser.add_argument("--png", action="store_true", help="also write PNG files")
    parser.add_argument("--page", default=None, help="only this page (path under docs/)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for page in snippets.pages():
        name = page.relative_to(snippets.DOCS).as_posix()
        if args.page and name != args.page:
            continue
        number = 0
        for block, output in snippets.run_page(page, only="python").outputs:
            if not block.picture:
                continue
            number += 1
            stem = f"{name[:-3].replace('/', '-')}-{number:02d}"
            svg = output.strip()
            (out / f"{stem}.svg").write_text(svg + "\n", encoding="utf-8")
            if args.png:
                from hukm.svg.raster import write_png

                write_png(svg, str(out / f"{stem}.png"), 1280)
            written += 1
            print(f"{stem}: {block.where()}")
    print(f"{written} picture(s) in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
