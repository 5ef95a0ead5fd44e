"""The ruleset field reference, generated from the pydantic schema (lexicon_tools/model/ruleset.py).

Every field of `Ruleset` and its nested models becomes a row: dotted path, type,
default (or *required*), allowed range and the field's `description`. A field
without a description is an error, so a new field cannot reach the site undocumented.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal

from annotated_types import Ge, Le, MaxLen, MinLen
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from lexicon_tools.model.ruleset import Ruleset

def _type_name(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Literal:
        return " \\| ".join(f"`{a}`" for a in args)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(a) for a in args).replace("`None`", "null").replace("NoneType", "null")
    if origin is typing.Annotated:
        return _type_name(args[0])
    if origin in (list, tuple, dict):
        inner = ", ".join(_type_name(a) for a in args if a is not Ellipsis)
        return {list: "list", tuple: "pair", dict: "mapping"}[origin] + f" of {inner}" if inner else origin.__name__
    if annotation is type(None):
        return "null"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "mapping"
    return getattr(annotation, "__name__", str(annotation))


def _range(metadata: list) -> str:
    parts = []
    for item in metadata:
        if isinstance(item, Ge):
            parts.append(f"≥ {item.ge}")
        elif isinstance(item, Le):
            parts.append(f"≤ {item.le}")
        elif isinstance(item, MinLen):
            parts.append(f"at least {item.min_length} item(s)")
        elif isinstance(item, MaxLen):
            parts.append(f"at most {item.max_length} item(s)")
        elif getattr(item, "pattern", None):
            parts.append(f"pattern `{item.pattern}`")
    return ", ".join(parts)


def _default(field) -> str:
    if field.is_required():
        return "*required*"
    value = field.default
    if value is PydanticUndefined:
        return "*required*"
    if isinstance(value, BaseModel):
        return "(its fields' defaults)"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if value == "":
        return '`""`'
    return f"`{value}`"


def _model_of(annotation: Any) -> type[BaseModel] | None:
    candidates = [annotation, *typing.get_args(annotation)]
    for item in candidates:
        if isinstance(item, type) and issubclass(item, BaseModel):
            return item
    return None


def _anchor(path: str) -> str:
    return "field-" + path.replace(".", "-").replace("_", "-")


def _walk(model: type[BaseModel], prefix: str, rows: list, nested: list, missing: list) -> None:
    for name, field in model.model_fields.items():
        if field.exclude:
            continue
        path = f"{prefix}{name}"
        if not field.description:
            missing.append(path)
        rows.append((path, _type_name(field.annotation), _default(field), _range(field.metadata),
                     field.description or ""))
        sub = _model_of(field.annotation)
        if sub is not None:
            nested.append((path, sub))
            kind = rows[-1][1].replace("mapping", f"[mapping](#{_anchor(path)})", 1)
            rows[-1] = (rows[-1][0], kind, *rows[-1][2:])


def ruleset_reference_markdown() -> str:
    sections: list[tuple[str, list]] = []
    missing: list[str] = []
    queue: list[tuple[str, type[BaseModel]]] = [("", Ruleset)]
    while queue:
        prefix, model = queue.pop(0)
        rows, nested = [], []
        _walk(model, f"{prefix}." if prefix else "", rows, nested, missing)
        sections.append((prefix, rows))
        queue[0:0] = nested
    if missing:
        raise ValueError("ruleset fields without a description (add Field(description=...) in "
                         f"lexicon_tools/model/ruleset.py): {', '.join(missing)}")
    out = ["# Ruleset fields", "",
           "Generated from the pydantic schema in `lexicon_tools/model/ruleset.py` by "
           "`docgen/ruleset_reference.py`, so it lists exactly the fields `lexicon-tools ruleset validate` "
           "accepts. Unknown keys are errors. After the schema, validation checks fields against each other "
           "(layout vs board size, tile letters vs alphabet, the tile total, start squares on the board, "
           "bonuses that can be earned, word lengths that fit the board) and reports **every** problem with "
           "file, line and field. See the [house rules guide](../guides/house-rules.md) for worked examples.",
           ""]
    for prefix, rows in sections:
        out += [f"## `{prefix}` {{#{_anchor(prefix)}}}" if prefix else "## Top level", ""]
        out += ["| field | type | default | range | meaning |", "|---|---|---|---|---|"]
        for path, kind, default, limits, meaning in rows:
            out.append(f"| `{path}` | {kind} | {default} | {limits} | {meaning.replace('|', chr(92) + '|')} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    print(ruleset_reference_markdown())
