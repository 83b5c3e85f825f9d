"""``hukm serve``: the web page on a local server."""

from __future__ import annotations

import argparse

from .. import _errors
from .args import lang_of


def page_url(host: str, port: int, lang: str) -> str:
    """The page's address on this machine, in ``lang`` (the page reads ``?lang=``; English
    needs none).

    >>> page_url("0.0.0.0", 8765, "fa")
    'http://127.0.0.1:8765/?lang=fa'
    """
    where = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return f"http://{where}:{port}/" + ("" if lang == "en" else f"?lang={lang}")


def run(args: argparse.Namespace) -> int:
    """``hukm serve``: the web page on a local server until Ctrl-C; ``--open`` opens it in
    the language of ``--lang`` (``$HUKM_LANG``, else English)."""
    lang = lang_of(args)
    try:
        from ..web import serve
    except ImportError as e:
        raise _errors.StateError(f'the page needs its server: pip install "hukm[web]" ({e})') from None
    if args.port > 65535:
        raise _errors.StateError(f"--port {args.port} out of range 1..65535")
    if lang != "en":
        import threading
        import webbrowser

        url = page_url(args.host, args.port, lang)
        print(f"hukm: the page in {lang}: {url}", flush=True)
        if args.open:
            threading.Timer(1.0, webbrowser.open, args=(url,)).start()
        serve(args.host, args.port, open_browser=False, threads=args.threads)
        return 0
    serve(args.host, args.port, open_browser=args.open, threads=args.threads)
    return 0
