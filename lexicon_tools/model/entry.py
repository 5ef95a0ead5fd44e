"""The entry: one surface form from one dictionary record, with its provenance.

Every reader produces entries; the filter and the lexicon builder consume them.
Serialised as one JSON object per line (entries.jsonl) with the keys
``word, lemma, pos, features, tags, source``.

`Entry` is an immutable record: ``Entry(word, lemma=None, pos=None,
features={}, tags=(), source="")``, by position or keyword, each entry with its
own ``features`` dict; fields are read as attributes and cannot be assigned
(AttributeError); two entries are equal when all their fields are (an entry
never equals a plain tuple); ``repr`` shows ``Entry(word=..., ...)``; entries
are not hashable (``features`` is a dict) and have no order.

Why a tuple underneath (a `collections.namedtuple` subclass, not a frozen
dataclass): readers create hundreds of thousands of entries per file, and a
frozen dataclass's ``__init__`` sets every field through
``object.__setattr__``, which made up a fifth of the TEI importer's per-entry
cost (bench/import_tei.py). A tuple is built by one C call - readers that
have all six fields in order use ``Entry._make((word, lemma, pos, features,
tags, source))`` - its fields are read through C accessors, and it takes a
third of the memory. The namedtuple helpers ``_fields``, ``_replace`` and
``_asdict`` take the place of `dataclasses.fields`/`replace`/`asdict`.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any, Self

FIELDS = ("word", "lemma", "pos", "features", "tags", "source")


class _FreshDict:
    """Default marker for `Entry.features`: every entry gets its own empty dict."""

    def __repr__(self) -> str:
        return "{}"


_FRESH_DICT: Any = _FreshDict()
_new_tuple = tuple.__new__


class Entry(namedtuple("Entry", FIELDS)):
    """One surface form: lemma, UD pos and features, tags and provenance (see the module doc)."""

    __slots__ = ()

    word: str
    lemma: str | None
    pos: str | None
    features: dict[str, str]
    tags: tuple[str, ...]
    source: str

    def __new__(cls, word: str, lemma: str | None = None, pos: str | None = None,
                features: dict[str, str] = _FRESH_DICT, tags: tuple[str, ...] = (), source: str = "") -> Self:
        return _new_tuple(cls, (word, lemma, pos, {} if features is _FRESH_DICT else features, tags, source))

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return tuple.__eq__(self, other)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        if type(other) is type(self):
            return tuple.__ne__(self, other)
        return True if isinstance(other, tuple) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # features is a dict

    def __lt__(self, other: object) -> bool:
        return NotImplemented  # entries have no order

    __le__ = __gt__ = __ge__ = __lt__

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
    def from_dict(cls, data: dict[str, Any]) -> Entry:
        return cls(
            word=data["word"],
            lemma=data.get("lemma"),
            pos=data.get("pos"),
            features=dict(data.get("features") or {}),
            tags=tuple(data.get("tags") or ()),
            source=data.get("source") or "",
        )
