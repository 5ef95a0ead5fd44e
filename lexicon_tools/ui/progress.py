"""Progress bars for long operations, drawn on stderr with `rich.progress`.

rich comes with typer, so it costs no new dependency, and it brings what the
hand-written bar lacked: an ETA, a spinner while the total is unknown, and a
terminal-aware console. The bar is drawn only when stderr is a terminal (or
``LEXICON_TOOLS_PROGRESS=1`` forces it, e.g. in tests); in a pipe or in CI it
writes nothing at all, so redirected output never holds escape codes. rich is
imported only when a bar is drawn: `check`/`judge` never import it.

The bar refreshes from `advance` at most every `min_interval` seconds instead of
from rich's refresh thread, so no thread runs while `play` forks its workers.
Usage (the API callers rely on)::

    with Progress("import", total=n) as bar:
        for item in items:
            bar.advance()
"""

from __future__ import annotations

import os
import sys
import time


def _enabled(stream, enabled: bool | None) -> bool:
    if enabled is not None:
        return enabled
    return os.environ.get("LEXICON_TOOLS_PROGRESS") == "1" or bool(getattr(stream, "isatty", lambda: False)())


class Progress:
    def __init__(self, label: str, total: int | None = None, enabled: bool | None = None,
                 stream=None, min_interval: float = 0.2):
        self.label = label
        self.total = total
        self.count = 0
        self.stream = stream or sys.stderr
        self.enabled = _enabled(self.stream, enabled)
        self._interval = min_interval
        self._last = 0.0
        self._bar = self._task = None
        if self.enabled:
            self._start_bar()

    def _start_bar(self) -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress as RichProgress, SpinnerColumn,
                                   TextColumn, TimeElapsedColumn, TimeRemainingColumn)

        terminal = bool(getattr(self.stream, "isatty", lambda: False)())
        # Forced onto a non-terminal (LEXICON_TOOLS_PROGRESS=1): plain text, no colour or cursor codes.
        console = Console(file=self.stream, force_terminal=terminal, no_color=not terminal, highlight=False)
        # A known total: bar, count of total and ETA. Unknown: the spinner turns and the count grows.
        counted = [BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()] if self.total else \
            [TextColumn("{task.completed:,}")]
        columns = [SpinnerColumn(), TextColumn("{task.description}"), *counted, _rate_column(), TimeElapsedColumn()]
        self._bar = RichProgress(*columns, console=console, auto_refresh=False, transient=False)
        self._task = self._bar.add_task(self.label, total=self.total)
        self._bar.start()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def advance(self, n: int = 1) -> None:
        self.count += n
        if self._bar is not None:
            self._bar.update(self._task, advance=n)
            now = time.perf_counter()
            if now - self._last >= self._interval:
                self._last = now
                self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            bar, self._bar = self._bar, None
            bar.update(self._task, completed=self.count)
            bar.refresh()
            bar.stop()
        self.enabled = False


def _rate_column():
    """Items per second over the whole run (rich's own speed column averages a short window)."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task) -> Text:
            elapsed = task.elapsed or 0.0
            rate = task.completed / elapsed if elapsed > 0 else 0.0
            return Text(f"{rate:,.0f}/s")

    return RateColumn()
