"""Validate and score a whole placement turn without changing the game.

Order of the checks, all on copies: the special actions first (take a board
letter, swap a joker: `engine.special`), then the rack (the tiles placed must
come from the rack plus the taken letters; a taken letter must be used, with at
least one own tile; a swapped joker must be used), then the lines and their
words (`engine.scoring`). Word problems are collected into one
`InvalidWordError`, so professional mode can tell them from other mistakes.

The score of a placement is the words' score, plus the face value of the parts
of words cut by a take that the placement left as they were, plus the bonus.
The bonus is keyed on the player's *own* tiles placed (``bingo``): a letter
taken from the board is not one of them. When the taken letter is used and all
tiles lie in one word (one line), ``bingo_with_board_letter`` replaces the plain
entry where it has one: SmartFeud's 30 for 7 own tiles, 50 for 7 own tiles plus
the board letter; 6 own tiles plus the board letter earn nothing. With
``bingo_with_board_letter_counts: through`` a board tile that word runs
through is such a board letter too.

What the rules forbid around the special actions, all ruleset fields:
``take_board_letter.return_to_same_square`` (the taken letter, as a natural tile
or a blank, may not go back on its own square: that only undoes the take, or
turns a natural tile into a blank), ``joker_swap.by`` (only the player
after the one who laid a joker may swap it, in the next turn; the game passes
the squares in `TurnContext`) and ``joker_swap.max_per_turn``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lexicon_tools.engine.board import Board
from lexicon_tools.engine.judge import WordJudge
from lexicon_tools.engine.moves import Place
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.scoring import TurnWords, place_lines, sq_name
from lexicon_tools.engine.special import Fragment, fragment_scores, swap_joker, take_letter
from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK, RACK_BLANK, TileText
from lexicon_tools.errors import IllegalMoveError, InvalidWordError


@dataclass(frozen=True)
class TurnContext:
    """What the board alone does not say: which board jokers the mover may swap (None: all)."""

    swappable_jokers: frozenset[int] | None = field(default=None)


@dataclass
class Evaluation:
    board: Board                       # the board after the placement
    rack: Counter                      # the rack after placing, before drawing
    placed: Counter                    # rack tiles used (0 = blank)
    words: TurnWords
    cut: list[tuple[Fragment, int]]    # cut word parts left as they were, with their score
    bingo: int
    score: int


def evaluate_place(rules: Rules, judge: WordJudge, board: Board, rack_tiles: list[int], move: Place,
                   context: TurnContext | None = None) -> Evaluation:
    if not move.lines or not all(move.lines):
        raise IllegalMoveError("a placement needs at least one tile", "Place tiles or pass.")
    if len(move.lines) > 1 and not rules.multi_word:
        raise IllegalMoveError(f"{rules.name} allows one line of tiles per turn (placement.mode: single_line)",
                               "Place all tiles of the turn in one row or one column.")
    board, rack, invalid = board.copy(), Counter(rack_tiles), []
    letters = [board.cells[sq] & LETTER_MASK if 0 <= sq < rules.squares else 0 for sq in move.take]
    taken, fragments = _take(rules, judge, move, board, rack, invalid) if move.take else ([], [])
    if move.swaps:
        _swap(rules, move, board, rack, context or TurnContext())
    codes = move.placed_codes()
    need = Counter([RACK_BLANK if code & BLANK_FLAG else code for code in codes])   # rack_tile_of
    _check_rack(rules, move, need, rack, taken, rack_tiles)
    if taken:
        _check_return(rules, move, letters)
    words = place_lines(board, move.lines, rules, judge, invalid)
    if invalid:
        raise InvalidWordError("; ".join(invalid), "Every word formed (and every part of a word cut by "
                               "taking a letter) must be in the lexicon.")
    cut = fragment_scores(board, fragments, rules) if fragments else []
    taken_used = sum(min(need[tile], n) for tile, n in Counter(taken).items()) if taken else 0
    bingo = rules.bingo_bonus(len(codes) - taken_used, _board_letter_in_word(rules, move, words, taken_used))
    for tile, n in need.items():       # rack.subtract(need), then +rack in place: drop what is used up
        left = rack[tile] - n
        if left > 0:
            rack[tile] = left
        else:
            rack.pop(tile, None)
    for tile in [tile for tile, n in rack.items() if n <= 0]:
        del rack[tile]
    return Evaluation(board, rack, need, words, cut, bingo, words.score + sum(s for _, s in cut) + bingo)


def _board_letter_in_word(rules: Rules, move: Place, words: TurnWords, taken_used: int) -> bool:
    """Whether a board letter lies in the one word that holds every tile of the turn: the taken letter,
    or (``bingo_with_board_letter_counts: through``) a tile the word runs through."""
    if len(move.lines) != 1:
        return False
    if taken_used:
        return True
    placed = move.tile_count
    return rules.bingo_board_letter_through and any(
        w.new_tiles == placed and len(w.squares) > placed for w in words.words)


def _take(rules: Rules, judge: WordJudge, move: Place, board: Board, rack: Counter, invalid: list[str]):
    taken: list[int] = []
    fragments: list[Fragment] = []
    if not move.take:
        return taken, fragments
    if not rules.take_enabled:
        raise IllegalMoveError(f"taking a letter from the board is not a move of {rules.name}",
                               "The ruleset does not allow it (special_moves.take_board_letter).")
    if len(move.take) > rules.take_max or len(set(move.take)) != len(move.take):
        raise IllegalMoveError(f"at most {rules.take_max} different board letter(s) may be taken per turn")
    for sq in move.take:
        tile, parts = take_letter(board, sq, rules, judge, invalid)
        fragments = [f for f in fragments if sq not in f.squares] + parts
        rack[tile] += 1
        taken.append(tile)
    return taken, fragments


def _swap(rules: Rules, move: Place, board: Board, rack: Counter, context: TurnContext) -> None:
    if not move.swaps:
        return
    if not rules.swap_enabled:
        raise IllegalMoveError(f"swapping a joker is not a move of {rules.name}",
                               "The ruleset does not allow it (special_moves.joker_swap).")
    if len(set(move.swaps)) != len(move.swaps):
        raise IllegalMoveError("the same joker is swapped twice")
    if rules.swap_max_per_turn is not None and len(move.swaps) > rules.swap_max_per_turn:
        raise IllegalMoveError(f"at most {rules.swap_max_per_turn} joker(s) may be swapped per turn "
                               "(special_moves.joker_swap.max_per_turn)", "Swap fewer jokers.")
    allowed = context.swappable_jokers
    for sq in move.swaps:
        if allowed is not None and sq in range(rules.squares) and board.cells[sq] & BLANK_FLAG and sq not in allowed:
            raise IllegalMoveError(f"the joker on {sq_name(rules, sq)} may not be swapped now: only the player "
                                   "after the one who laid it may swap it, in the next turn "
                                   "(special_moves.joker_swap.by: next_player)",
                                   "Swap a joker laid in the turn just before yours, or none.")
        swap_joker(board, sq, rack, rules)


def _check_return(rules: Rules, move: Place, letters: list[int]) -> None:
    """A taken letter may not go back on its own square (``return_to_same_square``).

    `letters` are the letters the taken tiles showed on the board. ``forbid`` compares letters, not
    tile kinds: laying the natural letter where a blank was taken (or a blank as the letter where a
    natural was taken) reads the same board and only swaps a natural tile for a blank.
    """
    if not letters or rules.take_return == "allow":
        return
    placed = {sq: code for line in move.lines for sq, code in line.tiles}
    for sq, letter in zip(move.take, letters):
        code = placed.get(sq)
        if code is None:
            continue
        if rules.take_return == "forbid_any_tile" or code & LETTER_MASK == letter:
            name = sq_name(rules, sq)
            what = (f"no tile may be laid on {name} in the turn its letter was taken"
                    if rules.take_return == "forbid_any_tile"
                    else f"the letter taken from {name} may not go back on {name} in the same turn")
            raise IllegalMoveError(
                f"{what}: that only undoes the take "
                f"(special_moves.take_board_letter.return_to_same_square: {rules.take_return})",
                "Use the taken letter in a word elsewhere, or put it back (Clear) and make another move.")


def _check_rack(rules: Rules, move: Place, need: Counter, rack: Counter, taken: list[int],
                rack_tiles: list[int]) -> None:
    if any(n > rack[tile] for tile, n in need.items()):      # need - rack is not empty (checked without it)
        text = TileText(rules.alphabet, rules.blank_symbol)
        raise IllegalMoveError(f"you do not hold {text.rack((need - rack).elements())} "
                               f"(rack: {text.rack(rack_tiles)})", "Place only tiles from your rack.")
    if taken and rules.take_must_use and Counter(taken) - need:
        names = ", ".join(sq_name(rules, sq) for sq in move.take)
        text = TileText(rules.alphabet, rules.blank_symbol)
        raise IllegalMoveError(f"the letter taken from {names} ({text.rack(taken)}) must be placed in this turn",
                               "Use the taken letter, or put it back (Clear) and make another move.")
    if taken and rules.take_needs_own_tile and move.tile_count <= len(taken):
        raise IllegalMoveError("a letter taken from the board cannot be played alone",
                               "Place at least one of your own tiles with it.")
    if move.swaps and rules.swap_must_use_joker and need[RACK_BLANK] < len(move.swaps):
        names = ", ".join(sq_name(rules, sq) for sq in move.swaps)
        raise IllegalMoveError(f"the joker swapped from {names} must be placed in this turn",
                               "Use the joker in one of the words you lay.")
