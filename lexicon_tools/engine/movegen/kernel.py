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
only the first run on a machine pays the compile time. The walk keeps an explicit
stack of frames instead of recursing, because numba cannot reload recursive
functions from its cache (the process crashes).

Output: one row per move in ``meta`` — direction (0 across, 1 down), line
(row, or column for down), first square of the main word along the line, word
length, score (bonus and cut-word scores included), tiles placed — and the word
in ``tiles`` (0 = a board tile played through, else the placed board code).
"""

from __future__ import annotations

import numpy as np
from numba import njit

CHILD = 0x3FFFFF
LAST = 0x400000
ACCEPT = 0x800000
ALL_LETTERS = np.uint64(0xFFFFFFFFFFFFFFFE)
META_COLS = 6

# ctx slots (an int64 array, so the walk passes one array instead of ten scalars)
(C_ANCHOR, C_LIMIT, C_LEN, C_DIR, C_LINE, C_FIRST, C_MIN_STARTS, C_MUST, C_MIN_PLACED, C_COUNT, C_RACK,
 C_MUST_NEEDED) = range(12)


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
    masks = np.zeros((rows, cols), np.uint64)
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
            return np.uint64(0)
        p = nodes[q] & CHILD
    mask = np.uint64(0)
    if p == 0:
        return mask
    while True:
        node = nodes[p]
        t = node >> 24
        if t != 0 and _suffix_accepts(nodes, p, board, r + 1, bottom, c):
            mask |= np.uint64(1) << np.uint64(t)
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
def _record(ctx, strip, row, leftmost, rightmost, n, score, frag, out_meta, out_tiles):
    direction, line = ctx[C_DIR], ctx[C_LINE]
    if n < ctx[C_MIN_PLACED] or rightmost - leftmost < 1:
        return
    if direction == 1 and n == 1:
        # a lone tile with a horizontal neighbour was generated across already
        for pos in range(leftmost, rightmost + 1):
            if strip[pos] != 0 and row[3, pos] >= 0:
                return
    for k in range(frag.shape[0]):  # words this move does not extend keep their score
        extended = False
        for e in range(2):
            fr, fc = frag[k, 2 * e], frag[k, 2 * e + 1]
            if fr < 0:
                continue
            fl, fp = (fr, fc) if direction == 0 else (fc, fr)
            if fl == line and leftmost <= fp <= rightmost and strip[fp] != 0:
                extended = True
        if not extended:
            score += frag[k, 4]
    i = ctx[C_COUNT]
    ctx[C_COUNT] = i + 1
    if i >= out_meta.shape[0]:
        return
    out_meta[i, 0] = direction
    out_meta[i, 1] = line
    out_meta[i, 2] = leftmost
    out_meta[i, 3] = rightmost - leftmost + 1
    out_meta[i, 4] = score
    out_meta[i, 5] = n
    for pos in range(leftmost, rightmost + 1):
        out_tiles[i, pos - leftmost] = strip[pos]


# frame fields of the explicit walk stack
F_POS, F_ARC, F_LEFT, F_LEFTMOST, F_N, F_MSUM, F_WMUL, F_XSUM, F_STARTS, F_REQ, F_STAGE, F_PLACED = range(12)
FRAME = 12


@njit(cache=True)
def _push(stack, sp, pos, arcs, left, leftmost, n, msum, wmul, xsum, starts, req):
    stack[sp, F_POS] = pos
    stack[sp, F_ARC] = arcs
    stack[sp, F_LEFT] = left
    stack[sp, F_LEFTMOST] = leftmost
    stack[sp, F_N] = n
    stack[sp, F_MSUM] = msum
    stack[sp, F_WMUL] = wmul
    stack[sp, F_XSUM] = xsum
    stack[sp, F_STARTS] = starts
    stack[sp, F_REQ] = req
    stack[sp, F_STAGE] = 0
    stack[sp, F_PLACED] = -1
    return sp + 1


@njit(cache=True)
def _letters_in(rack):
    """Bit mask of the natural letters on a rack."""
    bits = np.uint64(0)
    for t in range(1, rack.shape[0]):
        if rack[t] > 0:
            bits |= np.uint64(1) << np.uint64(t)
    return bits


@njit(cache=True)
def _next_choice(nodes, stack, f, allowed, rack):
    """Advance frame `f` to its next (arc, natural|blank) choice on an empty square; -1 when done.

    `allowed` is the square's cross-check mask restricted to the letters the rack can
    place. Returns the arc's node index and stores in F_STAGE which variant comes next
    (1: the blank for the same letter, 2: the next arc).
    """
    p = stack[f, F_ARC]
    while True:
        node = nodes[p]
        t = node >> 24
        stage = stack[f, F_STAGE]
        if t != 0 and (allowed >> np.uint64(t)) & np.uint64(1):
            if stage == 0:
                stack[f, F_STAGE] = 1
                if rack[t] > 0:
                    stack[f, F_ARC] = p
                    stack[f, F_PLACED] = t
                    return p
                stage = 1
            if stage == 1:
                stack[f, F_STAGE] = 2
                if rack[0] > 0:
                    stack[f, F_ARC] = p
                    stack[f, F_PLACED] = 0
                    return p
        stack[f, F_STAGE] = 0
        if node & LAST:
            stack[f, F_ARC] = 0
            return -1
        p += 1


@njit(cache=True)
def _walk(nodes, row, masks, rack, values, bvalues, strip, ctx, bingo, frag, out_meta, out_tiles, stack, groot):
    """Depth-first GADDAG walk from the anchor ctx[C_ANCHOR], without recursion.

    Each stack frame is one square with a cursor over the arcs still to try there;
    choosing an arc applies its tile (rack, strip, running score), records a word if
    one ends here, and pushes the frames for the squares that may follow: further
    left, and (after the separator) right of the anchor.
    """
    anchor, length, limit, must = ctx[C_ANCHOR], ctx[C_LEN], ctx[C_LIMIT], ctx[C_MUST]
    letters = _letters_in(rack)   # natural letters still on the rack, kept up to date below
    sp = _push(stack, 0, anchor, groot, 1, anchor, 0, 0, 1, 0, 0, 0)
    while sp > 0:
        f = sp - 1
        pos = stack[f, F_POS]
        if stack[f, F_PLACED] >= 0:  # undo the previous choice of this frame
            tile = stack[f, F_PLACED]
            rack[tile] += 1
            if tile != 0 and rack[tile] == 1:
                letters |= np.uint64(1) << np.uint64(tile)
            strip[pos] = 0
            stack[f, F_PLACED] = -1
        if stack[f, F_ARC] == 0:
            sp -= 1
            continue
        n, msum, wmul = stack[f, F_N], stack[f, F_MSUM], stack[f, F_WMUL]
        xsum, starts, req = stack[f, F_XSUM], stack[f, F_STARTS], stack[f, F_REQ]
        existing = row[0, pos]
        if existing != 0:
            q = _child_of(nodes, stack[f, F_ARC], existing & 0x7F)
            stack[f, F_ARC] = 0
            if q < 0:
                sp -= 1
                continue
            t = existing & 0x7F
            msum += (bvalues[t] if existing & 0x80 else values[t]) * row[1, pos]
            wmul *= row[2, pos]
        else:
            if n >= ctx[C_RACK]:
                sp -= 1
                continue
            allowed = masks[pos] & (ALL_LETTERS if rack[0] > 0 else letters)
            q = -1 if allowed == 0 else _next_choice(nodes, stack, f, allowed, rack)
            if q < 0:
                sp -= 1
                continue
            tile = stack[f, F_PLACED]
            t = nodes[q] >> 24
            rack[tile] -= 1
            if tile != 0 and rack[tile] == 0:
                letters &= ~(np.uint64(1) << np.uint64(tile))
            strip[pos] = t if tile != 0 else (t | 0x80)
            ls = (values[t] if tile != 0 else bvalues[t]) * row[1, pos]
            if row[3, pos] >= 0:
                xsum += (row[3, pos] + ls) * row[2, pos] * row[5, pos]
            msum += ls
            wmul *= row[2, pos]
            n += 1
            starts += row[4, pos]
            if must == tile:
                req += 1
        node = nodes[q]
        children = node & CHILD
        ok = (ctx[C_MUST_NEEDED] == 0 or req > 0) and (ctx[C_FIRST] == 0 or starts >= ctx[C_MIN_STARTS])
        bonus = bingo[n, 1 if req > 0 else 0]
        if stack[f, F_LEFT] == 1:
            left_free = pos == 0 or row[0, pos - 1] == 0
            right_free = anchor == length - 1 or row[0, anchor + 1] == 0
            if ok and (node & ACCEPT) and left_free and right_free:
                _record(ctx, strip, row, pos, anchor, n, msum * wmul + xsum + bonus, frag, out_meta, out_tiles)
            if children != 0:
                if left_free and anchor + 1 < length:
                    sep = _child_of(nodes, children, 0)
                    if sep >= 0:
                        sp = _push(stack, sp, anchor + 1, nodes[sep] & CHILD, 0, pos, n, msum, wmul, xsum, starts,
                                   req)
                if pos > 0 and (row[0, pos - 1] != 0 or pos - 1 > limit):
                    sp = _push(stack, sp, pos - 1, children, 1, pos, n, msum, wmul, xsum, starts, req)
        else:
            leftmost = stack[f, F_LEFTMOST]
            right_free = pos == length - 1 or row[0, pos + 1] == 0
            if ok and (node & ACCEPT) and right_free:
                _record(ctx, strip, row, leftmost, pos, n, msum * wmul + xsum + bonus, frag, out_meta, out_tiles)
            if children != 0 and pos + 1 < length:
                sp = _push(stack, sp, pos + 1, children, 0, leftmost, n, msum, wmul, xsum, starts, req)


@njit(cache=True)
def _direction(nodes, board, lm, wm, start, values, bvalues, rack, ctx, bingo, frag, out_meta, out_tiles):
    """Generate the moves along the rows of `board` (ctx[C_DIR] says which real direction that is)."""
    rows, cols = board.shape
    masks, scores, mults = cross_checks(nodes, board, lm, wm, values, bvalues)
    groot = nodes[1] & CHILD
    strip = np.zeros(cols, np.int64)
    row = np.zeros((6, cols), np.int64)   # tiles, letter mult, word mult, cross-score, start, cross mult
    stack = np.zeros((4 * cols + 8, FRAME), np.int64)
    first = ctx[C_FIRST] != 0
    ctx[C_LEN] = cols
    for r in range(rows):
        for c in range(cols):
            row[0, c] = board[r, c]
            row[1, c] = lm[r, c]
            row[2, c] = wm[r, c]
            row[3, c] = scores[r, c]
            row[4, c] = start[r, c]
            row[5, c] = mults[r, c]
        ctx[C_LINE] = r
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
            ctx[C_ANCHOR] = c
            ctx[C_LIMIT] = previous
            _walk(nodes, row, masks[r], rack, values, bvalues, strip, ctx, bingo, frag, out_meta, out_tiles, stack,
                  groot)
            previous = c


@njit(cache=True)
def generate(nodes, board, lm, wm, start, values, bvalues, rack, first, min_starts, must, must_needed, min_placed,
             bingo, frag, out_meta, out_tiles):
    """All placements of `rack` on `board`; returns how many there are (rows beyond the buffer are dropped).

    `lm`/`wm` hold the active premium of every empty square (1 when used up), and 1 for
    board tiles except tiles laid earlier in the same turn. `frag` rows are words that
    score unless the move extends them (row1, col1, row2, col2, score): the squares just
    outside both ends (-1 when off the board) and the score — the parts of a word cut by
    taking a letter, or the words of the earlier lines of a multi-word turn.
    """
    ctx = np.zeros(12, np.int64)
    ctx[C_FIRST] = 1 if first else 0
    ctx[C_MIN_STARTS] = min_starts
    ctx[C_MUST] = must
    ctx[C_MUST_NEEDED] = 1 if must_needed else 0
    ctx[C_MIN_PLACED] = min_placed
    ctx[C_RACK] = rack.sum()
    ctx[C_DIR] = 0
    _direction(nodes, board, lm, wm, start, values, bvalues, rack, ctx, bingo, frag, out_meta, out_tiles)
    ctx[C_DIR] = 1
    _direction(nodes, np.ascontiguousarray(board.T), np.ascontiguousarray(lm.T), np.ascontiguousarray(wm.T),
               np.ascontiguousarray(start.T), values, bvalues, rack, ctx, bingo, frag, out_meta, out_tiles)
    return ctx[C_COUNT]
