"""The lexicon the GCG fixtures were played on: the first 40,000 rows of the bundled noun corpus, built
for a ruleset with the project's own pipeline (see gcg_fixtures/README.md)."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).parent / "gcg_fixtures"
ROWS = 40_000


def build_fixture_lexicon(ruleset: str, folder: Path, rows: int = ROWS) -> Path:
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict
    from lexicon_tools.io.readers.corpus_sample import corpus_forms

    words = corpus_forms(rows)
    rs = load_ruleset(ruleset)
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, source=f"nouns.csv:{i}"), alphabet.normalize(w), True, "listed")
                for i, w in enumerate(words)
                if alphabet.is_tileable(alphabet.normalize(w))
                and 2 <= len(alphabet.normalize(w)) <= rs.word_policy.lengths.max]
    path = Path(folder) / f"{ruleset}.lex"
    build_from_verdicts(rs, verdicts, path)
    return path
