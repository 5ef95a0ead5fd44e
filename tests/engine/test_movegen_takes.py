"""Letter takes in one kernel call (`kernel.best_takes`) find the move that one run per take finds.

`MoveGenerator.best` runs every take of a position in one call, sharing the work of the lines a
take does not change among the takes of the same tile. The result must be the move of the
separate runs (`_Separate` forces them): the same move, the same equity, the same take when
two takes tie - under every reading of the take's rules, for greedy and equity players.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import numpy as np
import pytest

from lexicon_tools.engine.leaves import RackLeaves
from lexicon_tools.engine.movegen.generator import MoveGenerator, _split
from lexicon_tools.engine.tiles import rack_tile_of
from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
from tests.engine.conftest import kwg_judge, position, set_judge, small_rules


class _Separate(MoveGenerator):
    takes_in_one_call = False


def _both(rules, judge):
    nodes = judge.kwg.nodes
    one, separate = MoveGenerator(rules, nodes, judge), _Separate(rules, nodes, judge)
    assert one.takes_in_one_call
    return one, separate


def _same_best(one, separate, board, rack, leaves, where) -> bool:
    """Assert both find the same move and equity; whether that move takes a letter."""
    by_rack = None if leaves is None else (lambda r: RackLeaves(r, leaves, one.rules.values))
    a, value_a = one.best(board, rack, leaves=by_rack)
    b, value_b = separate.best(board, rack, leaves=by_rack)
    assert value_a == value_b, where
    assert len(a) == len(b), where
    if not len(a):
        return False
    assert a.move(0) == b.move(0), where
    assert a.score(0) == b.score(0), where
    return bool(a.move(0).take)


def _positions(rules, judge, seeds, turns):
    """Positions of random games (each turn a random legal move), with the mover's rack."""
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    for seed in seeds:
        game = position(rules, judge, None, None, seed=seed)
        rng = random.Random(seed)
        for _ in range(turns):
            if game.over:
                break
            yield game.board, game.player.rack, seed
            moves = gen.generate(game.board, game.player.rack)
            if not len(moves):
                break
            game.play(moves.move(rng.randrange(len(moves))))


@pytest.mark.parametrize("take_return", ["forbid", "forbid_any_tile", "allow"])
@pytest.mark.parametrize("reactivate", [False, True], ids=["premium-used", "premium-again"])
@pytest.mark.parametrize("strategy", ["greedy", "equity"])
def test_one_call_finds_the_move_of_one_run_per_take(take_return, reactivate, strategy):
    rules = small_rules("smartfeud", take_return=take_return, take_reactivates_premium=reactivate, rack_size=7)
    judge = kwg_judge(rules)
    one, separate = _both(rules, judge)
    leaves = read_leaves(bundled_path("smartfeud")) if strategy == "equity" else None
    checked = takes = 0
    for board, rack, seed in _positions(rules, judge, range(10), 8):
        takes += _same_best(one, separate, board, rack, leaves, f"seed {seed}, rack {rack}")
        checked += 1
    assert checked >= 40 and takes >= 3, (checked, takes)


@pytest.mark.parametrize("must_use, own_tile", [(True, True), (False, False)])
def test_the_take_rules_hold_in_one_call(must_use, own_tile):
    """Without the must-use and own-tile rules a take may leave the letter on the rack or lay it alone."""
    rules = small_rules("smartfeud", take_must_use=must_use, take_needs_own_tile=own_tile, rack_size=7)
    judge = kwg_judge(rules)
    one, separate = _both(rules, judge)
    checked = takes = 0
    for board, rack, seed in _positions(rules, judge, range(6), 8):
        takes += _same_best(one, separate, board, rack, None, f"seed {seed}, rack {rack}")
        checked += 1
    assert checked >= 30 and takes >= 3, (checked, takes)


def test_a_take_limit_holds_in_one_call():
    rules = dataclasses.replace(small_rules("smartfeud"), rack_size=7)
    judge = kwg_judge(rules)
    one, separate = _both(rules, judge)
    one.take_limit = separate.take_limit = 2
    checked = takes = 0
    for board, rack, seed in _positions(rules, judge, range(6), 8):
        takes += _same_best(one, separate, board, rack, None, f"seed {seed}, rack {rack}")
        checked += 1
    assert checked >= 30 and takes >= 3, (checked, takes)


def _take_values(gen, board, rack) -> tuple[list[int], list[float]]:
    """Each take's tile and the best equity of its own run (greedy), by separate runs."""
    rack = Counter(rack)
    tiles, values = [], []
    for sq in gen._limit_takes(board, gen._takeable(board)):
        after, with_tile, kw = gen._take_run(board, rack, sq)
        tiles.append(rack_tile_of(board.cells[sq]))
        values.append(gen.run(after, with_tile, best=gen._zero_leaves, **_split(kw)[0])[2])
    return tiles, values


def test_a_tie_between_takes_goes_to_the_earlier_take():
    """The takes of a tile run together, so a take can be run after a later one of another tile; on a
    tie the earlier square must still win, as in separate runs. These games reach such ties."""
    rules = small_rules("smartfeud", rack_size=7)
    judge = kwg_judge(rules)
    one, separate = _both(rules, judge)
    interleaved = 0
    for board, rack, seed in _positions(rules, judge, (13, 15, 21, 30), 10):
        if _same_best(one, separate, board, rack, None, f"seed {seed}, rack {rack}"):
            tiles, values = _take_values(separate, board, rack)
            best = [k for k, v in enumerate(values) if v == max(values)]
            run_first = min({tiles[k] for k in best}, key=tiles.index)     # the tile whose takes run first
            interleaved += tiles[best[0]] != run_first
    assert interleaved, "no position where tied takes of two tiles run out of square order"


def test_taking_the_only_tile_on_the_board_is_a_first_move():
    """A board of one tile (a set-up position): the take empties it, so the move must cover a start
    square as a first move does. Here only the take can score: no word runs through a Z in the corner."""
    rules = small_rules("smartfeud", rack_size=7)
    judge = kwg_judge(rules)
    one, separate = _both(rules, judge)
    rows = ["Z" + "." * (rules.cols - 1)] + ["." * rules.cols] * (rules.rows - 1)
    game = position(rules, judge, rows, {0: "KATEHNS"})
    assert _same_best(one, separate, game.board, game.player.rack, None, "a lone Z")
    found, _ = one.best(game.board, game.player.rack)
    squares = {sq for line in found.move(0).lines for sq in line.squares()}
    assert squares & set(rules.start_squares) and 0 not in squares


def test_a_judge_other_than_the_graph_gets_one_run_per_take():
    """The one-call path trusts the graph on which cut parts are words; a judge that may disagree
    (here a word list over the same words) gets the separate runs, which ask it."""
    rules = small_rules("smartfeud")
    judge = kwg_judge(rules)
    listed = MoveGenerator(rules, judge.kwg.nodes, set_judge(rules))
    assert not listed.takes_in_one_call
    free = MoveGenerator(dataclasses.replace(rules, take_split_parts_must_be_words=False), judge.kwg.nodes,
                         set_judge(rules))
    assert free.takes_in_one_call
    other = MoveGenerator(rules, np.array(judge.kwg.nodes), judge)    # a copy of the nodes: not known the same
    assert not other.takes_in_one_call


@pytest.mark.parametrize("strategy", ["greedy", "equity"])
@pytest.mark.parametrize("must_use", [True, False], ids=["must-use", "may-keep"])
@pytest.mark.parametrize("own_tile", [True, False], ids=["own-tile", "any-tile"])
def test_every_pools_bounds_in_one_pass_are_each_pools_own(strategy, must_use, own_tile):
    """`kernel._pool_bounds` bounds the anchors of every take pool in one pass over the spans; each
    pool's row must be what `kernel._bounds` gives that pool alone, to the bit (blanks in the rack too)."""
    from numba.typed import List

    from lexicon_tools.engine.movegen import kernel
    from lexicon_tools.engine.movegen.generator import leave_arrays

    rules = small_rules("smartfeud", rack_size=7, take_must_use=must_use, take_needs_own_tile=own_tile)
    judge = kwg_judge(rules)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    table = read_leaves(bundled_path("smartfeud")) if strategy == "equity" else None
    shape = (rules.rows, rules.cols)
    compared = 0
    for board, rack, seed in _positions(rules, judge, range(8), 8):
        squares = gen._limit_takes(board, gen._takeable(board))
        if not squares:
            continue
        if seed % 2:
            rack = [0] + list(rack[1:])                  # a blank on the rack: every letter fits
        cells = np.frombuffer(board.cells, np.uint8).reshape(shape)
        used = np.frombuffer(board.used, np.uint8).reshape(shape)
        lm, wm = kernel.premiums(cells, used, gen.base_lm, gen.base_wm, np.zeros((0, 0), np.uint8))
        lines = [kernel._line_arrays(gen.graph, np.ascontiguousarray(a), np.ascontiguousarray(b),
                                     np.ascontiguousarray(c), np.ascontiguousarray(s), gen.values, gen.bvalues,
                                     np.int64(kernel.ALL_LETTERS))
                 for a, b, c, s in ((cells, lm, wm, gen.start), (cells.T, lm.T, wm.T, gen.start.T))]
        anchors = [kernel._anchors(lines[d][0], lines[d][3], False) for d in range(2)]
        pools = List()
        for tile in dict.fromkeys(rack_tile_of(board.cells[sq]) for sq in squares):
            rl = None if table is None else RackLeaves(Counter(rack) + Counter([tile]), table, rules.values)
            leaves, full, place = (np.zeros(1), 0, np.zeros(rules.letter_count + 1, np.int64)) if rl is None \
                else leave_arrays(rl, rules.letter_count)
            pools.append(kernel._pool(gen.values, gen.bvalues, gen.rack_counts(Counter(rack)),
                                      gen.bonus_table(taken_here=True), max(shape), rules.first_move_min_starts,
                                      tile, must_use, 2 if own_tile else 1, np.asarray(leaves, np.float64),
                                      np.asarray(place, np.int64), full))
        n = len(anchors[0]) + len(anchors[1])
        together, where = np.empty((len(pools), n)), np.empty((n, 5), np.int64)
        tables = kernel._pool_tables(pools, sum(Counter(rack).values()) + 1)
        kernel._pool_bounds(pools, *tables, lines[0], lines[1], anchors[0], anchors[1], together, where)
        for p, pool in enumerate(pools):
            alone = np.empty(n)
            args = (kernel._rack_values_desc(pool), kernel._letters_in(pool), kernel._top_leave_by_kept(pool))
            kernel._bounds(pool, lines[0], anchors[0], 0, *args, alone, where, 0)
            kernel._bounds(pool, lines[1], anchors[1], 1, *args, alone, where, len(anchors[0]))
            assert np.array_equal(together[p], alone), f"seed {seed}, pool {p}"
            compared += np.isfinite(alone).sum()
    assert compared >= 200, compared
