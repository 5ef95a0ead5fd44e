"""Any XML dictionary, read through a YAML mapping file: new schemas without code.

The mapping names the element of one record and an XPath (relative to that
element) for each entry field. Records are streamed with the hardened
iterparse and cleared after use, so XPaths must stay inside the record (no
``..``/``preceding::`` into already-released parts of the document).

Mapping file format (YAML, loaded with `yaml.safe_load`; see
``corpora/mappings/xdxf.yaml`` for a complete example)::

    entry: ar                   # required: record element: name, prefix:name or {uri}name
    namespaces: {t: "uri"}      # optional: prefixes used in `entry` and the XPaths
    id: "@id"                   # optional: record id -> source "file#id" (else "file:line")
    word: "k"                   # required: headword(s); every value is one entry
    lemma: "k"                  # optional: default = the headword itself
    pos:                        # optional: a bare XPath, or {xpath, values}
      xpath: "def/gr/abbr"
      values: {n.: NOUN, v.: VERB}
    features:                   # optional: UD feature -> XPath or {xpath, values}
      Gender: {xpath: "def/gr/abbr", values: {m.: Masc, f.: Fem, nt.: Neut}}
    tags:                       # optional: list of XPath or {xpath, values, prefix}
      - {xpath: "def/gr/abbr", values: {ugs.: "register:colloquial", pl.t.: plurale-tantum}}
      - {xpath: "def/categ", prefix: "domain:"}

Values: an XPath result that is an element contributes its text content, a
string/attribute its value; blanks are dropped. With a ``values`` map only
mapped values count (others are ignored); without one, ``pos`` goes through
the shared pos table (`vocab.map_pos`), known features through the shared
feature tables (m -> Masc, pl -> Plur, ...), and tags get ``prefix`` + the
lower-cased label. Feature values in a ``values`` map are checked against UD
(Gender Masc|Fem|Neut, Number Sing|Plur, Case Nom|Gen|Dat|Acc).

All problems in a mapping file are reported together with file, line and field.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from lexicon_tools.errors import InputFileError, Problem
from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.vocab import CASE, FEATURE_VALUES, GENDER, NUMBER, UPOS, clean_label, map_pos
from lexicon_tools.io.guard.xml_safe import iterparse, release
from lexicon_tools.model.entry import Entry

KNOWN_KEYS = ("name", "description", "entry", "namespaces", "id", "word", "lemma", "pos", "features", "tags")
FEATURE_TABLES = {"Gender": GENDER, "Number": NUMBER, "Case": CASE}
HINT = "Fix the mapping file; its format is described in the README section Import."


@dataclass
class _Field:
    xpath: Any  # compiled etree.XPath
    values: dict[str, str] | None = None
    prefix: str = ""


@dataclass
class Mapping:
    path: Path
    entry_tag: str
    word: _Field
    id: _Field | None = None
    lemma: _Field | None = None
    pos: _Field | None = None
    features: dict[str, _Field] = field(default_factory=dict)
    tags: list[_Field] = field(default_factory=list)


def resolve_mapping_path(spec: str) -> Path:
    """A mapping file path, or the name of a bundled mapping (corpora/mappings/NAME.yaml)."""
    from lexicon_tools.resources import corpora_dir

    from lexicon_tools.io.guard.paths import require_regular_input

    path = Path(spec)
    require_regular_input(path, "a mapping file")
    if path.is_file():
        return path
    bundled = corpora_dir() / "mappings" / f"{spec}.yaml"
    if "/" not in spec and bundled.is_file():
        return bundled
    known = ", ".join(sorted(p.stem for p in (corpora_dir() / "mappings").glob("*.yaml")))
    raise InputFileError(f"mapping file {spec} does not exist",
                         f"Give the path of a YAML mapping file, or a bundled mapping name ({known}).")


def load_mapping(spec: str | Path) -> Mapping:
    from lexicon_tools.io.guard.located_yaml import locate, read_yaml

    path = resolve_mapping_path(str(spec))
    data, locations = read_yaml(path, "Give the path of a YAML mapping file.")
    problems: list[Problem] = []

    def problem(where: tuple, message: str) -> None:
        loc = locate(where, locations)
        problems.append(Problem(message, str(path), loc[1] if loc else None, ".".join(map(str, where)) or None))

    if not isinstance(data, dict):
        raise InputFileError(f"{path}: a mapping file must be a YAML mapping with 'entry' and 'word'", HINT)
    mapping = _build(path, data, problem)
    if problems:
        raise InputFileError(f"mapping file {path} has {len(problems)} problem(s)", HINT, problems)
    return mapping


def _build(path: Path, data: dict, problem) -> Mapping | None:
    for key in data:
        if key not in KNOWN_KEYS:
            problem((key,), f"unknown key {key!r} (known: {', '.join(KNOWN_KEYS)})")
    namespaces = data.get("namespaces") or {}
    if not isinstance(namespaces, dict):
        problem(("namespaces",), "'namespaces' must map prefixes to namespace URIs")
        namespaces = {}
    namespaces = {str(k): str(v) for k, v in namespaces.items()}
    entry_tag = _entry_tag(data.get("entry"), namespaces, problem)
    fields = {key: _field(data[key], (key,), namespaces, problem) for key in ("id", "word", "lemma", "pos")
              if data.get(key) is not None}
    if "word" not in data:
        problem(("word",), "required field 'word' (the XPath of the headword) is missing")
    features = {}
    for name, spec in (data.get("features") or {}).items():
        features[str(name)] = _field(spec, ("features", name), namespaces, problem, feature=str(name))
    tag_specs = data.get("tags") or []
    if not isinstance(tag_specs, list):
        problem(("tags",), "'tags' must be a list of XPaths or {xpath, values, prefix} mappings")
        tag_specs = []
    tags = [_field(spec, ("tags", i), namespaces, problem) for i, spec in enumerate(tag_specs)]
    if entry_tag is None or fields.get("word") is None or None in features.values() or None in tags \
            or None in fields.values():
        return None
    return Mapping(path, entry_tag, fields["word"], fields.get("id"), fields.get("lemma"), fields.get("pos"),
                   features, tags)


def _entry_tag(value: Any, namespaces: dict[str, str], problem) -> str | None:
    if not isinstance(value, str) or not value.strip():
        problem(("entry",), "required field 'entry' (the element name of one record, e.g. 'ar') is missing")
        return None
    value = value.strip()
    if ":" in value and not value.startswith("{"):
        prefix, local = value.split(":", 1)
        if prefix not in namespaces:
            problem(("entry",), f"prefix {prefix!r} is not declared under 'namespaces'")
            return None
        return f"{{{namespaces[prefix]}}}{local}"
    return value


def _field(spec: Any, where: tuple, namespaces: dict[str, str], problem, feature: str | None = None
           ) -> _Field | None:
    from lxml import etree

    if isinstance(spec, str):
        spec = {"xpath": spec}
    if not isinstance(spec, dict) or not isinstance(spec.get("xpath"), str):
        problem(where, "expected an XPath string or a mapping with 'xpath' (and optional 'values', 'prefix')")
        return None
    unknown = set(spec) - {"xpath", "values", "prefix"}
    if unknown:
        problem(where, f"unknown key(s) {', '.join(sorted(map(str, unknown)))} (known: xpath, values, prefix)")
    try:
        compiled = etree.XPath(spec["xpath"], namespaces=namespaces)
        compiled(etree.Element("probe"))   # an undefined prefix or function shows only when evaluated
    except (etree.XPathSyntaxError, etree.XPathEvalError) as exc:
        problem(where + ("xpath",), f"invalid XPath {spec['xpath']!r}: {exc}"
                + (" (declare the prefix under 'namespaces')" if "prefix" in str(exc) else ""))
        return None
    values = spec.get("values")
    if values is not None and not isinstance(values, dict):
        problem(where + ("values",), "'values' must map source values to entry values")
        values = None
    if values is not None:
        values = {str(k): str(v) for k, v in values.items()}
        _check_values(values, where, problem, feature)
    return _Field(compiled, values, str(spec.get("prefix") or ""))


def _check_values(values: dict[str, str], where: tuple, problem, feature: str | None) -> None:
    allowed = UPOS if where == ("pos",) else FEATURE_VALUES.get(feature or "")
    if allowed is None:
        return
    for raw, mapped in values.items():
        if mapped not in allowed:
            problem(where + ("values", raw), f"{mapped!r} is not a UD value here (use one of "
                                              f"{', '.join(sorted(allowed))})")


def reader(mapping: Mapping):
    """A reader function (stream, ctx) -> entries for this mapping."""

    def read(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
        records = 0
        for _event, element in iterparse(stream, ctx.name, tag=mapping.entry_tag):
            records += 1
            entries = convert_record(element, mapping, ctx)
            release(element)
            yield from entries
        if not records:
            raise InputFileError(
                f"{ctx.name}: no <{mapping.entry_tag}> record found (mapping {mapping.path})",
                "Check the mapping's 'entry' element name; if the document declares a default namespace "
                "(xmlns=\"...\"), declare it under 'namespaces' and write entry: 'prefix:name'.")

    return read


def convert_record(element, mapping: Mapping, ctx: ReadContext) -> list[Entry]:
    ids = _strings(mapping.id.xpath(element)) if mapping.id else []
    source = ctx.at_id(ids[0]) if ids else ctx.at(element.sourceline)
    found = mapping.word.xpath(element)
    if isinstance(found, float):  # count(), number(), sum(): 1.0 or inf is no headword
        ctx.bad_record(source, f"the XPath of 'word' yields the number {found!r}, not text",
                       " ".join("".join(element.itertext()).split())[:200],
                       "Give 'word' an XPath that selects elements or text, e.g. k or k/text().")
        return []
    words = _unique(_strings(found))
    if not words:
        ctx.bad_record(source, f"the <{element.tag}> record has no headword (XPath of 'word' found nothing)",
                       " ".join("".join(element.itertext()).split())[:200],
                       "Give the record a headword or fix the mapping's 'word' XPath; "
                       "--on-error skip skips such records.")
        return []
    pos, tags = None, []
    if mapping.pos:
        for value in _mapped(mapping.pos, element):
            pos, pos_tags = (value, ()) if mapping.pos.values else map_pos(value)
            tags.extend(pos_tags)
            break
    features = {}
    for name, spec in mapping.features.items():
        for value in _mapped(spec, element):
            table = FEATURE_TABLES.get(name)
            features[name] = value if spec.values or table is None else table.get(value.lower(), value)
            break
    for spec in mapping.tags:
        for value in _mapped(spec, element):
            tag = value if spec.values else spec.prefix + clean_label(value)
            if tag not in tags:
                tags.append(tag)
    lemmas = _strings(mapping.lemma.xpath(element)) if mapping.lemma else None
    return [Entry(word, (lemmas[0] if lemmas else None) if lemmas is not None else word, pos, dict(features),
                  tuple(tags), source) for word in words]


def _mapped(spec: _Field, element) -> Iterator[str]:
    for value in _strings(spec.xpath(element)):
        if spec.values is None:
            yield value
        elif value in spec.values:
            yield spec.values[value]


def _strings(result: Any) -> list[str]:
    items = result if isinstance(result, list) else [result]
    out = []
    for item in items:
        if isinstance(item, (bool, float)):  # an XPath number or truth value is no text of the record
            continue
        text = "".join(item.itertext()) if hasattr(item, "itertext") else str(item)
        text = " ".join(text.split())
        if text:
            out.append(text)
    return out


def _unique(values: list[str]) -> list[str]:
    return list(dict.fromkeys(values))
