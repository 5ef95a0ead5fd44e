"""Alphabets: the tile letters of a game, and the one place where a spelling becomes tiles.

Normalisation (the German tile convention, generalised as data):
1. configured replacements (e.g. ``ß → SS``, or the seed's е/ё-style equivalences),
2. uppercase,
3. letters that are tiles of their own (Ä, Ö, Ü) are kept; any other letter is
   decomposed (NFD) and its accents dropped (Café → CAFE).

A word's journey from a dictionary entry to tiles reads here, and every layer calls
it: the filter (`policy.normalize.shape_reason` and the policies), the lexicon builder
(`lexicon.assemble`), the word check (`lexicon.Lexicon`) and the engine.

- `to_tiles(word)`: the normalised spelling, repeated until nothing changes (one pass
  is almost always enough; repeating makes it a fixed point even for odd input, where
  a stray combining mark after a space leaves a trailing space only the next pass
  strips). A word made only of tile letters in either case (the common case) takes a
  fast path: one `str.translate`, no Unicode normalisation.
- `is_tileable(tiles)`: every character is a tile letter.
- `encode(tiles)` / `decode(numbers)`: tile numbers 1..N in alphabet order; 0 is
  reserved (the GADDAG separator / the blank's "no letter").
- `encode_word(word)`: a raw spelling straight to tile numbers, or None if it is not
  tileable.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

BLANK = "?"
_MAX_PASSES = 4


@dataclass(frozen=True)
class Alphabet:
    letters: tuple[str, ...]
    replacements: tuple[tuple[str, str], ...] = (("ß", "SS"), ("ẞ", "SS"))
    strip_accents: bool = True
    _index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _fast: tuple = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {ch: i + 1 for i, ch in enumerate(self.letters)})
        object.__setattr__(self, "_fast", _fast_tables(self))

    @property
    def size(self) -> int:
        return len(self.letters)

    def normalize(self, word: str) -> str:
        """Map a dictionary spelling onto tile letters (may still hold non-tiles)."""
        text = unicodedata.normalize("NFC", word.strip())
        for old, new in self.replacements:
            text = text.replace(old, new)
        text = text.upper()
        for old, new in self.replacements:  # equivalences given in upper case
            text = text.replace(old, new)
        if not self.strip_accents:
            return text
        out = []
        for ch in text:
            if ch in self._index or ch.isascii():
                out.append(ch)
                continue
            base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
            out.append(base)
        return "".join(out).strip()  # a dropped accent may expose edge whitespace

    def to_tiles(self, word: str) -> str:
        """The word in tile letters (a fixed point of `normalize`; may still hold non-tiles)."""
        chars, to_upper, _to_numbers = self._fast
        if word and chars and not word.strip(chars):
            return word.translate(to_upper)
        text = word
        for _ in range(_MAX_PASSES):
            normalized = self.normalize(text)
            if normalized == text:
                return normalized
            text = normalized
        return text

    def encode_word(self, word: str) -> bytes | None:
        """Tile numbers of a raw spelling, or None when it is not tileable."""
        chars, _to_upper, to_numbers = self._fast
        if word and chars and not word.strip(chars):
            return word.translate(to_numbers).encode("latin-1")
        tiles = self.to_tiles(word)
        return self.encode(tiles) if self.is_tileable(tiles) else None

    def is_tileable(self, normalized: str) -> bool:
        index = self._index
        return bool(normalized) and all(ch in index for ch in normalized)

    def encode(self, normalized: str) -> bytes:
        """Tile numbers (1..N) of a tileable normalised word."""
        index = self._index
        return bytes(index[ch] for ch in normalized)

    def decode(self, tiles: bytes | list[int]) -> str:
        return "".join(self.letters[t - 1] for t in tiles)

    def tile_of(self, letter: str) -> int:
        return self._index[letter]


def _fast_tables(alphabet: Alphabet) -> tuple[str, dict[int, str], dict[int, str]]:
    """The characters whose normalisation is a plain case mapping (tile letters in either case that
    no replacement touches), with their upper-case and tile-number translations. Empty when a
    replacement is longer than one character, since it could span them."""
    if any(len(old) != 1 for old, _new in alphabet.replacements):
        return "", {}, {}
    replaced = {old for old, _new in alphabet.replacements}
    chars: list[str] = []
    to_upper: dict[int, str] = {}
    to_numbers: dict[int, str] = {}
    for number, letter in enumerate(alphabet.letters, start=1):
        if len(letter) != 1 or number > 255:
            continue
        for variant in {letter, letter.lower()}:
            if len(variant) == 1 and variant.upper() == letter and variant not in replaced:
                chars.append(variant)
                to_upper[ord(variant)] = letter
                to_numbers[ord(variant)] = chr(number)
    return "".join(chars), to_upper, to_numbers
