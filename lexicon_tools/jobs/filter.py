"""The `filter` job: entries.jsonl -> the ruleset's word policy -> verdicts.jsonl, with counts.

Reads the entries (any format the importers know, usually entries.jsonl), runs
`lexicon_tools.policy.evaluate` with the analyzer the options ask for and the bundled
curated lists, writes one
verdict per entry atomically and returns the counts per reason (for ``--report``).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.bars import BarFactory, NoBar


@dataclass
class FilterSummary:
    entries: int = 0
    accepted: Counter = field(default_factory=Counter)
    rejected: Counter = field(default_factory=Counter)
    words_accepted: int = 0
    words_rejected: int = 0

    def add(self, verdict: Verdict, seen: set[str]) -> None:
        self.entries += 1
        (self.accepted if verdict.valid else self.rejected)[reason_class(verdict.reason)] += 1
        if verdict.normalized not in seen:
            seen.add(verdict.normalized)
            if verdict.valid:
                self.words_accepted += 1
            else:
                self.words_rejected += 1

    def report_lines(self) -> list[str]:
        lines = [(f"{self.entries:,} entries; {self.words_accepted:,} words accepted, "
                  f"{self.words_rejected:,} rejected (counts below are entries)")]
        for label, counts in (("accepted", self.accepted), ("rejected", self.rejected)):
            if counts:
                lines.append(f"{label}:")
                ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                lines += [f"  {reason:<36} {n:>10,}" for reason, n in ordered]
        return lines


def reason_class(reason: str) -> str:
    """Group reasons for the report: inflected-form:plural-of:HAUS -> inflected-form:plural-of."""
    head, sep, _ = reason.rpartition(":")
    if sep and head.startswith(("inflected-form:", "diminutive-of")):
        return head
    return reason


def evaluate_with_defaults(entries, ruleset, *, analyzer=None, curated=None, progress=None):
    """`policy.evaluate` with the bundled curated lists and the default analyzer filled in."""
    from lexicon_tools.io.formats.curated import load_curated
    from lexicon_tools.io.formats.morphology import default_analyzer
    from lexicon_tools.policy import evaluate

    entries = entries if isinstance(entries, list) else list(entries)
    if curated is None:
        curated = load_curated()
    if analyzer is None:
        analyzer = default_analyzer(entries, ruleset)
    return evaluate(entries, ruleset, analyzer=analyzer, curated=curated, progress=progress)


def decide_with_defaults(corpus, ruleset, *, analyzer=None, curated=None, progress=None):
    """One decision per word in tiles (`assemble.DecisionColumns`) for a `CompactCorpus`, what a build
    needs, with the bundled curated lists and the default analyzer (`io.formats.morphology.corpus_analyzer`)."""
    from lexicon_tools.io.formats.curated import load_curated
    from lexicon_tools.io.formats.morphology import corpus_analyzer
    from lexicon_tools.lexicon.assemble import DecisionColumns
    from lexicon_tools.policy import evaluate_words

    if curated is None:
        curated = load_curated()
    if analyzer is None:
        analyzer = corpus_analyzer(corpus.share_readings(), ruleset)
    decided = evaluate_words(corpus.surfaces, corpus.capitals(), ruleset, analyzer=analyzer, curated=curated,
                             progress=progress)
    lemmas, pos = corpus.lemmas, corpus.pos
    first_lemma, first_pos = corpus.first_lemma, corpus.first_pos
    return DecisionColumns(decided.tiles, decided.valid, decided.reasons,
                           [lemmas[first_lemma[i]] for i in decided.first],
                           [pos[first_pos[i]] for i in decided.first])


def read_input(path: str | os.PathLike, fmt: str = "auto"):
    if fmt == "auto" and str(path).endswith(".jsonl"):
        from lexicon_tools.io.formats.entries_jsonl import read_entries

        return list(read_entries(path))
    from lexicon_tools.io.readers import iter_entries

    return list(iter_entries(Path(path), fmt))


def run_filter(entries_path: str | os.PathLike, ruleset_name: str, output: str | os.PathLike | None, *,
               fmt: str = "auto", model: str | os.PathLike | None = None, base: str = "auto",
               use_model: bool = True, quiet: bool = False, bars: BarFactory = NoBar) -> FilterSummary:
    from lexicon_tools.errors import InputFileError
    from lexicon_tools.io.formats.morphology import default_analyzer
    from lexicon_tools.io.guard.paths import check_outputs
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.io.formats.verdicts_jsonl import write_verdicts

    check_outputs([output], [entries_path, ruleset_name, model])
    ruleset = load_ruleset(ruleset_name)
    check_outputs([output], [getattr(ruleset, "source", None)])
    entries = read_input(entries_path, fmt)
    if not entries:
        raise InputFileError(f"{entries_path}: no entries (the file is empty?); nothing was written",
                             "Check that this is the right file; the previous output is unchanged.")
    analyzer = default_analyzer(entries, ruleset, model_dir=model, base=base, use_model=use_model)
    summary = FilterSummary()
    seen: set[str] = set()
    with bars("filter", total=len(entries), enabled=False if quiet else None) as bar:
        verdicts = evaluate_with_defaults(entries, ruleset, analyzer=analyzer, progress=bar.advance)

        def counted():
            for verdict in verdicts:
                summary.add(verdict, seen)
                yield verdict

        if output is not None:
            write_verdicts(output, counted())
        else:
            for _ in counted():
                pass
    return summary
