"""Check: `moves` on 200 positions from recorded test games returns the move the game's strategy chose.

Target (issue 25): ``lexicon-tools moves`` on 200 positions from test games returns,
as its top move, the move the same strategy chose in those games, and its scores
agree with the rules engine.

Lexicons: built in a temporary folder from the first --rows rows of the bundled
noun corpus (the project's own CC BY-SA data), one per ruleset (webfeud, smartfeud,
wortspieler). Games: ``play --record`` (`jobs.play.run_play`), equity against greedy,
until each ruleset has given --positions/3 positions. Every turn of every record is
a position: the record's earlier turns replayed (`jobs.analysis`), then
`engine.ranking.rank_moves` with the strategy of the seat that moved.

Reported: positions, agreements with the recorded move, listed moves whose generator
score differs from the rules engine's (must be 0), and per kind (placement, take,
joker swap, multi-word, exchange, pass) how often it was the played move. Timing: the
ranking (all moves, the top 5 re-scored by the rules engine) against the baseline
measured in the same run on the same positions: the strategy choosing its move from
the same generated list (`Strategy.choose`), as the game loop does without best-move mode.

Also reported (issue 25, `replay --annotate` and GCG): every game is written as GCG
(`io.formats.gcg.format_gcg`), read back with its recorded racks and annotated
(`jobs.annotate.run_annotate`) once per strategy; the seat that played a strategy
must be that strategy's best move, with no equity lost, in every one of its turns.

Run: .venv/bin/python bench/moves_agreement.py [--positions 200] [--rows 30000]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT.parent))

GAMES = ("webfeud", "smartfeud", "wortspieler")


def corpus_words(limit: int) -> list[str]:
    from lexicon_tools.io.readers.corpus_sample import corpus_forms

    words = corpus_forms(limit)
    return words


def build(name: str, words: list[str], folder: Path) -> Path:
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict

    rs = load_ruleset(name)
    a = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, source="nouns"), a.normalize(w), True, "listed") for w in words
                if a.is_tileable(a.normalize(w)) and 2 <= len(a.normalize(w)) <= rs.word_policy.lengths.max]
    path = folder / f"{name}.lex"
    build_from_verdicts(rs, verdicts, path)
    return path


def kind_of(row) -> str:
    if row.kind != "place":
        return row.kind
    if " & " in row.text:
        return "multi-word"
    if "take:" in row.text:
        return "take"
    if "swap:" in row.text:
        return "joker swap"
    return "placement"


def annotate_gcg(record, path: Path, lex: Path, totals: Counter) -> None:
    """The game as GCG, annotated per strategy: each seat must be its own strategy's best move."""
    from lexicon_tools.io.formats.gcg import format_gcg
    from lexicon_tools.jobs.annotate import run_annotate

    gcg = path.with_suffix(".export.gcg")
    gcg.write_text(format_gcg(record), encoding="utf-8")
    for seat, strategy in zip(record.players, record.strategies):
        result = run_annotate(gcg, lexicon=lex, ruleset=record.ruleset, strategy=strategy)
        mine = [t for t in result.turns if t.player == seat and t.loss is not None]
        totals["gcg turns"] += len(mine)
        totals["gcg best"] += sum(t.agrees and t.loss == 0 for t in mine)
        for t in mine:
            if not t.agrees:
                print(f"  annotate differs: {gcg.name} turn {t.number} ({strategy}): played {t.played}, "
                      f"best {t.best}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rows", type=int, default=30000)
    args = parser.parse_args()

    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.ranking import rank_moves
    from lexicon_tools.engine.rules import Rules
    from lexicon_tools.engine.strategy import get_strategy
    from lexicon_tools.io.formats.gamerecord import read_record
    from lexicon_tools.io.formats.leavefile import load_for
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.analysis import _from_record
    from lexicon_tools.jobs.play import judge_from_file, run_play

    words = corpus_words(args.rows)
    per_game = -(-args.positions // len(GAMES))
    totals = Counter()
    kinds, agreed_kinds = Counter(), Counter()
    rank_time = choose_time = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in GAMES:
            lex = build(name, words, folder)
            rules = Rules.from_ruleset(load_ruleset(name))
            judge = judge_from_file(str(lex))
            table, _ = load_for(rules, None)
            done, seed = 0, 0
            while done < per_game:
                seed += 1
                run_play(name, games=1, strategies="equity,greedy", seed=seed, lexicon=lex,
                         record_dir=folder / f"{name}-{seed}", quiet=True)
                path = folder / f"{name}-{seed}" / f"{name}-0001.gcg"
                record = read_record(path)
                annotate_gcg(record, path, lex, totals)
                for number, row in enumerate(record.turns, start=1):
                    if done >= per_game:
                        break
                    game, played, strategy = _from_record(record, rules, judge, number, path)
                    generator = MoveGenerator(game.rules, judge.kwg.nodes, judge)
                    start = time.perf_counter()
                    ranked, _ = rank_moves(game, generator, strategy, table if strategy == "equity" else None, 5)
                    rank_time += time.perf_counter() - start
                    player = get_strategy(strategy, table)
                    if hasattr(player, "bind"):
                        player.bind(generator)
                    start = time.perf_counter()
                    moves = generator.generate(game.board, game.player.rack, game.swappable_jokers())
                    player.choose(game, moves, random.Random(0))
                    choose_time += time.perf_counter() - start
                    kind = kind_of(row)
                    kinds[kind] += 1
                    totals["positions"] += 1
                    totals[f"positions {name}"] += 1
                    if ranked[0].notation == played:
                        totals["agree"] += 1
                        agreed_kinds[kind] += 1
                    else:
                        print(f"  differs: {path.name} turn {number} ({strategy}): played {played}, "
                              f"ranked first {ranked[0].notation}")
                    totals["score mismatches"] += sum(c.engine_score != c.score for c in ranked)
                    totals["listed"] += len(ranked)
                    done += 1
    n = totals["positions"]
    per = ", ".join(f"{g} {totals['positions ' + g]}" for g in GAMES)
    print(f"positions            {n} ({per})")
    print(f"top move = played    {totals['agree']} of {n}")
    print(f"score != engine      {totals['score mismatches']} of {totals['listed']} listed moves")
    print("played kinds         " + ", ".join(f"{k} {agreed_kinds[k]}/{v}" for k, v in sorted(kinds.items())))
    print(f"time per position    ranking {1000 * rank_time / n:.1f} ms, strategy choice (baseline) "
          f"{1000 * choose_time / n:.1f} ms, ratio {rank_time / choose_time:.2f}x")
    print(f"GCG annotate: own strategy's best move in {totals['gcg best']} of {totals['gcg turns']} turns "
          "(each game written as GCG, replayed with its racks)")
    if totals["agree"] != n or totals["score mismatches"] or totals["gcg best"] != totals["gcg turns"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
