"""The file side of `lexicon-tools leaves`: train, export to KLV2, import from KLV2, show.

The engine trains (`engine.leavetrain`) and evaluates (`engine.leaves`); the
bytes of a KLV2 file come from `lexicon.klv`. This module opens the ruleset,
the lexicon and the files, writes atomically and refuses an output that is one
of the inputs.
"""

from __future__ import annotations

import hashlib
import math
import time
from pathlib import Path

from lexicon_tools.engine.leaves import TABLE, LeaveTable
from lexicon_tools.engine.rules import Rules
from lexicon_tools.errors import InputFileError, UsageError
from lexicon_tools.io.formats.leavefile import check_fits, lexicon_hash, read_leaves, write_leaves
from lexicon_tools.jobs.bars import BarFactory, NoBar

MAX_KLV_BYTES = 64 << 20  # a full German leave table (every leave of 1-6 tiles) is under 16 MB


def _rules(ruleset: str):
    from lexicon_tools.io.formats.rulesets import load_ruleset

    rs = load_ruleset(ruleset)
    return rs, Rules.from_ruleset(rs)


def _base(rs) -> str | None:
    from lexicon_tools.jobs.play import _base_name

    return _base_name(rs.extends)


def run_train(ruleset: str, *, games: int, iterations: int, seed: int, output: Path | None,
              lexicon: Path | None = None, start: Path | None = None, quiet: bool = False,
              ridge: float | None = None, echo=print,
              bars: BarFactory = NoBar) -> tuple[Path, LeaveTable, float]:
    from lexicon_tools.engine.leavetrain import RIDGE, train
    from lexicon_tools.io.guard.paths import check_outputs
    from lexicon_tools.jobs.play import open_judge

    if games < 1 or iterations < 1:
        raise UsageError("--games and --iterations must be at least 1")
    if ridge is not None and not 0 <= ridge <= 1e6:
        raise UsageError(f"--ridge {ridge} is out of range", "Give a number from 0 to 1,000,000 (default 25).")
    rs, rules = _rules(ruleset)
    if rules.random_board:
        rules = rules.for_game(seed)
    notes: list[str] = []
    path, judge = open_judge(rules, lexicon, ruleset, also_for=_base(rs), rs=rs, notes=notes)
    for line in notes:
        echo(line)
    output = Path(output) if output is not None else Path(f"{rules.name}.leaves")
    check_outputs([output], [path, rs.source, start])
    first = None
    if start is not None:
        first = read_leaves(Path(start))   # a warm start may come from another ruleset with the same tiles
        check_fits(first, rules, str(start), first.ruleset)
    began = time.perf_counter()
    with bars("games", total=games * iterations, enabled=False if quiet else None) as bar:
        table = train(rules, judge, judge.kwg.nodes, games=games, iterations=iterations, seed=seed, start=first,
                      ridge=RIDGE if ridge is None else ridge, progress=bar.advance,
                      report=None if quiet else lambda r: echo(
                          f"iteration {r.iteration}: {r.games} games, {r.samples} leaves, mean next-turn "
                          f"equity {r.mean_target:.1f}, {r.groups} groups"))
    seconds = time.perf_counter() - began
    table.ruleset = rules.name
    table.provenance = {
        "games": f"{iterations} x {games} self-play games (equity v equity)"
                 + (f", continued from {Path(start).name} ({first.ruleset}: "
                    f"{first.provenance.get('games', 'no games recorded')}, seed {first.provenance.get('seed', '?')})"
                    if first is not None else ""),
        "lexicon": f"{Path(path).name} {lexicon_hash(judge.lexicon.kwg.to_bytes())}",
        "seed": str(seed),
        "trained": f"lexicon-tools leaves train --ruleset {rules.name} --games {games} --iterations {iterations} "
                   f"--seed {seed}" + (f" --start {Path(start).name}" if start else "")
                   + (f" --ridge {ridge:g}" if ridge is not None else "") + f" ({seconds:.0f} s)",
    }
    write_leaves(output, table, rules.blank_symbol)
    return output, table, seconds


def run_export(leaves: Path, output: Path, ruleset: str | None = None,
               max_tiles: int | None = None) -> tuple[int, int]:
    """Write `leaves` as KLV2; returns (leaves written, bytes)."""
    from lexicon_tools.engine.leaves import every_leave
    from lexicon_tools.io.guard.atomic import atomic_open
    from lexicon_tools.io.guard.paths import check_outputs
    from lexicon_tools.lexicon.klv import klv2_bytes

    check_outputs([output], [leaves])
    table = read_leaves(Path(leaves))
    counts = None
    if table.mode != TABLE:
        rs, rules = _rules(ruleset or table.ruleset)
        check_fits(table, rules, str(leaves), _base(rs))
        counts = rules.counts
    if max_tiles is not None and not 1 <= max_tiles < table.rack_size:
        raise UsageError(f"--max-tiles {max_tiles} is out of range",
                         f"Give 1 to {table.rack_size - 1} (a leave keeps fewer tiles than a rack holds).")
    values = every_leave(table, counts, max_tiles)
    data = klv2_bytes(values)
    with atomic_open(output, "wb", encoding=None) as handle:
        handle.write(data)
    return len(values), len(data)


def run_import(source: Path, output: Path, ruleset: str) -> LeaveTable:
    """Read a KLV2 (or KLV) file for `ruleset` into a ``table`` leave file."""
    from lexicon_tools.io.guard.paths import check_outputs, read_regular_bytes
    from lexicon_tools.lexicon.klv import parse_klv

    check_outputs([output], [source])
    rs, rules = _rules(ruleset)
    data = read_regular_bytes(source, "a KLV file", MAX_KLV_BYTES,
                              "Give a .klv2 file written by wolges, Macondo or `lexicon-tools leaves export`.")
    values = parse_klv(data, str(source))
    not_finite = sum(1 for v in values.values() if not math.isfinite(v))
    if not_finite:
        raise InputFileError(f"{source}: {not_finite:,} leave value(s) are not finite numbers (NaN or infinity)",
                             "The file is corrupt or not a KLV file; every reader refuses such values.")
    letters = "".join(rules.alphabet.letters)
    too_high = sorted({t for leave in values for t in leave if t > len(letters)})
    too_long = [leave for leave in values if len(leave) > rules.rack_size]
    if too_high or too_long:
        raise UsageError(f"{source} does not fit ruleset {rules.name}: "
                         + (f"tile numbers up to {max(too_high)} but the alphabet {letters} has "
                            f"{len(letters)} letters" if too_high else
                            f"leaves of {max(map(len, too_long))} tiles but racks hold {rules.rack_size}"),
                         "Import it with --ruleset naming the game (and alphabet) it was made for.")
    table = LeaveTable(rules.name, letters, rules.rack_size, TABLE, {k: float(v) for k, v in values.items()},
                       {"imported": f"{Path(source).name} sha256:{hashlib.sha256(data).hexdigest()[:16]} "
                                    f"({len(values):,} leaves)"})
    write_leaves(output, table, rules.blank_symbol)
    return table


def load_table(leaves: Path | None, ruleset: str | None) -> tuple[LeaveTable, str]:
    """The table of `leaves`, or the bundled one of `ruleset`; (table, where it came from)."""
    from lexicon_tools.io.formats.leavefile import bundled_path

    if leaves is not None:
        return read_leaves(Path(leaves)), str(leaves)
    if ruleset is None:
        raise UsageError("give a leave file or --ruleset", "Example: lexicon-tools leaves show --ruleset webfeud")
    rs, rules = _rules(ruleset)
    for name in (rules.name, _base(rs)):
        if name and bundled_path(name).is_file():
            table = read_leaves(bundled_path(name))
            try:
                check_fits(table, rules, str(bundled_path(name)), _base(rs))
            except UsageError:
                continue
            return table, str(bundled_path(name))
    raise UsageError(f"no bundled leave values for ruleset {rules.name}",
                     f"Train them: lexicon-tools leaves train --ruleset {rules.name}.")
