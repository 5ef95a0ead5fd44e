"""Many test games, serially or in worker processes, with identical results either way.

`simulate` plays `games` games of one ruleset. Game *i* uses the seed
`runner.game_seed(seed, i)`, so its outcome depends only on (seed, i), not on
which process plays it or when. With ``workers > 1`` a process pool plays the
games; `ProcessPoolExecutor.map` returns the summaries in game order (a
window of games at a time) and the statistics gather them in that order as
they arrive (`stats.Aggregate`, memory independent of the number of games), so
a parallel run reports the same numbers as a serial run with the same seed.

Each worker builds its word judge once, by calling `make_judge` (a picklable
callable, e.g. a `functools.partial` of a lexicon loader from the IO layer —
this module opens no files). The judge must expose ``kwg.nodes``.

Workers die with their parent (`_die_with_parent`): a pool worker otherwise
outlives a ``kill -9`` of `play` for as long as its queue lasts, holding the
lexicon's memory and the caller's stdout (``play … | tee`` never ends). On
Linux the kernel sends the worker SIGKILL when its parent dies
(``prctl(PR_SET_PDEATHSIG)``); elsewhere a thread notices the parent's pid
changing within a second.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.engine.behaviour import PlayerModel
from lexicon_tools.engine.judge import WordJudge
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.runner import GameLog, game_seed, log_of, play_game
from lexicon_tools.engine.stats import Aggregate, GameSummary, Report, summarise


@dataclass(frozen=True)
class SimulationSpec:
    rules: Rules
    strategies: tuple[str, ...]
    games: int
    seed: int = 0
    professional: bool | None = None
    time_limit: str | None = None
    keep_logs: bool = False
    models: tuple[PlayerModel, ...] | None = None   # thinking time and invalid attempts per seat
    leaves: Any = None                               # the equity seats' `engine.leaves.LeaveTable`


@dataclass
class Simulation:
    report: Report
    summaries: list[GameSummary]   # only with simulate(..., keep_summaries=True)
    logs: list[GameLog] = field(default_factory=list)


_WORKER: dict[str, Any] = {}


PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """End this worker when the process `parent` dies (see the module docstring)."""
    armed = False
    if sys.platform.startswith("linux"):
        try:
            armed = ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if os.getppid() != parent:        # the parent died before the signal was armed
        os._exit(1)
    if not armed:
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(1.0)
            os._exit(1)

        threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _init(make_judge: Callable[[], WordJudge], spec: SimulationSpec, parent: int | None = None) -> None:
    if parent is not None:
        _die_with_parent(parent)
    judge = make_judge()
    _WORKER.update(judge=judge, nodes=judge.kwg.nodes, spec=spec)


def _play(index: int) -> tuple[GameSummary, GameLog | None]:
    spec: SimulationSpec = _WORKER["spec"]
    game = play_game(spec.rules, _WORKER["judge"], _WORKER["nodes"], spec.strategies, game_seed(spec.seed, index),
                     professional=spec.professional, time_limit=spec.time_limit, models=spec.models,
                     leaves=spec.leaves)
    return summarise(game), (log_of(game, spec.strategies) if spec.keep_logs else None)


def _results(spec: SimulationSpec, make_judge: Callable[[], WordJudge],
             workers: int) -> Iterator[tuple[GameSummary, GameLog | None]]:
    if workers <= 1 or spec.games <= 1:
        _init(make_judge, spec)
        yield from map(_play, range(spec.games))
        return
    chunk = max(1, min(16, spec.games // (workers * 8)))
    window = chunk * workers * 64   # Executor.map submits everything at once: submit a window at a time
    with _quiet_cancelled_pool_race(), \
            ProcessPoolExecutor(max_workers=workers, initializer=_init,
                                initargs=(make_judge, spec, os.getpid())) as pool:
        for start in range(0, spec.games, window):
            yield from pool.map(_play, range(start, min(spec.games, start + window)), chunksize=chunk)


@contextlib.contextmanager
def _quiet_cancelled_pool_race() -> Iterator[None]:
    """Silence one CPython race (gh-107219, fixed in 3.12) while a pool runs.

    When a signal ends the run, the workers die and `map` cancels the games not
    yet played; the pool's manager thread then marks those same futures as
    broken, and on Python 3.11 that raises InvalidStateError in the thread,
    printed as a traceback after the one-line "Terminated" message. Only that
    exception from ``terminate_broken`` is dropped; anything else reaches the
    usual thread exception hook.
    """
    previous = threading.excepthook

    def hook(args) -> None:
        frames = traceback.extract_tb(args.exc_traceback)
        if args.exc_type is InvalidStateError and any(f.name == "terminate_broken" for f in frames):
            return
        previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def simulate(spec: SimulationSpec, make_judge: Callable[[], WordJudge], workers: int = 1,
             progress: Callable[[int], None] | None = None, keep_summaries: bool = False) -> Simulation:
    """Play the games; `progress(1)` is called after each finished game.

    Each summary is added to the statistics as it arrives and then dropped, so
    the memory of this (parent) process does not grow with the number of
    games; `keep_summaries` keeps them too (for tests and small runs), as
    ``spec.keep_logs`` keeps the game logs (for ``--record``).
    """
    gathered = Aggregate(len(spec.strategies))
    summaries, logs = [], []
    for summary, log in _results(spec, make_judge, workers):
        gathered.add(summary)
        if keep_summaries:
            summaries.append(summary)
        if log is not None:
            logs.append(log)
        if progress:
            progress(1)
    report = gathered.report(spec.rules, list(spec.strategies), spec.seed)
    return Simulation(report, summaries, logs)
