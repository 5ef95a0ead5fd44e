"""Benchmark: the memory of self-play over many games in one process (issue 25: it stays flat).

Measured: --games greedy-vs-greedy Webfeud games (`engine.runner.play_game` plus
`engine.stats.summarise`, seeds 0..N-1, as ``lexicon-tools play`` plays them) in one process,
and that process's resident memory (VmRSS, /proc/self/statm) sampled every tenth of the run.
"start" is the memory after the first --warmup games (the kernels are loaded and the per-board
caches are full by then), "end" after the last game; flat means end / start stays about 1. No
explicit garbage collection: what the games leave behind must be freed by ordinary reference
counting and the collector's own schedule, as in a long ``play`` or sweep run.

Baseline, in the same run and on the same games: the package as of commit 1d4d615 (where issue
25 measured), unpacked by bench/lexicon_baseline.py; both sides run at once, one process each.
Both children hash every turn record and summary, so the report says whether they played the
same games.

Lexicon: the default Webfeud lexicon when built, else a KWG of the shared benchmark word list
(bench/game_loop.py `lexicon_path`).

Run: .venv/bin/python bench/selfplay_memory.py [--games 100000] [--warmup 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def child(lexicon: str, games: int, warmup: int) -> None:
    import hashlib
    import time

    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.engine.stats import summarise

    sys.path.insert(0, str(HERE))
    from lexicon_baseline import load_lexicon, load_ruleset

    if lexicon.endswith(".lex"):
        kwg = load_lexicon(lexicon).kwg
    else:
        from lexicon_tools.lexicon.kwg import Kwg

        kwg = Kwg(Path(lexicon).read_bytes())
    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    judge, nodes = KwgJudge(kwg, "webfeud"), kwg.nodes
    digest = hashlib.sha256()
    samples: list[tuple[int, float]] = [(0, _rss_mb())]
    step = max(1, games // 10)
    started = time.process_time()
    for seed in range(games):
        game = play_game(rules, judge, nodes, ("greedy", "greedy"), seed)
        digest.update(repr((game.turns, game.adjustments, game.outcome, summarise(game))).encode())
        done = seed + 1
        if done == warmup or done % step == 0 or done == games:
            samples.append((done, _rss_mb()))
    import lexicon_tools

    print(json.dumps({"samples": samples, "cpu": time.process_time() - started, "digest": digest.hexdigest(),
                      "package": str(Path(lexicon_tools.__file__).resolve().parent.parent)}))


def report(side: str, result: dict, warmup: int) -> tuple[float, float]:
    samples = dict((int(n), mb) for n, mb in result["samples"])
    last = max(samples)
    start = samples.get(warmup, samples[min(n for n in samples if n)])
    end = samples[last]
    curve = ", ".join(f"{n:,}: {mb:.1f}" for n, mb in sorted(samples.items()))
    print(f"{side:<20} start (after {warmup:,} games) {start:7.1f} MB, end (after {last:,}) {end:7.1f} MB, "
          f"ratio end/start {end / start:.3f}; {last / result['cpu']:.1f} games/s CPU")
    print(f"{'':<20} RSS by games played: {curve}")
    return start, end


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--warmup", type=int, default=1000, help="games before the 'start' sample")
    parser.add_argument("--flat", type=float, default=1.05, help="the largest end/start ratio called flat")
    parser.add_argument("--baseline-games", type=int, default=None,
                        help="games of the baseline side (default --games; 0: measure the checkout only)")
    parser.add_argument("--child", nargs=3, metavar=("LEXICON", "GAMES", "WARMUP"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), int(args.child[2]))
        return
    sys.path.insert(0, str(HERE))
    from game_loop import lexicon_path
    from lexicon_baseline import BASELINE, ROOT, run_parallel, sides

    warmup = min(args.warmup, args.games)
    with tempfile.TemporaryDirectory(prefix="selfplay-memory-") as tmp, sides() as trees:
        games = {"baseline": args.games if args.baseline_games is None else args.baseline_games,
                 "current": args.games}
        if not games["baseline"]:
            trees = {"current": ROOT}
        lexicon, description = lexicon_path(Path(tmp))
        print(f"lexicon: {description}")
        print(f"greedy Webfeud games, seeds 0..N-1, one process per side, both at once: "
              + ", ".join(f"{side} {games[side]:,}" for side in trees))
        script = str(Path(__file__).resolve())
        results = run_parallel(trees, {side: [script, "--child", lexicon, str(games[side]),
                                              str(min(warmup, games[side]))] for side in trees})
    ratios = {}
    for side, result in results.items():
        name = f"baseline ({BASELINE})" if side == "baseline" else "current (checkout)"
        start, end = report(name, result, warmup)
        ratios[side] = end / start
    if "baseline" in results and games["baseline"] == games["current"]:
        same = results["baseline"]["digest"] == results["current"]["digest"]
        print(f"same games on both sides: {'yes' if same else 'no (the rules or the engine changed since)'}")
    flat = ratios["current"] <= args.flat
    print(f"target: memory flat over {args.games:,} games (end/start <= {args.flat}) -> "
          f"{'met' if flat else 'MISSED'} (ratio {ratios['current']:.3f})")
    if not flat:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
