"""KLV2: the leave-value file of wolges and Macondo, as bytes (the CLI reads and writes files).

Layout, all little-endian::

    u32            n, the number of KWG nodes
    n x u32        a DAWG-only KWG of the leaves (node 0 points to the root list)
    u32            m, the number of leaves (= words of the DAWG)
    m x f32        the value of each leave, in the DAWG's word order

A leave is its tiles in ascending tile order; unlike a lexicon KWG the blank
is a tile here, tile 0 (it sorts first). The DAWG's word order is sorted
order (a leave before its extensions, siblings by tile), so the i-th value
belongs to the i-th leave in sorted order; engines find i by counting words
below each node. Leaves not listed are worth 0, the empty leave included.
Version 1 (``.klv``) stored i16 values in 1/256 points instead of f32; it is
recognised by its shorter length and read too.

The DAWG is built by the project's KWG builder (`kwg.build_kwg`), which keeps
tile 0 for the GADDAG separator: the leaves are built with every tile shifted
up by one and the tile field of each node shifted back afterwards, which keeps
siblings sorted and the graph minimal.
"""

from __future__ import annotations

import struct

import numpy as np

from lexicon_tools.errors import LexiconFileError
from lexicon_tools.lexicon.kwg import ACCEPT_BIT, CHILD_MASK, END_BIT, Kwg, build_kwg

TILE_SHIFT = 24
MAX_VALUES = 1 << 26
MAX_DEPTH = 64


def klv2_bytes(values: dict[bytes, float]) -> bytes:
    """The KLV2 file of `values` (leave as sorted tile bytes -> points)."""
    leaves = sorted(values)
    if leaves and not leaves[0]:
        raise ValueError("the empty leave is always worth 0 and cannot be stored")
    nodes = build_kwg((bytes(t + 1 for t in leave) for leave in leaves), gaddag=False).nodes.astype(np.uint32)
    if len(nodes) > 1:
        nodes[1:] -= np.uint32(1 << TILE_SHIFT)    # node 0 is the root pointer, tile 0 already
    floats = np.array([values[leave] for leave in leaves], "<f4")
    return b"".join([struct.pack("<I", len(nodes)), nodes.astype("<u4").tobytes(),
                     struct.pack("<I", len(leaves)), floats.tobytes()])


def parse_klv(data: bytes, name: str = "KLV file") -> dict[bytes, np.float32]:
    """Leave -> value of a KLV2 (or KLV) file; raises `LexiconFileError` naming what is wrong."""
    if len(data) < 8:
        raise LexiconFileError(f"{name}: {len(data)} bytes is too short for a KLV file (at least 8)",
                               "Give a .klv2 file written by wolges, Macondo or `lexicon-tools leaves export`.")
    (count,) = struct.unpack_from("<I", data, 0)
    end = 4 + 4 * count
    if count < 1 or end + 4 > len(data):
        raise LexiconFileError(f"{name}: the header announces {count:,} KWG nodes, the file has room for "
                               f"{max(0, (len(data) - 8) // 4):,}", "The file is truncated or not a KLV file.")
    (leaves,) = struct.unpack_from("<I", data, end)
    rest = len(data) - end - 4
    if leaves > MAX_VALUES or rest not in (4 * leaves, 2 * leaves):
        raise LexiconFileError(f"{name}: {leaves:,} leave values announced, {rest:,} bytes follow (KLV2 needs "
                               f"{4 * leaves:,}, KLV {2 * leaves:,})", "The file is truncated or not a KLV file.")
    if rest == 4 * leaves:
        values = np.frombuffer(data, "<f4", leaves, end + 4)
    else:
        values = (np.frombuffer(data, "<i2", leaves, end + 4).astype(np.float64) / 256.0).astype(np.float32)
    words = _leaves(Kwg(data[4:end], has_gaddag=False), leaves, name)
    return dict(zip(words, values))


def _leaves(graph: Kwg, expected: int, name: str) -> list[bytes]:
    """The DAWG's words in sorted order; a leave longer than `MAX_DEPTH` tiles, a node past the end or
    more words than values mean a corrupt file (so a cyclic graph cannot loop forever)."""
    nodes, size = graph.values, len(graph)
    out: list[bytes] = []

    def corrupt(why: str) -> LexiconFileError:
        return LexiconFileError(f"{name}: the leave graph is corrupt ({why})", "The file is not a valid KLV file.")

    def push(stack: list, p: int, prefix: bytes) -> None:
        arcs = []
        while True:
            if p >= size:
                raise corrupt(f"node {p:,} is past the end")
            arcs.append(p)
            if nodes[p] & END_BIT:
                break
            p += 1
        if len(prefix) >= MAX_DEPTH:
            raise corrupt(f"a leave longer than {MAX_DEPTH} tiles")
        stack.extend((q, prefix) for q in reversed(arcs))

    stack: list[tuple[int, bytes]] = []
    if graph.dawg_root:
        push(stack, graph.dawg_root, b"")
    while stack:
        p, prefix = stack.pop()
        value = nodes[p]
        word = prefix + bytes([value >> TILE_SHIFT])
        if value & ACCEPT_BIT:
            out.append(word)
            if len(out) > expected:
                raise corrupt(f"more leaves than the {expected:,} values")
        if value & CHILD_MASK:
            push(stack, value & CHILD_MASK, word)
    if len(out) != expected:
        raise corrupt(f"{len(out):,} leaves for {expected:,} values")
    return out
