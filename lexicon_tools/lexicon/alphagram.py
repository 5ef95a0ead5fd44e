"""The alphagram DAWG (``.kad``): every word's letters sorted, stored as a DAWG-only KWG.

Anagram solvers look up a rack's sorted letters (its alphagram) instead of
walking all permutations: the rack AEHSU and the word HAUSE share the alphagram
AEHSU. The layout is the wolges ``kwg-alpha`` one: node 0 points to the root
list, there is no GADDAG half, nodes are encoded as in `lexicon_tools.lexicon.kwg`.
"""

from __future__ import annotations

from collections.abc import Iterable

from lexicon_tools.lexicon.kwg import Kwg, build_kwg


def alphagram(tiles: bytes) -> bytes:
    return bytes(sorted(tiles))


def build_alphagram_kwg(words: Iterable[bytes]) -> Kwg:
    """The DAWG of the distinct alphagrams of `words`."""
    return build_kwg({alphagram(w) for w in words}, gaddag=False)
