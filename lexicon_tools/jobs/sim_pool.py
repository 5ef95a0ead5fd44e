"""The sim's iterations in worker processes, for one position (`lexicon-tools moves --strategy sim --workers N`).

The workers are forked once the position, the generator and the candidates are
set up, so they inherit all of it (the lexicon graph too) and only iteration
numbers and rows of values cross between processes. Each worker plays whole
iterations (`Sim.iteration_values`); `Sim.outcome` takes them in rounds of two per
worker and replays its pruning on the rows iteration by iteration, so the ranking
equals the serial one - a candidate dropped inside a round costs only its surplus
play-outs. Test games do not use this: `play --workers` already runs whole games in
parallel, which wastes nothing.

Fork is required (the state is inherited, not pickled); where the platform has no
fork start method the iterations run serially and the caller is told.
"""

from __future__ import annotations

import gc
import multiprocessing

from lexicon_tools.engine.sim.player import Batch, Sim, SimOutcome

ROUND_PER_WORKER = 2
_JOB: tuple | None = None          # (sim, game, candidates, seed), set before the fork


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def parallel_runner(workers: int):
    """A runner for `engine.sim.ranking.rank_by_sim` using `workers` processes, or None (serial) when
    `workers` is 1 or the platform cannot fork."""
    if workers <= 1 or not can_fork():
        return None

    def run(sim: Sim, game, candidates: list, seed: int) -> SimOutcome:
        global _JOB
        _JOB = (sim, game, candidates, seed)
        gc.freeze()           # the workers' collections then leave the inherited heap alone (no copy-on-write)
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                def rows(todo: range, live) -> list:
                    return pool.map(_iteration, [(i, live) for i in todo], chunksize=1)

                return sim.outcome(game, candidates, seed, Batch(ROUND_PER_WORKER * workers, rows))
        finally:
            _JOB = None
            gc.unfreeze()

    return run


def _iteration(job: tuple):
    iteration, live = job
    sim, game, candidates, seed = _JOB
    return sim.iteration_values(game, candidates, iteration, live, seed)
