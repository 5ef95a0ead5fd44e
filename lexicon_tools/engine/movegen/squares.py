"""Where the moves of a kernel block lie, and the touch rules that filter them.

A block holds each move as (direction, line, start, length, ...) plus the codes it
places; `move_squares` turns that into the squares of each move's main word, so a
rule over squares is one numpy expression for the whole block. The touch rules of
multi-word turns (``lines_must_touch``) ask, for a tile laid on a square, whether the
cross word it forms holds a square of the board before the turn: `_cross_words`
answers that for every square at once by numbering the runs of filled squares along
rows and columns (a cumulative count of run starts) and marking the runs that hold
such a square, instead of walking the board from each empty square.
"""

from __future__ import annotations

import numpy as np

from lexicon_tools.engine.board import ACROSS, DOWN, Board


def move_squares(meta: np.ndarray, width: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """(squares, inside): the square of each position of each move's main word, and which positions exist."""
    k = np.arange(width)[None, :]
    along = meta[:, 2:3] + k
    line = meta[:, 1:2]
    across = meta[:, 0:1] == ACROSS
    inside = k < meta[:, 3:4]
    squares = np.where(across, line * cols + along, along * cols + line)
    return np.where(inside, squares, 0), inside


def codes_at(meta: np.ndarray, tiles: np.ndarray, sq: int, cols: int) -> np.ndarray:
    """The board code each move places on square `sq` (0 where it places none)."""
    squares, inside = move_squares(meta, tiles.shape[1], cols)
    hit = inside & (squares == sq)
    return np.where(hit, tiles, 0).max(axis=1).astype(np.int64) if len(meta) else np.zeros(0, np.int64)


def builds_on(meta: np.ndarray, tiles: np.ndarray, board: Board, base: set[int]) -> np.ndarray:
    """Whether each move on `board` forms a word holding a square of `base` (its main word or a cross word)."""
    in_base, cross = _cross_words(board, base)
    squares, inside = move_squares(meta, tiles.shape[1], board.cols)
    placed = tiles != 0
    crossing = np.where(meta[:, 0:1] == ACROSS, cross[DOWN][0][squares], cross[ACROSS][0][squares])
    hit = inside & np.where(placed, crossing, in_base[squares])
    return hit.any(axis=1)


def every_word_builds_on(meta: np.ndarray, tiles: np.ndarray, board: Board, base: set[int]) -> np.ndarray:
    """Whether *every* word each move on `board` forms holds a square of `base`: its main word and each
    cross word (``lines_must_touch: each_word``)."""
    in_base, cross = _cross_words(board, base)
    cross_ok = {d: has_base | ~formed for d, (has_base, formed) in cross.items()}   # no cross word, or one on base
    squares, inside = move_squares(meta, tiles.shape[1], board.cols)
    main_ok = (inside & in_base[squares]).any(axis=1)
    crossing_ok = np.where(meta[:, 0:1] == ACROSS, cross_ok[DOWN][squares], cross_ok[ACROSS][squares])
    return main_ok & ~(inside & (tiles != 0) & ~crossing_ok).any(axis=1)


def _cross_words(board: Board, base: set[int]) -> tuple[np.ndarray, dict[int, tuple[np.ndarray, np.ndarray]]]:
    """(in_base by square, {direction: (holds_base, formed)}): for a tile laid on each square, whether the
    word it forms in that direction with the board's tiles holds a `base` square (besides its own), and
    whether it forms one (a neighbour in that direction). Runs are labelled for the whole board at once
    (a Python walk per empty square and direction cost half of a multi-word turn's generation)."""
    rows, cols = board.rows, board.cols
    in_base = np.zeros(rows * cols, bool)
    in_base[list(base)] = True
    filled = (np.frombuffer(board.cells, np.uint8) != 0).reshape(rows, cols)
    grid_base = in_base.reshape(rows, cols) & filled
    across = _neighbour_runs(filled, grid_base)
    down = tuple(a.T for a in _neighbour_runs(filled.T, grid_base.T))
    return in_base, {d: tuple(np.ascontiguousarray(a).ravel() for a in pair)
                     for d, pair in ((ACROSS, across), (DOWN, down))}


def _neighbour_runs(filled: np.ndarray, base: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Along each row: (whether the runs of filled squares just left and right of each square hold a base
    square, whether there is such a run). Each row is padded by an empty square at both ends, so runs
    never join across rows; runs are numbered by a cumulative count of their starts."""
    rows, cols = filled.shape
    f = np.zeros((rows, cols + 2), bool)
    f[:, 1:-1] = filled
    b = np.zeros((rows, cols + 2), bool)
    b[:, 1:-1] = base
    flat = f.ravel()
    starts = flat & ~np.concatenate(([False], flat[:-1]))
    run = (np.cumsum(starts) * flat).reshape(rows, cols + 2)        # 0: empty, else the run's number
    holds = np.bincount(run.ravel(), weights=b.ravel(), minlength=int(run.max()) + 1) > 0
    holds[0] = False
    left, right = run[:, :-2], run[:, 2:]
    return holds[left] | holds[right], (left > 0) | (right > 0)
