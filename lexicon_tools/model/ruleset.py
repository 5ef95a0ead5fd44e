"""The typed ruleset model: every rule of a game as data.

Schema models use pydantic with ``extra="forbid"`` so an unknown key is an
error, and ``frozen=True`` so a resolved ruleset cannot change under the engine.
The board layout is resolved from its own file by the loader (`io.rulesets`) and
attached as `Ruleset.layout`. Cross-field checks that need the whole ruleset
(tile letters vs alphabet, tile total, start squares on the board, ...) live in
`check_consistency`, which collects every problem instead of stopping at the first.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.model.layout import Layout


# Sane ranges (issue 12): far above every real game, far below what exhausts memory or
# overflows the engine's integer arrays. A ruleset outside them is refused at validation.
MAX_SIDE = 26                      # board rows/cols (square names A..Z)
MAX_SQUARES = MAX_SIDE * MAX_SIDE
MAX_LETTERS = 100                  # alphabet size
MAX_TILES_PER_LETTER = 100
MAX_TILE_VALUE = 100
MAX_BLANKS = 20
MAX_TILES = 1000                   # the whole bag
MAX_RACK = 20
MAX_BONUS = 1000                   # bingo points
MAX_TURN_COUNT = 100
MAX_TIME_LIMIT = 30 * 86400        # seconds

TileCount = Annotated[int, Field(ge=0, le=MAX_TILES_PER_LETTER)]
TileValue = Annotated[int, Field(ge=0, le=MAX_TILE_VALUE)]
BonusTiles = Annotated[int, Field(ge=1, le=MAX_RACK + 1)]
BonusPoints = Annotated[int, Field(ge=0, le=MAX_BONUS)]
# A file inside the bundled corpora/ folder: relative, no "..", so a ruleset can never name
# an arbitrary file to read.
BundledCorpus = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_.-]*(/[a-z0-9][a-z0-9_-][a-z0-9_.-]*)*$",
                                     max_length=200)]

# The time-limit format of `engine.rules.parse_duration`: a number and s, m, h or d.
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _check_duration(text: str) -> str:
    match = _DURATION.match(text)
    if not match:
        raise ValueError(f"{text[:40]!r} is not a time limit; write a number and a unit: 30s, 5m, 12h or 2d")
    seconds = float(match.group(1)) * _UNIT_SECONDS[match.group(2)]
    if not 0 < seconds <= MAX_TIME_LIMIT:
        raise ValueError(f"time limit {text!r} must be more than 0 and at most 30d")
    return text


Duration = Annotated[str, AfterValidator(_check_duration)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class Players(Strict):
    min: int = Field(ge=1, le=8)
    max: int = Field(ge=1, le=8)


class RandomBoard(Strict):
    """Parameters of the random-board option (SmartFeud's "zufälliges Brett")."""

    enabled: bool = False
    premiums: int = Field(ge=0, le=MAX_SQUARES)
    counts: dict[Literal["DL", "TL", "DW", "TW"], Annotated[int, Field(ge=0, le=MAX_SQUARES)]] | None = None
    symmetry: Literal["none", "mirror", "rot180", "d4"] = "none"


class Board(Strict):
    layout: str
    rows: int = Field(ge=2, le=MAX_SIDE)
    cols: int = Field(ge=2, le=MAX_SIDE)
    premium_count: int | None = Field(default=None, ge=0, le=MAX_SQUARES)
    first_move: Literal["cover_start", "cross_starts"]
    first_move_min_starts: int = Field(default=1, ge=1, le=MAX_SQUARES)
    premiums_on_start_allowed: bool = False
    random_board: RandomBoard | None = None


class Normalisation(Strict):
    replacements: dict[str, str] = {}
    strip_accents: bool = True


class AlphabetSpec(Strict):
    letters: list[str] = Field(min_length=1, max_length=MAX_LETTERS)
    normalisation: Normalisation = Normalisation()


class TileSpec(Strict):
    count: int = Field(ge=0, le=MAX_TILES_PER_LETTER)
    value: int = Field(ge=0, le=MAX_TILE_VALUE)


class BlankSpec(Strict):
    symbol: str = "?"
    count: int = Field(ge=0, le=MAX_BLANKS)
    scores: Literal["zero", "represented_letter"]


class Tiles(Strict):
    total: int = Field(ge=1, le=MAX_TILES)
    letters: dict[str, tuple[TileCount, TileValue]] = Field(max_length=MAX_LETTERS)
    blank: BlankSpec

    def letter_specs(self) -> dict[str, TileSpec]:
        return {k: TileSpec(count=c, value=v) for k, (c, v) in self.letters.items()}


class Rack(Strict):
    size: int = Field(ge=1, le=MAX_RACK)
    board_letter_slot: bool = False
    starting_player_extra_blank: bool = False
    # where the starter's blank comes from: an extra tile outside the bag, or one of the bag's blanks
    extra_blank_source: Literal["outside_bag", "bag"] = "outside_bag"


class Placement(Strict):
    mode: Literal["single_line", "multi_word"]
    reading: Literal["left_to_right_top_to_bottom"] = "left_to_right_top_to_bottom"
    # multi-word turns: what each further line must build on
    lines_must_touch: Literal["board_before_turn", "board_so_far"] = "board_before_turn"


class TakeBoardLetter(Strict):
    enabled: bool = False
    max_letters: int = Field(default=1, ge=1, le=MAX_RACK)
    must_use_same_turn: bool = True
    needs_own_tile: bool = True
    split_parts_must_be_words: bool = True
    reactivates_premium: bool = True
    # forbid: the taken tile (or one like it) may not go back on its own square in the same turn;
    # forbid_any_tile: the emptied square stays empty for the turn; allow: anything goes
    return_to_same_square: Literal["forbid", "forbid_any_tile", "allow"] = "forbid"


class JokerSwap(Strict):
    enabled: bool = False
    must_use_joker_same_turn: bool = True
    by: Literal["next_player", "any"] = "next_player"   # who may swap a joker off the board
    max_per_turn: int | None = Field(default=1, ge=1, le=MAX_RACK)    # null: no limit


class SpecialMoves(Strict):
    take_board_letter: TakeBoardLetter = TakeBoardLetter()
    joker_swap: JokerSwap = JokerSwap()


class Premiums(Strict):
    reuse: Literal["once"] = "once"
    order: Literal["letters_then_words"] = "letters_then_words"


class Exchange(Strict):
    allowed: bool = True
    min_bag: int = Field(default=0, ge=0, le=MAX_TILES)
    return_before_draw: bool = True
    only_when_skipping: bool = False


class Resign(Strict):
    allowed: bool = True
    others_may_continue: bool = True
    # what the remaining players choose after a resignation, when they may continue (test games)
    others_choose: Literal["continue", "stop"] = "continue"
    resigner_ranks_last: bool = True


class Turns(Strict):
    pass_allowed: bool = True
    exchange: Exchange = Exchange()
    resign: Resign = Resign()


ScorelessKind = Literal["pass", "exchange", "timeout", "invalid"]


class End(Strict):
    consecutive_scoreless_turns: int = Field(ge=1, le=MAX_TURN_COUNT)
    # the run must also give every active player a turn: max(consecutive_scoreless_turns, active players)
    scoreless_run_covers_all_players: bool = False
    # which turns count towards the run; any other turn ends it
    scoreless_kinds: list[ScorelessKind] = Field(default=["pass", "exchange", "timeout", "invalid"], min_length=1)
    out_of_tiles_with_empty_bag: bool = True
    rack_penalty: bool = False
    # who gains the subtracted rack values: nobody, the player who went out, or the player who last laid tiles
    credit_penalties_to: Literal["nobody", "player_out", "last_placer"] = "nobody"
    passes_in_a_row_lose: int | None = Field(default=None, ge=1, le=MAX_TURN_COUNT)


class TimeLimits(Strict):
    default: Duration | None = None
    options: list[Duration] = Field(default=[], max_length=100)


class Modes(Strict):
    professional_available: bool = False
    professional: bool = False
    time_limits: TimeLimits = TimeLimits()


class Lengths(Strict):   # longer than the board: a cross-field problem (check_consistency)
    min: int = Field(ge=1, le=MAX_TILES)
    max: int = Field(ge=1, le=MAX_TILES)


class WordPolicy(Strict):
    kind: Literal["all_forms", "nominative_singular_nouns"] = Field(
        description="`all_forms` (every inflected form; SmartFeud, Webfeud) or `nominative_singular_nouns` "
                    "(Wortspieler).")
    allow_plurale_tantum: bool = Field(True, description="Accept plural-only nouns (Eltern).")
    allow_lexicalized_plurals: bool = Field(True, description="Accept plurals with a meaning of their own (Wahlen).")
    allow_lexicalized_diminutives: bool = Field(
        True, description="Accept diminutives with a meaning of their own (Mädchen).")
    allow_plurals: bool = Field(False, description="Accept nominative plurals (Häuser).")
    allow_diminutives: bool = Field(False, description="Accept productive diminutives (Häuschen).")
    allow_proper_nouns: bool = Field(False, description="Accept proper nouns (Berlin, Goethe).")
    allow_abbreviations: bool = Field(False, description="Accept abbreviations (Kfz).")
    excluded_registers: list[str] = Field(
        [], description="Registers to reject, e.g. `colloquial`, `technical`, `regional`.")
    lengths: Lengths = Field(description="Word lengths.")
    default_sources: list[BundledCorpus] = Field(
        default=["german-nouns/nouns.csv.xz"], max_length=20,
        description="The bundled corpora (paths inside `corpora/`) that `build` reads when no --source is given.")


class Morphology(Strict):
    spacy_model: str | None = None


class Ruleset(Strict):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str
    language: str
    description: str = ""
    extends: str | None = None
    players: Players
    board: Board
    alphabet: AlphabetSpec
    tiles: Tiles
    rack: Rack
    bingo: dict[BonusTiles, BonusPoints]                                # own tiles placed in one turn -> bonus
    bingo_with_board_letter: dict[BonusTiles, BonusPoints] = {}         # own tiles + the taken board letter in one word
    placement: Placement
    special_moves: SpecialMoves = SpecialMoves()
    premiums: Premiums = Premiums()
    turns: Turns = Turns()
    end: End
    modes: Modes = Modes()
    word_policy: WordPolicy
    morphology: Morphology = Morphology()
    layout: Layout | None = Field(default=None, exclude=True)
    source: str | None = Field(default=None, exclude=True)

    def make_alphabet(self) -> Alphabet:
        norm = self.alphabet.normalisation
        return Alphabet(
            letters=tuple(self.alphabet.letters),
            replacements=tuple(norm.replacements.items()),
            strip_accents=norm.strip_accents,
        )

    def tile_total(self) -> int:
        return sum(c for c, _ in self.tiles.letters.values()) + self.tiles.blank.count

    def tile_value(self, letter: str) -> int:
        return self.tiles.letters[letter][1]
