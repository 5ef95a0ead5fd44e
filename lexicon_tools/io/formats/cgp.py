"""CGP positions (Quackle/Macondo "compact game position"), read and written, with this project's extensions.

A CGP is one line of four space-separated fields, then optional opcodes::

    ROWS RACK[/OPPONENT] SCORE/SCORE ZEROS [OPCODE ARGS; ...]

* ROWS: the board rows from the top, separated by ``/``; in a row a number is
  that many empty squares, an upper-case letter a natural tile, a lower-case
  letter a blank (joker) standing for that letter (``15`` is an empty Webfeud
  row, ``16`` an empty SmartFeud/Wortspieler one: the size comes from the ruleset).
  Letters beyond A-Z (Ä, Ö, Ü) are written as themselves;
* RACK: the tiles of the player to move, ``?`` for a blank; after ``/`` the
  opponent's rack when it is known (``ABC/`` or ``ABC``: unknown);
* SCORE/SCORE: the mover's and the opponent's score;
* ZEROS: scoreless turns in a row before this one.

Opcodes (``NAME ARGS;``): ``lex NAME`` (the lexicon, informational, as in Macondo),
and two extensions for these games:

* ``ruleset NAME``: the ruleset the position is from (checked against ``--ruleset``);
* ``seed N``: the game seed, for rulesets played on random boards
  (``board.random_board``): the premiums are those of game N's board;
* ``swappable SQ SQ ...``: the board jokers the mover may swap for their natural
  tile (Wortspieler's ``joker_swap.by``). Without it every board joker counts as
  laid in the turn just before, so the mover may swap any of them.

A SmartFeud take needs no extension: which letters may be taken follows from the
board. Unknown opcodes are refused. Errors name the field, row and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lexicon_tools.errors import InputFileError
from lexicon_tools.model.layout import parse_square


@dataclass(frozen=True)
class Position:
    rows: tuple[str, ...]             # one character per square: '.' empty, as engine.setup.set_position reads
    rack: str
    opponent_rack: str | None = None
    scores: tuple[int, int] = (0, 0)
    zeros: int = 0
    lexicon: str | None = None
    ruleset: str | None = None
    swappable: tuple[str, ...] | None = None     # square names, None = every board joker
    seed: int | None = None


_RUN = re.compile(r"\d+|.", re.S)
KNOWN_OPCODES = ("lex", "ruleset", "seed", "swappable")


def _fail(source: str, what: str, hint: str) -> InputFileError:
    return InputFileError(f"{source}: {what}", hint)


def parse_cgp(text: str, rows: int, cols: int, letters: str, blank: str = "?", source: str = "CGP") -> Position:
    """Read a CGP for a `rows` x `cols` board whose tiles are `letters` (upper case)."""
    text = text.strip()
    parts = text.split(None, 4)
    if len(parts) < 4:
        raise _fail(source, f"a CGP has 4 fields (board, rack, scores, scoreless turns), this one {len(parts)}",
                    "Write e.g. '15/15/.../15 ABCDEFG/ 0/0 0' (one row per board row).")
    board_text, rack_text, score_text, zero_text = parts[:4]
    board_rows = board_text.split("/")
    if len(board_rows) != rows:
        raise _fail(source, f"field 1 (board) has {len(board_rows)} rows, the ruleset's board {rows}",
                    f"Separate the {rows} rows with '/'.")
    allowed = set(letters)
    grid = []
    for r, row in enumerate(board_rows, start=1):
        out = []
        for token in _RUN.findall(row):
            if token.isdigit():
                if int(token) == 0:
                    raise _fail(source, f"board row {r}: an empty run of 0 squares", "Write runs of 1 or more.")
                out.append("." * int(token))
            elif token.upper() in allowed:
                out.append(token)
            else:
                raise _fail(source, f"board row {r}, column {chr(65 + len(''.join(out)))}: {token!r} is not a "
                            "tile of this ruleset",
                            f"Use the letters {letters} (lower case: a joker) and digits for empty squares.")
            if len("".join(out)) > cols:
                raise _fail(source, f"board row {r} has more than {cols} squares",
                            f"Each row has {cols} squares (letters plus the digits' empty squares).")
        line = "".join(out)
        if len(line) != cols:
            raise _fail(source, f"board row {r} has {len(line)} squares, the board {cols}",
                        f"Each row has {cols} squares (letters plus the digits' empty squares).")
        grid.append(line)
    mine, slash, theirs = rack_text.partition("/")
    for label, rack in (("rack", mine), ("opponent rack", theirs)):
        for i, ch in enumerate(rack, start=1):
            if ch != blank and ch not in allowed:
                raise _fail(source, f"field 2 ({label}), tile {i}: {ch!r} is not a tile of this ruleset",
                            f"Use the letters {letters} and {blank} for a blank.")
    m = re.fullmatch(r"(-?\d+)/(-?\d+)", score_text)
    if not m:
        raise _fail(source, f"field 3 (scores) is {score_text!r}", "Write the two scores as MINE/THEIRS, e.g. 120/98.")
    if not zero_text.isdigit():
        raise _fail(source, f"field 4 (scoreless turns) is {zero_text!r}", "Write a whole number, e.g. 0.")
    opcodes: dict[str, str] = {}
    for op in (parts[4] if len(parts) > 4 else "").split(";"):
        if not op.strip():
            continue
        name, _, args = op.strip().partition(" ")
        if name not in KNOWN_OPCODES:
            raise _fail(source, f"unknown opcode {name!r}", f"Known opcodes: {', '.join(KNOWN_OPCODES)}.")
        opcodes[name] = args.strip()
    swappable = None
    if "swappable" in opcodes:
        swappable = tuple(opcodes["swappable"].split())
        for sq in swappable:
            try:
                r, c = parse_square(sq)
            except ValueError:
                raise _fail(source, f"opcode swappable: {sq!r} is not a square", "Name squares like G5.") from None
            if not (0 <= r < rows and 0 <= c < cols) or not grid[r][c].islower():
                raise _fail(source, f"opcode swappable: {sq} holds no joker", "List only squares with a joker "
                            "(a lower-case letter).")
    seed = opcodes.get("seed")
    if seed is not None and not seed.isdigit():
        raise _fail(source, f"opcode seed: {seed!r} is not a whole number", "Write e.g. 'seed 42;'.")
    return Position(tuple(grid), mine, theirs if slash and theirs else None, (int(m.group(1)), int(m.group(2))),
                    int(zero_text), opcodes.get("lex"), opcodes.get("ruleset"), swappable,
                    None if seed is None else int(seed))


def write_cgp(position: Position) -> str:
    """The CGP text of `position` (what `parse_cgp` reads back to the same position)."""
    rows = []
    for row in position.rows:
        rows.append(re.sub(r"\.+", lambda m: str(len(m.group(0))), row))
    rack = position.rack + "/" + (position.opponent_rack or "")
    text = f"{'/'.join(rows)} {rack} {position.scores[0]}/{position.scores[1]} {position.zeros}"
    ops = []
    if position.lexicon:
        ops.append(f"lex {position.lexicon};")
    if position.ruleset:
        ops.append(f"ruleset {position.ruleset};")
    if position.seed is not None:
        ops.append(f"seed {position.seed};")
    if position.swappable is not None:
        ops.append(f"swappable {' '.join(position.swappable)};".replace(" ;", ";"))
    return " ".join([text, *ops])
