"""Turn one variant's combined settings into a playable `Variant`, reusing the ruleset loader.

House rules: the variant's ``rules`` overrides (and a ``tiles`` set, and a ``layout``
file) are merged over the base ruleset's document with `io.formats.rulesets.deep_merge`, the
merge house-rules files get from ``extends`` (``$replace: true`` replaces a mapping
whole). The locations of the overriding keys are those in the experiment file, so
the ruleset validator (`validate_ruleset_document`: schema, layout, consistency)
names the experiment's lines for what a variant changed, and the base file's lines
for the rest. A random board is generated once per variant with the base's
generator settings and the variant's seed. The lexicon is checked against the
variant's alphabet and ruleset as `play` checks it.
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path
from typing import Any

from lexicon_tools.errors import LexiconFileError, LexiconToolsError, Problem
from lexicon_tools.experiments.load import Combined, Problems
from lexicon_tools.experiments.plan import Behaviour, Variant, content_hash
from lexicon_tools.experiments.spec import Experiment, strategy_text
from lexicon_tools.io.guard.located_yaml import Location, locate, read_yaml
from lexicon_tools.io.formats.rulesets import (deep_merge, disable_dependants, load_ruleset_document,
                                               validate_ruleset_document)


class Resolver:
    def __init__(self, path: Path, experiment: Experiment, problems: Problems):
        self.path, self.folder, self.experiment, self.problems = path, path.parent, experiment, problems
        self._bases: dict[str, Any] = {}
        self._lexicon_hashes: dict[str, str] = {}

    def resolve(self, c: Combined) -> Variant | None:
        before = len(self.problems.items)
        base_name = c.values.get("ruleset", self.experiment.base)
        base = self._base(base_name, c.where.get("ruleset", ("base",)))
        if base is None:
            return None
        data, locations, base_path = base
        override, override_locations = self._overrides(c)
        merged_locations = dict(locations)
        merged_locations.update(override_locations)
        merged = deep_merge(data, override)
        warnings = disable_dependants(data, override, merged, override_locations, self.path) if override else []
        try:
            rs = validate_ruleset_document(merged, merged_locations, base_path)
        except LexiconToolsError as exc:
            self._variant_problems(c, exc)
            self._seats(c, None)    # the strategies' names can be checked without the ruleset
            return None
        rules, board = self._board(c, rs)
        players, strategies = self._seats(c, rules)
        lexicon_path, lexicon_hash = self._lexicon(c, rules, base_name, rs.extends)
        leaves, leaves_hash, note = self._leaves(c, rules, strategies, rs.extends)
        if warnings:                     # a feature the variant switched off took its dependants along
            note = "; ".join([f"variant {c.name!r}: warning: {w}" for w in warnings] + ([note] if note else []))
        behaviour = self._behaviour(c, rules, players)
        if len(self.problems.items) > before or rules is None:
            return None
        document = rs.model_dump(mode="json")
        document["board"].pop("layout", None)   # a path on this machine; `board` holds the layout's content
        rules_hash = content_hash(document, board)
        return Variant(c.name, c.settings(), rules, rules_hash, lexicon_path, lexicon_hash, players,
                       tuple(strategies), board, leaves, leaves_hash, note, behaviour)

    # -- the ruleset --------------------------------------------------------------------------
    def _base(self, name: str, where: tuple):
        if name not in self._bases:
            try:
                self._bases[name] = load_ruleset_document(name, relative_to=self.folder)
            except LexiconToolsError as exc:
                self._bases[name] = None
                self.problems.add(where, exc.message + (f" ({exc.hint})" if exc.hint else ""))
                self.problems.extend(exc.problems)
        return self._bases[name]

    def _overrides(self, c: Combined) -> tuple[dict[str, Any], dict[tuple, Location]]:
        override: dict[str, Any] = {}
        located: dict[tuple, Location] = {}
        for rules, where in c.rules:
            rules = self._absolute_layout(rules)
            override = deep_merge(override, rules) if override else rules
            located.update(_relocated(self.problems.locations, where, ()))
        tiles = c.values.get("tiles")
        if tiles is not None:
            tiles_doc, tiles_locations = self._tiles(tiles, c.where["tiles"])
            if tiles_doc is not None:
                override = deep_merge(override, {"tiles": {"$replace": True, **tiles_doc}})
                located.update(tiles_locations)
        if "layout" in c.values:
            layout = str((self.folder / c.values["layout"]).resolve())
            override = deep_merge(override, {"board": {"layout": layout}})
            located[("board", "layout")] = self._where(c.where["layout"])
        return override, located

    def _absolute_layout(self, rules: dict[str, Any]) -> dict[str, Any]:
        board = rules.get("board")
        if isinstance(board, dict) and isinstance(board.get("layout"), str):
            layout = Path(board["layout"])
            if not layout.is_absolute():
                return dict(rules, board=dict(board, layout=str((self.folder / layout).resolve())))
        return rules

    def _tiles(self, tiles: dict | str, where: tuple) -> tuple[dict | None, dict[tuple, Location]]:
        if isinstance(tiles, dict):
            return tiles, _relocated(self.problems.locations, where, ("tiles",))
        file = self.folder / tiles
        try:
            data, locations = read_yaml(file, "Give a YAML file holding a ruleset's 'tiles' mapping.")
        except LexiconToolsError as exc:
            self.problems.add(where, exc.message)
            return None, {}
        if isinstance(data, dict) and isinstance(data.get("tiles"), dict):
            return data["tiles"], _relocated(locations, ("tiles",), ("tiles",))
        if isinstance(data, dict):
            return data, _relocated(locations, (), ("tiles",))
        self.problems.add(where, f"{file} is not a tile set: expected a mapping with 'total', 'blank', 'letters'")
        return None, {}

    def _where(self, where: tuple) -> Location:
        return locate(where, self.problems.locations) or (str(self.path), 1)

    def _variant_problems(self, c: Combined, exc: LexiconToolsError) -> None:
        at = self.problems.line(c.defined_at) if c.defined_at else str(self.path)
        head = f"variant {c.name!r} (defined at {at})"
        if not exc.problems:
            self.problems.add(c.defined_at, f"{head}: {exc.message}")
        for p in exc.problems:
            self.problems.extend([Problem(f"{head}: {p.message}", p.file, p.line, p.field)])

    # -- board, seats, lexicon ----------------------------------------------------------------
    def _board(self, c: Combined, rs):
        from lexicon_tools.engine.rules import Rules

        rules = Rules.from_ruleset(rs)
        spec = c.values.get("random_board")
        if spec is not None:
            from lexicon_tools.board.generate import generate_layout, request_from_ruleset

            request = request_from_ruleset(rs)
            request.update({k: v for k, v in (("total", spec.premiums), ("counts", spec.counts),
                                              ("symmetry", spec.symmetry)) if v is not None})
            try:
                layout = generate_layout(**request, seed=spec.seed)
            except LexiconToolsError as exc:
                self.problems.add(c.where["random_board"], f"variant {c.name!r}: no random board can be made: "
                                                           f"{exc.message}")
                return None, {}
            rules = dataclasses.replace(rules.with_layout(layout), random_board=None)   # one board, every game
        layout = rules.layout
        board = {"rows": rules.rows, "cols": rules.cols, "name": getattr(layout, "name", ""),
                 "premiums": [[r * rules.cols + col, kind] for (r, col), kind in sorted(layout.premiums.items())],
                 "start": list(rules.start_squares), "random_per_game": bool(rules.random_board)}
        return rules, board

    def _seats(self, c: Combined, rules) -> tuple[int, list[str]]:
        from lexicon_tools.engine.strategy import parse_strategies

        players = c.values.get("players", self.experiment.players) or (rules.players_min if rules else 8)
        where = c.where.get("players", ("players",))
        if rules is not None and not rules.players_min <= players <= rules.players_max:
            self.problems.add(where, f"variant {c.name!r}: {rules.name} is played by {rules.players_min}-"
                                     f"{rules.players_max} players, not {players}")
            return players, []
        text = strategy_text(c.values.get("strategies", self.experiment.strategies))
        try:
            return players, parse_strategies(text, players)
        except LexiconToolsError as exc:
            self.problems.add(c.where.get("strategies", ("strategies",)),
                              f"variant {c.name!r}: {exc.message}" + (f" ({exc.hint})" if exc.hint else ""))
            return players, []

    def _setting(self, c: Combined, name: str) -> tuple[Any, tuple]:
        """A field's value for this variant (its level's, else the experiment's) and where it is written."""
        if name in c.values:
            return c.values[name], c.where[name]
        return getattr(self.experiment, name), (name,)

    def _behaviour(self, c: Combined, rules, players: int) -> Behaviour | None:
        """`play`'s --professional, --time-limit, --think, --think-spread, --invalid-rate, checked as the game would."""
        from lexicon_tools.engine.behaviour import parse_models
        from lexicon_tools.engine.rules import parse_duration

        fields = {name: self._setting(c, name) for name in
                  ("professional", "time_limit", "think", "think_spread", "invalid_rate")}
        (professional, at), (limit, limit_at) = fields["professional"], fields["time_limit"]
        if rules is None:
            return None
        ok = True
        if professional and not rules.professional_available:
            ok = self._problem(c, at, f"{rules.name} has no professional mode",
                               "set rules: {modes: {professional_available: true}} on the variant to allow it")
        if limit is not None and limit != "none":
            try:
                parse_duration(limit)
            except LexiconToolsError as exc:
                ok = self._problem(c, limit_at, exc.message, exc.hint)
            else:
                if rules.time_limit_options and limit not in rules.time_limit_options:
                    ok = self._problem(c, limit_at, f"time limit {limit!r} is not an option of {rules.name}",
                                       f"choose one of: {', '.join(rules.time_limit_options)}, or none")
        spread = fields["think_spread"][0]
        for name, flag in (("think", "think"), ("invalid_rate", "invalid")):
            text, where = fields[name]
            count = len([t for t in (text or "").split(",") if t.strip()])
            if count > players:
                ok = self._problem(c, where, f"{count} values for {name!r} with {players} players",
                                   "give at most one value per seat; fewer values repeat to fill the seats")
                continue
            try:
                parse_models(**{"think": None, "invalid": None, flag: text}, spread=spread, players=players)
            except LexiconToolsError as exc:
                ok = self._problem(c, where, exc.message, exc.hint)
        if not ok:
            return None
        models = parse_models(fields["think"][0], fields["invalid_rate"][0], spread, players)
        behaviour = Behaviour(professional, limit, tuple(models) if any(m.active for m in models) else None)
        return behaviour if behaviour != Behaviour() else None

    def _problem(self, c: Combined, where: tuple, message: str, hint: str | None) -> bool:
        self.problems.add(where, f"variant {c.name!r}: {message}" + (f" ({hint})" if hint else ""))
        return False

    def _leaves(self, c: Combined, rules, strategies: list[str], extends: str | None):
        """(table, content hash, note) for equity seats or a given leave file; (None, "", None) otherwise."""
        from lexicon_tools.io.formats.leavefile import load_for

        given = c.values.get("leaves", self.experiment.leaves)
        from lexicon_tools.engine.strategy import uses_leaves

        if rules is None or not (uses_leaves(strategies) or given):
            return None, "", None
        where = c.where.get("leaves", ("leaves",) if self.experiment.leaves else ("strategies",))
        try:
            table, note = load_for(rules, (self.folder / given).resolve() if given else None,
                                   also_for=Path(extends).stem if extends else None)
        except LexiconToolsError as exc:
            self.problems.add(where, f"variant {c.name!r}: {exc.message}" + (f" ({exc.hint})" if exc.hint else ""))
            return None, "", None
        return table, _leaves_hash(table), note

    def _lexicon(self, c: Combined, rules, base_name: str, extends: str | None) -> tuple[str, str]:
        from lexicon_tools.io.formats.lexfile import resolve_lexicon_path
        from lexicon_tools.jobs.play import open_judge

        if rules is None:
            return "", ""
        given = c.values.get("lexicon", self.experiment.lexicon)
        where = c.where.get("lexicon", ("lexicon",) if self.experiment.lexicon else ("base",))
        lexicon = str((self.folder / given).resolve()) if given else None
        try:
            # Workers trust a lexicon whose bytes have this hash without walking its word graph again
            # (`worker._judge`), so the hash is of the bytes `open_judge` checked: taken before and
            # after, and the file is refused if it changed in between.
            path = str(resolve_lexicon_path(lexicon, None if lexicon else base_name))
            before = self._lexicon_hashes.get(path) or _file_hash(path)
            path, _judge = open_judge(rules, path, base_name, also_for=Path(extends).stem if extends else None)
            if path not in self._lexicon_hashes:
                if before is None or _file_hash(path) != before:
                    raise LexiconFileError(f"lexicon {path} changed while it was read",
                                           "Run the sweep again once it is rebuilt.")
                self._lexicon_hashes[path] = before
        except LexiconToolsError as exc:
            hint = exc.hint
            if not lexicon and exc.message.startswith("no lexicon has been built"):   # sweep has no --lexicon
                hint = (f"build it with `lexicon-tools build --ruleset {base_name}`, or name a .lex file in the "
                        "experiment's `lexicon:` field (or a variant's)")
            self.problems.add(where, f"variant {c.name!r}: {exc.message}" + (f" ({hint})" if hint else ""))
            return "", ""
        return path, self._lexicon_hashes[path]


def _file_hash(path: str) -> str | None:
    """None if unreadable or not a regular file (a FIFO, /dev/zero): `open_judge` then names the problem
    as `play` does, without this reading it first."""
    from lexicon_tools.io.guard.paths import open_regular

    try:
        with open_regular(path, "a lexicon file") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except (OSError, LexiconToolsError):
        return None


def _leaves_hash(table) -> str:
    return content_hash("leaves", table.ruleset, table.letters, table.rack_size, table.mode,
                        sorted((k.hex(), v) for k, v in table.values.items()))


def _relocated(locations: dict[tuple, Location], prefix: tuple, new_prefix: tuple) -> dict[tuple, Location]:
    """Key locations under `prefix`, re-rooted at `new_prefix` (experiment keys -> ruleset fields)."""
    n = len(prefix)
    out = {}
    for key, loc in locations.items():
        if key[:n] == prefix and (len(key) > n or new_prefix):
            out[new_prefix + key[n:]] = loc
    return out
