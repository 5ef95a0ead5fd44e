"""Structural validation of a KWG node array (vectorised with numpy).

A `.lex` file with a valid checksum can still hold a crafted graph: a child index
past the end, a sibling list without its last-sibling bit, a cycle, a tile number
outside the alphabet or a GADDAG root out of range. The walkers (`pattern`, `stats`,
`export`) would loop forever and the compiled move generator (`play`) would read
out of bounds. `kwg_problems` finds all of these in a few linear numpy passes:

- every child index and both roots lie inside the array;
- every node that starts a list (a root or any child index) reaches a last-sibling
  node before the end of the array;
- tiles are 1..`max_tile` (0 only as the GADDAG separator);
- no path is longer than `max_depth` arcs, which also rules out cycles: the height
  of each node (1 + the highest node in its child list) is relaxed level by level;
  in a graph without cycles it settles after at most `max_depth` rounds.

The table-side `check` never needs this (`Kwg.contains` only moves forward within
bounds), so `lexfile.load_lexicon` runs it for every other command.
"""

from __future__ import annotations

from lexicon_tools.lexicon.kwg import ACCEPT_BIT, CHILD_MASK, END_BIT, Kwg

MAX_DEPTH = 2 * 64 + 2  # GADDAG paths: a word's letters plus the separator (words are far shorter)
MAX_WORDS = 20_000_000  # the bound of every enumerating command; real lexicons hold under 6 million words


def kwg_problems(kwg: Kwg, max_tile: int, max_depth: int = MAX_DEPTH, words: int | None = None) -> list[str]:
    """Every structural problem of `kwg` (empty when it is safe to walk).

    `words` is the word count the file declares: the DAWG must hold exactly that many
    words, and at most `MAX_WORDS`. A small acyclic graph can accept billions of words
    (24 KB accept every string of up to 7 letters), so this count, made without
    walking the words, is what bounds `stats`, `export`, `pattern` and `anagram`.
    """
    import numpy as np

    nodes = kwg.nodes
    n = len(nodes)
    child = (nodes & CHILD_MASK).astype(np.int64)
    tiles = (nodes >> 24).astype(np.int64)
    ends = (nodes & END_BIT) != 0
    problems: list[str] = []
    roots = 2 if kwg.has_gaddag else 1
    outside = np.flatnonzero(child >= n)
    if len(outside):
        what = "the GADDAG root" if outside[0] == 1 and roots == 2 else \
               "the DAWG root" if outside[0] == 0 else f"node {int(outside[0])}'s child list"
        problems.append(f"{len(outside):,} child index(es) point past the {n:,} nodes ({what} first)")
        return problems
    end_at = np.flatnonzero(ends)
    last_end = int(end_at[-1]) if len(end_at) else -1
    starts = child[child != 0]
    if len(starts) and int(starts.max()) > last_end:
        problems.append("a sibling list has no last-sibling bit and runs off the end of the array")
        return problems
    body = np.arange(n) >= roots
    bad_tiles = body & ((tiles > max_tile) | ((tiles == 0) & (not kwg.has_gaddag)))
    if bad_tiles.any():
        problems.append(f"{int(bad_tiles.sum()):,} node(s) carry a tile outside 1..{max_tile}")
    height = _heights(child, ends, max_depth)
    if height is None:
        problems.append(f"the graph has a cycle or a path longer than {max_depth} arcs")
        return problems
    del tiles, bad_tiles, body
    count = dawg_word_count(kwg, MAX_WORDS, height, child, ends)
    if count > MAX_WORDS:
        problems.append(f"it accepts more than {MAX_WORDS:,} words, more than any lexicon holds")
    elif words is not None and count != words:
            problems.append(f"it accepts {count:,} words, the metadata says {words:,}")
    return problems


def dawg_word_count(kwg: Kwg, cap: int, height=None, child=None, ends=None) -> int:
    """The number of words the DAWG accepts, or `cap` + 1 if more (for a graph that passed `_heights`).

    words(node) = its accept bit + the words of its child list, and the words of a list
    (from its first node to its last sibling) are a difference of prefix sums. Nodes are
    settled in order of height (a node's children are all lower), one prefix sum per
    height, so the cost is about the graph's height times one linear pass; every value is
    capped at cap + 1, so nothing overflows.
    """
    import numpy as np

    nodes = kwg.nodes
    n = len(nodes)
    root = kwg.dawg_root
    if n == 0 or not root:
        return 0
    if child is None:
        child = (nodes & CHILD_MASK).astype(np.int64)
        ends = (nodes & END_BIT) != 0
    if height is None:
        height = _heights(child, ends, MAX_DEPTH)
    end_index = np.where(ends, np.arange(n, dtype=np.int32), np.int32(n - 1))
    after_run = np.minimum.accumulate(end_index[::-1])[::-1] + 1  # one past the last sibling of each run
    del end_index
    limit = cap + 1
    count = ((nodes & ACCEPT_BIT) != 0).astype(np.int64)
    order = np.argsort(height, kind="stable").astype(np.int32)
    bounds = np.searchsorted(height[order], np.arange(2, int(height.max()) + 2))
    del height
    prefix = np.zeros(n + 1, dtype=np.int64)
    for lo, hi in zip(bounds[:-1], bounds[1:]):  # heights 2, 3, ...: nodes with children
        np.cumsum(count, out=prefix[1:])
        level = order[lo:hi]
        below = child[level]
        count[level] = np.minimum(count[level] + prefix[after_run[below]] - prefix[below], limit)
    np.cumsum(count, out=prefix[1:])
    return int(min(int(prefix[after_run[root]] - prefix[root]), limit))


def _too_deep(child, ends, max_depth: int) -> bool:
    """Whether some path is longer than `max_depth` (a cycle is an endless path)."""
    return _heights(child, ends, max_depth) is None


def _heights(child, ends, max_depth: int):
    """Each node's height (1 + the highest node of its child list, 1 without children), or None if
    some path is longer than `max_depth` (a cycle is an endless path)."""
    import numpy as np

    n = len(child)
    # Reversed, a sibling run starts at its last-sibling node; numbering runs from there
    # makes the number grow run by run, so a reversed running maximum of seg*(D+2)+h
    # restarts at every run: the maximum of h from a node to the end of its list.
    seg = np.cumsum(ends[::-1])
    scale = max_depth + 2
    has_child = child != 0
    height = np.zeros(n, dtype=np.int64)
    for _ in range(max_depth + 1):
        suffix = (np.maximum.accumulate(seg * scale + height[::-1]) - seg * scale)[::-1]
        new = np.where(has_child, 1 + suffix[child], 1)
        if np.array_equal(new, height):
            return height
        height = np.minimum(new, max_depth + 1)
    return None

