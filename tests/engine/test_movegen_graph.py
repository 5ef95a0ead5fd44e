"""The walk's three graph layouts (`kernel.graph_of`) give the same moves.

A lexicon whose tiles are all at most `kernel.NARROW_TILE` gets the compact graph (each sibling list
as its mask word and its nodes, int32), or the narrow one (a node and its sibling mask in one int64)
when the compact one would need more than 23-bit indices; any other gets the wide one (two int64 a
node). The layouts must be interchangeable: the same moves in the same order, the same best move and
the same takeable squares on full-board Webfeud positions with 0, 1 and 2 blanks.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from lexicon_tools.engine.movegen import kernel
from tests.engine.test_movegen import FULL_SEEDS, _full_positions, _full_webfeud, _with_blanks


def _moves(gen, board, rack):
    moves = gen.generate(board, rack)
    return [(b.meta.tolist(), b.tiles.tolist()) for b in moves.blocks]


def test_a_german_lexicon_gets_the_compact_graph_and_a_larger_alphabet_the_wide_one():
    _rules, judge, gen = _full_webfeud()
    assert gen.graph.dtype == np.int32 and gen.graph.ndim == 1
    nodes = np.array(judge.kwg.nodes, np.uint32)
    nodes[-1] = (nodes[-1] & 0x00FFFFFF) | (np.uint32(kernel.NARROW_TILE + 1) << 24)
    assert kernel.graph_of(nodes).shape == (len(nodes), 2)


def test_lists_past_23_bit_indices_get_the_narrow_graph():
    # one list of 5,000 nodes, each the child list of another: the compact layout copies every
    # suffix (about 12.5 million words), more than its 23-bit indices reach
    count = 5002
    nodes = np.zeros(count, np.uint32)
    nodes[0], nodes[1] = 2, 2
    for i in range(2, count):
        nodes[i] = (i % 26 + 1) << 24 | (2 + (i - 1) % (count - 2))
    nodes[-1] |= kernel.LAST
    graph = kernel.graph_of(nodes)
    assert graph.dtype == np.int64 and graph.shape == (count,)


@pytest.mark.parametrize("seed", FULL_SEEDS[:3])
def test_compact_narrow_and_wide_graphs_give_the_same_moves(seed):
    _rules, judge, gen = _full_webfeud()
    compact = gen.graph
    others = (kernel._narrow_graph(np.asarray(judge.kwg.nodes)), kernel._wide_graph(np.asarray(judge.kwg.nodes)))
    rng = random.Random(seed)
    compared = 0
    for turn, (board, rack) in _full_positions(seed).items():
        for blanks in (0, 1, 2):
            tiles = _with_blanks(rack, blanks, rng) if blanks else rack
            try:
                gen.graph = compact
                expected = (_moves(gen, board, tiles), gen.best(board, tiles)[1], gen._takeable(board))
                for graph in others:
                    gen.graph = graph
                    got = (_moves(gen, board, tiles), gen.best(board, tiles)[1], gen._takeable(board))
                    assert got == expected, (seed, turn, blanks, graph.shape)
            finally:
                gen.graph = compact
            compared += len(expected[0]) > 0
    assert compared >= 6
