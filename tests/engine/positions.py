"""Named small positions for the move-generator tests and their golden files.

Golden files (tests/engine/golden/<name>.txt) hold every legal move of a
position with its score, one ``notation score`` per line, sorted. They are
written by the *brute-force* oracle (tests/engine/bruteforce.py), never by the
GADDAG generator under test:

    .venv/bin/python -m tests.engine.positions --write [NAME ...]

(all positions, or only the named ones: a new position gets its file without
rewriting the others).
"""

from __future__ import annotations

import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"

# Real German words on top of conftest.WORDS for the dense positions: more two- and
# three-letter words, so parallel plays and plays between words form several cross words at once.
DENSE_WORDS = ("AN", "NU", "HAT", "HER", "NAH", "RAN", "SAH", "TUN", "TUE", "NUR", "UHR", "HASE", "HASEN", "RUHE",
               "AHNE", "SAHNE", "ERNTE", "UHREN", "RASEN", "NAHT", "RUHT", "SATT", "HEU", "UNTER")

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
    # blank-heavy: two blanks on the rack (SmartFeud: three tiles, as every take adds a tile to the
    # brute-force search), and a board that holds blanks, so taking one gives a second blank
    "webfeud-two-blanks-ae": ("webfeud", [".......", ".......", "...HAUS", "...E...", "...E...", "...R...",
                                          "......."], "??AE"),
    "webfeud-two-blanks-st": ("webfeud", [".......", ".......", ".HASEN.", ".....U.", ".TEE.T.", ".......",
                                          "......."], "??ST"),
    "smartfeud-two-blanks": ("smartfeud", ["........", "........", "........", "...HAUS.", "....U...", "....S...",
                                           "........", "........"], "??E"),
    "smartfeud-blanks-on-board": ("smartfeud", ["........", "........", "........", "...HaUS.", "....U...",
                                                "....s...", "........", "........"], "?ER"),
    # dense: HASEN over TEE with a free row between (ARE there forms HAT, ARE, SEE at once), NUT down
    # joining them: parallel plays, plays through two board tiles, hooks at both ends, both directions
    "webfeud-dense": ("webfeud", [".......", ".......", ".HASEN.", ".....U.", ".TEE.T.", ".......", "......."],
                      "AENRS"),
    "smartfeud-dense": ("smartfeud", ["........", "........", ".HASEN..", ".....U..", ".TEE.T..", "........",
                                      "........", "........"], "AENRS"),
    "wortspieler-dense": ("wortspieler", ["........", "........", ".HASEN..", ".....U..", ".TEE.T..", "........",
                                          "........", "........"], "AENRS"),
}

EXTRA_WORDS = {name: DENSE_WORDS for name in ("webfeud-two-blanks-st", "webfeud-dense", "smartfeud-dense",
                                               "wortspieler-dense")}


def words_of(name: str) -> list[str]:
    """The word list of a position: conftest.WORDS, plus DENSE_WORDS for the dense positions."""
    from tests.engine.conftest import WORDS

    return [*WORDS, *(w for w in EXTRA_WORDS.get(name, ()) if w not in WORDS)]


def brute_force_moves(name: str) -> dict:
    """{notation: score} of every legal move, by brute force (single lines, takes, swaps)."""
    from tests.engine.bruteforce import brute_moves
    from tests.engine.conftest import kwg_judge, position, small_rules

    from lexicon_tools.engine.notation import format_place
    from lexicon_tools.engine.tiles import BLANK_FLAG

    game_name, rows, rack = POSITIONS[name]
    rules = small_rules(game_name)
    words = words_of(name)
    judge = kwg_judge(rules, words)
    game = position(rules, judge, rows, {0: rack})
    letters = sorted({c for w in words for c in rules.alphabet.encode(w)})
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


def write_goldens(names=()) -> None:
    """Write the golden files of `names` (all positions when empty)."""
    GOLDEN.mkdir(exist_ok=True)
    for name in names or POSITIONS:
        game_name, _rows, rack = POSITIONS[name]
        lines = golden_lines(brute_force_moves(name))
        header = [f"# {name}: {game_name} small board, rack {rack}; every legal move and its score,",
                  "# written by the brute-force oracle: python -m tests.engine.positions --write"]
        if name in EXTRA_WORDS:
            header.insert(1, "# lexicon: tests/engine/conftest.py WORDS + positions.py DENSE_WORDS")
        (GOLDEN / f"{name}.txt").write_text("\n".join(header + lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} moves")


if __name__ == "__main__" and "--write" in sys.argv:
    write_goldens([a for a in sys.argv[1:] if a != "--write"])
