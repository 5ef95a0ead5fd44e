"""Leave values: what the tiles a player keeps are worth, as data.

A *leave* is the multiset of rack tiles kept after a turn, written as its
sorted tile bytes (``0`` = blank, letters ``1..N``). A `LeaveTable` maps leaves
to values in points, relative to keeping nothing (the empty leave is 0, as in
wolges and Macondo). Two modes, one file format (`io.formats.leavefile`):

* ``table``: the listed leaves have exactly their value, any other leave 0 -
  the semantics of a KLV2 file (`lexicon.klv`), so imported tables keep every
  value bit for bit;
* ``additive``: the value of a leave is the sum of the weights of all listed
  tile groups it contains (each distinct sub-multiset counted once: EE
  contains E and EE). Self-play training (`engine.leavetrain`) fits the
  weights of groups of 1-2 tiles and same-letter triples, so a few thousand
  games give a usable table, where one value per leave (over a million
  leaves for a German rack) would need millions of games. Pairs are what make
  leaves not add up tile by tile: QU is better than Q plus U.

`RackLeaves` prepares one rack for a turn, as wolges does: every sub-multiset
of the rack gets a mixed-radix index (digit = how many of each distinct tile
are kept), so the leave of every generated move is found with one vectorised
sum over its placed tiles (`index_of_codes`), not one dictionary lookup per move.
The values of all its leaves are computed at once (`kept_values`): one compiled
loop per rack adds each group's weight to the leaves that contain it, in the
order `LeaveTable.value` adds them, so the bits are the same (a Python sum per
leave took more time than move generation in equity games).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK

ADDITIVE, TABLE = "additive", "table"
MODES = (ADDITIVE, TABLE)
TRIPLE_MAX = 3   # same-letter groups up to this size are trained (EEE is worse than EE plus a third E)


@dataclass
class LeaveTable:
    """Leave values of one ruleset: `values` maps sorted tile bytes to points."""

    ruleset: str
    letters: str                       # the alphabet, tile k = letters[k - 1]
    rack_size: int
    mode: str = ADDITIVE
    values: dict[bytes, float] = field(default_factory=dict)
    provenance: dict[str, str] = field(default_factory=dict)
    _cache: dict[bytes, float] = field(default_factory=dict, repr=False, compare=False)
    _racks: dict = field(default_factory=dict, repr=False, compare=False)   # `RackLeaves` by rack
    _longest: int | None = field(default=None, repr=False, compare=False)
    _groups: tuple | None = field(default=None, repr=False, compare=False)   # see `group_matrix`

    @classmethod
    def zero(cls, rules) -> "LeaveTable":
        """No leave values: equity is then the score (plus the end-game model)."""
        return cls(rules.name, "".join(rules.alphabet.letters), rules.rack_size, ADDITIVE, {},
                   {"note": "no trained leave values"})

    @property
    def empty(self) -> bool:
        return not self.values

    def __getstate__(self):   # the cache stays behind when a table is sent to a worker process
        state = dict(self.__dict__)
        state["_cache"], state["_racks"], state["_groups"] = {}, {}, None
        return state

    def value(self, leave: bytes) -> float:
        """The value of a leave given as sorted tile bytes."""
        if not leave or not self.values:
            return 0.0
        cached = self._cache.get(leave)
        if cached is None:
            if self.mode == TABLE:
                cached = float(self.values.get(leave, 0.0))
            else:   # added one by one in `sub_multisets` order (`kept_values` relies on this order)
                cached = 0.0
                for group in sub_multisets(leave, self.longest()):
                    cached += self.values.get(group, 0.0)
            if len(self._cache) > 2_000_000:
                self._cache.clear()
            self._cache[leave] = cached
        return cached

    def longest(self) -> int:
        """Tiles in the largest listed leave or group (0 for an empty table)."""
        if self._longest is None:
            self._longest = max((len(k) for k in self.values), default=0)
        return self._longest

    def group_matrix(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ``additive`` groups in the order `value` adds them (ascending tile-count vectors, the blank's
        count first): (256 tile counts x groups, tiles per group, weights). Built once per table. A weight
        of -0.0 is stored as +0.0: added to a sum that starts at +0.0 both leave the same bits."""
        if self._groups is None:
            groups = [g for g in self.values if g]          # the empty leave is no group (`sub_multisets`)
            counts_of = np.zeros((256, len(groups)), np.int8)
            for column, group in enumerate(groups):
                for tile in group:
                    counts_of[tile, column] += 1
            order = np.lexsort(counts_of[::-1])              # lexsort's last key (tile 0) sorts first
            counts_of = np.ascontiguousarray(counts_of[:, order])
            self._groups = (counts_of, counts_of.sum(axis=0, dtype=np.int64),
                            np.array([float(self.values[groups[i]]) for i in order.tolist()], np.float64) + 0.0)
        return self._groups

    def describe(self, leave: bytes, blank: str = "?") -> str:
        return "".join(blank if t == 0 else self.letters[t - 1] for t in leave)


def sub_multisets(leave: bytes, largest: int) -> list[bytes]:
    """Every distinct non-empty sub-multiset of `leave` (sorted bytes) with at most `largest` tiles."""
    counts = sorted(Counter(leave).items())
    out = []
    for picks in itertools.product(*(range(n + 1) for _, n in counts)):
        size = sum(picks)
        if 0 < size <= largest:
            out.append(bytes(t for (t, _), k in zip(counts, picks) for _ in range(k)))
    return out


def training_groups(leave: bytes) -> list[bytes]:
    """The tile groups training fits a weight for: 1 or 2 tiles, and same-letter runs up to `TRIPLE_MAX`."""
    groups = sub_multisets(leave, 2)
    for tile, n in Counter(leave).items():
        groups += [bytes([tile]) * k for k in range(3, min(n, TRIPLE_MAX) + 1)]
    return groups


_RACK_TILE_OF_CODE = np.array([0 if code & BLANK_FLAG else code & LETTER_MASK for code in range(256)], np.intp)


@functools.lru_cache(maxsize=512)
def rack_shape(counts: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(kept, sizes, places, contained_in) for a rack with these counts of its distinct tiles: one row per
    kept sub-multiset (how many of each tile), in `RackLeaves` index order (the first tile's digit varies
    fastest); the tiles per row; each tile's place value; and contained_in[j, i] = row i contains row j.
    Racks share few shapes (a 7-tile rack has 15), so they are built once, read-only."""
    kept = np.ascontiguousarray(np.indices([n + 1 for n in reversed(counts)]).reshape(len(counts), -1)[::-1].T
                                if counts else np.zeros((1, 0), np.int64))
    places = np.cumprod([1] + [n + 1 for n in counts[:-1]]).astype(np.int64) if counts else np.zeros(0, np.int64)
    out = kept, kept.sum(axis=1), places, (kept[None, :, :] >= kept[:, None, :]).all(axis=2)
    for array in out:
        array.setflags(write=False)
    return out


def kept_values(table: LeaveTable, tiles: list[int], counts: list[int], kept: np.ndarray) -> np.ndarray:
    """`table.value` of every kept sub-multiset of one rack (the rows of `kept`, in `RackLeaves` index
    order), bit for bit, without one Python-level sum per leave.

    ``additive``: `LeaveTable.value` adds the weights of a leave's groups one by one in `sub_multisets`
    order, which is ascending lexicographic order of the tile-count vectors (blank first) for every leave
    alike, since tiles a leave lacks count 0 in every group it holds. So the table's groups are sorted
    that way once (`LeaveTable.group_matrix`), and per rack a compiled loop (`_leaves_jit.add_groups`)
    adds each group within the rack to every leave that contains it (`rack_shape`), group after group:
    the same additions in the same order as the scalar sum. Skipping a group the leave lacks or the
    table does not list (the scalar sum adds 0.0 for it) changes no bit: the sum starts at +0.0 and
    never becomes -0.0 (weights of -0.0 are stored as +0.0). A pairwise `np.sum` or a matrix product
    would reorder the additions; numpy's `np.add.accumulate` keeps the order too, but its dozen calls
    per rack took five times as long as the loop.
    """
    values = np.zeros(len(kept), np.float64)
    if table.empty or not tiles:
        return values
    if table.mode == TABLE:
        get = table.values.get
        values[1:] = [float(get(name, 0.0)) for name in _row_names(tiles, counts)[1:]]   # row 0 keeps nothing
        return values
    from lexicon_tools.engine._leaves_jit import add_groups   # numba loads with the first rack, not with a file

    counts_of, sizes, weights = table.group_matrix()
    _, _, places, contained_in = rack_shape(tuple(counts))
    add_groups(counts_of, sizes, weights, np.array(tiles, np.int64), np.array(counts, np.int64), places,
               contained_in, values)
    return values


def _row_names(tiles: list[int], counts: list[int]) -> list[bytes]:
    """Sorted tile bytes of every sub-multiset of the rack, in `RackLeaves` index order."""
    names = [b""]
    for tile, n in zip(tiles, counts):           # each later tile is the slower digit and sorts after
        names = [name + bytes([tile]) * k for k in range(n + 1) for name in names]
    return names


class RackLeaves:
    """All leaves of one rack, indexed in mixed radix: index = sum(kept[t] * place[t])."""

    def __init__(self, rack: Counter, table: LeaveTable, tile_values):
        self.tiles = sorted(t for t, n in rack.items() if n > 0)
        self.counts = [rack[t] for t in self.tiles]
        self.place = {}
        step = 1
        for t, n in zip(self.tiles, self.counts):
            self.place[t] = step
            step *= n + 1
        self.size = step
        self.full = step - 1                       # keeping every tile
        # one row per kept sub-multiset, in index order (the first tile's digit varies fastest)
        kept, self.kept_count, _, _ = rack_shape(tuple(self.counts))   # shared and read-only
        self.face = kept @ np.array([tile_values[t] for t in self.tiles], np.int64)   # kept tiles' points
        self.values = kept_values(table, self.tiles, self.counts, kept)
        # place value of each board code (a blank-flagged code consumed the rack blank 0; code 0 = nothing)
        place_of_tile = np.zeros(LETTER_MASK + 1, np.int64)
        place_of_tile[self.tiles] = list(self.place.values())
        self.by_code = place_of_tile[_RACK_TILE_OF_CODE]
        self.by_code[0] = 0

    def index_of_codes(self, codes: np.ndarray) -> np.ndarray:
        """Place-value sum of the rack tiles each row of board `codes` consumed (0 = nothing placed)."""
        return self.by_code[codes].sum(axis=1) if codes.ndim == 2 else self.by_code[codes]

    def kept(self, index: int) -> bytes:
        out = []
        for t in reversed(self.tiles):
            k, index = divmod(index, self.place[t])
            out.append(bytes([t]) * k)
        return b"".join(reversed(out))

    def spent(self, tiles) -> int:
        """Place-value sum of rack tiles (0 = blank)."""
        return sum(self.place[t] for t in tiles)


def every_leave(table: LeaveTable, counts, largest: int | None = None) -> dict[bytes, float]:
    """Every leave of 1 .. `largest` (default rack size - 1) tiles the tile set allows, with its value
    (for a KLV2 export).

    A ``table`` gives its listed leaves (of at most `largest` tiles). An ``additive`` table is evaluated for all leaves at once: a
    (leaves x tiles) count matrix, and per listed group one vectorised test of which leaves hold it.
    """
    largest = table.rack_size - 1 if largest is None else largest
    if table.mode == TABLE:
        return {k: v for k, v in table.values.items() if len(k) <= largest}
    leaves = all_leaves(counts, largest)
    if not leaves:
        return {}
    width = max(len(k) for k in leaves)
    padded = np.full((len(leaves), width), 255, np.uint8)
    for i, leave in enumerate(leaves):
        padded[i, :len(leave)] = np.frombuffer(leave, np.uint8)
    matrix = np.zeros((len(leaves), 256), np.int8)
    rows = np.repeat(np.arange(len(leaves)), width)
    np.add.at(matrix, (rows, padded.ravel()), 1)
    values = np.zeros(len(leaves), np.float64)
    for group, weight in table.values.items():
        holds = np.ones(len(leaves), bool)
        for tile, need in Counter(group).items():
            holds &= matrix[:, tile] >= need
        values[holds] += weight
    return dict(zip(leaves, values.tolist()))


def all_leaves(counts, largest: int) -> list[bytes]:
    """Every multiset of 1..`largest` tiles within `counts` (index = tile), as sorted bytes."""
    tiles = [t for t in range(len(counts)) if counts[t] > 0]
    out: list[bytes] = []

    def grow(leave: bytes, start: int) -> None:
        for i in range(start, len(tiles)):
            tile = tiles[i]
            if leave.count(tile) >= counts[tile]:
                continue
            new = leave + bytes([tile])
            out.append(new)
            if len(new) < largest:
                grow(new, i)

    if largest > 0:
        grow(b"", 0)
    return out
