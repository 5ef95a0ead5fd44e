"""The ASGI app behind `lexicon-tools serve`: the table page and its JSON API (FastAPI).

FastAPI rather than bare Starlette for the typed, bounded request bodies
(`web.schemas`) and the OpenAPI description other tools can read at
``/api/openapi.json``. The interactive API pages are off: they load scripts
from a CDN, and the page must work with no network. Routes are thin: each calls
one `web.table.Table` method, which calls the library (`Lexicon.check`, the
engine's `evaluate_place`). Suggestions for refused words are searched off the
event loop, one at a time (`web.suggest`), and remembered for the next phone that asks.

Every error is JSON ``{"error": ..., "hint": ...}`` with a 4xx status (a 500
says only "internal error"): no traceback, no HTML error page.
"""

from __future__ import annotations

import io
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from lexicon_tools import messages
from lexicon_tools.errors import LexiconToolsError
from lexicon_tools.web.guard import Guard
from lexicon_tools.web.offline import add_offline_routes
from lexicon_tools.web.ending import settle
from lexicon_tools.web.record import game_record
from lexicon_tools.web.schemas import (CheckRequest, EndRequest, RecordRequest, ScoreRequest, ScorelessRequest,
                                     TableCreate, TableUpdate, TilesLeftRequest)
from lexicon_tools.web.scoreless import check_scoreless
from lexicon_tools.web.shared import TableError, TableStore
from lexicon_tools.web.suggest import Busy, Suggester
from lexicon_tools.web.table import Table

STATIC = Path(__file__).parent / "static"
SUGGESTION_CACHE = 4096     # refused words whose suggestions are remembered (every phone asks about the same word)


def create_app(table: Table, store: TableStore | None = None, suggester: Suggester | None = None,
               hosts: frozenset[str] | None = None):
    """The app for one table; `store` None turns shared tables off (404); `suggester` searches the
    suggestions (default: one for the table's lexicon); `hosts` the Host names it answers (None: any, for
    in-process tests; `serve` always gives them, see `web.guard`)."""
    app = FastAPI(title="lexicon-tools at the table", version="1", docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json",
                  description="Judge words, score turns on a physical board and count the unseen tiles, with the "
                              "rules and lexicon the server was started with.")
    _errors(app)
    _pages(app)
    add_offline_routes(app, table, STATIC)     # the compact lexicon and the service worker
    _api(app, table, suggester or Suggester(table.lexicon))
    _tables(app, store)
    return Guard(app, large_body_paths=("/api/tables", "/api/score", "/api/record", "/api/scoreless"), hosts=hosts)


def _pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index():
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})


def _api(app: FastAPI, table: Table, suggester: Suggester) -> None:
    described = table.describe()
    recent: dict[tuple[str, int], dict] = {}    # (word, suggestions) -> result, oldest first

    @app.get("/api/ruleset", summary="The ruleset: board, premiums, tiles, time limits")
    async def ruleset():
        return described

    @app.get("/api/messages", summary="The page's texts from the message catalogue, per language")
    async def page_messages():
        return {"languages": list(messages.languages()), "texts": messages.page_texts()}

    @app.post("/api/check", summary="Judge words, as `lexicon-tools check --json` does")
    async def check(body: CheckRequest, request: Request):
        results = table.check(body.words, 0)      # the verdicts: a graph walk, microseconds
        count, busy = body.suggestions, False
        missing = list(dict.fromkeys(w for w, r in zip(body.words, results)
                                     if count and not r["valid"] and (w, count) not in recent))
        if missing:
            try:
                for word, found in zip(missing, await suggester.check(missing, count)):
                    recent[word, count] = found
                    if len(recent) > SUGGESTION_CACHE:
                        del recent[next(iter(recent))]
            except Busy:
                busy = True
        if count:
            results = [recent.get((w, count), r) if not r["valid"] else r for w, r in zip(body.words, results)]
        lang = language_of(request)
        results = [dict(r, explanation=messages.reason_text(r["reason"], lang)) for r in results]
        return {"results": results, "all_valid": all(r["valid"] for r in results),
                **({"busy": True} if busy else {})}

    @app.post("/api/score", summary="Validate and score one turn on the board the request describes")
    async def score(body: ScoreRequest, request: Request):
        history = None if body.history is None else [t.model_dump() for t in body.history]
        reply = table.score(body.board, body.used, [t.model_dump() for t in body.tiles], body.take, body.swap,
                            history, body.player)
        return localize_score(reply, language_of(request))

    @app.post("/api/scoreless", summary="May this seat pass, exchange or resign now (the bag as the table knows it)?")
    async def scoreless(body: ScorelessRequest, request: Request):
        reply = check_scoreless(table, body.players, [t.model_dump() for t in body.history], body.player, body.kind)
        if reply["legal"]:
            return reply
        return dict(reply, **messages.localize_error(reply["error"], reply["hint"], language_of(request)))

    @app.post("/api/end", summary="The end step: the ruleset's rack penalties and credit, and the ranking")
    async def end(body: EndRequest):
        return settle(table, body.names, body.scores, body.racks, body.went_out, body.last_placer, body.left)

    @app.post("/api/record", summary="The table's board turns as a game record (GCG) for `lexicon-tools replay`")
    async def record(body: RecordRequest):
        text = game_record(table, body.names, [t.model_dump() for t in body.history],
                           [a.model_dump() for a in body.adjustments])
        return {"gcg": text, "filename": f"{table.rules.name}-partie.gcg"}

    @app.post("/api/tiles-left", summary="The tile distribution minus the board and your rack")
    async def tiles_left(body: TilesLeftRequest):
        return table.tiles_left(body.board, body.rack)


def _tables(app: FastAPI, store: TableStore | None) -> None:
    def need_store() -> TableStore:
        if store is None:
            raise TableError(404, "shared tables are switched off on this server",
                             hint="Start it without --no-share to share a table.")
        return store

    @app.post("/api/tables", status_code=201, summary="Share a table: store its state, get an unguessable id")
    async def create(body: TableCreate, request: Request):
        table_id, version = need_store().create(body.state, request.client.host if request.client else "", body.id)
        return {"id": table_id, "version": version}

    @app.get("/api/tables/{table_id}/qr.svg", summary="A QR code (SVG) of the shared table's link on this server",
             include_in_schema=True)
    async def qr(table_id: str, request: Request):
        import segno

        need_store().get(table_id)                      # 404 for a table that is not shared here
        link = f"{request.url.scheme}://{request.headers.get('host', 'localhost')}/#table={table_id}"
        out = io.BytesIO()
        segno.make(link, error="m").save(out, kind="svg", xmldecl=False, scale=6, dark="#000", light="#fff")
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-store"})

    @app.get("/api/tables/{table_id}", summary="A shared table's state and version")
    async def read(table_id: str):
        shared = need_store().get(table_id)
        return {"id": table_id, "version": shared.version, "state": shared.state}

    @app.put("/api/tables/{table_id}", summary="Replace a shared table's state (409 if it changed meanwhile)")
    async def write(table_id: str, body: TableUpdate):
        return {"id": table_id, "version": need_store().update(table_id, body.version, body.state)}


def _errors(app: FastAPI) -> None:
    def error(status: int, message: str, hint: str = "", **extra) -> JSONResponse:
        return JSONResponse({"error": message, "hint": hint, **extra}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError):
        problems = [_describe(e) for e in exc.errors()[:10]]
        return error(422, "; ".join(problems), "See /api/openapi.json for the request format.", problems=problems)

    @app.exception_handler(LexiconToolsError)
    async def refused(request: Request, exc: LexiconToolsError):
        said = messages.localize_error(exc.message, exc.hint or "", language_of(request))
        return error(400, said.pop("error"), said.pop("hint"), **said)

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError):
        return error(exc.status, exc.message, exc.extra.pop("hint", ""), **exc.extra)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException):
        message = {404: "no such page or API route", 405: "this route does not take that method"}.get(
            exc.status_code, str(exc.detail))
        return error(exc.status_code, message, "The API is described at /api/openapi.json.")

    @app.exception_handler(Exception)
    async def crashed(_request: Request, _exc: Exception):
        return error(500, "internal error", "Please report how you got here.")


def language_of(request: Request) -> str:
    """The language the page asks for (Accept-Language; the page sends its own choice), else English."""
    return messages.language(request.headers.get("accept-language"))


def localize_score(reply: dict, lang: str) -> dict:
    """A scored turn for players in `lang`: the refusal and its hint, and each word's reason, from the catalogue
    (the engine's own text stays in ``detail``)."""
    if not reply.get("legal", True):
        return dict(reply, **messages.localize_error(reply["error"], reply.get("hint", ""), lang))
    words = [dict(w, reason=messages.reason_text(w["reason_code"], lang, w.get("lemma", "")) if w.get("reason_code")
                  else "") for w in reply.get("words", [])]
    return dict(reply, words=words)


def _describe(err: dict) -> str:
    where = ".".join(str(part) for part in err.get("loc", ()) if part != "body") or "body"
    if err.get("type") == "json_invalid":
        return "the body is not valid JSON"
    return f"{where}: {err.get('msg', 'invalid')}"
