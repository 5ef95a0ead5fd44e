"""A resolved experiment: its variants, their game seeds, and batches with deterministic ids.

Seeds (common random numbers): by default (``pairing: deals``) game *i* of every
variant plays deal *i*, whose seed is ``Random("s/deal i").getrandbits(62)`` for
master seed *s* (Python seeds a `Random` from a string through SHA-512). The engine
derives everything else in a game from its seed (`engine.runner`): the bag order
and so the racks (the same tiles as far as two variants' tile sets agree), the
seat order and every seat's own random choices. So the variants of an experiment
differ in their rules only, not in their luck, and the report compares them game
by game (`experiments.paired`): the deal's luck cancels out of each difference,
which needs several times fewer games for the same interval. With ``pairing:
none`` game *i* of variant *v* has the seed ``Random("s/v/game i")`` instead: the
variants play independent deals. Either way a seed depends only on the master
seed, the game's index (and the variant's name without pairing), never on which
worker plays it or when. Every row carries its ``deal``: the deal's seed when
paired, the game's own seed otherwise, so rows of one deal join on it.

Batches: the games of a variant are cut into runs of ``batch_size`` from game 0.
A batch's id is a hash of what decides its games: the variant's content (rules,
lexicon, seats, strategies, the seats' behaviour, its name, the master seed and
the pairing) and the game range. The games per variant are not part of a batch's
content: a sweep grown to more games (`sweep --until-decided`) keeps its batches.
The dataset keeps one file per batch under that id, so a rerun knows which
batches are already written, and two runs of the same batch write the same file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from lexicon_tools.engine.behaviour import PlayerModel
from lexicon_tools.engine.rules import Rules


def variant_game_seed(master_seed: int, variant: str, index: int) -> int:
    """The seed of game `index` (0-based) of `variant` when the variants are not paired."""
    return random.Random(f"{master_seed}/{variant}/game{index}").getrandbits(62)


def deal_seed(master_seed: int, index: int) -> int:
    """The seed of deal `index`: game `index` of every variant of a paired experiment."""
    return random.Random(f"{master_seed}/deal{index}").getrandbits(62)


def game_seed(master_seed: int, variant: str, index: int, paired: bool) -> int:
    return deal_seed(master_seed, index) if paired else variant_game_seed(master_seed, variant, index)


def content_hash(*parts: Any) -> str:
    """A stable hex digest of JSON-able parts (sorted keys)."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Behaviour:
    """How the seats play besides their strategy, as `play`'s options: None keeps the ruleset's mode."""

    professional: bool | None = None
    time_limit: str | None = None                      # one of the ruleset's limits, or "none"
    models: tuple[PlayerModel, ...] | None = None      # thinking time and invalid attempts per seat

    def describe(self) -> dict[str, Any]:
        """What is set, for the manifest and `sweep --check`: per seat for the models."""
        out: dict[str, Any] = {k: v for k, v in (("professional", self.professional),
                                                 ("time_limit", self.time_limit)) if v is not None}
        models = self.models or ()
        if any(m.think_median is not None for m in models):
            out["think"] = [m.think_median for m in models]
            out["think_spread"] = models[0].think_spread
        if any(m.invalid_rate for m in models):
            out["invalid_rate"] = [m.invalid_rate for m in models]
        return out

    def key(self) -> list:
        models = [[m.think_median, m.think_spread, m.invalid_rate] for m in self.models or ()]
        return ["behaviour", self.professional, self.time_limit, models]


@dataclass(frozen=True)
class Variant:
    name: str
    settings: dict[str, Any]          # what the variant sets, as written (for the manifest and report)
    rules: Rules = field(repr=False)
    rules_hash: str                   # content of the compiled ruleset and its layout
    lexicon_path: str
    lexicon_hash: str                 # sha256 of the .lex file's bytes
    players: int
    strategies: tuple[str, ...]
    board: dict[str, Any]             # rows, cols, premiums [[square, kind]], start, random_per_game
    leaves: Any = field(default=None, repr=False)   # the equity seats' `engine.leaves.LeaveTable`, if any
    leaves_hash: str = ""
    note: str | None = None           # e.g. no leave values for this ruleset
    behaviour: Behaviour | None = None   # None: as `play` without --professional/--think/... options

    def fingerprint(self, master_seed: int, paired: bool = False) -> str:
        parts = [self.name, self.rules_hash, self.lexicon_hash, self.players, list(self.strategies), master_seed]
        # Optional parts join only when set, so batch ids of designs without them stay as they were.
        return content_hash("variant", *parts, *([self.leaves_hash] if self.leaves_hash else []),
                            *([self.behaviour.key()] if self.behaviour else []), *(["deals"] if paired else []))


@dataclass(frozen=True)
class Batch:
    id: str
    variant: str
    start: int                        # first game index (0-based)
    stop: int                         # one past the last

    @property
    def games(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True)
class BatchTask:
    """What a worker needs besides the ruleset and lexicon (which travel once per worker)."""

    experiment: str
    batch: Batch
    master_seed: int
    strategies: tuple[str, ...]
    rules_hash: str
    lexicon_hash: str
    leaves_hash: str = ""
    behaviour: Behaviour | None = None
    paired: bool = False              # game i plays deal i (`deal_seed`), as in every other variant

    def seed(self, index: int) -> int:
        return game_seed(self.master_seed, self.batch.variant, index, self.paired)


@dataclass
class Plan:
    experiment: str
    source: str                       # the experiment file
    description: str
    seed: int
    games: int                        # per variant
    batch_size: int
    variants: list[Variant]
    pairing: str = "deals"            # "deals" (common random numbers) or "none"
    baseline: str | None = None       # the variant the others are compared with (None: the first)
    metrics: tuple[str, ...] = ()     # the metrics tested (and corrected for together); () = the defaults
    equivalence: dict[str, float] = field(default_factory=dict)   # metric -> margin

    @property
    def paired(self) -> bool:
        return self.pairing == "deals"

    def with_games(self, games: int) -> Plan:
        """The same design with `games` per variant: its batches are a prefix or extension of this one's."""
        return dataclasses.replace(self, games=games)

    def batches(self) -> "Batches":
        """Every batch, variant by variant, in game order: made lazily, as they are iterated."""
        return Batches(self)

    @property
    def total_games(self) -> int:
        return self.games * len(self.variants)

    def task(self, batch: Batch) -> BatchTask:
        variant = self.variant(batch.variant)
        return BatchTask(self.experiment, batch, self.seed, variant.strategies, variant.rules_hash,
                         variant.lexicon_hash, variant.leaves_hash, variant.behaviour, self.paired)

    def variant(self, name: str) -> Variant:
        return next(v for v in self.variants if v.name == name)

    def fingerprint(self) -> str:
        """Changes whenever a batch's games would: a results folder belongs to one fingerprint."""
        return content_hash("experiment", self.experiment, self.seed, self.games, self.batch_size,
                            [v.fingerprint(self.seed, self.paired) for v in self.variants])

    def design(self) -> str:
        """The fingerprint without the game count: a folder may grow to more games of the same design."""
        return content_hash("design", self.experiment, self.seed, self.batch_size,
                            [v.fingerprint(self.seed, self.paired) for v in self.variants])

    def manifest(self) -> dict[str, Any]:
        """The JSON written beside the results (what the report needs to know besides the rows)."""
        return {
            "format": "lexicon-tools-sweep/1", "experiment": self.experiment, "source": self.source,
            "description": self.description, "seed": self.seed, "games_per_variant": self.games,
            "batch_size": self.batch_size, "fingerprint": self.fingerprint(), "design": self.design(),
            "pairing": self.pairing, "baseline": self.baseline, "metrics": list(self.metrics),
            "equivalence": dict(self.equivalence),
            "variants": [{"name": v.name, "settings": v.settings, "players": v.players,
                          "strategies": list(v.strategies), "ruleset": v.rules.name,
                          "rules_hash": v.rules_hash, "lexicon": v.lexicon_path,
                          "lexicon_hash": v.lexicon_hash, "leaves_hash": v.leaves_hash, "board": v.board,
                          "behaviour": v.behaviour.describe() if v.behaviour else {}}
                         for v in self.variants],
        }


class Batches:
    """A plan's batches as a lazy sequence: its length and games are arithmetic, each batch (and its id,
    a hash) is made only when iteration reaches it, so planning a sweep costs no memory per batch."""

    def __init__(self, plan: Plan):
        self.plan = plan

    def __len__(self) -> int:
        return len(self.plan.variants) * -(-self.plan.games // self.plan.batch_size)

    @property
    def games(self) -> int:
        return self.plan.total_games

    def __iter__(self):
        plan = self.plan
        for variant in plan.variants:
            key = variant.fingerprint(plan.seed, plan.paired)
            for start in range(0, plan.games, plan.batch_size):
                stop = min(plan.games, start + plan.batch_size)
                yield Batch(content_hash(key, start, stop)[:24], variant.name, start, stop)
