"""Benchmark: the game loop around the move generator, Webfeud games in one process (issue 13).

Target (issue 13): test games at >= 2.5x the serial rate of commit c2c076e. The move
generator's kernel is made faster separately, so the rest of a game — the rules engine
re-validating and re-scoring every move, the notation, the bag, the turn log, the
statistics — must shrink with it or it dominates.

Measured: N greedy-vs-greedy (or, with --strategy equity, equity-vs-equity with the bundled
leave values rulesets/leaves/webfeud.leaves) Webfeud games (`engine.runner.play_game` plus
`engine.stats.summarise`, as ``lexicon-tools play`` plays them), one process, seeds 0..N-1.
The time is split with timers around `MoveGenerator.generate` and, where the runner uses the
best-move mode, `MoveGenerator.best` (generation: the kernel and its driver; the kernel alone
is shown too), around the game's call of
`engine.placement.evaluate_place` (scoring/validation) and the rest (state: turn log, bag,
notation, strategy, statistics). The clock is the process's CPU time, so neighbours on a
shared machine disturb it less than wall time; each side runs --rounds times, alternating,
and the fastest round counts.

Baseline, in the same run: the same games with the package as of BASELINE (unpacked with
``git archive`` into a temporary folder, see bench/baseline_tree.py, and run in a child
process with that folder on PYTHONPATH). Both children hash every turn record and game
summary; the games must be identical. The baseline's kernel is compiled once per run (its
numba cache lives in the temporary folder), in a warm-up game that is not timed.

Lexicon: the real default Webfeud lexicon (``lexicon-tools build`` output,
~/.local/share/lexicon-tools/lexicons/webfeud.lex) when present, else a KWG of the shared
benchmark word list (bench/lexicon_common.py), words of 2-15 letters.

Run: .venv/bin/python bench/game_loop.py [--strategy greedy|equity] [--games 200] [--rounds 3]
     [--baseline c2c076e]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent

BASELINE = "c2c076e"   # before the game-loop work of issue 13


def child(lexicon: str, games: int, strategy: str) -> None:
    """Play the games with whatever package is first on sys.path; print the timings as JSON."""
    import hashlib
    import time

    from lexicon_tools.engine import game as game_module
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.movegen import kernel
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.engine.stats import summarise
    from lexicon_tools.io.formats.rulesets import load_ruleset

    if lexicon.endswith(".lex"):
        from lexicon_tools.io.formats.lexfile import load_lexicon

        kwg = load_lexicon(lexicon).kwg
    else:
        from lexicon_tools.lexicon.kwg import Kwg

        kwg = Kwg(Path(lexicon).read_bytes())
    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    judge, nodes = KwgJudge(kwg, "webfeud"), kwg.nodes
    leaves = None
    if strategy == "equity":
        from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves

        leaves = read_leaves(bundled_path("webfeud"))
    seats = (strategy, strategy)
    clock = time.process_time
    spent = {"generation": 0.0, "kernel": 0.0, "validation": 0.0}
    depth = dict.fromkeys(spent, 0)

    def timed(function, key):
        def wrapper(*args, **kwargs):       # only the outermost call of a bucket counts (one may call another)
            depth[key] += 1
            start = clock()
            try:
                return function(*args, **kwargs)
            finally:
                depth[key] -= 1
                if not depth[key]:
                    spent[key] += clock() - start
        return wrapper

    # generation: the full list (generate) or the best-move mode (best) where the runner uses it
    for name in ("generate", "best"):
        if hasattr(MoveGenerator, name):
            setattr(MoveGenerator, name, timed(getattr(MoveGenerator, name), "generation"))
    kernel_names = [name for name in ("generate", "anchor_bounds") if hasattr(kernel, name)]
    for name in kernel_names:
        setattr(kernel, name, timed(getattr(kernel, name), "kernel"))
    game_module.evaluate_place = timed(game_module.evaluate_place, "validation")
    play_game(rules, judge, nodes, seats, 0, leaves=leaves)          # warm-up: JIT compile or cache load
    spent.update(generation=0.0, kernel=0.0, validation=0.0)
    digest = hashlib.sha256()
    start = clock()
    for seed in range(games):
        game = play_game(rules, judge, nodes, seats, seed, leaves=leaves)
        summary = summarise(game)
        digest.update(repr((game.turns, game.adjustments, game.outcome, summary)).encode())
    total = clock() - start
    print(json.dumps({"total": total, **spent, "kernel_timed": bool(kernel_names), "digest": digest.hexdigest(),
                      "package": str(Path(game_module.__file__).parent.parent)}))


def lexicon_path(tmp: Path) -> tuple[str, str]:
    from lexicon_tools.resources import default_lexicon_path

    real = default_lexicon_path("webfeud")
    if real.is_file():
        return str(real), f"the default Webfeud lexicon ({real})"
    from lexicon_common import word_list

    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.lexicon.kwg import build_kwg

    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    description, words = word_list()
    encoded = [rules.alphabet.encode(w) for w in words if 2 <= len(w) <= 15 and rules.alphabet.is_tileable(w)]
    path = tmp / "webfeud.kwg"
    path.write_bytes(build_kwg(encoded).to_bytes())
    return str(path), f"{description}; {len(encoded):,} words of 2-15 letters (no default lexicon built)"


def _line(name: str, r: dict, games: int) -> str:
    loop = r["total"] - r["generation"]
    kernel = f" (kernel {r['kernel'] / r['total']:.0%})" if r["kernel_timed"] else ""
    return (f"{name:<22} {games / r['total']:6.1f} games/s  {r['total']:6.2f} s CPU | "
            f"generation {r['generation'] / r['total']:.0%}{kernel}, "
            f"scoring/validation {r['validation'] / r['total']:.0%}, "
            f"state/rest {(loop - r['validation']) / r['total']:.0%} | loop (all but generation) {loop:5.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strategy", choices=("greedy", "equity"), default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3, help="runs per side, alternating; the fastest counts")
    parser.add_argument("--baseline", default=BASELINE, help="git commit of the baseline code")
    parser.add_argument("--child", nargs=3, metavar=("LEXICON", "GAMES", "STRATEGY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.child[2])
        return
    sys.path.insert(0, str(ROOT))           # the parent only: a child imports the package of its PYTHONPATH
    sys.path.insert(0, str(ROOT.parent))
    from baseline_tree import baseline_tree, run_child

    script = str(Path(__file__).resolve())
    with tempfile.TemporaryDirectory(prefix="game-loop-") as tmp, baseline_tree(args.baseline) as old:
        lexicon, description = lexicon_path(Path(tmp))
        print(f"lexicon: {description}")
        print(f"{args.games} {args.strategy} Webfeud games, 1 process, seeds 0..{args.games - 1}; "
              f"best of {args.rounds} round(s), CPU time")
        runs: dict[str, list[dict]] = {"baseline": [], "current": []}
        for _ in range(args.rounds):
            for side, tree in (("baseline", old), ("current", ROOT.parent)):
                out = run_child(tree, [script, "--child", lexicon, str(args.games), args.strategy]).stdout
                runs[side].append(json.loads(out.strip().splitlines()[-1]))
    best = {side: min(results, key=lambda r: r["total"]) for side, results in runs.items()}
    base, now = best["baseline"], best["current"]
    if base["package"] == now["package"]:
        raise SystemExit(f"both sides ran the package in {now['package']}: the baseline is not the old code")
    print(_line(f"baseline ({args.baseline})", base, args.games))
    print(_line("current (checkout)", now, args.games))
    same = all(r["digest"] == base["digest"] for results in runs.values() for r in results)
    loop_base, loop_now = base["total"] - base["generation"], now["total"] - now["generation"]
    print(f"ratio current / baseline: games/s {base['total'] / now['total']:.2f}x, "
          f"loop (all but generation) {loop_base / loop_now:.2f}x faster; "
          f"identical games (turns, scores, summaries): {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
