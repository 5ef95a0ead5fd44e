"""Compiled hot loops of the KWG builder (numba, ``cache=True``).

Only `lexicon_tools.lexicon.kwg.build_kwg` imports this module, so numpy and
numba never load on the word-check path. Every function takes flat arrays:
a word list is ``buf`` (uint8 tiles, all words concatenated) plus ``off``
(int64, ``off[i]:off[i+1]`` is word i), optionally visited in the order ``order``.

Algorithm (Daciuk, Mihov, Watson & Watson 2000, "Incremental construction of
minimal acyclic finite-state automata", the sorted-input variant), in the arc-list
form the KWG format needs:

* A *state* here is one arc of a sibling list together with the rest of that
  list: ``(tile, accepts, child, next)`` where ``child`` is the state heading the
  child list and ``next`` the state holding the remaining siblings (0 = none).
  States are hash-consed in a register, so two lists with equal contents are one
  state, and a list that is a tail of another list is shared as well.
* Words arrive sorted. The path of the previous word that diverges from the
  current one can never change again, so its arc lists are finished (folded
  into registered states, deepest first) before the new suffix is appended.
  Every register lookup therefore sees finished children, which is what makes
  the result minimal without ever building the full trie.
* The GADDAG part follows the wolges construction: for every word the full
  reversal (``ERAC`` for CARE) and, for every distinct proper prefix, the
  reversed prefix plus the separator (``RAC@``, ``AC@``, ``C@``). The separator
  arc does not get a subtree of its own: it points at the DAWG state reached by
  the prefix, whose arc list is exactly the set of possible continuations. That
  is the same state a minimal automaton of the full GADDAG would merge it with,
  so the combined graph stays minimal while the GADDAG input shrinks to a few
  short strings per word.

States are created children-first, so ``child < state`` and ``next < state``:
the state array is already in topological order, which `layout` relies on.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_EMPTY = -1
_INSERTION_SORT_MAX = 24


# ---------------------------------------------------------------- sorting ---

@njit(cache=True)
def _key(buf, off, word, depth):
    """Radix digit of `word` at `depth`: 0 past the end, else tile + 1."""
    start = off[word]
    if start + depth >= off[word + 1]:
        return 0
    return np.int64(buf[start + depth]) + 1


@njit(cache=True)
def _less(buf, off, a, b, depth):
    """Lexicographic a < b, both known to agree on the first `depth` tiles."""
    i = off[a] + depth
    j = off[b] + depth
    end_a = off[a + 1]
    end_b = off[b + 1]
    while i < end_a and j < end_b:
        if buf[i] != buf[j]:
            return buf[i] < buf[j]
        i += 1
        j += 1
    return i == end_a and j < end_b


@njit(cache=True)
def sort_words(buf, off):
    """Indices of the words in lexicographic order (MSD radix sort, then insertion sort)."""
    n = off.shape[0] - 1
    order = np.arange(n)
    scratch = np.empty(n, np.int64)
    counts = np.zeros(258, np.int64)
    stack = np.empty((64, 3), np.int64)
    top = 0
    if n > 1:
        stack[0, 0], stack[0, 1], stack[0, 2] = 0, n, 0
        top = 1
    while top > 0:
        top -= 1
        lo, hi, depth = stack[top, 0], stack[top, 1], stack[top, 2]
        if hi - lo <= _INSERTION_SORT_MAX:
            for k in range(lo + 1, hi):
                item = order[k]
                m = k
                while m > lo and _less(buf, off, item, order[m - 1], depth):
                    order[m] = order[m - 1]
                    m -= 1
                order[m] = item
            continue
        counts[:] = 0
        high = 0
        for k in range(lo, hi):
            digit = _key(buf, off, order[k], depth)
            counts[digit + 1] += 1
            high = max(high, digit)
        for d in range(1, high + 2):
            counts[d] += counts[d - 1]
        for k in range(lo, hi):
            digit = _key(buf, off, order[k], depth)
            scratch[lo + counts[digit]] = order[k]
            counts[digit] += 1
        order[lo:hi] = scratch[lo:hi]
        # after the scatter counts[d] is the end of bucket d; bucket 0 (ended words) is done
        for d in range(1, high + 1):
            b_lo = lo + counts[d - 1]
            b_hi = lo + counts[d]
            if b_hi - b_lo > 1:
                if top == stack.shape[0]:
                    bigger = np.empty((stack.shape[0] * 2, 3), np.int64)
                    bigger[:top] = stack[:top]
                    stack = bigger
                stack[top, 0], stack[top, 1], stack[top, 2] = b_lo, b_hi, depth + 1
                top += 1
    return order


# ------------------------------------------------------------- gaddag input ---

@njit(cache=True)
def _shared_prefix(buf, off, a, b, limit):
    i = 0
    sa = off[a]
    sb = off[b]
    while i < limit and buf[sa + i] == buf[sb + i]:
        i += 1
    return i


@njit(cache=True)
def gaddag_inputs(buf, off):
    """The GADDAG strings of sorted, unique words (see the module docstring).

    For each word: its reversal, then reversed-prefix + separator (tile 0) for
    every proper prefix longer than the prefix shared with the previous word
    (capped at that word's length - 1, so CAR -> CARE still emits RAC@).
    """
    n = off.shape[0] - 1
    first_new = np.zeros(n, np.int64)
    count = 0
    total = 0
    for w in range(n):
        length = off[w + 1] - off[w]
        shared = 0
        if w > 0:
            limit = min(length, off[w] - off[w - 1] - 1)
            shared = _shared_prefix(buf, off, w - 1, w, limit)
        first_new[w] = shared + 1
        count += 1
        total += length
        for k in range(shared + 1, length):
            count += 1
            total += k + 1
    out_buf = np.empty(total, np.uint8)
    out_off = np.empty(count + 1, np.int64)
    pos = 0
    item = 0
    for w in range(n):
        start = off[w]
        length = off[w + 1] - start
        out_off[item] = pos
        for i in range(length):
            out_buf[pos + i] = buf[start + length - 1 - i]
        pos += length
        item += 1
        for k in range(length - 1, first_new[w] - 1, -1):
            out_off[item] = pos
            for i in range(k):
                out_buf[pos + i] = buf[start + k - 1 - i]
            out_buf[pos + k] = 0
            pos += k + 1
            item += 1
    out_off[item] = pos
    return out_buf, out_off


# ---------------------------------------------------------------- register ---

# The register is open addressing with linear probing over rows [key, state] of
# one int64 array: a lookup compares packed keys in one cache line instead of
# chasing four state arrays. key = tile | accepts << 8 | child << 9 | next << 36.
_STATE_LIMIT = 1 << 27
_MIX = 0x9E3779B97F4A7C15


@njit(cache=True)
def _pack(tile, accepts, child, nxt):
    return np.int64(tile) | (np.int64(accepts) << 8) | (np.int64(child) << 9) | (np.int64(nxt) << 36)


@njit(cache=True)
def _slot(key, shift):
    return np.int64((np.uint64(key) * np.uint64(_MIX)) >> np.uint64(shift))


@njit(cache=True)
def _new_slots(bits):
    return np.full((1 << bits, 2), _EMPTY, np.int64)


@njit(cache=True)
def _rehash(slots, bits):
    bigger = _new_slots(bits)
    shift = 64 - bits
    mask = (1 << bits) - 1
    for i in range(slots.shape[0]):
        key = slots[i, 0]
        if key != _EMPTY:
            h = _slot(key, shift)
            while bigger[h, 0] != _EMPTY:
                h = (h + 1) & mask
            bigger[h, 0] = key
            bigger[h, 1] = slots[i, 1]
    return bigger


@njit(cache=True)
def _grow(arr, size):
    out = np.empty(size, arr.dtype)
    out[: arr.shape[0]] = arr
    return out


@njit(cache=True)
def _fold(st_tile, st_acc, st_child, st_next, slots, shift, mask, n_states, p_tile, p_acc, p_child, start, end):
    """Register the arc list p_*[start:end]; returns (head state, n_states).

    The caller has made room (`_room`) for ``end - start`` new states, so this loop only reads and
    writes arrays it is given: no allocation, no arrays returned (numba would count references).
    """
    head = np.int64(0)
    for k in range(end - 1, start - 1, -1):
        key = _pack(p_tile[k], p_acc[k], p_child[k], head)
        h = _slot(key, shift)
        while slots[h, 0] != _EMPTY and slots[h, 0] != key:
            h = (h + 1) & mask
        if slots[h, 0] == key:
            head = slots[h, 1]
            continue
        st_tile[n_states] = p_tile[k]
        st_acc[n_states] = p_acc[k]
        st_child[n_states] = p_child[k]
        st_next[n_states] = head
        slots[h, 0] = key
        slots[h, 1] = n_states
        head = n_states
        n_states += 1
    return head, n_states


@njit(cache=True)
def _room(store, slots, need):
    """(store, slots) with room for `need` states: the arrays doubled, the table at most half full."""
    if need > _STATE_LIMIT:
        raise ValueError("word graph register overflow: more than 2**27 arc states")
    st_tile, st_acc, st_child, st_next = store
    if need > st_tile.shape[0]:
        size = max(st_tile.shape[0] * 2, need)
        store = (_grow(st_tile, size), _grow(st_acc, size), _grow(st_child, size), _grow(st_next, size))
    bits = _log2(slots.shape[0])
    while 2 * need > slots.shape[0]:
        bits += 1
        slots = _rehash(slots, bits)
    return store, slots


@njit(cache=True)
def _log2(size):
    """log2 of a power of two."""
    bits = 0
    while (np.int64(1) << bits) < size:
        bits += 1
    return bits


@njit(cache=True)
def _dawg_state_after(st_tile, st_child, st_next, root, buf, start, end):
    """The DAWG state reached by the *reversed* tiles buf[start:end] (a known proper prefix)."""
    p = root
    for i in range(end - 1, start - 1, -1):
        while st_tile[p] != buf[i]:
            p = st_next[p]
        p = st_child[p]
    return p


@njit(cache=True)
def add_words(store, slots, n_states, buf, off, order, gaddag_phase, dawg_root):
    """Daciuk's incremental construction over words visited in sorted `order`.

    Returns (root state, n_states, store, slots). In the GADDAG phase a word
    ending in the separator links its last arc to the DAWG state of the prefix.
    The register only grows between folds (`_room`), so the fold loop runs on
    plain local arrays.
    """
    max_len = 1
    for w in range(off.shape[0] - 1):
        max_len = max(max_len, off[w + 1] - off[w])
    capacity = max_len * 257 + 1
    p_tile = np.zeros(capacity, np.uint8)
    p_acc = np.zeros(capacity, np.uint8)
    p_child = np.zeros(capacity, np.int64)
    starts = np.zeros(max_len + 1, np.int64)  # starts[d]: first pending arc below depth d
    st_tile, st_acc, st_child, st_next = store
    bits = _log2(slots.shape[0])
    shift = 64 - bits
    mask = slots.shape[0] - 1
    pending = 0
    depth = 0
    prev = -1
    for k in range(order.shape[0] + 1):
        last = k == order.shape[0]
        shared = 0
        word = 0
        w_start = 0
        w_len = 0
        if not last:
            word = order[k]
            w_start = off[word]
            w_len = off[word + 1] - w_start
            if prev >= 0:
                limit = min(w_len, depth)
                p_start = off[prev]
                while shared < limit and buf[p_start + shared] == buf[w_start + shared]:
                    shared += 1
        if depth > shared and n_states + pending - starts[shared] + 1 > min(st_tile.shape[0], slots.shape[0] // 2):
            store, slots = _room((st_tile, st_acc, st_child, st_next), slots,
                                 n_states + pending - starts[shared] + 1)
            st_tile, st_acc, st_child, st_next = store
            bits = _log2(slots.shape[0])
            shift = 64 - bits
            mask = slots.shape[0] - 1
        while depth > shared:
            depth -= 1
            begin = starts[depth]
            head, n_states = _fold(st_tile, st_acc, st_child, st_next, slots, shift, mask, n_states,
                                   p_tile, p_acc, p_child, begin, pending)
            p_child[begin - 1] = head
            pending = begin
        if last:
            break
        for i in range(shared, w_len):
            p_tile[pending] = buf[w_start + i]
            p_acc[pending] = 0
            p_child[pending] = 0
            pending += 1
            starts[depth] = pending
            depth += 1
        if gaddag_phase and buf[w_start + w_len - 1] == 0:
            depth -= 1  # the separator arc's subtree is the DAWG state of the prefix
            p_child[pending - 1] = _dawg_state_after(st_tile, st_child, st_next, dawg_root, buf, w_start,
                                                     w_start + w_len - 1)
        else:
            p_acc[pending - 1] = 1
        prev = word
    store, slots = _room((st_tile, st_acc, st_child, st_next), slots, n_states + pending + 1)
    st_tile, st_acc, st_child, st_next = store
    bits = _log2(slots.shape[0])
    root, n_states = _fold(st_tile, st_acc, st_child, st_next, slots, 64 - bits, slots.shape[0] - 1, n_states,
                           p_tile, p_acc, p_child, 0, pending)
    return root, n_states, store, slots


@njit(cache=True)
def new_store(capacity):
    """An empty register holding only state 0, the empty list."""
    capacity = max(capacity, 16)
    store = (np.zeros(capacity, np.uint8), np.zeros(capacity, np.uint8),
             np.zeros(capacity, np.int64), np.zeros(capacity, np.int64))
    bits = 12
    while (1 << bits) < 2 * capacity:
        bits += 1
    return store, _new_slots(bits), np.int64(1)
