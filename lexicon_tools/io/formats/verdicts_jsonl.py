"""verdicts.jsonl: the word policy's decisions on disk, one JSON object per entry.

Format (UTF-8, one `Verdict.to_dict()` per line, in input order): the entry's keys
(``word, lemma, pos, features, tags, source``) followed by

- ``normalized``: the word in tiles (uppercase, ß -> SS, accents dropped);
- ``valid``: true or false; every entry of one normalised word carries the same
  decision (a word is legal if any of its readings is);
- ``reason``: the reason code (``nom-sg``, ``inflected-form:plural-of:HAUS``,
  ``diminutive-of:HUND``, ``proper-noun``, ...; see `lexicon_tools.policy.reasons`);
- ``evidence``: the deciding reading and where it came from: ``source``
  (``file:line`` of the entry, or ``model:<name>``), ``reading`` (lemma, pos, UD
  features, origin, tags, model score, compound head), ``rule`` (the house-rule
  switch that decided, e.g. ``allow_plurals=false``) and ``entry_reason`` when this
  entry's own reading says something else (the Nom Pl entry of Lehrer).

Example::

    {"word":"Häuser","lemma":"Haus","pos":"NOUN","features":{"Case":"Nom","Number":"Plur","Gender":"Neut"},
     "tags":[],"source":"nouns.csv.xz:4711","normalized":"HÄUSER","valid":false,
     "reason":"inflected-form:plural-of:HAUS","evidence":{"source":"nouns.csv.xz:4711",
     "reading":{"lemma":"Haus","pos":"NOUN","features":"Case=Nom|Number=Plur","origin":"lexicon"},
     "rule":"allow_plurals=false"}}

Written atomically; read back with `read_verdicts` (errors name ``file:line``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats.jsonl import read_jsonl, write_jsonl
from lexicon_tools.model.verdict import Verdict

_HINT = "Each line must be a verdict object; re-create the file with `lexicon-tools filter`."


def write_verdicts(path: str | os.PathLike, verdicts: Iterable[Verdict]) -> int:
    """Write `verdicts` atomically; returns the number written."""
    return write_jsonl(path, (verdict.to_dict() for verdict in verdicts))


def read_verdicts(path: str | os.PathLike, max_length: int | None = None) -> Iterator[Verdict]:
    """The verdicts of `path`; an accepted word longer than `max_length` tiles is a located error."""
    lines = read_jsonl(path, create_hint="Create it with `lexicon-tools filter ... -o FILE`.", line_hint=_HINT)
    return (_checked_length(path, number, _verdict(path, number, data), max_length) for number, data in lines)


def _checked_length(path, number: int, verdict: Verdict, max_length: int | None) -> Verdict:
    # checked before building: a graph of one 100,000-letter word alone takes gigabytes
    if max_length is not None and verdict.valid and len(verdict.normalized) > max_length:
        raise InputFileError(f"{path}:{number}: the accepted word {verdict.normalized[:24]}... has "
                             f"{len(verdict.normalized):,} tiles; words of this ruleset have at most {max_length} "
                             "(word_policy.lengths.max)",
                             "Mark it rejected or remove the line; `lexicon-tools filter` never accepts such words.")
    return verdict


def _verdict(path, number: int, data) -> Verdict:
    if not isinstance(data, dict):
        raise InputFileError(f"{path}:{number}: expected a JSON object", _HINT)
    missing = [k for k in ("word", "normalized", "valid", "reason") if k not in data]
    if missing:
        raise InputFileError(f"{path}:{number}: missing field(s) {', '.join(missing)}", _HINT)
    if not isinstance(data["valid"], bool) or not isinstance(data["reason"], str):
        raise InputFileError(f"{path}:{number}: 'valid' must be true/false and 'reason' a string", _HINT)
    return Verdict.from_dict(data)
