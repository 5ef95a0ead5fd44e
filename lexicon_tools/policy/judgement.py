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
    return better_than(a.valid, a.reason, b.valid, b.reason)


def better_than(valid_a: bool, reason_a: str, valid_b: bool, reason_b: str) -> bool:
    """`better` on the verdicts and reasons of two judgements."""
    if valid_a != valid_b:
        return valid_a
    if valid_a:
        return _accept_rank(reason_a) < _accept_rank(reason_b)
    rank_a, rank_b = _reject_rank(reason_a), _reject_rank(reason_b)
    if rank_a != rank_b:
        return rank_a < rank_b
    return reasons.inflection_rank(reason_a) < reasons.inflection_rank(reason_b)


def is_best_possible(valid: bool, reason: str) -> bool:
    """No judgement is `better` than an accept of the first accept rank (``nom-sg``)."""
    return valid and _accept_rank(reason) == 0


# A million comparisons: the ranks are memoised by the reason's first `_RANK_KEY` characters, which
# hold the longest prefix the rank tables test with `startswith`, so the memo stays small (tens of
# entries, not a reason per lemma) and keeps no reason of a build alive.
_RANK_KEY = 24
_ACCEPT: dict[str, int] = {}
_REJECT: dict[str, int] = {}


def _accept_rank(reason: str) -> int:
    key = reason[:_RANK_KEY]
    found = _ACCEPT.get(key)
    if found is None:
        found = _ACCEPT[key] = reasons.accept_rank(key)
    return found


def _reject_rank(reason: str) -> int:
    key = reason[:_RANK_KEY]
    found = _REJECT.get(key)
    if found is None:
        found = _REJECT[key] = reject_rank(key)
    return found


def clear_caches() -> None:
    _ACCEPT.clear()
    _REJECT.clear()
