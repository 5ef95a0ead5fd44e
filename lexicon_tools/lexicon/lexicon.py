"""A loaded game lexicon: the word graph, the verdict table and how to normalise input.

`Lexicon.check` answers the table-side question "is this word legal, and why
(not)?": normalise the input the way the ruleset does, walk the DAWG (the
authoritative yes/no), look the word up in the verdict table for the reason and
the lemma, and for an illegal word suggest the lemma plus the closest legal words
(rapidfuzz). Everything here is stdlib-only except the optional batch path
(`check_many` uses the compiled walker) and the suggestions (rapidfuzz, C code,
imported only when a word is illegal).

Normalisation is `Alphabet.to_tiles`/`encode_word`, the same function the build used
on every entry, so a word is checked in exactly the tiles it was stored in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.lexicon.kwg import Kwg
from lexicon_tools.lexicon.verdicts import VerdictRecord, VerdictTable
from lexicon_tools.model.alphabet import Alphabet

UNKNOWN = "not-in-lexicon"
NOT_TILEABLE = "not-tileable"

_DESCRIPTIONS = {
    "nom-sg": "noun in the nominative singular",
    "plurale-tantum": "plural-only noun (plurale tantum)",
    "lexicalized-plural": "lexicalised plural",
    "lexicalized-diminutive": "lexicalised diminutive",
    "listed": "a word form listed in the sources",
    "proper-noun": "proper noun",
    "not-a-noun": "not a noun",
    "unknown-word": "unknown word: no dictionary has it and it is no recognisable compound",
    "likely-misspelling": "likely a misspelling: its suffix does not fit its base (-ig, -lich, -bar, -sam take -keit)",
    "function-word-homograph": "a rare noun spelled like a frequent function word (house rule allow_function_word_homographs)",
    "abbreviation": "abbreviation",
    "length": "length outside the allowed range",
    NOT_TILEABLE: "contains characters that are not tiles",
    UNKNOWN: "not in the dictionary sources",
}


def describe_reason(reason: str) -> str:
    """A short English explanation of a reason code (unknown codes are returned as they are)."""
    if reason in _DESCRIPTIONS:
        return _DESCRIPTIONS[reason]
    head, _, rest = reason.partition(":")
    if head == "inflected-form":
        kind, _, lemma = rest.partition(":")
        kind = kind.replace("-of", " of").replace("-", " ")
        detail = f"{kind} {lemma}" if lemma else kind
        return f"inflected form ({detail})" if detail else "inflected form"
    if head == "diminutive-of":
        return f"diminutive of {rest}"
    if head == "register":
        return f"register: {rest}"
    if head == "domain":
        return f"domain: {rest}"
    return reason


@dataclass
class CheckResult:
    word: str
    normalized: str
    valid: bool
    reason: str
    lemma: str = ""
    suggestions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"word": self.word, "normalized": self.normalized, "valid": self.valid,
                                "reason": self.reason}
        if not self.valid:
            data["suggestions"] = list(self.suggestions)
        return data


class Lexicon:
    """Queries over one built lexicon (see `lexicon_tools.io.formats.lexfile` for the file)."""

    def __init__(self, meta: dict[str, Any], kwg: Kwg, verdicts: VerdictTable):
        self.meta = meta
        self.kwg = kwg
        self.verdicts = verdicts
        norm = meta.get("normalisation", {})
        self.alphabet = Alphabet(
            letters=tuple(meta["alphabet"]),
            replacements=tuple((a, b) for a, b in norm.get("replacements", [])),
            strip_accents=bool(norm.get("strip_accents", True)),
        )
        self._legal: list[str] | None = None
        self._graph_checked = False
        self._codepoints = None

    @property
    def ruleset(self) -> str:
        return self.meta.get("ruleset", "")

    @property
    def word_count(self) -> int:
        return int(self.meta.get("word_count", 0))

    # ------------------------------------------------------- normalising ---
    def normalize(self, word: str) -> str:
        """The word in tiles, exactly as the build normalised its entries (`Alphabet.to_tiles`)."""
        return self.alphabet.to_tiles(word)

    def encode(self, word: str) -> bytes | None:
        """Tile numbers of a raw word, or None when it is not tileable."""
        return self.alphabet.encode_word(word)

    # ---------------------------------------------------------- checking ---
    def is_valid(self, word: str) -> bool:
        tiles = self.encode(word)
        return tiles is not None and self.kwg.contains(tiles)

    def check(self, word: str, suggestions: int = 5) -> CheckResult:
        normalized = self.normalize(word)
        tileable = self.alphabet.is_tileable(normalized)
        valid = tileable and self.kwg.contains(self.alphabet.encode(normalized))
        record = self.verdicts.lookup(normalized)
        if record is not None and record.valid == valid:
            reason, lemma = record.reason, record.lemma
        elif record is not None and not valid:  # listed as valid but not tileable / not in the graph
            reason, lemma = (NOT_TILEABLE if not tileable else UNKNOWN), record.lemma
        else:
            reason, lemma = ("listed" if valid else (NOT_TILEABLE if not tileable else UNKNOWN)), ""
        result = CheckResult(word, normalized, valid, reason, lemma)
        if not valid and suggestions > 0:
            result.suggestions = self.suggest(normalized, lemma, suggestions)
        return result

    def check_many(self, words: Sequence[str]) -> list[bool]:
        """Batch validity (compiled): one bool per word, in order; the same answers as `is_valid`.

        The words go to compiled code as one UTF-32 buffer (NUL-separated): a word made only of tile letters in
        either case (the alphabet's fast path) is mapped to tiles and walked there; any other word
        (ß, accents, other characters) is normalised in Python by `encode` and walked by the graph.
        """
        import numpy as np

        from lexicon_tools.lexicon._layout_jit import contains_codepoints

        from lexicon_tools.lexicon._layout_jit import split_at_nul

        words = list(words)
        if not words:
            return []
        joined = "\0".join(words)
        text = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), np.uint32)
        if joined.count("\0") == len(words) - 1:  # no word holds a NUL: the separators are the word ends
            off = split_at_nul(text, len(words))
        else:
            off = np.zeros(len(words) + 1, np.int64)
            np.cumsum(np.fromiter(map(len, words), np.int64, len(words)) + 1, out=off[1:])
        found, slow = contains_codepoints(self.kwg.nodes, self._codepoint_tiles(), text, off)
        answers = found.tolist()
        for i in np.flatnonzero(slow).tolist():
            answers[i] = self.is_valid(words[i])
        return answers

    def _codepoint_tiles(self):
        """code point -> tile for the characters of the alphabet's fast path (0: any other)."""
        if self._codepoints is None:
            import numpy as np

            to_numbers = self.alphabet._fast[2]
            table = np.zeros(max(to_numbers, default=0) + 1, np.uint8)
            for code, number in to_numbers.items():
                table[code] = ord(number)
            self._codepoints = table
        return self._codepoints

    def explain(self, normalized: str) -> VerdictRecord | None:
        return self.verdicts.lookup(normalized)

    def check_graph(self) -> None:
        """Raise LexiconFileError unless the graph is safe to walk (once per lexicon; numpy)."""
        if self._graph_checked:
            return
        from lexicon_tools.errors import LexiconFileError
        from lexicon_tools.lexicon.kwg_check import kwg_problems

        problems = kwg_problems(self.kwg, len(self.alphabet.letters), words=self.meta.get("word_count"))
        if problems:
            raise LexiconFileError(f"its word graph is corrupt: {'; '.join(problems)}")
        self._graph_checked = True

    def mark_graph_checked(self) -> None:
        """Record that this graph's bytes passed `check_graph` before (the IO layer's cache knows)."""
        self._graph_checked = True

    # ------------------------------------------------------- suggestions ---
    def legal_words(self) -> list[str]:
        if self._legal is None:
            if len(self.verdicts):
                self._legal = self.verdicts.legal_words()
            else:
                self.check_graph()
                self._legal = [self.alphabet.decode(w) for w in self.kwg.words()]
        return self._legal

    def suggest(self, normalized: str, lemma: str = "", limit: int = 5) -> list[str]:
        """The lemma (when legal) first, then the closest legal words by edit similarity."""
        from rapidfuzz import fuzz, process

        out: list[str] = []
        if lemma and lemma != normalized and self.is_valid(lemma):
            out.append(lemma)
        if normalized:
            matches = process.extract(normalized, self.legal_words(), scorer=fuzz.ratio,
                                      limit=limit + len(out), score_cutoff=50)
            for match, _score, _index in matches:
                if match not in out and match != normalized:
                    out.append(match)
        return out[:limit]


def lexicon_summary(lexicon: Lexicon) -> dict[str, Any]:
    """The metadata shown by `export --format json` (no word data)."""
    meta = dict(lexicon.meta)
    meta["kwg_nodes"] = len(lexicon.kwg)
    meta["verdict_entries"] = len(lexicon.verdicts)
    return meta
