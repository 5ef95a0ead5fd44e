"""The typed ruleset model: every rule of a game as data.

Schema models use pydantic with ``extra="forbid"`` so an unknown key is an
error, and ``frozen=True`` so a resolved ruleset cannot change under the engine.
The board layout is resolved from its own file by the loader (`io.formats.rulesets`) and
attached as `Ruleset.layout`. Cross-field checks that need the whole ruleset
(tile letters vs alphabet, tile total, start squares on the board, ...) live in
`check_consistency`, which collects every problem instead of stopping at the first.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

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
MAX_REPLACEMENT = 10               # characters of one normalisation spelling (ß: SS, ẞ: SS)

# strict: a count is a whole number as written, never YAML's `true`/`false` (1/0) or `2.0`.
TileCount = Annotated[int, Field(ge=0, le=MAX_TILES_PER_LETTER, strict=True)]
TileValue = Annotated[int, Field(ge=0, le=MAX_TILE_VALUE, strict=True)]
BonusTiles = Annotated[int, Field(ge=1, le=MAX_RACK + 1)]
BonusPoints = Annotated[int, Field(ge=0, le=MAX_BONUS)]
# A file inside the bundled corpora/ folder: relative, no "..", so a ruleset can never name
# an arbitrary file to read.
BundledCorpus = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_.-]*(/[a-z0-9][a-z0-9_-][a-z0-9_.-]*)*$",
                                     max_length=200)]
# The reader formats a default source may name: the built-in ones (a `mapping:FILE` would name a file).
SourceFormat = Literal["auto", "wordlist", "jsonl", "csv", "forms", "forms-nouns", "tei", "wiktionary"]

# The time-limit format of `engine.rules.parse_duration`: a number and s, m, h or d.
_DURATION = re.compile(r"^\s*([0-9]{1,12}(?:\.[0-9]{1,12})?)\s*([smhd])\s*$")  # ASCII digits only
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def duration_seconds(text: str) -> float:
    """Seconds of a time limit (a number + s/m/h/d, more than 0, at most 30d); ValueError otherwise.

    The one parser of time limits: rulesets, `play --time-limit`, an experiment's
    `time_limit` and the engine all go through it."""
    match = _DURATION.match(str(text))
    if not match:
        raise ValueError(f"{str(text)[:40]!r} is not a time limit; write a number and a unit: 30s, 5m, 12h or 2d")
    seconds = float(match.group(1)) * _UNIT_SECONDS[match.group(2)]
    if not 0 < seconds <= MAX_TIME_LIMIT:
        raise ValueError(f"time limit {str(text)[:40]!r} must be more than 0 and at most 30d")
    return seconds


def _check_duration(text: str) -> str:
    duration_seconds(text)
    return text


Duration = Annotated[str, AfterValidator(_check_duration)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


class Players(Strict):
    min: int = Field(ge=1, le=8, description="Fewest players a game allows.")
    max: int = Field(ge=1, le=8, description="Most players a game allows.")


class RandomBoard(Strict):
    """Parameters of the random-board option (SmartFeud's "zufälliges Brett")."""

    enabled: bool = Field(False, description="Whether the game offers a fresh random premium board per game.")
    premiums: int = Field(ge=0, le=MAX_SQUARES, description="How many premium squares a random board has.")
    counts: dict[Literal["DL", "TL", "DW", "TW"], Annotated[int, Field(ge=0, le=MAX_SQUARES)]] | None = Field(
        None, description="Premiums per kind; default: Wordfeud's proportions (TW 8 : DW 12 : TL 20 : DL 24).")
    symmetry: Literal["none", "mirror", "rot180", "d4"] = Field(
        "none", description="The symmetry every random board must have.")


class Board(Strict):
    layout: str = Field(description="The layout file (see `rulesets/layouts/`), relative to the ruleset file.")
    rows: int = Field(ge=2, le=MAX_SIDE, description="Board height in squares.")
    cols: int = Field(ge=2, le=MAX_SIDE, description="Board width in squares.")
    premium_count: int | None = Field(default=None, ge=0, le=MAX_SQUARES,
                                      description="The number of premium squares the layout must have (optional).")
    first_move: Literal["cover_start", "cross_starts"] = Field(
        description="`cover_start`: the first word covers at least N start squares; `cross_starts`: it must "
                    "cross N start squares.")
    first_move_min_starts: int = Field(default=1, ge=1, le=MAX_SQUARES,
                                       description="N for `first_move` (Wortspieler: 2 of the brown centre squares).")
    premiums_on_start_allowed: bool = Field(False, description="Whether a start square may carry a premium.")
    random_board: RandomBoard | None = Field(None, description="The random-board option (SmartFeud).")


class Normalisation(Strict):
    replacements: dict[str, str] = Field(
        {}, description="Spellings replaced before tiling, e.g. `ß: SS` (also look-alike equivalences).")
    strip_accents: bool = Field(True, description="Drop accents that are not tiles of their own (Café → CAFE).")

    @model_validator(mode="after")
    def _replacements_are_spellings(self) -> "Normalisation":
        """An empty key would insert its value between every two letters (and garble every word)."""
        for key, value in self.replacements.items():
            if not key or not key.strip():
                raise ValueError(f"replacements: an empty key (replaced by {value[:20]!r}) would insert its "
                                 "value between every two letters; give the spelling to replace")
            if len(key) > MAX_REPLACEMENT or len(value) > MAX_REPLACEMENT:
                raise ValueError(f"replacements: {key[:20]!r}: {value[:20]!r} is longer than {MAX_REPLACEMENT} "
                                 "characters; a replacement is a spelling such as ß: SS")
            if any(not ch.isprintable() for ch in key + value):
                raise ValueError(f"replacements: {key[:20]!r}: {value[:20]!r} holds a control character")
        return self


class AlphabetSpec(Strict):
    letters: list[str] = Field(min_length=1, max_length=MAX_LETTERS,
                               description="Tile letters in tile order (Ä, Ö, Ü are tiles of their own).")
    normalisation: Normalisation = Field(Normalisation(), description="How input words become tiles.")


class TileSpec(Strict):
    count: TileCount
    value: TileValue


class BlankSpec(Strict):
    symbol: str = Field("?", description="How a blank is written in racks and records.")
    count: int = Field(ge=0, le=MAX_BLANKS, strict=True, description="Blanks (jokers) in the bag.")
    scores: Literal["zero", "represented_letter"] = Field(
        description="`zero`, or `represented_letter`: a joker scores the letter it stands for (Wortspieler).")


class Tiles(Strict):
    total: int = Field(ge=1, le=MAX_TILES, strict=True, description="The documented total; the counts must sum to it.")
    letters: dict[str, tuple[TileCount, TileValue]] = Field(
        max_length=MAX_LETTERS, description="`LETTER: [count, value]` for every tile letter.")
    blank: BlankSpec = Field(description="The blank tiles.")

    def letter_specs(self) -> dict[str, TileSpec]:
        return {k: TileSpec(count=c, value=v) for k, (c, v) in self.letters.items()}


class Rack(Strict):
    size: int = Field(ge=1, le=MAX_RACK, description="Tiles on a rack.")
    board_letter_slot: bool = Field(False, description="The rack has a slot for a letter taken from the board.")
    starting_player_extra_blank: bool = Field(
        False, description="The starting player gets an extra blank, lost if not placed in the first turn.")
    extra_blank_source: Literal["outside_bag", "bag"] = Field(
        "outside_bag", description="Where the starter's extra blank comes from: `outside_bag` (on top of the "
                                   "tile total) or `bag` (one of the bag's blanks).")


class Placement(Strict):
    mode: Literal["single_line", "multi_word"] = Field(
        description="`single_line`, or `multi_word`: any number of words per turn (Wortspieler).")
    reading: Literal["left_to_right_top_to_bottom"] = Field(
        "left_to_right_top_to_bottom", description="The reading direction of words.")
    lines_must_touch: Literal["board_before_turn", "board_so_far", "each_word"] = Field(
        "board_before_turn", description="How a turn builds on the board. Wortspieler: \"bereits auf dem Feld "
        "vorhandene Wörter oder Buchstaben müssen Bestandteil der neuen Wörter sein\". "
        "`board_before_turn`: in a multi-word turn every further line builds on a tile that lay on the board "
        "before the turn (in the first turn, on the first line), through any of the words the line forms; "
        "`board_so_far`: also on tiles laid earlier in the turn; `each_word` (per word, far stricter): every "
        "word formed in the turn, in any turn, holds a tile that lay on the board before the turn (in the first "
        "turn, a tile of the first line), so a word laid parallel to another or hooked on by a cross word alone "
        "is refused.")


class TakeBoardLetter(Strict):
    enabled: bool = Field(False, description="SmartFeud's take-a-letter move.")
    max_letters: int = Field(default=1, ge=1, le=MAX_RACK, description="Board letters one turn may take.")
    must_use_same_turn: bool = Field(True, description="The taken letter must be played in the same turn.")
    needs_own_tile: bool = Field(True, description="The word with the taken letter needs at least one own tile.")
    split_parts_must_be_words: bool = Field(
        True, description="A word the removal splits must leave parts that are words (they score).")
    reactivates_premium: bool = Field(True, description="The premium under the taken letter is active again.")
    return_to_same_square: Literal["forbid", "forbid_any_tile", "allow"] = Field(
        "forbid", description="SmartFeud: \"Der Buchstabe, der entfernt wird, muss in derselben Runde benutzt "
        "werden, um ein anderes Wort irgendwo zu platzieren\"; putting it back is what LÖSCHEN does. "
        "`forbid`: the taken letter may not go back on its square in that turn, neither as a natural tile nor "
        "as a blank (laying the natural letter where a blank was taken would swap a tile for a joker); "
        "`forbid_any_tile`: the square stays empty that turn; `allow`.")


class JokerSwap(Strict):
    enabled: bool = Field(False, description="Wortspieler's joker swap: a board joker for the natural tile.")
    must_use_joker_same_turn: bool = Field(True, description="The swapped-out joker must be played in that turn.")
    by: Literal["next_player", "any"] = Field(
        "next_player", description="Who may swap: only the player after the one who laid the joker, in the "
                                   "next turn (`next_player`), or `any`.")
    max_per_turn: int | None = Field(default=1, ge=1, le=MAX_RACK, description="Swaps per turn; null: no limit.")


class SpecialMoves(Strict):
    take_board_letter: TakeBoardLetter = Field(TakeBoardLetter(), description="Taking a letter from the board.")
    joker_swap: JokerSwap = Field(JokerSwap(), description="Swapping a joker off the board.")


class Premiums(Strict):
    reuse: Literal["once"] = Field("once", description="A premium counts once, for the turn that covers it.")
    order: Literal["letters_then_words"] = Field(
        "letters_then_words", description="Letter premiums first, then word premiums.")


class Exchange(Strict):
    allowed: bool = Field(True, description="Exchanging tiles is a turn.")
    min_bag: int = Field(default=0, ge=0, le=MAX_TILES, description="Tiles that must be in the bag to exchange.")
    return_before_draw: bool = Field(True, description="The tiles go back into the bag before drawing.")
    only_when_skipping: bool = Field(False, description="Exchanging is part of skipping the turn (Wortspieler).")


class Resign(Strict):
    allowed: bool = Field(True, description="A player may resign.")
    others_may_continue: bool = Field(True, description="The others may play on after a resignation.")
    others_choose: Literal["continue", "stop"] = Field(
        "continue", description="What the others do after a resignation in test games (at the table: "
                                "`Game.stop`).")
    resigner_ranks_last: bool = Field(True, description="A resigner ranks last.")


class Turns(Strict):
    pass_allowed: bool = Field(True, description="Passing is a turn.")
    exchange: Exchange = Field(Exchange(), description="Exchanging tiles.")
    resign: Resign = Field(Resign(), description="Resigning.")


ScorelessKind = Literal["pass", "exchange", "timeout", "invalid"]


class End(Strict):
    consecutive_scoreless_turns: int = Field(ge=1, le=MAX_TURN_COUNT,
                                             description="The run of turns without a word that ends the game.")
    scoreless_run_covers_all_players: bool = Field(
        False, description="The run must also give every active player a turn: "
                           "max(`consecutive_scoreless_turns`, active players).")
    scoreless_kinds: list[ScorelessKind] = Field(
        default=["pass", "exchange", "timeout", "invalid"], min_length=1,
        description="Which turns count towards the run; any other turn ends it.")
    out_of_tiles_with_empty_bag: bool = Field(
        True, description="The game ends when a player is out of tiles with the bag empty.")
    rack_penalty: bool = Field(False, description="Remaining rack values are subtracted at the end.")
    credit_penalties_to: Literal["nobody", "player_out", "last_placer", "last_placer_all"] = Field(
        "nobody", description="Who gains the subtracted values. Webfeud: \"Diese Punkte werden dann dem Spieler "
        "der zuletzt Spielsteine abgelegt hat gutgeschrieben.\" `nobody`; `player_out` (only a player who went "
        "out); `last_placer` (who last laid tiles, also at a scoreless end: the values subtracted from the "
        "others, his own deduction is not credited back); `last_placer_all` (the literal reading: every "
        "deduction, his own too, so at a scoreless end he loses nothing for his own rack).")
    passes_in_a_row_lose: int | None = Field(
        default=None, ge=1, le=MAX_TURN_COUNT,
        description="SmartFeud: \"Passt man dreimal hintereinander hat man verloren\". A player who passes "
                    "this often in a row leaves the game and ranks last.")
    passes_in_a_row_kinds: list[ScorelessKind] = Field(
        default=["pass", "timeout", "invalid"], min_length=1,
        description="Which turns are a pass for `passes_in_a_row_lose`: `pass`, `timeout` (the turn's time ran "
                    "out), `invalid` (a failed professional attempt), `exchange`; any other turn resets the "
                    "count. An exchange is always one with `turns.exchange.only_when_skipping` (exchanging is "
                    "part of skipping). Example: `[pass]` — only a pressed PAS counts.")


class TimeLimits(Strict):
    default: Duration | None = Field(None, description="The turn time limit, e.g. `5m` (a number + s/m/h/d).")
    options: list[Duration] = Field(default=[], max_length=100, description="The time limits players may pick.")

    @model_validator(mode="after")
    def _default_is_an_option(self) -> "TimeLimits":
        if self.default is not None and self.options and self.default not in self.options:
            raise ValueError(f"the default time limit {self.default!r} is not among the options "
                             f"({', '.join(self.options)}); `play` would refuse it")
        return self


class Modes(Strict):
    professional_available: bool = Field(False, description="The game offers professional mode.")
    professional: bool = Field(False, description="Professional mode: an invalid word ends the turn.")
    time_limits: TimeLimits = Field(TimeLimits(), description="Turn time limits.")


class Lengths(Strict):   # longer than the board: a cross-field problem (check_consistency)
    min: int = Field(ge=1, le=MAX_TILES, description="Shortest legal word.")
    max: int = Field(ge=1, le=MAX_TILES, description="Longest legal word (at most the board size).")


class DefaultSource(Strict):
    path: BundledCorpus = Field(description="A file inside the bundled `corpora/` folder.")
    format: SourceFormat = Field("auto", description="How to read it (`--format`): `auto` detects it; "
                                                     "`forms-nouns` reads only the noun rows of a forms table.")


def _as_default_source(value: object) -> object:
    """A bare path in `default_sources` is ``{path: ..., format: auto}``."""
    return {"path": value} if isinstance(value, str) else value


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
    allow_function_word_homographs: bool = Field(
        False, description="Accept rare nouns spelled like a frequent function word (Die, Oder, Leider; "
                           "corpora/curated/function-word-homographs.txt).")
    noun_evidence: Literal["headword", "caseless_is_nominative"] = Field(
        "headword", description="What a noun row without case features (a forms table's) says. `headword`: a "
        "row that is its own lemma is a headword, judged like one (nom-sg, or plurale-tantum, "
        "lexicalized-diminutive, diminutive-of by the curated lists), and a row with another lemma is an "
        "inflected form of it (`inflected-form:form-of:LEMMA`); `caseless_is_nominative`: every such row "
        "counts as a nominative, whatever its lemma (for a list whose lemma column cannot be trusted).")
    resolve_form_list_heads: bool = Field(
        True, description="Judge a compound whose head is itself a full-form list's row of its own lemma "
        "(Erd|ölaktien) by that head's own compound head (Öl|aktien: a plural), not as a headword.")
    refuse_suffix_misspellings: bool = Field(
        True, description="Refuse as `likely-misspelling` a noun no inflection table has whose -heit/-keit "
        "contradicts its base (Misshelligheit: -ig takes -keit).")
    rare_verb_endings_as_nouns: bool = Field(
        False, description="Read a full-form list's row that ends in a rare verb (Fernseh|gebühren) as a "
        "nominalised infinitive even when that ending is another noun's plural (off: a plural).")
    refuse_paradigm_plurals: bool = Field(
        True, description="Refuse a guessed compound noun (a full-form list's row, an unknown compound) whose "
        "head is a table's plural of S when modifier + S is a noun of the build: Wahl|fächer is the plural "
        "of Wahlfach, whatever der Fächer is.")
    refuse_isolated_plurals: bool = Field(
        True, description="Refuse a guessed compound noun that no other form of the build has (no -s, -n, -e ...) "
        "whose head is a productive noun's plural and otherwise a rare singular: Fußball|westen (Weste; der "
        "Westen heads few compounds) is a plural.")
    refuse_classical_plurals: bool = Field(
        True, description="Refuse a guessed noun in a Latin, Greek or Italian plural ending whose singular is a noun "
        "of the build: Residuen (Residuum), Eutrophika (Eutrophikum), Allegri (Allegro).")
    refuse_stem_forms: bool = Field(
        True, description="Refuse a guessed noun that is a capitalised word of the build + -s, -es, -n, -en or -e "
        "(a list row: not -e): Mansardendachs, Ökonometrikern, Husseins are forms of Mansardendach, Ökonometriker, "
        "Hussein, not nouns of their own.")
    refuse_adjective_forms: bool = Field(
        True, description="Refuse a guessed noun in -em or -en whose stem takes every other adjective ending in "
        "the build (Externe, Externen, Externer, Externes): a dative or oblique form of a nominalised adjective "
        "(mit Externem).")
    refuse_name_paradigms: bool = Field(
        True, description="Refuse as `proper-noun` an unknown compound (Hinden|burg) whose genitive in -s is a word "
        "of the build but no plural of its head is (Hindenburgs, no Hindenburgen): the build inflects it as a name.")
    refuse_region_names: bool = Field(
        True, description="Refuse as `proper-noun` a region modifier of corpora/curated/region-modifiers.txt "
        "(Nord, Ost, Mittel) + a head known only as a place's name (Ost|schweiz, Nord|irak), which tables file "
        "as plain nouns.")
    refuse_name_heads: bool = Field(
        True, description="Refuse as `proper-noun` an unknown compound or model noun whose head is a name-forming "
        "head of corpora/curated/name-heads.txt (Dorf, Berg, Heim, Bank) when the build has no plural of it: "
        "Wilmers|dorf, Stamm|heim, Commerz|bank.")
    ending_rescue_needs_table: bool = Field(
        True, description="A full-form list's row judged by its noun endings (Fernseh|aufnahmen) is kept as a "
        "singular only for an ending an inflection table reads so, not one that only a list row is "
        "(Fernsehauf|nahmen: Nahmen).")
    model_min_modifier: int = Field(
        3, ge=2, le=8, description="Letters before the known compound head that a noun only the statistical "
        "model supports needs (Gö|ring has 2: `unknown-word`).")
    excluded_registers: list[str] = Field(
        [], description="Registers to reject, e.g. `colloquial`, `technical`, `regional`.")
    lengths: Lengths = Field(description="Word lengths.")
    default_sources: list[Annotated[DefaultSource, BeforeValidator(_as_default_source)]] = Field(
        default=[DefaultSource(path="german-nouns/nouns.csv.xz")], max_length=20,
        description="The bundled corpora that `build` reads when no --source is given: each a path inside "
                    "`corpora/`, or `{path: ..., format: ...}` to say how to read it (e.g. `forms-nouns`).")


class Morphology(Strict):
    spacy_model: str | None = Field(None, description="An installed spaCy pipeline to use as an extra signal.")


class Ruleset(Strict):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$",
                      description="Lower-case letters, digits, `-` and `_`; the name a lexicon is built for.")
    title: str = Field(description="The game's title.")
    language: str = Field(description="The word language, e.g. `de`.")
    description: str = Field("", max_length=10_000, description="Free text (at most 10,000 characters).")
    extends: str | None = Field(None, description="A bundled ruleset name or a path (relative to this file) "
                                                  "to inherit from.")
    players: Players = Field(description="Allowed player counts.")
    board: Board = Field(description="The board and the first move.")
    alphabet: AlphabetSpec = Field(description="Tile letters and how words become tiles.")
    tiles: Tiles = Field(description="The tile bag.")
    rack: Rack = Field(description="Rack rules.")
    bingo: dict[BonusTiles, BonusPoints] = Field(
        description="The player's own tiles placed in one turn → bonus, e.g. `{7: 30, 8: 50}`; a letter taken "
                    "from the board is not an own tile.")
    bingo_with_board_letter: dict[BonusTiles, BonusPoints] = Field(
        {}, description="Own tiles placed together with a board letter, all in one word → bonus; "
                        "replaces the `bingo` entry (SmartFeud: `{7: 50}`). Which board letter counts: "
                        "`bingo_with_board_letter_counts`.")
    bingo_with_board_letter_counts: Literal["taken", "through"] = Field(
        "taken", description="SmartFeud: \"Wenn Sie alle 7 Buchstaben plus einen Buchstaben vom Brett in einem "
        "Wort verwenden, erhalten Sie einen Bonus von 50 Punkten.\" `taken`: the board letter is one taken "
        "from the board and laid in the word (needs `special_moves.take_board_letter.enabled`); `through`: "
        "also any board letter the word runs through (one or more), so 7 own tiles laid through a letter on "
        "the board earn the `bingo_with_board_letter` entry too.")
    placement: Placement = Field(description="Words per turn and how they connect.")
    special_moves: SpecialMoves = Field(SpecialMoves(), description="Take-a-letter and joker swaps.")
    premiums: Premiums = Field(Premiums(), description="How premium squares count.")
    turns: Turns = Field(Turns(), description="Pass, exchange and resign.")
    end: End = Field(description="When and how a game ends.")
    modes: Modes = Field(Modes(), description="Professional mode and time limits.")
    word_policy: WordPolicy = Field(description="Which dictionary entries become game words.")
    morphology: Morphology = Field(Morphology(), description="Extra morphology.")
    layout: Layout | None = Field(default=None, exclude=True)
    source: str | None = Field(default=None, exclude=True)
    warnings: tuple[str, ...] = Field(default=(), exclude=True)   # from loading, e.g. a dependant turned off

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
