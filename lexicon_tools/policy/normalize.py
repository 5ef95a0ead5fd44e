"""Normalisation to tiles and the word-shape checks every policy starts with.

`to_tiles` applies the ruleset's `Alphabet.normalize` (uppercase, ß -> SS, umlauts
kept as tiles, other accents dropped: Café -> CAFE) until nothing changes. One pass is
almost always enough; repeating makes the result a fixed point even for odd input
(a stray combining mark after a space leaves a trailing space that only the next
pass strips), so normalising twice never differs from normalising once.

`shape_reason` rejects what cannot be laid on a board: characters that are not tiles
(hyphens, digits, apostrophes, spaces, letters outside the alphabet) give
``not-tileable``; a tile count outside the ruleset's lengths gives ``length``.
"""

from __future__ import annotations

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.policy import reasons

_MAX_PASSES = 4


def to_tiles(word: str, alphabet: Alphabet) -> str:
    text = word
    for _ in range(_MAX_PASSES):
        normalized = alphabet.normalize(text)
        if normalized == text:
            return normalized
        text = normalized
    return text


def shape_reason(normalized: str, alphabet: Alphabet, min_length: int, max_length: int) -> str | None:
    """``not-tileable``, ``length`` or None when the word fits on the board."""
    if not alphabet.is_tileable(normalized):
        return reasons.NOT_TILEABLE
    if not min_length <= len(normalized) <= max_length:
        return reasons.LENGTH
    return None
