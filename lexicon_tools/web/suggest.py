"""Suggestions for refused words: one search at a time in a worker thread, behind a bounded queue.

A suggestion is a search over every legal word (`Lexicon.suggest`, rapidfuzz: 3-12 ms for the
default Wortspieler lexicon, about 20 ms for SmartFeud's), against microseconds for a verdict. So
the page asks for the verdicts first and the suggestions of the refused words in a second request,
and the searches run here, off the event loop, one at a time: a burst of misspellings then takes
one core's share at most and the verdicts of every other client keep their turn. With more than
`max_pending` searches waiting a request is refused at once (`Busy`; the API answers the verdicts
marked ``"busy": true``) instead of growing an ever longer queue.

Why a thread and not a worker process, measured with `bench/serve_load.py` in interleaved runs on
the shared 2-core machine (load average 8-9): a spawned worker process, with its own copy of the
lexicon, gave the suggestions a scheduler share of their own and took it from the verdicts — verdict
p99 162-666 ms against 29-212 ms with the thread — for 70 MB more memory. Lowering the worker's
priority (nice 10) did not close the gap.
"""

from __future__ import annotations

from typing import Any

from anyio import CapacityLimiter, to_thread

from lexicon_tools.web.table import check_words


class Busy(Exception):
    """More suggestion searches are waiting than can be answered soon."""


class Suggester:
    def __init__(self, lexicon: Any, max_pending: int = 64):
        self.lexicon = lexicon
        self.max_pending = max_pending
        self.pending = 0
        self._limiter: CapacityLimiter | None = None    # made on first use: it belongs to the running loop

    async def check(self, words: list[str], suggestions: int) -> list[dict[str, Any]]:
        if self.pending >= self.max_pending:
            raise Busy()
        if self._limiter is None:
            self._limiter = CapacityLimiter(1)
        self.pending += 1
        try:
            return await to_thread.run_sync(check_words, self.lexicon, words, suggestions, limiter=self._limiter)
        finally:
            self.pending -= 1
