"""The routes that let the table page work while the server is unreachable.

* ``GET /api/lexicon/compact``: the table's lexicon as a compact word set
  (`lexicon.compact`), with a strong ETag; a request whose ``If-None-Match`` holds it
  gets 304. The set is built on the first request (a quarter of a second for
  Wortspieler's 129,000 words), off the event loop, once per server.
* ``GET /sw.js``: the service worker (static/sw.js) served from the root, so its scope
  is the whole page. Its cache name carries a version: a hash of the page's static
  files, written into the script here, so a changed page means a changed worker,
  which the browser installs, and its ``activate`` drops the older caches. The files
  to cache come from the static folder itself: a new file is cached without a list
  to keep in step.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response

# answers the page fetches on load, cached by the worker next to the static files
SHELL_ROUTES = ("/", "/api/ruleset", "/api/messages")


def shell_files(static: Path) -> list[str]:
    return sorted(f"/static/{p.relative_to(static).as_posix()}" for p in static.rglob("*")
                  if p.is_file() and p.name != "sw.js" and not p.name.startswith("."))


def shell_version(static: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in static.rglob("*") if p.is_file()):
        digest.update(path.relative_to(static).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def add_offline_routes(app: FastAPI, table, static: Path) -> None:
    lock = threading.Lock()
    built: list = []

    def compact():
        with lock:
            if not built:
                from lexicon_tools.lexicon.compact import compact_set

                built.append(compact_set(table.lexicon))
            return built[0]

    script = (static / "sw.js").read_text(encoding="utf-8")
    script = (script.replace("__VERSION__", shell_version(static))
              .replace("__FILES__", json.dumps([*SHELL_ROUTES, *shell_files(static)])))

    @app.get("/api/lexicon/compact", summary="The lexicon as a compact word set for judging offline (gzip)")
    async def compact_lexicon(request: Request):
        found = built[0] if built else await asyncio.to_thread(compact)
        headers = {"etag": found.etag, "cache-control": "no-cache", "x-words": str(found.words)}
        if found.etag in [tag.strip() for tag in request.headers.get("if-none-match", "").split(",")]:
            return Response(status_code=304, headers=headers)
        return Response(found.data, media_type="application/octet-stream", headers=headers)

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker():
        return Response(script, media_type="text/javascript",
                        headers={"cache-control": "no-cache", "service-worker-allowed": "/"})
