"""Load rulesets: bundled names or paths, `extends` inheritance, located validation.

Resolution of one file:
1. `yaml.safe_load` the file (and record each key's line, see `located_yaml`);
2. if it says ``extends: NAME|PATH``, load that base first (recursively, cycles
   are errors) and deep-merge this file over it: mappings merge key by key,
   lists and scalars replace, and a mapping holding ``$replace: true`` replaces
   the base mapping whole (e.g. a different tile set);
3. relative ``board.layout`` paths are resolved against the file that names them;
4. the merged document is validated as a whole: the pydantic schema (unknown
   keys, types), the layout file, then `check_consistency`. All problems are
   collected and reported together with file, line and field.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from lexicon_tools.errors import LayoutError, LexiconToolsError, Problem, RulesetError, UsageError
from lexicon_tools.io.formats.layouts import load_layout
from lexicon_tools.io.guard.located_yaml import Location, locate, read_yaml
from lexicon_tools.io.guard.paths import require_regular_input
from lexicon_tools.io.guard.referenced import check_ruleset_shape
from lexicon_tools.model.ruleset import Ruleset
from lexicon_tools.model.ruleset_checks import DEPENDANTS, check_consistency
from lexicon_tools.resources import rulesets_dir, unknown_ruleset_hint

REPLACE_KEY = "$replace"
_LOADER_FIELDS = ("layout", "source", "warnings")     # set by the loader, never written in a file
_RULESET_FIELDS = {name for name in Ruleset.model_fields if name not in _LOADER_FIELDS} | {REPLACE_KEY}


def list_rulesets() -> list[tuple[str, str, Path]]:
    """Bundled rulesets as (name, title, path)."""
    out = []
    for path in sorted(rulesets_dir().glob("*.yaml")):
        try:
            title = load_ruleset(path).title
        except LexiconToolsError:
            title = "(invalid)"
        out.append((path.stem, title, path))
    return out


def resolve_ruleset_path(name_or_path: str | Path, relative_to: Path | None = None) -> Path:
    text = str(name_or_path)
    candidate = Path(text)
    if relative_to is not None and not candidate.is_absolute() and ("/" in text or text.endswith((".yaml", ".yml"))):
        candidate = relative_to / candidate
    if candidate.suffix in (".yaml", ".yml") or "/" in text or (candidate.exists() and not candidate.is_dir()):
        require_regular_input(candidate, "a ruleset file")
        if candidate.is_file():
            return candidate
        raise UsageError(f"ruleset file {candidate} does not exist",
                         "Give an existing YAML file or a bundled name (see `lexicon-tools ruleset list`).")
    bundled = rulesets_dir() / f"{text}.yaml"
    if bundled.is_file():
        return bundled
    raise UsageError(f"unknown ruleset {text!r}", unknown_ruleset_hint(text))


def load_ruleset(name_or_path: str | Path) -> Ruleset:
    path = resolve_ruleset_path(name_or_path)
    warnings: list[str] = []
    data, locations = _resolve(path, chain=(), warnings=warnings)
    return _validate(data, locations, path, warnings)


def load_merged_document(name_or_path: str | Path) -> dict[str, Any]:
    """The merged (not yet validated) document, e.g. for `ruleset diff`."""
    path = resolve_ruleset_path(name_or_path)
    return _resolve(path, chain=())[0]


def load_ruleset_document(name_or_path: str | Path,
                          relative_to: Path | None = None) -> tuple[dict[str, Any], dict[tuple, Location], Path]:
    """The merged document, each key's (file, line) and the file, before validation.

    With `validate_ruleset_document` this lets a caller apply in-memory house rules
    (e.g. an experiment's variant overrides, merged with `deep_merge` and located in
    the experiment file) and still get the ruleset's located, collected errors.
    """
    path = resolve_ruleset_path(name_or_path, relative_to=relative_to)
    data, locations = _resolve(path, chain=())
    return data, locations, path


def validate_ruleset_document(data: dict[str, Any], locations: dict[tuple, Location], path: Path) -> Ruleset:
    """Validate a merged document as `load_ruleset` does; RulesetError lists every problem, located."""
    return _validate(data, locations, path)


def _resolve(path: Path, chain: tuple[Path, ...], named_by: str | None = None,
             warnings: list[str] | None = None) -> tuple[dict[str, Any], dict[tuple, Location]]:
    real = path.resolve()
    if real in chain:
        cycle = " -> ".join(str(p) for p in chain + (real,))
        raise RulesetError(f"{path}: 'extends' forms a cycle: {cycle}", "Remove one of the 'extends' links.")
    data, locations = read_yaml(path, "Give a bundled ruleset name or the path of a ruleset YAML file.")
    if named_by is not None:  # a file named by 'extends': never quote it unless it is a ruleset
        check_ruleset_shape(data, path, named_by, _RULESET_FIELDS)
    if not isinstance(data, dict):
        raise RulesetError(f"{path}:1: a ruleset must be a YAML mapping of fields, got {type(data).__name__}")
    _absolutise_layout(data, path)
    base_name = data.get("extends")
    if base_name is None:
        return data, locations
    try:
        base_path = resolve_ruleset_path(base_name, relative_to=path.parent)
    except UsageError as exc:
        line = locations.get(("extends",), (str(path), None))[1]
        raise RulesetError(f"{path}:{line} [extends]: {exc.message}", exc.hint) from exc
    line = locations.get(("extends",), (str(path), None))[1]
    base, base_locations = _resolve(base_path, chain + (real,), named_by=f"'extends' in {path}:{line}",
                                    warnings=warnings)
    merged_locations = dict(base_locations)
    merged_locations.update(locations)
    merged = deep_merge(base, data)
    notes = disable_dependants(base, data, merged, locations, path)
    if warnings is not None:
        warnings.extend(notes)
    return merged, merged_locations


def _get(doc: Any, field: tuple, default: Any = None) -> Any:
    for key in field:
        if not isinstance(doc, dict) or key not in doc:
            return default
        doc = doc[key]
    return doc


def _set(doc: dict, field: tuple, value: Any) -> None:
    """Set an existing field, copying the mappings on the way (the merge shares them with the base)."""
    for key in field[:-1]:
        doc[key] = dict(doc[key])
        doc = doc[key]
    doc[field[-1]] = value


def disable_dependants(base: dict, house: dict, merged: dict, locations: dict[tuple, Location],
                       path: Path) -> list[str]:
    """A feature the house rules switch off (`DEPENDANTS`) switches off what the base set up for it and the
    house rules do not set themselves; returns one warning per feature, naming the house-rules line.
    What the house rules set themselves is theirs: a conflict there is reported by the validation."""
    out = []
    for feature, dependants in DEPENDANTS.items():
        if _get(house, feature) is not False or not _get(base, feature):
            continue
        dropped = []
        for field, off, condition in dependants:
            if _get(house, field) is not None or _get(merged, field, off) == off:
                continue
            if condition is not None and _get(merged, condition[0], condition[2]) != condition[1]:
                continue
            dropped.append(f"{'.'.join(field)} (was {_get(merged, field)!r})")
            _set(merged, field, copy.deepcopy(off))
        if dropped:
            where, line = locations.get(feature, (str(path), None))[:2]
            out.append(f"{where}:{line} [{'.'.join(feature)}]: false also turns off what needs it: "
                       f"{', '.join(dropped)}; set those fields in this file to keep another value")
    return out


def _absolutise_layout(data: dict[str, Any], path: Path) -> None:
    board = data.get("board")
    if isinstance(board, dict) and isinstance(board.get("layout"), str):
        layout = Path(board["layout"])
        if not layout.is_absolute():
            board["layout"] = str((path.parent / layout).resolve())


def deep_merge(base: Any, override: Any) -> Any:
    if isinstance(base, dict) and isinstance(override, dict):
        if override.get(REPLACE_KEY) is True:
            return {k: v for k, v in override.items() if k != REPLACE_KEY}
        merged = dict(base)
        for key, value in override.items():
            merged[key] = deep_merge(base.get(key), value) if key in base else _strip(value)
        return merged
    return _strip(override)


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k != REPLACE_KEY}
    return value


def _validate(data: dict[str, Any], locations: dict[tuple, Location], path: Path,
              warnings: list[str] | None = None) -> Ruleset:
    problems: list[Problem] = []

    def add(field: tuple, message: str, related: tuple = ()) -> None:
        loc = locate(field, locations)
        if loc and loc[0] != str(path):      # from a base file: point at the house rule that conflicts, if any
            for other in related:
                here = locations.get(other) or locations.get(tuple(str(p) for p in other))
                if here and here[0] == str(path):
                    name, dotted = ".".join(str(p) for p in other), ".".join(str(p) for p in field)
                    fix = (f"write {field[0]} whole in this file without that entry "
                           f"(`{field[0]}: {{$replace: true, ...}}`)" if isinstance(field[-1], int)
                           else f"set {dotted} in this file to fit")
                    message = (f"{message}: {name} set here conflicts with {dotted} from {loc[0]}:{loc[1]}; "
                               f"fix: {fix}, or change {name}")
                    field, loc = other, here
                    break
        problems.append(Problem(message, loc[0] if loc else str(path), loc[1] if loc else None,
                                ".".join(str(p) for p in field) or None))

    try:
        ruleset = Ruleset.model_validate(dict(data, source=str(path)))
    except ValidationError as exc:
        for err in exc.errors():
            add(tuple(err["loc"]), _describe(err))
        ruleset = _validate_without_unknown_keys(data, exc, path)
    layout = None
    layout_path = (data.get("board") or {}).get("layout") if isinstance(data.get("board"), dict) else None
    if isinstance(layout_path, str):
        try:
            line = locate(("board", "layout"), locations)
            layout = load_layout(layout_path, named_by=f"'board.layout' in {line[0]}:{line[1]}" if line
                                 else f"'board.layout' in {path}")
        except LayoutError as exc:
            problems.extend(exc.problems or [Problem(exc.message, field="board.layout")])
        except LexiconToolsError as exc:
            add(("board", "layout"), exc.message)
    if ruleset is not None:
        ruleset = ruleset.model_copy(update={"layout": layout, "warnings": tuple(warnings or ())})
        for problem in check_consistency(ruleset):
            add(*problem)
    if problems:
        # in file order: this file's lines first, then each base file's, unlocated ones last in their file
        top = str(path)
        problems.sort(key=lambda p: (p.file != top, p.file or "", p.line if p.line is not None else 1 << 30))
        raise RulesetError(f"ruleset {path} is invalid ({len(problems)} problem(s))", problems=problems)
    return ruleset


def _validate_without_unknown_keys(data: dict[str, Any], exc: ValidationError, path: Path) -> Ruleset | None:
    """Drop unknown keys and retry, so cross-field checks still report their problems."""
    extras = [tuple(e["loc"]) for e in exc.errors() if e["type"] == "extra_forbidden"]
    if len(extras) != len(exc.errors()):
        return None
    pruned = copy.deepcopy(data)
    for loc in extras:
        parent = pruned
        for key in loc[:-1]:
            parent = parent[key]
        parent.pop(loc[-1], None)
    try:
        return Ruleset.model_validate(dict(pruned, source=str(path)))
    except ValidationError:
        return None


def _describe(err: dict) -> str:
    if err["type"] == "extra_forbidden":
        return f"unknown key {err['loc'][-1]!r}; check the spelling against the documented fields"
    if err["type"] == "missing":
        return f"required field {err['loc'][-1]!r} is missing"
    return f"{err['msg']} (got {err.get('input')!r})"
