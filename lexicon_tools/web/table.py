"""The table's operations: judge words, score a turn on the physical board, count the unseen tiles.

A `Table` holds one ruleset compiled for the engine (`engine.rules.Rules`), one
loaded lexicon and its word judge. It keeps no game: every call brings the
position as the players' phones store it, so any number of tables can share
one server and a reload or a second phone loses nothing.

* **Judge** calls `Lexicon.check` through the same helper as ``lexicon-tools
  check`` (`cli.wordinput`: invisible characters named, over-long words answered
  without searching), so the page and the terminal give the same answer.
* **Score a turn** rebuilds the board from its rows (``.`` empty, an upper-case
  letter a natural tile, a lower-case letter a joker standing for it) and the
  premium squares already used, then hands the placement to
  `engine.placement.evaluate_place`: the engine checks the geometry, the take
  and the joker swap, scores the words with the premiums still unused, the cut
  parts and the bonus. A physical game has no known rack, so the rack given to
  the engine is exactly the tiles the turn needs (minus a taken letter, plus
  the natural tile given for a swapped joker); the rack size is the only limit
  checked on top (one more tile on the starter's first turn, with its joker). When a word is not in the lexicon, the same placement is
  scored again with a judge that accepts every word, so the table still sees
  what the turn would be worth and can decide (a challenge, a house ruling).
  The page sends the table's turns so far with each turn (`web.history`): the
  server lays them again, so the rules that depend on the game and not on the
  board hold as in a game the engine runs: the starter's extra tile only on the
  first turn, a joker swapped only by the player after the one who laid it.
  Without the turns, the board alone decides (an empty board is the first turn)
  and a joker swap that needs to know who laid the joker is refused.
* **Tiles left** is the ruleset's distribution minus the board and the rack.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.engine.board import Board
from lexicon_tools.engine.judge import LexiconJudge
from lexicon_tools.engine.moves import Line, Place
from lexicon_tools.engine.notation import format_place
from lexicon_tools.engine.placement import evaluate_place
from lexicon_tools.engine.rules import Rules, parse_duration
from lexicon_tools.engine.scoring import sq_name
from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK, RACK_BLANK, TileText, rack_tile_of
from lexicon_tools.errors import IllegalMoveError, InvalidWordError, UsageError
from lexicon_tools.model.layout import parse_square
from lexicon_tools.web.history import replay as replay_history, unknown


class AcceptAll:
    """A judge that accepts every word: scores a turn whose words the lexicon refuses."""

    def __init__(self, name: str):
        self.name = name

    def is_word(self, tiles: bytes) -> bool:
        return True

    def why_not(self, tiles: bytes) -> str:
        return ""


@dataclass
class Table:
    rules: Rules
    lexicon: Any                  # lexicon_tools.lexicon.lexicon.Lexicon
    title: str = ""
    language: str = "de"
    judge: LexiconJudge = field(init=False)
    accept_all: AcceptAll = field(init=False)
    text: TileText = field(init=False)

    def __post_init__(self) -> None:
        self.judge = LexiconJudge(self.lexicon, self.rules.name)
        self.accept_all = AcceptAll(self.rules.name)
        self.text = TileText(self.rules.alphabet, self.rules.blank_symbol)

    # ------------------------------------------------------------ ruleset ---
    def describe(self) -> dict[str, Any]:
        """Everything the page needs to draw the board and the tile counter, as JSON data."""
        rules = self.rules
        premiums = {sq_name(rules, sq): kind for sq, kind in enumerate(rules.premium_kind) if kind}
        limits = [(o, parse_duration(o)) for o in rules.time_limit_options]
        return {
            "name": rules.name, "title": self.title or rules.name, "language": self.language,
            "rows": rules.rows, "cols": rules.cols, "premiums": premiums,
            "colours": dict(getattr(rules.layout, "colours", {}) or {}),
            "start": [sq_name(rules, sq) for sq in rules.start_squares],
            "letters": list(rules.alphabet.letters), "blank": rules.blank_symbol,
            "values": dict(zip(rules.alphabet.letters, rules.values[1:])),
            "counts": dict(zip(rules.alphabet.letters, rules.counts[1:])), "blanks": rules.counts[0],
            "blank_scores_letter": rules.blank_scores_letter, "rack_size": rules.rack_size,
            "players": {"min": rules.players_min, "max": rules.players_max},
            "multi_word": rules.multi_word, "take": rules.take_enabled, "swap": rules.swap_enabled,
            "time_limits": [{"label": label, "seconds": seconds} for label, seconds in limits],
            "time_limit_default": rules.time_limit_default,
            "lexicon": {"ruleset": self.lexicon.ruleset, "words": self.lexicon.word_count},
        }

    # -------------------------------------------------------------- judge ---
    def check(self, words: list[str], suggestions: int) -> list[dict[str, Any]]:
        return check_words(self.lexicon, words, suggestions)

    # -------------------------------------------------------------- board ---
    def board(self, rows: list[str], used: list[str]) -> Board:
        """The board from its rows and the names of the used premium squares (occupied ones are used)."""
        rules = self.rules
        if len(rows) != rules.rows:
            raise UsageError(f"the board has {len(rows)} rows, {rules.name} has {rules.rows}",
                             f"Send {rules.rows} rows of {rules.cols} characters.")
        board = Board.empty(rules)
        for r, row in enumerate(rows):
            if len(row) != rules.cols:
                raise UsageError(f"board row {r + 1} has {len(row)} squares, the board {rules.cols}",
                                 "Write '.' for an empty square.")
            for c, ch in enumerate(row):
                if ch != ".":
                    board.put(r * rules.cols + c, self._code(ch, f"board row {r + 1}"))
        for name in used:
            board.used[self.square(name)] = 1
        return board

    def rows(self, board: Board) -> list[str]:
        cols = self.rules.cols
        return ["".join(self.text.word([code]) if code else "." for code in board.cells[r * cols:(r + 1) * cols])
                for r in range(self.rules.rows)]

    def used_squares(self, board: Board) -> list[str]:
        return [sq_name(self.rules, sq) for sq, used in enumerate(board.used) if used and self.rules.premium_kind[sq]]

    def square(self, name: str) -> int:
        try:
            row, col = parse_square(name)
        except ValueError as exc:
            raise UsageError(str(exc), "Name squares by column letter and row number, e.g. H8.") from None
        if not (0 <= row < self.rules.rows and 0 <= col < self.rules.cols):
            raise UsageError(f"square {name} is off the {self.rules.rows}x{self.rules.cols} board")
        return row * self.rules.cols + col

    def _code(self, ch: str, where: str) -> int:
        try:
            return self.text.parse_code(ch)
        except ValueError as exc:
            raise UsageError(f"{where}: {exc}", f"Use the letters {''.join(self.rules.alphabet.letters)}.") from None

    # -------------------------------------------------------------- score ---
    def score(self, rows: list[str] | None, used: list[str], tiles: list[dict[str, Any]],
              take: list[str] = (), swap: list[str] = (), history: list[dict[str, Any]] | None = None,
              player: int = 0) -> dict[str, Any]:
        """Validate and score one turn; see the module docstring (and `web.history` for `history`)."""
        if history is None:
            if rows is None:
                raise UsageError("the request has neither the board nor the table's turns",
                                 "Send 'history' (the turns so far) or 'board'.")
            situation = unknown(self.board(rows, used))
        else:
            situation = replay_history(self, history, player)
            if rows is not None and self.rows(situation.board) != list(rows):
                raise UsageError("the board sent differs from the board the table's turns leave",
                                 "Send the turns and the board of the same game (or only the turns).")
        board = situation.board
        move = self._move(tiles, take, swap)
        rack = self.rack(board, move)
        context = situation.context(self.rules)
        try:
            if move.swaps and not situation.known and self.rules.swap_enabled and self.rules.swap_next_player_only:
                raise IllegalMoveError("who laid the joker is not known without the table's turns: only the player "
                                       "after the one who laid it may swap it (special_moves.joker_swap.by: "
                                       "next_player)", "Send the turns so far ('history') with the turn.")
            try:
                evaluation, valid = evaluate_place(self.rules, self.judge, board, rack, move, context), True
            except InvalidWordError:
                evaluation, valid = evaluate_place(self.rules, self.accept_all, board, rack, move, context), False
            self.check_own_tiles(move, evaluation, situation)
        except IllegalMoveError as exc:
            return {"legal": False, "valid": False, "error": exc.message, "hint": exc.hint or ""}
        return self._scored(board, move, evaluation, valid)

    def _move(self, tiles: list[dict[str, Any]], take: list[str], swap: list[str]) -> Place:
        lines: dict[int, list[tuple[int, int]]] = {}
        for tile in tiles:
            code = self._code(str(tile["letter"]).upper(), f"tile on {tile['square']}")
            if tile.get("blank"):
                code |= BLANK_FLAG
            lines.setdefault(int(tile.get("line", 0)), []).append((self.square(tile["square"]), code))
        return Place(tuple(Line.of(lines[k]) for k in sorted(lines)),
                     tuple(self.square(s) for s in take), tuple(self.square(s) for s in swap))

    def rack(self, board: Board, move: Place) -> list[int]:
        """The rack a physical player must have held: the tiles placed, less taken letters, plus swap tiles."""
        rack = Counter(rack_tile_of(code) for code in move.placed_codes())
        for sq in move.take:
            if 0 <= sq < len(board.cells) and board.cells[sq]:
                rack[rack_tile_of(board.cells[sq])] -= 1
        for sq in move.swaps:
            if 0 <= sq < len(board.cells) and board.cells[sq] & BLANK_FLAG:
                rack[board.cells[sq] & LETTER_MASK] += 1
                rack[RACK_BLANK] -= 1
        return sorted((+rack).elements())

    def check_own_tiles(self, move: Place, evaluation, situation) -> None:
        """A rack's worth of own tiles at most; one more only on the starter's first turn, with its joker."""
        own = sum(evaluation.placed.values()) - len(move.take)
        limit = situation.own_tile_limit(self.rules, evaluation.placed[RACK_BLANK] > 0)
        if own <= limit:
            return
        if self.rules.starting_player_extra_blank and own == self.rules.rack_size + 1:
            raise IllegalMoveError(f"the turn places {own} own tiles; only the starting player's first turn may "
                                   f"place {own} (with the extra joker), any other turn at most {limit}",
                                   "Check the tiles of the turn.")
        raise IllegalMoveError(f"the turn places {own} of the player's own tiles; a rack holds {limit}",
                               "Check the tiles of the turn.")

    def _scored(self, before: Board, move: Place, ev, valid: bool) -> dict[str, Any]:
        rules, text = self.rules, self.text
        words = []
        for word in ev.words.words:
            ok = self.judge.is_word(word.letters)
            kinds = [rules.premium_kind[sq] for sq in word.squares if sq in ev.words.premium_squares]
            verdict = None if ok else self.lexicon.check(self.lexicon.alphabet.decode(word.letters), 0)
            words.append({"word": text.plain(word.codes), "display": text.word(word.codes), "score": word.score,
                          "valid": ok, "reason": "" if ok else self.judge.why_not(word.letters),
                          "reason_code": verdict.reason if verdict else "",
                          "lemma": verdict.lemma if verdict else "",
                          "squares": [sq_name(rules, sq) for sq in word.squares], "premiums": kinds})
        cut = [{"word": text.plain(ev.board.cells[s] for s in f.squares), "score": s,
                "squares": [sq_name(rules, q) for q in f.squares]} for f, s in ev.cut]
        premiums = [{"square": sq_name(rules, sq), "kind": rules.premium_kind[sq]}
                    for sq in ev.words.premium_squares]
        return {
            "legal": True, "valid": valid, "score": ev.score, "words_score": ev.words.score, "bingo": ev.bingo,
            "words": words, "cut": cut, "premiums": premiums, "own_tiles": sum(ev.placed.values()),
            "notation": format_place(rules, before, move, text),
            "board": self.rows(ev.board), "used": self.used_squares(ev.board),
        }

    # --------------------------------------------------------- tiles left ---
    def typed_rack(self, rack: str, where: str) -> list[int]:
        """The tiles of a rack typed at the table (any case, the joker symbol in either case); a character
        that is no tile raises `UsageError` naming `where`."""
        blank = self.rules.blank_symbol
        try:
            return self.text.parse_rack(rack.upper().replace(blank.upper(), blank))
        except ValueError as exc:
            raise UsageError(f"{where}: {exc}", f"Use the letters {''.join(self.rules.alphabet.letters)} and "
                                                f"{blank} for a joker.") from None

    def tiles_left(self, rows: list[str], rack: str) -> dict[str, Any]:
        """The distribution minus the board and the rack: what is in the bag or on the other racks."""
        board = self.board(rows, [])
        seen = Counter(rack_tile_of(code) for code in board.cells if code)
        seen.update(self.typed_rack(rack, "rack"))
        counts = self.rules.counts
        letters = self.rules.alphabet.letters
        too_many = [k for i, k in enumerate(letters) if seen[i + 1] > counts[i + 1]] + (
            [self.rules.blank_symbol] if seen[RACK_BLANK] > counts[RACK_BLANK] else [])
        # A count left is never negative: more of a letter on the board than the game has is a mistake
        # in the board (named in `too_many`), not a debt of tiles.
        left = {letter: max(0, counts[i + 1] - seen[i + 1]) for i, letter in enumerate(letters)}
        blanks = max(0, counts[RACK_BLANK] - seen[RACK_BLANK])
        return {"letters": left, "blanks": blanks, "unseen": sum(left.values()) + blanks, "total": sum(counts),
                "on_board": board.tile_count, "too_many": too_many}


def check_words(lexicon, words: list[str], suggestions: int) -> list[dict[str, Any]]:
    """One result per word, as ``lexicon-tools check --json`` prints it, plus the reason in words.

    The same steps as `check`: invisible characters stripped and named, over-long words answered at
    once (`cli.wordinput`), then `Lexicon.check`.
    """
    from lexicon_tools.cli.wordinput import too_long_result, visible
    from lexicon_tools.lexicon.lexicon import describe_reason
    from lexicon_tools.textsafe import printable_data

    out = []
    for raw in words:
        word, ignored = visible(raw)
        result = too_long_result(word) or lexicon.check(word, suggestions)
        data = dict(result.to_dict(), explanation=describe_reason(result.reason),
                    **({"ignored": ignored} if ignored else {}))
        out.append(printable_data(data))
    return out
