"""One bounded JSON parser for every JSON file that may come from someone else (stdlib only).

Python's `json.loads` accepts what no lexicon-tools file holds, and fails on
some of it with errors other than `JSONDecodeError`:

* a 5,000-digit integer raises `ValueError` (the int-to-string digit limit);
* 100,000 nested brackets raise `RecursionError`;
* ``NaN``, ``Infinity`` and ``1e999`` become non-finite floats that a later
  range check lets through (``nan < x`` is always false).

`loads` refuses all three with one `JsonBoundError` whose message says what
and where (the caller adds the file and line): numbers have at most
`MAX_DIGITS` digits and must be finite, and nesting is at most `MAX_DEPTH`
levels. The depth is checked before parsing by counting brackets outside
strings (one regular-expression pass, skipped when the text has fewer
brackets than the limit), so the C parser never recurses deeply.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 100
MAX_DIGITS = 30
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


class JsonBoundError(ValueError):
    """Text that is not JSON, or JSON past one of the bounds; `str()` is the message."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JsonBoundError(f"a number with {len(text.lstrip('-')):,} digits (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise JsonBoundError(f"a number written with {len(text):,} characters (at most {MAX_DIGITS + 10})")
    value = float(text)
    if not math.isfinite(value):
        raise JsonBoundError(f"the number {text} is out of range")
    return value


def _constant(name: str):
    raise JsonBoundError(f"{name} is not a number JSON allows")


def _check_depth(text: str, max_depth: int) -> None:
    if text.count("[") + text.count("{") <= max_depth:
        return
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                raise JsonBoundError(f"nested deeper than {max_depth} levels (at character {match.start():,})")
        elif token in "]}":
            depth -= 1


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON `text`; `JsonBoundError` for bad JSON, deep nesting, huge or non-finite numbers."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonBoundError(f"not UTF-8 (byte {exc.start:,})") from None
    _check_depth(text, max_depth)
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JsonBoundError(f"invalid JSON ({exc.msg}, line {exc.lineno} column {exc.colno})") from None
    except RecursionError:  # not reached after the depth check; kept as the last line of defence
        raise JsonBoundError(f"nested deeper than {max_depth} levels") from None
