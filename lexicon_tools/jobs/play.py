"""Test games and replays with files: the IO side of `lexicon-tools play` and `replay`.

The engine is file-free; this module supplies it with what lives on disk — the
ruleset (YAML), the lexicon (``.lex``: the KWG decides, the verdict table
explains rejections) — and writes what the games produce: one game record per
game (``<ruleset>-<n>.gcg``, see `io.formats.gamerecord`) and the square-usage heatmap
(`io.pictures.heatmap`). Worker processes load the lexicon themselves from its path
(`judge_from_file`, picklable via `functools.partial`), so nothing large is
sent between processes.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from dataclasses import dataclass, field
from pathlib import Path

from lexicon_tools.engine.judge import LexiconJudge
from lexicon_tools.engine.rules import Rules
from lexicon_tools.errors import LexiconFileError, UsageError
from lexicon_tools.jobs.bars import BarFactory, NoBar


def judge_from_file(path: str) -> LexiconJudge:
    from lexicon_tools.io.formats.lexfile import load_lexicon

    return LexiconJudge(load_lexicon(path))


def open_judge(rules: Rules, lexicon: str | Path | None, ruleset: str,
               also_for: str | None = None, rs=None, notes: list[str] | None = None) -> tuple[str, LexiconJudge]:
    """(path, judge) for ``--lexicon`` or the default lexicon of the ruleset; checks that the lexicon
    was built for this ruleset (or `also_for`, the ruleset it extends) and that the alphabet fits.

    With the resolved ruleset `rs` of a house-rules file whose own lexicon is not built, the base's
    default lexicon is used when the word rules are the base's (`base_lexicon_for`); the line saying
    so is appended to `notes`."""
    from lexicon_tools.io.formats.lexfile import resolve_lexicon_path

    path = None
    if not lexicon and rs is not None:
        path, line = base_lexicon_for(rs)
        if line and notes is not None:
            notes.append(line)
    path = path or str(resolve_lexicon_path(str(lexicon) if lexicon else None, None if lexicon else ruleset))
    judge = judge_from_file(path)
    letters = tuple(judge.lexicon.alphabet.letters)
    if letters != tuple(rules.alphabet.letters):
        raise LexiconFileError(
            f"lexicon {path} (built for {judge.lexicon.ruleset or 'another ruleset'}) uses the tiles "
            f"{''.join(letters)}, ruleset {rules.name} uses {''.join(rules.alphabet.letters)}",
            f"Build a lexicon for this ruleset: lexicon-tools build --ruleset {ruleset}.")
    built_for = judge.lexicon.ruleset
    if built_for not in (rules.name, also_for):
        raise LexiconFileError(
            f"lexicon {path} was built for ruleset {built_for or '(unnamed)'!r}, not for {rules.name!r}: "
            "its words follow another game's word policy",
            f"Build a lexicon for this ruleset: lexicon-tools build --ruleset {ruleset}.")
    return path, judge


def base_lexicon_for(rs) -> tuple[str | None, str | None]:
    """(path, note) of the base's default lexicon, for a ruleset that extends a base, has no lexicon of its
    own and resolves to the base's word policy, alphabet and word lengths (the same words, so the same
    lexicon); (None, None) otherwise."""
    from lexicon_tools.io.formats.rulesets import load_ruleset, resolve_ruleset_path
    from lexicon_tools.resources import default_lexicon_path

    if not rs.extends or default_lexicon_path(rs.name).is_file():
        return None, None
    relative = Path(rs.source).parent if rs.source else None
    base = load_ruleset(resolve_ruleset_path(rs.extends, relative_to=relative))
    own = default_lexicon_path(base.name)
    if (rs.word_policy, rs.alphabet) != (base.word_policy, base.alphabet) or not own.is_file():
        return None, None
    return str(own), (f"using the {base.name} lexicon: {rs.name}'s word policy, alphabet and word lengths are "
                      f"{base.name}'s ({own})")


@dataclass
class PlayResult:
    simulation: object
    seconds: float
    records: list[Path] = field(default_factory=list)
    heatmap: Path | None = None
    note: str | None = None          # e.g. that the equity seats have no trained leave values


def run_play(ruleset: str, *, players: int | None = None, games: int = 10, strategies: str = "equity",
             seed: int = 0, workers: int = 1, record_dir: Path | None = None, heatmap: Path | None = None,
             lexicon: Path | None = None, professional: bool | None = None, time_limit: str | None = None,
             quiet: bool = False, think: str | None = None, think_spread: float = 0.6,
             invalid_rate: str | None = None, leaves: Path | None = None,
             bars: BarFactory = NoBar) -> PlayResult:
    from lexicon_tools.engine.behaviour import parse_models
    from lexicon_tools.engine.simulate import SimulationSpec, simulate
    from lexicon_tools.engine.strategy import parse_strategies
    from lexicon_tools.engine.tiles import TileText
    from lexicon_tools.io.formats.gamerecord import write_record
    from lexicon_tools.io.pictures.heatmap import write_heatmap
    from lexicon_tools.io.guard.paths import check_outputs
    from lexicon_tools.io.formats.rulesets import load_ruleset

    rs = load_ruleset(ruleset)
    rules = Rules.from_ruleset(rs)
    players = rules.players_min if players is None else players   # --players 0 is refused, not the default
    if not rules.players_min <= players <= rules.players_max:
        raise UsageError(f"{rules.name} is played by {rules.players_min}-{rules.players_max} players, not {players}",
                         f"Use --players between {rules.players_min} and {rules.players_max}.")
    if games < 1 or workers < 1:
        raise UsageError("--games and --workers must be at least 1")
    from lexicon_tools.engine.strategy import uses_leaves

    seats = tuple(parse_strategies(strategies, players))
    table, note = None, None
    if uses_leaves(seats) or leaves is not None:   # a leave file for other tiles is refused before any loading
        from lexicon_tools.io.formats.leavefile import load_for

        table, note = load_for(rules, leaves, also_for=_base_name(rs.extends))
    notes = [f"warning: {w}" for w in rs.warnings] + ([note] if note else [])
    path, judge = open_judge(rules, lexicon, ruleset, also_for=_base_name(rs.extends), rs=rs, notes=notes)
    note = "\n".join(notes) or None
    records = [record_path(record_dir, rules.name, index) for index in range(1, games + 1)] \
        if record_dir is not None and games <= 10_000 else []
    check_outputs([*records, heatmap], [path, rs.source, leaves])   # before any game is played
    models = parse_models(think, invalid_rate, think_spread, players)
    spec = SimulationSpec(rules, seats, games, seed, professional,
                          time_limit, keep_logs=record_dir is not None,
                          models=tuple(models) if any(m.active for m in models) else None, leaves=table)
    start = time.perf_counter()
    with bars("games", total=games, enabled=False if quiet else None) as bar:
        # one process plays with the judge just checked; worker processes each load the file again
        make_judge = (lambda: judge) if workers <= 1 else functools.partial(judge_from_file, path)
        sim = simulate(spec, make_judge, workers=workers, progress=bar.advance)
    result = PlayResult(sim, time.perf_counter() - start, note=note)
    if record_dir is not None:
        text = TileText(rules.alphabet, rules.blank_symbol)
        for index, log in enumerate(sim.logs, start=1):
            target = record_path(record_dir, rules.name, index)
            write_record(target, log, text)
            result.records.append(target)
    if heatmap is not None:
        title = f"{rules.name}: tiles placed per square per game ({games} games, {', '.join(spec.strategies)})"
        layout = rules.layout
        if rules.random_board:   # every game had its own premiums: frame only the start squares
            layout = dataclasses.replace(layout, premiums={})
            title += ", random boards"
        write_heatmap(heatmap, layout, sim.report.square_usage, title)
        result.heatmap = Path(heatmap)
    return result


def record_path(folder: Path, ruleset: str, index: int) -> Path:
    """Where `play --record` writes game `index` (1-based)."""
    return Path(folder) / f"{ruleset}-{index:04d}.gcg"


def run_replay(record_path: Path, *, lexicon: Path | None = None, ruleset: str | None = None,
               partial: bool = False, observe=None):
    """Re-validate and re-score a record (or a GCG file); returns (record, finished game).
    `observe(game, row)` is called before each turn (see `engine.replay.replay`)."""
    from lexicon_tools.engine.replay import replay

    record, rules, _rs, judge = open_record(record_path, lexicon=lexicon, ruleset=ruleset)
    return record, replay(record, rules, judge, partial=partial, observe=observe)


def write_game_copies(record_path: Path, ruleset: str | None, *, gcg: Path | None = None,
                      record_out: Path | None = None) -> list[Path]:
    """Write a (replayed) game again as GCG and/or as a record, atomically; returns the paths written."""
    from lexicon_tools.io.formats.gamerecord import format_recorded, read_record
    from lexicon_tools.io.formats.gcg import format_gcg
    from lexicon_tools.io.guard.atomic import atomic_write_text

    record = read_record(record_path, gcg_ruleset=ruleset)
    if ruleset:
        import dataclasses

        record = dataclasses.replace(record, ruleset=ruleset)
    written = []
    for path, text in ((gcg, format_gcg), (record_out, format_recorded)):
        if path is not None:
            atomic_write_text(path, text(record))
            written.append(Path(path))
    return written


def open_record(record_path: Path, *, lexicon: Path | None = None, ruleset: str | None = None):
    """(record, rules, resolved ruleset, judge) of a game record or GCG file, checked as `replay` needs."""
    from lexicon_tools.io.formats.gamerecord import read_record
    from lexicon_tools.io.formats.rulesets import load_ruleset

    record = read_record(record_path, gcg_ruleset=ruleset)
    if ruleset is None:  # a received record may only name a bundled ruleset (issue 12)
        _require_bundled_ruleset(record.ruleset, record_path)
    name = ruleset or record.ruleset
    rs = load_ruleset(name)
    rules = Rules.from_ruleset(rs)
    _path, judge = open_judge(rules, lexicon, name, also_for=_base_name(rs.extends), rs=rs)
    return record, rules, rs, judge


def _require_bundled_ruleset(name: str, record_path: Path) -> None:
    """A record's #ruleset names a bundled ruleset; a path or file is used only via --ruleset."""
    from lexicon_tools.resources import require_bundled_ruleset

    require_bundled_ruleset(name, f"{record_path}: #ruleset",
                            "If you trust that ruleset file, pass it yourself: lexicon-tools replay RECORD --ruleset FILE.")


def _base_name(extends: str | None) -> str | None:
    """The name of the ruleset a ruleset extends (a bundled name, or a path's file stem)."""
    return Path(extends).stem if extends else None
