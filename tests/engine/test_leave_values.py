"""`RackLeaves` values equal the definition of a leave value, bit for bit (issue 13, games per second).

The vectorised valuation (`engine.leaves.kept_values`) must not change a game, so its values are compared
with the definition written out here independently: for an ``additive`` table the sum, from 0.0, of the
weights of every distinct sub-multiset of the leave with at most `longest` tiles, added in ascending order of
their tile-count vectors (blank first); for a ``table`` the listed value or 0. Bits are compared with
`float.hex`, so a reordered sum (which differs in the last bits) or a -0.0 fails.
"""

from __future__ import annotations

import itertools
import pickle
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.engine.leaves import ADDITIVE, TABLE, LeaveTable, RackLeaves
from lexicon_tools.engine.tiles import BLANK_FLAG

TILES = 9          # blank + 8 letters: small, so racks and tables overlap often
TILE_VALUES = tuple(range(1, TILES + 1))


def definition(values: dict[bytes, float], mode: str, leave: bytes) -> float:
    if not leave or not values:
        return 0.0
    if mode == TABLE:
        return float(values.get(leave, 0.0))
    longest = max(len(k) for k in values)
    groups = {tuple(sorted(c)) for k in range(1, longest + 1) for c in itertools.combinations(leave, k)}
    total = 0.0
    for group in sorted(groups, key=lambda g: [g.count(t) for t in range(TILES)]):
        total += values.get(bytes(group), 0.0)
    return total


weights = st.one_of(st.floats(-1e6, 1e6, allow_nan=False), st.sampled_from([0.1, 0.2, 0.3, 1e16, -1e16, 1.0,
                                                                             -0.0, 0.0, 1 / 3, 2.5e-8]))
group = st.lists(st.integers(0, TILES - 1), min_size=0, max_size=4).map(lambda g: bytes(sorted(g)))
tables = st.builds(lambda mode, values: LeaveTable("t", "ABCDEFGH", 7, mode, values),
                   st.sampled_from([ADDITIVE, ADDITIVE, TABLE]), st.dictionaries(group, weights, max_size=60))
racks = st.lists(st.integers(0, TILES - 1), min_size=0, max_size=7).map(Counter)


def _hex(values) -> list[str]:
    return [float(v).hex() for v in values]


def _check(table: LeaveTable, rack: Counter) -> RackLeaves:
    rl = RackLeaves(rack, table, TILE_VALUES)
    leaves = [rl.kept(i) for i in range(rl.size)]
    tiles = sorted(rack.elements())
    assert sorted(leaves) == sorted({bytes(c) for k in range(len(tiles) + 1) for c in itertools.combinations(tiles, k)})
    assert _hex(rl.values) == _hex(definition(table.values, table.mode, leave) for leave in leaves)
    assert _hex(rl.values) == _hex(table.value(leave) for leave in leaves)     # the scalar path agrees
    assert rl.values.base is None                  # racks are cached by the thousand: no view of a bigger array
    assert rl.kept_count.tolist() == [len(leave) for leave in leaves]
    assert rl.face.tolist() == [sum(TILE_VALUES[t] for t in leave) for leave in leaves]
    for code in range(256):
        tile = 0 if code & BLANK_FLAG else code
        assert rl.by_code[code] == (rl.place.get(tile, 0) if code else 0)
    return rl


@settings(max_examples=300, deadline=None)
@given(tables, st.lists(racks, min_size=1, max_size=4))
def test_rack_leaves_equal_the_definition_bit_for_bit(table, rack_list):
    for rack in rack_list:
        _check(table, rack)
    again = pickle.loads(pickle.dumps(table))          # a worker's copy rebuilds the group matrix
    assert _hex(RackLeaves(rack_list[0], again, TILE_VALUES).values) == _hex(
        RackLeaves(rack_list[0], table, TILE_VALUES).values)


def test_the_order_of_the_additions_shows_in_the_bits():
    """A table where another order gives other bits: the comparison above can tell them apart."""
    values = {b"\x01": 1e16, b"\x02": 1.0, b"\x01\x02": -1e16, b"\x00": 1.0, b"\x02\x02": 0.5}
    table = LeaveTable("t", "ABCDEFGH", 7, ADDITIVE, values)
    rack = Counter(b"\x00\x01\x02\x02")
    rl = _check(table, rack)
    full = definition(values, ADDITIVE, bytes(sorted(rack.elements())))
    groups_sum = float(np.sum([values[k] for k in values]))
    assert rl.values[rl.full] == full and full != groups_sum     # pairwise/other-order sums differ
