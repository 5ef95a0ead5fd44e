"""How a job reports progress: the caller hands it a bar factory, the job never draws.

A job opens one bar per stage as ``bars(label, total=..., enabled=...)`` and calls
`advance`; the CLI passes `lexicon_tools.ui.progress.Progress`, which draws on a
terminal, and an API caller gets `NoBar`, which only counts. So jobs stay free of
terminal code and can run under a server, a notebook or a test unchanged.
"""

from __future__ import annotations

from typing import Protocol


class Bar(Protocol):
    total: int | None
    count: int

    def advance(self, n: int = 1) -> None: ...

    def close(self) -> None: ...

    def __enter__(self) -> "Bar": ...

    def __exit__(self, *exc) -> None: ...


class BarFactory(Protocol):
    def __call__(self, label: str, total: int | None = None, enabled: bool | None = None) -> Bar: ...


class NoBar:
    """A bar that draws nothing: it only counts, as `Progress` does, so callers can read `count`."""

    def __init__(self, label: str, total: int | None = None, enabled: bool | None = None):
        self.label, self.total, self.count, self.enabled = label, total, 0, False

    def __enter__(self) -> "NoBar":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def advance(self, n: int = 1) -> None:
        self.count += n

    def close(self) -> None:
        pass
