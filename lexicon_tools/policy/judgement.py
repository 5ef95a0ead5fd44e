"""A judgement: one reading's accept/reject with its reason and the evidence behind it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lexicon_tools.model.verdict import reject_rank
from lexicon_tools.policy import reasons
from lexicon_tools.policy.readings import Reading


@dataclass(frozen=True, slots=True)
class Judgement:
    valid: bool
    reason: str
    reading: Reading | None = None
    rule: str | None = None  # the house-rule switch that decided, e.g. "allow_plurals=false"

    def evidence(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.reading is not None:
            data["source"] = self.reading.source or self.reading.origin
            data["reading"] = self.reading.to_evidence()
        if self.rule:
            data["rule"] = self.rule
        return data


def switch(flag_name: str, value: bool) -> str:
    return f"{flag_name}={'true' if value else 'false'}"


def better(a: Judgement, b: Judgement) -> bool:
    """Is `a` a better explanation of a word than `b`? Any accept beats any reject."""
    if a.valid != b.valid:
        return a.valid
    if a.valid:
        return reasons.accept_rank(a.reason) < reasons.accept_rank(b.reason)
    rank_a, rank_b = reject_rank(a.reason), reject_rank(b.reason)
    if rank_a != rank_b:
        return rank_a < rank_b
    return reasons.inflection_rank(a.reason) < reasons.inflection_rank(b.reason)
