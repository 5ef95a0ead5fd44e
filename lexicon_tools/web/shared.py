"""Shared tables: one game state several phones read and write, in memory only.

A table is created on request and gets an unguessable id (`secrets.token_urlsafe`,
128 bits). The store is bounded three ways: at most `max_tables` tables, at most
`per_client` of them created by one client address, and a table untouched for
`max_age` seconds is forgotten. Past either count the least recently used table
goes (of that client when it is the client's own count, else of the whole
store): a phone that keeps playing keeps its table, and one client cannot fill
the store and lock every other table out for `max_age`. Updates carry the
version they were made from; a stale update is refused with the current state,
so two phones never overwrite each other silently. A phone that kept a table while the
server was down (the store is in memory) shares it again under its old id. The state itself is opaque
JSON the page defines, bounded in size and depth, with finite numbers only
(Python's JSON parser accepts ``NaN`` and ``Infinity``, which no JSON reader,
the page's included, can read back).
"""

from __future__ import annotations

import json
import math
import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{22}$")
MAX_DEPTH = 12


class TableError(Exception):
    def __init__(self, status: int, message: str, **extra: Any):
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


@dataclass
class SharedTable:
    state: dict[str, Any]
    version: int
    touched: float
    client: str = ""


def _problem(value: Any) -> str | None:
    """Why `value` cannot be stored (too deep, a non-finite number), walked with a stack; None if fine."""
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if level > MAX_DEPTH:
            return f"the table state is nested deeper than {MAX_DEPTH} levels"
        if isinstance(item, float) and not math.isfinite(item):
            return f"the table state holds the number {item!r}; only finite numbers can be stored"
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return None


class TableStore:
    def __init__(self, max_tables: int = 100, max_age: float = 12 * 3600, max_bytes: int = 64_000,
                 clock=time.monotonic, per_client: int = 10):
        self.max_tables, self.max_age, self.max_bytes, self.clock = max_tables, max_age, max_bytes, clock
        self.per_client = per_client
        self._tables: OrderedDict[str, SharedTable] = OrderedDict()    # least recently used first
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def create(self, state: dict[str, Any], client: str = "", table_id: str | None = None) -> tuple[str, int]:
        """A new table; `table_id` restores one under its old id (a phone kept it while this server was down:
        the id came from an earlier run and is as unguessable as before), 409 with the state if it is in use."""
        self._check(state)
        with self._lock:
            self._expire()
            if table_id is not None and table_id in self._tables:
                held = self._tables[table_id]
                raise TableError(409, "a table with this id is already shared", version=held.version, state=held.state)
            own = [k for k, t in self._tables.items() if t.client == client]
            if len(own) >= self.per_client:
                del self._tables[own[0]]
            elif len(self._tables) >= self.max_tables:
                self._tables.popitem(last=False)
            table_id = table_id or secrets.token_urlsafe(16)
            self._tables[table_id] = SharedTable(state, 1, self.clock(), client)
            return table_id, 1

    def get(self, table_id: str) -> SharedTable:
        with self._lock:
            self._expire()
            table = self._tables.get(table_id) if ID_PATTERN.match(table_id) else None
            if table is None:
                raise TableError(404, "no shared table with this id (it may have expired)",
                                 hint="Share the table again from the phone that holds the game.")
            table.touched = self.clock()
            self._tables.move_to_end(table_id)
            return table

    def update(self, table_id: str, version: int, state: dict[str, Any]) -> int:
        self._check(state)
        table = self.get(table_id)
        with self._lock:
            if version != table.version:
                raise TableError(409, "the table changed on another phone", version=table.version,
                                 state=table.state)
            table.state, table.version, table.touched = state, table.version + 1, self.clock()
            return table.version

    def _check(self, state: dict[str, Any]) -> None:
        problem = _problem(state)
        if problem:
            raise TableError(422, problem, hint="Send the state as the page writes it.")
        size = len(json.dumps(state, separators=(",", ":")))
        if size > self.max_bytes:
            raise TableError(413, f"the table state has {size:,} bytes; at most {self.max_bytes:,} are kept",
                             hint="Shorten the undo history.")

    def _expire(self) -> None:
        limit = self.clock() - self.max_age
        while self._tables:
            key, oldest = next(iter(self._tables.items()))
            if oldest.touched >= limit:
                break
            del self._tables[key]
