"""What a Dask worker runs: one batch of games, with the engine `play` uses.

`play_batch(task, rules, lexicon_bytes)` plays the batch's games with
`engine.runner.play_game` and summarises each with `engine.stats.summarise` —
the same two calls `engine.simulate` makes for `play`, with the same seat
behaviour options (professional mode, time limit, thinking time, invalid
attempts: `plan.Behaviour`) — and returns the rows as
columns (plain lists: small to send back, no pyarrow needed on the worker).

The ruleset (`Rules`) and the lexicon's bytes arrive as Dask futures of `hold`
tasks the client submitted once, so they travel once per worker, not once per
task. The lexicon is parsed once per worker process and kept by its content hash
in `_JUDGES`; the move generator's numba kernels are compiled (or loaded from
numba's on-disk cache) the first time a process uses them and stay compiled for
every later batch, because a Dask worker process lives for the whole sweep.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from collections import Counter
from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

from lexicon_tools.experiments.plan import BatchTask, Behaviour

_JUDGES: dict[str, Any] = {}      # lexicon hash -> (judge, KWG nodes), per worker process

COLUMNS = ("experiment", "variant", "batch", "game", "seed", "players", "strategies", "scores", "ranks",
           "winner", "first_share", "turns", "placements", "bingos", "takes", "swaps", "exchanges", "passes",
           "multi_word_turns", "move_score_sum", "end_reason", "premium_squares", "premium_dl", "premium_tl",
           "premium_dw", "premium_tw", "board", "professional", "time_limit", "timeouts", "invalid_turns",
           "refused_attempts", "deal", "lead_changes", "bingo_bonuses")


def hold(data):
    """The sweep's shared inputs as tasks (`runner._scatter`): returns its argument, on any worker."""
    return data


def play_batch(task: BatchTask, rules, lexicon: bytes, leaves=None) -> dict[str, Any]:
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.engine.stats import summarise

    cpu = time.process_time()
    loaded = task.lexicon_hash not in _JUDGES
    judge, nodes = _judge(task.lexicon_hash, lexicon)
    columns: dict[str, list] = {name: [] for name in COLUMNS}
    batch = task.batch
    how = task.behaviour or Behaviour()
    for index in range(batch.start, batch.stop):
        seed = task.seed(index)
        game = play_game(rules, judge, nodes, task.strategies, seed, leaves=leaves, professional=how.professional,
                         time_limit=how.time_limit, models=how.models)
        _append(columns, task, index, summarise(game), game)
    return {"batch": batch.id, "columns": columns, "pid": os.getpid(), "lexicon_loaded": loaded,
            "cpu_seconds": time.process_time() - cpu}


def _judge(lexicon_hash: str, data: bytes):
    if lexicon_hash not in _JUDGES:
        from lexicon_tools.engine.judge import LexiconJudge
        from lexicon_tools.io.formats.lexfile import load_lexicon

        # The client validated the word graph of the file with this content hash when it read the
        # experiment (`variants.Resolver._lexicon`, through `play`'s loader), so a worker holding the
        # same bytes skips that walk (~0.2-0.3 s of CPU per worker); the header checksum is still read.
        if hashlib.sha256(data).hexdigest() != lexicon_hash:
            raise ValueError(f"the lexicon received is not the one with hash {lexicon_hash[:12]}")
        # The .lex reader maps a file: hand it the bytes as a private temp file, gone once mapped.
        handle = tempfile.NamedTemporaryFile(prefix="lexicon-tools-", suffix=".lex", delete=False)
        try:
            with handle:
                handle.write(data)
            judge = LexiconJudge(load_lexicon(handle.name, check_graph=False))
        finally:
            os.unlink(handle.name)
        _JUDGES[lexicon_hash] = (judge, judge.kwg.nodes)
    return _JUDGES[lexicon_hash]


# Words of the warm-up games: enough for a few moves on any German tile set.
_WARM_WORDS = ("AB", "AN", "DA", "ES", "IN", "JA", "ZU", "AUS", "EIS", "HAUS", "MAUS", "LAUS", "NASE", "ROSE",
               "TEE", "TAU", "SEE", "REH", "ENTE", "ESEL")


def warm_up() -> None:
    """Import what a batch needs and load the move generator's compiled kernels, so that a worker's
    first batch plays at the speed of the others.

    Loading numba's cached machine code happens on a kernel's first call, ~0.4 s of a fresh
    process; two games on a 20-word lexicon (Webfeud greedy against equity, SmartFeud with its
    letter take) make those calls while the worker starts, whatever ruleset the sweep plays:
    the kernels' signatures depend on array types, not on the ruleset or lexicon.
    """
    import lexicon_tools.io.formats.lexfile  # noqa: F401
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.engine.stats import summarise
    from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.lexicon.kwg import build_kwg

    for name in ("webfeud", "smartfeud"):
        rules = Rules.from_ruleset(load_ruleset(name))
        kwg = build_kwg(sorted(rules.alphabet.encode(w) for w in _WARM_WORDS))
        leaves = read_leaves(bundled_path(name))
        summarise(play_game(rules, KwgJudge(kwg, "warm-up"), kwg.nodes, ("greedy", "equity"), 0, leaves=leaves))


class WarmUp(WorkerPlugin):
    """A Dask worker plugin: `warm_up` on every worker when it starts (or when the sweep connects)."""

    def setup(self, worker) -> None:
        warm_up()


def _append(columns: dict[str, list], task: BatchTask, index: int, s, game) -> None:
    seats = len(s.scores)
    ranks = [0] * seats
    for rank, seat in s.ranking:
        ranks[seat] = rank
    firsts = [seat for rank, seat in s.ranking if rank == 1]
    kinds_used = Counter(s.premium_kinds.get(sq) for sq, times in s.premium_used.items() for _ in range(times))
    row = {
        "experiment": task.experiment, "variant": task.batch.variant, "batch": task.batch.id, "game": index,
        "seed": s.seed, "players": seats, "strategies": ",".join(task.strategies), "scores": list(s.scores),
        "ranks": ranks, "winner": firsts[0] + 1 if len(firsts) == 1 else None,
        "first_share": (1.0 / len(firsts)) if 0 in firsts else 0.0, "turns": s.turns,
        "placements": s.placements, "bingos": s.bingos, "takes": s.takes, "swaps": s.swaps,
        "exchanges": s.kinds.get("exchange", 0), "passes": s.kinds.get("pass", 0),
        "multi_word_turns": s.multi_word_turns, "move_score_sum": s.move_score_sum, "end_reason": s.end_reason,
        "premium_squares": sorted(sq for sq, times in s.premium_used.items() for _ in range(times)),
        "premium_dl": kinds_used.get("DL", 0), "premium_tl": kinds_used.get("TL", 0),
        "premium_dw": kinds_used.get("DW", 0), "premium_tw": kinds_used.get("TW", 0),
        "board": getattr(game.rules.layout, "name", ""), "professional": game.professional,
        "time_limit": game.time_limit, "timeouts": s.kinds.get("timeout", 0),
        "invalid_turns": s.kinds.get("invalid", 0), "refused_attempts": s.refused_attempts,
        "deal": s.seed, "lead_changes": s.lead_changes,
        "bingo_bonuses": sorted(amount for amount, times in s.bonus_amounts.items() for _ in range(times)),
    }
    for name in COLUMNS:
        columns[name].append(row[name])
