"""Compiled KWG layout and batch lookup (numba, ``cache=True``).

`layout` turns the register of `_build_jit` (hash-consed arc states with
``child`` and ``next`` links) into the flat KWG node array:

* Each state heads one arc list (itself plus its ``next`` chain). A list that
  is the tail of another list is stored *inside* it: in the array a sibling
  list ends at the node with the last-sibling bit, so a pointer into the middle
  of a longer list reads exactly its tail. Only states that are nobody's tail
  (chain leaves) get their own run of nodes, so the array holds
  ``2 + sum(length of each leaf chain)`` nodes: the minimum for the minimal
  automaton, since a node can physically follow only one predecessor.
* Runs are placed breadth-first from the DAWG root, then from the GADDAG root,
  so the DAWG comes first and the nodes a search visits together sit together.
  The order depends only on the register, which depends only on the sorted
  input: builds are deterministic.
"""

from __future__ import annotations

import numpy as np
from numba import njit

CHILD_MASK = 0x3FFFFF
END_BIT = 0x400000
ACCEPT_BIT = 0x800000


@njit(cache=True)
def _place_chain(state, leaf, st_next, pos, cell_state, cursor):
    s = leaf[state]
    while s != 0:
        if pos[s] < 0:
            pos[s] = cursor
        cell_state[cursor] = s
        cursor += 1
        s = st_next[s]
    return cursor


@njit(cache=True)
def layout(store, n_states, dawg_root, gaddag_root, with_gaddag):
    """KWG nodes (uint32) for the register; node 0 -> DAWG root, node 1 -> GADDAG root."""
    st_tile, st_acc, st_child, st_next = store
    prev = np.zeros(n_states, np.int64)  # the chosen predecessor (0 = none; state 0 is the empty list)
    for s in range(n_states - 1, 0, -1):
        if st_next[s] != 0:
            prev[st_next[s]] = s
    leaf = np.arange(n_states)
    for s in range(n_states - 1, 0, -1):  # prev[s] > s: predecessors are created later
        if prev[s] != 0:
            leaf[s] = leaf[prev[s]]
    first = 2 if with_gaddag else 1
    bound = first
    for s in range(1, n_states):
        if prev[s] == 0:
            run = 0
            x = s
            while x != 0:
                run += 1
                x = st_next[x]
            bound += run
    pos = np.full(n_states, -1, np.int64)
    pos[0] = 0
    cell_state = np.zeros(bound, np.int64)
    cursor = first
    roots = (dawg_root, gaddag_root if with_gaddag else 0)
    i = first
    for root in roots:
        if root != 0 and pos[root] < 0:
            cursor = _place_chain(root, leaf, st_next, pos, cell_state, cursor)
        while i < cursor:
            child = st_child[cell_state[i]]
            if child != 0 and pos[child] < 0:
                cursor = _place_chain(child, leaf, st_next, pos, cell_state, cursor)
            i += 1
    nodes = np.zeros(cursor, np.uint32)
    nodes[0] = END_BIT | (pos[dawg_root] if dawg_root != 0 else 0)
    if with_gaddag:
        nodes[1] = END_BIT | (pos[gaddag_root] if gaddag_root != 0 else 0)
    for i in range(first, cursor):
        s = cell_state[i]
        child = st_child[s]
        value = np.int64(st_tile[s]) << 24
        if child != 0:
            value |= pos[child]
        if st_next[s] == 0:
            value |= END_BIT
        if st_acc[s] != 0:
            value |= ACCEPT_BIT
        nodes[i] = np.uint32(value)
    return nodes


@njit(cache=True)
def _arc(nodes, p, tile):
    """Index of the arc labelled `tile` in the sibling list starting at node p (labels ascend), or 0."""
    node = nodes[p]
    while (node >> 24) != tile:
        if (node >> 24) > tile or (node & END_BIT) != 0:
            return 0
        p += 1
        node = nodes[p]
    return p


@njit(cache=True)
def contains_many(nodes, buf, off):
    """DAWG membership of every word buf[off[i]:off[i+1]] (the batch check)."""
    n = off.shape[0] - 1
    out = np.zeros(n, np.bool_)
    root = np.int64(nodes[0] & CHILD_MASK)
    for w in range(n):
        start = off[w]
        end = off[w + 1]
        if start == end:
            continue
        p = root
        found = False
        for i in range(start, end):
            if p == 0:
                break
            p = _arc(nodes, p, np.uint32(buf[i]))
            if p == 0:
                break
            if i == end - 1:
                found = (nodes[p] & ACCEPT_BIT) != 0
            p = np.int64(nodes[p] & CHILD_MASK)
        out[w] = found
    return out


@njit(cache=True)
def split_at_nul(text, count):
    """Word starts of `count` NUL-separated words in `text`: off[i] .. off[i+1] - 1 is word i."""
    off = np.empty(count + 1, np.int64)
    off[0] = 0
    k = 1
    for i in range(text.shape[0]):
        if text[i] == 0:
            off[k] = i + 1
            k += 1
    off[count] = text.shape[0] + 1
    return off


@njit(cache=True)
def contains_codepoints(nodes, table, text, off):
    """The batch check straight from text: word i is the code points text[off[i]:off[i+1] - 1] (UTF-32;
    each word is followed by one separator, the last by the end of `text`).

    `table[c]` is the tile of code point c when c is a plain case variant of a tile letter (the
    alphabet's fast path), else 0. Returns (found, slow): a word with any other character (or
    empty) is marked slow and left to the full normalisation in Python.
    """
    n = off.shape[0] - 1
    found = np.zeros(n, np.bool_)
    slow = np.zeros(n, np.bool_)
    size = table.shape[0]
    root = np.int64(nodes[0] & CHILD_MASK)
    for w in range(n):
        start = off[w]
        end = off[w + 1] - 1
        if start == end:
            slow[w] = True
            continue
        for i in range(start, end):
            c = text[i]
            if c >= size or table[c] == 0:
                slow[w] = True
                break
        if slow[w]:
            continue
        p = root
        ok = False
        for i in range(start, end):
            if p == 0:
                break
            p = _arc(nodes, p, np.uint32(table[text[i]]))
            if p == 0:
                break
            if i == end - 1:
                ok = (nodes[p] & ACCEPT_BIT) != 0
            p = np.int64(nodes[p] & CHILD_MASK)
        found[w] = ok
    return found, slow
