"""A brute-force move generator for small boards: the oracle the GADDAG generator must match.

It knows nothing about GADDAGs or cross-checks: it tries every set of empty
squares that could form one line (the empty squares between two empty squares
of a row or column), every arrangement of rack tiles on them (blanks as every
letter), and asks the rules engine (`Game.evaluate`) whether the move is legal
and what it scores. Exponential, so only for small boards, racks and alphabets.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from lexicon_tools.engine.board import Board
from lexicon_tools.engine.moves import Line, Place
from lexicon_tools.engine.placement import evaluate_place
from lexicon_tools.engine.scoring import _check_line
from lexicon_tools.engine.tiles import BLANK_FLAG, RACK_BLANK
from lexicon_tools.errors import IllegalMoveError


def line_square_sets(board: Board):
    """Every candidate square set of one line: the empty squares between two empty squares."""
    seen = set()
    rows, cols = board.rows, board.cols
    lines = [[r * cols + c for c in range(cols)] for r in range(rows)]
    lines += [[r * cols + c for r in range(rows)] for c in range(cols)]
    for line in lines:
        empties = [i for i, sq in enumerate(line) if not board.cells[sq]]
        for a in range(len(empties)):
            for b in range(a, len(empties)):
                squares = tuple(line[i] for i in empties[a:b + 1])
                if squares not in seen:
                    seen.add(squares)
                    yield squares


def arrangements(rack: Counter, k: int, letters: list[int]):
    tiles = sorted(rack.elements())
    for perm in set(permutations(tiles, k)):
        yield from _assign_blanks(list(perm), letters)


def _assign_blanks(perm: list[int], letters: list[int]):
    if RACK_BLANK not in perm:
        yield tuple(perm)
        return
    i = perm.index(RACK_BLANK)
    for letter in letters:
        yield from _assign_blanks(perm[:i] + [letter | BLANK_FLAG] + perm[i + 1:], letters)


def brute_moves(rules, judge, board: Board, rack: list[int], letters: list[int], take=(), swaps=(),
                prefix: tuple[Line, ...] = ()) -> dict:
    """{Place: score} for every legal placement of one (further) line."""
    out = {}
    work = board.copy()
    for sq in take:
        work.remove(sq, reactivate=False)
    for sq in swaps:
        work.cells[sq] &= 0x7F
    for line in prefix:
        for sq, code in line.tiles:
            work.put(sq, code)
    counts = Counter(rack)
    for sq in take:
        counts[RACK_BLANK if board.cells[sq] & BLANK_FLAG else board.cells[sq]] += 1
    for sq in swaps:
        counts[board.cells[sq] & 0x7F] -= 1
        counts[RACK_BLANK] += 1
    for line in prefix:
        for _, code in line.tiles:
            counts[RACK_BLANK if code & BLANK_FLAG else code] -= 1
    counts = +counts
    size = sum(counts.values())
    for squares in line_square_sets(work):
        if len(squares) > size or not _geometry_ok(rules, work, squares):
            continue
        runs = _runs(work, squares)
        for codes in arrangements(counts, len(squares), letters):
            if not _words_possible(judge, work, runs, dict(zip(squares, codes))):
                continue
            move = Place(prefix + (Line.of(zip(squares, codes)),), tuple(take), tuple(swaps))
            try:
                out[move] = evaluate_place(rules, judge, board, rack, move).score
            except IllegalMoveError:
                pass
    return out


def _geometry_ok(rules, board: Board, squares) -> bool:
    """Whether tiles on `squares` could form a legal line at all (letters do not matter)."""
    try:
        _check_line(board, {sq: 1 for sq in squares}, rules)
    except IllegalMoveError:
        return False
    return True


def _runs(board: Board, squares) -> list[list[int]]:
    """The runs (two or more tiles) the squares would form, across and down."""
    extra = {sq: 1 for sq in squares}
    out = []
    for direction in (0, 1):
        for sq in squares:
            run = board.run_through(sq, direction, extra)
            if len(run) >= 2 and run not in out:
                out.append(run)
    return out


def _words_possible(judge, board: Board, runs, placed: dict[int, int]) -> bool:
    """A quick filter: every run must spell a word (the engine then checks everything)."""
    for run in runs:
        letters = bytes((placed.get(sq) or board.cells[sq]) & 0x7F for sq in run)
        if not judge.is_word(letters):
            return False
    return True
