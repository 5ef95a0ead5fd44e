"""A small stderr progress bar for long operations.

Hand-written rather than a dependency because it needs only counts, rate and an
optional total, and must stay silent when stderr is not a terminal (CI, pipes)
unless forced. Usage::

    with Progress("import", total=n) as bar:
        for item in items:
            bar.advance()
"""

from __future__ import annotations

import os
import sys
import time


class Progress:
    def __init__(self, label: str, total: int | None = None, enabled: bool | None = None,
                 stream=None, min_interval: float = 0.2):
        self.label = label
        self.total = total
        self.count = 0
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = os.environ.get("LEXICON_TOOLS_PROGRESS") == "1" or bool(
                getattr(self.stream, "isatty", lambda: False)())
        self.enabled = enabled
        self._start = time.perf_counter()
        self._last = 0.0
        self._interval = min_interval

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def advance(self, n: int = 1) -> None:
        self.count += n
        if self.enabled:
            now = time.perf_counter()
            if now - self._last >= self._interval:
                self._last = now
                self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = max(now - self._start, 1e-9)
        rate = self.count / elapsed
        if self.total:
            frac = min(self.count / self.total, 1.0)
            filled = int(frac * 24)
            bar = "#" * filled + "-" * (24 - filled)
            text = f"\r{self.label}: [{bar}] {self.count:,}/{self.total:,} {rate:,.0f}/s"
        else:
            text = f"\r{self.label}: {self.count:,} {rate:,.0f}/s"
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()
            self.enabled = False
