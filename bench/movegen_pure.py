"""The baseline of bench/movegen.py: the same GADDAG algorithm, written as idiomatic pure Python.

Plain lists and ints (no numpy), recursion, the same cross-checks and scoring as
the compiled kernel (`lexicon_tools.engine.movegen.kernel`) for ordinary
single-line moves: this is what the engine would run without a compiled hot
loop. bench/movegen.py checks that both find the same moves and scores.
"""

from __future__ import annotations

CHILD, LAST, ACCEPT = 0x3FFFFF, 0x400000, 0x800000


def _child(nodes, p, tile):
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


def _value(code, values, bvalues):
    return bvalues[code & 0x7F] if code & 0x80 else values[code]


def _cross(nodes, grid, values, bvalues):
    """Masks and cross-scores for words running down through each empty square of `grid`."""
    rows, cols = len(grid), len(grid[0])
    masks = [[0] * cols for _ in range(rows)]
    scores = [[-1] * cols for _ in range(rows)]
    root = nodes[0] & CHILD
    for c in range(cols):
        for r in range(rows):
            if grid[r][c]:
                continue
            top, bottom = r, r
            while top > 0 and grid[top - 1][c]:
                top -= 1
            while bottom < rows - 1 and grid[bottom + 1][c]:
                bottom += 1
            if top == r == bottom:
                masks[r][c] = -2          # every letter (bit 0 unused)
                continue
            scores[r][c] = sum(_value(grid[i][c], values, bvalues) for i in range(top, bottom + 1) if i != r)
            p = root
            for i in range(top, r):
                q = _child(nodes, p, grid[i][c] & 0x7F)
                p = nodes[q] & CHILD if q >= 0 else 0
                if p == 0:
                    break
            mask = 0
            while p:
                node = nodes[p]
                t = node >> 24
                q = p
                for i in range(r + 1, bottom + 1):
                    q = _child(nodes, nodes[q] & CHILD, grid[i][c] & 0x7F)
                    if q < 0:
                        break
                if t and q >= 0 and nodes[q] & ACCEPT:
                    mask |= 1 << t
                if node & LAST:
                    break
                p += 1
            masks[r][c] = mask
    return masks, scores


def generate(nodes, cells, used, rows, cols, lmult, wmult, starts, values, bvalues, rack, bingo):
    """Scores of every single-line move (list), across then down, as the compiled kernel finds them."""
    out: list[int] = []
    first = not any(cells)
    for direction in (0, 1):
        if direction == 0:
            sq = [[r * cols + c for c in range(cols)] for r in range(rows)]
        else:
            sq = [[r * cols + c for r in range(rows)] for c in range(cols)]
        grid = [[cells[s] for s in line] for line in sq]
        masks, scores = _cross(nodes, grid, values, bvalues)
        for line_index, line in enumerate(sq):
            row = grid[line_index]
            lm = [lmult[s] if not used[s] and not cells[s] else 1 for s in line]
            wm = [wmult[s] if not used[s] and not cells[s] else 1 for s in line]
            st = [1 if s in starts else 0 for s in line]
            ctx = (nodes, row, masks[line_index], scores[line_index], lm, wm, st, values, bvalues, rack, bingo,
                   first, direction, out)
            previous = -1
            for c in range(len(line)):
                if row[c]:
                    continue
                if first:
                    anchor = st[c]
                else:
                    anchor = ((c > 0 and row[c - 1]) or (c < len(row) - 1 and row[c + 1])
                              or (line_index > 0 and grid[line_index - 1][c])
                              or (line_index < len(grid) - 1 and grid[line_index + 1][c]))
                if anchor:
                    _extend(ctx, c, previous, c, nodes[1] & CHILD, True, c, [0] * len(row), 0, 0, 1, 0, 0)
                    previous = c
    return out


def _extend(ctx, anchor, limit, pos, plist, left, leftmost, strip, n, msum, wmul, xsum, starts):
    nodes, row, masks, cscores, lm, wm, st, values, bvalues, rack, bingo, first, direction, out = ctx
    existing = row[pos]
    p = plist
    while p:
        node = nodes[p]
        t = node >> 24
        if t:
            if existing:
                if t == existing & 0x7F:
                    _visit(ctx, anchor, limit, pos, node, left, leftmost, strip, n,
                           msum + _value(existing, values, bvalues), wmul, xsum, starts)
                    return
            elif masks[pos] >> t & 1:
                for tile in (t, 0):
                    if rack[tile] <= 0:
                        continue
                    rack[tile] -= 1
                    strip[pos] = t if tile else t | 0x80
                    ls = (values[t] if tile else bvalues[t]) * lm[pos]
                    nx = xsum + (cscores[pos] + ls) * wm[pos] if cscores[pos] >= 0 else xsum
                    _visit(ctx, anchor, limit, pos, node, left, leftmost, strip, n + 1, msum + ls, wmul * wm[pos],
                           nx, starts + st[pos])
                    rack[tile] += 1
                strip[pos] = 0
        if node & LAST:
            return
        p += 1


def _visit(ctx, anchor, limit, pos, node, left, leftmost, strip, n, msum, wmul, xsum, starts):
    nodes, row, _m, cscores, *_rest, bingo, first, direction, out = ctx
    length = len(row)
    children = node & CHILD
    ok = not first or starts >= 1
    if left:
        leftmost = pos
        left_free = pos == 0 or not row[pos - 1]
        right_free = anchor == length - 1 or not row[anchor + 1]
        if ok and node & ACCEPT and left_free and right_free:
            _record(ctx, strip, pos, anchor, n, msum * wmul + xsum + bingo[n])
        if children:
            if pos > 0 and (row[pos - 1] or pos - 1 > limit):
                _extend(ctx, anchor, limit, pos - 1, children, True, leftmost, strip, n, msum, wmul, xsum, starts)
            if left_free and anchor + 1 < length:
                sep = _child(nodes, children, 0)
                if sep >= 0:
                    _extend(ctx, anchor, limit, anchor + 1, nodes[sep] & CHILD, False, leftmost, strip, n, msum,
                            wmul, xsum, starts)
    else:
        right_free = pos == length - 1 or not row[pos + 1]
        if ok and node & ACCEPT and right_free:
            _record(ctx, strip, leftmost, pos, n, msum * wmul + xsum + bingo[n])
        if children and pos + 1 < length:
            _extend(ctx, anchor, limit, pos + 1, children, False, leftmost, strip, n, msum, wmul, xsum, starts)


def _record(ctx, strip, leftmost, rightmost, n, score):
    cscores, direction, out = ctx[3], ctx[12], ctx[13]
    if rightmost == leftmost:
        return
    if direction == 1 and n == 1 and any(strip[p] and cscores[p] >= 0 for p in range(leftmost, rightmost + 1)):
        return
    out.append(score)
