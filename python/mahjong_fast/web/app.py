"""The ASGI app of ``mahjong-fast serve`` (Starlette): pages, the game API and the logs.

Every refused request is a 4xx JSON error ``{"error": CODE, "message": ...}`` that changes
nothing: a malformed body or query (400 ``BAD_REQUEST``), a bad ruleset, switch or value
(400 ``BAD_RULES``, the checks of ``--rule``), an unknown game (404), a dropped one (410), a
move when the human has none to make (409), an action the engine refuses (422 with its §13
code), a log path outside ``--logs`` (403), a log too big (413) or that does not replay (422).
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import MahjongError
from ..game.actions import Action, ActionType
from ..words import LANGUAGES, Words, resolve_language
from .replays import (
    MAX_LOG_BYTES,
    Uploads,
    list_logs,
    log_file,
    read_log,
    replay_data,
    review_data,
    review_page,
)
from .session import GameError, Games, GameSettings

__all__ = ["STATIC", "create_app"]

#: the page files shipped in the wheel
STATIC = Path(str(resources.files("mahjong_fast.web") / "static"))
#: the query parameters of ``/play`` that are not switches
_PLAY_KEYS = ("rules", "seed", "lang", "mode", "pace", "opponents")
#: the largest JSON body a game request takes
_MAX_BODY = 64 * 1024


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def _bad(message: str) -> GameError:
    return GameError(400, "BAD_REQUEST", message)


async def _json_body(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > _MAX_BODY:
        raise GameError(413, "TOO_LARGE", f"the body is over {_MAX_BODY} bytes")
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise _bad("the body is not JSON") from None
    if not isinstance(data, dict):
        raise _bad("the body must be a JSON object")
    return data


def _since(request: Request) -> int:
    text = request.query_params.get("since", "0")
    if not text.isdigit() or len(text) > 9:
        raise _bad(f"since must be a whole number, not {text!r}")
    return int(text)


def settings_from(params: dict[str, Any]) -> GameSettings:
    """A new game's settings from the form or the ``/play`` query (every value as text or
    JSON): ``rules`` (a preset), ``seed``, ``lang``, ``mode`` (``deal`` | ``match``), ``pace``
    (seconds, 0..10), ``opponents`` (an AI seat kind) and each switch by its name, parsed and
    checked as ``--rule KEY=VALUE`` is. Raises GameError 400 naming the problem."""
    from ..rules import ruleset_from_options
    from ..seats import SEAT_KINDS

    name = str(params.get("rules") or "hong-kong")  # checked by the registry, as --rules is
    switches = params.get("switches") or {}
    if not isinstance(switches, dict):
        raise _bad("switches must be an object of NAME: VALUE")
    switches = {**switches, **{k: v for k, v in params.items()
                               if k not in (*_PLAY_KEYS, "switches")}}  # fmt: skip
    texts = []
    for key, value in switches.items():
        text = json.dumps(value) if isinstance(value, (bool, list, dict)) or value is None \
            else str(value)  # fmt: skip
        texts.append(f"{key}={text}")
    try:
        rules = ruleset_from_options(name, texts)
    except MahjongError as exc:
        raise GameError(400, "BAD_RULES", str(exc)) from None
    seed_text = str(params.get("seed") if params.get("seed") is not None else "").strip()
    if seed_text == "":
        seed = int.from_bytes(os.urandom(4), "little")
    elif seed_text.isdigit() and int(seed_text) < 2**64:
        seed = int(seed_text)
    else:
        raise _bad(f"seed must be a whole number 0 .. 2**64-1, not {seed_text!r}")
    try:
        lang = resolve_language(str(params.get("lang") or "en"))
    except MahjongError as exc:
        raise _bad(str(exc)) from None
    mode = str(params.get("mode") or "deal")
    if mode not in ("deal", "match"):
        raise _bad(f"mode must be deal or match, not {mode!r}")
    try:
        pace = float(params.get("pace", 0.5) if params.get("pace") not in (None, "") else 0.5)
    except (TypeError, ValueError):
        raise _bad(f"pace must be a number of seconds, not {params.get('pace')!r}") from None
    if not 0 <= pace <= 10:
        raise _bad(f"pace must be 0 .. 10 seconds, not {pace}")
    opponents = str(params.get("opponents") or "expert")
    if opponents not in SEAT_KINDS:
        raise _bad(f"unknown AI seat {opponents!r}; choose from {', '.join(SEAT_KINDS)}")
    return GameSettings(rules, seed, mode, opponents, lang, pace)


def action_from(data: dict[str, Any]) -> Action:
    """P0's action from the page's ``{"type": ..., "tiles": [ids]}`` (the engine checks whether
    it is legal). Raises GameError 400 for a body that names no action."""
    kind = data.get("type")
    try:
        atype = ActionType(kind)
    except ValueError:
        raise _bad(f"unknown action type {kind!r}") from None
    tiles = data.get("tiles", [])
    if not isinstance(tiles, list) or len(tiles) > 4:
        raise _bad("tiles must be a list of at most 4 tile ids")
    if any(type(t) is not int or not 0 <= t < 144 for t in tiles):
        raise _bad("each tile must be a tile id 0..143")
    return Action(atype, 0, tuple(tiles))


#: each language's own name on the pages' language buttons (as the reports' menu has them)
_OWN_NAMES = {"en": "English", "zh-HK": "中文（香港）", "zh-TW": "中文（台灣）"}
#: the catalogue's general keys the pages use beside its ``web:`` block
_PAGE_KEYS = ("you", "payments", "scores", "total", "result", "chosen", "expert", "loss",
              "deal_n", "deal", "language")  # fmt: skip


def _page_words(words: Words) -> dict[str, str]:
    """The strings a page uses in ``words``' language: the catalogue's ``web:`` keys (their
    terms filled in, the page fills the other fields), the game's terms and the winds (in the
    ruleset's words: its names data) and the general keys of :data:`_PAGE_KEYS`."""
    from ..words import TERM_KEYS, catalogue

    keys = {k: re.sub(r"\{t_(\w+)\}", lambda m: words.term(m.group(1)), v[words.lang])
            for k, v in catalogue().items() if k.startswith("web:")}  # fmt: skip
    keys.update({f"term:{k}": words.term(k) for k in TERM_KEYS})
    keys.update({f"wind:{i}": words.wind(i) for i in range(4)})
    keys.update({k: words(k) for k in _PAGE_KEYS})
    return keys


def _language_buttons(lang: str) -> str:
    """The page's language buttons: one radio button per language under its own name, the
    page's language checked; common.js relabels the page when another is chosen."""
    label = f'<span data-w="language">{html.escape(Words(lang)("language"))}</span>'
    buttons = "".join(
        f'<label><input type="radio" name="page-lang" id="lang-{code}" value="{code}"'
        f'{" checked" if code == lang else ""}> <span lang="{code}">{_OWN_NAMES[code]}</span>'
        "</label>"
        for code in LANGUAGES
    )
    return f'<p class="langs" role="radiogroup" aria-label="Language"><span>{label}:</span>{buttons}</p>'


def _page(name: str, lang: str, rules: Any = None, **fields: str) -> HTMLResponse:
    """A page of ``static/NAME`` in ``lang`` with its strings in every language (the page
    switches between them without a reload; the game's terms those of ``rules``' names
    data), its language buttons and ``fields`` filled in."""
    from ..render.tiles_svg import symbols

    text = (STATIC / name).read_text(encoding="utf-8")
    words = {code: _page_words(Words(code, rules)) for code in LANGUAGES}
    data = json.dumps({"lang": lang, "words": words, **fields}, ensure_ascii=False)
    data = data.replace("</", "<\\/")
    text = text.replace("{{lang}}", lang).replace("{{data}}", data)
    text = text.replace("{{langs}}", _language_buttons(lang))
    text = text.replace("{{tiles}}", f'<svg width="0" height="0" style="position:absolute">'
                                     f"{symbols(back=True)}</svg>")  # fmt: skip
    return HTMLResponse(text)


def create_app(*, logs: Path | None = None, lang: str = "en", limit: int | None = None) -> Any:
    """The app: ``logs`` the directory of saved games (None: games are not saved), ``lang``
    the pages' default language, ``limit`` the most live games (default 64)."""
    games = Games(logs) if limit is None else Games(logs, limit)
    default_lang = resolve_language(lang)

    def page_lang(request: Request) -> str:
        text = request.query_params.get("lang") or default_lang
        return text if text in LANGUAGES else default_lang

    async def healthz(request: Request) -> Response:
        return JSONResponse({"ok": True, "games": len(games)})

    async def favicon(request: Request) -> Response:
        return Response((STATIC / "icon.svg").read_bytes(), media_type="image/svg+xml")

    async def index(request: Request) -> Response:
        from ..rules import presets
        from ..seats import SEAT_KINDS

        return _page("index.html", page_lang(request),
                     presets=json.dumps(presets()), seats=json.dumps(list(SEAT_KINDS)))  # fmt: skip

    async def rules_table(request: Request) -> Response:
        from ..rules import Ruleset

        name = request.query_params.get("rules", "hong-kong")
        try:
            r = Ruleset.from_name(name)
        except MahjongError as exc:
            raise GameError(400, "BAD_RULES", str(exc)) from None
        rows: list[dict[str, Any]] = []
        for row in r.switch_table():
            allowed = row.allowed
            rows.append({
                "name": row.name,
                "kind": row.kind,
                "default": r.switches.get(row.name, row.default),
                "values": list(allowed) if isinstance(allowed, list) else None,
                "min": allowed.start if isinstance(allowed, range) else None,
                "max": allowed.stop - 1 if isinstance(allowed, range) else None,
                "doc": row.doc,
                "section": row.section,
            })  # fmt: skip
        return JSONResponse({"rules": name, "unit": r.unit, "switches": rows})

    async def new_game(request: Request) -> Response:
        game = games.new(settings_from(await _json_body(request)))
        return JSONResponse({"id": game.id, "url": f"/game/{game.id}"}, status_code=201)

    async def play(request: Request) -> Response:
        game = games.new(settings_from(dict(request.query_params)))
        return RedirectResponse(f"/game/{game.id}", status_code=303)

    async def table(request: Request) -> Response:
        game = games.get(request.path_params["gid"])
        lang = request.query_params.get("lang")  # the language chosen on a page since
        lang = lang if lang in LANGUAGES else game.settings.lang
        return _page("table.html", lang, game.settings.rules, game=game.id)

    def sync(func: Any) -> Any:
        """Run a blocking call of a game off the event loop."""
        from starlette.concurrency import run_in_threadpool

        async def call(*args: Any) -> Any:
            return await run_in_threadpool(func, *args)

        return call

    async def state(request: Request) -> Response:
        game = games.get(request.path_params["gid"])
        return JSONResponse(await sync(game.state)(_since(request)))

    async def act(request: Request) -> Response:
        game = games.get(request.path_params["gid"])
        since = _since(request)
        action = action_from(await _json_body(request))
        return JSONResponse(await sync(game.act)(action, since))

    async def next_deal(request: Request) -> Response:
        game = games.get(request.path_params["gid"])
        return JSONResponse(await sync(game.next_deal)(_since(request)))

    async def hint(request: Request) -> Response:
        game = games.get(request.path_params["gid"])
        return JSONResponse(await sync(game.hint)())

    uploads = Uploads()

    def log_bytes(request: Request) -> bytes:
        """The log a replay or review request names: ``/logs/NAME`` or ``/uploads/ID``."""
        kind, key = request.path_params["kind"], request.path_params["key"]
        if kind == "uploads":
            return uploads.get(key)
        if kind != "logs":
            raise GameError(404, "NOT_FOUND", "not found")
        path = log_file(logs, key)
        if games.playing(path):
            raise GameError(409, "GAME_IN_PROGRESS",
                            "this log's game is still being played: open it once it has ended")
        return read_log(path)

    def seat_of(request: Request) -> int | None:
        text = request.query_params.get("seat", "")
        if text == "":
            return None
        if text not in ("0", "1", "2", "3"):
            raise _bad(f"seat must be 0..3, not {text!r}")
        return int(text)

    async def logs_list(request: Request) -> Response:
        return JSONResponse({"logs": list_logs(logs)})

    async def replay_page(request: Request) -> Response:
        return _page("replay.html", page_lang(request))

    async def replay_json(request: Request) -> Response:
        data = log_bytes(request)
        return JSONResponse(await sync(replay_data)(data, page_lang(request)))

    async def review_json(request: Request) -> Response:
        data = log_bytes(request)
        return JSONResponse(await sync(review_data)(data, seat_of(request), page_lang(request)))

    async def review_html(request: Request) -> Response:
        from ..reports._page import MissingExtraError

        data = log_bytes(request)
        try:
            text = await sync(review_page)(data, seat_of(request), page_lang(request))
        except MissingExtraError as exc:
            raise GameError(501, "NO_REPORT_EXTRA", str(exc)) from None
        return HTMLResponse(text)

    async def upload(request: Request) -> Response:
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_LOG_BYTES:
                raise GameError(413, "LOG_TOO_LARGE", f"the log is over {MAX_LOG_BYTES >> 20} MB")
            chunks.append(chunk)
        key = await sync(uploads.add)(b"".join(chunks))
        return JSONResponse({"id": key, "url": f"/replay?upload={key}"}, status_code=201)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, GameError)
        return _error(exc.status, exc.code, str(exc))

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        return _error(status, "NOT_FOUND" if status == 404 else "BAD_REQUEST",
                      str(getattr(exc, "detail", "not found")))  # fmt: skip

    routes = [
        Route("/", index),
        Route("/healthz", healthz),
        Route("/favicon.ico", favicon),
        Route("/play", play),
        Route("/game/{gid}", table),
        Route("/api/rules", rules_table),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{gid}", state),
        Route("/api/games/{gid}/act", act, methods=["POST"]),
        Route("/api/games/{gid}/next", next_deal, methods=["POST"]),
        Route("/api/games/{gid}/hint", hint),
        Route("/replay", replay_page),
        Route("/api/logs", logs_list),
        Route("/api/uploads", upload, methods=["POST"]),
        Route("/api/{kind}/{key}", replay_json),
        Route("/api/{kind}/{key}/review", review_json),
        Route("/review/{kind}/{key}", review_html),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        import anyio.to_thread

        # each live game's request may wait on its game's thread: one worker each, and more
        limiter = anyio.to_thread.current_default_thread_limiter()
        limiter.total_tokens = max(limiter.total_tokens, 2 * games.limit)
        try:
            yield
        finally:
            games.close()

    app = Starlette(
        routes=routes,
        exception_handlers={GameError: refused, 404: not_found, 405: not_found},
        lifespan=lifespan,
    )
    app.state.games = games
    return app
