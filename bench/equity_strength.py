"""Benchmark: the equity player against greedy, win rate with a 95% interval and mean spread.

Target (issue 13): ``equity`` wins at least 60% of 1,000 Webfeud games against
``greedy``; the same is reported for SmartFeud and Wortspieler.

Set-up: per ruleset, --games games for Webfeud and --other-games for the
others (both 1,000 by default; SmartFeud's games are the slowest, as every
take-a-letter variant is generated). Games come in pairs with the same seed
(the same bag and, where the ruleset has them, the same random board) and the
seats swapped: equity moves first in one game of the pair and second in the
other, so the first player's advantage and the luck of the draw cancel out as
far as the moves allow. The lexicon is the one built for the ruleset (the
default of ``play``), the leave values are the bundled trained file
(rulesets/leaves/RULESET.leaves).

Reported per ruleset: games, equity's wins/draws/losses, the win rate (a draw
counts half) with its 95% Wilson interval, the mean spread (equity's score
minus greedy's) with its 95% normal interval, and games per second. The
baseline of the comparison, in the same run, is the greedy player itself: a
player no better than greedy wins 50%.

Run: .venv/bin/python bench/equity_strength.py [--games 1000] [--other-games 1000] [--workers 2]
     [--rulesets webfeud,smartfeud,wortspieler] [--seed 13] [--leaves FILE|none]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

_WORKER: dict = {}


def _init(ruleset: str, leaves_file: str | None = None) -> None:
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.leavefile import load_for
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.play import open_judge

    rules = Rules.from_ruleset(load_ruleset(ruleset))
    path, judge = open_judge(rules, None, ruleset)
    if leaves_file == "none":
        from lexicon_tools.engine.leaves import LeaveTable

        leaves, note = LeaveTable.zero(rules), None
    else:
        leaves, note = load_for(rules, leaves_file)
    if note:
        print(note, file=sys.stderr)
    _WORKER.update(rules=rules, judge=judge, leaves=leaves, path=path)


def _pair(args: tuple[int, int]) -> list[tuple[int, int]]:
    """Both games of pair `index`: (equity's score, greedy's score) each."""
    from lexicon_tools.engine.runner import game_seed, play_game

    seed, index = args
    w = _WORKER
    game_seed_ = game_seed(seed, index)
    out = []
    for seats in (("equity", "greedy"), ("greedy", "equity")):
        game = play_game(w["rules"], w["judge"], w["judge"].kwg.nodes, seats, game_seed_, leaves=w["leaves"])
        scores = game.scores()
        mine = seats.index("equity")
        out.append((scores[mine], scores[1 - mine]))
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def measure(ruleset: str, games: int, seed: int, workers: int, leaves: str | None = None) -> dict:
    pairs = max(1, games // 2)
    jobs = [(seed, i) for i in range(pairs)]
    start = time.perf_counter()
    if workers <= 1:
        _init(ruleset, leaves)
        results = [game for job in jobs for game in _pair(job)]
    else:
        with ProcessPoolExecutor(workers, initializer=_init, initargs=(ruleset, leaves)) as pool:
            results = [game for pair in pool.map(_pair, jobs, chunksize=4) for game in pair]
    seconds = time.perf_counter() - start
    n = len(results)
    wins = sum(1 for a, b in results if a > b)
    draws = sum(1 for a, b in results if a == b)
    spreads = [a - b for a, b in results]
    mean = sum(spreads) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in spreads) / max(1, n - 1))
    rate = (wins + draws / 2) / n
    low, high = wilson(wins + draws / 2, n)
    return dict(ruleset=ruleset, games=n, wins=wins, draws=draws, losses=n - wins - draws, rate=rate, low=low,
                high=high, spread=mean, spread_half=1.96 * sd / math.sqrt(n), seconds=seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="Webfeud games (an even number: seat-swapped pairs)")
    parser.add_argument("--other-games", type=int, default=1000, help="SmartFeud and Wortspieler games")
    parser.add_argument("--rulesets", default="webfeud,smartfeud,wortspieler")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--leaves", default=None, help="a leave file instead of the bundled one ('none': no "
                        "leave values, i.e. score plus the end-game model)")
    args = parser.parse_args()
    for ruleset in [r.strip() for r in args.rulesets.split(",") if r.strip()]:
        games = args.games if ruleset == "webfeud" else args.other_games
        r = measure(ruleset, games, args.seed, args.workers, args.leaves)
        print(f"{r['ruleset']:<12} equity v greedy, {r['games']} games (seats alternating): "
              f"won {r['wins']}, drew {r['draws']}, lost {r['losses']}; "
              f"win rate {100 * r['rate']:.1f}% (95% CI {100 * r['low']:.1f}-{100 * r['high']:.1f}%); "
              f"mean spread {r['spread']:+.1f} ± {r['spread_half']:.1f}; "
              f"{r['games'] / r['seconds']:.2f} games/s ({r['seconds']:.0f} s)", flush=True)
        if ruleset == "webfeud":
            print(f"{'':<12} target: win rate >= 60%: {'met' if r['rate'] >= 0.6 else 'NOT met'}", flush=True)


if __name__ == "__main__":
    main()
