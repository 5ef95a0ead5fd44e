"""Diagnostic (issue 25): how much of the move generator's walk waits on memory, and what could hide it.

The walk follows the graph from node to node, each read depending on the one before (a pointer
chase through the 22 MB walk graph of the default Webfeud lexicon). This script measures, in one run:

1. **The memory system**: the time of one dependent random read over arrays of a few sizes up to the
   walk graph's, with 1, 2, 4 and 8 independent chains interleaved. One chain costs the full latency of
   every miss; k chains let the core wait for k misses at once. The ratio of one chain to k chains is
   how much latency interleaving k independent walks (anchors) could hide.
2. **The kernel cold and warm**: all-moves and best-move mode on mid-game positions (bench/movegen.py's
   positions), each position once in turn (cold: its graph nodes come from memory, as in games), and
   each position generated three times in a row with only the third timed (warm: the nodes it needs
   are in the caches, and the branch predictors have seen its walk). cold / warm bounds what a graph
   layout or a walk that overlaps its misses could win; warm is below the compute floor.

CPU time of this process (``time.process_time``), fastest of --repeat passes. No target: it records
where the walk's time goes for issue 25 (docs/design/performance.md, "Where the walk's time goes").

Run: .venv/bin/python bench/walk_memory.py [--positions 300] [--repeat 3] [--lexicon F.lex]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

CHAINS = (1, 2, 4, 8)


def chase_times(sizes_mb: list[float], repeat: int) -> dict[float, dict[int, float]]:
    """Nanoseconds per dependent random read over `sizes_mb` arrays, for each number of chains."""
    import numpy as np
    from numba import njit

    @njit(cache=False)
    def chase(nxt, steps, k):
        at = np.arange(k) * 7919 % nxt.shape[0]
        for _ in range(steps):
            for j in range(k):
                at[j] = nxt[at[j]]
        return at.sum()

    rng = np.random.default_rng(25)
    out: dict[float, dict[int, float]] = {}
    for mb in sizes_mb:
        n = int(mb * 2 ** 20 / 8)
        order = rng.permutation(n)
        nxt = np.empty(n, np.int64)
        nxt[order] = np.roll(order, -1)      # one cycle through every slot: no read is cached by the pattern
        out[mb] = {}
        for k in CHAINS:
            steps = 2_000_000 // k
            chase(nxt, 1000, k)
            best = min(_timed(lambda: chase(nxt, steps, k)) for _ in range(repeat))
            out[mb][k] = best / (steps * k) * 1e9
    return out


def _timed(call) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def kernel_times(gen, boards, repeat: int) -> dict[str, tuple[float, float]]:
    """Microseconds per position, (cold, warm), for all-moves and best-move mode."""
    out = {}
    for mode in ("generate", "best"):
        run = getattr(gen, mode)
        for board, rack in boards:            # numba: compile or load, untimed
            run(board, rack)
        cold = min(_timed(lambda: [run(b, r) for b, r in boards]) for _ in range(repeat))
        warm_passes = []
        for _ in range(repeat):
            total = 0.0
            for board, rack in boards:
                run(board, rack)
                run(board, rack)
                total += _timed(lambda: run(board, rack))
            warm_passes.append(total)
        out[mode] = (cold / len(boards) * 1e6, min(warm_passes) / len(boards) * 1e6)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lexicon", help="a .lex file (default: the built default Webfeud lexicon)")
    args = parser.parse_args()

    from movegen import collect_positions, kwg_bytes, load_generator

    from lexicon_tools.engine.board import Board

    with tempfile.TemporaryDirectory() as tmp:
        desc, kwg_path = kwg_bytes(args.lexicon, Path(tmp))
        rules, gen = load_generator(kwg_path)
        positions = collect_positions(kwg_path, args.positions)
    boards = [(Board(rules.rows, rules.cols, bytearray(p["cells"]), bytearray(p["used"])), p["rack"])
              for p in positions]
    graph_mb = gen.graph.nbytes / 2 ** 20
    print(f"lexicon: {desc}; walk graph {graph_mb:.1f} MB; {len(boards)} mid-game positions")
    print("dependent random reads, ns per read (CPU time, fastest of "
          f"{args.repeat}); k chains interleaved:")
    for mb, per in chase_times([1, 4, 8, 16, round(graph_mb, 1)], args.repeat).items():
        cells = "  ".join(f"k={k} {ns:6.1f}" for k, ns in per.items())
        print(f"  {mb:5.1f} MB: {cells}   one chain / 8 chains = {per[1] / per[8]:.1f}x")
    print("kernel, us per position: cold (each position once) and warm (third run in a row):")
    for mode, (cold, warm) in kernel_times(gen, boards, args.repeat).items():
        print(f"  {mode:9s} cold {cold:7.1f}  warm {warm:7.1f}  cold / warm = {cold / warm:.2f}x")


if __name__ == "__main__":
    main()
