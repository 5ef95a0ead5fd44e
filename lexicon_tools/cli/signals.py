"""SIGTERM and SIGHUP end a command the way Ctrl-C does.

While a command runs, both signals raise `Terminated` in the main thread. It is
a `BaseException`, so every ``with atomic_open(...)`` block removes its temp
file on the way out and the previous output stays; the CLI then prints one line
and exits with 128 + the signal number (143 for SIGTERM, 129 for SIGHUP), as a
shell reports a process killed by that signal. It is not a `KeyboardInterrupt`,
so code that treats Ctrl-C as "stop reading" (``judge``) still ends.

* A signal that was ignored when the command started stays ignored
  (``nohup lexicon-tools build`` keeps running after a hang-up).
* A second signal while the first one is being handled kills at once.
* Worker processes (multiprocessing, e.g. ``play --workers``) get the same
  signal first, so a pool breaks at once instead of finishing its queue while
  the command waits. They inherit the handler; in them it restores the default
  action and re-sends the signal, so workers just die.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

HANDLED = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Terminated(BaseException):
    """The process received SIGTERM or SIGHUP."""

    def __init__(self, signum: int):
        self.signum = signum
        self.name = signal.Signals(signum).name
        super().__init__(self.name)

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


@contextlib.contextmanager
def signals_raise() -> Iterator[list[int]]:
    """Install the handlers for the duration of the block (main thread only; else a no-op).

    Yields the list of signals received so far. Python swallows an exception
    raised where it cannot propagate (a fork hook, a finaliser: "Exception
    ignored in ..."); if the signal's `Terminated` was lost that way, the
    command fails later with some other error, and the caller can still see
    from the list that it was terminated. Such a lost `Terminated` is not
    printed.
    """
    if threading.current_thread() is not threading.main_thread():
        yield []
        return
    owner = os.getpid()
    fired: list[int] = []
    previous_unraisable = sys.unraisablehook

    def unraisable(info) -> None:
        if not isinstance(info.exc_value, Terminated):
            previous_unraisable(info)

    def handler(signum, _frame):
        if os.getpid() != owner or fired:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        fired.append(signum)
        _signal_children(signum)
        raise Terminated(signum)

    previous = {}
    for signum in HANDLED:
        current = signal.getsignal(signum)
        if current is signal.SIG_IGN:
            continue
        previous[signum] = current
        signal.signal(signum, handler)
    sys.unraisablehook = unraisable
    try:
        yield fired
    finally:
        sys.unraisablehook = previous_unraisable
        for signum, old in previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)


def _signal_children(signum: int) -> None:
    """Pass the signal on to this process's multiprocessing children, if it has any."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:
        return
    for child in multiprocessing.active_children():
        with contextlib.suppress(OSError, TypeError):
            os.kill(child.pid, signum)
