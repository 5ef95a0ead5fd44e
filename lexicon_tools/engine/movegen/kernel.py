"""The compiled move generator: Gordon's GADDAG algorithm with cross-checks, over the KWG.

Algorithm (S. A. Gordon, "A faster Scrabble move generation algorithm", 1994):
for each direction the board is scanned line by line (rows for across moves; the
transposed board for down moves). Every empty square next to a tile is an
*anchor* (on an empty board: the start squares). From each anchor the GADDAG is
walked leftwards — placing rack tiles or reading board tiles — and, after the
separator arc, rightwards from the square after the anchor. *Cross-checks*
(a 64-bit letter mask per empty square) allow only letters that form a word
with the tiles above and below, and *cross-scores* (the face value of those
tiles, or -1 when there are none) let the walk score the cross words
incrementally. Each move is generated exactly once: the left part of a walk
may not place a tile on the previous anchor of the line (that anchor generates
those moves), and a single placed tile is generated only across when it has a
horizontal neighbour.

The KWG layout (see `lexicon_tools.lexicon.kwg`): node bits 0-21 child list,
22 last sibling, 23 accepts, 24-31 tile; node 0 → DAWG root list, node 1 →
GADDAG root list, separator tile 0, siblings sorted by tile. For CARE the
GADDAG holds ERAC, RAC@E, AC@RE, C@ARE, so a left walk that ends at an
accepting node has read a whole word ending at the anchor.

Why numba: the pure-Python version of this exact code (run with
``NUMBA_DISABLE_JIT=1``) manages about a hundred positions per second on a
300k-word lexicon; compiled it is one to two orders of magnitude faster, while
staying one readable Python source. ``cache=True`` stores the machine code, so
only the first run on a machine pays the compile time. The walk itself (the hot
loop) is in `walk`; this module prepares its workspace: the cross-checks, each
line's square data, and the output rows.

Output: one row per move in ``meta`` — direction (0 across, 1 down), line
(row, or column for down), first square of the main word along the line, word
length, score (bonus and cut-word scores included), tiles placed — and the word
in ``tiles`` (0 = a board tile played through, else the placed board code).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lexicon_tools.engine.movegen.walk import (
    ALL_LETTERS, CHILD, CONTEXT, LAST, MAX_TILE, OUT_META, S_LM, S_MASK, S_START, S_STRIP, S_TILE, S_WM,
    S_XMULT, S_XSCORE, SQ, W_ANCHOR, W_BINGO, W_BVALUES, W_CAP, W_COUNT, W_DIR, W_FIRST, W_FRAG, W_LEN,
    W_LIMIT, W_LINE, W_MIN_PLACED, W_MIN_STARTS, W_MUST, W_MUST_NEEDED, W_NFRAG, W_OUT, W_RACK, W_ROW,
    W_TOTAL, W_VALUES, W_WIDTH, can_enter, left)

ACCEPT = 0x800000
META_COLS = OUT_META


@njit(cache=True)
def graph_of(nodes):
    """The walk's graph: ``[node, sibling mask]`` per node (see `walk`); tiles above 62 get no bit."""
    count = nodes.shape[0]
    graph = np.zeros((count, 2), np.int64)
    for i in range(count - 1, -1, -1):
        node = np.int64(nodes[i])
        t = node >> 24
        bits = (np.int64(1) << t) if t <= MAX_TILE else np.int64(0)
        if not node & LAST and i + 1 < count:
            bits |= graph[i + 1, 1]
        graph[i, 0] = node
        graph[i, 1] = bits
    return graph


@njit(cache=True)
def _child_of(nodes, p, tile):
    """Node index of `tile` in the sibling list at `p`, or -1."""
    if p == 0:
        return -1
    while True:
        node = nodes[p]
        t = node >> 24
        if t == tile:
            return p
        if t > tile or node & LAST:
            return -1
        p += 1


@njit(cache=True)
def cross_checks(nodes, board, lm, wm, values, bvalues):
    """Letter masks, cross-scores and cross word multipliers for words running *down*.

    A board tile counts ``value * lm`` and multiplies its word by ``wm``; both are 1
    for ordinary board tiles and carry the premiums of tiles laid earlier in the same
    (multi-word) turn.
    """
    rows, cols = board.shape
    masks = np.zeros((rows, cols), np.int64)
    scores = np.full((rows, cols), -1, np.int64)
    mults = np.ones((rows, cols), np.int64)
    root = nodes[0] & CHILD
    for c in range(cols):
        for r in range(rows):
            if board[r, c] != 0:
                continue
            top = r
            while top > 0 and board[top - 1, c] != 0:
                top -= 1
            bottom = r
            while bottom < rows - 1 and board[bottom + 1, c] != 0:
                bottom += 1
            if top == r and bottom == r:
                masks[r, c] = ALL_LETTERS
                continue
            total, mult = 0, 1
            for i in range(top, bottom + 1):
                code = board[i, c]
                if code != 0:
                    total += (bvalues[code & 0x7F] if code & 0x80 else values[code]) * lm[i, c]
                    mult *= wm[i, c]
            scores[r, c] = total
            mults[r, c] = mult
            masks[r, c] = _cross_mask(nodes, board, root, top, r, bottom, c)
    return masks, scores, mults


@njit(cache=True)
def _cross_mask(nodes, board, root, top, r, bottom, c):
    p = root
    for i in range(top, r):
        q = _child_of(nodes, p, board[i, c] & 0x7F)
        if q < 0:
            return np.int64(0)
        p = nodes[q] & CHILD
    mask = np.int64(0)
    if p == 0:
        return mask
    while True:
        node = nodes[p]
        t = node >> 24
        if 0 < t <= MAX_TILE and _suffix_accepts(nodes, p, board, r + 1, bottom, c):
            mask |= np.int64(1) << t
        if node & LAST:
            break
        p += 1
    return mask


@njit(cache=True)
def _suffix_accepts(nodes, q, board, first, last, c):
    for i in range(first, last + 1):
        q = _child_of(nodes, nodes[q] & CHILD, board[i, c] & 0x7F)
        if q < 0:
            return False
    return (nodes[q] & ACCEPT) != 0


@njit(cache=True)
def _letters_in(w):
    """Bit mask of the natural letters on the workspace's rack."""
    bits = np.int64(0)
    rack = w[W_RACK]
    for t in range(1, min(w[W_VALUES] - rack, MAX_TILE + 1)):
        if w[rack + t] > 0:
            bits |= np.int64(1) << t
    return bits


@njit(cache=True)
def _direction(graph, board, lm, wm, start, w):
    """Generate the moves along the rows of `board` (w[W_DIR] says which real direction that is)."""
    rows, cols = board.shape
    masks, scores, mults = cross_checks(graph[:, 0], board, lm, wm, w[w[W_VALUES]:w[W_BVALUES]],
                                        w[w[W_BVALUES]:w[W_BINGO]])
    groot = graph[1, 0] & CHILD
    row = w[W_ROW]
    w[W_LEN] = cols
    if groot == 0 or w[W_TOTAL] == 0:
        return
    letters = _letters_in(w)
    zero = w[W_TOTAL] - w[W_TOTAL]      # computed, not literal: see `walk` on numba's cache
    first = w[W_FIRST] != 0
    for r in range(rows):
        for c in range(cols):
            base = row + c * SQ
            w[base + S_TILE] = board[r, c]
            w[base + S_LM] = lm[r, c]
            w[base + S_WM] = wm[r, c]
            w[base + S_XSCORE] = scores[r, c]
            w[base + S_START] = start[r, c]
            w[base + S_XMULT] = mults[r, c]
            w[base + S_MASK] = masks[r, c]
            w[base + S_STRIP] = 0
        w[W_LINE] = r
        previous = -1
        for c in range(cols):
            if board[r, c] != 0:
                continue
            if first:
                is_anchor = start[r, c] != 0
            else:
                is_anchor = ((r > 0 and board[r - 1, c] != 0) or (r < rows - 1 and board[r + 1, c] != 0)
                             or (c > 0 and board[r, c - 1] != 0) or (c < cols - 1 and board[r, c + 1] != 0))
            if not is_anchor:
                continue
            w[W_ANCHOR] = c
            w[W_LIMIT] = previous
            if can_enter(graph, w, c + zero, groot, zero, letters):
                left(graph, w, c + zero, groot + zero, zero, zero, zero + 1, zero, zero, zero, letters)
            previous = c


@njit(cache=True)
def generate(graph, board, lm, wm, start, values, bvalues, rack, first, min_starts, must, must_needed, min_placed,
             bingo, frag, out_meta, out_tiles):
    """All placements of `rack` on `board`; returns how many there are (rows beyond the buffer are dropped).

    `graph` is `graph_of(nodes)`. `lm`/`wm` hold the active premium of every empty square
    (1 when used up), and 1 for board tiles except tiles laid earlier in the same turn.
    `frag` rows are words that score unless the move extends them (row1, col1, row2, col2,
    score): the squares just outside both ends (-1 when off the board) and the score — the
    parts of a word cut by taking a letter, or the words of the earlier lines of a
    multi-word turn.
    """
    rows, cols = board.shape
    letters = values.shape[0]
    width = out_tiles.shape[1]
    cap = out_meta.shape[0]
    layout = np.zeros(8, np.int64)
    layout[0] = CONTEXT                                   # row data
    layout[1] = layout[0] + SQ * (max(rows, cols) + 1)    # rack
    layout[2] = layout[1] + letters                       # values
    layout[3] = layout[2] + letters                       # blank values
    layout[4] = layout[3] + letters                       # bonus table
    layout[5] = layout[4] + bingo.size                    # earlier words
    layout[6] = layout[5] + frag.size                     # output rows
    w = np.empty(layout[6] + cap * (OUT_META + width), np.int64)   # output rows are written whole
    w[:layout[6]] = 0
    w[W_ROW], w[W_RACK], w[W_VALUES], w[W_BVALUES], w[W_BINGO], w[W_FRAG], w[W_OUT] = layout[:7]
    w[layout[1]:layout[1] + rack.shape[0]] = rack
    w[layout[2]:layout[3]] = values
    w[layout[3]:layout[4]] = bvalues
    w[layout[4]:layout[5]] = bingo.ravel()
    w[layout[5]:layout[6]] = frag.ravel()
    w[W_NFRAG] = frag.shape[0]
    w[W_CAP] = cap
    w[W_WIDTH] = width
    w[W_FIRST] = 1 if first else 0
    w[W_MIN_STARTS] = min_starts
    w[W_MUST] = must
    w[W_MUST_NEEDED] = 1 if must_needed else 0
    w[W_MIN_PLACED] = min_placed
    w[W_TOTAL] = rack.sum()
    w[W_DIR] = 0
    _direction(graph, board, lm, wm, start, w)
    w[W_DIR] = 1
    _direction(graph, np.ascontiguousarray(board.T), np.ascontiguousarray(lm.T), np.ascontiguousarray(wm.T),
               np.ascontiguousarray(start.T), w)
    count = w[W_COUNT]
    for i in range(min(count, cap)):
        out = layout[6] + i * (OUT_META + width)
        for k in range(OUT_META):
            out_meta[i, k] = w[out + k]
        for k in range(width):
            out_tiles[i, k] = w[out + OUT_META + k]
    return count
