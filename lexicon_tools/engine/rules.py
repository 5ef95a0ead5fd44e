"""The engine's view of a ruleset: every rule the game loop needs, as plain data.

`Rules.from_ruleset` reads the `Ruleset` fields once and turns them into tables
(tile values and counts indexed by tile code, premium multipliers per square,
the bingo table) so that neither the game loop nor the move generator consults
the pydantic model in hot paths, and so that *no code branches on a game's
name*: every difference between SmartFeud, Webfeud and Wortspieler is one of
these fields.

Time limits are strings like ``48h``, ``20m``, ``90s`` or ``2d`` (see
`parse_duration`); a limit is per turn, measured on the caller's clock.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.errors import UsageError
from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.model.layout import LETTER_MULTIPLIER, WORD_MULTIPLIER, Layout
from lexicon_tools.model.ruleset import Ruleset



def parse_duration(text: str) -> float:
    """``"48h"`` → 172800.0 seconds. Raises UsageError for anything else (`model.ruleset.duration_seconds`:
    ASCII digits, more than 0, at most 30 days)."""
    from lexicon_tools.model.ruleset import duration_seconds

    try:
        return duration_seconds(text)
    except ValueError as exc:
        raise UsageError(f"not a time limit: {exc}", "Write a number and a unit up to 30d: 30s, 5m, 12h or 2d.") from None


@dataclass(frozen=True)
class Rules:
    """Plain, precomputed rules. Tile-indexed tuples have index 0 = blank."""

    name: str
    alphabet: Alphabet
    blank_symbol: str
    rows: int
    cols: int
    letter_mult: tuple[int, ...]          # per square (r*cols+c), 1 if plain
    word_mult: tuple[int, ...]
    premium_kind: tuple[str | None, ...]
    start_squares: tuple[int, ...]
    first_move_min_starts: int
    values: tuple[int, ...]               # value of a natural tile, by code; index 0 = blank = 0
    blank_values: tuple[int, ...]         # value of a blank standing for a letter, by letter code
    counts: tuple[int, ...]               # tiles in the bag at the start, index 0 = blanks
    rack_size: int
    board_letter_slot: bool
    starting_player_extra_blank: bool
    extra_blank_from_bag: bool            # the starter's blank is one of the bag's blanks
    bingo: tuple[int, ...]                # bonus by number of own tiles placed in one turn
    bingo_board_letter: tuple[int, ...]   # bonus by own tiles when the taken board letter is in the same word
    multi_word: bool
    lines_touch_before_turn: bool         # further lines of a turn build on the board as it was before the turn
    players_min: int
    players_max: int
    take_enabled: bool
    take_max: int
    take_must_use: bool
    take_needs_own_tile: bool
    take_split_parts_must_be_words: bool
    take_reactivates_premium: bool
    take_return: str                      # "forbid", "forbid_any_tile" or "allow"
    swap_enabled: bool
    swap_must_use_joker: bool
    swap_next_player_only: bool
    swap_max_per_turn: int | None
    pass_allowed: bool
    exchange_allowed: bool
    exchange_min_bag: int
    exchange_return_before_draw: bool
    exchange_is_skip: bool
    resign_allowed: bool
    resign_others_continue: bool
    resign_others_stop: bool              # the remaining players choose to stop after a resignation
    resigner_ranks_last: bool
    end_scoreless_turns: int
    end_scoreless_full_round: bool
    end_scoreless_kinds: frozenset[str]
    end_out_of_tiles: bool
    rack_penalty: bool
    credit_penalties_to: str              # "nobody", "player_out", "last_placer" or "last_placer_all"
    passes_in_a_row_lose: int | None
    professional_available: bool
    professional_default: bool
    time_limit_default: str | None
    time_limit_options: tuple[str, ...]
    word_min: int
    word_max: int
    # issue 27's readings (defaults: the readings the engine had before they became fields)
    bingo_board_letter_through: bool = False     # a board letter the word runs through earns it too
    words_touch_before_turn: bool = False        # every word of a turn holds a tile from before the turn
    passes_kinds: frozenset[str] = frozenset({"pass", "timeout", "invalid"})   # passes for passes_in_a_row_lose
    random_board: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    layout: Layout = field(compare=False, repr=False, default=None)  # type: ignore[assignment]

    @property
    def squares(self) -> int:
        return self.rows * self.cols

    @property
    def letter_count(self) -> int:
        return self.alphabet.size

    def bingo_bonus(self, own: int, board_letter_in_word: bool = False) -> int:
        """The bonus for placing `own` of the player's own tiles in one turn.

        With a board letter in the same word as all of them (the taken one, or with
        ``bingo_with_board_letter_counts: through`` any the word runs through), the
        ``bingo_with_board_letter`` entry replaces the plain one where it exists.
        """
        if board_letter_in_word and 0 <= own < len(self.bingo_board_letter) and self.bingo_board_letter[own]:
            return self.bingo_board_letter[own]
        return self.bingo[own] if 0 <= own < len(self.bingo) else 0

    def counts_as_pass(self, kind: str) -> bool:
        """Whether a turn of `kind` is a pass for ``passes_in_a_row_lose`` (``passes_in_a_row_kinds``;
        an exchange always is when exchanging is part of skipping)."""
        return kind in self.passes_kinds or (kind == "exchange" and self.exchange_is_skip)

    def scoreless_limit(self, active_players: int) -> int:
        """Scoreless turns in a row that end the game, with `active_players` still playing."""
        if self.end_scoreless_full_round:
            return max(self.end_scoreless_turns, active_players)
        return self.end_scoreless_turns

    @property
    def blank_scores_letter(self) -> bool:
        return self.blank_values[1:] == self.values[1:]

    def tile_value(self, code: int) -> int:
        """Value of a *board* code (blank flag honoured)."""
        if code & 0x80:
            return self.blank_values[code & 0x7F]
        return self.values[code]

    def total_tiles(self) -> int:
        return sum(self.counts)

    def with_layout(self, layout: Layout) -> "Rules":
        """The same rules on another premium layout of the same size (e.g. a random board)."""
        if (layout.rows, layout.cols) != (self.rows, self.cols):
            raise UsageError(f"a {layout.rows}x{layout.cols} layout does not fit the {self.rows}x{self.cols} board")
        return dataclasses.replace(self, layout=layout, **_board_tables(layout, self.rows, self.cols))

    def for_game(self, seed: int) -> "Rules":
        """The rules of one game: a fresh random board per seed when ``board.random_board`` is on."""
        if not self.random_board:
            return self
        from lexicon_tools.board.generate import generate_layout

        return self.with_layout(generate_layout(**self.random_board, seed=seed))

    @classmethod
    def from_ruleset(cls, rs: Ruleset, layout: Layout | None = None) -> "Rules":
        """Compile a ruleset; `layout` overrides `rs.layout` (e.g. a random board)."""
        layout = layout or rs.layout
        if layout is None:
            raise UsageError(f"ruleset {rs.name!r} has no board layout", "Load it with load_ruleset().")
        alphabet = rs.make_alphabet()
        rows, cols = rs.board.rows, rs.board.cols
        letters = alphabet.letters
        values = (0,) + tuple(rs.tiles.letters[ch][1] for ch in letters)
        represented = rs.tiles.blank.scores == "represented_letter"
        blank_values = tuple(v if represented else 0 for v in values)
        counts = (rs.tiles.blank.count,) + tuple(rs.tiles.letters[ch][0] for ch in letters)
        largest = rs.rack.size + 2
        bingo = tuple(rs.bingo.get(n, 0) for n in range(max([largest, *rs.bingo]) + 1))
        with_letter = rs.bingo_with_board_letter
        bingo_board_letter = tuple(with_letter.get(n, 0) for n in range(max([largest, *with_letter]) + 1))
        take, swap = rs.special_moves.take_board_letter, rs.special_moves.joker_swap
        exch, resign, end, modes = rs.turns.exchange, rs.turns.resign, rs.end, rs.modes
        return cls(
            name=rs.name, alphabet=alphabet, blank_symbol=rs.tiles.blank.symbol, rows=rows, cols=cols,
            **_board_tables(layout, rows, cols),
            first_move_min_starts=rs.board.first_move_min_starts,
            values=values, blank_values=blank_values, counts=counts,
            rack_size=rs.rack.size, board_letter_slot=rs.rack.board_letter_slot,
            starting_player_extra_blank=rs.rack.starting_player_extra_blank,
            extra_blank_from_bag=rs.rack.extra_blank_source == "bag",
            bingo=bingo, bingo_board_letter=bingo_board_letter, multi_word=rs.placement.mode == "multi_word",
            lines_touch_before_turn=rs.placement.lines_must_touch in ("board_before_turn", "each_word"),
            words_touch_before_turn=rs.placement.lines_must_touch == "each_word",
            bingo_board_letter_through=rs.bingo_with_board_letter_counts == "through",
            passes_kinds=frozenset(end.passes_in_a_row_kinds),
            players_min=rs.players.min, players_max=rs.players.max,
            take_enabled=take.enabled, take_max=take.max_letters, take_must_use=take.must_use_same_turn,
            take_needs_own_tile=take.needs_own_tile,
            take_split_parts_must_be_words=take.split_parts_must_be_words,
            take_reactivates_premium=take.reactivates_premium, take_return=take.return_to_same_square,
            swap_enabled=swap.enabled, swap_must_use_joker=swap.must_use_joker_same_turn,
            swap_next_player_only=swap.by == "next_player", swap_max_per_turn=swap.max_per_turn,
            pass_allowed=rs.turns.pass_allowed, exchange_allowed=exch.allowed, exchange_min_bag=exch.min_bag,
            exchange_return_before_draw=exch.return_before_draw, exchange_is_skip=exch.only_when_skipping,
            resign_allowed=resign.allowed, resign_others_continue=resign.others_may_continue,
            resign_others_stop=resign.others_choose == "stop", resigner_ranks_last=resign.resigner_ranks_last,
            end_scoreless_turns=end.consecutive_scoreless_turns,
            end_scoreless_full_round=end.scoreless_run_covers_all_players,
            end_scoreless_kinds=frozenset(end.scoreless_kinds), end_out_of_tiles=end.out_of_tiles_with_empty_bag,
            rack_penalty=end.rack_penalty, credit_penalties_to=end.credit_penalties_to,
            passes_in_a_row_lose=end.passes_in_a_row_lose,
            professional_available=modes.professional_available, professional_default=modes.professional,
            time_limit_default=modes.time_limits.default,
            time_limit_options=tuple(modes.time_limits.options),
            word_min=rs.word_policy.lengths.min, word_max=rs.word_policy.lengths.max,
            random_board=_random_board(rs), layout=layout,
        )


def _board_tables(layout: Layout, rows: int, cols: int) -> dict[str, Any]:
    kinds = [layout.premium_at(r, c) for r in range(rows) for c in range(cols)]
    return {
        "letter_mult": tuple(LETTER_MULTIPLIER.get(k, 1) if k else 1 for k in kinds),
        "word_mult": tuple(WORD_MULTIPLIER.get(k, 1) if k else 1 for k in kinds),
        "premium_kind": tuple(kinds),
        "start_squares": tuple(sorted(r * cols + c for r, c in layout.start)),
    }


def _random_board(rs: Ruleset) -> dict[str, Any] | None:
    """`generate_layout` keyword arguments when the ruleset plays on random boards."""
    option = rs.board.random_board
    if option is None or not option.enabled:
        return None
    from lexicon_tools.board.generate import request_from_ruleset

    return request_from_ruleset(rs)
