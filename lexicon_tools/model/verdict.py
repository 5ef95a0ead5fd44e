"""Verdicts: a word policy's accept/reject decision for one entry, with its reason.

Serialised (verdicts.jsonl) as the entry's keys plus ``normalized``, ``valid``,
``reason`` and ``evidence``. Reason codes are short, stable strings a player can
be shown, e.g. ``nom-sg``, ``plurale-tantum``, ``inflected-form:plural-of:HAUS``,
``diminutive-of:HUND``, ``proper-noun``, ``not-a-noun``, ``register:colloquial``,
``not-tileable``, ``length``.

A word (normalised spelling) is legal if **any** of its entries is accepted;
`word_verdict` picks the verdict that explains a word best.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.model.entry import Entry

# Lower rank explains a rejection better: "plural of HAUS" beats "not a noun".
# A reading that would be legal but for a house rule explains best (Eltern with
# allow_plurale_tantum off), then a nominative singular that is a diminutive
# (Häuschen: "diminutive of HAUS", not "plural of HÄUSCHEN"), then inflected forms. A
# function-word homograph (ODER) is explained by its refused noun reading, not by "not a noun".
_REJECT_RANK = (
    "plurale-tantum",
    "lexicalized-plural",
    "lexicalized-diminutive",
    "diminutive-of:",
    "inflected-form:",
    "proper-noun",
    "register:",
    "abbreviation",
    "function-word-homograph",   # Oder: the noun reading is refused by a house rule, the conjunction is no noun
    "likely-misspelling",
    "unknown-word",
    "not-a-noun",
    "length",
    "not-tileable",
)


@dataclass(frozen=True)
class Verdict:
    entry: Entry
    normalized: str
    valid: bool
    reason: str
    evidence: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.entry.to_dict()
        data.update(normalized=self.normalized, valid=self.valid, reason=self.reason, evidence=dict(self.evidence))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Verdict":
        return cls(Entry.from_dict(data), data["normalized"], bool(data["valid"]), data["reason"],
                   dict(data.get("evidence") or {}))


def reject_rank(reason: str) -> int:
    for rank, prefix in enumerate(_REJECT_RANK):
        if reason.startswith(prefix):
            return rank
    return len(_REJECT_RANK)


def word_verdict(verdicts: Iterable[Verdict]) -> Verdict:
    """The verdict that decides and explains one normalised word (any accept wins)."""
    best: Verdict | None = None
    for verdict in verdicts:
        if verdict.valid:
            return verdict
        if best is None or reject_rank(verdict.reason) < reject_rank(best.reason):
            best = verdict
    if best is None:
        raise ValueError("word_verdict needs at least one verdict")
    return best
