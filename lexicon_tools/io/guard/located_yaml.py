"""Read YAML safely and remember where every value came from.

Data is loaded with `yaml.safe_load` (no arbitrary objects). The same text is
composed into a node tree (`yaml.compose` with the SafeLoader, which builds no
objects) to map each key path to its line, so validation errors can name the
file and line. Syntax errors become `InputFileError`s naming file and line; alias bombs,
deep nesting, huge collections and duplicate keys are refused first (`yaml_bounds`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import re

import yaml

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.guard.yaml_bounds import check_yaml_bounds
from lexicon_tools.textsafe import printable_data, printable_lines

Location = tuple[str, int]  # (file, 1-based line)


MAX_YAML_BYTES = 1 << 20  # rulesets, layouts and mapping files are a few kilobytes


def read_yaml(path: Path, hint: str) -> tuple[Any, dict[tuple, Location]]:
    """The data of a small YAML file (at most `MAX_YAML_BYTES`) and the line of every key path."""
    from lexicon_tools.io.guard.paths import read_regular_bytes

    try:
        text = read_regular_bytes(path, "a YAML file", MAX_YAML_BYTES, hint).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}: not UTF-8 text (byte {exc.start})", "Save the file as UTF-8.") from exc
    try:
        check_yaml_bounds(text, str(path))
        data = printable_data(yaml.safe_load(text), printable_lines)  # "\e[..." escapes never reach a terminal
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        problem = _unquoted(getattr(exc, "problem", None) or str(exc).splitlines()[0])
        raise InputFileError(f"{where}: invalid YAML: {problem}",
                             "Check the indentation and quoting near that line.") from exc
    locations: dict[tuple, Location] = {}
    if root is not None:
        _walk(root, (), str(path), locations)
    return data, locations


def _unquoted(problem: str) -> str:
    """PyYAML's problem text without quoted file content longer than a character or two."""
    return re.sub(r"'[^']{3,}'", "'…'", problem)


def _walk(node: yaml.Node, path: tuple, file: str, out: dict[tuple, Location]) -> None:
    out[path] = (file, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = _scalar_key(key_node)
            out[path + (key,)] = (file, key_node.start_mark.line + 1)
            _walk(value_node, path + (key,), file, out)
            out[path + (key,)] = (file, key_node.start_mark.line + 1)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, path + (i,), file, out)


def _scalar_key(node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        value = yaml.safe_load(node.value) if node.tag.endswith(":int") else node.value
        return value
    return repr(node)


def locate(path: tuple, locations: dict[tuple, Location]) -> Location | None:
    """The location of the longest known prefix of `path`."""
    for cut in range(len(path), -1, -1):
        key = tuple(path[:cut])
        if key in locations:
            return locations[key]
        alt = tuple(str(p) for p in path[:cut])
        if alt in locations:
            return locations[alt]
    return None
