"""The GADDAG walk of the compiled move generator: Gordon's left and right parts, recursive.

From an anchor the walk goes left through the GADDAG — placing rack tiles or
reading board tiles — and, after the separator arc, right from the square after
the anchor (see `kernel` for the whole algorithm). This module is the hot loop,
written for speed:

* **recursion with the state in arguments**: the running score, word
  multiplier, cross-word sum, tiles placed and the rack's letter set live in
  registers, not in a stack array;
* **two arrays only**: every call passes the graph and one int64 workspace
  (`kernel` lays it out: per-square row data, context, rack, tile values, bonus
  table, the earlier words, the output rows), because each array argument
  costs a numba call a dozen machine words;
* **sibling masks**: ``graph[p, 1]`` holds the bit set of the tiles in the
  sibling list from node ``p`` on, so a square visits only the arcs its
  cross-check, the rack and the list share (lowest bit first, i.e. in tile
  order), and the node of tile ``t`` is ``p + popcount(bits below t)``;
* **no dead calls**: a square is entered only when it has an arc to follow.

The order of the moves is the order of the earlier stack-based walk (tile
order, natural before blank, a word's left extensions before its right part),
so the first of equal-scoring moves — the one greedy play picks — is unchanged.

numba caches these recursive functions only when no call passes a literal
constant (a literal argument makes a second, uncachable specialisation that
crashes the process when the cache is loaded), so every argument below is a
computed value; tests/engine/test_movegen_cache.py loads the cache in fresh
processes to keep it that way.
"""

from __future__ import annotations

from numba import njit

CHILD = 0x3FFFFF
LAST = 0x400000
ACCEPT = 0x800000
ALL_LETTERS = 0x7FFFFFFFFFFFFFFE   # every tile bit; bit 0 is the GADDAG separator
MAX_TILE = 62                      # masks are int64: tiles 1..62

# workspace: context slots first
(W_ANCHOR, W_LIMIT, W_LEN, W_DIR, W_LINE, W_FIRST, W_MIN_STARTS, W_MUST, W_MIN_PLACED, W_COUNT, W_TOTAL,
 W_MUST_NEEDED, W_ROW, W_RACK, W_VALUES, W_BVALUES, W_BINGO, W_FRAG, W_NFRAG, W_OUT, W_CAP, W_WIDTH) = range(22)
CONTEXT = 24
# per-square row data: 8 slots a square, so one square is one cache line
SQ = 8
(S_TILE, S_LM, S_WM, S_XSCORE, S_START, S_XMULT, S_MASK, S_STRIP) = range(8)
OUT_META = 6


@njit(cache=True, inline="always")
def popcount(x):
    """Set bits of a non-negative int64 (SWAR without multiplication, so nothing can overflow)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


@njit(cache=True, inline="always")
def can_enter(graph, w, pos, plist, n, letters):
    """Whether square `pos` has an arc of the list at `plist` to follow."""
    base = w[W_ROW] + pos * SQ
    existing = w[base + S_TILE]
    if existing != 0:
        return (graph[plist, 1] >> (existing & 0x7F)) & 1 != 0
    if n >= w[W_TOTAL]:
        return False
    avail = ALL_LETTERS if w[w[W_RACK]] > 0 else letters
    return graph[plist, 1] & w[base + S_MASK] & avail != 0


@njit(cache=True)
def left(graph, w, pos, plist, n, msum, wmul, xsum, starts, req, letters):
    """Every arc of the list `plist` square `pos` allows: record the words that end at the anchor,
    go further left, then past the separator right of the anchor."""
    row, rack = w[W_ROW], w[W_RACK]
    anchor, length = w[W_ANCHOR], w[W_LEN]
    base = row + pos * SQ
    existing = w[base + S_TILE]
    listbits = graph[plist, 1]
    if existing != 0:
        cand = listbits & (1 << (existing & 0x7F))
    else:
        cand = listbits & w[base + S_MASK] & (ALL_LETTERS if w[rack] > 0 else letters)
    left_free = pos == 0 or w[base - SQ + S_TILE] == 0
    right_free = anchor == length - 1 or w[row + (anchor + 1) * SQ + S_TILE] == 0
    go_left = pos > 0 and (w[base - SQ + S_TILE] != 0 or pos - 1 > w[W_LIMIT])
    lm, wm = w[base + S_LM], w[base + S_WM]
    while cand != 0:
        low = cand & -cand
        cand ^= low
        t = popcount(low - 1)
        node = graph[plist + popcount(listbits & (low - 1)), 0]
        children = node & CHILD
        for variant in range(2):
            tile = t - variant * t          # the rack tile a placement uses: the letter, or the blank 0
            if existing != 0:
                if variant == 1:
                    break
                n2, s2, r2, l2, x2 = n, starts, req, letters, xsum
                m2 = msum + w[(w[W_BVALUES] if existing & 0x80 else w[W_VALUES]) + t] * lm
            else:
                if w[rack + tile] == 0:
                    continue
                w[rack + tile] -= 1
                l2 = letters & ~low if variant == 0 and w[rack + tile] == 0 else letters
                w[base + S_STRIP] = t if variant == 0 else (t | 0x80)
                ls = w[(w[W_VALUES] if variant == 0 else w[W_BVALUES]) + t] * lm
                x2 = xsum
                if w[base + S_XSCORE] >= 0:
                    x2 += (w[base + S_XSCORE] + ls) * wm * w[base + S_XMULT]
                m2, n2, s2 = msum + ls, n + 1, starts + w[base + S_START]
                r2 = req + 1 if w[W_MUST] == tile else req
            w2 = wmul * wm
            if node & ACCEPT and left_free and right_free:
                record(w, pos, anchor, n2, m2 * w2 + x2, s2, r2)
            if children != 0:
                if go_left and can_enter(graph, w, pos - 1, children, n2, l2):
                    left(graph, w, pos - 1, children, n2, m2, w2, x2, s2, r2, l2)
                if left_free and anchor + 1 < length and graph[children, 1] & 1:
                    sep = graph[children, 0] & CHILD
                    if sep != 0 and can_enter(graph, w, anchor + 1, sep, n2, l2):
                        right(graph, w, anchor + 1, sep, pos, n2, m2, w2, x2, s2, r2, l2)
            if existing == 0:
                w[rack + tile] += 1
                w[base + S_STRIP] = 0


@njit(cache=True)
def right(graph, w, pos, plist, leftmost, n, msum, wmul, xsum, starts, req, letters):
    """Every arc of the list `plist` square `pos` (right of the anchor) allows, recording the words
    that end here and going on right."""
    row, rack, length = w[W_ROW], w[W_RACK], w[W_LEN]
    base = row + pos * SQ
    existing = w[base + S_TILE]
    listbits = graph[plist, 1]
    if existing != 0:
        cand = listbits & (1 << (existing & 0x7F))
    else:
        cand = listbits & w[base + S_MASK] & (ALL_LETTERS if w[rack] > 0 else letters)
    right_free = pos == length - 1 or w[base + SQ + S_TILE] == 0
    go_right = pos + 1 < length
    lm, wm = w[base + S_LM], w[base + S_WM]
    while cand != 0:
        low = cand & -cand
        cand ^= low
        t = popcount(low - 1)
        node = graph[plist + popcount(listbits & (low - 1)), 0]
        children = node & CHILD
        for variant in range(2):
            tile = t - variant * t
            if existing != 0:
                if variant == 1:
                    break
                n2, s2, r2, l2, x2 = n, starts, req, letters, xsum
                m2 = msum + w[(w[W_BVALUES] if existing & 0x80 else w[W_VALUES]) + t] * lm
            else:
                if w[rack + tile] == 0:
                    continue
                w[rack + tile] -= 1
                l2 = letters & ~low if variant == 0 and w[rack + tile] == 0 else letters
                w[base + S_STRIP] = t if variant == 0 else (t | 0x80)
                ls = w[(w[W_VALUES] if variant == 0 else w[W_BVALUES]) + t] * lm
                x2 = xsum
                if w[base + S_XSCORE] >= 0:
                    x2 += (w[base + S_XSCORE] + ls) * wm * w[base + S_XMULT]
                m2, n2, s2 = msum + ls, n + 1, starts + w[base + S_START]
                r2 = req + 1 if w[W_MUST] == tile else req
            w2 = wmul * wm
            if node & ACCEPT and right_free:
                record(w, leftmost, pos, n2, m2 * w2 + x2, s2, r2)
            if children != 0 and go_right and can_enter(graph, w, pos + 1, children, n2, l2):
                right(graph, w, pos + 1, children, leftmost, n2, m2, w2, x2, s2, r2, l2)
            if existing == 0:
                w[rack + tile] += 1
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
    score += w[w[W_BINGO] + 2 * n + (1 if req > 0 else 0)]
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
    i = w[W_COUNT]
    w[W_COUNT] = i + 1
    if i >= w[W_CAP]:
        return
    width = w[W_WIDTH]
    out = w[W_OUT] + i * (OUT_META + width)
    w[out] = direction
    w[out + 1] = line
    w[out + 2] = leftmost
    w[out + 3] = rightmost - leftmost + 1
    w[out + 4] = score
    w[out + 5] = n
    for k in range(width):
        pos = leftmost + k
        w[out + OUT_META + k] = w[row + pos * SQ + S_STRIP] if pos <= rightmost else 0
