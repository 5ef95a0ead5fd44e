"""uvicorn's httptools protocol with the bounds a table server on a shared network needs.

uvicorn's ``h11_max_incomplete_event_size`` bounds headers only for the h11 parser;
the httptools parser it actually uses (faster, and what the load benchmark
measures) buffers a header of any size: one 200 MB header was read whole and
answered 200. uvicorn also has no deadline for a request that arrives slowly, so
1,000 half-sent requests held every connection slot and every other phone got
503. This subclass adds, per connection:

* a header limit (`HEAD_LIMIT` bytes from a request's first byte to the end of
  its headers): counted as the bytes arrive, before the parser buffers them, so
  the server holds at most the limit plus one read (64 KiB) per connection, and
  answers 431 and closes;
* a request deadline (`REQUEST_TIMEOUT` seconds from a request's first byte, or
  from the connection's opening, to its last body byte): past it the request is
  answered 408 and the connection closed. Idle keep-alive connections between
  requests are closed by uvicorn's own ``timeout_keep_alive``;
* connections per client address (`PER_CLIENT`): one address holding more is
  answered 503 and closed at once, so one machine cannot take every slot of
  ``limit_concurrency``.

`bounded_protocol` makes the class with the server's settings (uvicorn takes a
protocol class as ``Config(http=...)``).
"""

from __future__ import annotations

import json
from collections import Counter

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEAD_LIMIT = 16_384          # request line and headers; browsers send 1-3 KB
REQUEST_TIMEOUT = 15.0       # seconds for one whole request, headers and body (a 128 KB state on slow Wi-Fi)
PER_CLIENT = 256             # open connections per client address (of uvicorn's limit_concurrency 1000)


def _response(status: int, reason: str, message: str, hint: str) -> bytes:
    body = json.dumps({"error": message, "hint": hint}).encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n").encode() + body


TOO_LARGE = _response(431, "Request Header Fields Too Large", f"the request's headers are longer than "
                      f"{HEAD_LIMIT:,} bytes", "Send shorter headers (cookies, URL).")
TOO_SLOW = _response(408, "Request Timeout", "the request did not arrive in time",
                     "Send the whole request at once.")
TOO_MANY = _response(503, "Service Unavailable", "this client holds too many connections",
                     "Close some connections (or tabs) and try again.")


class BoundedHttpTools(HttpToolsProtocol):
    head_limit = HEAD_LIMIT
    request_timeout = REQUEST_TIMEOUT
    per_client = PER_CLIENT
    open_per_client: Counter = Counter()     # replaced per class by `bounded_protocol`

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._in_head, self._head_bytes, self._deadline = True, 0, None
        self._address = self.client[0] if self.client else ""
        self.open_per_client[self._address] += 1
        if self.open_per_client[self._address] > self.per_client:
            return self._refuse(TOO_MANY)
        self._arm()

    def connection_lost(self, exc) -> None:
        self._disarm()
        self.open_per_client[self._address] -= 1
        if self.open_per_client[self._address] <= 0:
            del self.open_per_client[self._address]
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()      # the first byte of the next request on a keep-alive connection
        if self._in_head:
            self._head_bytes += len(data)
        super().data_received(data)
        if self._in_head and self._head_bytes > self.head_limit and not self.transport.is_closing():
            self._refuse(TOO_LARGE)

    def on_headers_complete(self) -> None:
        self._in_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        self._in_head, self._head_bytes = True, 0
        super().on_message_complete()

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.request_timeout, self._late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _late(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self._refuse(TOO_SLOW)

    def _refuse(self, response: bytes) -> None:
        self._disarm()
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True           # the app stops waiting for the rest of the body
            cycle.message_event.set()
            if cycle.response_started:          # half a response is out: close without another
                self.transport.close()
                return
        self.transport.write(response)
        self.transport.close()


def bounded_protocol(head_limit: int = HEAD_LIMIT, request_timeout: float = REQUEST_TIMEOUT,
                     per_client: int = PER_CLIENT) -> type[BoundedHttpTools]:
    """The protocol class with these bounds (and its own count of connections per client)."""
    return type("BoundedHttpTools", (BoundedHttpTools,), {
        "head_limit": head_limit, "request_timeout": request_timeout, "per_client": per_client,
        "open_per_client": Counter()})
