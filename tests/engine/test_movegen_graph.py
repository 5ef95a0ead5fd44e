"""The walk's two graph layouts (`kernel.graph_of`) give the same moves.

A lexicon whose tiles are all at most `kernel.NARROW_TILE` gets the narrow graph (a node and its
sibling mask in one int64); any other gets the wide one (two int64 a node). The layouts must be
interchangeable: the same moves in the same order, the same best move and the same takeable
squares on full-board Webfeud positions with 0, 1 and 2 blanks.
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


def test_a_german_lexicon_gets_the_narrow_graph_and_a_larger_alphabet_the_wide_one():
    _rules, judge, gen = _full_webfeud()
    assert gen.graph.ndim == 1 and len(gen.graph) == len(judge.kwg.nodes)
    nodes = np.array(judge.kwg.nodes, np.uint32)
    nodes[-1] = (nodes[-1] & 0x00FFFFFF) | (np.uint32(kernel.NARROW_TILE + 1) << 24)
    assert kernel.graph_of(nodes).shape == (len(nodes), 2)


@pytest.mark.parametrize("seed", FULL_SEEDS[:3])
def test_narrow_and_wide_graphs_give_the_same_moves(seed):
    _rules, judge, gen = _full_webfeud()
    narrow = gen.graph
    wide = kernel._wide_graph(np.asarray(judge.kwg.nodes))
    rng = random.Random(seed)
    compared = 0
    for turn, (board, rack) in _full_positions(seed).items():
        for blanks in (0, 1, 2):
            tiles = _with_blanks(rack, blanks, rng) if blanks else rack
            try:
                gen.graph = narrow
                expected = (_moves(gen, board, tiles), gen.best(board, tiles)[1], gen._takeable(board))
                gen.graph = wide
                got = (_moves(gen, board, tiles), gen.best(board, tiles)[1], gen._takeable(board))
            finally:
                gen.graph = narrow
            assert got == expected, (seed, turn, blanks)
            compared += len(expected[0]) > 0
    assert compared >= 6
