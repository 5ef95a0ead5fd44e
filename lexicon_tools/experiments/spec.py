"""The experiment file's schema: what a sweep varies and how many games it plays.

An experiment file names a base ruleset, the games per variant and a master
seed, and either a ``grid`` (axes whose levels are combined, every level with
every other) or a list of ``variants``; with neither it plays the base alone.
Each level or variant is a `VariantSpec`: house-rule overrides (merged over the
base like a house-rules file's ``extends``), a layout file, a random board, a
tile set, a lexicon, the player count, the strategies and how the seats behave
(`play`'s ``--professional``, ``--time-limit``, ``--think``, ``--think-spread``,
``--invalid-rate``). An axis may also be
written ``{random_boards: {count: 20}}``: one level per random board seed.
``pairing``, ``baseline``, ``metrics`` and ``equivalence`` say how the variants
are compared (`experiments.paired`).

Only the schema lives here (no IO): `experiments.load` reads the file, and
validates the nested levels one by one so every problem gets its own line.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.+-]{0,39}$"
MAX_GAMES = 100_000_000
MAX_VARIANTS = 10_000
MAX_TOTAL_GAMES = 100_000_000   # games x variants of one sweep: planned lazily, but a bound on the work
MAX_VARIANT_NAME = 1_000      # a grid variant's name joins its levels: axis=level,axis=level
MAX_BATCHES = 1_000_000         # batches of one sweep: each is a file and a hash to plan

# Counts are whole numbers as written: `strict` refuses `true` (YAML's 1), `2.0` and "2".
Count = Annotated[int, Field(ge=0, le=2**62, strict=True)]


def _per_seat(value: Any) -> Any:
    """A per-seat value as `play` takes it (``"90s,4m"``, ``0.1``, ``"0.1,0"``) or a YAML list: as text."""
    if isinstance(value, list):
        if not value or not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value):
            raise ValueError("give one value, or a list of values, one per seat")
        return ",".join(str(v) for v in value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


# Per-seat values: one text "90s,4m" (repeated to fill the seats), a number (rates) or a list;
# kept as `play`'s comma-separated text, parsed against the variant's players by `variants`.
PerSeat = Annotated[str, BeforeValidator(_per_seat)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RandomBoardSpec(Strict):
    """One random board for a whole variant: the base's generator settings, this seed."""

    seed: int = Field(ge=0, le=2**62, strict=True)
    premiums: int | None = Field(default=None, ge=0, le=26 * 26, strict=True)
    counts: dict[Literal["DL", "TL", "DW", "TW"], Count] | None = None
    symmetry: Literal["none", "mirror", "rot180", "d4"] | None = None


class RandomBoardsAxis(Strict):
    """An axis of random boards: one level per seed (``seeds`` or ``count`` from ``first_seed``)."""

    seeds: list[Count] | None = Field(default=None, min_length=1, max_length=MAX_VARIANTS)
    count: int | None = Field(default=None, ge=1, le=MAX_VARIANTS, strict=True)
    first_seed: int = Field(default=1, ge=0, le=2**62, strict=True)
    premiums: int | None = Field(default=None, ge=0, le=26 * 26, strict=True)
    counts: dict[Literal["DL", "TL", "DW", "TW"], Count] | None = None
    symmetry: Literal["none", "mirror", "rot180", "d4"] | None = None

    def board_seeds(self) -> list[int]:
        return list(self.seeds) if self.seeds else [self.first_seed + i for i in range(self.count or 0)]


class VariantSpec(Strict):
    """What one level (or variant) changes; unset fields keep the experiment's defaults."""

    name: str | None = Field(default=None, pattern=NAME_PATTERN)
    ruleset: str | None = None               # another base: a bundled name or a (house-rules) file
    rules: dict[str, Any] | None = None      # house-rule overrides, merged like `extends` ($replace works)
    layout: str | None = None                # a layout file (relative to the experiment file)
    random_board: RandomBoardSpec | None = None
    tiles: dict[str, Any] | str | None = None   # a tile set replacing the base's: inline or a YAML file
    lexicon: str | None = None               # a .lex file
    leaves: str | None = None                # a leave-value file for equity seats (default: the ruleset's)
    players: int | None = Field(default=None, ge=1, le=8, strict=True)
    strategies: str | list[str] | None = None
    # the seats' behaviour and the clock, as `play`'s options
    professional: bool | None = Field(default=None, strict=True)
    time_limit: str | None = None
    think: PerSeat | None = None
    think_spread: float | None = Field(default=None, gt=0, le=5, strict=True)
    invalid_rate: PerSeat | None = None
    description: str = Field(default="", max_length=500)


class Experiment(Strict):
    """The top level of an experiment file."""

    name: str | None = Field(default=None, pattern=NAME_PATTERN)   # default: the file's name
    description: str = Field(default="", max_length=2000)
    base: str                                 # the base ruleset: a bundled name or a file
    lexicon: str | None = None                # default: the lexicon built for the base ruleset
    leaves: str | None = None                 # default: the bundled leave values of the ruleset (equity seats)
    games: int = Field(ge=1, le=MAX_GAMES, strict=True)    # games per variant
    seed: int = Field(default=0, ge=0, le=2**62, strict=True)
    batch_size: int = Field(default=25, ge=1, le=100_000, strict=True)
    players: int | None = Field(default=None, ge=1, le=8, strict=True)
    strategies: str | list[str] = "equity"   # as `play`
    professional: bool | None = Field(default=None, strict=True)   # default: the ruleset's modes.professional
    time_limit: str | None = None             # default: the ruleset's modes.time_limits.default
    think: PerSeat | None = None              # median thinking time per seat (`play --think`)
    think_spread: float = Field(default=0.6, gt=0, le=5, strict=True)
    invalid_rate: PerSeat | None = None       # per seat (`play --invalid-rate`)
    grid: dict[str, Any] | None = None        # axis name -> {level name: VariantSpec} | {random_boards: ...}
    # Common random numbers: "deals" (default) plays game i of every variant on the same deal (same
    # seed, so the same bag, racks, seats and player randomness); "none" gives each variant its own.
    pairing: Literal["deals", "none"] = "deals"
    baseline: str | None = Field(default=None, pattern=NAME_PATTERN)   # default: the first variant
    metrics: list[str] | None = Field(default=None, min_length=1, max_length=50)   # the tested metrics
    equivalence: dict[str, float] | None = None   # metric -> margin: an interval inside ±margin decides
    variants: list[Any] | None = Field(default=None, min_length=1, max_length=MAX_VARIANTS)


def strategy_text(value: str | list[str] | None) -> str | None:
    """Strategies as `parse_strategies` takes them: ``greedy,random``."""
    if value is None:
        return None
    return ",".join(value) if isinstance(value, list) else value

