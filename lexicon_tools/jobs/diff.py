"""What a change of sources or house rules does to a lexicon: words added and removed, by class and reason.

The two verdict tables are sorted by word (see `lexicon_tools.lexicon.verdicts`), so the diff is one
merge walk over both, block by block, holding neither table in memory. A word is *added* when B
accepts it and A does not (A may refuse it or not know it), *removed* in the other direction. Each
change is grouped by

- **class**, read from the verdict's reason, the only grammar a lexicon keeps per word: `noun`
  (nom-sg, inflected-form, plurale-tantum, diminutives ...), `name` (proper-noun), `abbreviation`,
  `register`, `other` (listed: verbs, adjectives, function words; not-a-noun) and `absent` (a word
  the lexicon's sources do not have);
- **reason**, the reason code without its lemma (`inflected-form:plural-of:HAUS` counts as
  `inflected-form:plural`): for an added word B's reason for accepting it, for a removed word B's
  reason for refusing it, or `not-in-lexicon` when B's sources lack it.

Samples are evenly spaced over each group (deterministic, not random), so two runs agree.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from lexicon_tools.jobs.bars import BarFactory, NoBar
from lexicon_tools.lexicon.lexicon import Lexicon
from lexicon_tools.lexicon.verdicts import VerdictRecord

ABSENT = "not-in-lexicon"
NOUN_REASONS = ("nom-sg", "inflected-form", "plurale-tantum", "lexicalized-plural", "lexicalized-diminutive",
                "diminutive-of", "unknown-word")


def reason_family(reason: str) -> str:
    """The reason code without its lemma: inflected-form:plural-of:HAUS -> inflected-form:plural."""
    head, _, rest = reason.partition(":")
    if head == "inflected-form":
        kind = rest.partition(":")[0]
        return f"{head}:{kind[:-3] if kind.endswith('-of') else kind}" if kind else head
    if head == "diminutive-of":
        return head
    return reason


def word_class(reason: str) -> str:
    head = reason.partition(":")[0]
    if reason == ABSENT:
        return "absent"
    if head in NOUN_REASONS:
        return "noun"
    if head == "proper-noun":
        return "name"
    if head == "abbreviation":
        return "abbreviation"
    if head in ("register", "domain"):
        return "register"
    return "other"


@dataclass
class Change:
    word: str
    reason_before: str
    reason_after: str


@dataclass
class DiffGroup:
    count: int = 0
    sample: list[str] = field(default_factory=list)


@dataclass
class LexiconDiff:
    legal_before: int
    legal_after: int
    added: dict[tuple[str, str], DiffGroup]    # (class, reason) -> words
    removed: dict[tuple[str, str], DiffGroup]

    @property
    def added_count(self) -> int:
        return sum(g.count for g in self.added.values())

    @property
    def removed_count(self) -> int:
        return sum(g.count for g in self.removed.values())

    def to_dict(self) -> dict:
        def groups(table):
            return [{"class": c, "reason": r, "count": g.count, "sample": g.sample}
                    for (c, r), g in sorted(table.items(), key=lambda kv: (-kv[1].count, kv[0]))]

        return {"legal_before": self.legal_before, "legal_after": self.legal_after,
                "added": self.added_count, "removed": self.removed_count,
                "added_by_class": groups(self.added), "removed_by_class": groups(self.removed)}


def _merge(a: Iterable[VerdictRecord], b: Iterable[VerdictRecord]) -> Iterator[tuple[str, VerdictRecord | None,
                                                                                    VerdictRecord | None]]:
    """(word, record in A or None, record in B or None), in word order."""
    ia, ib = iter(a), iter(b)
    ra, rb = next(ia, None), next(ib, None)
    while ra is not None or rb is not None:
        if rb is None or (ra is not None and ra.word < rb.word):
            yield ra.word, ra, None
            ra = next(ia, None)
        elif ra is None or rb.word < ra.word:
            yield rb.word, None, rb
            rb = next(ib, None)
        else:
            yield ra.word, ra, rb
            ra, rb = next(ia, None), next(ib, None)


def changes(before: Lexicon, after: Lexicon, bars: BarFactory = NoBar) -> tuple[list[Change], list[Change], int, int]:
    """(added, removed, legal words in A, legal words in B)."""
    added, removed, legal_a, legal_b = [], [], 0, 0
    with bars("comparing", total=len(before.verdicts) + len(after.verdicts)) as bar:
        for word, ra, rb in _merge(before.verdicts, after.verdicts):
            bar.advance((ra is not None) + (rb is not None))
            valid_a, valid_b = bool(ra and ra.valid), bool(rb and rb.valid)
            legal_a += valid_a
            legal_b += valid_b
            if valid_a != valid_b:
                change = Change(word, ra.reason if ra else ABSENT, rb.reason if rb else ABSENT)
                (added if valid_b else removed).append(change)
    return added, removed, legal_a, legal_b


def _group(found: list[Change], key, sample: int) -> dict[tuple[str, str], DiffGroup]:
    members: dict[tuple[str, str], list[str]] = defaultdict(list)
    for change in found:
        members[key(change)].append(change.word)
    out = {}
    for name, words in members.items():
        step = max(1, len(words) // sample) if sample else len(words) + 1
        out[name] = DiffGroup(len(words), words[::step][:sample])
    return out


def diff_lexicons(before: Lexicon, after: Lexicon, sample: int = 8, bars: BarFactory = NoBar) -> LexiconDiff:
    added, removed, legal_a, legal_b = changes(before, after, bars)

    def key_added(change: Change) -> tuple[str, str]:
        return word_class(change.reason_after), reason_family(change.reason_after)

    def key_removed(change: Change) -> tuple[str, str]:
        # the class the word had (A accepted it), the reason B refuses it
        return word_class(change.reason_before), reason_family(change.reason_after)

    return LexiconDiff(legal_a, legal_b, _group(added, key_added, sample), _group(removed, key_removed, sample))


def count_by_class(table: dict[tuple[str, str], DiffGroup]) -> Counter:
    return Counter({c: 0 for c, _ in table}) + Counter(
        {c: sum(g.count for (cc, _), g in table.items() if cc == c) for c, _ in table})
