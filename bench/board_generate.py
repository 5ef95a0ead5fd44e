"""Benchmark: random premium boards per second, against a bare shuffle-and-place baseline.

Target (issue 6): 1,000 boards in a few seconds. The baseline, measured in the same
run, is the cheapest possible random board: shuffle the free squares and deal the
same counts onto the first 56 (no symmetry, no spread, no feasibility checks). The
ratio says what the constraint-aware generator costs over that; the quality table
says what it buys (adjacent premiums, short TW lanes, quadrant balance).

Run: .venv/bin/python bench/board_generate.py [--boards 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from lexicon_tools.board.generate import generate_layout
from lexicon_tools.board.geometry import centre_block
from lexicon_tools.board.metrics import compute_metrics
from lexicon_tools.model.layout import Layout

SIZE = 16
COUNTS = {"TW": 8, "DW": 12, "TL": 16, "DL": 20}
TOTAL = sum(COUNTS.values())


def shuffle_and_place(seed: int) -> Layout:
    rng = random.Random(seed)
    start = centre_block(SIZE, SIZE)
    free = [(r, c) for r in range(SIZE) for c in range(SIZE) if (r, c) not in start]
    chosen = rng.sample(free, TOTAL)
    kinds = [kind for kind, n in COUNTS.items() for _ in range(n)]
    return Layout(SIZE, SIZE, dict(zip(chosen, kinds)), start)


def timed(make, boards: int) -> tuple[float, list[Layout]]:
    started = time.perf_counter()
    layouts = [make(seed) for seed in range(boards)]
    return time.perf_counter() - started, layouts


def quality(layouts: list[Layout]) -> dict[str, float]:
    metrics = [compute_metrics(layout) for layout in layouts[:200]]
    return {
        "adjacent premium pairs": statistics.mean(m.adjacent_pairs for m in metrics),
        "largest cluster": statistics.mean(m.largest_cluster for m in metrics),
        "TW lanes <= 8 squares": statistics.mean(sum(lane.span <= 8 for lane in m.tw_lanes) for m in metrics),
        "quadrant spread (max-min)": statistics.mean(
            max(d.premiums for d in m.quadrants.values()) - min(d.premiums for d in m.quadrants.values())
            for m in metrics),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    args = parser.parse_args()
    n = args.boards

    started = time.perf_counter()
    generate_layout(SIZE, SIZE, TOTAL, COUNTS, "none", seed=-1)
    generate_layout(SIZE, SIZE, TOTAL, COUNTS, "d4", seed=-1)
    print(f"one-off precomputation (orbits, kernels) for two symmetries: {time.perf_counter() - started:.3f} s")

    base_time, base_layouts = timed(shuffle_and_place, n)
    base_rate = n / base_time
    print(f"\n{n} boards of {SIZE}x{SIZE} with {TOTAL} premiums ({','.join(f'{k}={v}' for k, v in COUNTS.items())})")
    print(f"{'method':<34} {'seconds':>8} {'boards/s':>10} {'vs baseline':>12}")
    print(f"{'baseline: shuffle and place':<34} {base_time:8.3f} {base_rate:10.0f} {1:11.2f}x")
    results = {}
    for symmetry in ("none", "mirror", "rot180", "d4"):
        elapsed, layouts = timed(
            lambda seed, s=symmetry: generate_layout(SIZE, SIZE, TOTAL, COUNTS, s, seed), n)
        results[symmetry] = layouts
        rate = n / elapsed
        print(f"{'generate_layout, symmetry ' + symmetry:<34} {elapsed:8.3f} {rate:10.0f} {rate / base_rate:11.3f}x")
        verdict = "meets" if elapsed <= 5 else "MISSES"
        print(f"{'':<34} {verdict} the target of {n} boards in a few (<= 5) seconds")

    print("\nquality (mean over 200 boards)        baseline  generated(none)  generated(d4)")
    base_q, none_q, d4_q = quality(base_layouts), quality(results["none"]), quality(results["d4"])
    for key in base_q:
        print(f"  {key:<34} {base_q[key]:8.2f} {none_q[key]:16.2f} {d4_q[key]:14.2f}")


if __name__ == "__main__":
    main()
