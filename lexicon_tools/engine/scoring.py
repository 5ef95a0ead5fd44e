"""Validate and score the tiles placed in one turn (one line, or several in multi-word games).

**Geometry, line by line.** A line's tiles lie in one row or column on empty
squares; the span between its first and last tile has no gap (board tiles may
fill it); it connects to the tiles on the board as the earlier lines of the
turn left it — or, on an empty board, covers at least
``board.first_move_min_starts`` start squares — and it forms a word of two or
more letters. With ``placement.lines_must_touch: board_before_turn`` every
further line must also build on a tile that lay on the board before the turn
(in the game's first turn: on the first line), so a line that touches only
tiles laid earlier in the same turn is refused. With ``each_word`` (the
per-word reading) every word the turn forms, in any turn, must hold such a tile:
a word laid parallel to another, connected only by its cross words, is refused.

**Words and score, on the final board.** The words of a turn are the maximal
runs of two or more tiles, across and down, that contain a tile placed in this
turn; each scores once (``premiums.order: letters_then_words``): the sum of its
tile values, where a *new* tile on an unused letter premium counts x2 or x3,
multiplied by the word premiums under its new tiles. Old tiles count at face
value. A blank scores 0 or the value of the letter it represents
(``tiles.blank.scores``). Scoring the final board (rather than each line on
its own) means a word laid and extended in the same turn scores once, as the
longer word — laying HAUS and then HAUSE in one turn is worth what HAUSE is.

Invalid words are collected, not raised at the first one, so one message names
them all; geometry errors raise `IllegalMoveError` at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

from lexicon_tools.engine.board import ACROSS, DOWN, Board
from lexicon_tools.engine.judge import WordJudge
from lexicon_tools.engine.moves import Line
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK
from lexicon_tools.errors import IllegalMoveError
from lexicon_tools.model.layout import square_name


_LETTER_OF = bytes(code & LETTER_MASK for code in range(256))


@dataclass(frozen=True)
class FormedWord:
    direction: int
    squares: tuple[int, ...]
    codes: bytes                  # board codes (blank flags kept)
    score: int
    new_tiles: int

    @property
    def letters(self) -> bytes:
        return bytes(self.codes).translate(_LETTER_OF)    # each code & LETTER_MASK


@dataclass(frozen=True)
class TurnWords:
    words: tuple[FormedWord, ...]
    score: int                          # the words' total (no bonus, no cut parts)
    new_squares: tuple[int, ...]
    premium_squares: tuple[int, ...]    # premium squares this turn used up


def sq_name(rules: Rules, sq: int) -> str:
    return square_name(*divmod(sq, rules.cols))


def word_error(judge: WordJudge, text: str, tiles: bytes) -> str:
    reason = judge.why_not(tiles)
    return f"{text} is not a word in {judge.name}" + (f": {reason}" if reason else "")


def word_text(rules: Rules, codes: bytes) -> str:
    return "".join(rules.alphabet.letters[(c & LETTER_MASK) - 1] for c in codes)


def place_lines(board: Board, lines: tuple[Line, ...], rules: Rules, judge: WordJudge,
                invalid: list[str]) -> TurnWords:
    """Check the lines, put their tiles on `board` and score the turn's words.

    Invalid words are appended to `invalid` (the caller decides whether they are
    fatal); the board is changed in any case, so the caller works on a copy.
    """
    new: dict[int, int] = {}
    multi = rules.lines_touch_before_turn and len(lines) > 1    # only further lines are checked
    each = rules.words_touch_before_turn
    before = {sq for sq, code in enumerate(board.cells) if code} if multi or each else None
    runs: list[tuple[int, int, list[int]]] = []
    for index, line in enumerate(lines):
        placed = _check_tiles(board, line, rules)
        runs = _check_line(board, placed, rules)
        if index and before is not None:
            _check_builds_on(rules, [run for _, _, run in runs], before or set(lines[0].squares()), index)
        cells = board.cells
        for sq, code in placed.items():        # board.put(sq, code, mark=False), inlined
            if not cells[sq]:
                board.tile_count += 1
            cells[sq] = code
        new.update(placed)
    if len(lines) == 1:
        # One line: its runs, found while checking it, are the turn's runs on the final board; ordered
        # as turn_runs orders them (across then down, each by its first new square).
        found = [(d, squares) for d, _, squares in sorted(runs, key=_RUN_ORDER)]
    else:
        found = turn_runs(board, new)
    if each:
        _check_each_word(rules, found, before or set(lines[0].squares()))
    words = tuple([_score_run(board, d, squares, new, rules) for d, squares in found])
    for word in words:
        if not judge.is_word(word.letters):
            invalid.append(word_error(judge, word_text(rules, word.codes), word.letters))
    kinds, used = rules.premium_kind, board.used
    premiums = tuple([sq for sq in new if kinds[sq] and not used[sq]])
    for sq in new:
        used[sq] = 1
    return TurnWords(words, sum([w.score for w in words]), tuple(new), premiums)


_RUN_ORDER = itemgetter(0, 1)     # (direction, first new square) of a line's run


def turn_runs(board: Board, new: dict[int, int]) -> list[tuple[int, list[int]]]:
    """The distinct runs of two or more tiles through the new squares, across then down."""
    runs = []
    ordered = sorted(new)
    for direction in (ACROSS, DOWN):
        covered: set[int] = set()      # squares of the runs found so far: their run is the same one
        for sq in ordered:
            if sq in covered:
                continue
            run = board.run_through(sq, direction)
            covered.update(run)
            if len(run) >= 2:
                runs.append((direction, run))
    return runs


def _check_tiles(board: Board, line: Line, rules: Rules) -> dict[int, int]:
    if not line.tiles:
        raise IllegalMoveError("a line of a placement holds no tiles", "Place at least one tile.")
    placed: dict[int, int] = {}
    squares, letters, cells = rules.squares, rules.letter_count, board.cells
    for sq, code in line.tiles:
        if not 0 <= sq < squares:
            raise IllegalMoveError(f"square {sq} is off the {rules.rows}x{rules.cols} board")
        letter = code & LETTER_MASK
        if not 1 <= letter <= letters or code & ~(LETTER_MASK | BLANK_FLAG):
            raise IllegalMoveError(f"tile code {code} at {sq_name(rules, sq)} is not a letter of {rules.name}")
        if sq in placed:
            raise IllegalMoveError(f"two tiles are placed on {sq_name(rules, sq)}")
        if cells[sq]:
            raise IllegalMoveError(f"{sq_name(rules, sq)} is already occupied",
                                   "Place new tiles on empty squares only.")
        placed[sq] = code
    return placed


def _check_builds_on(rules: Rules, runs: list[list[int]], base: set[int], index: int) -> None:
    if not any(sq in base for run in runs for sq in run):
        raise IllegalMoveError(
            f"line {index + 1} of the turn builds only on tiles laid earlier in the same turn; every word must "
            "build on words or letters that were on the board before the turn "
            "(placement.lines_must_touch: board_before_turn)",
            "Connect each line to a tile that lay on the board before this turn.")


def _check_each_word(rules: Rules, found: list[tuple[int, list[int]]], base: set[int]) -> None:
    for direction, squares in found:
        if not base.intersection(squares):
            name = f"{sq_name(rules, squares[0])}-{sq_name(rules, squares[-1])}"
            raise IllegalMoveError(
                f"the word at {name} holds no tile that lay on the board before the turn; every word must "
                "build on words or letters already on the board (placement.lines_must_touch: each_word)",
                "Lay each word through a tile that was on the board before this turn.")


def _check_line(board: Board, placed: dict[int, int], rules: Rules) -> list[tuple[int, int, list[int]]]:
    """The line's runs of two or more tiles as (direction, first new square, squares); raises if illegal."""
    direction = _direction(board, placed, rules)
    main = board.run_through(next(iter(placed)), direction, placed)
    covered = set(main)
    stray = [sq for sq in placed if sq not in covered]
    if stray:
        raise IllegalMoveError(f"the tiles do not form one unbroken word: there is a gap before "
                               f"{sq_name(rules, min(stray))}",
                               "Fill every square between the first and the last tile.")
    runs = [(direction, min(placed), main)] if len(main) >= 2 else []
    cross, cells, cols, squares = 1 - direction, board.cells, rules.cols, rules.squares
    step = 1 if cross == ACROSS else cols
    for sq in placed:                 # a cross run holds one new square: this one
        left, right = sq - step, sq + step
        if cross == ACROSS:
            has_left, has_right = sq % cols != 0, right % cols != 0
        else:
            has_left, has_right = left >= 0, right < squares
        if not ((has_left and (cells[left] or left in placed)) or (has_right and (cells[right] or right in placed))):
            continue                  # no tile on either side: a run of one
        run = board.run_through(sq, cross, placed)
        if len(run) >= 2:
            runs.append((cross, sq, run))
    if board.is_empty():
        covered_starts = sum(1 for sq in placed if sq in rules.start_squares)
        need = rules.first_move_min_starts
        if covered_starts < need:
            names = ", ".join(sq_name(rules, sq) for sq in rules.start_squares)
            raise IllegalMoveError(
                f"the first word must cover {'a start square' if need == 1 else f'{need} start squares'} "
                f"({names}); it covers {covered_starts}", "Move the first word onto the centre.")
    elif len(main) == len(placed) and not any(d == cross for d, _, _ in runs):
        # the main run holds every placed tile, so it reaches the board only if longer; a cross run (two
        # or more tiles, one of them placed) always does
        raise IllegalMoveError("the word does not connect to the tiles on the board",
                               "Build on a word or a letter already on the board.")
    if not runs:
        raise IllegalMoveError("a single tile forms no word of two or more letters",
                               "Place tiles so that they form a word.")
    return runs


def _direction(board: Board, placed: dict[int, int], rules: Rules) -> int:
    if len(placed) > 1:
        if len({sq // rules.cols for sq in placed}) == 1:
            return ACROSS
        if len({sq % rules.cols for sq in placed}) == 1:
            return DOWN
        raise IllegalMoveError("the tiles of a line must lie in one row or one column",
                               "Words run horizontally or vertically, never diagonally or bent.")
    sq = next(iter(placed))
    return ACROSS if len(board.run_through(sq, ACROSS, placed)) > 1 else DOWN


def _score_run(board: Board, direction: int, squares: list[int], new: dict[int, int], rules: Rules) -> FormedWord:
    total, multiplier, count = 0, 1, 0
    cells, used, values, blank_values = board.cells, board.used, rules.values, rules.blank_values
    letter_mult, word_mult = rules.letter_mult, rules.word_mult
    codes = bytes([cells[sq] for sq in squares])
    for sq, code in zip(squares, codes):
        value = blank_values[code & 0x7F] if code & 0x80 else values[code]    # rules.tile_value, inlined
        if sq in new:
            count += 1
            if not used[sq]:
                value *= letter_mult[sq]
                multiplier *= word_mult[sq]
        total += value
    return FormedWord(direction, tuple(squares), codes, total * multiplier, count)
