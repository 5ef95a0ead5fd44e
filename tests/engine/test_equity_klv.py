"""KLV2 files: the layout wolges and Macondo load, byte-exact round trips, and refused corrupt files.

The layout check reads the bytes with its own small walker (not the module's reader): a u32 node
count, the DAWG-only KWG (node 0 = root pointer), a u32 value count and the f32 values in the
DAWG's word order, the blank as tile 0.
"""

from __future__ import annotations

import itertools
import struct
from collections import Counter

import numpy as np
import pytest

from lexicon_tools.engine.leaves import ADDITIVE, TABLE, LeaveTable, all_leaves, every_leave
from lexicon_tools.errors import LexiconFileError
from lexicon_tools.lexicon.klv import klv2_bytes, parse_klv

VALUES = {b"\x00": 25.5, b"\x00\x05": 30.25, b"\x05": 2.0, b"\x05\x05": -1.5, b"\x11": -7.125,
          b"\x00\x00": 41.0, b"\x01\x05\x12\x14": 0.1, b"\x12": 0.3333}


def _walk(nodes: list[int]) -> list[bytes]:
    """Words of a DAWG-only KWG in order, by recursion over sibling lists."""
    words: list[bytes] = []

    def visit(p: int, prefix: bytes) -> None:
        while True:
            node = nodes[p]
            word = prefix + bytes([node >> 24])
            if node & 0x800000:
                words.append(word)
            if node & 0x3FFFFF:
                visit(node & 0x3FFFFF, word)
            if node & 0x400000:
                return
            p += 1

    if nodes[0] & 0x3FFFFF:
        visit(nodes[0] & 0x3FFFFF, b"")
    return words


def test_layout_is_count_kwg_count_f32_in_word_order():
    data = klv2_bytes(VALUES)
    (n,) = struct.unpack_from("<I", data, 0)
    nodes = list(struct.unpack_from(f"<{n}I", data, 4))
    (m,) = struct.unpack_from("<I", data, 4 + 4 * n)
    assert len(data) == 8 + 4 * n + 4 * m and m == len(VALUES)
    assert nodes[0] >> 24 == 0 and nodes[0] & 0x400000          # the root pointer: tile 0, a one-node list
    words = _walk(nodes)
    assert words == sorted(VALUES)                                # the blank (0) sorts first, prefixes first
    floats = struct.unpack_from(f"<{m}f", data, 8 + 4 * n)
    assert list(floats) == [float(np.float32(VALUES[w])) for w in words]
    assert n < 2 * sum(map(len, VALUES))                          # shared suffixes: a minimal graph


def test_an_empty_table_is_one_end_node_and_no_values():
    assert klv2_bytes({}) == struct.pack("<III", 1, 0x400000, 0)


def test_round_trip_is_byte_for_byte():
    data = klv2_bytes(VALUES)
    back = parse_klv(data)
    assert {k: float(v) for k, v in back.items()} == {k: float(np.float32(v)) for k, v in VALUES.items()}
    assert klv2_bytes({k: float(v) for k, v in back.items()}) == data


def test_version_1_files_with_i16_values_are_read():
    data = klv2_bytes(VALUES)
    (n,) = struct.unpack_from("<I", data, 0)
    head = data[:8 + 4 * n]
    words = _walk(list(struct.unpack_from(f"<{n}I", data, 4)))
    v1 = head + struct.pack(f"<{len(words)}h", *(round(VALUES[w] * 256) for w in words))
    back = parse_klv(v1)
    assert back[b"\x00"] == pytest.approx(25.5) and back[b"\x11"] == pytest.approx(-7.125)


@pytest.mark.parametrize("cut", [3, 9, 30, -1, -3])
def test_truncated_or_padded_files_are_refused(cut):
    data = klv2_bytes(VALUES)
    broken = data[:cut] if cut > 0 else data[:cut] if cut == -1 else data + b"\x00" * 3
    with pytest.raises(LexiconFileError):
        parse_klv(broken, "broken.klv2")


def test_a_cyclic_graph_is_refused_not_walked_forever():
    nodes = [0x00400001, 0x01C00001]       # node 1 accepts and points to itself
    data = struct.pack("<I2II", 2, *nodes, 1) + struct.pack("<f", 1.0)
    with pytest.raises(LexiconFileError, match="corrupt"):
        parse_klv(data, "cycle.klv2")


def test_every_leave_expands_an_additive_table_within_the_tile_counts():
    counts = [1, 2, 0, 3, 1]                              # blank, A A, (no B), C C C, D
    table = LeaveTable("t", "ABCD", 4, ADDITIVE, {b"\x00": 10.0, b"\x01\x01": -2.0, b"\x01\x03": 1.5,
                                                   b"\x03\x03\x03": -4.0})
    values = every_leave(table, counts)
    pool = [t for t, n in enumerate(counts) for _ in range(n)]
    brute = {bytes(c) for k in range(1, 4) for c in itertools.combinations(pool, k)}
    assert set(values) == brute and set(all_leaves(counts, 3)) == brute
    for leave, value in values.items():
        c = Counter(leave)
        want = 10.0 * (c[0] >= 1) - 2.0 * (c[1] >= 2) + 1.5 * (c[1] >= 1 and c[3] >= 1) - 4.0 * (c[3] >= 3)
        assert value == pytest.approx(want) == pytest.approx(table.value(leave))


def test_a_table_keeps_exactly_its_listed_leaves():
    table = LeaveTable("t", "ABCD", 4, TABLE, {b"\x01": 1.0, b"\x01\x02": 5.0})
    assert every_leave(table, [1, 1, 1]) == {b"\x01": 1.0, b"\x01\x02": 5.0}
    assert table.value(b"\x02") == 0.0 and table.value(b"\x01\x02") == 5.0
