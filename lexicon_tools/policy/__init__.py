"""Word policies: which entries become game words, with a reason for every verdict.

Entry point (the contract other packages use)::

    from lexicon_tools.policy import evaluate
    for verdict in evaluate(entries, ruleset):
        ...  # Verdict(entry, normalized, valid, reason, evidence)

Two kinds, chosen by ``ruleset.word_policy.kind`` (data, never the game's name):

- ``nominative_singular_nouns`` (Wortspieler): `nominative.NominativeSingularPolicy`;
- ``all_forms`` (SmartFeud, Webfeud): `all_forms.AllFormsPolicy`.

The modules here are pure: they take entries, a ruleset, an analyzer (readings per
word, `readings.Analyzer`) and the curated lists (`curated.CuratedLists`), and never
import spaCy or open files. `evaluate` fills in what the caller leaves out from the
layers that own it: the bundled curated lists (`lexicon_tools.io.curated`) and the
analyzer (`lexicon_tools.io.morphology.default_analyzer`: the spaCy pipeline with
the shipped fallback model for the nominative rule, a plain lexicon for all forms).
These two imports are the only ones that reach above this layer, and only when the
caller passes nothing; pass both explicitly to stay pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.policy.curated import CuratedLists
from lexicon_tools.policy.decide import ProgressCallback, decide
from lexicon_tools.policy.readings import Analyzer, Reading

if TYPE_CHECKING:
    from lexicon_tools.model.ruleset import Ruleset

__all__ = ["Analyzer", "CuratedLists", "Reading", "evaluate", "make_judge"]


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


def evaluate(entries: Iterable[Entry], ruleset: Ruleset, *, analyzer: Analyzer | None = None,
             curated: CuratedLists | None = None, progress: ProgressCallback | None = None) -> Iterator[Verdict]:
    """One verdict per entry, in input order. Materialises `entries` (inflection tables)."""
    entries = entries if isinstance(entries, list) else list(entries)
    if curated is None:
        from lexicon_tools.io.curated import load_curated

        curated = load_curated()
    if analyzer is None:
        from lexicon_tools.io.morphology import default_analyzer

        analyzer = default_analyzer(entries, ruleset)
    judge = make_judge(ruleset, curated, analyzer)
    return decide(entries, ruleset.word_policy, ruleset.make_alphabet(), judge, analyzer, progress)
