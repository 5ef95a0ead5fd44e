"""Benchmark: equity Webfeud games per second and the leave valuation inside them, one process (issue 13).

Issue 13 asks for equity games at >= 2.5x the serial rate; before this work the leave
valuation (`engine.leaves.RackLeaves`: the value of every sub-multiset of the rack, once per
rack) took more time than move generation - one Python-level sum per leave.

Measured: --games equity-vs-equity Webfeud games (`engine.runner.play_game`, seeds
0..N-1, the bundled leave values rulesets/leaves/webfeud.leaves) in this process, once with
today's `RackLeaves` and once with `OldRackLeaves` below - a faithful copy of the valuation
as of commit c2c076e (one `sum` over `sub_multisets` per leave, cached per leave on the
table) - swapped into `engine.equity`. Both sides hash every turn record; the games must be
identical. Time is the process's CPU time (neighbours on a shared machine disturb it less
than wall time); the sides alternate for --rounds rounds and the fastest round counts. The
split: CPU time inside `RackLeaves(...)` (leave valuation) against the rest of the game
(generation, the rules engine, the rest of the equity player). Each round reads the leave
file afresh, so no cache carries over between rounds.

Then the leave valuation alone: every rack the games valued, valued again with both
classes (fresh tables), in the same run; the ratio old/new and whether every value is
bit-identical (compared as float64 bit patterns).

Lexicon: the real default Webfeud lexicon (``lexicon-tools build`` output,
~/.local/share/lexicon-tools/lexicons/webfeud.lex) when present, else a KWG of the shared
benchmark word list (bench/lexicon_common.py), words of 2-15 letters.

Run: .venv/bin/python bench/equity_speed.py [--games 200] [--rounds 3]
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT.parent))

from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK  # noqa: E402

CLOCK = time.process_time


# ---------------------------------------------------------------- the baseline: RackLeaves as of c2c076e ---
def _old_sub_multisets(leave: bytes, largest: int) -> list[bytes]:
    counts = sorted(Counter(leave).items())
    out = []
    for picks in itertools.product(*(range(n + 1) for _, n in counts)):
        size = sum(picks)
        if 0 < size <= largest:
            out.append(bytes(t for (t, _), k in zip(counts, picks) for _ in range(k)))
    return out


def _old_value(table, leave: bytes) -> float:
    """`LeaveTable.value` as of c2c076e (its per-leave cache on the table included)."""
    if not leave or not table.values:
        return 0.0
    cached = table._cache.get(leave)
    if cached is None:
        if table.mode == "table":
            cached = float(table.values.get(leave, 0.0))
        else:
            if table._longest is None:
                table._longest = max(len(k) for k in table.values)
            cached = float(sum(table.values.get(g, 0.0) for g in _old_sub_multisets(leave, table._longest)))
        if len(table._cache) > 2_000_000:
            table._cache.clear()
        table._cache[leave] = cached
    return cached


class OldRackLeaves:
    """`engine.leaves.RackLeaves` as of c2c076e."""

    def __init__(self, rack: Counter, table, tile_values):
        self.tiles = sorted(t for t, n in rack.items() if n > 0)
        self.counts = [rack[t] for t in self.tiles]
        self.place = {}
        step = 1
        for t, n in zip(self.tiles, self.counts):
            self.place[t] = step
            step *= n + 1
        self.size = step
        self.full = step - 1
        kept = (np.indices([n + 1 for n in reversed(self.counts)]).reshape(len(self.counts), -1)[::-1].T
                if self.tiles else np.zeros((1, 0), np.int64))
        self.face = kept @ np.array([tile_values[t] for t in self.tiles], np.int64)
        self.kept_count = kept.sum(axis=1)
        self.values = np.zeros(step, np.float64)
        if not table.empty:
            tiles = self.tiles
            self.values[:] = [_old_value(table, bytes(t for t, k in zip(tiles, row) for _ in range(k)))
                              for row in kept.tolist()]
        self.by_code = np.zeros(256, np.int64)
        for code in range(1, 256):
            tile = 0 if code & BLANK_FLAG else code & LETTER_MASK
            self.by_code[code] = self.place.get(tile, 0)

    def index_of_codes(self, codes: np.ndarray) -> np.ndarray:
        return self.by_code[codes].sum(axis=1) if codes.ndim == 2 else self.by_code[codes]

    def kept(self, index: int) -> bytes:
        out = []
        for t in reversed(self.tiles):
            k, index = divmod(index, self.place[t])
            out.append(bytes([t]) * k)
        return b"".join(reversed(out))

    def spent(self, tiles) -> int:
        return sum(self.place[t] for t in tiles)


# ---------------------------------------------------------------- games ---
def timed_class(cls, spent: list[float], racks: list | None):
    """`cls` whose construction adds its CPU time to spent[0] (and records the rack, when asked)."""

    class Timed(cls):
        def __init__(self, rack, table, tile_values):
            start = CLOCK()
            super().__init__(rack, table, tile_values)
            spent[0] += CLOCK() - start
            if racks is not None:
                racks.append(Counter(rack))

    return Timed


def play(cls, setup, games: int, racks: list | None = None) -> dict:
    from lexicon_tools.engine import equity
    from lexicon_tools.engine.runner import play_game
    from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves

    rules, judge, nodes = setup
    leaves = read_leaves(bundled_path("webfeud"))          # fresh: no cache from an earlier round
    spent = [0.0]
    saved = equity.RackLeaves
    equity.RackLeaves = timed_class(cls, spent, racks)
    digest = hashlib.sha256()
    try:
        start = CLOCK()
        for seed in range(games):
            game = play_game(rules, judge, nodes, ("equity", "equity"), seed, leaves=leaves)
            digest.update(repr((game.turns, game.adjustments, game.outcome, game.scores())).encode())
        total = CLOCK() - start
    finally:
        equity.RackLeaves = saved
    return {"total": total, "leaves": spent[0], "digest": digest.hexdigest()}


def value_racks(cls, racks: list[Counter], values) -> tuple[float, list[np.ndarray]]:
    from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves

    table = read_leaves(bundled_path("webfeud"))
    start = CLOCK()
    out = [cls(rack, table, values).values for rack in racks]
    return CLOCK() - start, out


def setup(tmp: Path):
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.resources import default_lexicon_path

    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    real = default_lexicon_path("webfeud")
    if real.is_file():
        from lexicon_tools.io.formats.lexfile import load_lexicon

        kwg, description = load_lexicon(real).kwg, f"the default Webfeud lexicon ({real})"
    else:
        from lexicon_common import word_list

        from lexicon_tools.lexicon.kwg import Kwg, build_kwg

        words_description, words = word_list()
        encoded = [rules.alphabet.encode(w) for w in words if 2 <= len(w) <= 15 and rules.alphabet.is_tileable(w)]
        path = tmp / "webfeud.kwg"
        path.write_bytes(build_kwg(encoded).to_bytes())
        kwg = Kwg(path.read_bytes())
        description = f"{words_description}; {len(encoded):,} words of 2-15 letters (no default lexicon built)"
    return (rules, KwgJudge(kwg, "webfeud"), kwg.nodes), description


def _line(name: str, r: dict, games: int) -> str:
    rest = r["total"] - r["leaves"]
    return (f"{name:<34} {games / r['total']:6.1f} games/s  {r['total']:6.2f} s CPU | leave valuation "
            f"{r['leaves']:5.2f} s ({r['leaves'] / r['total']:4.0%}), rest {rest:5.2f} s ({rest / r['total']:4.0%})")


def main() -> None:
    from lexicon_tools.engine.leaves import RackLeaves

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3, help="runs per side, alternating; the fastest counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="equity-speed-") as tmp:
        state, description = setup(Path(tmp))
    print(f"lexicon: {description}")
    print(f"{args.games} equity-vs-equity Webfeud games (seeds 0..{args.games - 1}), one process, "
          f"fastest of {args.rounds} alternating rounds")
    play(RackLeaves, state, 1)                               # warm-up: JIT cache load, imports
    best: dict[str, dict] = {}
    racks: list[Counter] = []
    for round_ in range(args.rounds):
        for name, cls in (("old", OldRackLeaves), ("new", RackLeaves)):
            result = play(cls, state, args.games, racks if (name == "new" and round_ == 0) else None)
            if name not in best or result["total"] < best[name]["total"]:
                best[name] = result
    old, new = best["old"], best["new"]
    print(_line("baseline: RackLeaves as of c2c076e", old, args.games))
    print(_line("now: engine.leaves.RackLeaves", new, args.games))
    print(f"games per second, new / old: {old['total'] / new['total']:.2f}x; leave valuation in the games, "
          f"old / new: {old['leaves'] / new['leaves']:.1f}x; identical games: "
          f"{'yes' if old['digest'] == new['digest'] else 'NO'}")

    values = state[0].values
    t_old, v_old = value_racks(OldRackLeaves, racks, values)
    t_new, v_new = value_racks(RackLeaves, racks, values)
    identical = all(np.array_equal(a.view(np.int64), b.view(np.int64)) for a, b in zip(v_old, v_new))
    print(f"leave valuation alone, the {len(racks):,} racks of the games' first round valued again: "
          f"old {t_old / len(racks) * 1e6:.0f} us/rack, new {t_new / len(racks) * 1e6:.0f} us/rack, "
          f"ratio old/new {t_old / t_new:.1f}x; bit-identical values: {'yes' if identical else 'NO'}")


if __name__ == "__main__":
    main()
