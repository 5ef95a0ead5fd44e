"""Compiled inner loop of the leave valuation (numba, ``cache=True``): `engine.leaves.kept_values`.

Only `engine.leaves.kept_values` imports this module (on the first rack it values), so reading or
writing a leave file does not load numba. The loop adds each group's weight to every leave of the
rack that contains the group, group after group in the order given, so every leave's value is the
same sequence of float64 additions as the scalar `LeaveTable.value` (numba keeps IEEE order unless
``fastmath`` is asked for, and it is not).
"""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def add_groups(counts_of, sizes, weights, tiles, counts, places, contained_in, out):
    """out[i] += weights[g] for every group g (a column of `counts_of`, tile counts) within the rack
    (`tiles` with `counts`, place values `places`) and contained in leave i (`contained_in[index of
    g, i]`), g ascending."""
    for g in range(counts_of.shape[1]):
        size = 0
        index = 0
        for j in range(tiles.shape[0]):
            c = counts_of[tiles[j], g]
            if c > counts[j]:
                size = -1
                break
            size += c
            index += c * places[j]
        if size != sizes[g]:        # a tile the rack lacks, or too many of one
            continue
        w = weights[g]
        row = contained_in[index]
        for i in range(out.shape[0]):
            if row[i]:
                out[i] += w
