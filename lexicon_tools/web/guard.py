"""ASGI middleware in front of the table app: Host names, body size limit and security headers.

Host names: a web page on any site can make a browser send requests to
127.0.0.1 or a LAN address under a name of the attacker's that resolves there
(DNS rebinding); only the ``Host`` header tells such a request apart. `Guard`
answers only the names the server was started for (`serve` passes the
localhost names, the --host address, the address it printed and this
computer's names, plus each --allow-host): anything else is 421 with no body
read.

Plain ASGI rather than Starlette's `BaseHTTPMiddleware`, which costs a task and
a stream per request: this wrapper reads the body once (refusing it with 413
as soon as it passes the limit, whatever Content-Length claims), replays it to
the app, and adds the headers to every response, errors included, with a
``Server-Timing`` header: the time the server spent on the request (the load
benchmark compares it with what the client waited).
"""

from __future__ import annotations

import json
import time

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


class Guard:
    def __init__(self, app, max_body: int = 16_384, large_body_paths: tuple[str, ...] = (), large_body: int = 131_072,
                 hosts: frozenset[str] | None = None):
        self.app, self.max_body = app, max_body
        self.large_body_paths, self.large_body = large_body_paths, large_body
        self.hosts = None if hosts is None else frozenset(h.lower() for h in hosts)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                spent = (time.perf_counter() - started) * 1000
                headers.append((b"server-timing", f"app;dur={spent:.2f}".encode()))
                names = {name for name, _ in headers}
                headers += [h for h in SECURITY_HEADERS if h[0] not in names]
                if scope["path"].startswith("/api/") and b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message = dict(message, headers=headers)
            await send(message)

        if self.hosts is not None and host_name(scope) not in self.hosts:
            return await _json_error(send_with_headers, 421, "this server does not answer to that host name",
                                     "Open the address the server printed, or start it with --allow-host NAME.")
        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            return await self.app(scope, receive, send_with_headers)
        limit = self.large_body if scope["path"].startswith(self.large_body_paths) else self.max_body
        body = await self._read(scope, receive, limit)
        if body is None:
            return await _json_error(send_with_headers, 413, f"the request body is larger than {limit:,} bytes",
                                     "Send fewer or shorter words or tiles per request.")
        sent = False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return await self.app(scope, replay, send_with_headers)

    @staticmethod
    async def _read(scope, receive, limit: int) -> bytes | None:
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    if int(value) > limit:
                        return None
                except ValueError:
                    return None
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        return b"".join(chunks)


def host_name(scope) -> str:
    """The request's Host header without its port, lower case, without a trailing dot ("" if none)."""
    value = next((v for k, v in scope.get("headers", []) if k == b"host"), b"").decode("latin-1").strip().lower()
    if value.startswith("["):                    # [::1]:8000
        return value[1:value.find("]")] if "]" in value else ""
    if value.count(":") == 1:
        value = value.split(":", 1)[0]
    return value.rstrip(".")


async def _json_error(send, status: int, message: str, hint: str) -> None:
    body = json.dumps({"error": message, "hint": hint}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
