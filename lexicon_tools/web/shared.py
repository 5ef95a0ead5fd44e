"""Shared tables: one game state several phones read and write, in memory only.

A table is created on request and gets an unguessable id (`secrets.token_urlsafe`,
128 bits). The store is bounded twice: at most `max_tables` tables, and a table
untouched for `max_age` seconds is forgotten. When the store is full of live
tables a new one is refused (the caller answers 503) rather than evicting a game
in progress. Updates carry the version they were made from; a stale update is
refused with the current state, so two phones never overwrite each other
silently. The state itself is opaque JSON the page defines, bounded in size and depth.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
import time
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


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


class TableStore:
    def __init__(self, max_tables: int = 100, max_age: float = 12 * 3600, max_bytes: int = 64_000, clock=time.monotonic):
        self.max_tables, self.max_age, self.max_bytes, self.clock = max_tables, max_age, max_bytes, clock
        self._tables: dict[str, SharedTable] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def create(self, state: dict[str, Any]) -> tuple[str, int]:
        self._check(state)
        with self._lock:
            self._expire()
            if len(self._tables) >= self.max_tables:
                raise TableError(503, f"the server already keeps {self.max_tables} shared tables",
                                 hint="Play without sharing (the game stays on this phone), or try again later.")
            table_id = secrets.token_urlsafe(16)
            self._tables[table_id] = SharedTable(state, 1, self.clock())
            return table_id, 1

    def get(self, table_id: str) -> SharedTable:
        with self._lock:
            self._expire()
            table = self._tables.get(table_id) if ID_PATTERN.match(table_id) else None
            if table is None:
                raise TableError(404, "no shared table with this id (it may have expired)",
                                 hint="Share the table again from the phone that holds the game.")
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
        if _depth(state) > MAX_DEPTH:
            raise TableError(422, f"the table state is nested deeper than {MAX_DEPTH} levels")
        size = len(json.dumps(state, separators=(",", ":")))
        if size > self.max_bytes:
            raise TableError(413, f"the table state has {size:,} bytes; at most {self.max_bytes:,} are kept",
                             hint="Shorten the undo history.")

    def _expire(self) -> None:
        limit = self.clock() - self.max_age
        for key in [k for k, t in self._tables.items() if t.touched < limit]:
            del self._tables[key]
