"""The KWG word graph: a minimal DAWG and GADDAG in one array of 32-bit nodes.

Format (the one wolges, Macondo and MAGPIE load; a ``.kwg`` file is exactly the
node array, little-endian, nothing else)::

    bits 0-21   index of the first node of the child list (0 = no children)
    bit  22     last sibling of its list
    bit  23     accepts: the path ending with this node's tile is a word
    bits 24-31  tile: 1..N in alphabet order; 0 is the GADDAG separator

Node 0 points to the DAWG's root list and node 1 to the GADDAG's (both have the
last-sibling bit set and tile 0). Siblings are sorted by tile. A GADDAG path is
the reversed word start, the separator, then the rest of the word: for CARE the
accepted paths are ERAC, RAC@E, AC@RE and C@ARE. After the separator the graph
continues in the DAWG part, which is the same state a minimal GADDAG would have.

This module is the *reader* and is stdlib-only (the table-side check loads it
without numpy): the nodes are a ``memoryview`` over the little-endian bytes, and
`nodes` gives a numpy view only when someone asks. `build_kwg` imports the
compiled builder (`_build_jit`, `_layout_jit`) on first use.

Why this design: the KWG is the de-facto exchange format of the open engines,
it is tiny (about one node per arc of the minimal automaton), and loading it is
a pointer cast, not a rebuild.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator

from lexicon_tools.errors import LexiconFileError

CHILD_MASK = 0x3FFFFF
END_BIT = 0x400000
ACCEPT_BIT = 0x800000
MAX_NODES = CHILD_MASK + 1
SEPARATOR = 0


class Kwg:
    """A loaded or freshly built KWG. `contains` and the walkers need only the stdlib."""

    __slots__ = ("_data", "_nodes", "_numpy", "has_gaddag")

    def __init__(self, data: bytes | bytearray | memoryview, *, has_gaddag: bool = True):
        raw = memoryview(data).cast("B")
        if len(raw) % 4 or len(raw) < 4 * (2 if has_gaddag else 1):
            raise LexiconFileError(f"the KWG node array has {len(raw)} bytes, not a whole number of "
                                   "32-bit nodes with the root nodes")
        self._data = raw
        if sys.byteorder == "little" and _uint32_code() == "I":
            self._nodes = raw.cast("I")  # zero-copy view of the little-endian bytes
        else:
            self._nodes = _as_array(raw)
        self._numpy = None
        self.has_gaddag = has_gaddag

    # ------------------------------------------------------------ access ---
    def __len__(self) -> int:
        return len(self._nodes)

    @property
    def nodes(self):
        """The nodes as a read-only numpy uint32 array (imports numpy on first use)."""
        if self._numpy is None:
            import numpy as np

            self._numpy = np.frombuffer(self._data, dtype="<u4")
        return self._numpy

    @property
    def values(self):
        """The nodes as a stdlib sequence of ints (a memoryview or array): for pure-Python walkers."""
        return self._nodes

    def to_bytes(self) -> bytes:
        """The little-endian node array: the content of a ``.kwg`` file."""
        return self._data.tobytes()

    def node(self, index: int) -> tuple[int, bool, bool, int]:
        """(tile, accepts, last sibling, child index) of one node."""
        value = self._nodes[index]
        return value >> 24, bool(value & ACCEPT_BIT), bool(value & END_BIT), value & CHILD_MASK

    @property
    def dawg_root(self) -> int:
        return self._nodes[0] & CHILD_MASK

    @property
    def gaddag_root(self) -> int:
        if not self.has_gaddag:
            raise ValueError("this KWG is DAWG-only")
        return self._nodes[1] & CHILD_MASK

    # ------------------------------------------------------------ queries ---
    def contains(self, tiles: bytes) -> bool:
        """Whether the DAWG accepts the tile string (tile numbers 1..N)."""
        return self._accepts(self.dawg_root, tiles)

    def gaddag_accepts(self, path: bytes) -> bool:
        """Whether the GADDAG accepts `path` (reversed start, separator 0, rest)."""
        return self._accepts(self.gaddag_root, path)

    def child(self, list_index: int, tile: int) -> int:
        """The node of `tile` in the sibling list at `list_index`, or -1."""
        nodes = self._nodes
        p = list_index
        if p == 0:
            return -1
        try:
            while True:
                value = nodes[p]
                found = value >> 24
                if found == tile:
                    return p
                if found > tile or value & END_BIT:
                    return -1
                p += 1
        except IndexError:
            raise _corrupt(p) from None

    def _accepts(self, p: int, tiles: bytes) -> bool:
        if not tiles:
            return False
        nodes = self._nodes
        last = len(tiles) - 1
        try:
            for i, tile in enumerate(tiles):
                if p == 0:
                    return False
                value = nodes[p]
                while value >> 24 != tile:
                    if value >> 24 > tile or value & END_BIT:
                        return False
                    p += 1
                    value = nodes[p]
                if i == last:
                    return bool(value & ACCEPT_BIT)
                p = value & CHILD_MASK
        except IndexError:
            raise _corrupt(p) from None
        return False

    def siblings(self, list_index: int) -> Iterator[tuple[int, int]]:
        """(node index, node value) of each arc in the list starting at `list_index`."""
        nodes = self._nodes
        p = list_index
        if p == 0:
            return
        try:
            while True:
                value = nodes[p]
                yield p, value
                if value & END_BIT:
                    return
                p += 1
        except IndexError:
            raise _corrupt(p) from None

    def words(self, root: int | None = None) -> Iterator[bytes]:
        """Every word below the list `root` (default: the DAWG), in sorted order."""
        start = self.dawg_root if root is None else root
        if start == 0:
            return
        nodes = self._nodes
        prefix = bytearray()
        stack = [start]  # stack[d]: the node being explored at depth d
        try:
            while stack:
                value = nodes[stack[-1]]
                del prefix[len(stack) - 1:]
                prefix.append(value >> 24)
                if value & ACCEPT_BIT:
                    yield bytes(prefix)
                child = value & CHILD_MASK
                if child:
                    stack.append(child)
                    continue
                while stack:  # advance to the next sibling, leaving finished lists
                    p = stack[-1]
                    if nodes[p] & END_BIT:
                        stack.pop()
                    else:
                        stack[-1] = p + 1
                        break
        except IndexError:
            raise _corrupt(stack[-1]) from None


def _as_array(raw: memoryview):
    from array import array

    arr = array(_uint32_code())
    arr.frombytes(raw)
    if sys.byteorder != "little":
        arr.byteswap()
    return arr


def _uint32_code() -> str:
    from array import array

    return "I" if array("I").itemsize == 4 else "L"


def _corrupt(index: int) -> LexiconFileError:
    return LexiconFileError(f"the KWG node array is corrupt: a sibling list runs past its end near node {index}")


def build_kwg(words: Iterable[bytes], *, gaddag: bool = True) -> Kwg:
    """Build the minimal KWG of `words` (tile strings from `Alphabet.encode`).

    Duplicates are ignored; every word must be non-empty and hold tiles 1..255.
    With ``gaddag=False`` only node 0 and the DAWG are written (the layout of an
    alphagram DAWG, a ``.kad``).
    """
    from lexicon_tools.lexicon.builder import build_nodes

    return Kwg(build_nodes(words, gaddag=gaddag).astype("<u4", copy=False).tobytes(), has_gaddag=gaddag)
