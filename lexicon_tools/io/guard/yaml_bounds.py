"""Bounds checked on a YAML event stream before anything is built from it.

`yaml.safe_load` expands aliases (a few lines can grow to gigabytes), recurses once per
nesting level (RecursionError past a few hundred) and lets a duplicate key silently
replace the first. `check_yaml_bounds` walks the parser's events, which needs neither
recursion nor expansion, and reports:

- nesting deeper than `MAX_DEPTH` collections;
- a list or mapping with more than `MAX_ITEMS` items;
- aliases whose expansion would exceed `MAX_EXPANDED` nodes in total;
- every duplicate key in a mapping (with the line of its first use).

Limits are far above any ruleset, layout or mapping file (a 26x26 layout has ~700 nodes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from lexicon_tools.errors import InputFileError, Problem

MAX_DEPTH = 100
MAX_ITEMS = 100_000
MAX_EXPANDED = 200_000

_HINT = "Ruleset, layout and mapping files are small: write the values out instead."


@dataclass
class _Open:
    is_mapping: bool
    anchor: str | None
    start_line: int
    items: int = 0           # events directly inside (keys and values count separately in mappings)
    size: int = 1            # nodes below, aliases expanded
    keys: dict = field(default_factory=dict)   # scalar key -> first line


def check_yaml_bounds(text: str, source: str) -> None:
    """Raise InputFileError (with every duplicate key as a problem) if `text` breaks a bound."""
    stack: list[_Open] = []
    sizes: dict[str, int] = {}
    expanded = 0
    duplicates: list[Problem] = []
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        line = event.start_mark.line + 1
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(stack) >= MAX_DEPTH:
                raise InputFileError(f"{source}:{line}: YAML nested deeper than {MAX_DEPTH} levels", _HINT)
            _count_item(stack, source, line, None)
            stack.append(_Open(isinstance(event, yaml.MappingStartEvent), event.anchor, line))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            done = stack.pop()
            if done.anchor:
                sizes[done.anchor] = done.size
            if stack:
                stack[-1].size += done.size
        elif isinstance(event, yaml.ScalarEvent):
            _count_item(stack, source, line, event)
            if event.anchor:
                sizes[event.anchor] = 1
            if stack:
                stack[-1].size += 1
        elif isinstance(event, yaml.AliasEvent):
            _count_item(stack, source, line, event)
            grown = sizes.get(event.anchor, 1)
            expanded += grown
            if expanded > MAX_EXPANDED:
                raise InputFileError(f"{source}:{line}: YAML aliases expand to more than {MAX_EXPANDED:,} nodes "
                                     "(an alias bomb?)", _HINT)
            if stack:
                stack[-1].size += grown
        if isinstance(event, yaml.ScalarEvent) and stack and stack[-1].is_mapping \
                and stack[-1].items % 2 == 1:
            opened = stack[-1]
            key = _key(event)
            if key in opened.keys:
                duplicates.append(Problem(f"duplicate key {event.value[:40]!r} (first at line {opened.keys[key]}); "
                                          "the last one would silently win", source, line))
            else:
                opened.keys[key] = line
    if duplicates:
        raise InputFileError(f"{source}: {len(duplicates)} duplicate key(s)", "Keep one of each key.",
                             problems=duplicates)


_RESOLVER = yaml.resolver.Resolver()
_STRING = "tag:yaml.org,2002:str"


def _key(event) -> object:
    """What the loader makes of a mapping key, so that keys equal once loaded are one key.

    A plain scalar resolves like the SafeLoader resolves it: ``7``, ``0x7``, ``0_7`` and
    ``7.0`` are all the number 7 (and ``true`` is 1) in the loaded mapping, where the last of
    them would silently win.
    """
    if event.tag:
        return (event.tag, event.value)
    if event.implicit[0] and len(event.value) <= 100:
        tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, (True, False))
        if tag != _STRING:
            try:
                value = yaml.safe_load(event.value)
                hash(value)
            except (yaml.YAMLError, TypeError, ValueError):
                return event.value
            return ("loaded", value)
    return event.value


def _count_item(stack: list[_Open], source: str, line: int, event) -> None:
    if not stack:
        return
    opened = stack[-1]
    opened.items += 1
    limit = MAX_ITEMS * (2 if opened.is_mapping else 1)
    if opened.items > limit:
        kind = "mapping" if opened.is_mapping else "list"
        raise InputFileError(f"{source}:{opened.start_line}: YAML {kind} with more than {MAX_ITEMS:,} items", _HINT)
