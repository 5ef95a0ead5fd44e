"""The entry: one surface form from one dictionary record, with its provenance.

Every reader produces entries; the filter and the lexicon builder consume them.
Serialised as one JSON object per line (entries.jsonl) with the keys
``word, lemma, pos, features, tags, source``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Entry:
    word: str
    lemma: str | None = None
    pos: str | None = None
    features: dict[str, str] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "lemma": self.lemma,
            "pos": self.pos,
            "features": dict(self.features),
            "tags": list(self.tags),
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Entry":
        return cls(
            word=data["word"],
            lemma=data.get("lemma"),
            pos=data.get("pos"),
            features=dict(data.get("features") or {}),
            tags=tuple(data.get("tags") or ()),
            source=data.get("source") or "",
        )
