#!/usr/bin/env python3
"""Benchmark: hypothetical turns played without re-checking the move generator's placements (issue 25).

The endgame search and the sim's play-outs play their moves on forks of the game (`engine.sim.state`).
A fork plays a placement the generator found on that very board and rack (no take, no joker swap)
without the rules engine's checks and scoring (`Game.found_result`), and equity's
end-game look-ahead (`Equity._two_ply`) evaluates such a placement the same way; a real game's turns are
always checked. This bench plays the same games twice in one process, alternating: once with every move
checked (the baseline, the code before the change: `Game.found_result` answers None) and once trusting
the generator; it reports the CPU seconds of each (fastest of --rounds), their ratio and whether every
game is identical (turns, adjustments, outcome hashed).

Cases: equity against equity (the exact endgame searches forks), sim against equity (play-outs), per
ruleset. Lexicons: the built default lexicon of each ruleset (``lexicon-tools build --ruleset R``).

Run: .venv/bin/python bench/trusted_play.py [--rounds 3] [--equity-games 30] [--sim-games 1]
     [--rulesets webfeud,smartfeud,wortspieler] [--iterations 24]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def load(ruleset: str):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import default_lexicon_path

    path = default_lexicon_path(ruleset)
    if not path.is_file():
        raise SystemExit(f"no default {ruleset} lexicon at {path}: run `lexicon-tools build --ruleset {ruleset}`")
    lex = load_lexicon(path)
    return Rules.from_ruleset(load_ruleset(ruleset)), KwgJudge(lex.kwg, ruleset), read_leaves(bundled_path(ruleset))


TRUSTING = None


def play(setting, seats, games: int, trust: bool) -> tuple[float, str]:
    from lexicon_tools.engine import runner
    from lexicon_tools.engine.game import Game

    global TRUSTING
    TRUSTING = TRUSTING or Game.found_result
    Game.found_result = TRUSTING if trust else (lambda self, move: None)   # None: check as before
    rules, judge, leaves = setting
    digest = hashlib.sha256()
    start = time.process_time()
    for seed in range(games):
        game = runner.play_game(rules, judge, judge.kwg.nodes, seats, seed, leaves=leaves)
        digest.update(repr((game.turns, game.adjustments, game.outcome)).encode())
    return time.process_time() - start, digest.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--equity-games", type=int, default=30)
    ap.add_argument("--sim-games", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=24)
    ap.add_argument("--rulesets", default="webfeud,smartfeud,wortspieler")
    args = ap.parse_args()
    from lexicon_tools.engine import runner

    print(f"CPU s, fastest of {args.rounds} rounds; checked and trusted runs alternate in one process")
    same = True
    for ruleset in args.rulesets.split(","):
        setting = load(ruleset)
        runner.play_game(setting[0], setting[1], setting[1].kwg.nodes, ("greedy", "greedy"), 999,
                         leaves=setting[2])   # numba: compile or load the cache, untimed
        for seats, games in ((("equity", "equity"), args.equity_games),
                             ((f"sim:iterations={args.iterations}", "equity"), args.sim_games)):
            times = {False: [], True: []}
            digests = {}
            for _ in range(args.rounds):
                for trust in (False, True):
                    seconds, digests[trust] = play(setting, seats, games, trust)
                    times[trust].append(seconds)
            checked, trusted = min(times[False]), min(times[True])
            identical = digests[False] == digests[True]
            same &= identical
            print(f"{ruleset:<12} {' v '.join(seats):<28} {games:>3} games  checked {checked:7.2f} s  "
                  f"trusted {trusted:7.2f} s  ratio {checked / trusted:4.2f}x  identical games: "
                  f"{'yes' if identical else 'NO'}", flush=True)
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
