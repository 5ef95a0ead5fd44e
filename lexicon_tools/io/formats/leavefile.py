"""Leave-value files (``.leaves``): read, write, find the bundled one, check it fits a ruleset.

Format (UTF-8 text, documented in docs/guides/players.md)::

    # lexicon-tools leaves 1
    # ruleset: webfeud
    # alphabet: AÄBCDEFGHIJKLMNOÖPQRSTUÜVWXYZ
    # blank: ?
    # rack-size: 7
    # model: additive
    # games: 3 x 800 self-play games (equity v equity)
    # lexicon: webfeud.lex sha256:1f2e...
    # seed: 1
    ?	12.5
    EN	1.25

The first line names the format. Header lines ``# key: value`` follow; the
keys above are read (``ruleset``, ``alphabet``, ``rack-size`` and ``model``
are required; the others are provenance, kept and shown). Then one leave per
line: its tiles (letters of the alphabet, the blank symbol for a blank, any
order) a tab and its value in points. ``model: additive`` sums the values of
all listed groups a leave contains, ``model: table`` looks the leave up (an
unlisted leave is worth 0). All problems are collected with their line.

Bundled files live in ``rulesets/leaves/<ruleset>.leaves``.
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

from lexicon_tools.engine.leaves import MODES, TABLE, LeaveTable
from lexicon_tools.errors import InputFileError, Problem, UsageError
from lexicon_tools.io.guard.atomic import atomic_open
from lexicon_tools.textsafe import printable

MAGIC = "# lexicon-tools leaves 1"
REQUIRED = ("ruleset", "alphabet", "rack-size", "model")
MAX_BYTES = 256 * 1024 * 1024


def format_value(value: float) -> str:
    """Shortest text that reads back as the same float32 (for tables) or the rounded value."""
    import numpy as np

    return np.format_float_positional(np.float32(value), unique=True, trim="-")


def write_leaves(path: Path, table: LeaveTable, blank: str = "?") -> None:
    lines = [MAGIC, f"# ruleset: {table.ruleset}", f"# alphabet: {table.letters}", f"# blank: {blank}",
             f"# rack-size: {table.rack_size}", f"# model: {table.mode}"]
    lines += [f"# {key}: {value}" for key, value in table.provenance.items()
              if key not in REQUIRED and key != "blank"]
    for leave in sorted(table.values, key=lambda k: (len(k), k)):
        lines.append(f"{table.describe(leave, blank)}\t{format_value(table.values[leave])}")
    with atomic_open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def read_leaves(path: Path) -> LeaveTable:
    from lexicon_tools.io.guard.paths import read_regular_bytes

    path = Path(path)
    data = read_regular_bytes(path, "a leave file", MAX_BYTES,
                              "Give a file written by `lexicon-tools leaves train` or `leaves import`.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: not UTF-8 text (byte {exc.start})",
                             "A .leaves file is text; a binary KLV2 file is read with `leaves import`.") from None
    return parse_leaves(text, printable(str(path)))


def parse_leaves(text: str, name: str) -> LeaveTable:
    lines = text.splitlines()
    if not lines or lines[0].strip() != MAGIC:
        raise InputFileError(f"{name}:1: not a lexicon-tools leave file (the first line must be {MAGIC!r})",
                             "Write leave files with `lexicon-tools leaves train` or `leaves import`.")
    header: dict[str, str] = {}
    problems: list[Problem] = []
    body = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            if sep and not body:  # a shared file's header is shown: no escape sequence reaches the terminal
                header[printable(key.strip().lower())] = printable(value.strip())
            continue
        body.append((number, line))
    missing = [k for k in REQUIRED if k not in header]
    if missing:
        raise InputFileError(f"{name}: the header lacks {', '.join(missing)}",
                             "Add the lines '# key: value' after the first line, as `leaves train` writes them.")
    letters, blank = header["alphabet"], header.get("blank", "?") or "?"
    mode = header["model"]
    if mode not in MODES:
        problems.append(Problem(f"model {mode!r} is not one of {', '.join(MODES)}", name, None, "model"))
    try:
        rack_size = int(header["rack-size"])
    except ValueError:
        rack_size = 0
    if not 1 <= rack_size <= 64:
        problems.append(Problem(f"rack-size {header['rack-size']!r} is not a whole number from 1 to 64",
                                name, None, "rack-size"))
    codes = {ch: i + 1 for i, ch in enumerate(letters)}
    codes[blank] = 0
    values: dict[bytes, float] = {}
    for number, line in body:
        leave_text, sep, value_text = line.partition("\t")
        leave_text = leave_text.strip()
        try:
            value = float(value_text)
        except ValueError:
            value = math.nan
        unknown = sorted({ch for ch in leave_text if ch not in codes})
        if not sep or not leave_text or not math.isfinite(value):
            problems.append(Problem("expected LEAVE<tab>VALUE with a finite number", name, number))
        elif unknown:
            problems.append(Problem(f"{''.join(unknown)!r} is not a tile of the alphabet {letters} "
                                    f"(blank {blank!r})", name, number))
        elif rack_size and len(leave_text) > rack_size:
            problems.append(Problem(f"leave {printable(leave_text)} has more tiles than the rack size {rack_size}",
                                    name, number))
        else:
            key = bytes(sorted(codes[ch] for ch in leave_text))
            if key in values:
                problems.append(Problem(f"leave {printable(leave_text)} is listed twice", name, number))
            values[key] = value
    if problems:
        raise InputFileError(f"{name}: {len(problems)} problem(s) in the leave file", "Fix the listed lines.",
                             problems)
    provenance = {k: v for k, v in header.items() if k not in REQUIRED}
    return LeaveTable(header["ruleset"], letters, rack_size, mode, values, provenance)


def bundled_path(ruleset: str) -> Path:
    from lexicon_tools.resources import rulesets_dir

    return rulesets_dir() / "leaves" / f"{ruleset}.leaves"


def check_fits(table: LeaveTable, rules, source: str, also_for: str | None = None) -> None:
    """Refuse a leave file made for another alphabet, rack size or ruleset."""
    letters = "".join(rules.alphabet.letters)
    if table.letters != letters:
        raise UsageError(f"leave file {source} is for the tiles {table.letters} (ruleset {table.ruleset}), "
                         f"ruleset {rules.name} uses {letters}: its values name other tiles",
                         f"Train leave values for this ruleset: lexicon-tools leaves train --ruleset {rules.name}.")
    if table.rack_size != rules.rack_size:
        raise UsageError(f"leave file {source} is for racks of {table.rack_size} tiles, ruleset {rules.name} "
                         f"deals {rules.rack_size}",
                         f"Train leave values for this ruleset: lexicon-tools leaves train --ruleset {rules.name}.")
    if table.ruleset not in (rules.name, also_for):
        raise UsageError(f"leave file {source} was trained for ruleset {table.ruleset!r}, not {rules.name!r}: "
                         "another game's bonuses and board give tiles other values",
                         f"Train leave values for this ruleset: lexicon-tools leaves train --ruleset {rules.name}, "
                         "or pass --leaves with a file made for it.")


def load_for(rules, leaves: str | Path | None, also_for: str | None = None) -> tuple[LeaveTable, str | None]:
    """(table, note): `leaves` or the bundled file of the ruleset (or of the ruleset it extends).

    Without either, a table without values and a note saying so.
    """
    if leaves is not None:
        table = read_leaves(Path(leaves))
        check_fits(table, rules, str(leaves), also_for)
        return table, None
    for name in (rules.name, also_for):
        if name and bundled_path(name).is_file():
            table = read_leaves(bundled_path(name))
            try:
                check_fits(table, rules, str(bundled_path(name)), also_for)
            except UsageError:
                continue          # house rules with other tiles than the game they extend
            return table, None
    return LeaveTable.zero(rules), (f"Note: no leave values for ruleset {rules.name}; the equity player ranks by "
                                    "score and the end-game model only (lexicon-tools leaves train --ruleset "
                                    f"{rules.name} makes them).")


def lexicon_hash(kwg_bytes: bytes) -> str:
    return "sha256:" + hashlib.sha256(kwg_bytes).hexdigest()[:16]
