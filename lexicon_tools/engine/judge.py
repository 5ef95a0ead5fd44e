"""Word judges: the one question the rules engine asks a lexicon.

The engine never opens a lexicon itself. It asks a `WordJudge` whether a tile
string (letter codes 1..N, no blank flags) is a word, and, when it is not, why
not, so an illegal move can be rejected with a message such as
``KATZEN is not a word in wortspieler: plural of KATZE``.

Three judges are provided:

* `SetJudge` — a Python set of words with optional reasons (tests, tiny games);
* `KwgJudge` — any object with ``contains(tiles) -> bool`` (the lexicon issue's
  `Kwg`), optionally with a reason callback;
* `LexiconJudge` — wraps a loaded `.lex` lexicon (anything with ``kwg``,
  ``alphabet`` and ``check(word)``) and takes the reason from its verdict table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, runtime_checkable

from lexicon_tools.model.alphabet import Alphabet


@runtime_checkable
class WordJudge(Protocol):
    """Decides words. `name` appears in error messages (the lexicon's name)."""

    name: str

    def is_word(self, tiles: bytes) -> bool: ...

    def why_not(self, tiles: bytes) -> str:
        """A short reason the tile string is not a word ("" if none is known)."""
        ...


class SetJudge:
    """A judge over an explicit word list; `reasons` maps a rejected word to why."""

    def __init__(self, words: Iterable[str], alphabet: Alphabet, name: str = "word list",
                 reasons: Mapping[str, str] | None = None):
        self.name = name
        self.alphabet = alphabet
        self._words = {alphabet.encode(alphabet.to_tiles(w)) for w in words}
        self._reasons = {alphabet.encode(alphabet.to_tiles(w)): r for w, r in (reasons or {}).items()}

    def is_word(self, tiles: bytes) -> bool:
        return bytes(tiles) in self._words

    def why_not(self, tiles: bytes) -> str:
        return self._reasons.get(bytes(tiles), "")

    def words(self) -> list[bytes]:
        return sorted(self._words)


class KwgJudge:
    """A judge over a KWG-like object exposing ``contains(tiles) -> bool``."""

    def __init__(self, kwg: Any, name: str, reason: Callable[[bytes], str] | None = None):
        self.kwg = kwg
        self.name = name
        self._reason = reason

    def is_word(self, tiles: bytes) -> bool:
        return bool(self.kwg.contains(bytes(tiles)))

    def why_not(self, tiles: bytes) -> str:
        return self._reason(bytes(tiles)) if self._reason else ""


class LexiconJudge(KwgJudge):
    """A judge over a loaded lexicon: the KWG decides, the verdict table explains.

    `lexicon` is a `lexicon_tools.lexicon.lexicon.Lexicon` (or anything with ``kwg``,
    ``alphabet``, ``ruleset`` and ``check(word, suggestions=0)`` returning a result
    with ``reason`` and ``lemma``).
    """

    def __init__(self, lexicon: Any, name: str | None = None):
        self.lexicon = lexicon
        label = name or getattr(lexicon, "ruleset", "") or "lexicon"
        super().__init__(lexicon.kwg, str(label), self._explain)

    def _explain(self, tiles: bytes) -> str:
        from lexicon_tools.lexicon.lexicon import describe_reason

        result = self.lexicon.check(self.lexicon.alphabet.decode(tiles), suggestions=0)
        if result.valid or not result.reason:
            return ""
        text = describe_reason(result.reason)
        if result.lemma and result.lemma not in text:
            text += f" (lemma {result.lemma})"
        return text
