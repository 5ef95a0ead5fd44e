"""Suggestions for refused words, searched in a worker process so the server's event loop never waits.

A suggestion is a search over every legal word (`Lexicon.suggest`, rapidfuzz: 3-20 ms for the
default lexicons, more for larger ones). rapidfuzz holds the GIL for most of it, so in a thread of
the server it starves the event loop: with a burst of misspellings, the verdicts of every other
client (a graph walk of microseconds) waited hundreds of milliseconds behind it. A separate
process (spawned, so nothing of the server's threads is inherited) loads the same lexicon file
and answers with the same `check_words`; the operating system shares the cores fairly.

The queue is bounded: with more than `max_pending` searches waiting, a request is refused at once
(`Busy`, answered 503) instead of growing an ever longer queue; the page then shows the verdicts
without suggestions.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor
from typing import Any

_LEXICON = None


class Busy(Exception):
    """More suggestion searches are waiting than the worker can answer soon."""


def _load(path: str) -> None:
    global _LEXICON
    signal.signal(signal.SIGINT, signal.SIG_IGN)    # Ctrl-C stops the server, which stops this worker
    from lexicon_tools.io.lexfile import load_lexicon

    _LEXICON = load_lexicon(path, check_graph=False)   # the server checked the graph when it started
    _LEXICON.legal_words()


def _check(words: tuple[str, ...], suggestions: int) -> list[dict[str, Any]]:
    from lexicon_tools.web.table import check_words

    return check_words(_LEXICON, list(words), suggestions)


class SuggestionWorker:
    def __init__(self, lexicon_path: str, max_pending: int = 64):
        self.max_pending = max_pending
        self.pending = 0
        self.pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_load, initargs=(str(lexicon_path),))
        self.pool.submit(len, ()).result()     # start it and load the lexicon now, not on the first request

    async def check(self, words: list[str], suggestions: int) -> list[dict[str, Any]]:
        if self.pending >= self.max_pending:
            raise Busy()
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, _check, tuple(words), suggestions)
        finally:
            self.pending -= 1

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
