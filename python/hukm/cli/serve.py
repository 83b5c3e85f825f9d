"""``hukm serve``: the web page on a local server."""

from __future__ import annotations

import argparse

from .. import _errors


def run(args: argparse.Namespace) -> int:
    """``hukm serve``: the web page on a local server until Ctrl-C."""
    try:
        from ..web import serve
    except ImportError as e:
        raise _errors.StateError(f'the page needs its server: pip install "hukm[web]" ({e})') from None
    if args.port > 65535:
        raise _errors.StateError(f"--port {args.port} out of range 1..65535")
    serve(args.host, args.port, open_browser=args.open)
    return 0
