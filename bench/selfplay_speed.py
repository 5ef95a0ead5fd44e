"""Benchmark: self-play in one process against commit 1d4d615 (issue 25).

Targets (issue 25), games per second in one process, ratio to 1d4d615 measured in the same run:
greedy Webfeud >= 3.5x, equity Webfeud >= 4x, greedy SmartFeud >= 5x; the games must hash
identically where the rules did not change.

The equity player of the checkout solves two-player endgames exactly (issue 24, `engine.endgame`),
which 1d4d615's did not: its games differ and it spends time there. The case
``equity-webfeud-no-endgame`` switches that search off (``Equity.endgame = None``), so both sides
play the same player and the games must hash identically. SmartFeud's games differ where issue 27
changed its rule readings (``forbid`` bans the taken letter of either kind, the bingo with a board
letter).

Measured: --games games per case, seeds 0..N-1, two seats of the same strategy, played by
`engine.runner.play_game` and summarised by `engine.stats.summarise` (as ``lexicon-tools play``
plays them); equity seats use the bundled leave values of the ruleset. Lexicons: the built
default lexicon of each ruleset (``lexicon-tools build --ruleset webfeud|smartfeud`` in
LEXICON_TOOLS_HOME), else the shared benchmark word list built into a KWG; both sides read the
same KWG file.

Each side and case runs in a child process on its own tree (bench/lexicon_baseline.py unpacks
1d4d615 with ``git archive``): one untimed warm-up game (numba compile or cache load), then the
games; CPU time of the child, fastest of --rounds children per side. Every game's turns,
adjustments and outcome are hashed; the digests of the two sides are compared (the summary is
timed but not hashed, since its fields grew after 1d4d615).

Run: .venv/bin/python bench/selfplay_speed.py [--games 200] [--smartfeud-games 40] [--rounds 2]
     [--case greedy-webfeud] ...
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
CASES = {  # name: (ruleset, strategy, target)
    "greedy-webfeud": ("webfeud", "greedy", 3.5),
    "equity-webfeud": ("webfeud", "equity", 4.0),
    # the equity player of 1d4d615: the exact endgame search (issue 24, engine/endgame.py) switched off
    "equity-webfeud-no-endgame": ("webfeud", "equity-no-endgame", 4.0),
    "greedy-smartfeud": ("smartfeud", "greedy", 5.0),
}


def child(kwg_path: str, ruleset: str, strategy: str, games: int) -> None:
    sys.path.insert(0, str(HERE))
    from lexicon_baseline import load_ruleset, old_or_new, package_of

    from lexicon_tools.engine import runner
    from lexicon_tools.engine.judge import KwgJudge
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.stats import summarise
    from lexicon_tools.lexicon.kwg import Kwg

    kwg = Kwg(Path(kwg_path).read_bytes())
    rules = Rules.from_ruleset(load_ruleset(ruleset))
    judge, nodes = KwgJudge(kwg, ruleset), kwg.nodes
    leaves = None
    if strategy == "equity-no-endgame":
        from lexicon_tools.engine import equity

        strategy, init = "equity", equity.Equity.__init__

        def without_endgame(self, *args, **kwargs):
            init(self, *args, **kwargs)
            if hasattr(self, "endgame"):
                self.endgame = None

        equity.Equity.__init__ = without_endgame
    if strategy == "equity":
        bundled = old_or_new("lexicon_tools.io.formats.leavefile", "lexicon_tools.io.leavefile", "bundled_path")
        read = old_or_new("lexicon_tools.io.formats.leavefile", "lexicon_tools.io.leavefile", "read_leaves")
        leaves = read(bundled(ruleset))
    seats = (strategy, strategy)
    runner.play_game(rules, judge, nodes, seats, games + 1, leaves=leaves)     # warm-up, untimed
    digest, turns = hashlib.sha256(), 0
    start = time.process_time()
    for seed in range(games):
        game = runner.play_game(rules, judge, nodes, seats, seed, leaves=leaves)
        summarise(game)
        digest.update(repr((game.turns, game.adjustments, game.outcome)).encode())
        turns += len(game.turns)
    seconds = time.process_time() - start
    print(json.dumps({"seconds": seconds, "games": games, "turns": turns, "digest": digest.hexdigest(),
                      "package": package_of(runner)}))


def kwg_file(ruleset: str, folder: Path) -> tuple[Path, str]:
    """The KWG of the ruleset's built default lexicon, or of the bench word list, as a file."""
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.lexicon.kwg import build_kwg
    from lexicon_tools.resources import default_lexicon_path

    out = folder / f"{ruleset}.kwg"
    path = default_lexicon_path(ruleset)
    if path.is_file():
        lex = load_lexicon(path)
        out.write_bytes(bytes(lex.kwg.nodes.tobytes()))
        return out, f"{path} ({lex.word_count:,} words)"
    from lexicon_common import word_list

    alphabet = Rules.from_ruleset(load_ruleset(ruleset)).alphabet
    description, words = word_list()
    encoded = [alphabet.encode(w) for w in words if 2 <= len(w) <= 15 and alphabet.is_tileable(w)]
    out.write_bytes(build_kwg(encoded).to_bytes())
    return out, f"{description}; {len(encoded):,} words (no default {ruleset} lexicon built)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="Webfeud games per case")
    parser.add_argument("--smartfeud-games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--case", action="append", choices=sorted(CASES), help="only these cases (repeatable)")
    parser.add_argument("--child", nargs=4, metavar=("KWG", "RULESET", "STRATEGY", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.child[2], int(args.child[3]))
        return
    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from lexicon_baseline import BASELINE, measure, sides

    script = str(Path(__file__).resolve())
    failed = False
    with tempfile.TemporaryDirectory(prefix="selfplay-speed-") as tmp, sides() as trees:
        kwgs: dict[str, Path] = {}
        for name in args.case or list(CASES):
            ruleset, strategy, target = CASES[name]
            if ruleset not in kwgs:
                kwgs[ruleset], description = kwg_file(ruleset, Path(tmp))
                print(f"{ruleset} lexicon: {description}")
            games = args.smartfeud_games if ruleset == "smartfeud" else args.games
            best = measure(trees, [script, "--child", str(kwgs[ruleset]), ruleset, strategy, str(games)], args.rounds)
            base, now = best["baseline"], best["current"]
            ratio = base["seconds"] / now["seconds"]
            same = base["digest"] == now["digest"]
            print(f"{name}: {games} games, seeds 0..{games - 1}, CPU s, best of {args.rounds} rounds")
            print(f"  baseline {BASELINE}  {games / base['seconds']:7.1f} games/s  {base['seconds']:7.2f} s  "
                  f"{base['turns']} turns")
            print(f"  current          {games / now['seconds']:7.1f} games/s  {now['seconds']:7.2f} s  "
                  f"{now['turns']} turns")
            print(f"  ratio {ratio:.2f}x (target >= {target}x: {'met' if ratio >= target else 'MISSED'}); "
                  f"identical games: {'yes' if same else 'NO'}")
            failed |= not same
    if failed:
        print("some games differ from the baseline: only acceptable where a rule changed since the baseline")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
