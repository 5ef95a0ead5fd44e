"""The ``.lex`` lexicon container: one file holding everything the word check needs.

Binary layout (all integers little-endian)::

    offset size  field
    0      8     magic  b"\\x89LXLEX\\r\\n"  (PNG-style: catches text-mode mangling)
    8      2     format version (u16), currently 1
    10     2     section count (u16)
    12     4     CRC-32 (zlib) of the header (this field read as zero) and all bytes after it
    16     8     payload length: file size - 32 (u64); detects truncation first
    24     8     reserved, zero
    32     16*n  section table: tag (4 ASCII bytes), reserved u32 (zero), length u64
    ...          the sections in table order, each padded with zeros to 8 bytes

Sections (all required, unknown tags are skipped so minor additions stay readable):

* ``META``: UTF-8 JSON, keys sorted: ``ruleset``, ``alphabet`` (letters in tile
  order, tile i = letters[i-1]), ``normalisation`` (``replacements`` as pairs,
  ``strip_accents``), ``tiles`` (letter -> [count, value], ``blank_count``),
  ``lengths``, ``word_count``, ``reasons`` (count per reason class),
  ``provenance`` (``sources``: name, format, bytes, sha256; ``ruleset_sha256``;
  ``date``; ``tool``) and ``kwg`` (node and state counts).
* ``KWG_``: the KWG node array, exactly the bytes of a ``.kwg`` export
  (see `lexicon_tools.lexicon.kwg`), 8-byte aligned.
* ``VRDT``: the block-compressed verdict table (`lexicon_tools.lexicon.verdicts`).

Loading memory-maps the file, checks magic, version, length and CRC, then wraps
the sections without copying or rebuilding anything: the graph is a memoryview
cast over the mapping. Any mismatch raises `LexiconFileError` naming the file, so a damaged file
gives an error, never a wrong answer. CRC-32 (not a cryptographic hash) because
it guards against accidental damage at ~2 GB/s, inside the cold-check budget.
Only the stdlib is imported here: this is the `lexicon-tools check` path.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from pathlib import Path
from typing import Any

from lexicon_tools.errors import LexiconFileError
from lexicon_tools.textsafe import printable_data

MAGIC = b"\x89LXLEX\r\n"
VERSION = 1
_HEADER = struct.Struct("<8sHHIQ8x")
_SECTION = struct.Struct("<4sIQ")
HEADER_SIZE = _HEADER.size
REQUIRED = (b"META", b"KWG_", b"VRDT")


def encode_lexicon(meta: dict[str, Any], kwg_bytes: bytes, verdict_bytes: bytes) -> bytes:
    """The complete file content; deterministic for equal inputs (reproducible builds)."""
    meta_bytes = json.dumps(meta, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    sections = [(b"META", meta_bytes), (b"KWG_", kwg_bytes), (b"VRDT", verdict_bytes)]
    table = b"".join(_SECTION.pack(tag, 0, len(data)) for tag, data in sections)
    body = [table]
    for _tag, data in sections:
        body.append(data)
        body.append(b"\0" * (-len(data) % 8))
    payload = b"".join(body)
    unsigned = _HEADER.pack(MAGIC, VERSION, len(sections), 0, len(payload))
    header = _HEADER.pack(MAGIC, VERSION, len(sections), _checksum(unsigned, payload), len(payload))
    return header + payload


def _checksum(header: bytes | memoryview, payload: bytes | memoryview) -> int:
    """CRC-32 of the header (its CRC field counted as zero) and then the payload."""
    return zlib.crc32(payload, zlib.crc32(bytes(header[:12]) + b"\0\0\0\0" + bytes(header[16:HEADER_SIZE])))


def write_lexicon(path: str | os.PathLike, meta: dict[str, Any], kwg_bytes: bytes, verdict_bytes: bytes) -> int:
    """Write atomically; returns the file size."""
    from lexicon_tools.io.guard.atomic import atomic_write_bytes

    data = encode_lexicon(meta, kwg_bytes, verdict_bytes)
    atomic_write_bytes(path, data)
    return len(data)


def read_sections(path: str | os.PathLike) -> dict[bytes, memoryview]:
    """Read and verify a ``.lex`` file; returns its sections by tag."""
    from lexicon_tools.io.guard.paths import require_regular_input

    target = Path(path)
    require_regular_input(target, "a lexicon file")
    try:
        data = _map(target)
    except FileNotFoundError:
        raise LexiconFileError(f"lexicon file {target} does not exist") from None
    except OSError as exc:
        raise LexiconFileError(f"cannot read lexicon file {target}: {exc.strerror}") from None
    return parse_sections(data, str(target))


def _map(path: Path):
    """The file's bytes: a read-only memory map (no copy; pages load as the CRC reads them).

    A lexicon is only ever replaced atomically (a new inode), never rewritten in
    place, so a live mapping keeps seeing the complete old file.
    """
    import mmap

    with open(path, "rb") as handle:
        try:
            return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        except (ValueError, OSError):  # empty file, or a file system without mmap
            return handle.read()


def parse_sections(data: bytes, name: str = "<bytes>") -> dict[bytes, memoryview]:
    if len(data) < HEADER_SIZE:
        raise _bad(name, f"it is truncated ({len(data)} bytes, shorter than the {HEADER_SIZE}-byte header)")
    magic, version, count, crc, length = _HEADER.unpack_from(data, 0)
    if magic != MAGIC:
        raise _bad(name, "it is not a lexicon-tools lexicon (wrong magic number)",
                   "Give a .lex file written by `lexicon-tools build`; a .kwg export is only a word graph.")
    if version != VERSION:
        raise _bad(name, f"it has format version {version}; this lexicon-tools reads version {VERSION}")
    if len(data) - HEADER_SIZE != length:
        state = "truncated" if len(data) - HEADER_SIZE < length else "followed by extra bytes"
        raise _bad(name, f"it is {state} ({len(data):,} bytes, the header says {length + HEADER_SIZE:,})")
    view = memoryview(data)[HEADER_SIZE:]
    if _checksum(memoryview(data)[:HEADER_SIZE], view) != crc:
        raise _bad(name, "its checksum does not match: the file is corrupted")
    sections: dict[bytes, memoryview] = {}
    pos = _SECTION.size * count
    for i in range(count):
        tag, _reserved, size = _SECTION.unpack_from(view, i * _SECTION.size)
        if pos + size > len(view):
            raise _bad(name, f"section {tag!r} runs past the end of the file")
        sections[tag] = view[pos:pos + size]
        pos += size + (-size % 8)
    missing = [t.decode() for t in REQUIRED if t not in sections]
    if missing:
        raise _bad(name, f"it lacks the section(s) {', '.join(missing)}")
    return sections


def load_lexicon(path: str | os.PathLike, check_graph: bool = True):
    """Load a ``.lex`` file as a `Lexicon`.

    `check_graph` validates the KWG structure (numpy, see `lexicon.kwg_check`) so that graph
    walks and the move generator cannot hang or read out of bounds on a crafted file. The
    table-side `check` passes False: it stays stdlib-only, and its lookups are bounded anyway
    (`Lexicon` validates the graph itself before the one walk it could do, see `legal_words`).
    """
    from lexicon_tools.lexicon.kwg import Kwg
    from lexicon_tools.lexicon.lexicon import Lexicon
    from lexicon_tools.lexicon.verdicts import VerdictTable

    name = str(path)
    sections = read_sections(path)
    meta = _parse_meta(sections[b"META"], name)
    try:
        lexicon = Lexicon(meta, Kwg(sections[b"KWG_"]), VerdictTable(sections[b"VRDT"], name))
        if check_graph:
            _check_graph_once(lexicon, sections[b"KWG_"])
        return lexicon
    except LexiconFileError as exc:
        raise _bad(name, exc.message) from None


def _check_graph_once(lexicon, graph: memoryview) -> None:
    """`Lexicon.check_graph`, skipped for a graph that passed it before (`io.cache.graph_check_cache`)."""
    from lexicon_tools.io.cache import graph_check_cache

    key = graph_check_cache.graph_key(graph, len(lexicon.alphabet.letters))
    if graph_check_cache.passed_before(key):
        lexicon.mark_graph_checked()
        return
    lexicon.check_graph()
    graph_check_cache.remember_pass(key)


def read_meta(path: str | os.PathLike) -> dict[str, Any]:
    return _parse_meta(read_sections(path)[b"META"], str(path))


def _parse_meta(raw: memoryview, name: str) -> dict[str, Any]:
    from lexicon_tools.io.guard.bounded_json import JsonBoundError, loads

    try:
        meta = loads(bytes(raw))
    except JsonBoundError as exc:
        raise _bad(name, f"its metadata is not valid JSON ({exc})") from None
    letters = meta.get("alphabet") if isinstance(meta, dict) else None
    if not isinstance(letters, list) or not letters or not all(isinstance(x, str) for x in letters):
        raise _bad(name, "its metadata has no alphabet")
    wrong = _meta_type_problems(meta)
    if wrong:
        raise _bad(name, f"its metadata has wrong types: {'; '.join(wrong)}")
    return printable_data(meta)  # a hostile file's strings never reach the terminal raw


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 40


def _meta_type_problems(meta: dict[str, Any]) -> list[str]:
    """Every metadata field with the wrong type (checked before any field is used)."""
    problems = []
    letters = meta["alphabet"]
    if len(letters) > 255 or not all(0 < len(x) <= 4 for x in letters):
        problems.append("'alphabet' must hold 1 to 255 short letters")
    if not isinstance(meta.get("ruleset", ""), str):
        problems.append("'ruleset' must be a name")
    if "word_count" in meta and not _is_int(meta["word_count"]):
        problems.append("'word_count' must be a whole number")
    norm = meta.get("normalisation", {})
    if not isinstance(norm, dict):
        problems.append("'normalisation' must be a mapping")
    else:
        pairs = norm.get("replacements", [])
        if not (isinstance(pairs, list) and all(isinstance(p, list) and len(p) == 2 and
                                                all(isinstance(x, str) for x in p) and p[0] for p in pairs)):
            problems.append("'normalisation.replacements' must be a list of [from, to] text pairs, from not empty")
        if not isinstance(norm.get("strip_accents", True), bool):
            problems.append("'normalisation.strip_accents' must be true or false")
    tiles = meta.get("tiles", {})
    if not (isinstance(tiles, dict) and all(
            isinstance(v, list) and len(v) == 2 and all(map(_is_int, v)) for v in tiles.values())):
        problems.append("'tiles' must map letters to [count, value]")
    if "blank_count" in meta and not _is_int(meta["blank_count"]):
        problems.append("'blank_count' must be a whole number")
    lengths = meta.get("lengths", [1, 1])
    if not (isinstance(lengths, list) and len(lengths) == 2 and all(map(_is_int, lengths))):
        problems.append("'lengths' must be [min, max]")
    for key in ("reasons", "provenance", "kwg"):
        if key in meta and not isinstance(meta[key], dict):
            problems.append(f"'{key}' must be a mapping")
    return problems


def resolve_lexicon_path(lexicon: str | None, ruleset: str | None, default_ruleset: str = "wortspieler") -> Path:
    """The file for ``--lexicon FILE`` or ``--ruleset NAME`` (the default lexicon of a ruleset).

    A ruleset given as a YAML path maps to the default lexicon of the name it
    declares (`ruleset_name`), so this never parses YAML (the check path stays light).
    """
    from lexicon_tools.errors import UsageError
    from lexicon_tools.resources import default_lexicon_path

    if lexicon and ruleset:
        raise UsageError("give either --lexicon or --ruleset, not both",
                         "--lexicon names a .lex file; --ruleset finds the lexicon built for that ruleset.")
    if lexicon:
        return Path(lexicon)
    name = ruleset_name(ruleset) if ruleset else default_ruleset
    path = default_lexicon_path(name)
    if not path.is_file() and ruleset and ruleset == name:
        from lexicon_tools.resources import rulesets_dir, unknown_ruleset_hint

        if not (rulesets_dir() / f"{name}.yaml").is_file():    # a typo: no build would help
            raise UsageError(f"unknown ruleset {name!r}", unknown_ruleset_hint(name))
    if not path.is_file():
        raise LexiconFileError(
            f"no lexicon has been built for ruleset {name!r} (expected {path})",
            f"Build it with `lexicon-tools build --ruleset {ruleset or name}`, or pass --lexicon FILE.")
    return path


def ruleset_of_lexicon(path: str | os.PathLike, default: str = "wortspieler") -> str:
    """The bundled ruleset a lexicon file was built for (its metadata's ``ruleset``), for ``-l FILE`` alone.

    The metadata of a file from someone else may name only a bundled ruleset
    (`resources.require_bundled_ruleset`), as a game record's ``#ruleset`` may: a path
    there would make the command open and parse any local file. A lexicon built for a
    ruleset file is used with ``--ruleset FILE`` given by the user.
    """
    from lexicon_tools.resources import require_bundled_ruleset

    name = read_meta(path).get("ruleset") or default
    return require_bundled_ruleset(name, f"the metadata of lexicon {path}",
                                   "If you trust the ruleset file it was built for, pass it yourself: "
                                   "--ruleset FILE --lexicon LEX.")


def ruleset_name(ruleset: str) -> str:
    """The name a ruleset's lexicon is stored under, without loading YAML.

    A bundled name is itself; for a YAML path the top-level ``name:`` line is read
    with a regular expression (the loader validates it at build time), falling
    back to the file stem.
    """
    path = Path(ruleset)
    if path.suffix not in (".yaml", ".yml") and "/" not in ruleset:
        return ruleset
    import re

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return path.stem
    match = re.search(r"""^name:[ \t]*["']?([a-z0-9][a-z0-9_-]*)["']?[ \t]*(?:#.*)?$""", text, re.MULTILINE)
    return match.group(1) if match else path.stem


def _bad(name: str, what: str, hint: str | None = None) -> LexiconFileError:
    return LexiconFileError(f"cannot load lexicon {name}: {what}", hint)
