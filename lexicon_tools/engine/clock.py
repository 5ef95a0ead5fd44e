"""A clock the caller controls, for turn time limits.

The engine never reads the wall clock: it asks a clock object for ``now()``
(seconds, any origin). `ManualClock` is advanced by the caller, which makes
time limits testable and lets test games simulate thinking time; a real
front-end can pass ``WallClock()``.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...


class ManualClock:
    def __init__(self, start: float = 0.0):
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot run backwards")
        self._now += seconds


class WallClock:
    def now(self) -> float:
        return time.monotonic()
