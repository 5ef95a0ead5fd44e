"""Shape gates for files that a ruleset names (``extends:``, ``board.layout:``).

A ruleset may come from someone else (a shared house rule, a received game record)
and can name any readable file. Validation errors quote keys, values and row symbols,
so a file such as ``/etc/passwd`` would leak its lines into the messages. Before a
referenced file is validated in detail it must have the expected shape: a YAML mapping
whose top-level keys are all ruleset (or layout) fields, or macondo rows made of
legend symbols only. A file that fails is named with the problem, never quoted.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lexicon_tools.errors import LayoutError, RulesetError

_NOT_SHOWN = "its contents are not shown"
_RULESET_HINT = ("'extends' must name a bundled ruleset or a ruleset YAML file; if it is yours, "
                 "`lexicon-tools ruleset validate FILE` lists its problems.")
_MACONDO_ROW = re.compile(r"""^\s*`?[=\-"' .*]*`?\s*,?\s*$""")
_MACONDO_HEADER = re.compile(r"^\s*#")


def check_ruleset_shape(data: Any, path: Path, named_by: str, fields: set[str]) -> None:
    """Raise unless `data` is a mapping whose top-level keys are all ruleset fields."""
    if not isinstance(data, dict):
        raise RulesetError(f"{path} (named by {named_by}) is not a ruleset file: not a YAML mapping; {_NOT_SHOWN}",
                           _RULESET_HINT)
    unknown = sum(1 for key in data if not isinstance(key, str) or key not in fields)
    if unknown:
        raise RulesetError(f"{path} (named by {named_by}) is not a ruleset file: {unknown} top-level key(s) are "
                           f"not ruleset fields; {_NOT_SHOWN}", _RULESET_HINT)


def check_layout_shape(data: Any, path: Path, named_by: str, fields: set[str]) -> None:
    """Raise unless `data` is a layout mapping (known keys, 'rows' or 'size' + 'premiums')."""
    hint = ("'board.layout' must name a layout file (see rulesets/layouts/); if it is yours, "
            "`lexicon-tools board validate FILE` lists its problems.")
    if not isinstance(data, dict):
        raise LayoutError(f"{path} (named by {named_by}) is not a layout file: not a YAML mapping; {_NOT_SHOWN}",
                          hint)
    unknown = sum(1 for key in data if not isinstance(key, str) or key not in fields)
    if unknown or not ("rows" in data or ("size" in data and "premiums" in data)):
        raise LayoutError(f"{path} (named by {named_by}) is not a layout file: it needs 'rows' or 'size' and "
                          f"'premiums' and only layout keys; {_NOT_SHOWN}", hint)


def check_macondo_shape(text: str, path: Path, named_by: str) -> None:
    """Raise unless every line is a comment/header or a row of macondo legend symbols."""
    bad = sum(1 for line in text.splitlines() if not (_MACONDO_HEADER.match(line) or _MACONDO_ROW.match(line)))
    if bad or not text.strip():
        raise LayoutError(f"{path} (named by {named_by}) is not a macondo layout: {bad} line(s) are not rows of "
                          f"legend symbols; {_NOT_SHOWN}", "'board.layout' must name a layout file.")
