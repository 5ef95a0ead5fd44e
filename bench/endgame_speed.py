"""Benchmark: the exact endgame on a compact position against the search on forks (issue 25).

Positions: every endgame the equity players of --games equity-v-equity games ask the solver about
(seeds 0..N-1, the bundled leave values), captured as forks of the game with the candidate list the
player passed. Lexicon: the built default lexicon of the ruleset (``lexicon-tools build --ruleset
webfeud``), else a lexicon built from the first --rows rows of the bundled corpus.

Each budget's positions are solved by `endgame.Solver` with ``plain=False`` (every searched turn played
on a fork of the game by the rules engine: the baseline, in the same run) and by the compact search
(`engine.plain_endgame`, what `Solver` uses for such rulesets), alternating, CPU time, fastest of
--rounds passes each; each pass starts with `MoveGenerator.plain_moves` remembering nothing, as the games
did. Every solve must give the same move, value and count of searched positions, or both must give
up; the script exits 1 otherwise.

Run: .venv/bin/python bench/endgame_speed.py [--games 60] [--rounds 3] [--ruleset webfeud] [--rows 60000]
"""

from __future__ import annotations

import argparse
import sys
import time

from sim_common import setting

BUDGETS = ((300, 6), (2000, 8), (40, 6))     # (positions, tiles of both racks): the default first


def lexicon(ruleset: str, rows: int):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import default_lexicon_path

    path = default_lexicon_path(ruleset)
    if path.exists():
        kwg = load_lexicon(path).kwg
        return (Rules.from_ruleset(load_ruleset(ruleset)), KwgJudge(kwg, ruleset), read_leaves(bundled_path(ruleset)),
                f"{path}")
    rules, judge, leaves = setting(ruleset, rows)
    return rules, judge, leaves, f"the first {rows:,} rows of the bundled corpus"


def endgames(ruleset: str, games: int, rows: int):
    """(forked game, its generator, the candidate list) of every solver call in the games."""
    from lexicon_tools.engine import endgame, runner
    from lexicon_tools.engine.sim.state import fork

    rules, judge, leaves, source = lexicon(ruleset, rows)
    asked = []
    solve = endgame.Solver.solve

    def capture(self, game, moves=None):
        asked.append((fork(game), self.generator, moves))
        return solve(self, game, moves)

    endgame.Solver.solve = capture
    try:
        for seed in range(games):
            runner.play_game(rules, judge, judge.kwg.nodes, ("equity", "equity"), seed, leaves=leaves)
    finally:
        endgame.Solver.solve = solve
    return asked, source


def solve_all(positions, budget, plain: bool) -> tuple[float, list]:
    from lexicon_tools.engine.endgame import Solver
    from lexicon_tools.engine.sim.state import fork

    for generator in {id(g): g for _, g, _ in positions}.values():
        generator.forget_plain_moves()     # as at the start of the games: no board met before
    start, out = time.process_time(), []
    for game, generator, moves in positions:
        solution = Solver(generator, budget, plain=plain).solve(fork(game), moves)
        out.append(None if solution is None else (solution.move, solution.value, solution.nodes))
    return time.process_time() - start, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--ruleset", default="webfeud")
    ap.add_argument("--rows", type=int, default=60000)
    args = ap.parse_args()
    from lexicon_tools.engine.endgame import Budget

    positions, source = endgames(args.ruleset, args.games, args.rows)
    print(f"{args.ruleset}: {len(positions)} endgame solves of {args.games} equity games; lexicon: {source}")
    print("CPU s, fastest of", args.rounds, "passes each, forks (the rules engine) and compact alternating")
    same_everywhere = True
    for nodes, tiles in BUDGETS:
        budget = Budget(nodes=nodes, max_tiles=tiles)
        times: dict[bool, list[float]] = {False: [], True: []}
        results: dict[bool, list] = {}
        for _ in range(args.rounds):
            for plain in (False, True):
                seconds, results[plain] = solve_all(positions, budget, plain)
                times[plain].append(seconds)
        forks, compact = min(times[False]), min(times[True])
        same = results[False] == results[True]
        same_everywhere &= same
        finished = sum(r is not None for r in results[True])
        print(f"  budget {nodes:5} positions, {tiles} tiles: forks {forks:6.2f} s  compact {compact:6.2f} s  "
              f"ratio {forks / max(compact, 1e-9):4.2f}x  finished {finished}/{len(positions)}  "
              f"same moves, values and counts: {'yes' if same else 'NO'}")
    sys.exit(0 if same_everywhere else 1)


if __name__ == "__main__":
    main()
