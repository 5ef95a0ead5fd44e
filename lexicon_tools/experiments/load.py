"""Read an experiment file into a `Plan`, reporting every problem with its file and line.

Steps: `read_yaml` (safe_load, bounds, each key's line) → the top-level schema →
expansion of the ``grid`` (every level of every axis combined) or the list of
``variants`` into one combined `VariantSpec` per variant, each field remembering
the line it came from → `variants.resolve_variant` for each (house rules merged
and validated by the ruleset loader, layout, random board, tile set, lexicon).
Problems are collected across the whole file and raised once as an
`ExperimentError`.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from lexicon_tools.errors import ExperimentError, Problem
from lexicon_tools.experiments.plan import Plan
from lexicon_tools.experiments.spec import (MAX_BATCHES, MAX_TOTAL_GAMES, MAX_VARIANT_NAME, MAX_VARIANTS,
                                            NAME_PATTERN, Experiment, RandomBoardsAxis,
                                            RandomBoardSpec, VariantSpec)
from lexicon_tools.io.guard.located_yaml import Location, locate, read_yaml

SCALAR_FIELDS = ("ruleset", "layout", "random_board", "tiles", "lexicon", "leaves", "players", "strategies",
                 "professional", "time_limit", "think", "think_spread", "invalid_rate")


class Problems:
    """Collects located problems of one experiment file."""

    def __init__(self, path: Path, locations: dict[tuple, Location]):
        self.path, self.locations, self.items = path, locations, []

    def add(self, where: tuple, message: str) -> None:
        loc = locate(where, self.locations)
        self.items.append(Problem(message, loc[0] if loc else str(self.path), loc[1] if loc else None,
                                  ".".join(str(p) for p in where) or None))

    def extend(self, problems: list[Problem]) -> None:
        self.items.extend(problems)

    def line(self, where: tuple) -> str:
        loc = locate(where, self.locations)
        return f"{loc[0]}:{loc[1]}" if loc else str(self.path)

    def raise_if_any(self) -> None:
        if self.items:
            raise ExperimentError(f"experiment {self.path} is invalid ({len(self.items)} problem(s))",
                                  problems=self.items)


class Combined:
    """One variant's settings, gathered from its levels; `where[field]` is the key path it came from."""

    def __init__(self, name: str, defined_at: tuple):
        self.name, self.defined_at = name, defined_at
        self.values: dict[str, Any] = {}
        self.where: dict[str, tuple] = {}
        self.rules: list[tuple[dict, tuple]] = []      # (overrides, key path of `rules`) in axis order

    def settings(self) -> dict[str, Any]:
        out = {k: (v.model_dump(exclude_none=True) if isinstance(v, BaseModel) else v)
               for k, v in self.values.items()}
        if self.rules:
            out["rules"] = [r for r, _ in self.rules] if len(self.rules) > 1 else self.rules[0][0]
        return out


def load_experiment(path: str | Path) -> Plan:
    from lexicon_tools.experiments.variants import Resolver

    path = Path(path)
    data, locations = read_yaml(path, "Give the path of an experiment YAML file (see docs/guides/experiments.md).")
    problems = Problems(path, locations)
    if not isinstance(data, dict):
        raise ExperimentError(f"{path}:1: an experiment file must be a YAML mapping of fields, "
                              f"got {type(data).__name__}", "Start from the example in docs/guides/experiments.md.")
    experiment = _model(Experiment, data, (), problems)
    problems.raise_if_any()
    combined = _bounded(experiment, _expand(experiment, problems), problems)   # reported with the variants' own
    resolver = Resolver(path, experiment, problems)
    variants = [v for v in (resolver.resolve(c) for c in combined) if v is not None]
    metrics = _comparison(experiment, [c.name for c in combined], problems)
    problems.raise_if_any()
    name = experiment.name or _name_from(path)
    return Plan(name, str(path), experiment.description, experiment.seed, experiment.games,
                experiment.batch_size, variants, experiment.pairing, experiment.baseline, metrics,
                dict(experiment.equivalence or {}))


def _comparison(experiment: Experiment, names: list[str], problems: Problems) -> tuple[str, ...]:
    """Check ``baseline``, ``metrics`` and ``equivalence``; returns the tested metrics."""
    from lexicon_tools.experiments.metrics import DEFAULT_TESTED, known

    if experiment.baseline is not None and names and experiment.baseline not in names:
        problems.add(("baseline",), f"baseline {experiment.baseline!r} is not a variant of this experiment; "
                                    f"use one of: {', '.join(names[:20])}")
    for i, key in enumerate(experiment.metrics or ()):
        if not known(key):
            problems.add(("metrics", i), f"unknown metric {key!r}; see the metrics listed in "
                                         "docs/guides/experiments.md (e.g. score, margin, bingos_30)")
    if experiment.metrics and len(set(experiment.metrics)) < len(experiment.metrics):
        problems.add(("metrics",), "a metric is listed twice")
    tested = tuple(dict.fromkeys(experiment.metrics or DEFAULT_TESTED))
    for key, margin in (experiment.equivalence or {}).items():
        if key not in tested:
            problems.add(("equivalence", key), f"{key!r} is not one of the tested metrics ({', '.join(tested)}); "
                                               "add it to 'metrics' or drop its margin")
        elif not margin > 0:
            problems.add(("equivalence", key), f"the margin of {key!r} must be a positive number, not {margin}")
    return tuple(experiment.metrics or ())


def _bounded(experiment: Experiment, combined: list[Combined], problems: Problems) -> list[Combined]:
    """The variants, unless the sweep's games (games x variants) or batches pass their bounds: then a
    located problem and none (nothing is resolved or planned for a sweep that cannot run)."""
    total = experiment.games * len(combined)
    batches = -(-experiment.games // experiment.batch_size) * len(combined)
    if total > MAX_TOTAL_GAMES:
        problems.add(("games",), f"the sweep plans {len(combined):,} variant(s) x {experiment.games:,} games = "
                                 f"{total:,} games, more than {MAX_TOTAL_GAMES:,}; play fewer games per variant "
                                 "or vary fewer settings")
        return []
    if batches > MAX_BATCHES:
        problems.add(("batch_size",), f"the sweep plans {batches:,} batches of up to {experiment.batch_size:,} "
                                      f"games, more than {MAX_BATCHES:,}; raise batch_size")
        return []
    return combined


def _name_from(path: Path) -> str:
    stem = re.sub(r"[^A-Za-z0-9_.+-]", "-", path.stem)[:40].strip("-._+") or "experiment"
    return stem if re.match(NAME_PATTERN, stem) else "experiment"


def _model(cls: type[BaseModel], data: Any, where: tuple, problems: Problems):
    if data is None:
        data = {}
    if not isinstance(data, dict):
        problems.add(where, f"expected a mapping of fields, got {type(data).__name__}")
        return None
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            problems.add(where + tuple(err["loc"]), _describe(err))
        return None


def _describe(err: dict) -> str:
    if err["type"] == "extra_forbidden":
        return f"unknown key {err['loc'][-1]!r}; check the spelling against the documented fields"
    if err["type"] == "missing":
        return f"required field {err['loc'][-1]!r} is missing"
    if err["type"] == "string_pattern_mismatch":
        return (f"{str(err.get('input'))[:60]!r} is not a usable name: letters, digits and . _ + - "
                "(at most 40, starting with a letter or digit)")
    return f"{err['msg']} (got {repr(err.get('input'))[:80]})"


def _expand(experiment: Experiment, problems: Problems) -> list[Combined]:
    if experiment.grid is not None and experiment.variants is not None:
        problems.add(("variants",), "give either 'grid' or 'variants', not both")
        return []
    if experiment.grid is not None:
        return _expand_grid(experiment.grid, problems)
    if experiment.variants is not None:
        return _expand_list(experiment.variants, problems)
    return [Combined("base", ())]


def _expand_list(items: list[Any], problems: Problems) -> list[Combined]:
    out, seen = [], {}
    for i, item in enumerate(items):
        spec = _model(VariantSpec, item, ("variants", i), problems)
        if spec is None:
            continue
        name = spec.name or f"variant-{i + 1}"
        if name in seen:
            problems.add(("variants", i, "name"), f"variant name {name!r} is used twice (first: variant "
                                                  f"{seen[name] + 1}); names must be unique")
        seen[name] = i
        combined = Combined(name, ("variants", i))
        _absorb(combined, spec, ("variants", i), problems)
        out.append(combined)
    return out


def _expand_grid(grid: dict[str, Any], problems: Problems) -> list[Combined]:
    axes: list[tuple[str, list[tuple[str, VariantSpec, tuple]]]] = []
    if not grid:
        problems.add(("grid",), "the grid has no axes; give at least one axis with its levels")
    for axis, levels in grid.items():
        where = ("grid", axis)
        if not re.match(NAME_PATTERN, str(axis)):
            problems.add(where, f"axis name {str(axis)[:60]!r} is not a usable name (letters, digits, . _ + -)")
            continue
        parsed = _axis_levels(levels, where, problems)
        if parsed:
            axes.append((str(axis), parsed))
    if not axes:   # every axis was dropped, each with its own located problem: no variant to make
        return []
    total = 1
    for _axis, levels in axes:
        total *= len(levels)
    if total > MAX_VARIANTS:
        problems.add(("grid",), f"the grid makes {total:,} variants, more than {MAX_VARIANTS:,}")
        return []
    out = []
    for combo in itertools.product(*(levels for _axis, levels in axes)):
        parts = [(axis, level) for (axis, _levels), level in zip(axes, combo)]
        name = parts[0][1][0] if len(parts) == 1 else ",".join(f"{axis}={lvl[0]}" for axis, lvl in parts)
        if len(name) > MAX_VARIANT_NAME:
            problems.add(("grid",), f"the grid's {len(axes)} axes make variant names of {len(name):,} "
                                    f"characters (axis=level,...), more than {MAX_VARIANT_NAME:,}; use fewer "
                                    "axes or shorter names")
            return []
        combined = Combined(name, combo[0][2])
        for _axis, (_level, spec, where) in parts:
            _absorb(combined, spec, where, problems)
        out.append(combined)
    return out


def _axis_levels(levels: Any, where: tuple, problems: Problems) -> list[tuple[str, VariantSpec, tuple]]:
    if not isinstance(levels, dict) or not levels:
        problems.add(where, "an axis is a mapping of level names to what each level sets "
                            "(or {random_boards: {count: N}})")
        return []
    if set(levels) == {"random_boards"}:
        spec = _model(RandomBoardsAxis, levels["random_boards"], where + ("random_boards",), problems)
        if spec is None:
            return []
        if not spec.seeds and not spec.count:
            problems.add(where + ("random_boards",), "give the boards' 'seeds' (a list) or their 'count'")
            return []
        board = {k: getattr(spec, k) for k in ("premiums", "counts", "symmetry")}
        return [(f"board{seed}", VariantSpec(random_board=RandomBoardSpec(seed=seed, **board)),
                 where + ("random_boards",)) for seed in spec.board_seeds()]
    out = []
    for level, value in levels.items():
        if not re.match(NAME_PATTERN, str(level)):
            problems.add(where + (level,), f"level name {str(level)[:60]!r} is not a usable name "
                                           "(letters, digits, . _ + -)")
            continue
        spec = _model(VariantSpec, value, where + (level,), problems)
        if spec is not None:
            out.append((str(level), spec, where + (level,)))
    return out


def _absorb(combined: Combined, spec: VariantSpec, where: tuple, problems: Problems) -> None:
    """Add one level's settings; two levels setting the same field is a problem."""
    if spec.rules:
        combined.rules.append((spec.rules, where + ("rules",)))
    for name in SCALAR_FIELDS:
        value = getattr(spec, name)
        if value is None:
            continue
        if name in combined.values:
            problems.add(where + (name,), f"variant {combined.name!r}: {name!r} is set by two levels "
                                          f"(also at {problems.line(combined.where[name])}); set it on one axis only")
            continue
        combined.values[name] = value
        combined.where[name] = where if where[-1] == "random_boards" else where + (name,)
