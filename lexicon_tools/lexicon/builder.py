"""Build orchestration for the KWG: validate, sort, then run the compiled passes.

Steps (see `_build_jit` for the algorithm, `_layout_jit` for the node layout):
1. join the words into one uint8 buffer with int64 offsets;
2. sort and deduplicate them in compiled code (`_words_jit`; bytes order is tile order);
3. Daciuk's incremental minimisation over the sorted words -> DAWG root;
4. generate the GADDAG strings, radix-sort them, add them to the same register
   -> GADDAG root (separator arcs link into the DAWG);
5. lay the register out as KWG nodes.

numba compiles the passes once and caches the machine code (``cache=True``),
so only the very first build on a machine pays the compile time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from lexicon_tools.errors import LexiconFileError
from lexicon_tools.lexicon import _build_jit, _layout_jit, _words_jit
from lexicon_tools.lexicon.kwg import CHILD_MASK, MAX_NODES


@dataclass(frozen=True)
class BuiltGraph:
    nodes: np.ndarray  # uint32
    word_count: int
    state_count: int  # distinct arc states in the register (incl. the empty list)


def flatten(words: Iterable[bytes]) -> tuple[np.ndarray, np.ndarray, int]:
    """Sorted unique words as (buf, offsets, count); rejects empty words and tile 0.

    The words are joined into one buffer as they come and sorted and deduplicated in compiled
    code (`_words_jit.sorted_unique`), not as a Python set and list of ``bytes``.
    """
    items = words if isinstance(words, list) else [bytes(w) for w in words]
    lengths = np.fromiter(map(len, items), np.int64, len(items))
    if len(items) and not lengths.min():
        raise ValueError("build_kwg: the empty word cannot be stored")
    joined = b"".join(items)
    if b"\x00" in joined:
        raise ValueError("build_kwg: tile 0 is the GADDAG separator; words hold tiles 1..255")
    return flatten_buffer(np.frombuffer(joined, np.uint8), lengths)


def flatten_buffer(buf: np.ndarray, lengths: np.ndarray | None = None, off: np.ndarray | None = None
                   ) -> tuple[np.ndarray, np.ndarray, int]:
    """`flatten` for words already in one buffer (non-empty, tiles 1..255), given by their lengths or
    offsets: sorted and deduplicated."""
    if off is None:
        off = np.zeros(len(lengths) + 1, np.int64)
        np.cumsum(lengths, out=off[1:])
    buf, off = _words_jit.sorted_unique(buf, off)
    return buf, off, len(off) - 1


def build_graph(words: Iterable[bytes], *, gaddag: bool = True) -> BuiltGraph:
    return build_graph_flat(*flatten(words), gaddag=gaddag)


def build_graph_flat(buf: np.ndarray, off: np.ndarray, count: int, *, gaddag: bool = True,
                     order: np.ndarray | None = None) -> BuiltGraph:
    """`build_graph` on words already flattened by `flatten` (a caller can then drop the word objects).

    DAWG-only builds may instead pass unsorted words with their sorted `order` (`_build_jit.sort_words`;
    duplicates may stay: the construction adds nothing for a word equal to the one before).
    """
    # The register's first size: a little more than the states a German word list needs (1.8 million
    # for the 5.6 million tile bytes of SmartFeud's 508,000 words), so it need not grow (doubling
    # holds both copies) and its hash table is half the size the old guess (len(buf) // 2) gave.
    # It grows when needed; the graph does not depend on it.
    # A DAWG alone (an alphagram DAWG, ``gaddag=False``) needs far fewer: about one state per 15 tile
    # bytes for German alphagrams (283,000 for 4.1 million); a twelfth leaves room without clearing
    # a table sized for a GADDAG.
    size = len(buf) * 9 // 25 if gaddag else len(buf) // 12
    store, slots, n_states = _build_jit.new_store(max(16, size))
    dawg_root, n_states, store, slots = _build_jit.add_words(
        store, slots, n_states, buf, off, np.arange(count, dtype=np.int64) if order is None else order, False,
        np.int64(0))
    gaddag_root = np.int64(0)
    if gaddag and count:
        gbuf, goff = _build_jit.gaddag_inputs(buf, off)
        order = _build_jit.sort_words(gbuf, goff)
        gaddag_root, n_states, store, slots = _build_jit.add_words(
            store, slots, n_states, gbuf, goff, order, True, dawg_root)
    nodes = _layout_jit.layout(store, n_states, dawg_root, gaddag_root, gaddag)
    if len(nodes) > MAX_NODES:
        raise LexiconFileError(
            f"the word graph needs {len(nodes):,} nodes, more than the KWG format's {MAX_NODES:,} "
            "(22-bit child indices)",
            "Build a smaller lexicon: restrict the word lengths or the sources.")
    return BuiltGraph(nodes, count, int(n_states))


def dawg_words_flat(nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(buf, off) of every word of the DAWG of `nodes`, in sorted order (compiled `Kwg.words`)."""
    from lexicon_tools.lexicon.kwg_check import MAX_DEPTH, MAX_WORDS

    status, buf, off = _words_jit.dawg_words(nodes, np.int64(nodes[0] & CHILD_MASK), MAX_DEPTH, MAX_WORDS)
    if status < 0 or status > MAX_WORDS:
        why = {_words_jit.CORRUPT: "a sibling list or child index runs past its end",
               _words_jit.TOO_DEEP: f"a path is longer than {MAX_DEPTH} arcs (a cycle?)"}
        raise LexiconFileError(f"the KWG node array is corrupt: {why.get(status, f'more than {MAX_WORDS:,} words')}")
    return buf, off


def build_nodes(words: Iterable[bytes], *, gaddag: bool = True) -> np.ndarray:
    return build_graph(words, gaddag=gaddag).nodes


def contains_many(nodes: np.ndarray, words: list[bytes]) -> np.ndarray:
    """Batch DAWG membership (compiled): one bool per word, in input order."""
    off = np.zeros(len(words) + 1, np.int64)
    np.cumsum(np.fromiter((len(w) for w in words), np.int64, len(words)), out=off[1:])
    buf = np.frombuffer(b"".join(words), np.uint8)
    return _layout_jit.contains_many(nodes, buf, off)
