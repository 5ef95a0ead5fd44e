"""The word-shape checks every policy starts with; normalisation itself lives in `Alphabet`.

`to_tiles` is `Alphabet.to_tiles` (uppercase, ß -> SS, umlauts kept as tiles, other
accents dropped: Café -> CAFE, repeated to a fixed point), kept here under the name the
policies use.

`shape_reason` rejects what cannot be laid on a board: characters that are not tiles
(hyphens, digits, apostrophes, spaces, letters outside the alphabet) give
``not-tileable``; a tile count outside the ruleset's lengths gives ``length``.
"""

from __future__ import annotations

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.policy import reasons


def to_tiles(word: str, alphabet: Alphabet) -> str:
    return alphabet.to_tiles(word)


def shape_reason(normalized: str, alphabet: Alphabet, min_length: int, max_length: int) -> str | None:
    """``not-tileable``, ``length`` or None when the word fits on the board."""
    if not alphabet.is_tileable(normalized):
        return reasons.NOT_TILEABLE
    if not min_length <= len(normalized) <= max_length:
        return reasons.LENGTH
    return None
