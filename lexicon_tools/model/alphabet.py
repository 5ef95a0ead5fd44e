"""Alphabets: the tile letters of a game and how words are normalised onto them.

Normalisation (the German tile convention, generalised as data):
1. configured replacements (e.g. ``ß → SS``, or the seed's е/ё-style equivalences),
2. uppercase,
3. letters that are tiles of their own (Ä, Ö, Ü) are kept; any other letter is
   decomposed (NFD) and its accents dropped (Café → CAFE).

A normalised word is *tileable* when every character is a tile letter. Tile
numbers are 1..N in alphabet order; 0 is reserved (the GADDAG separator / the
blank's "no letter").
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

BLANK = "?"


@dataclass(frozen=True)
class Alphabet:
    letters: tuple[str, ...]
    replacements: tuple[tuple[str, str], ...] = (("ß", "SS"), ("ẞ", "SS"))
    strip_accents: bool = True
    _index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {ch: i + 1 for i, ch in enumerate(self.letters)})

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
