"""Make text read from a file safe to print on a terminal (stdlib only: the check path).

A `.lex` file, a game record or a ruleset may come from someone else. Their strings
(reasons, metadata, nicknames) must not reach the terminal raw: an escape sequence
can recolour, move the cursor, retitle the window or hide text. `printable` removes
whole ANSI/VT escape sequences, then every other control character (C0, DEL, C1) and
the bidirectional overrides that reorder what is shown.
"""

from __future__ import annotations

import re

_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"            # CSI ... final byte (colours, cursor moves)
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC ... BEL or ST (window title, hyperlinks)
    r"|\x1b[@-Z\\-_]"                     # other two-byte escapes
    r"|\x9b[0-?]*[ -/]*[@-~]")            # 8-bit CSI
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` without escape sequences, control characters or bidi overrides."""
    if text.isprintable():
        return text
    return _CONTROLS.sub("", _ESCAPES.sub("", text))


_CONTROLS_BUT_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable_lines(text: str) -> str:
    """Like `printable`, but keeps newlines and tabs (multi-line descriptions, layout rows)."""
    if text.isprintable():
        return text
    return _CONTROLS_BUT_LINES.sub("", _ESCAPES.sub("", text))


def printable_data(value, clean=printable):
    """`clean` (default `printable`) applied to every string (keys too) in nested JSON-like data."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list):
        return [printable_data(v, clean) for v in value]
    if isinstance(value, dict):
        return {printable_data(k, clean): printable_data(v, clean) for k, v in value.items()}
    return value
