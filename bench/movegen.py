"""Benchmark: all-moves generation on mid-game Webfeud positions, without and with blanks.

Targets (issue 13): as the ratio to the pure-Python generator in the same run, at least
3x the ratio of the generator as it was when the issue was filed (commit c2c076e) on
mid-game positions, and at least 4x with one or two blanks on the rack.

Lexicon: --lexicon FILE.lex, by default the built default Webfeud lexicon
(``lexicon-tools build``; ~470k words), else the shared benchmark word list
(bench/lexicon_common.py) built into a KWG. Positions: the position before each turn
from turn 6 to 16 of seeded greedy self-play games, until --positions are collected;
the blank set is the same positions with one or two rack tiles (seeded) turned into
blanks.

Measured, on the same positions and lexicon:

1. ``MoveGenerator.generate`` of this checkout (best of --repeat passes);
2. ``MoveGenerator.generate`` of commit c2c076e (the package unpacked by
   bench/baseline_tree.py and run in a child process, best of --repeat passes);
3. the pure-Python generator (bench/movegen_pure.py: the same algorithm with lists,
   ints and recursion) on the first --pure-positions positions of each set;
4. for reference, this checkout's best-move mode (``MoveGenerator.best``, the highest
   score only, as greedy test games ask for it).

Times are CPU seconds of the measuring process (``time.process_time``), so neighbours on
a shared machine count less. All three must find the same moves with the same scores
(compared as sorted score lists per position).

Run: .venv/bin/python bench/movegen.py [--positions 300] [--pure-positions 100] [--repeat 3]
     [--lexicon FILE.lex]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
if "--worker" not in sys.argv:      # the baseline child imports the package from its own tree
    sys.path.insert(0, str(ROOT.parent))

BASELINE = "c2c076e"   # the generator when issue 13 was filed


def webfeud_rules():
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.rulesets import load_ruleset

    return Rules.from_ruleset(load_ruleset("webfeud"))


def kwg_bytes(lexicon: str | None, folder: Path) -> tuple[str, Path]:
    """The lexicon's KWG as a file both sides read: a .lex's graph, or the bench word list built."""
    from lexicon_tools.io.formats.lexfile import load_lexicon

    path = Path(lexicon) if lexicon else default_lexicon()
    out = folder / "webfeud.kwg"
    if path is not None and path.exists():
        lex = load_lexicon(path)
        out.write_bytes(bytes(lex.kwg.nodes.tobytes()))
        return f"{path} ({lex.word_count:,} words)", out
    from lexicon_common import word_list

    from lexicon_tools.lexicon.kwg import build_kwg

    description, words = word_list()
    alphabet = webfeud_rules().alphabet
    encoded = [alphabet.encode(w) for w in words if 2 <= len(w) <= 15 and alphabet.is_tileable(w)]
    out.write_bytes(build_kwg(encoded).to_bytes())
    return f"{description}; {len(encoded):,} words of 2-15 letters", out


def default_lexicon() -> Path | None:
    from lexicon_tools.resources import default_lexicon_path

    path = default_lexicon_path("webfeud")
    return path if path.exists() else None


def load_generator(kwg_path: Path):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.lexicon.kwg import Kwg

    kwg = Kwg(kwg_path.read_bytes())
    rules = webfeud_rules()
    judge = KwgJudge(kwg, "bench")
    return rules, MoveGenerator(rules, kwg.nodes, judge)


def collect_positions(kwg_path: Path, count: int) -> list[dict]:
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.moves import Pass

    rules, generator = load_generator(kwg_path)
    positions: list[dict] = []
    seed = 0
    while len(positions) < count:
        game = Game(rules, generator.judge, 2, seed=seed)
        seed += 1
        while not game.over and len(game.turns) <= 16:
            if len(game.turns) >= 6:
                positions.append({"cells": list(game.board.cells), "used": list(game.board.used),
                                  "rack": list(game.player.rack)})
            moves = generator.generate(game.board, game.player.rack)
            game.play(moves.move(moves.best()) if len(moves) else Pass())
    return positions[:count]


def with_blanks(positions: list[dict], seed: int = 1) -> list[dict]:
    """The same positions with one or two natural rack tiles turned into blanks."""
    rng = random.Random(seed)
    out = []
    for p in positions:
        rack = list(p["rack"])
        naturals = [i for i, t in enumerate(rack) if t != 0]
        for i in rng.sample(naturals, min(len(naturals), rng.choice([1, 2]))):
            rack[i] = 0
        out.append(dict(p, rack=rack))
    return out


def time_generator(kwg_path: Path, positions: list[dict], repeat: int) -> dict:
    """CPU time of generate() over the positions (best pass), and each position's sorted scores."""
    from lexicon_tools.engine.board import Board

    rules, generator = load_generator(kwg_path)
    boards = [(Board(rules.rows, rules.cols, bytearray(p["cells"]), bytearray(p["used"])), p["rack"])
              for p in positions]
    generator.generate(*boards[0])        # loads the compiled code from numba's cache (or compiles it)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for board, rack in boards:
            generator.generate(board, rack)
        best = min(best, time.process_time() - start)
    scores = [sorted(generator.generate(board, rack).scores.tolist()) for board, rack in boards]
    out = {"seconds": best, "positions": len(boards), "scores": scores}
    if hasattr(generator, "best"):       # best-move mode (the baseline has none): the highest score only
        fastest = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            picks = [generator.best(board, rack)[0] for board, rack in boards]
            fastest = min(fastest, time.process_time() - start)
        out["best_seconds"] = fastest
        out["best_scores"] = [m.score(0) if len(m) else None for m in picks]
    return out


def pure_python(kwg_path: Path, positions: list[dict]) -> dict:
    from movegen_pure import generate

    from lexicon_tools.lexicon.kwg import Kwg

    rules = webfeud_rules()
    nodes = list(Kwg(kwg_path.read_bytes()).nodes.tolist())
    bingo = list(rules.bingo) + [0] * 32
    starts = set(rules.start_squares)
    found = []
    start = time.process_time()
    for p in positions:
        counts = [0] * (rules.letter_count + 1)
        for tile in p["rack"]:
            counts[tile] += 1
        found.append(sorted(generate(nodes, p["cells"], p["used"], rules.rows, rules.cols, rules.letter_mult,
                                     rules.word_mult, starts, rules.values, rules.blank_values, counts, bingo)))
    return {"seconds": time.process_time() - start, "positions": len(positions), "scores": found}


def baseline(kwg_path: Path, sets: dict, repeat: int, folder: Path) -> dict:
    """Both position sets timed by the generator of BASELINE, in a child process on its own tree."""
    from baseline_tree import baseline_tree, run_child

    data = folder / "positions.json"
    data.write_text(json.dumps(sets))
    with baseline_tree(BASELINE) as tree:
        child = run_child(tree, [__file__, "--worker", str(kwg_path), str(data), str(repeat)])
    return json.loads(child.stdout)


def report(name: str, new: dict, old: dict, pure: dict) -> float:
    k = pure["positions"]
    same_pure = new["scores"][:k] == pure["scores"]
    same_old = new["scores"] == old["scores"]
    new_pps, old_pps = new["positions"] / new["seconds"], old["positions"] / old["seconds"]
    pure_pps = k / pure["seconds"]
    moves = sum(map(len, new["scores"])) / new["positions"]
    print(f"{name}: {new['positions']} positions, {moves:.0f} moves each on average")
    print(f"  this checkout:      {new_pps:9.0f} positions/s   ratio to pure Python {new_pps / pure_pps:7.1f}x")
    print(f"  {BASELINE} (issue filed): {old_pps:7.0f} positions/s   ratio to pure Python {old_pps / pure_pps:7.1f}x")
    print(f"  pure Python:        {pure_pps:9.1f} positions/s   ({k} positions)")
    print(f"  same moves and scores: pure Python {'yes' if same_pure else 'NO'}, "
          f"{BASELINE} {'yes' if same_old else 'NO'}")
    gain = new_pps / old_pps
    print(f"  => {gain:.2f}x the ratio of {BASELINE}")
    best_pps = new["positions"] / new["best_seconds"]
    same = new["best_scores"] == [max(s) if s else None for s in new["scores"]]
    print(f"  best-move mode (highest score only): {best_pps:9.0f} positions/s, {best_pps / new_pps:.2f}x all moves; "
          f"same best score: {'yes' if same else 'NO'}")
    return gain


def worker(kwg_path: str, data: str, repeat: int) -> None:
    import lexicon_tools

    assert not Path(lexicon_tools.__file__).is_relative_to(ROOT.parent), "the baseline must not be this checkout"
    sets = json.loads(Path(data).read_text())
    print(json.dumps({name: time_generator(Path(kwg_path), positions, repeat) for name, positions in sets.items()}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--pure-positions", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lexicon", help="a .lex file (default: the built default Webfeud lexicon)")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1], int(args.worker[2]))
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        description, kwg_path = kwg_bytes(args.lexicon, folder)
        print(f"lexicon: {description}")
        mid = collect_positions(kwg_path, args.positions)
        sets = {"mid-game": mid, "with 1-2 blanks": with_blanks(mid)}
        new = {name: time_generator(kwg_path, positions, args.repeat) for name, positions in sets.items()}
        old = baseline(kwg_path, sets, args.repeat, folder)
        pure = {name: pure_python(kwg_path, positions[:args.pure_positions]) for name, positions in sets.items()}
    gains = {name: report(name, new[name], old[name], pure[name]) for name in sets}
    for (name, gain), target in zip(gains.items(), (3.0, 4.0)):
        print(f"target {name}: >= {target:.0f}x the ratio of {BASELINE}: {'met' if gain >= target else 'NOT met'} "
              f"({gain:.2f}x)")


if __name__ == "__main__":
    main()
