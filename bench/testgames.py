"""Benchmark: 1,000 Webfeud greedy test games with 2 worker processes, against a serial run.

Target (issue 7): 1,000 Webfeud greedy games with ``--workers 2`` finish in a
few minutes, with results identical to a serial run with the same seed.

Lexicon: the shared benchmark word list (bench/lexicon_common.py: wngerman,
~300k words, or a generated 300k-word list), words of 2-15 letters, as a KWG.
Measured: `engine.simulate.simulate` (move generation, the rules engine
validating every move, statistics) for --games games, greedy against greedy,
with --workers processes. Baseline, in the same run: the same games serially
(one process). The two reports must be identical.

Run: .venv/bin/python bench/testgames.py [--games 1000] [--workers 2]
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT.parent))


def load_judge(path: str):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.lexicon.kwg import Kwg

    return KwgJudge(Kwg(Path(path).read_bytes()), "bench")


def main() -> None:
    from lexicon_common import word_list

    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.simulate import SimulationSpec, simulate
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.lexicon.kwg import build_kwg

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    description, words = word_list()
    encoded = [rules.alphabet.encode(w) for w in words if 2 <= len(w) <= 15 and rules.alphabet.is_tileable(w)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "webfeud.kwg"
        path.write_bytes(build_kwg(encoded).to_bytes())
        print(f"lexicon: {description}; {len(encoded):,} words of 2-15 letters")
        spec = SimulationSpec(rules, ("greedy", "greedy"), args.games, args.seed)
        make_judge = functools.partial(load_judge, str(path))
        simulate(SimulationSpec(rules, ("greedy", "greedy"), 1, args.seed), make_judge)   # warm the JIT cache
        start = time.perf_counter()
        parallel = simulate(spec, make_judge, workers=args.workers)
        t_parallel = time.perf_counter() - start
        start = time.perf_counter()
        serial = simulate(spec, make_judge, workers=1)
        t_serial = time.perf_counter() - start
    data = parallel.report.data
    print(f"{args.games} Webfeud greedy games, --workers {args.workers}: {t_parallel:.1f} s "
          f"({args.games / t_parallel:.1f} games/s)")
    print(f"baseline, serial (1 process):          {t_serial:.1f} s ({args.games / t_serial:.1f} games/s)")
    print(f"ratio serial / parallel: {t_serial / t_parallel:.2f}x; identical reports: "
          f"{'yes' if parallel.report.data == serial.report.data else 'NO'}")
    print(f"mean score per seat: {[s['score']['mean'] for s in data['seats']]}, first-player win rate "
          f"{data['first_player_win_rate']:.1%}, {data['game_length']['turns']['mean']:.1f} turns per game")
    print(f"target: a few minutes -> {'met' if t_parallel < 300 else 'NOT met'} ({t_parallel:.0f} s)")


if __name__ == "__main__":
    main()
