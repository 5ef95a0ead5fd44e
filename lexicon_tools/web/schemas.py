"""Request bodies of the table's JSON API, with their limits.

Every list and string has an upper bound, so a request cannot make the server
do unbounded work; a violation is answered 422 with the field named (see
`web.errors`). No field names a file: the lexicon and ruleset are fixed when
the server starts.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from lexicon_tools.cli.wordinput import MAX_WORD_LENGTH

MAX_WORDS = 20              # words per check request
MAX_BOARD = 32              # rows per board and squares per row (boards are at most 26 wide)
MAX_TILES = 40              # tiles placed in one turn (multi-word turns included)
MAX_HISTORY = 400          # turns of a table's history sent with a turn to score
MAX_NOTATION = 160         # characters of one turn's notation (a multi-word turn of 40 tiles fits)
MAX_SCORE = 100_000         # a player's total (a game's are at most a few thousand points)
MAX_STATE_BYTES = 64_000    # a shared table's state (score sheet, board, undo history)

Word = Annotated[str, StringConstraints(min_length=1, max_length=MAX_WORD_LENGTH)]
Square = Annotated[str, StringConstraints(min_length=2, max_length=4, pattern=r"^[A-Za-z][0-9]{1,3}$")]
Row = Annotated[str, StringConstraints(max_length=MAX_BOARD)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CheckRequest(Strict):
    words: list[Word] = Field(min_length=1, max_length=MAX_WORDS,
                              description=f"1-{MAX_WORDS} words, each at most {MAX_WORD_LENGTH} characters.")
    suggestions: int = Field(5, ge=0, le=10, description="Suggestions for an illegal word (0: none, faster).")


class Tile(Strict):
    square: Square = Field(description="Column letter and row number, e.g. H8.")
    letter: str = Field(min_length=1, max_length=2, description="The letter (for a joker: the letter it stands for).")
    blank: bool = Field(False, description="The tile is a joker (blank).")
    line: int = Field(0, ge=0, le=MAX_TILES, description="Multi-word turns: the word this tile belongs to, in "
                                                          "the order the words were laid.")


class HistoryTurn(Strict):
    player: int = Field(ge=0, le=7, description="The seat that played the turn (0 is the starter).")
    kind: Literal["place", "scored", "pass", "exchange", "resign", "timeout"] = Field(description="What the turn was.")
    notation: str = Field("", max_length=MAX_NOTATION, description="A placement as the server wrote it in its "
                                                                     "reply ('notation'), e.g. '8G HAUS'.")


class ScoreRequest(Strict):
    board: list[Row] | None = Field(None, max_length=MAX_BOARD, description="One string per row: '.' empty, an "
                                    "upper-case letter a tile, a lower-case letter a joker. Optional with "
                                    "'history' (then it must be the board the turns leave).")
    used: list[Square] = Field(default_factory=list, max_length=MAX_BOARD * MAX_BOARD,
                               description="Premium squares already used (occupied squares count as used).")
    history: list[HistoryTurn] | None = Field(None, max_length=MAX_HISTORY, description="The table's turns so "
                                              "far, in order: the rules that depend on the game (the starter's "
                                              "extra tile, who may swap a joker) are then checked exactly.")
    player: int = Field(0, ge=0, le=7, description="The seat that plays this turn (with 'history').")
    tiles: list[Tile] = Field(min_length=1, max_length=MAX_TILES, description="The tiles placed in this turn.")
    take: list[Square] = Field(default_factory=list, max_length=4,
                               description="Squares whose letter is taken from the board first (SmartFeud).")
    swap: list[Square] = Field(default_factory=list, max_length=4,
                               description="Squares whose joker is swapped for the natural tile first.")


class TilesLeftRequest(Strict):
    board: list[Row] = Field(max_length=MAX_BOARD)
    rack: str = Field("", max_length=16, description="Your own rack; the blank symbol (?) for a joker.")


class TableState(Strict):
    state: dict[str, Any] = Field(description=f"The page's game state (at most {MAX_STATE_BYTES:,} bytes as JSON).")


class TableCreate(TableState):
    id: str | None = Field(None, pattern=r"^[A-Za-z0-9_-]{22}$",
                           description="Restore a table under the id it had before this server restarted "
                                       "(409 with the state when that id is in use).")


class TableUpdate(TableState):
    version: int = Field(ge=0, description="The version this update was made from (409 when it is stale).")


class EndRequest(Strict):
    names: list[Annotated[str, StringConstraints(max_length=40)]] = Field(min_length=1, max_length=8)
    scores: list[Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]] = Field(max_length=8, description="Each player's total before the end step.")
    racks: list[Annotated[str, StringConstraints(max_length=16)]] = Field(
        max_length=8, description="The tiles left on each rack ('?' a joker).")
    went_out: int | None = Field(None, ge=0, le=7, description="The player who emptied their rack, if any.")
    last_placer: int | None = Field(None, ge=0, le=7, description="The player who last laid tiles.")
    left: list[int] = Field(default_factory=list, max_length=8, description="Players who resigned, in order.")


class Adjustment(Strict):
    player: int = Field(ge=0, le=7)
    delta: int = Field(ge=-10_000, le=10_000, description="The points the end step took off or credited.")
    tiles: str = Field("", max_length=64, description="The rack (or the others' racks) the points came from.")


class RecordRequest(Strict):
    names: list[Annotated[str, StringConstraints(max_length=40)]] = Field(min_length=1, max_length=8)
    history: list[HistoryTurn] = Field(max_length=MAX_HISTORY, description="The table's turns, as sent to "
                                       "/api/score: placements with their notation, passes and resignations.")
    adjustments: list[Adjustment] = Field(default_factory=list, max_length=16,
                                          description="The end step's lines, if the game was settled.")


class ScorelessRequest(Strict):
    players: int = Field(ge=1, le=8, description="How many players sit at the table.")
    history: list[HistoryTurn] = Field(default_factory=list, max_length=MAX_HISTORY,
                                       description="The table's turns so far, as sent to /api/score.")
    player: int = Field(0, ge=0, le=7, description="The seat that passes, exchanges or resigns.")
    kind: Literal["pass", "exchange", "resign"]
