"""Benchmark: the move generator against commit 1d4d615 (issue 25), on the same 300 positions.

Targets (issue 25), each a ratio of positions per second measured in one run:

* all-moves mode (``MoveGenerator.generate``) >= 2x 1d4d615's all-moves mode, mid-game;
* the same with one or two blanks on the rack, >= 2x;
* best-move mode (``MoveGenerator.best``, the highest score only, as greedy games ask for it)
  >= 3x 1d4d615's *all-moves* mode, mid-game.

Positions: the position before each turn from turn 6 to 16 of seeded greedy Webfeud games
(bench/movegen.py's `collect_positions`, played by the checkout), until --positions are collected;
the blank set is the same positions with one or two rack tiles (seeded) turned into blanks.
Lexicon: the built default Webfeud lexicon (``lexicon-tools build --ruleset webfeud``), else the
shared benchmark word list built into a KWG; both sides read the same KWG file.

Each side runs in a child process on its own tree (bench/lexicon_baseline.py unpacks 1d4d615 with
``git archive``): CPU time of the child (``time.process_time``), the first call untimed (numba
compile or cache load), best of --repeat passes, --rounds children per side. Checked: the two
sides find the same moves (a digest of every position's moves, sorted: direction, line, start,
length, score, tiles), and the best-move mode of each side gives the highest score of its list.

Run: .venv/bin/python bench/movegen_speed.py [--positions 300] [--repeat 3] [--rounds 2] [--lexicon F.lex]
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
TARGETS = {"all-moves mid-game": 2.0, "all-moves with 1-2 blanks": 2.0, "best-move mid-game": 3.0}


def child(kwg_path: str, data: str, repeat: int) -> None:
    """Time both position sets with the package first on sys.path; print one JSON line."""
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import load_ruleset, package_of

    from lexicon_tools.engine.board import Board
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.movegen import generator as generator_module
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.lexicon.kwg import Kwg

    kwg = Kwg(Path(kwg_path).read_bytes())
    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    gen = MoveGenerator(rules, kwg.nodes, KwgJudge(kwg, "bench"))
    sets = json.loads(Path(data).read_text())
    out: dict = {"package": package_of(generator_module)}
    for name, positions in sets.items():
        boards = [(Board(rules.rows, rules.cols, bytearray(p["cells"]), bytearray(p["used"])), p["rack"])
                  for p in positions]
        gen.generate(*boards[0])        # numba: compile or load the cache, untimed
        gen.best(*boards[0])
        times, best_times = [], []
        for _ in range(repeat):
            start = time.process_time()
            for board, rack in boards:
                gen.generate(board, rack)
            times.append(time.process_time() - start)
            start = time.process_time()
            for board, rack in boards:
                gen.best(board, rack)
            best_times.append(time.process_time() - start)
        digest, moves, tops, agree = hashlib.sha256(), 0, [], True
        for board, rack in boards:
            listed = gen.generate(board, rack)
            rows = sorted((tuple(b.meta[i].tolist()), tuple(b.tiles[i].tolist()))
                          for b in listed.blocks for i in range(len(b.meta)))
            digest.update(repr(rows).encode())
            moves += len(rows)
            top = max((r[0][4] for r in rows), default=None)
            found, _ = gen.best(board, rack)
            pick = found.score(0) if len(found) else None
            agree &= pick == top
            tops.append(pick)
        out[name] = {"seconds": min(times), "best_seconds": min(best_times), "positions": len(boards),
                     "moves": moves, "digest": digest.hexdigest(), "tops": tops, "best_agrees": agree}
    out["digest"] = hashlib.sha256(repr([(k, v["digest"]) for k, v in out.items() if k in sets]).encode()).hexdigest()
    out["seconds"] = sum(out[name]["seconds"] for name in sets)
    print(json.dumps(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--lexicon", help="a .lex file (default: the built default Webfeud lexicon)")
    parser.add_argument("--child", nargs=3, metavar=("KWG", "POSITIONS", "REPEAT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from lexicon_baseline import BASELINE, measure, sides
    from movegen import collect_positions, kwg_bytes, with_blanks

    with tempfile.TemporaryDirectory(prefix="movegen-speed-") as tmp, sides() as trees:
        description, kwg_path = kwg_bytes(args.lexicon, Path(tmp))
        mid = collect_positions(kwg_path, args.positions)
        sets = {"mid-game": mid, "with 1-2 blanks": with_blanks(mid)}
        data = Path(tmp) / "positions.json"
        data.write_text(json.dumps(sets))
        print(f"lexicon: {description}")
        print(f"{len(mid)} positions (turns 6-16 of greedy Webfeud games) per set; CPU s of a child per side, "
              f"best of {args.repeat} passes x {args.rounds} rounds")
        best = measure(trees, [str(Path(__file__).resolve()), "--child", str(kwg_path), str(data),
                               str(args.repeat)], args.rounds)
    base, now = best["baseline"], best["current"]
    for name in sets:
        b, n = base[name], now[name]
        print(f"{name}: {n['moves'] / n['positions']:.0f} moves per position")
        for side, r in ((f"baseline {BASELINE}", b), ("current", n)):
            pps, best_pps = r["positions"] / r["seconds"], r["positions"] / r["best_seconds"]
            print(f"  {side:<18} all moves {pps:7.0f} positions/s   best-move {best_pps:7.0f} positions/s")
    ratios = {
        "all-moves mid-game": base["mid-game"]["seconds"] / now["mid-game"]["seconds"],
        "all-moves with 1-2 blanks": base["with 1-2 blanks"]["seconds"] / now["with 1-2 blanks"]["seconds"],
        "best-move mid-game": base["mid-game"]["seconds"] / now["mid-game"]["best_seconds"],
    }
    for name, ratio in ratios.items():
        target = TARGETS[name]
        print(f"{name}: {ratio:.2f}x {BASELINE}'s all-moves mode (target >= {target}x: "
              f"{'met' if ratio >= target else 'MISSED'})")
    same_moves = all(base[s]["digest"] == now[s]["digest"] for s in sets)
    same_best = all(base[s]["tops"] == now[s]["tops"] and now[s]["best_agrees"] and base[s]["best_agrees"]
                    for s in sets)
    print(f"identical move sets to {BASELINE}: {'yes' if same_moves else 'NO'}; "
          f"best-move mode = highest score of the list, on both sides and equal: {'yes' if same_best else 'NO'}")
    if not (same_moves and same_best):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
