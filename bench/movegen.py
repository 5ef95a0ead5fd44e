"""Benchmark: all-moves generation on mid-game Webfeud positions, compiled vs. pure Python.

Target (issue 7): at least 1,000 positions/s for all-moves generation on a Webfeud
board with a 300k-word German lexicon, in mid-game positions.

Lexicon: the shared benchmark word list (bench/lexicon_common.py: Debian's
wngerman, ~300k tileable words, or a generated pseudo-German list of 300k words
when it is absent), words of 2-15 letters, built into a KWG. Positions: greedy
self-play Webfeud games (seeded); the position before each turn from turn 6 to
turn 16 is kept, until --positions are collected.

Measured: `MoveGenerator.generate` (cross-checks, the GADDAG walk in both
directions, the move arrays) on every position, best of --repeat passes.

Baselines, in the same run on the same positions:

1. the pure-Python generator (bench/movegen_pure.py: the same algorithm with
   lists, ints and recursion — what the engine would be without a compiled hot
   loop) on every position; it must find the same moves with the same scores;
2. for reference, the engine's own kernel source with numba's JIT switched off
   (``NUMBA_DISABLE_JIT=1``, in a subprocess) on the first
   --jit-off-positions positions; slower still, because numpy scalar access is
   slow in interpreted code.

Run: .venv/bin/python bench/movegen.py [--positions 300] [--jit-off-positions 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT.parent))


def build_kwg_file(folder: Path) -> tuple[str, Path]:
    from lexicon_common import word_list

    from lexicon_tools.lexicon.kwg import build_kwg

    description, words = word_list()
    rules = webfeud_rules()
    alphabet = rules.alphabet
    encoded = [alphabet.encode(w) for w in words if 2 <= len(w) <= 15 and alphabet.is_tileable(w)]
    path = folder / "webfeud.kwg"
    path.write_bytes(build_kwg(encoded).to_bytes())
    return f"{description}; {len(encoded):,} words of 2-15 letters", path


def webfeud_rules():
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.rulesets import load_ruleset

    return Rules.from_ruleset(load_ruleset("webfeud"))


def load_generator(kwg_path: Path):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.lexicon.kwg import Kwg

    kwg = Kwg(kwg_path.read_bytes())
    rules = webfeud_rules()
    judge = KwgJudge(kwg, "bench")
    return rules, judge, MoveGenerator(rules, kwg.nodes, judge)


def collect_positions(kwg_path: Path, count: int) -> list[dict]:
    from lexicon_tools.engine.game import Game

    rules, judge, generator = load_generator(kwg_path)
    positions: list[dict] = []
    seed = 0
    while len(positions) < count:
        game = Game(rules, judge, 2, seed=seed)
        seed += 1
        while not game.over and len(game.turns) <= 16:
            if len(game.turns) >= 6:
                positions.append({"cells": list(game.board.cells), "used": list(game.board.used),
                                  "rack": list(game.player.rack)})
            moves = generator.generate(game.board, game.player.rack)
            game.play(moves.move(moves.best()) if len(moves) else _pass())
    return positions[:count]


def _pass():
    from lexicon_tools.engine.moves import Pass

    return Pass()


def run(kwg_path: Path, positions: list[dict], repeat: int) -> dict:
    """Time generate() over the positions; best pass of `repeat`."""
    from lexicon_tools.engine.board import Board

    rules, _judge, generator = load_generator(kwg_path)
    boards = [(Board(rules.rows, rules.cols, bytearray(p["cells"]), bytearray(p["used"])), p["rack"])
              for p in positions]
    start = time.perf_counter()
    generator.generate(*boards[0])        # loads the compiled code from numba's cache (or compiles it)
    first_call = time.perf_counter() - start
    best, counts = float("inf"), []
    for _ in range(repeat):
        start = time.perf_counter()
        counts = [len(generator.generate(board, rack)) for board, rack in boards]
        best = min(best, time.perf_counter() - start)
    scores = [sorted(generator.generate(board, rack).scores.tolist()) for board, rack in boards]
    return {"seconds": best, "positions": len(boards), "moves": sum(counts), "counts": counts,
            "first_call": first_call, "scores": scores}


def pure_python(kwg_path: Path, positions: list[dict]) -> dict:
    """The list-based pure-Python generator over the same positions (one pass; it is slow)."""
    from movegen_pure import generate

    from lexicon_tools.lexicon.kwg import Kwg

    rules = webfeud_rules()
    nodes = list(Kwg(kwg_path.read_bytes()).nodes.tolist())
    bingo = list(rules.bingo) + [0] * 32
    starts = set(rules.start_squares)
    start = time.perf_counter()
    found = []
    for p in positions:
        counts = [0] * (rules.letter_count + 1)
        for tile in p["rack"]:
            counts[tile] += 1
        found.append(sorted(generate(nodes, p["cells"], p["used"], rules.rows, rules.cols, rules.letter_mult,
                                     rules.word_mult, starts, rules.values, rules.blank_values, counts, bingo)))
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "positions": len(positions), "moves": sum(map(len, found)), "scores": found}


def jit_off(kwg_path: Path, positions: list[dict], folder: Path) -> dict:
    """The same generator with the JIT disabled, in a subprocess (numba reads the switch at import)."""
    data = folder / "baseline-positions.json"
    data.write_text(json.dumps(positions))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, __file__, "--worker", str(kwg_path), str(data)], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--jit-off-positions", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        kwg_path, data = Path(args.worker[0]), Path(args.worker[1])
        result = run(kwg_path, json.loads(data.read_text()), repeat=1)
        print(json.dumps({k: v for k, v in result.items() if k != "scores"}))
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        description, kwg_path = build_kwg_file(folder)
        print(f"lexicon: {description} (KWG built in {time.perf_counter() - start:.1f} s)")
        positions = collect_positions(kwg_path, args.positions)
        compiled = run(kwg_path, positions, args.repeat)
        pure = pure_python(kwg_path, positions)
        off = jit_off(kwg_path, positions[:args.jit_off_positions], folder)
    same = compiled["scores"] == pure["scores"]
    c_pps = compiled["positions"] / compiled["seconds"]
    p_pps = pure["positions"] / pure["seconds"]
    o_pps = off["positions"] / off["seconds"]
    print(f"positions: {compiled['positions']} mid-game Webfeud positions (turns 6-16 of greedy games), "
          f"{compiled['moves'] / compiled['positions']:.0f} moves each on average")
    print(f"compiled (numba kernel):  {c_pps:8.0f} positions/s {compiled['moves'] / compiled['seconds']:10.0f} moves/s"
          f"  (first call incl. cache load/compile: {compiled['first_call']:.2f} s)")
    print(f"baseline (pure Python):   {p_pps:8.1f} positions/s {pure['moves'] / pure['seconds']:10.0f} moves/s"
          f"  (bench/movegen_pure.py, same positions)")
    print(f"reference (JIT off):      {o_pps:8.1f} positions/s {off['moves'] / off['seconds']:10.0f} moves/s"
          f"  (the kernel source, NUMBA_DISABLE_JIT=1, {off['positions']} positions)")
    print(f"ratio compiled / pure Python: {c_pps / p_pps:.1f}x; same moves and scores: {'yes' if same else 'NO'}; "
          f"JIT-off agrees: {'yes' if compiled['counts'][:off['positions']] == off['counts'] else 'NO'}")
    print(f"target >= 1,000 positions/s: {'met' if c_pps >= 1000 else 'NOT met'} ({c_pps:.0f})")


if __name__ == "__main__":
    main()
