"""The web page's server: a Starlette application (``pip install "hukm[web]"``).

Routes (JSON unless said otherwise; errors are ``{"error": message}`` with a 4xx status):

=======  ==================================  ==================================================
GET      ``/``                               the page (``?game=hokm4&seed=7&step=12`` opens a view)
GET      ``/static/...``                     the page's scripts and styles
GET      ``/api/i18n``                       the page's messages in ``?lang=`` (:func:`hukm.i18n.messages`)
GET      ``/api/games``                      every game and preset with its options
POST     ``/api/tables``                     a new table (:meth:`Table.create`'s fields) -> view
POST     ``/api/tables/load``                a table from a hand record or PBN text -> view
GET      ``/api/tables/{id}``                the view at ``?step=&viewer=&all=``
POST     ``/api/tables/{id}/act``            ``{"action", "step"}`` played -> view after it
POST     ``/api/tables/{id}/bot``            the bot to move plays -> view after it
GET      ``/api/tables/{id}/analysis``       the double-dummy answer at ``?step=&timeout=``
GET      ``/api/tables/{id}/review``         the review of a hand (``?hand=``) for ``?player=``'s side
GET      ``/api/tables/{id}/record``         the hand record (JSON file)
GET      ``/api/tables/{id}/pbn``            the hand as PBN (whist presets)
=======  ==================================  ==================================================

Views, analyses and reviews take ``viewer`` (a seat; a review's default is its
``player``), ``all`` (``1``: every hand face up) and ``lang`` (the language of their
words and pictures, :data:`hukm.i18n.LANGUAGES`; default English) in the query or the
body; an unknown language is a 400 naming the languages. What is sent for a viewer
holds no card he has not seen (:mod:`hukm.seen`). Views and analyses also take ``layout``:
``wide`` (default, the 16:9 table) or ``phone`` (the table laid out for a narrow screen,
:mod:`hukm.svg.compact`), which the page asks for below 760 CSS pixels; the hand record and PBN files hold
the whole hand. Each browser gets a session cookie; its tables are its own. Solves and bot
moves run on worker threads (at most :data:`WORKERS` at once), never on the thread
that answers requests, and an analysis stops after its time limit. Each analysis and
review solves on ``threads`` threads (:func:`create_app`; default: the cores this process
may use), so the server's solvers use at most ``workers * threads`` threads in all.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Awaitable, Callable, Optional

from anyio import CapacityLimiter
from anyio.to_thread import run_sync
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .._check import optional_whole
from .._errors import HukmError, SolverLimitError
from ..i18n import LANGUAGES, messages, resolve
from ..solve import default_threads
from .tables import Conflict, NotFound, RequestError, Sessions, Table, game_list

STATIC = Path(__file__).resolve().parent / "static"
"""The page's files."""

COOKIE = "hukm_session"
"""The session cookie's name."""

MAX_BODY = 1 << 20
"""The largest request body accepted, in bytes (a PBN file of a few hundred boards)."""

WORKERS = 2
"""Solves and bot moves running at once; more wait their turn."""

ANALYSIS_TIMEOUT = 10.0
"""Default time limit of an analysis, in seconds."""

MAX_TIMEOUT = 120.0
"""The longest time limit an analysis may ask for, in seconds."""

LAYOUTS = ("wide", "phone")
"""The layouts of the table picture a view may ask for."""


def _query_int(request: Request, key: str, lo: int, hi: Optional[int] = None) -> Optional[int]:
    raw = request.query_params.get(key)
    if raw is None or raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        raise RequestError(f"{key}: expected a whole number, got {raw!r}") from None
    if value < lo or (hi is not None and value > hi):
        raise RequestError(f"{key}: {value} out of range")
    return value


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, at most :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise HTTPException(413, f"request body larger than {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise HTTPException(413, f"request body larger than {MAX_BODY} bytes")
    if not data:
        return {}
    try:
        value = json.loads(data)
    except (ValueError, UnicodeDecodeError) as e:
        raise RequestError(f"body: not JSON ({e})") from None
    if not isinstance(value, dict):
        raise RequestError("body: expected a JSON object")
    return value


def _lang(request: Request, body: Optional[dict[str, Any]] = None) -> str:
    """The language of a request (``lang`` of the body, then of the query; default
    English); an unknown one is a :class:`RequestError` naming the languages."""
    raw: Any = (body or {}).get("lang", request.query_params.get("lang", "en"))
    if raw in (None, ""):
        return "en"
    if not isinstance(raw, str) or len(raw) > 16:
        raise RequestError(f"lang: expected a language code, got {raw!r}")
    try:
        return resolve(raw)
    except HukmError:
        raise RequestError(f"lang: unknown language {raw!r}; languages: {', '.join(LANGUAGES)}") from None


def _view_args(request: Request, body: Optional[dict[str, Any]] = None) -> tuple[Optional[int], bool, str]:
    """The viewer, show-all switch and language of a view request (body first, then
    query)."""
    body = body or {}
    viewer: Any = body.get("viewer", request.query_params.get("viewer", "0"))
    if viewer in (None, "", "none"):
        viewer = None
    elif isinstance(viewer, str):
        try:
            viewer = int(viewer)
        except ValueError:
            raise RequestError(f"viewer: expected a seat, got {viewer!r}") from None
    show = body.get("all", request.query_params.get("all", "0"))
    return viewer, show in (True, 1, "1", "true", "on"), _lang(request, body)


def _layout(request: Request, body: Optional[dict[str, Any]] = None) -> str:
    """How the pictures of a request are laid out: ``wide`` (default) or ``phone``
    (:mod:`hukm.svg.compact`, for a narrow screen); anything else is a
    :class:`RequestError` naming the two."""
    raw: Any = (body or {}).get("layout", request.query_params.get("layout", "wide"))
    if raw in (None, ""):
        return "wide"
    if raw not in LAYOUTS:
        raise RequestError(f"layout: expected one of {', '.join(LAYOUTS)}, got {raw!r}")
    return str(raw)


class _Sessions(BaseHTTPMiddleware):
    """Gives each browser a session id in a cookie (HttpOnly, SameSite=Strict)."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        sid = request.cookies.get(COOKIE)
        fresh = sid is None or not (16 <= len(sid) <= 64)
        if fresh:
            sid = Sessions.new_id()
        request.state.session = sid
        response = await call_next(request)
        if fresh:
            response.set_cookie(COOKIE, sid or "", httponly=True, samesite="strict")
        return response


def create_app(*, sessions: Optional[Sessions] = None, workers: int = WORKERS,
               threads: Optional[int] = None) -> Starlette:
    """The page's ASGI application (serve it with uvicorn: ``hukm serve``): at most
    ``workers`` solves and bot moves at once, each analysis and review on ``threads``
    threads (default: :func:`hukm.default_threads`).

    >>> from starlette.testclient import TestClient
    >>> client = TestClient(create_app())
    >>> view = client.post("/api/tables", json={"game": "hokm4", "seed": 7, "viewer": 3}).json()
    >>> view["steps"], view["phase"], view["current_player"], len(view["legal"])
    (0, 'trump', 3, 4)
    """
    store = sessions or Sessions()
    limiter = CapacityLimiter(workers)
    solver_threads = optional_whole(threads, "threads", 1, 1024) or default_threads()

    async def heavy(fn: Callable[[], Any]) -> Any:
        return await run_sync(fn, limiter=limiter)

    def table_of(request: Request) -> Table:
        return store.get(request.state.session, request.path_params["table"])

    def view(table: Table, request: Request, step: Optional[int] = None,
             body: Optional[dict[str, Any]] = None) -> JSONResponse:
        viewer, show, lang = _view_args(request, body)
        return JSONResponse(table.view(step, viewer, show, lang, _layout(request, body)))

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def api_games(request: Request) -> Response:
        return JSONResponse(_games(_lang(request)))

    async def api_i18n(request: Request) -> Response:
        lang = _lang(request)
        return JSONResponse({**messages(lang, ("words", "web")), "fonts": LANGUAGES[lang].fonts,
                             "languages": [{"code": c, "name": x.name} for c, x in LANGUAGES.items()]},
                            headers={"Cache-Control": "no-cache"})

    async def api_create(request: Request) -> Response:
        body = await _body(request)
        table = await heavy(lambda: Table.create(body))
        store.add(request.state.session, table)
        return view(table, request, _step_of(body, table), body)

    async def api_load(request: Request) -> Response:
        body = await _body(request)
        table = await heavy(lambda: Table.load(body))
        store.add(request.state.session, table)
        return view(table, request, _step_of(body, table), body)

    async def api_view(request: Request) -> Response:
        table = table_of(request)
        return view(table, request, _query_int(request, "step", 0))

    async def api_act(request: Request) -> Response:
        body = await _body(request)
        table = table_of(request)
        step = table.act(body.get("action"), body.get("step"))
        return view(table, request, step, body)

    async def api_bot(request: Request) -> Response:
        body = await _body(request)
        table = table_of(request)
        step = await heavy(table.bot_move)
        return view(table, request, step, body)

    async def api_analysis(request: Request) -> Response:
        table = table_of(request)
        step = _query_int(request, "step", 0)
        raw = request.query_params.get("timeout")
        try:
            timeout = ANALYSIS_TIMEOUT if raw in (None, "") else float(raw or "")
        except ValueError:
            raise RequestError(f"timeout: expected seconds, got {raw!r}") from None
        if not 0 < timeout <= MAX_TIMEOUT:
            raise RequestError(f"timeout: expected seconds in (0, {MAX_TIMEOUT:g}], got {raw}")
        viewer, show, lang = _view_args(request)
        layout = _layout(request)
        try:
            answer = await heavy(lambda: table.analysis(step, timeout, viewer, show, lang, solver_threads, layout))
        except SolverLimitError:
            # The analysis's own limit (its best line runs on what is left of it).
            return JSONResponse({"status": "timeout", "message": str(SolverLimitError.time_limit(timeout))})
        except RequestError:
            raise
        except HukmError as e:  # a position the solver does not take (an auction, a size)
            return JSONResponse({"status": "unavailable", "message": str(e)})
        return JSONResponse({"status": "ok", **answer})

    async def api_review(request: Request) -> Response:
        table = table_of(request)
        player = _query_int(request, "player", 0, table.game.num_players - 1) or 0
        # shown to the seat reviewed unless the request names another viewer (or all=1)
        viewer, show, lang = _view_args(request, {"viewer": request.query_params.get("viewer", str(player))})
        hand = _query_int(request, "hand", 1, 1 << 20)
        return JSONResponse(await heavy(lambda: table.review(player, ANALYSIS_TIMEOUT, lang, viewer, show,
                                                             solver_threads, hand)))

    async def api_record(request: Request) -> Response:
        table = table_of(request)
        text = table.record().to_json(indent=2)
        name = f"{table.game.preset}-{table.id}.json"
        return Response(text, media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def api_pbn(request: Request) -> Response:
        table = table_of(request)
        text = await heavy(table.pbn)
        name = f"{table.game.preset}-{table.id}.pbn"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def on_library_error(request: Request, exc: Exception) -> Response:
        status = 404 if isinstance(exc, NotFound) else 409 if isinstance(exc, Conflict) else 400
        return JSONResponse({"error": str(exc)}, status_code=status)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    routes = [
        Route("/", index),
        Route("/api/i18n", api_i18n),
        Route("/api/games", api_games),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables/load", api_load, methods=["POST"]),
        Route("/api/tables/{table}", api_view),
        Route("/api/tables/{table}/act", api_act, methods=["POST"]),
        Route("/api/tables/{table}/bot", api_bot, methods=["POST"]),
        Route("/api/tables/{table}/analysis", api_analysis),
        Route("/api/tables/{table}/review", api_review),
        Route("/api/tables/{table}/record", api_record),
        Route("/api/tables/{table}/pbn", api_pbn),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        HukmError: on_library_error,
        HTTPException: on_http_error,
    }
    return Starlette(routes=routes, middleware=[Middleware(_Sessions)],
                     exception_handlers=handlers)


@lru_cache(maxsize=None)
def _games(lang: str) -> list[dict[str, Any]]:
    """The game list in ``lang`` (made once per language)."""
    return game_list(lang)


def _step_of(body: dict[str, Any], table: Table) -> Optional[int]:
    """The step a new table opens at: ``step`` of the request, else the last."""
    step = body.get("step")
    if step is None:
        return None
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= table.steps:
        raise RequestError(f"step: expected 0..{table.steps}, got {step!r}")
    return step


def serve(host: str = "127.0.0.1", port: int = 8765, *, open_browser: bool = False,
          threads: Optional[int] = None) -> None:
    """Serves the page with uvicorn until Ctrl-C; ``open_browser`` opens it in the
    default browser once the server listens; ``threads``: each analysis's (see
    :func:`create_app`)."""
    import threading
    import webbrowser

    import uvicorn

    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    print(f"hukm: serving on {url} (Ctrl-C to stop)", flush=True)
    uvicorn.run(create_app(threads=threads), host=host, port=port, log_level="warning")
