"""Benchmark: Wortspieler self-play (multi-word turns) against an earlier commit, same games.

Generating a Wortspieler turn extends the best single lines by further lines and
keeps a further line only if it builds on the board before the turn
(``lines_must_touch: board_before_turn``). That check walked the board from every
empty square in Python; it now numbers the runs of filled squares for the whole
board at once (`engine.movegen.squares`). This bench plays the same greedy-against-
equity games on both sides and compares them: the games must hash identically.

Each side runs in a child process on its own tree (`baseline_tree`: the commit
unpacked with ``git archive``): one untimed warm-up game, then the games; CPU time,
fastest of --rounds children per side. Lexicon: the built default Wortspieler
lexicon (LEXICON_TOOLS_HOME), else the shared benchmark word list.

Run: .venv/bin/python bench/multiword_speed.py [--games 20] [--rounds 2] [--baseline da17877]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEATS = ("greedy", "equity")


def child(kwg_path: str, games: int) -> None:
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import load_ruleset, package_of

    from lexicon_tools.engine import runner
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
    from lexicon_tools.lexicon.kwg import Kwg

    kwg = Kwg(Path(kwg_path).read_bytes())
    rules = Rules.from_ruleset(load_ruleset("wortspieler"))
    judge = KwgJudge(kwg, "wortspieler")
    leaves = read_leaves(bundled_path("wortspieler"))
    runner.play_game(rules, judge, kwg.nodes, SEATS, games + 1, leaves=leaves)     # warm-up, untimed
    digest, turns = hashlib.sha256(), 0
    start = time.process_time()
    for seed in range(games):
        game = runner.play_game(rules, judge, kwg.nodes, SEATS, seed, leaves=leaves)
        digest.update(repr((game.turns, game.adjustments, game.outcome)).encode())
        turns += len(game.turns)
    print(json.dumps({"seconds": time.process_time() - start, "games": games, "turns": turns,
                      "digest": digest.hexdigest(), "package": package_of(runner)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--baseline", default="da17877", help="the commit to compare with (before the change)")
    parser.add_argument("--child", nargs=2, metavar=("KWG", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from lexicon_baseline import measure, sides
    from selfplay_speed import kwg_file

    with tempfile.TemporaryDirectory(prefix="multiword-speed-") as tmp, sides(args.baseline) as trees:
        kwg, description = kwg_file("wortspieler", Path(tmp))
        print(f"wortspieler lexicon: {description}")
        best = measure(trees, [str(Path(__file__).resolve()), "--child", str(kwg), str(args.games)], args.rounds)
    base, now = best["baseline"], best["current"]
    same = base["digest"] == now["digest"]
    print(f"greedy against equity, {args.games} games, seeds 0..{args.games - 1}, CPU s, best of {args.rounds} rounds")
    for side, label in (("baseline", args.baseline), ("current", "checkout")):
        r = best[side]
        print(f"  {label:<10} {r['games'] / r['seconds']:6.2f} games/s  {r['seconds']:7.2f} s  {r['turns']} turns")
    print(f"  ratio {base['seconds'] / now['seconds']:.2f}x; identical games: {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
