"""``hukm review``: the double-dummy review of a played hand, and its chart."""

from __future__ import annotations

import argparse

from .. import _errors
from ..svg.chart import review_chart
from ..svg.review_text import review_text
from ..svg.wording import tr_of
from .args import lang_of
from .common import read_record, write_picture


def run(args: argparse.Namespace) -> int:
    """``hukm review``: the double-dummy review of a played hand, and its chart: graded
    within ``--budget`` seconds (50 by default), or exact values only with ``--exact``."""
    from ..review import REVIEW_BUDGET, review

    lang = lang_of(args)
    try:
        marks = None if args.marks is None else [int(x) for x in args.marks.split(",")]
    except ValueError:
        raise _errors.StateError(f"--marks {args.marks!r}: three whole numbers, e.g. 1,1,2") from None
    budget = args.budget if args.budget is not None or args.exact else REVIEW_BUDGET
    r = review(read_record(args), player=args.player, timeout=args.timeout, budget=budget, marks=marks,
               lang=lang, threads=args.threads, exact=args.exact)
    print(review_text(r))
    if args.chart:
        write_picture(review_chart(r), args.chart)
        print(tr_of(lang).t("wrote {path}", path=args.chart))
    return 0
