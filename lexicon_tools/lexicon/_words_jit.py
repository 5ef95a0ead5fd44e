"""Compiled word-list passes of the KWG tools (numba, ``cache=True``): flat lists in, flat lists out.

A word list is ``buf`` (uint8 tiles, all words concatenated) plus ``off`` (int64,
``off[i]:off[i+1]`` is word i), as in `_build_jit`. These passes replace the Python loops
that fed the builder one ``bytes`` object at a time:

* `dawg_words`: every word of a KWG's DAWG in sorted order, by the same depth-first walk as
  `Kwg.words`, bounds-checked (a corrupt graph gives an error code, never a wild read);
* `alphagrams`: each word's tiles sorted (counting sort over the tile values), the key of the
  alphagram DAWG (`lexicon.alphagram`);
* `translate`: tiles renumbered through a 256-entry table (``export --tile-order``);
* `sorted_unique`: the distinct words in lexicographic (tile) order, what the builder needs
  (`_build_jit.sort_words`, then duplicates dropped in one pass).

Why: with 300,000 words the Python versions (a generator per word, a set comprehension of
``bytes(sorted(w))``, ``sorted(set(...))``) took most of ``export --format kad``; over flat
arrays each is one linear pass.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lexicon_tools.lexicon._build_jit import sort_words

CHILD_MASK = 0x3FFFFF
END_BIT = 0x400000
ACCEPT_BIT = 0x800000
CORRUPT = -1      # a child index or sibling list ran past the array
TOO_DEEP = -2     # a path longer than `max_depth` (a cycle in a corrupt graph)


@njit(cache=True)
def _room(arr, need):
    if need <= arr.shape[0]:
        return arr
    out = np.empty(max(need, 2 * arr.shape[0]), arr.dtype)
    out[: arr.shape[0]] = arr
    return out


@njit(cache=True)
def dawg_words(nodes, root, max_depth, max_words):
    """(status, buf, off) of the words below the list `root`; status is the word count or an error code
    (`CORRUPT`, `TOO_DEEP`, or ``max_words + 1`` when there are more than `max_words`)."""
    n = nodes.shape[0]
    buf = np.empty(1 << 16, np.uint8)
    off = np.zeros(1 << 12, np.int64)
    count = 0
    used = 0
    if root == 0:
        return 0, buf[:0], off[:1]
    if root >= n:
        return CORRUPT, buf[:0], off[:1]
    stack = np.empty(max_depth + 1, np.int64)  # stack[d]: the node being explored at depth d
    prefix = np.empty(max_depth + 1, np.uint8)
    stack[0] = root
    top = 1
    while top > 0:
        value = nodes[stack[top - 1]]
        prefix[top - 1] = value >> 24
        if value & ACCEPT_BIT:
            if count == max_words:
                return max_words + 1, buf[:0], off[:1]
            buf = _room(buf, used + top)
            off = _room(off, count + 2)
            buf[used:used + top] = prefix[:top]
            used += top
            count += 1
            off[count] = used
        child = value & CHILD_MASK
        if child:
            if child >= n:
                return CORRUPT, buf[:0], off[:1]
            if top > max_depth:
                return TOO_DEEP, buf[:0], off[:1]
            stack[top] = child
            top += 1
            continue
        while top > 0:  # advance to the next sibling, leaving finished lists
            p = stack[top - 1]
            if nodes[p] & END_BIT:
                top -= 1
            else:
                if p + 1 >= n:
                    return CORRUPT, buf[:0], off[:1]
                stack[top - 1] = p + 1
                break
    return count, buf[:used], off[:count + 1]


@njit(cache=True)
def alphagrams(buf, off):
    """A copy of `buf` with each word's tiles in ascending order (counting sort per word)."""
    out = np.empty_like(buf)
    counts = np.zeros(256, np.int64)
    for w in range(off.shape[0] - 1):
        start = off[w]
        end = off[w + 1]
        low = 255
        high = 0
        for i in range(start, end):
            tile = buf[i]
            counts[tile] += 1
            low = min(low, tile)
            high = max(high, tile)
        pos = start
        for value in range(low, high + 1):
            for _ in range(counts[value]):
                out[pos] = value
                pos += 1
            counts[value] = 0
    return out


@njit(cache=True)
def translate(buf, table):
    out = np.empty_like(buf)
    for i in range(buf.shape[0]):
        out[i] = table[buf[i]]
    return out


@njit(cache=True)
def _same(buf, off, a, b):
    la = off[a + 1] - off[a]
    if la != off[b + 1] - off[b]:
        return False
    sa = off[a]
    sb = off[b]
    for i in range(la):
        if buf[sa + i] != buf[sb + i]:
            return False
    return True


@njit(cache=True)
def sorted_unique(buf, off):
    """(buf, off) of the distinct words in lexicographic order."""
    order = sort_words(buf, off)
    n = order.shape[0]
    out_buf = np.empty(buf.shape[0], np.uint8)
    out_off = np.zeros(n + 1, np.int64)
    count = 0
    pos = 0
    for k in range(n):
        word = order[k]
        if k > 0 and _same(buf, off, order[k - 1], word):
            continue
        start = off[word]
        length = off[word + 1] - start
        out_buf[pos:pos + length] = buf[start:start + length]
        pos += length
        count += 1
        out_off[count] = pos
    return out_buf[:pos], out_off[:count + 1]
