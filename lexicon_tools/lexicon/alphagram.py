"""The alphagram DAWG (``.kad``): every word's letters sorted, stored as a DAWG-only KWG.

Anagram solvers look up a rack's sorted letters (its alphagram) instead of
walking all permutations: the rack AEHSU and the word HAUSE share the alphagram
AEHSU. The layout is the wolges ``kwg-alpha`` one: node 0 points to the root
list, there is no GADDAG half, nodes are encoded as in `lexicon_tools.lexicon.kwg`.

`alphagram_kwg_of` builds it from a loaded graph without a Python object per word: the
words are enumerated, sorted letter by letter and deduplicated over flat arrays in compiled
code (`_words_jit`); `build_alphagram_kwg` is the same graph from any iterable of words.
"""

from __future__ import annotations

from collections.abc import Iterable

from lexicon_tools.lexicon.kwg import Kwg, build_kwg


def alphagram(tiles: bytes) -> bytes:
    return bytes(sorted(tiles))


def build_alphagram_kwg(words: Iterable[bytes]) -> Kwg:
    """The DAWG of the distinct alphagrams of `words` (any iterable of tile strings)."""
    return build_kwg({alphagram(w) for w in words}, gaddag=False)


def alphagram_kwg_of(graph: Kwg, table: bytes | None = None) -> Kwg:
    """`build_alphagram_kwg` of every word of `graph`, its tiles renumbered by `table` first (a
    256-byte translation, as ``bytes.translate`` takes) when given: the same graph, made over flat
    arrays in compiled code (`_words_jit`) instead of one Python object per word."""
    return Kwg(flat_graph(graph, table, alphagrams=True).tobytes(), has_gaddag=False)


def renumbered_kwg(graph: Kwg, table: bytes) -> Kwg:
    """The KWG (DAWG and GADDAG) of `graph`'s words with their tiles renumbered by `table`."""
    return Kwg(flat_graph(graph, table).tobytes(), has_gaddag=True)


def flat_graph(graph: Kwg, table: bytes | None = None, alphagrams: bool = False):
    """The little-endian nodes of the graph of `graph`'s DAWG words, renumbered and/or sorted into
    alphagrams; DAWG-only for alphagrams."""
    import numpy as np

    from lexicon_tools.lexicon import _build_jit, _words_jit
    from lexicon_tools.lexicon.builder import build_graph_flat, dawg_words_flat, flatten_buffer

    buf, off = dawg_words_flat(graph.nodes)
    if table is not None:
        buf = _words_jit.translate(buf, np.frombuffer(table, np.uint8))
    if alphagrams:  # a DAWG alone is built straight from the sorted order, repeats and all
        buf = _words_jit.alphagrams(buf, off)
        nodes = build_graph_flat(buf, off, len(off) - 1, gaddag=False, order=_build_jit.sort_words(buf, off)).nodes
    else:
        nodes = build_graph_flat(*flatten_buffer(buf, off=off)).nodes
    return nodes.astype("<u4", copy=False)
