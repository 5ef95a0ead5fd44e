"""The special actions done before placing: take a board letter, swap a joker.

**Take a board letter** (``special_moves.take_board_letter``): the player moves
up to ``max_letters`` tiles from the board into the board-letter slot. The
word(s) through the square are cut: every remaining part of two or more
letters must still be a word (``split_parts_must_be_words``), checked right
after the removal. A part that the placement then extends becomes part of a
word the placement forms and scores there; a part left as it is scores at face
value in this turn ("both parts score"). The premium under the removed tile is
active again if ``reactivates_premium``. The taken tile goes back to the rack
as what it is: a natural letter, or a blank free to stand for any letter.

**Joker swap** (``special_moves.joker_swap``): the player gives the natural
tile of the letter a board joker represents and takes the joker into the rack;
the word on the board does not change and is not scored again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lexicon_tools.engine.board import ACROSS, DOWN, Board
from lexicon_tools.engine.judge import WordJudge
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.scoring import sq_name, word_error
from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK, RACK_BLANK, rack_tile_of
from lexicon_tools.errors import IllegalMoveError


@dataclass(frozen=True)
class Fragment:
    """A part of a word cut by a take: its squares, in reading order, and direction."""

    direction: int
    squares: tuple[int, ...]

    def outer_squares(self, cols: int) -> tuple[int, int]:
        step = 1 if self.direction == ACROSS else cols
        return self.squares[0] - step, self.squares[-1] + step


def take_letter(board: Board, sq: int, rules: Rules, judge: WordJudge,
                invalid: list[str]) -> tuple[int, list[Fragment]]:
    """Remove the tile on `sq`; returns (rack tile, cut word parts). Changes `board`."""
    if not 0 <= sq < rules.squares or not board.cells[sq]:
        raise IllegalMoveError(f"there is no letter on {sq_name(rules, sq) if 0 <= sq < rules.squares else sq} "
                               "to take", "Take a letter that lies on the board.")
    old_runs = {d: board.run_through(sq, d) for d in (ACROSS, DOWN)}
    code = board.remove(sq, rules.take_reactivates_premium)
    fragments = []
    for direction, run in old_runs.items():
        if len(run) < 2:
            continue
        index = run.index(sq)
        for part in (run[:index], run[index + 1:]):
            if len(part) >= 2:
                fragments.append(Fragment(direction, tuple(part)))
    if rules.take_split_parts_must_be_words:
        for fragment in fragments:
            codes = bytes(board.cells[s] for s in fragment.squares)
            letters = bytes(c & LETTER_MASK for c in codes)
            if not judge.is_word(letters):
                text = "".join(rules.alphabet.letters[c - 1] for c in letters)
                invalid.append(word_error(judge, text, letters) + f" (left after taking the letter on "
                               f"{sq_name(rules, sq)})")
    return rack_tile_of(code), fragments


def fragment_scores(board: Board, fragments: list[Fragment], rules: Rules) -> list[tuple[Fragment, int]]:
    """Score the cut parts that the placement did not extend (face value, no premiums)."""
    out = []
    for fragment in fragments:
        if _extended(board, fragment, rules):
            continue
        out.append((fragment, sum(rules.tile_value(board.cells[s]) for s in fragment.squares)))
    return out


def _extended(board: Board, fragment: Fragment, rules: Rules) -> bool:
    dr, dc = (0, 1) if fragment.direction == ACROSS else (1, 0)
    for sq, sign in ((fragment.squares[0], -1), (fragment.squares[-1], 1)):
        r, c = divmod(sq, rules.cols)
        r, c = r + sign * dr, c + sign * dc
        if 0 <= r < rules.rows and 0 <= c < rules.cols and board.cells[r * rules.cols + c]:
            return True
    return False


def swap_joker(board: Board, sq: int, rack: Counter, rules: Rules) -> int:
    """Swap the joker on `sq` for the rack's natural tile of its letter; returns the letter."""
    if not 0 <= sq < rules.squares or not board.cells[sq] & BLANK_FLAG:
        where = sq_name(rules, sq) if 0 <= sq < rules.squares else str(sq)
        raise IllegalMoveError(f"there is no joker on {where} to swap", "Swap a joker (blank) lying on the board.")
    letter = board.cells[sq] & LETTER_MASK
    if rack[letter] < 1:
        name = rules.alphabet.letters[letter - 1]
        raise IllegalMoveError(f"the joker on {sq_name(rules, sq)} stands for {name}, and you hold no {name}",
                               "Only a player holding the represented letter may swap the joker.")
    rack[letter] -= 1
    rack[RACK_BLANK] += 1
    board.cells[sq] = letter
    return letter
