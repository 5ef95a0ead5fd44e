"""Run a plan's batches on Dask and stream their rows into the results folder.

Engine: `dask.distributed`. Without a scheduler address it starts a `LocalCluster`
of worker *processes* (one thread each: the engine is CPU-bound Python, so
threads would share one GIL); with ``tcp://HOST:PORT`` it joins an existing
cluster (one started by ``dask scheduler``/``dask worker``, dask-jobqueue on
SLURM/PBS, dask-kubernetes, ...). Dask was chosen over a home-made pool because
it already does what a long sweep needs: it spreads tasks over machines, moves
data between them, notices a dead worker and runs its tasks again elsewhere.

What travels: each distinct compiled ruleset and each distinct lexicon (raw
``.lex`` bytes) is sent once, as a task that returns it, under a key made of
its content hash; a batch only names those keys. So a worker receives each
lexicon once for the whole sweep (a restarted worker fetches it again from a
peer, and if no peer has it, the scheduler runs that task again), and parses
it once (`worker._JUDGES`). Each worker imports the engine
and loads its compiled kernels when it joins (a `worker.WarmUp` plugin,
registered on connecting), so its first batch is not slower than the rest, and
runs with Dask's diagnostics turned down (`WORKER_CONFIG`: they cost a worker
~15% of its games).

Tasks are batches (`plan.Batch`); a window of a few tasks per worker is in flight
at a time, so a sweep of millions of games never holds more than a window of
results in the client. Each finished batch is written at once as its own
Parquet file (`results.write_batch`) and the progress bar shows games, rate and
ETA. Faults: a worker that dies mid-batch loses only that attempt; the scheduler
runs the batch again on another worker (``distributed.scheduler.allowed-failures``).
A lost worker is named on stderr (`WorkerWatch`).
An interrupted sweep (Ctrl-C, SIGTERM, a crash) leaves only whole batch files;
run it again and the batches already written are skipped by id. Ctrl-C stops a
sweep at once (`Interrupt`): the local cluster's workers are killed rather than
closed, and the CLI exits without waiting for Dask's shutdown.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import logging
import os
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lexicon_tools.errors import ExperimentError, UsageError
from lexicon_tools.experiments.control import Interrupt, WorkerWatch, kill_workers, quiet_resource_tracker
from lexicon_tools.experiments.plan import Batch, Plan
from lexicon_tools.experiments.results import batch_path, prepare_folder, write_batch


@dataclass
class SweepResult:
    folder: Path
    planned_games: int
    skipped_games: int = 0            # already in the folder from an earlier run
    written_games: int = 0
    written_batches: int = 0
    seconds: float = 0.0
    workers: int = 0
    lexicon_loads: int = 0            # times a worker process parsed a lexicon
    worker_cpu_seconds: float = 0.0   # CPU time the workers spent on the written batches
    worker_pids: set[int] = field(default_factory=set)


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# What a sweep worker does not need from Dask's defaults, each measured in games per CPU-second of
# a worker (bench/sweep_scale.py; docs/guides/experiments.md tells cluster users the same):
# * MALLOC_TRIM_THRESHOLD_, set by Dask so that workers holding large arrays give memory back, turns
#   off glibc's adaptive mmap threshold: every numpy array the move generator makes (a few hundred
#   KB) is then mapped and unmapped from the kernel, and a game costs ~15-25% more CPU. Unset (None).
# * The statistical profiler samples the running task's stack every 10 ms for the dashboard: ~9%
#   of a worker's CPU on these deep Python stacks. Off.
# * The event loop's 20 ms tick (a blocked-loop detector), the 100 ms memory monitor and the 500 ms
#   system monitor each wake the worker and take the GIL from the game: ~5% more together (noisy to
#   measure on a shared machine). Slower.
#   A sweep worker holds one lexicon and small batches, so a memory check a second is plenty.
WORKER_CONFIG = {
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}


@contextlib.contextmanager
def connect(workers: int | None = None, scheduler: str | None = None) -> Iterator:
    """A Dask client: on the cluster at `scheduler`, or on a new local cluster of `workers` processes."""
    import dask
    from dask.distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout="20s")
        except (OSError, TimeoutError) as exc:
            raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {exc}",
                             "Start it (e.g. `dask scheduler`) and give its address as tcp://HOST:PORT.") from None
        try:
            _warm(client)
            yield client
        finally:
            client.close()
        return
    cluster = client = None
    quiet_resource_tracker()
    try:
        with dask.config.set(WORKER_CONFIG):
            # Worker-side errors reach the sweep through its futures (see `_outcome`); what the workers
            # log while the cluster shuts down (heartbeats to a closing scheduler) is noise.
            cluster = LocalCluster(n_workers=workers or default_workers(), threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.CRITICAL)
        client = Client(cluster)
        _warm(client)
        yield client
    except BaseException as exc:
        if isinstance(exc, Exception) or isinstance(exc, GeneratorExit):
            _close(client, cluster)
        else:   # Ctrl-C, SIGTERM: a polite close takes seconds, and the caller exits at once (`Interrupt`)
            kill_workers()
        raise
    _close(client, cluster)


def _close(client, cluster) -> None:
    with _quiet_logs("distributed", "tornado.application"):
        for part in (client, cluster):
            if part is not None:
                with contextlib.suppress(Exception):
                    part.close(timeout=10)


def _warm(client) -> None:
    """Import the engine and load its kernels on every worker (and every worker that joins later) while
    the cluster starts.

    Part of a worker's start-up, like Dask's own imports: done once per process, not per batch,
    and before the first batch is sent.
    """
    from lexicon_tools.experiments.worker import WarmUp

    try:
        client.register_plugin(WarmUp(), name="lexicon-tools-warm-up")
    except Exception as exc:   # a worker without lexicon-tools cannot even unpickle the plugin
        raise ExperimentError(f"the Dask workers cannot load lexicon-tools: {type(exc).__name__}: {str(exc)[:300]}",
                              "Install lexicon-tools (same version) with the experiments extra on every worker."
                              ) from None


@contextlib.contextmanager
def _quiet_logs(*names: str) -> Iterator[None]:
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def run_sweep(plan: Plan, folder: Path, *, workers: int | None = None, scheduler: str | None = None,
              client=None, restart: bool = False, quiet: bool = False,
              on_batch: Callable[[Batch, dict], None] | None = None,
              notify: Callable[[str], None] | None = None, own_client: bool = False) -> SweepResult:
    """Play every batch of `plan` not yet in `folder`; `on_batch(batch, result)` after each is written,
    `notify(text)` when the cluster loses a worker. `own_client`: `client` is a local cluster of
    this process's (from `connect`), killed rather than asked to cancel when interrupted."""
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    folder = Path(folder)
    done = prepare_folder(folder, plan.manifest(), restart)
    batches = plan.batches()      # lazy: a sweep of many batches is planned as it is played
    if done:
        for stale in done - {b.id for b in batches}:   # a short last batch of fewer games, now played whole
            batch_path(folder, stale).unlink(missing_ok=True)
            done.discard(stale)
    todo = (b for b in batches if b.id not in done)
    result = SweepResult(folder, planned_games=batches.games,
                         skipped_games=sum(b.games for b in batches if b.id in done) if done else 0)
    start = time.perf_counter()
    if result.skipped_games < result.planned_games:
        with Interrupt() as interrupt:
            if client is not None:
                _run(plan, todo, folder, client, result, quiet, on_batch, interrupt, notify, own=own_client)
            else:
                with connect(workers, scheduler) as own:
                    _run(plan, todo, folder, own, result, quiet, on_batch, interrupt, notify,
                         own=scheduler is None)
    result.seconds = time.perf_counter() - start
    return result


def _run(plan: Plan, todo: list[Batch], folder: Path, client, result: SweepResult, quiet: bool,
         on_batch: Callable | None, interrupt: Interrupt, notify: Callable | None, own: bool) -> None:
    from dask.distributed import wait
    from distributed.client import FuturesCancelledError

    from lexicon_tools.experiments.worker import play_batch
    from lexicon_tools.ui.progress import Progress

    rules, lexicons, leaves = _scatter(plan, client)
    fingerprint = plan.design()     # each batch file carries it (`manifest.sweep_identity`, `check_batch`)
    result.workers = len(client.scheduler_info().get("workers", {}))
    window = max(4, 3 * max(result.workers, 1))
    waiting = iter(todo)
    running: dict = {}                 # future -> batch
    watch = WorkerWatch(client, notify)

    def submit(batch: Batch) -> None:
        task = plan.task(batch)
        future = client.submit(play_batch, task, rules[task.rules_hash], lexicons[task.lexicon_hash],
                               leaves.get(task.leaves_hash), key=f"batch-{batch.id}", pure=False, retries=1)
        running[future] = batch

    for batch in itertools.islice(waiting, window):
        submit(batch)
    try:
        todo_games = result.planned_games - result.skipped_games
        with Progress("games", total=todo_games, enabled=False if quiet else None) as bar:
            while running:
                watch.check(running)
                try:
                    done, _rest = wait(list(running), timeout=0.25, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    continue
                except FuturesCancelledError:   # the cluster dropped a batch: name it (see _outcome)
                    done = [f for f in running if f.cancelled()]
                for future in done:
                    batch = running.pop(future)
                    out = _outcome(future, batch)
                    future.release()
                    with interrupt.writing():    # a signal now waits for the file to be whole
                        _record(result, write_batch(folder, batch.id, out["columns"], fingerprint), out)
                        bar.advance(batch.games)
                    following = next(waiting, None)
                    if following is not None:
                        submit(following)
                    if on_batch is not None:
                        on_batch(batch, out)
        watch.check(running)
    except BaseException as exc:
        # Failed, or interrupted on a cluster of someone else's: stop the batches in flight (written ones
        # stay whole). A local cluster interrupted is killed instead (`connect`): no time to ask it.
        if running and (isinstance(exc, Exception) or not own):
            with contextlib.suppress(Exception):
                client.cancel(list(running))
        raise
    finally:
        watch.close()


def _record(result: SweepResult, rows: int, out: dict) -> None:
    result.written_games += rows
    result.written_batches += 1
    result.worker_pids.add(out["pid"])
    result.lexicon_loads += bool(out["lexicon_loaded"])
    result.worker_cpu_seconds += out["cpu_seconds"]


def _outcome(future, batch: Batch) -> dict:
    """The batch's result; a batch the cluster could not play is an ExperimentError naming it."""
    try:
        return future.result()
    except (KeyboardInterrupt, ExperimentError):
        raise
    except Exception as exc:   # KilledWorker, a worker without lexicon-tools, a lost scheduler, an engine bug
        raise ExperimentError(
            f"batch {batch.id} (variant {batch.variant!r}, games {batch.start}-{batch.stop - 1}) failed on the "
            f"cluster: {type(exc).__name__}: {str(exc)[:300]}",
            "The batches already written are kept: run the same command again to resume. On a cluster of "
            "your own, check that every worker has lexicon-tools (same version) with the experiments "
            "extra installed and enough memory for the lexicon.") from exc


def _scatter(plan: Plan, client) -> tuple[dict, dict, dict]:
    """Send each distinct ruleset, lexicon and leave table to the cluster once, keyed by content hash."""
    rules_data, lexicon_data, leaves_data = {}, {}, {}
    for variant in plan.variants:
        rules_data.setdefault(variant.rules_hash, variant.rules)
        if variant.leaves_hash:
            leaves_data.setdefault(variant.leaves_hash, variant.leaves)
        if variant.lexicon_hash not in lexicon_data:
            try:
                data = Path(variant.lexicon_path).read_bytes()
            except OSError as exc:
                raise ExperimentError(f"lexicon {variant.lexicon_path} cannot be read any more: {exc.strerror}",
                                      "Rebuild or restore it, then run the same command again.") from None
            if hashlib.sha256(data).hexdigest() != variant.lexicon_hash:
                raise ExperimentError(f"lexicon {variant.lexicon_path} changed after the experiment was read",
                                      "Run the sweep again once the lexicon is rebuilt.")
            lexicon_data[variant.lexicon_hash] = data
    # Keys: the content hash plus this run's token. A client that ran an earlier sweep releases that
    # sweep's keys whenever its futures are collected; with the bare hash, the scheduler could then
    # forget data this sweep's tasks depend on.
    # Each item is a task that returns the data, not a scattered value: the scheduler keeps a task's
    # inputs, so when the only worker holding an item dies (a worker restarting after an earlier loss
    # had not received it yet), it computes the item again elsewhere instead of failing the batches.
    from lexicon_tools.experiments.worker import hold

    run = uuid.uuid4().hex[:8]
    out = []
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Sending large graph", category=UserWarning)  # a lexicon is large
        for kind, data in (("rules", rules_data), ("lexicon", lexicon_data), ("leaves", leaves_data)):
            out.append({h: client.submit(hold, d, key=f"{kind}-{h}-{run}", pure=False) for h, d in data.items()})
    return out[0], out[1], out[2]
