"""Move notation (GCG-like), shared by game records, the CLI and tests.

A placed line is written as a *position* and a *word*:

* position ``8H`` (row number first) = the word runs across from row 8, column H;
  ``H8`` (column letter first) = it runs down from column H, row 8 (as in GCG);
* the word spells the whole main word: placed tiles as letters (a blank as the
  lower-case letter it stands for), tiles already on the board as ``.``.

A single placed tile is written in the direction of its main word (across when
it has a horizontal neighbour, else down). A multi-word turn joins its lines
with `` & `` in the order they were laid. Special actions come first:
``take:G5`` (take the board letter on G5) and ``swap:G5`` (swap the joker on
G5). Example: ``take:G5 8H BA.Ch & J4 ..RT``.
"""

from __future__ import annotations

import re

from lexicon_tools.engine.board import ACROSS, DOWN, Board
from lexicon_tools.engine.moves import Line, Place
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.tiles import TileText
from lexicon_tools.errors import IllegalMoveError
from lexicon_tools.model.layout import parse_square, square_name

_ACROSS_POS = re.compile(r"^([0-9]+)([A-Za-z])$")  # ASCII digits: \d would take fullwidth ones too
_DOWN_POS = re.compile(r"^([A-Za-z])([0-9]+)$")


def position(rules: Rules, sq: int, direction: int) -> str:
    row, col = divmod(sq, rules.cols)
    return f"{row + 1}{chr(65 + col)}" if direction == ACROSS else square_name(row, col)


def parse_position(rules: Rules, text: str) -> tuple[int, int]:
    """``8H`` → (square, ACROSS); ``H8`` → (square, DOWN)."""
    m = _ACROSS_POS.match(text)
    if m:
        row, col, direction = int(m.group(1)) - 1, ord(m.group(2).upper()) - 65, ACROSS
    else:
        m = _DOWN_POS.match(text)
        if not m:
            raise IllegalMoveError(f"{text!r} is not a position", "Write 8H for across or H8 for down.")
        row, col, direction = int(m.group(2)) - 1, ord(m.group(1).upper()) - 65, DOWN
    if not (0 <= row < rules.rows and 0 <= col < rules.cols):
        raise IllegalMoveError(f"position {text} is off the {rules.rows}x{rules.cols} board")
    return row * rules.cols + col, direction


def format_line(rules: Rules, board: Board, line: Line, text: TileText) -> str:
    """Notation of `line` on `board` (the board before the line is laid)."""
    placed = dict(line.tiles)
    first = line.tiles[0][0]
    if len(line) > 1:
        direction = ACROSS if len({sq // rules.cols for sq in placed}) == 1 else DOWN
    else:
        direction = ACROSS if len(board.run_through(first, ACROSS, placed)) > 1 else DOWN
    run = board.run_through(first, direction, placed)
    word = "".join([text.letter(placed[sq]) if sq in placed else "." for sq in run])
    return f"{position(rules, run[0], direction)} {word}"


def format_place(rules: Rules, board: Board, move: Place, text: TileText) -> str:
    """Notation of a placement on `board` (the board before the turn)."""
    if not move.take and not move.swaps and len(move.lines) == 1:   # nothing changes the board: no copy
        size = len(board.cells)
        if all(0 <= sq < size and 0 <= code < 256 for sq, code in move.lines[0].tiles):
            return format_line(rules, board, move.lines[0], text)
        # a tile off the board or a code no byte holds: laid on a copy below, which fails as it always did
    board = board.copy()
    parts = [f"take:{_name(rules, sq)}" for sq in move.take]
    for sq in move.take:
        board.remove(sq, reactivate=False)
    parts += [f"swap:{_name(rules, sq)}" for sq in move.swaps]
    for sq in move.swaps:
        board.cells[sq] &= 0x7F
    lines = []
    for line in move.lines:
        lines.append(format_line(rules, board, line, text))
        for sq, code in line.tiles:
            board.put(sq, code)
    return " ".join(parts + [" & ".join(lines)])


def parse_place(rules: Rules, board: Board, notation: str, text: TileText) -> Place:
    """Parse a placement written by `format_place` against the board before the turn."""
    tokens = notation.split()
    take, swaps = [], []
    while tokens and tokens[0].lower().startswith(("take:", "swap:")):
        action, _, where = tokens.pop(0).partition(":")
        (take if action.lower() == "take" else swaps).append(_square(rules, where))
    board = board.copy()
    for sq in take:
        if board.cells[sq]:
            board.remove(sq, reactivate=False)
    lines = []
    for chunk in " ".join(tokens).split("&"):
        words = chunk.split()
        if len(words) != 2:
            raise IllegalMoveError(f"{chunk.strip()!r} is not a placement", "Write a position and a word: 8H HAUS.")
        line = _parse_line(rules, board, words[0], words[1], text)
        for sq, code in line.tiles:
            board.put(sq, code)
        lines.append(line)
    return Place(tuple(lines), tuple(take), tuple(swaps))


def _parse_line(rules: Rules, board: Board, pos: str, word: str, text: TileText) -> Line:
    sq, direction = parse_position(rules, pos)
    row, col = divmod(sq, rules.cols)
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    tiles = []
    for i, ch in enumerate(word):
        r, c = row + dr * i, col + dc * i
        if not (0 <= r < rules.rows and 0 <= c < rules.cols):
            raise IllegalMoveError(f"{pos} {word} runs off the board")
        if ch == ".":
            continue
        try:
            code = text.parse_code(ch)
        except ValueError as exc:
            raise IllegalMoveError(f"in {pos} {word}: {exc}") from None
        tiles.append((r * rules.cols + c, code))
    if not tiles:
        raise IllegalMoveError(f"{pos} {word} places no tile")
    return Line.of(tiles)


def _name(rules: Rules, sq: int) -> str:
    return square_name(*divmod(sq, rules.cols))


def _square(rules: Rules, name: str) -> int:
    try:
        row, col = parse_square(name)
    except ValueError as exc:
        raise IllegalMoveError(str(exc)) from None
    if not (0 <= row < rules.rows and 0 <= col < rules.cols):
        raise IllegalMoveError(f"square {name} is off the board")
    return row * rules.cols + col
