"""A pure-Python KWG builder for the tests: the documented algorithm with dicts and lists, no numba.

It follows the steps `lexicon.builder` documents (sorted unique words; Daciuk's incremental
minimisation, deepest list first and each list from its last arc; the wolges GADDAG strings
with separator arcs linked into the DAWG; leaf chains laid out breadth-first from the DAWG root,
then the GADDAG root), so it must give the compiled builder's bytes exactly. It shares no code
with the package: a change to the compiled passes that changes a single node shows here.
"""

from __future__ import annotations

import struct

END_BIT, ACCEPT_BIT = 0x400000, 0x800000


def _common(a: bytes, b: bytes, limit: int) -> int:
    i = 0
    while i < limit and a[i] == b[i]:
        i += 1
    return i


def gaddag_inputs(words: list[bytes]) -> list[bytes]:
    out, prev = [], b""
    for w in words:
        shared = _common(prev, w, min(len(w), len(prev) - 1)) if prev else 0
        out.append(w[::-1])
        out.extend(w[:k][::-1] + b"\x00" for k in range(len(w) - 1, shared, -1))
        prev = w
    return out


def reference_kwg_bytes(words, gaddag: bool = True) -> bytes:
    items = sorted(set(words))
    states: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # (tile, accepts, child, next); 0 = empty list
    register: dict[tuple, int] = {}

    def fold(arcs: list[list[int]]) -> int:
        head = 0
        for tile, acc, child in reversed(arcs):
            key = (tile, acc, child, head)
            if key not in register:
                register[key] = len(states)
                states.append(key)
            head = register[key]
        return head

    def dawg_state(root: int, tiles: bytes) -> int:
        p = root
        for t in tiles:
            while states[p][0] != t:
                p = states[p][3]
            p = states[p][2]
        return p

    def add(strings: list[bytes], dawg_root: int = -1) -> int:
        stack: list[list[list[int]]] = [[]]  # stack[d]: the pending arc list at depth d
        prev = b""
        for w in strings:
            shared = _common(prev, w, min(len(w), len(stack) - 1))
            while len(stack) - 1 > shared:
                done = stack.pop()
                stack[-1][-1][2] = fold(done)
            for t in w[shared:]:
                stack[-1].append([t, 0, 0])
                stack.append([])
            if dawg_root >= 0 and w[-1] == 0:
                stack.pop()  # the separator arc points into the DAWG instead of a list of its own
                stack[-1][-1][2] = dawg_state(dawg_root, w[:-1][::-1])
            else:
                stack[-2][-1][1] = 1
            prev = w
        while len(stack) > 1:
            done = stack.pop()
            stack[-1][-1][2] = fold(done)
        return fold(stack[0])

    dawg_root = add(items)
    gaddag_root = add(sorted(gaddag_inputs(items)), dawg_root) if gaddag and items else 0
    return _layout(states, dawg_root, gaddag_root, gaddag)


def _layout(states, dawg_root: int, gaddag_root: int, gaddag: bool) -> bytes:
    n = len(states)
    prev = [0] * n
    for s in range(n - 1, 0, -1):
        if states[s][3]:
            prev[states[s][3]] = s
    leaf = list(range(n))
    for s in range(n - 1, 0, -1):
        if prev[s]:
            leaf[s] = leaf[prev[s]]
    first = 2 if gaddag else 1
    pos = [-1] * n
    pos[0] = 0
    cells: list[int] = [0] * first

    def place(state: int) -> None:
        s = leaf[state]
        while s:
            if pos[s] < 0:
                pos[s] = len(cells)
            cells.append(s)
            s = states[s][3]

    i = first
    for root in (dawg_root, gaddag_root if gaddag else 0):
        if root and pos[root] < 0:
            place(root)
        while i < len(cells):
            child = states[cells[i]][2]
            if child and pos[child] < 0:
                place(child)
            i += 1
    nodes = [END_BIT | (pos[dawg_root] if dawg_root else 0)]
    if gaddag:
        nodes.append(END_BIT | (pos[gaddag_root] if gaddag_root else 0))
    for s in cells[first:]:
        tile, acc, child, nxt = states[s]
        nodes.append(tile << 24 | (pos[child] if child else 0) | (0 if nxt else END_BIT) | (ACCEPT_BIT if acc else 0))
    return struct.pack(f"<{len(nodes)}I", *nodes)
