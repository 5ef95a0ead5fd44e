"""Named small positions for the move-generator tests and their golden files.

Golden files (tests/engine/golden/<name>.txt) hold every legal move of a
position with its score, one ``notation score`` per line, sorted. They are
written by the *brute-force* oracle (tests/engine/bruteforce.py), never by the
GADDAG generator under test:

    .venv/bin/python -m tests.engine.positions --write
"""

from __future__ import annotations

import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"

# name: (game, board rows or None, rack)
POSITIONS = {
    "webfeud-first": ("webfeud", None, "HAUSE"),
    "webfeud-mid": ("webfeud", [".......", ".......", "...HAUS", "...E...", "...E...", "...R...", "......."],
                    "AEST?"),
    "webfeud-blank-on-board": ("webfeud", [".......", ".......", ".......", ".RAtEN.", ".......", ".......",
                                           "......."], "SUEH"),
    "smartfeud-first": ("smartfeud", None, "RATE?"),
    "smartfeud-take": ("smartfeud", ["........", "........", "........", "...HAUS.", "....U...", "....S...",
                                     "........", "........"], "ERT"),
    "wortspieler-first": ("wortspieler", None, "RATEN"),
    "wortspieler-swap": ("wortspieler", ["........", "........", "........", "..HAUs..", "...E....", "...E....",
                                         "...R....", "........"], "SETN"),
}


def brute_force_moves(name: str) -> dict:
    """{notation: score} of every legal move, by brute force (single lines, takes, swaps)."""
    from tests.engine.bruteforce import brute_moves
    from tests.engine.conftest import WORDS, kwg_judge, position, small_rules

    from lexicon_tools.engine.notation import format_place
    from lexicon_tools.engine.tiles import BLANK_FLAG

    game_name, rows, rack = POSITIONS[name]
    rules = small_rules(game_name)
    judge = kwg_judge(rules)
    game = position(rules, judge, rows, {0: rack})
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    board, tiles = game.board, game.player.rack
    found = dict(brute_moves(rules, judge, board, tiles, letters))
    for sq in range(rules.squares):
        if rules.take_enabled and board.cells[sq]:
            found.update(brute_moves(rules, judge, board, tiles, letters, take=(sq,)))
        if rules.swap_enabled and board.cells[sq] & BLANK_FLAG and (board.cells[sq] & 0x7F) in tiles:
            found.update(brute_moves(rules, judge, board, tiles, letters, swaps=(sq,)))
    return {format_place(rules, board, move, game.text): score for move, score in found.items()}


def golden_lines(moves: dict) -> list[str]:
    return sorted(f"{notation} {score}" for notation, score in moves.items())


def read_golden(name: str) -> list[str]:
    return [line for line in (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def write_goldens() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (game_name, _rows, rack) in POSITIONS.items():
        lines = golden_lines(brute_force_moves(name))
        header = [f"# {name}: {game_name} small board, rack {rack}; every legal move and its score,",
                  "# written by the brute-force oracle: python -m tests.engine.positions --write"]
        (GOLDEN / f"{name}.txt").write_text("\n".join(header + lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} moves")


if __name__ == "__main__" and "--write" in sys.argv:
    write_goldens()
