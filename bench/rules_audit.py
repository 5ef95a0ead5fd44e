"""Audit: thousands of seeded greedy games per ruleset, every turn checked against the seed rules.

Done-when of issue 10: 1,000 seeded greedy games per ruleset satisfy the
invariants of `lexicon_tools.engine.audit.GameAudit` (tiles conserved, board
words valid, bonus by own tiles, no taken letter back on its square, every
line building on the board before the turn, joker swaps by the next player
only, scores adding up, scoreless ends after the counted run). It also prints
the statistics a designer reads — bonus and letter-take rates — so the effect
of a rules change can be compared before and after.

Lexicons: the default lexicon of each ruleset (built with ``lexicon-tools
build --ruleset R`` if missing), or ``--lexicon-dir`` holding ``R.lex`` files.
A ruleset may be a house-rules path (e.g. one reading of issue 27): it plays
with its base's lexicon when its word rules are the base's.

Issue 27: it also counts the takes that lay the taken letter back on the
emptied square, as a natural tile or a blank, whichever was taken (the
loophole ``return_to_same_square: forbid`` closes): 0 is the target.
A correctness audit, not a speed benchmark: the time is printed for
planning, with the games-per-second rate of a plain run (no audit) of the
first 50 games as the baseline measured in the same run.

Run: .venv/bin/python bench/rules_audit.py [--games 1000] [--workers 2] [--rulesets smartfeud,webfeud,wortspieler]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_STATE: dict = {}


def _init(ruleset: str, lexicon: str, audit: bool) -> None:
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.play import judge_from_file

    judge = judge_from_file(lexicon)
    _STATE.update(rules=Rules.from_ruleset(load_ruleset(ruleset)), judge=judge, audit=audit)


class _Returns:
    """Counts takes and the takes that lay the taken letter back on its square, watching every turn."""

    def __init__(self, inner):
        self.inner, self.takes, self.back = inner, 0, 0

    def start(self, game) -> None:
        if self.inner:
            self.inner.start(game)

    def turn(self, game, turn, before, swappable) -> None:
        if self.inner:
            self.inner.turn(game, turn, before, swappable)
        if turn.kind != "place" or not turn.move.take:
            return
        self.takes += 1
        placed = {sq: code for line in turn.move.lines for sq, code in line.tiles}
        self.back += any(sq in placed and placed[sq] & 0x7F == before.cells[sq] & 0x7F for sq in turn.move.take)

    def finish(self, game) -> list[str]:
        return self.inner.finish(game) if self.inner else []


def _play(index: int):
    from lexicon_tools.engine.audit import GameAudit
    from lexicon_tools.engine.runner import game_seed, play_game
    from lexicon_tools.engine.stats import summarise

    judge, rules = _STATE["judge"], _STATE["rules"]
    watch = _Returns(GameAudit() if _STATE["audit"] else None)
    game = play_game(rules, judge, judge.kwg.nodes, ["greedy", "greedy"], game_seed(1, index), audit=watch)
    return summarise(game), watch.finish(game), (watch.takes, watch.back)


def _run(ruleset: str, lexicon: str, games: int, workers: int, audit: bool):
    with ProcessPoolExecutor(workers, initializer=_init, initargs=(ruleset, lexicon, audit)) as pool:
        return list(pool.map(_play, range(games), chunksize=4))


def _lexicon(ruleset: str, folder: Path | None) -> str:
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.play import base_lexicon_for
    from lexicon_tools.resources import default_lexicon_path

    rs = load_ruleset(ruleset)
    base, _note = base_lexicon_for(rs) if not folder else (None, None)
    if base:
        return base
    path = folder / f"{rs.name}.lex" if folder else default_lexicon_path(rs.name)
    if not path.exists():
        print(f"building the default {ruleset} lexicon ...", flush=True)
        subprocess.run([sys.executable, "-m", "lexicon_tools", "build", "--ruleset", ruleset, "-q"], check=True)
    return str(path)


def main() -> None:
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.stats import aggregate
    from lexicon_tools.io.formats.rulesets import load_ruleset

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rulesets", default="smartfeud,webfeud,wortspieler")
    parser.add_argument("--lexicon-dir", type=Path)
    args = parser.parse_args()
    failed = False
    for ruleset in args.rulesets.split(","):
        lexicon = _lexicon(ruleset, args.lexicon_dir)
        start = time.perf_counter()
        _run(ruleset, lexicon, min(50, args.games), args.workers, audit=False)
        plain = min(50, args.games) / (time.perf_counter() - start)
        start = time.perf_counter()
        results = _run(ruleset, lexicon, args.games, args.workers, audit=True)
        seconds = time.perf_counter() - start
        problems = [p for _, found, _ in results for p in found]
        takes, back = (sum(r[2][k] for r in results) for k in (0, 1))
        data = aggregate([s for s, _, _ in results], Rules.from_ruleset(load_ruleset(ruleset)),
                         ["greedy", "greedy"], 1).data
        bonus = ", ".join(f"+{k}: {v['per_game']:.2f}/game ({v['per_placement']:.1%})"
                          for k, v in data["bingos"]["by_bonus"].items()) or "none"
        print(f"{ruleset}: {args.games} games in {seconds:.0f} s ({args.games / seconds:.1f} games/s audited; "
              f"baseline: {min(50, args.games)} games without audit, worker start-up included, {plain:.1f} games/s)")
        print(f"  invariants: {'all hold' if not problems else f'{len(problems)} PROBLEMS'}")
        for problem in problems[:10]:
            print(f"    {problem}")
        print(f"  mean scores {[s['score']['mean'] for s in data['seats']]}, mean move score "
              f"{data['mean_move_score']:.2f}, {data['game_length']['turns']['mean']:.1f} turns/game")
        print(f"  bonuses {data['bingos']['per_game']:.2f}/game ({data['bingos']['per_placement']:.1%} of "
              f"placements): {bonus}")
        print(f"  letter takes {data['letter_takes']['per_game']:.2f}/game "
              f"({data['letter_takes']['per_placement']:.1%}); joker swaps "
              f"{data['special_moves_per_game']['joker_swaps']:.2f}/game; multi-word turns "
              f"{data['special_moves_per_game']['multi_word_turns']:.2f}/game")
        print(f"  takes that lay the taken letter back on its square (either kind of tile): {back} of {takes}")
        print(f"  end reasons {data['end_reasons']}", flush=True)
        failed = failed or bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
