"""Tile codes shared by the rules engine, the move generator and game records.

One byte per tile, so boards and racks are plain ``bytes``/``bytearray`` values
that the compiled move generator reads without conversion:

* letters are ``1..N`` in alphabet order (the KWG's tile numbers);
* on a **rack**, ``0`` is a blank (joker) that has not been given a letter yet;
* on the **board**, an empty square is ``0``; a blank standing for letter ``t``
  is ``t | BLANK_FLAG``. The flag keeps the information which tiles are blanks
  (they score differently and can be swapped or taken back as blanks).

Display: letters in upper case, a placed blank as the lower-case letter it
represents, an unassigned rack blank as the ruleset's blank symbol (``?``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from lexicon_tools.model.alphabet import Alphabet

RACK_BLANK = 0
BLANK_FLAG = 0x80
LETTER_MASK = 0x7F


def letter_of(code: int) -> int:
    """The letter a board code stands for (blank flag removed)."""
    return code & LETTER_MASK


def is_blank(code: int) -> bool:
    return bool(code & BLANK_FLAG)


def rack_tile_of(code: int) -> int:
    """The rack tile a placed board code consumed: 0 for a blank, else the letter."""
    return RACK_BLANK if code & BLANK_FLAG else code


def letters_of(codes: Iterable[int]) -> bytes:
    return bytes(c & LETTER_MASK for c in codes)


class TileText:
    """Convert between tile codes and text for one alphabet and blank symbol."""

    def __init__(self, alphabet: Alphabet, blank_symbol: str = "?"):
        self.alphabet = alphabet
        self.blank_symbol = blank_symbol
        self._upper = {ch: i + 1 for i, ch in enumerate(alphabet.letters)}
        self._lower = {ch.lower(): i + 1 for i, ch in enumerate(alphabet.letters)}
        letters = alphabet.letters
        # board code -> its text, for every letter and blanked letter (a table: words are shown every turn)
        self._shown = {code | flag: letters[code - 1].lower() if flag else letters[code - 1]
                       for code in range(1, min(len(letters), LETTER_MASK) + 1) for flag in (0, BLANK_FLAG)}

    def word(self, codes: Iterable[int]) -> str:
        """Board codes → text; blanks in lower case."""
        shown = self._shown
        codes = codes if isinstance(codes, (bytes, bytearray, tuple, list)) else list(codes)
        try:
            return "".join([shown[code] for code in codes])
        except (KeyError, TypeError):   # not a letter code: the general formula (and its error)
            pass
        out = []
        for code in codes:
            letter = self.alphabet.letters[(code & LETTER_MASK) - 1]
            out.append(letter.lower() if code & BLANK_FLAG else letter)
        return "".join(out)

    def letter(self, code: int) -> str:
        """One board code → text (``word`` of one code)."""
        return self._shown.get(code) or self.word((code,))

    def plain(self, codes: Iterable[int]) -> str:
        """Board or letter codes → upper-case text (blanks shown as their letter)."""
        return "".join(self.alphabet.letters[(c & LETTER_MASK) - 1] for c in codes)

    def rack(self, tiles: Iterable[int]) -> str:
        """Rack tiles → text, letters in tile order, blanks last as the blank symbol."""
        counts = Counter(tiles)
        text = "".join(self.alphabet.letters[t - 1] * counts[t] for t in sorted(counts) if t != RACK_BLANK)
        return text + self.blank_symbol * counts.get(RACK_BLANK, 0)

    def parse_rack(self, text: str) -> list[int]:
        """Rack text → tiles; raises ValueError naming the first unknown character."""
        tiles = []
        for ch in text:
            if ch == self.blank_symbol:
                tiles.append(RACK_BLANK)
            elif ch in self._upper:
                tiles.append(self._upper[ch])
            else:
                raise ValueError(f"{ch!r} is not a tile of this game")
        return tiles

    def parse_code(self, ch: str) -> int:
        """One placed letter → board code (lower case = blank)."""
        if ch in self._upper:
            return self._upper[ch]
        if ch in self._lower:
            return self._lower[ch] | BLANK_FLAG
        raise ValueError(f"{ch!r} is not a letter of this game")
