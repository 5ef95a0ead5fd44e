"""The compiled move generator: Gordon's GADDAG algorithm with cross-checks, over the KWG.

Algorithm (S. A. Gordon, "A faster Scrabble move generation algorithm", 1994):
for each direction the board is scanned line by line (rows for across moves; the
transposed board for down moves). Every empty square next to a tile is an
*anchor* (on an empty board: the start squares). From each anchor the GADDAG is
walked leftwards — placing rack tiles or reading board tiles — and, after the
separator arc, rightwards. *Cross-checks* (a letter mask per empty square) allow
only letters that form a word with the tiles above and below, and *cross-scores*
(the face value of those tiles, or -1 when there are none) let the walk score the
cross words incrementally. Each move is generated exactly once: the left part of
a walk may not place a tile on the previous anchor of the line (that anchor
generates those moves), and a single placed tile is generated only across when
it has a horizontal neighbour.

**The pivot.** An anchor right before board tiles (the square in front of a
word) starts its walk at the *last* of those tiles, not at the anchor: the walk
reads the board word backwards first, so only the letters that can precede that
word are tried on the anchor and further left, and the separator is taken only
once the anchor is covered. Starting at the anchor instead tried every left part
the rack allows and checked the board word only after the separator; that was
nine tenths of the work in mid-game positions. The moves are the same, in the
same order.

The KWG layout (see `lexicon_tools.lexicon.kwg`): node bits 0-21 child list,
22 last sibling, 23 accepts, 24-31 tile; node 0 → DAWG root list, node 1 →
GADDAG root list, separator tile 0, siblings sorted by tile. For CARE the
GADDAG holds ERAC, RAC@E, AC@RE, C@ARE, so a left walk that ends at an
accepting node has read a whole word ending where it started.

**Written for speed** (numba; the pure-Python version of the same algorithm is
bench/movegen_pure.py):

* recursion with the state in arguments: the running score, word multiplier,
  cross-word sum, tiles placed and the rack's letter set live in registers;
* two arrays only: every call passes the graph and one int64 workspace (laid out
  by `generate`: context, per-square line data, rack, tile values, bonus table,
  the turn's earlier words, the output rows), because each array argument costs
  a numba call several machine words;
* sibling masks: ``bits_at(graph, p)`` holds the bit set of the tiles in the sibling
  list from node ``p`` on, so a square visits only the arcs its cross-check, the
  rack and the list share (lowest bit first, i.e. in tile order), and the node
  of tile ``t`` is ``p + popcount(bits below t)``;
* **the graph** (`graph_of`) is *narrow* when every tile is at most 30 (German,
  English: one int64 a node, the KWG node in the low half and its mask in the
  high half), else *wide* (two int64 a node, any tile up to 62). The walk's reads
  of the graph are mostly cache misses, and a narrow graph halves the memory they
  touch (the default Webfeud lexicon's 2.85M nodes: 23 MB, not 46 MB), about 1.3x on the walk.
  `node_at` and `bits_at` read either layout; numba compiles one walk per layout;
* a square is entered only when it has an arc to follow.

The order of the moves (tile order, natural before blank, a word's left
extensions before its right part) is the order of the first, stack-based
version, so the first of equal-scoring moves, which greedy play picks, stays the
same.

**numba's cache.** ``cache=True`` stores the machine code, so only the first run
on a machine pays the compile time. Two rules keep the cache sound: (1) every
jitted function of the generator is in this one file, because numba checks only
a function's own file when it decides whether a cached version is stale (a
change to a callee in another file would keep running the old callee); (2) no
call of a recursive function passes a literal constant: numba compiles a second
specialisation for the literal, and loading that from the cache crashes the
process (tests/engine/test_movegen_cache.py loads the cache in fresh processes).

Output: one row per move in ``meta`` — direction (0 across, 1 down), line
(row, or column for down), first square of the main word along the line, word
length, score (bonus and cut-word scores included), tiles placed — and the word
in ``tiles`` (0 = a board tile played through, else the placed board code). Inside the walk a row is
packed (`_write`, `_unpack`): the five small fields in one word, the score in another, the tiles
eight to a word, so an all-moves run writes 4 words a move on a 15-square line, not 21 (1.05-1.10x
with blanks, where a position has about 10,000 moves).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic, overload

CHILD = 0x3FFFFF
LAST = 0x400000
ACCEPT = 0x800000
ALL_LETTERS = 0x7FFFFFFFFFFFFFFE   # every tile bit; bit 0 is the GADDAG separator
MAX_TILE = 62                      # masks are int64: tiles 1..62
NARROW_TILE = 30                   # a narrow graph packs a node and its mask of tiles 0..30 in one int64

# workspace: context slots first
(W_ANCHOR, W_LIMIT, W_LEN, W_DIR, W_LINE, W_FIRST, W_MIN_STARTS, W_MUST, W_MIN_PLACED, W_COUNT, W_TOTAL,
 W_MUST_NEEDED, W_ROW, W_RACK, W_VALUES, W_BVALUES, W_BINGO, W_FRAG, W_NFRAG, W_OUT, W_CAP, W_PIVOT,
 # best-move mode: the leave values (float64 bits) and the best move so far, ranked in generation order
 W_MODE, W_FLOATS, W_NLEAVES, W_FULL, W_PLACE, W_SEQ, W_BEST_DIR, W_BEST_LINE, W_BEST_ANCHOR, W_BEST_SEQ,
 # a square a taken letter may not go back to: row, column, the banned rack tile (-1 any, -2 no ban)
 W_BAN_ROW, W_BAN_COL, W_BAN_TILE,
 # words of one output row in the workspace (`_row_words`)
 W_ROW_WORDS) = range(36)
CONTEXT = 40
# per-square row data: 8 slots a square, so one square is one cache line
SQ = 8
(S_TILE, S_LM, S_WM, S_XSCORE, S_START, S_XMULT, S_MASK, S_STRIP) = range(8)
OUT_META = 6
PACKED_META = 2     # an output row's move fields in the workspace: direction, line, start, length, tiles; score
BONUS_COLS = 3      # bonus[n, k]: k 0 plain, 1 the taken letter among the n tiles, 2 a board tile in the main word
META_COLS = OUT_META


@intrinsic
def popcount(typingctx, x):
    """Set bits of an int64: LLVM's ctpop, one instruction on current CPUs."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def lowest_bit(typingctx, x):
    """Index of the lowest set bit of a non-zero int64 (LLVM's cttz)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))
    return types.int64(types.int64), codegen


def node_at(graph, p):
    """The KWG node `p` of the walk's graph (either layout; compiled code only)."""
    raise NotImplementedError


def bits_at(graph, p):
    """The sibling mask of the list from node `p` on (either layout; compiled code only)."""
    raise NotImplementedError


@overload(node_at, inline="always")
def _node_at(graph, p):
    if graph.ndim == 1:
        return lambda graph, p: graph[p] & 0xFFFFFFFF
    return lambda graph, p: graph[p, 0]


@overload(bits_at, inline="always")
def _bits_at(graph, p):
    if graph.ndim == 1:
        return lambda graph, p: graph[p] >> 32
    return lambda graph, p: graph[p, 1]


@njit(cache=True, inline="always")
def can_enter(graph, w, pos, plist, n, letters):
    """Whether square `pos` has an arc of the list at `plist` to follow."""
    base = w[W_ROW] + pos * SQ
    existing = w[base + S_TILE]
    if existing != 0:
        return (bits_at(graph, plist) >> (existing & 0x7F)) & 1 != 0
    if n >= w[W_TOTAL]:
        return False
    avail = ALL_LETTERS if w[w[W_RACK]] > 0 else letters
    return bits_at(graph, plist) & w[base + S_MASK] & avail != 0


@njit(cache=True)
def left(graph, w, pos, plist, n, msum, wmul, xsum, starts, req, letters):
    """Every arc of the list `plist` square `pos` allows: record the words from here to the pivot,
    go further left, then past the separator right of the pivot."""
    row, rack, pivot, length = w[W_ROW], w[W_RACK], w[W_PIVOT], w[W_LEN]
    base = row + pos * SQ
    existing = w[base + S_TILE]
    listbits = bits_at(graph, plist)
    left_free = pos == 0 or w[base - SQ + S_TILE] == 0
    ends = left_free and pos <= w[W_ANCHOR]      # a word may start here: it covers the anchor
    # the stack-based walk recorded a word running right of the anchor only after the left
    # extensions (on its way right); keeping that order keeps greedy play's choice among equals
    early = ends and pivot == w[W_ANCHOR]
    late = ends and pivot != w[W_ANCHOR]
    go_left = pos > 0 and (w[base - SQ + S_TILE] != 0 or pos - 1 > w[W_LIMIT])
    go_right = ends and pivot + 1 < length
    wm = w[base + S_WM]
    w2 = wmul * wm
    if existing != 0:                   # a board tile: its one arc, if the list has it
        t = existing & 0x7F
        low = 1 << t
        if listbits & low == 0:
            return
        node = node_at(graph, plist + popcount(listbits & (low - 1)))
        m2 = msum + w[(w[W_BVALUES] if existing & 0x80 else w[W_VALUES]) + t] * w[base + S_LM]
        if node & ACCEPT and early:
            record(w, pos, pivot, n, m2 * w2 + xsum, starts, req)
        children = node & CHILD
        if children != 0 and go_left and can_enter(graph, w, pos - 1, children, n, letters):
            left(graph, w, pos - 1, children, n, m2, w2, xsum, starts, req, letters)
        if node & ACCEPT and late:
            record(w, pos, pivot, n, m2 * w2 + xsum, starts, req)
        if children != 0:
            if go_right and bits_at(graph, children) & 1:
                sep = node_at(graph, children) & CHILD
                if sep != 0 and can_enter(graph, w, pivot + 1, sep, n, letters):
                    right(graph, w, pivot + 1, sep, pos, n, m2, w2, xsum, starts, req, letters)
        return
    values, bvalues, must = w[W_VALUES], w[W_BVALUES], w[W_MUST]
    lm, xscore, cross = w[base + S_LM], w[base + S_XSCORE], wm * w[base + S_XMULT]
    n2, s2 = n + 1, starts + w[base + S_START]
    blanks = w[rack]
    cand = listbits & w[base + S_MASK] & (ALL_LETTERS if blanks > 0 else letters)
    while cand != 0:
        low = cand & -cand
        cand ^= low
        t = lowest_bit(low)
        node = node_at(graph, plist + popcount(listbits & (low - 1)))
        children = node & CHILD
        for tile in (t, 0):             # the natural tile, then the blank as that letter
            count = w[rack + tile]
            if count == 0:
                continue
            w[rack + tile] = count - 1
            if tile != 0:
                l2 = letters & ~low if count == 1 else letters
                w[base + S_STRIP] = t
                ls = w[values + t] * lm
            else:
                l2 = letters
                w[base + S_STRIP] = t | 0x80
                ls = w[bvalues + t] * lm
            x2 = xsum + (xscore + ls) * cross if xscore >= 0 else xsum
            m2 = msum + ls
            r2 = req + 1 if must == tile else req
            if node & ACCEPT and early:
                record(w, pos, pivot, n2, m2 * w2 + x2, s2, r2)
            if children != 0 and go_left and can_enter(graph, w, pos - 1, children, n2, l2):
                left(graph, w, pos - 1, children, n2, m2, w2, x2, s2, r2, l2)
            if node & ACCEPT and late:
                record(w, pos, pivot, n2, m2 * w2 + x2, s2, r2)
            if children != 0:
                if go_right and bits_at(graph, children) & 1:
                    sep = node_at(graph, children) & CHILD
                    if sep != 0 and can_enter(graph, w, pivot + 1, sep, n2, l2):
                        right(graph, w, pivot + 1, sep, pos, n2, m2, w2, x2, s2, r2, l2)
            w[rack + tile] = count
        w[base + S_STRIP] = 0


@njit(cache=True)
def right(graph, w, pos, plist, leftmost, n, msum, wmul, xsum, starts, req, letters):
    """Every arc of the list `plist` square `pos` (right of the anchor) allows, recording the words
    that end here and going on right."""
    row, rack, length = w[W_ROW], w[W_RACK], w[W_LEN]
    base = row + pos * SQ
    existing = w[base + S_TILE]
    listbits = bits_at(graph, plist)
    right_free = pos == length - 1 or w[base + SQ + S_TILE] == 0
    go_right = pos + 1 < length
    wm = w[base + S_WM]
    w2 = wmul * wm
    if existing != 0:
        t = existing & 0x7F
        low = 1 << t
        if listbits & low == 0:
            return
        node = node_at(graph, plist + popcount(listbits & (low - 1)))
        m2 = msum + w[(w[W_BVALUES] if existing & 0x80 else w[W_VALUES]) + t] * w[base + S_LM]
        if node & ACCEPT and right_free:
            record(w, leftmost, pos, n, m2 * w2 + xsum, starts, req)
        children = node & CHILD
        if children != 0 and go_right and can_enter(graph, w, pos + 1, children, n, letters):
            right(graph, w, pos + 1, children, leftmost, n, m2, w2, xsum, starts, req, letters)
        return
    values, bvalues, must = w[W_VALUES], w[W_BVALUES], w[W_MUST]
    lm, xscore, cross = w[base + S_LM], w[base + S_XSCORE], wm * w[base + S_XMULT]
    n2, s2 = n + 1, starts + w[base + S_START]
    blanks = w[rack]
    cand = listbits & w[base + S_MASK] & (ALL_LETTERS if blanks > 0 else letters)
    while cand != 0:
        low = cand & -cand
        cand ^= low
        t = lowest_bit(low)
        node = node_at(graph, plist + popcount(listbits & (low - 1)))
        children = node & CHILD
        for tile in (t, 0):
            count = w[rack + tile]
            if count == 0:
                continue
            w[rack + tile] = count - 1
            if tile != 0:
                l2 = letters & ~low if count == 1 else letters
                w[base + S_STRIP] = t
                ls = w[values + t] * lm
            else:
                l2 = letters
                w[base + S_STRIP] = t | 0x80
                ls = w[bvalues + t] * lm
            x2 = xsum + (xscore + ls) * cross if xscore >= 0 else xsum
            m2 = msum + ls
            r2 = req + 1 if must == tile else req
            if node & ACCEPT and right_free:
                record(w, leftmost, pos, n2, m2 * w2 + x2, s2, r2)
            if children != 0 and go_right and can_enter(graph, w, pos + 1, children, n2, l2):
                right(graph, w, pos + 1, children, leftmost, n2, m2, w2, x2, s2, r2, l2)
            w[rack + tile] = count
        w[base + S_STRIP] = 0


@njit(cache=True)
def record(w, leftmost, rightmost, n, score, starts, req):
    """Write the move on squares leftmost..rightmost of the line, if the turn's conditions hold.

    Conditions: enough tiles, the taken letter used (when required), the start squares
    covered on a first move; a lone tile laid down that has a horizontal neighbour was
    generated across already. Words of the turn this move does not extend keep their score.
    """
    if n < w[W_MIN_PLACED] or rightmost - leftmost < 1:
        return
    if w[W_MUST_NEEDED] != 0 and req == 0:
        return
    if w[W_FIRST] != 0 and starts < w[W_MIN_STARTS]:
        return
    row, direction, line = w[W_ROW], w[W_DIR], w[W_LINE]
    if direction == 1 and n == 1:
        for pos in range(leftmost, rightmost + 1):
            if w[row + pos * SQ + S_STRIP] != 0 and w[row + pos * SQ + S_XSCORE] >= 0:
                return
    # bonus column: 1 the taken letter is among the tiles, 2 the main word runs through a board tile
    score += w[w[W_BINGO] + BONUS_COLS * n + (1 if req > 0 else (2 if rightmost - leftmost + 1 > n else 0))]
    frag = w[W_FRAG]
    for k in range(w[W_NFRAG]):
        extended = False
        for e in range(2):
            fr, fc = w[frag + 5 * k + 2 * e], w[frag + 5 * k + 2 * e + 1]
            if fr < 0:
                continue
            fl, fp = (fr, fc) if direction == 0 else (fc, fr)
            if fl == line and leftmost <= fp <= rightmost and w[row + fp * SQ + S_STRIP] != 0:
                extended = True
        if not extended:
            score += w[frag + 5 * k + 4]
    if w[W_BAN_TILE] != -2 and _banned(w, leftmost, rightmost):
        return
    if w[W_MODE] != 0:
        _offer(w, leftmost, rightmost, n, score)
        return
    i = w[W_COUNT]
    w[W_COUNT] = i + 1
    if i >= w[W_CAP]:
        return
    _write(w, i, leftmost, rightmost, n, score)


@njit(cache=True)
def _write(w, i, leftmost, rightmost, n, score):
    """Output row `i`: the move on squares leftmost..rightmost of the current line."""
    row, direction, line = w[W_ROW], w[W_DIR], w[W_LINE]
    size = w[W_ROW_WORDS]
    out = w[W_OUT] + i * size
    w[out] = direction | line << 1 | leftmost << 17 | (rightmost - leftmost + 1) << 33 | n << 49
    w[out + 1] = score
    packed, k, at = np.int64(0), 0, out + PACKED_META
    for pos in range(leftmost, rightmost + 1):
        packed |= w[row + pos * SQ + S_STRIP] << (8 * k)
        k += 1
        if k == 8:
            w[at] = packed
            packed, k, at = np.int64(0), 0, at + 1
    while at < out + size:
        w[at] = packed
        packed, at = np.int64(0), at + 1


@njit(cache=True)
def _row_words(width):
    """Words of one output row in the workspace: the PACKED_META words of the move's fields, then the
    tiles of a line of `width` squares, eight 8-bit codes to a word."""
    return PACKED_META + (width + 7) // 8


@njit(cache=True)
def _unpack(src, at, meta, tiles, i):
    """Row `i` of `tiles` (codes of the main word's squares, 0 past its end) from the output row at
    ``src[at]`` (`_write`'s layout)."""
    head = src[at]
    meta[i, 0], meta[i, 1], meta[i, 2] = head & 1, (head >> 1) & 0xFFFF, (head >> 17) & 0xFFFF
    meta[i, 3], meta[i, 4], meta[i, 5] = (head >> 33) & 0xFFFF, src[at + 1], head >> 49
    for k in range(tiles.shape[1]):
        tiles[i, k] = (src[at + PACKED_META + (k >> 3)] >> (8 * (k & 7))) & 0xFF


@njit(cache=True)
def _banned(w, leftmost, rightmost):
    """Whether the move lays a tile the rules forbid on the square its letter was taken from: any tile
    (ban -1) or the taken letter, as a natural tile or a blank (the ban is the letter, not the tile)."""
    line, ban_row, ban_col = w[W_LINE], w[W_BAN_ROW], w[W_BAN_COL]
    at_line, pos = (ban_row, ban_col) if w[W_DIR] == 0 else (ban_col, ban_row)
    if line != at_line or not leftmost <= pos <= rightmost:
        return False
    code = w[w[W_ROW] + pos * SQ + S_STRIP]
    if code == 0:
        return False
    return w[W_BAN_TILE] == -1 or (code & 0x7F) == w[W_BAN_TILE]


@njit(cache=True)
def _offer(w, leftmost, rightmost, n, score):
    """Best-move mode: keep the move if its equity (score + the value of the tiles kept) beats the
    best so far, or ties it and comes first in the all-moves order (direction, line, anchor, walk)."""
    row, place = w[W_ROW], w[W_PLACE]
    kept = w[W_FULL]
    for pos in range(leftmost, rightmost + 1):
        code = w[row + pos * SQ + S_STRIP]
        if code != 0:
            kept -= w[place + (0 if code & 0x80 else code)]
    floats = w[w[W_FLOATS]:w[W_FLOATS] + 1 + w[W_NLEAVES]].view(np.float64)
    value = np.float64(score) + floats[1 + kept]
    seq = w[W_SEQ]
    w[W_SEQ] = seq + 1
    if value < floats[0]:
        return
    rank = (w[W_DIR], w[W_LINE], w[W_ANCHOR], seq)
    if value == floats[0] and not rank < (w[W_BEST_DIR], w[W_BEST_LINE], w[W_BEST_ANCHOR], w[W_BEST_SEQ]):
        return
    floats[0] = value
    w[W_BEST_DIR], w[W_BEST_LINE], w[W_BEST_ANCHOR], w[W_BEST_SEQ] = rank
    w[W_COUNT] = 1
    _write(w, seq - seq, leftmost, rightmost, n, score)


def graph_of(nodes):
    """The walk's graph of a KWG node array: each node with the sibling mask of the list from it on
    (see "The graph" above). Narrow (one int64 a node) when every tile is at most `NARROW_TILE`, else wide."""
    nodes = np.asarray(nodes)
    if len(nodes) == 0 or int(nodes.max() >> 24) <= NARROW_TILE:
        return _narrow_graph(nodes)
    return _wide_graph(nodes)


@njit(cache=True)
def _narrow_graph(nodes):
    count = nodes.shape[0]
    graph = np.zeros(count, np.int64)
    for i in range(count - 1, -1, -1):
        node = np.int64(nodes[i])
        bits = np.int64(1) << (node >> 24)
        if not node & LAST and i + 1 < count:
            bits |= graph[i + 1] >> 32
        graph[i] = node | (bits << 32)
    return graph


@njit(cache=True)
def _wide_graph(nodes):
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
def cross_checks(graph, board, lm, wm, values, bvalues, wanted):
    """Letter masks, cross-scores and cross word multipliers for words running *down*.

    A mask holds only the letters of `wanted` (the rack's letters; every letter when it holds a
    blank): the walk and the bounds only ever ask for those, and each letter tested costs a walk
    through the word below the square. The words are looked up in the DAWG half of `graph` through
    its sibling masks (a child is found with one popcount, not by scanning its siblings), which
    halves the time of this step.

    A board tile counts ``value * lm`` and multiplies its word by ``wm``; both are 1
    for ordinary board tiles and carry the premiums of tiles laid earlier in the same
    (multi-word) turn.
    """
    rows, cols = board.shape
    masks = np.zeros((rows, cols), np.int64)
    scores = np.full((rows, cols), -1, np.int64)
    mults = np.ones((rows, cols), np.int64)
    for c in range(cols):
        _cross_column(graph, board, lm, wm, values, bvalues, wanted, masks, scores, mults, c)
    return masks, scores, mults


@njit(cache=True)
def _cross_column(graph, board, lm, wm, values, bvalues, wanted, masks, scores, mults, c):
    """Column c of `cross_checks`' arrays, every square written (`best_takes` rewrites the column of a
    taken tile): a board tile gets no letters, no cross-score and multiplier 1."""
    rows = board.shape[0]
    root = node_at(graph, 0) & CHILD
    for r in range(rows):
        masks[r, c], scores[r, c], mults[r, c] = 0, -1, 1
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
                total += _code_value(values, bvalues, code) * lm[i, c]
                mult *= wm[i, c]
        scores[r, c] = total
        mults[r, c] = mult
        masks[r, c] = _cross_mask(graph, board, root, top, r, bottom, c, wanted)


@njit(cache=True, inline="always")
def _code_value(values, bvalues, code):
    """The face value of a board code: its letter's value, or its blank value for a blank."""
    return bvalues[code & 0x7F] if code & 0x80 else values[code]


@njit(cache=True)
def _cross_mask(graph, board, root, top, r, bottom, c, wanted):
    """The letters of `wanted` that make board[top..bottom] of column c a word at row r."""
    p = root
    for i in range(top, r):
        q = _child(graph, p, board[i, c] & 0x7F)
        if q < 0:
            return np.int64(0)
        p = node_at(graph, q) & CHILD
    if p == 0:
        return np.int64(0)
    candidates = bits_at(graph, p) & wanted
    mask = np.int64(0)
    while candidates:
        t = lowest_bit(candidates)
        candidates &= candidates - 1
        q = p + popcount(bits_at(graph, p) & ((np.int64(1) << t) - 1))
        for i in range(r + 1, bottom + 1):
            q = _child(graph, node_at(graph, q) & CHILD, board[i, c] & 0x7F)
            if q < 0:
                break
        if q >= 0 and node_at(graph, q) & ACCEPT:
            mask |= np.int64(1) << t
    return mask


@njit(cache=True, inline="always")
def _child(graph, p, t):
    """Index of tile t's arc in the sibling list at `p`, or -1 (also when `p` is 0: no list)."""
    bits = bits_at(graph, p)
    if p == 0 or (bits >> t) & 1 == 0:
        return -1
    return p + popcount(bits & ((np.int64(1) << t) - 1))


@njit(cache=True)
def _letters_in(w):
    """Bit mask of the natural letters on the workspace's rack."""
    return _natural_letters(w[w[W_RACK]:w[W_VALUES]])


@njit(cache=True)
def _natural_letters(counts):
    """Bit mask of the letters (tiles 1..MAX_TILE) with a count above 0 in `counts`, indexed by tile."""
    bits = np.int64(0)
    for t in range(1, min(counts.shape[0], MAX_TILE + 1)):
        if counts[t] > 0:
            bits |= np.int64(1) << t
    return bits


@njit(cache=True)
def _load_line(w, board, lm, wm, start, masks, scores, mults, r):
    """Copy line `r` of a direction's arrays into the workspace's per-square slots."""
    row = w[W_ROW]
    for c in range(board.shape[1]):
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
    w[W_LEN] = board.shape[1]


@njit(cache=True)
def _anchors(board, start, first):
    """The anchors of every line in generation order: (line, column, previous anchor, pivot) rows."""
    rows, cols = board.shape
    out = np.empty((rows * cols, 4), np.int64)
    k = 0
    for r in range(rows):
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
            pivot = c        # the walk starts at the last tile right of the anchor: "the pivot" above
            while pivot + 1 < cols and board[r, pivot + 1] != 0:
                pivot += 1
            out[k, 0], out[k, 1], out[k, 2], out[k, 3] = r, c, previous, pivot
            k += 1
            previous = c
    return out[:k]


@njit(cache=True)
def _walk_anchor(graph, w, c, previous, pivot, letters):
    groot = node_at(graph, 1) & CHILD
    zero = w[W_TOTAL] - w[W_TOTAL]      # computed, not literal: see "numba's cache" above
    w[W_ANCHOR] = c
    w[W_PIVOT] = pivot
    w[W_LIMIT] = previous
    w[W_SEQ] = 0
    if can_enter(graph, w, pivot + zero, groot, zero, letters):
        left(graph, w, pivot + zero, groot + zero, zero, zero, zero + 1, zero, zero, zero, letters)


@njit(cache=True)
def _run(graph, lines0, lines1, w):
    """Walk every anchor of both directions: in generation order, or (best-move mode) by their score
    bound, best first, until no anchor can beat the best move found."""
    if node_at(graph, 1) & CHILD == 0 or w[W_TOTAL] == 0:
        return
    letters = _letters_in(w)
    first = w[W_FIRST] != 0
    anchors0 = _anchors(lines0[0], lines0[3], first)
    anchors1 = _anchors(lines1[0], lines1[3], first)
    if w[W_MODE] == 0:
        _walk_all(graph, w, lines0, anchors0, 0, letters)
        _walk_all(graph, w, lines1, anchors1, 1, letters)
        return
    total = len(anchors0) + len(anchors1)
    bounds = np.empty(total, np.float64)
    where = np.empty((total, 5), np.int64)
    values = _rack_values_desc(w)
    top_leave = _top_leave_by_kept(w)
    _bounds(w, lines0, anchors0, 0, values, letters, top_leave, bounds, where, 0)
    _bounds(w, lines1, anchors1, 1, values, letters, top_leave, bounds, where, len(anchors0))
    order = np.argsort(-bounds, kind="mergesort")
    best = w[w[W_FLOATS]:w[W_FLOATS] + 1].view(np.float64)
    loaded_dir, loaded = -1, -1
    for i in order:
        if bounds[i] < best[0]:
            break
        d, r = where[i, 0], where[i, 1]
        if d != loaded_dir or r != loaded:
            _load_in(w, lines0 if d == 0 else lines1, d, r)
            loaded_dir, loaded = d, r
        _walk_anchor(graph, w, where[i, 2], where[i, 3], where[i, 4], letters)


@njit(cache=True)
def _load_in(w, lines, d, r):
    """Load line r of direction d (`_line_arrays` of that direction) into the workspace."""
    w[W_DIR] = d
    _load_line(w, lines[0], lines[1], lines[2], lines[3], lines[4], lines[5], lines[6], r)


@njit(cache=True)
def _walk_all(graph, w, lines, anchors, d, letters):
    w[W_DIR] = d
    loaded = -1
    for a in range(anchors.shape[0]):
        r = anchors[a, 0]
        if r != loaded:
            _load_line(w, lines[0], lines[1], lines[2], lines[3], lines[4], lines[5], lines[6], r)
            loaded = r
        _walk_anchor(graph, w, anchors[a, 1], anchors[a, 2], anchors[a, 3], letters)


@njit(cache=True)
def _top_leave_by_kept(w):
    """``top[j]``: the highest leave value among the rack's sub-multisets of j tiles (the leave of a
    move that places total - j rack tiles), so a bingo's bound adds an empty leave, not the best one."""
    floats = w[w[W_FLOATS] + 1:w[W_FLOATS] + 1 + w[W_NLEAVES]].view(np.float64)
    rack, place, total = w[W_RACK], w[W_PLACE], w[W_TOTAL]
    letters = w[W_VALUES] - rack
    if floats.shape[0] == 1:                   # no leave values (the score alone): one value for all
        return np.full(total + 1, floats[0])
    top = np.full(total + 1, -np.inf)
    for i in range(floats.shape[0]):
        kept = 0
        for t in range(letters):
            n = w[rack + t]
            if n > 0:
                kept += (i // w[place + t]) % (n + 1)
        if kept <= total and floats[i] > top[kept]:
            top[kept] = floats[i]
    return top


@njit(cache=True)
def _bounds(w, lines, anchors, d, values, letters, top_leave, bounds, where, k):
    """The equity bound of each anchor of direction `d` (`score_bound` with the best leave of each
    number of tiles kept, `_top_leave_by_kept`)."""
    w[W_DIR] = d
    loaded = -1
    fits = np.zeros(0, np.int64)
    order = _fit_order(w, letters)
    scratch = np.empty((3, max(w[W_TOTAL], 1)), np.int64)
    for a in range(anchors.shape[0]):
        r = anchors[a, 0]
        if r != loaded:
            _load_line(w, lines[0], lines[1], lines[2], lines[3], lines[4], lines[5], lines[6], r)
            fits = _fits(w, order)
            loaded = r
        bounds[k] = score_bound(w, anchors[a, 1], anchors[a, 2], values, letters, fits, scratch, top_leave)
        where[k, 0], where[k, 1], where[k, 2], where[k, 3], where[k, 4] = (d, r, anchors[a, 1], anchors[a, 2],
                                                                          anchors[a, 3])
        k += 1


@njit(cache=True)
def _rack_values_desc(w):
    """The rack's tile values, highest first; a blank counts as the highest letter it can stand for."""
    rack, values, bvalues = w[W_RACK], w[W_VALUES], w[W_BVALUES]
    letters = w[W_VALUES] - rack
    blank = w[bvalues:bvalues + letters].max()
    out = np.empty(w[W_TOTAL], np.int64)
    k = 0
    for t in range(letters):
        for _ in range(w[rack + t]):
            out[k] = blank if t == 0 else w[values + t]
            k += 1
    return np.sort(out)[::-1].copy()


@njit(cache=True)
def _fit_order(w, letters):
    """The tiles `_fits` tries, best first: ``[0]`` the rack's letters by face value, ``[1]`` (when the rack
    holds a blank) every letter by its blank value; -1 ends each row."""
    count = min(w[W_VALUES] - w[W_RACK], MAX_TILE + 1)
    order = np.full((2, count), -1, np.int64)
    k = 0
    for t in range(1, count):
        if (letters >> t) & 1:
            order[0, k] = t
            k += 1
    order[0, :k] = order[0, :k][np.argsort(-w[w[W_VALUES] + order[0, :k]], kind="mergesort")]
    if w[w[W_RACK]] > 0:
        tiles = np.arange(1, count)
        order[1, :count - 1] = tiles[np.argsort(-w[w[W_BVALUES] + tiles], kind="mergesort")]
    return order


@njit(cache=True)
def _fits(w, order):
    """Per square of the loaded line: the highest value a rack tile can score there (its cross-check):
    the first tile of each `_fit_order` row the square's mask allows."""
    row, length = w[W_ROW], w[W_LEN]
    values, bvalues = w[W_VALUES], w[W_BVALUES]
    out = np.zeros(length, np.int64)
    for c in range(length):
        mask = w[row + c * SQ + S_MASK]
        best = 0
        for t in order[0]:
            if t < 0:
                break
            if (mask >> t) & 1:
                best = w[values + t]
                break
        for t in order[1]:
            if t < 0:
                break
            if (mask >> t) & 1:
                best = max(best, w[bvalues + t])
                break
        out[c] = best
    return out


@njit(cache=True)
def score_bound(w, anchor, limit, values, letters, fits, scratch, top_leave):
    """An upper bound of the equity of any move through `anchor` of the loaded line: its score plus
    ``top_leave[tiles kept]`` (zeros: the score alone).

    Every span of squares that holds the anchor, places 1..rack-size tiles after `limit`
    (the walk's rule) and has a free square or the edge at both ends is scored with the
    rack's highest values on its best squares (rearrangement: sorted values against sorted
    square weights), or with each square's best fitting tile (`_fits`), whichever is lower,
    ignoring the words: main word, cross words, the larger bonus for that many tiles and
    every earlier word of the turn. A square no rack tile fits (its cross-check) ends the
    spans there.
    """
    row, length, total = w[W_ROW], w[W_LEN], w[W_TOTAL]
    avail = ALL_LETTERS if w[w[W_RACK]] > 0 else letters
    must_bit = np.int64(0)                     # a square the tile the move must place fits
    if w[W_MUST_NEEDED] != 0 and w[W_MUST] >= 0:
        must_bit = ALL_LETTERS if w[W_MUST] == 0 else np.int64(1) << w[W_MUST]
    frags = 0
    for k in range(w[W_NFRAG]):
        frags += max(w[w[W_FRAG] + 5 * k + 4], 0)
    best = -np.inf
    main, cross, per = scratch[0], scratch[1], scratch[2]
    a = anchor
    while a >= 0:
        ta = w[row + a * SQ + S_TILE]
        if ta == 0 and (a <= limit or w[row + a * SQ + S_MASK] & avail == 0):
            break
        if a == 0 or w[row + (a - 1) * SQ + S_TILE] == 0:        # a word may start at a
            best = max(best, _spans_from(w, a, anchor, length, total, values, main, cross, per, avail, fits,
                                         top_leave, must_bit) + frags)
        a -= 1
    return best


@njit(cache=True)
def _spans_from(w, a, anchor, length, total, values, main, cross, per, avail, fits, top_leave, must_bit):
    """The best bound of the spans that start at `a` and end at or after the anchor.

    A span must place at least ``W_MIN_PLACED`` tiles and, when the move must place a tile (`must_bit`:
    the letters it can be; 0 no such tile), hold a square that tile fits; then only the bonus of a
    move that places it (column 1) applies."""
    row = w[W_ROW]
    best = -np.inf
    min_k = max(w[W_MIN_PLACED], 1)
    seen_must = must_bit == 0
    board_sum, word_mult, cross_sum, k = 0, 1, 0, 0
    fit_main, fit_cross = 0, 0             # the per-square bound: sums of weight x best fitting value
    for b in range(a, length):
        base, tile, lm, wm = _square_at(w, b)
        if tile != 0:
            board_sum += _face_value(w, tile) * lm
        else:
            if k == total or w[base + S_MASK] & avail == 0:
                break
            xscore = w[base + S_XSCORE]
            seen_must = seen_must or w[base + S_MASK] & must_bit != 0
            main[k] = lm
            cross[k] = lm * wm * w[base + S_XMULT] if xscore >= 0 else 0
            fit_main += lm * fits[b]
            fit_cross += cross[k] * fits[b]
            if xscore >= 0:
                cross_sum += xscore * wm * w[base + S_XMULT]
            k += 1
        word_mult *= wm
        if b >= anchor and k >= min_k and seen_must and (b == length - 1 or w[row + (b + 1) * SQ + S_TILE] == 0):
            bonus = w[W_BINGO] + BONUS_COLS * k
            rest = board_sum * word_mult + cross_sum + (w[bonus + 1] if must_bit != 0 else
                                                        max(w[bonus], w[bonus + 1], w[bonus + 2]))
            leave = top_leave[total - k]
            fit = fit_main * word_mult + fit_cross
            if fit + rest + leave > best:          # else the span cannot raise the bound: skip the sort
                best = max(best, min(_assign(main, cross, per, k, word_mult, values), fit) + rest + leave)
    return best


@njit(cache=True, inline="always")
def _square_at(w, b):
    """Square b of the loaded line: its slot in the workspace, its tile, letter and word multiplier."""
    base = w[W_ROW] + b * SQ
    return base, w[base + S_TILE], w[base + S_LM], w[base + S_WM]


@njit(cache=True, inline="always")
def _face_value(w, code):
    """The value of a board tile's code: its letter's, or its blank value when it is a blank."""
    return w[(w[W_BVALUES] if code & 0x80 else w[W_VALUES]) + (code & 0x7F)]


@njit(cache=True)
def _assign(main, cross, per, k, word_mult, values):
    """The highest sum of k rack values on k squares: values and square weights both sorted
    (an insertion sort into the scratch array `per`: k is at most the rack size)."""
    for i in range(k):
        weight = main[i] * word_mult + cross[i]
        j = i
        while j > 0 and per[j - 1] < weight:
            per[j] = per[j - 1]
            j -= 1
        per[j] = weight
    out = 0
    for i in range(k):
        out += per[i] * values[i]
    return out


@njit(cache=True)
def generate(graph, cells, used, base_lm, base_wm, keep, start, values, bvalues, rack, first, min_starts, must,
             must_needed, min_placed, bingo, frag, capacity, leaves, full, place, beat, ban):
    """All placements of `rack` on the board `cells`: ``(meta, tiles, best)``, one row per move.

    `graph` is `graph_of(nodes)`; `used` marks squares whose premium is used up; `keep` (or an
    empty array) marks tiles laid earlier in the same turn, which keep their premiums. `frag`
    rows are words that score unless the move extends them (row1, col1, row2, col2, score):
    the squares just outside both ends (-1 when off the board) and the score — the parts of a
    word cut by taking a letter, or the words of the earlier lines of a multi-word turn.
    `capacity` is a guess of the number of moves (the output grows when it is short).
    `ban` (row, column, rack tile; tile -1: any, -2: no ban) is the square a taken letter may
    not go back to (``take_board_letter.return_to_same_square``).

    **Best-move mode** (`leaves` not empty): only the move of the highest equity, score +
    ``leaves[full - sum(place[tile] for the rack tiles it places)]`` (`engine.leaves.RackLeaves`),
    if it beats `beat`; ties go to the first in the all-moves order. `best` is its equity
    (`beat` when no move beats it).
    """
    lm, wm = premiums(cells, used, base_lm, base_wm, keep)
    wanted = _wanted(rack)
    lines0 = _line_arrays(graph, cells, lm, wm, start, values, bvalues, wanted)
    lines1 = _line_arrays(graph, np.ascontiguousarray(cells.T), np.ascontiguousarray(lm.T),
                          np.ascontiguousarray(wm.T), np.ascontiguousarray(start.T), values, bvalues, wanted)
    return _generate_lines(graph, lines0, lines1, values, bvalues, rack, first, min_starts, must, must_needed,
                           min_placed, bingo, frag, capacity, leaves, full, place, beat, ban)


@njit(cache=True)
def _generate_lines(graph, lines0, lines1, values, bvalues, rack, first, min_starts, must, must_needed, min_placed,
                    bingo, frag, capacity, leaves, full, place, beat, ban):
    """`generate` from the line arrays of both directions (`_line_arrays`)."""
    width = max(lines0[0].shape[0], lines0[0].shape[1])
    best_mode = leaves.shape[0] > 0
    cap = 1 if best_mode else max(capacity, 16)
    while True:
        w = _workspace(values, bvalues, rack, bingo, frag, width, cap, leaves, place)
        _settings(w, best_mode, first, min_starts, must, must_needed, min_placed, ban[0], ban[1], ban[2], full)
        if best_mode:
            w[w[W_FLOATS]:w[W_FLOATS] + 1].view(np.float64)[0] = beat
            w[W_BEST_DIR] = w[W_BEST_LINE] = w[W_BEST_ANCHOR] = w[W_BEST_SEQ] = -1
        _run(graph, lines0, lines1, w)
        count = w[W_COUNT]
        if count <= cap:
            break
        cap = count
    meta = np.empty((count, OUT_META), np.int64)
    tiles = np.empty((count, width), np.uint8)
    for i in range(count):
        _unpack(w, w[W_OUT] + i * w[W_ROW_WORDS], meta, tiles, i)
    best = w[w[W_FLOATS]:w[W_FLOATS] + 1].view(np.float64)[0] if best_mode else beat
    return meta, tiles, best


@njit(cache=True)
def best_takes(graph, cells, used, base_lm, base_wm, start, values, bvalues, rack, min_starts, must_needed,
               min_placed, bingo, squares, reactivate, ban_mode, leaves, offsets, fulls, places, beat):
    """Best-move mode over every letter take of a position in one call: ``(k, meta, tiles, best)``,
    k the index in `squares` of the take of the best move (-1: no take beats `beat`).

    Take k is the run `MoveGenerator._take_runs` describes for square ``squares[k]``: its tile
    leaves the board (the square's premium active again when `reactivate`) and joins the rack
    as the tile the move must place (`must_needed`); the parts of the words it cut (`_take_fragments`)
    score at face value unless the move extends them; `ban_mode` 0 bans nothing, 1 any tile on
    the square, 2 the taken letter. Its leave values are ``leaves[offsets[k]:offsets[k + 1]]``,
    ``fulls[k]`` and ``places[k]`` (`generate`'s `leaves`, `full`, `place`). The move is the one
    separate runs find, each take having to beat the best before it (`beat` first): the best
    equity, ties going to the earlier take, then to the first in the all-moves order.

    **Shared work.** Taking the tile on (r, c) changes the board only on that square, so a line
    it does not touch (`_take_lines`: all but three rows and three columns) has the same tiles,
    premiums, cross-checks and anchors as on the whole board, and a move there is the same move
    with the cut parts' face value added, since it cannot extend them. So the
    takes of one tile share a *pooled* run: the whole board, the rack with that tile, no cut
    parts, no ban. Its anchor bounds are computed once (those of every pool in one pass over the
    spans, `_pool_bounds`), and each of its anchors is walked at most once, keeping the anchor's best
    move (`_pool_walk`); a take walks its own board
    only on its own lines. The cross-checks are computed once for the board (with every letter
    a take may add in `wanted`: the walk and the bounds only ask for rack letters) and patched
    in the take's row and column.
    """
    rows, cols = cells.shape
    width = max(rows, cols)
    keep = np.zeros((0, 0), np.uint8)
    wanted = _wanted(rack)
    for k in range(squares.shape[0]):
        code = np.int64(cells[squares[k] // cols, squares[k] % cols])
        wanted |= ALL_LETTERS if code & 0x80 else np.int64(1) << (code & 0x7F)
    lm, wm = premiums(cells, used, base_lm, base_wm, keep)
    base0 = _line_arrays(graph, cells, lm, wm, start, values, bvalues, wanted)
    base1 = _line_arrays(graph, np.ascontiguousarray(cells.T), np.ascontiguousarray(lm.T),
                         np.ascontiguousarray(wm.T), np.ascontiguousarray(start.T), values, bvalues, wanted)
    alone = np.count_nonzero(cells) == 1          # taking the only tile: a first move, nothing to share
    anchors0 = _anchors(base0[0], base0[3], False)
    anchors1 = _anchors(base1[0], base1[3], False)
    found = -1
    size = _row_words(width)
    found_row = np.zeros(size, np.int64)
    firsts = _first_of_each_tile(cells, squares)
    pools = [_pool(values, bvalues, rack, bingo, width, min_starts, _taken_tile(cells, squares[k0]), must_needed,
                   min_placed, leaves[offsets[k0]:offsets[k0 + 1]], places[k0], fulls[k0]) for k0 in firsts]
    pool_letters, pool_desc, pool_tops = _pool_tables(pools, rack.sum() + 1)
    n_pool = len(anchors0) + len(anchors1)
    all_bounds = np.empty((len(pools), n_pool), np.float64)
    pool_where = np.empty((n_pool, 5), np.int64)
    if len(pools) > 0 and n_pool > 0:
        _pool_bounds(pools, pool_letters, pool_desc, pool_tops, base0, base1, anchors0, anchors1, all_bounds,
                     pool_where)
    for p in range(len(pools)):
        k0, pool = firsts[p], pools[p]
        tile, rack_k = pool[W_MUST], pool[pool[W_RACK]:pool[W_VALUES]]     # the pool's tile and rack
        letters, values_desc, top_leave = pool_letters[p], pool_desc[p], pool_tops[p]
        pool_bounds = all_bounds[p]
        pool_value = np.full(n_pool, np.nan)          # nan: not walked yet; -inf: no move
        pool_rows = np.zeros((n_pool, size + 1), np.int64)   # the move's output row, its seq
        for k in range(k0, squares.shape[0]):         # the takes of this pool's tile
            if _taken_tile(cells, squares[k]) != tile:
                continue
            r, c = squares[k] // cols, squares[k] % cols
            after = cells.copy()
            after[r, c] = 0
            used_after = used.copy()
            if reactivate:
                used_after[r, c] = 0
            lm_a, wm_a = premiums(after, used_after, base_lm, base_wm, keep)
            after_t, lm_t, wm_t = (np.ascontiguousarray(after.T), np.ascontiguousarray(lm_a.T),
                                   np.ascontiguousarray(wm_a.T))
            m0, s0, x0 = base0[4].copy(), base0[5].copy(), base0[6].copy()
            _cross_column(graph, after, lm_a, wm_a, values, bvalues, wanted, m0, s0, x0, c)
            m1, s1, x1 = base1[4].copy(), base1[5].copy(), base1[6].copy()
            _cross_column(graph, after_t, lm_t, wm_t, values, bvalues, wanted, m1, s1, x1, r)
            own0 = (after, lm_a, wm_a, start, m0, s0, x0)
            own1 = (after_t, lm_t, wm_t, base1[3], m1, s1, x1)
            frag = _take_fragments(cells, r, c, values, bvalues)
            w = _workspace(values, bvalues, rack_k, bingo, frag, width, 1, leaves[offsets[k]:offsets[k + 1]],
                           places[k])
            ban = -2 if ban_mode == 0 else (-1 if ban_mode == 1 else np.int64(cells[r, c]) & 0x7F)
            _settings(w, True, alone, min_starts, tile, must_needed, min_placed, r, c, ban, fulls[k])
            # a take after the best so far must beat it; one before it may also tie it
            rank0 = (1 << 40) if found >= 0 and k < found else -1
            floats = w[w[W_FLOATS]:w[W_FLOATS] + 1].view(np.float64)
            floats[0] = beat
            w[W_BEST_DIR] = w[W_BEST_LINE] = w[W_BEST_ANCHOR] = w[W_BEST_SEQ] = rank0
            if alone:
                _run(graph, own0, own1, w)
                got = w[W_COUNT] > 0
            else:
                got = _take_walk(graph, w, own0, own1, pool, base0, base1, pool_bounds, pool_where, pool_value,
                                 pool_rows, _take_lines(cells, r, c), frag, letters, values_desc, top_leave)
            if got:
                found, beat = k, floats[0]
                found_row[:] = w[w[W_OUT]:w[W_OUT] + size]
    meta = np.empty((1 if found >= 0 else 0, OUT_META), np.int64)
    tiles = np.empty((1 if found >= 0 else 0, width), np.uint8)
    if found >= 0:
        _unpack(found_row, 0, meta, tiles, 0)
    return found, meta, tiles, beat


@njit(cache=True)
def _pool_tables(pools, total):
    """Each pool's natural letters, rack values highest first and best leave for each number of tiles
    kept (`_letters_in`, `_rack_values_desc`, `_top_leave_by_kept`); `total` is a pool's rack size."""
    n = len(pools)
    letters = np.empty(n, np.int64)
    desc = np.empty((n, total), np.int64)
    tops = np.empty((n, total + 1), np.float64)
    for p in range(n):
        letters[p], desc[p], tops[p] = _letters_in(pools[p]), _rack_values_desc(pools[p]), _top_leave_by_kept(pools[p])
    return letters, desc, tops


@njit(cache=True)
def _pool_bounds(pools, letters, desc, tops, base0, base1, anchors0, anchors1, bounds, where):
    """``bounds[p, i]``: `_bounds` of the pool workspace ``pools[p]`` for anchor i (both directions'
    anchors, `where` rows), every pool in one pass over the lines and spans.

    The pools differ only in the taken tile: one more rack tile, the tile a move must place, the leave
    values. So a span's squares, board tiles, premiums and cross words are read once, and each pool
    adds only what is its own: whether its letters fit every square (`avail`), whether its tile fits
    one of them, its best fitting values and its sorted rack values (`letters`, `desc`, `tops`: the
    pools' `_pool_tables`). The bounds are `_bounds`' own, to the bit (`tests/engine/test_movegen_takes.py`
    compares them)."""
    n = len(pools)
    w = pools[0]                            # the lines are loaded here: they do not depend on the rack
    total = w[W_TOTAL]
    avails = np.empty(n, np.int64)
    musts = np.zeros(n, np.int64)
    count = min(w[W_VALUES] - w[W_RACK], MAX_TILE + 1)
    orders = np.empty((n, 2, count), np.int64)
    for p in range(n):
        pool = pools[p]
        orders[p] = _fit_order(pool, letters[p])
        avails[p] = ALL_LETTERS if pool[pool[W_RACK]] > 0 else letters[p]
        if pool[W_MUST_NEEDED] != 0 and pool[W_MUST] >= 0:
            musts[p] = ALL_LETTERS if pool[W_MUST] == 0 else np.int64(1) << pool[W_MUST]
    scratch = np.empty((3, max(total, 1)), np.int64)
    sums = np.empty((3, n), np.float64)
    k = 0
    for d in range(2):
        lines, anchors = (base0, anchors0) if d == 0 else (base1, anchors1)
        w[W_DIR] = d
        loaded = -1
        fits = np.zeros((n, 0), np.int64)
        for a in range(anchors.shape[0]):
            r = anchors[a, 0]
            if r != loaded:
                _load_line(w, lines[0], lines[1], lines[2], lines[3], lines[4], lines[5], lines[6], r)
                fits = np.empty((n, w[W_LEN]), np.int64)
                for p in range(n):
                    fits[p] = _fits(w, orders[p])
                loaded = r
            _pool_score_bounds(w, anchors[a, 1], anchors[a, 2], desc, tops, fits, avails, musts, scratch, sums)
            bounds[:, k] = sums[0]
            where[k, 0], where[k, 1], where[k, 2], where[k, 3], where[k, 4] = (d, r, anchors[a, 1], anchors[a, 2],
                                                                              anchors[a, 3])
            k += 1


@njit(cache=True)
def _pool_score_bounds(w, anchor, limit, desc, tops, fits, avails, musts, scratch, sums):
    """`score_bound` of every pool into ``sums[0]`` (the pools have no cut parts). A pool's spans stop
    where `score_bound`'s would: at the limit, or at a square none of its letters fits."""
    row = w[W_ROW]
    n = desc.shape[0]
    sums[0, :] = -np.inf
    alive = (np.int64(1) << n) - 1
    a = anchor
    while a >= 0:
        if w[row + a * SQ + S_TILE] == 0:
            if a <= limit:
                break
            mask = w[row + a * SQ + S_MASK]
            for p in range(n):
                if mask & avails[p] == 0:
                    alive &= ~(np.int64(1) << p)
            if alive == 0:
                break
        if a == 0 or w[row + (a - 1) * SQ + S_TILE] == 0:
            _pool_spans_from(w, a, anchor, alive, desc, tops, fits, avails, musts, scratch, sums)
        a -= 1


@njit(cache=True)
def _pool_spans_from(w, a, anchor, alive, desc, tops, fits, avails, musts, scratch, sums):
    """`_spans_from` for the pools of `alive` at once: ``sums[0, p]`` raised to pool p's best bound of the
    spans that start at `a` (``sums[1]``, ``sums[2]``: each pool's sums of weight x best fitting value)."""
    row, length, total = w[W_ROW], w[W_LEN], w[W_TOTAL]
    n = desc.shape[0]
    main, cross, per = scratch[0], scratch[1], scratch[2]
    min_k = max(w[W_MIN_PLACED], 1)
    seen = np.int64(0)                     # pools whose tile fits a square of the span (or need none)
    for p in range(n):
        if musts[p] == 0:
            seen |= np.int64(1) << p
    sums[1, :] = 0
    sums[2, :] = 0
    board_sum, word_mult, cross_sum, k = 0, 1, 0, 0
    for b in range(a, length):
        base, tile, lm, wm = _square_at(w, b)
        if tile != 0:
            board_sum += _face_value(w, tile) * lm
        else:
            if k == total:
                break
            mask = w[base + S_MASK]
            for p in range(n):
                if mask & avails[p] == 0:
                    alive &= ~(np.int64(1) << p)
                elif mask & musts[p] != 0:
                    seen |= np.int64(1) << p
            if alive == 0:
                break
            xscore = w[base + S_XSCORE]
            main[k] = lm
            cross[k] = lm * wm * w[base + S_XMULT] if xscore >= 0 else 0
            for p in range(n):
                sums[1, p] += lm * fits[p, b]
                sums[2, p] += cross[k] * fits[p, b]
            if xscore >= 0:
                cross_sum += xscore * wm * w[base + S_XMULT]
            k += 1
        word_mult *= wm
        if b >= anchor and k >= min_k and (b == length - 1 or w[row + (b + 1) * SQ + S_TILE] == 0):
            bonus = w[W_BINGO] + BONUS_COLS * k
            rest = board_sum * word_mult + cross_sum + (w[bonus + 1] if musts[0] != 0 else
                                                        max(w[bonus], w[bonus + 1], w[bonus + 2]))
            ranked = False
            for p in range(n):
                if (alive & seen) >> p & 1 == 0:
                    continue
                leave = tops[p, total - k]
                fit = np.int64(sums[1, p]) * word_mult + np.int64(sums[2, p])
                if fit + rest + leave > sums[0, p]:
                    if not ranked:
                        _assign(main, cross, per, k, word_mult, desc[p])
                        ranked = True
                    assigned = 0
                    for i in range(k):
                        assigned += per[i] * desc[p, i]
                    sums[0, p] = max(sums[0, p], min(assigned, fit) + rest + leave)


@njit(cache=True)
def _first_of_each_tile(cells, squares):
    """The indexes in `squares` of the first take of each rack tile, in take order."""
    seen = np.zeros(MAX_TILE + 1, np.bool_)
    out = []
    for k in range(squares.shape[0]):
        tile = _taken_tile(cells, squares[k])
        if not seen[tile]:
            seen[tile] = True
            out.append(k)
    return out


@njit(cache=True)
def _pool(values, bvalues, rack, bingo, width, min_starts, tile, must_needed, min_placed, leaves, place, full):
    """The workspace of a take pool: the whole board's run with `tile` added to the rack and required."""
    rack_k = rack.copy()
    rack_k[tile] += 1
    pool = _workspace(values, bvalues, rack_k, bingo, np.zeros((0, 5), np.int64), width, 1, leaves, place)
    _settings(pool, True, False, min_starts, tile, must_needed, min_placed, -1, -1, -2, full)
    return pool


@njit(cache=True)
def _settings(w, best_mode, first, min_starts, must, must_needed, min_placed, ban_row, ban_col, ban_tile, full):
    """A run's context in the workspace: `generate`'s arguments of that name (the best so far aside)."""
    w[W_FIRST] = 1 if first else 0
    w[W_MIN_STARTS] = min_starts
    w[W_MUST] = must
    w[W_MUST_NEEDED] = 1 if must_needed else 0
    w[W_MIN_PLACED] = min_placed
    w[W_BAN_ROW], w[W_BAN_COL], w[W_BAN_TILE] = ban_row, ban_col, ban_tile
    w[W_MODE] = 1 if best_mode else 0
    w[W_FULL] = full if best_mode else 0
    w[W_COUNT] = 0


@njit(cache=True)
def _taken_tile(cells, sq):
    """The rack tile the tile on square `sq` becomes when taken: a blank (0) or its letter."""
    code = np.int64(cells[sq // cells.shape[1], sq % cells.shape[1]])
    return 0 if code & 0x80 else code


@njit(cache=True)
def _take_lines(cells, r, c):
    """The lines a take of the tile on (r, c) changes: ``[d, line]`` 1 for its row and the rows just
    outside its column's word (across), its column and the columns just outside its row's word
    (down). Every other line keeps its tiles, cross-checks and anchors, and no move there can
    extend a cut part (their outer squares lie on these lines)."""
    out = np.zeros((2, max(cells.shape[0], cells.shape[1])), np.bool_)
    for d in range(2):
        line, pos, length, first, last = _word_through(cells, d, r, c)
        # the word along d runs first..last; it changes the lines of the other direction there
        other = 1 - d
        out[other, pos] = True
        if first > 0:
            out[other, first - 1] = True
        if last < length - 1:
            out[other, last + 1] = True
    return out


@njit(cache=True)
def _take_walk(graph, w, own0, own1, pool, base0, base1, pool_bounds, pool_where, pool_value, pool_rows, changed,
               frag, letters, values_desc, top_leave):
    """One take's best move, as `_run` finds it: its anchors best bound first until none can beat the
    best so far (`w`'s). Anchors on the lines the take changes (`changed`) are walked on the take's
    own board in `w`; the others are the pool's (`_pool_walk`), each worth its best move plus the
    cut parts (`frag`: none is extended there). Returns whether a move beat the best so far; it is
    then `w`'s output row 0."""
    frag_total, frag_bound = 0, 0            # the parts' score; score_bound's share of it
    for k in range(frag.shape[0]):
        frag_total += frag[k, 4]
        frag_bound += max(frag[k, 4], 0)
    mine0 = _on_lines(_anchors(own0[0], own0[3], False), changed[0])
    mine1 = _on_lines(_anchors(own1[0], own1[3], False), changed[1])
    n_own = len(mine0) + len(mine1)
    shared = np.empty(pool_bounds.shape[0], np.int64)
    n_shared = 0
    for j in range(pool_bounds.shape[0]):
        if not changed[pool_where[j, 0], pool_where[j, 1]]:
            shared[n_shared] = j
            n_shared += 1
    bounds = np.empty(n_own + n_shared, np.float64)
    where = np.empty((n_own, 5), np.int64)
    _bounds(w, own0, mine0, 0, values_desc, letters, top_leave, bounds, where, 0)
    _bounds(w, own1, mine1, 1, values_desc, letters, top_leave, bounds, where, len(mine0))
    for i in range(n_shared):
        bounds[n_own + i] = pool_bounds[shared[i]] + frag_bound
    floats = w[w[W_FLOATS]:w[W_FLOATS] + 1].view(np.float64)
    size = w[W_ROW_WORDS]
    loaded_dir, loaded = -1, -1
    for i in np.argsort(-bounds, kind="mergesort"):
        if bounds[i] < floats[0]:
            break
        if i < n_own:
            d, line = where[i, 0], where[i, 1]
            if d != loaded_dir or line != loaded:
                _load_in(w, own0 if d == 0 else own1, d, line)
                loaded_dir, loaded = d, line
            _walk_anchor(graph, w, where[i, 2], where[i, 3], where[i, 4], letters)
            continue
        j = shared[i - n_own]
        if np.isnan(pool_value[j]):
            _pool_walk(graph, pool, base0, base1, pool_where, j, letters, pool_value, pool_rows)
        if pool_value[j] == -np.inf:
            continue
        value = pool_value[j] + frag_total
        rank = (pool_where[j, 0], pool_where[j, 1], pool_where[j, 2], pool_rows[j, size])
        if value > floats[0] or (value == floats[0] and rank < (w[W_BEST_DIR], w[W_BEST_LINE], w[W_BEST_ANCHOR],
                                                                   w[W_BEST_SEQ])):
            floats[0] = value
            w[W_BEST_DIR], w[W_BEST_LINE], w[W_BEST_ANCHOR], w[W_BEST_SEQ] = rank
            w[W_COUNT] = 1
            out = w[W_OUT]
            w[out:out + size] = pool_rows[j, :size]
            w[out + 1] += frag_total
    return w[W_COUNT] > 0


@njit(cache=True)
def _on_lines(anchors, lines):
    """The anchors (`_anchors` rows) on the lines `lines` marks."""
    keep = np.zeros(anchors.shape[0], np.bool_)
    for i in range(anchors.shape[0]):
        keep[i] = lines[anchors[i, 0]]
    return anchors[keep]


@njit(cache=True)
def _pool_walk(graph, pool, base0, base1, where, j, letters, value, rows):
    """Walk the pool's anchor j once, for every take that shares it: its best move (any equity:
    the takes' thresholds differ) into ``value[j]`` (-inf: none) and ``rows[j]`` (output row, seq)."""
    d, line = where[j, 0], where[j, 1]
    _load_in(pool, base0 if d == 0 else base1, d, line)
    floats = pool[pool[W_FLOATS]:pool[W_FLOATS] + 1].view(np.float64)
    floats[0] = -np.inf
    pool[W_BEST_DIR] = pool[W_BEST_LINE] = pool[W_BEST_ANCHOR] = pool[W_BEST_SEQ] = -1
    pool[W_COUNT] = 0
    _walk_anchor(graph, pool, where[j, 2], where[j, 3], where[j, 4], letters)
    value[j] = floats[0] if pool[W_COUNT] > 0 else -np.inf
    size = pool[W_ROW_WORDS]
    rows[j, :size] = pool[pool[W_OUT]:pool[W_OUT] + size]
    rows[j, size] = pool[W_BEST_SEQ]


@njit(cache=True)
def _word_through(cells, d, r, c):
    """The run of tiles through (r, c) in direction d: ``(line, pos, length, first, last)``, positions
    along the line (0 across: row r, positions are columns)."""
    rows, cols = cells.shape
    line, pos, length = (r, c, cols) if d == 0 else (c, r, rows)
    first = pos
    while first > 0 and _cell(cells, d, line, first - 1) != 0:
        first -= 1
    last = pos
    while last < length - 1 and _cell(cells, d, line, last + 1) != 0:
        last += 1
    return line, pos, length, first, last


@njit(cache=True)
def _take_fragments(cells, r, c, values, bvalues):
    """The parts of two or more tiles that taking the tile on (r, c) leaves of the words through it,
    as `generate`'s `frag` rows: the squares just outside both ends (-1: off the board) and the
    part's face value (`special.take_letter`, `MoveGenerator.word_rows`)."""
    out = np.full((4, 5), -1, np.int64)
    k = 0
    for d in range(2):
        line, pos, length, first, last = _word_through(cells, d, r, c)
        for side in range(2):
            a, b = (first, pos - 1) if side == 0 else (pos + 1, last)
            if b - a < 1:
                continue
            score = 0
            for i in range(a, b + 1):
                code = np.int64(_cell(cells, d, line, i))
                score += _code_value(values, bvalues, code)
            for e in range(2):
                q = a - 1 if e == 0 else b + 1
                if 0 <= q < length:
                    out[k, 2 * e], out[k, 2 * e + 1] = (line, q) if d == 0 else (q, line)
            out[k, 4] = score
            k += 1
    return out[:k].copy()


@njit(cache=True)
def premiums(cells, used, base_lm, base_wm, keep):
    """Active letter and word multipliers: a square's premium while it is empty and unused, or while
    `keep` marks it (tiles laid earlier in the same turn keep theirs); 1 elsewhere."""
    rows, cols = cells.shape
    lm = np.ones((rows, cols), np.int64)
    wm = np.ones((rows, cols), np.int64)
    for r in range(rows):
        for c in range(cols):
            if (cells[r, c] == 0 and used[r, c] == 0) or (keep.shape[0] and keep[r, c]):
                lm[r, c] = base_lm[r, c]
                wm[r, c] = base_wm[r, c]
    return lm, wm


@njit(cache=True)
def anchor_bounds(graph, cells, used, base_lm, base_wm, start, values, bvalues, rack, first, bingo, leaves, place,
                  frag, must, must_needed, min_placed):
    """Every anchor's equity bound, as best-move mode computes it: rows (direction, line, anchor,
    bound). For checking the pruning: no move through an anchor may have an equity (score + leave,
    `leaves`/`place` as for `generate`; one leave value 0: the score alone) above its bound. `frag`,
    `must`, `must_needed` and `min_placed` are the run's, as for `generate`."""
    keep = np.zeros((0, 0), np.uint8)
    lm, wm = premiums(cells, used, base_lm, base_wm, keep)
    width = max(cells.shape[0], cells.shape[1])
    wanted = _wanted(rack)
    lines0 = _line_arrays(graph, cells, lm, wm, start, values, bvalues, wanted)
    lines1 = _line_arrays(graph, np.ascontiguousarray(cells.T), np.ascontiguousarray(lm.T),
                          np.ascontiguousarray(wm.T), np.ascontiguousarray(start.T), values, bvalues, wanted)
    w = _workspace(values, bvalues, rack, bingo, frag, width, 1, leaves, place)
    w[W_MUST], w[W_MUST_NEEDED], w[W_MIN_PLACED] = must, 1 if must_needed else 0, min_placed
    letters = _letters_in(w)
    anchors0 = _anchors(lines0[0], lines0[3], first)
    anchors1 = _anchors(lines1[0], lines1[3], first)
    total = len(anchors0) + len(anchors1)
    bounds = np.empty(total, np.float64)
    where = np.empty((total, 5), np.int64)
    if w[W_TOTAL] > 0:
        values_desc = _rack_values_desc(w)
        top_leave = _top_leave_by_kept(w)
        _bounds(w, lines0, anchors0, 0, values_desc, letters, top_leave, bounds, where, 0)
        _bounds(w, lines1, anchors1, 1, values_desc, letters, top_leave, bounds, where, len(anchors0))
    out = np.empty((total if w[W_TOTAL] > 0 else 0, 4), np.float64)
    for i in range(out.shape[0]):
        out[i, 0], out[i, 1], out[i, 2], out[i, 3] = where[i, 0], where[i, 1], where[i, 2], bounds[i]
    return out


@njit(cache=True)
def takeable(graph, cells):
    """Which tiles a letter take may remove: every part of two or more tiles it leaves, across and
    down, must be a word of the lexicon (looked up in the DAWG half of the graph)."""
    rows, cols = cells.shape
    ok = cells != 0
    for d in range(2):
        lines, length = (rows, cols) if d == 0 else (cols, rows)
        for line in range(lines):
            start = 0
            while start < length:
                if _cell(cells, d, line, start) == 0:
                    start += 1
                    continue
                end = start
                while end + 1 < length and _cell(cells, d, line, end + 1) != 0:
                    end += 1
                if end > start:
                    for i in range(start, end + 1):
                        if not (_is_word(graph, cells, d, line, start, i - 1)
                                and _is_word(graph, cells, d, line, i + 1, end)):
                            if d == 0:
                                ok[line, i] = False
                            else:
                                ok[i, line] = False
                start = end + 1
    return ok


@njit(cache=True, inline="always")
def _cell(cells, d, line, pos):
    return cells[line, pos] if d == 0 else cells[pos, line]


@njit(cache=True)
def _is_word(graph, cells, d, line, first, last):
    """Whether the tiles first..last of a line spell a word (fewer than two tiles: no word, fine)."""
    if last - first < 1:
        return True
    p = node_at(graph, 0) & CHILD
    q = 0
    for pos in range(first, last + 1):
        q = _child(graph, p, _cell(cells, d, line, pos) & 0x7F)
        if q < 0:
            return False
        p = node_at(graph, q) & CHILD
    return node_at(graph, q) & ACCEPT != 0


@njit(cache=True)
def _wanted(rack):
    """The letters cross-checks need: the rack's, or every letter when it holds a blank (tile 0)."""
    return np.int64(ALL_LETTERS) if rack[0] > 0 else _natural_letters(rack)


@njit(cache=True)
def _line_arrays(graph, board, lm, wm, start, values, bvalues, wanted):
    masks, scores, mults = cross_checks(graph, board, lm, wm, values, bvalues, wanted)
    return board, lm, wm, start, masks, scores, mults


@njit(cache=True)
def _workspace(values, bvalues, rack, bingo, frag, width, cap, leaves, place):
    """The walk's int64 workspace (layout: see the W_ and S_ slots), output rows uninitialised."""
    letters = values.shape[0]
    row = CONTEXT
    at_rack = row + SQ * (width + 1)
    at_values = at_rack + letters
    at_bvalues = at_values + letters
    at_bingo = at_bvalues + letters
    at_frag = at_bingo + bingo.size
    at_place = at_frag + frag.size
    at_floats = at_place + place.shape[0]
    at_out = at_floats + 1 + leaves.shape[0]
    w = np.empty(at_out + cap * _row_words(width), np.int64)   # output rows are written whole
    w[:at_out] = 0
    w[W_ROW], w[W_RACK], w[W_VALUES], w[W_BVALUES], w[W_BINGO], w[W_FRAG], w[W_OUT] = (
        row, at_rack, at_values, at_bvalues, at_bingo, at_frag, at_out)
    w[W_PLACE], w[W_FLOATS], w[W_NLEAVES] = at_place, at_floats, leaves.shape[0]
    w[at_rack:at_rack + rack.shape[0]] = rack
    w[at_values:at_bvalues] = values
    w[at_bvalues:at_bingo] = bvalues
    w[at_bingo:at_frag] = bingo.ravel()
    w[at_frag:at_place] = frag.ravel()
    w[at_place:at_floats] = place
    if leaves.shape[0]:
        w[at_floats + 1:at_out].view(np.float64)[:] = leaves
    w[W_NFRAG] = frag.shape[0]
    w[W_CAP] = cap
    w[W_ROW_WORDS] = _row_words(width)
    w[W_TOTAL] = rack.sum()
    return w
