"""Word policies: which entries become game words, with a reason for every verdict.

Entry point (the contract other packages use)::

    from lexicon_tools.policy import evaluate
    for verdict in evaluate(entries, ruleset, analyzer=analyzer, curated=curated):
        ...  # Verdict(entry, normalized, valid, reason, evidence)

Two kinds, chosen by ``ruleset.word_policy.kind`` (data, never the game's name):

- ``nominative_singular_nouns`` (Wortspieler): `nominative.NominativeSingularPolicy`;
- ``all_forms`` (SmartFeud, Webfeud): `all_forms.AllFormsPolicy`.

The modules here are pure: they take entries, a ruleset, an analyzer (readings per
word, `readings.Analyzer`) and the curated lists (`curated.CuratedLists`), and never
import spaCy or open files. Callers that want the bundled curated lists and the
default analyzer (the spaCy pipeline with the shipped fallback model for the
nominative rule, a plain lexicon for all forms) use
`lexicon_tools.jobs.filter.evaluate_with_defaults`, which loads them from the layers
that own them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.policy.curated import CuratedLists
from lexicon_tools.policy.decide import ProgressCallback, WordDecisions, decide, decide_per_word
from lexicon_tools.policy.readings import Analyzer, Reading

if TYPE_CHECKING:
    from lexicon_tools.model.ruleset import Ruleset

__all__ = ["Analyzer", "CuratedLists", "Reading", "evaluate", "evaluate_words", "make_judge"]


def make_judge(ruleset: Ruleset, curated: CuratedLists, analyzer: Analyzer):
    """The judging object of the ruleset's policy kind."""
    policy = ruleset.word_policy
    alphabet = ruleset.make_alphabet()
    lists = curated.for_alphabet(alphabet)
    if policy.kind == "all_forms":
        from lexicon_tools.policy.all_forms import AllFormsPolicy

        return AllFormsPolicy(policy, alphabet, lists)
    from lexicon_tools.policy.nominative import NominativeSingularPolicy

    return NominativeSingularPolicy(policy, alphabet, lists, analyzer.lookup, getattr(analyzer, "head_count", None))


def evaluate(entries: Iterable[Entry], ruleset: Ruleset, *, analyzer: Analyzer, curated: CuratedLists,
             progress: ProgressCallback | None = None) -> Iterator[Verdict]:
    """One verdict per entry, in input order. Materialises `entries` (inflection tables)."""
    entries = entries if isinstance(entries, list) else list(entries)
    judge = make_judge(ruleset, curated, analyzer)
    return decide(entries, ruleset.word_policy, ruleset.make_alphabet(), judge, analyzer, progress)


def evaluate_words(surfaces: Sequence[str], capitals: frozenset[str], ruleset: Ruleset, *, analyzer: Analyzer,
                   curated: CuratedLists, progress: ProgressCallback | None = None) -> WordDecisions:
    """One decision per word in tiles (columns: tiles, valid, reason, index of its first surface), for distinct
    `surfaces` in input order and the `capitals` of `casing.all_caps_in_mixed_case`: what a build
    needs, without a verdict per entry. Every entry of a word gets this decision in `evaluate`."""
    judge = make_judge(ruleset, curated, analyzer)
    return decide_per_word(surfaces, capitals, ruleset.word_policy, ruleset.make_alphabet(), judge, analyzer,
                           progress)
