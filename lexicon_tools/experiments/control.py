"""What stops or disturbs a running sweep: Ctrl-C and SIGTERM (`Interrupt`), and lost workers
(`WorkerWatch`).

Ctrl-C must stop a sweep within a second wherever it is — starting the cluster,
sending the lexicon, waiting for batches — and leave only whole batch files. So
the signal is raised at once in the main thread, except while a batch file is
written (a few milliseconds), and the local cluster is then killed rather than
closed (`kill_workers`): Dask's polite shutdown of a LocalCluster takes seconds
(bench/sweep_interrupt.py measures both).
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterator


class Interrupt:
    """Ctrl-C and SIGTERM during a sweep: stop at once, except while a batch file is being written.

    The first signal raises straight away wherever the main thread is — waiting on a
    future, starting the cluster, sending the lexicons — so the sweep stops within a
    fraction of a second; only inside `writing()` (a batch file and its bookkeeping,
    a few milliseconds) it is held back and raised as soon as the file is whole.
    Ctrl-C raises KeyboardInterrupt; SIGTERM goes to the handler that was installed
    before (the CLI's `Terminated`), else SystemExit(143). `signum` stays set, so
    the cluster is torn down hard on the way out (`connect`), not closed politely:
    a polite close of a LocalCluster takes seconds.
    """

    def __init__(self):
        self.signum: int | None = None
        self._writing = False
        self._previous: dict = {}

    def __enter__(self) -> Interrupt:
        if threading.current_thread() is threading.main_thread():
            self._previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
            for s in self._previous:
                signal.signal(s, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        for s, handler in self._previous.items():
            signal.signal(s, handler)

    def _handle(self, signum, _frame) -> None:
        first = self.signum is None
        self.signum = signum
        if not self._writing or not first:
            self.deliver()

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        self._writing = True
        try:
            yield
        finally:
            self._writing = False
        if self.signum is not None:
            self.deliver()

    def deliver(self) -> None:
        handler = self._previous.get(self.signum)
        if self.signum == signal.SIGINT:
            raise KeyboardInterrupt
        if callable(handler):
            handler(self.signum, None)
        raise SystemExit(128 + self.signum)


def kill_workers() -> None:
    """Kill this process's worker processes (a local cluster's, also while it is still starting)."""
    import multiprocessing

    for child in multiprocessing.active_children():
        with contextlib.suppress(OSError, ValueError):
            child.kill()


def quiet_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with its stderr on the null device, if it is not running.

    Killed workers (Ctrl-C, a lost worker) leave semaphores registered with the tracker; it
    still unlinks them when the sweep exits, but it also prints "leaked semaphore" warnings
    (and, in a race with the killed worker's own clean-up, "No such file") after the sweep's
    last line. That report is for multiprocessing's developers, not for someone who pressed
    Ctrl-C. Only the tracker's stderr changes: this process's stderr is restored at once.
    """
    import sys
    from multiprocessing import resource_tracker

    sys.stderr.flush()
    saved = os.dup(2)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        resource_tracker.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class WorkerWatch:
    """Names on stderr (through `notify`) each worker the cluster loses, with its pid and the batches it held.

    It listens to the scheduler's events (a ``remove-worker`` event lists the tasks the worker was
    processing); the scheduler itself runs those batches again elsewhere, and each batch file is
    written once, by whoever finishes it. The pids are asked of the workers when they join.
    """

    def __init__(self, client, notify: Callable[[str], None] | None):
        self.client, self.notify = client, notify
        self.events: list[dict] = []          # appended on the client's event-loop thread
        self.pids: dict[str, int] = {}
        self.fresh = True                     # workers whose pid is not known yet
        if notify is not None:
            with contextlib.suppress(Exception):
                client.subscribe_topic("all", self._event)

    def _event(self, event) -> None:
        msg = event[1] if isinstance(event, tuple) and len(event) == 2 else event
        if isinstance(msg, dict) and msg.get("action") in ("add-worker", "remove-worker"):
            self.events.append(msg)

    def check(self, running: dict) -> None:
        if self.notify is None:
            return
        if self.fresh or any(e["action"] == "add-worker" for e in self.events):
            self.fresh = False
            with contextlib.suppress(Exception):
                self.pids.update(self.client.run(os.getpid))
        ours = {f"batch-{b.id}": b for b in running.values()}
        while self.events:
            msg = self.events.pop(0)
            if msg["action"] != "remove-worker" or msg.get("expected"):
                continue
            address = msg.get("worker", "?")
            lost = [ours[str(k)] for k in msg.get("processing-tasks", ()) if str(k) in ours]
            what = (", ".join(f"batch {b.id[:8]} ({b.variant}, games {b.start}-{b.stop - 1})" for b in lost)
                    if lost else "no batch of this sweep")
            self.notify(f"Lost worker {address} (pid {self.pids.get(address, '?')}); it held {what}, which the "
                        "cluster plays again on another worker.")

    def close(self) -> None:
        if self.notify is not None:
            with contextlib.suppress(Exception):
                self.client.unsubscribe_topic("all")
