"""Import a source into a `CompactCorpus`, reusing a content-addressed cache of earlier imports.

A build reads each source, compiles the morphological lexicon from it and only then
applies the ruleset's word policy. The first two steps depend on the sources alone, so a
rebuild after a house-rule change can skip them: the compact corpus of a build's sources is
stored under ``<user data dir>/cache/import/<key>.corpus`` (``LEXICON_TOOLS_HOME`` or the
XDG data home, `resources.user_data_dir`).

**Key**: SHA-256 over the bytes of the build's source files in order, their reader formats
(and the bytes of a ``mapping:FILE``), the error policy, and the code that turns bytes into a compact corpus
(the readers, `Entry`, `readings_from_entry`, the casing rule, `morph.compact` and this
module, by their source text, plus the package version). Any change to one of them is
a new key; the old file is never consulted again and is pruned (the newest `KEEP` files
stay).

**File** (no pickle; ``numpy``/``array`` bytes and UTF-8 text only)::

    LEXICON-TOOLS-IMPORT-CACHE 1\n
    {header JSON: key, counts, byte order, attribute table, capitals, section sizes, payload sha256}\n
    payload: string tables (UTF-8, NUL-separated) and integer columns, in header order

**Trust**: a file whose magic, key, checksum, sizes or table indices do not check out is
ignored (and rebuilt) - it is never used, whatever it holds. Files are written
atomically (`io.guard.atomic`); a cache that cannot be written (read-only disk, full disk) only
costs the next build the import again. ``--no-cache`` (``use_cache=False``) neither reads
nor writes it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from array import array
from functools import lru_cache
from pathlib import Path

import numpy

from lexicon_tools import __version__
from lexicon_tools.errors import LexiconToolsError
from lexicon_tools.morph.compact import CompactCorpus, CorpusBuilder
from lexicon_tools.policy.casing import CapsTracker

MAGIC = b"LEXICON-TOOLS-IMPORT-CACHE 1\n"
SUFFIX = ".corpus"
KEEP = 12
_PACKAGE = Path(__file__).resolve().parents[2]
_CODE = ("io/readers", "model/entry.py", "policy/readings.py", "policy/casing.py", "morph/compact.py",
         "io/cache/import_cache.py")
_STRINGS = ("surfaces", "lemmas", "sources", "pos")
_ARRAYS = (("first_lemma", "I"), ("first_pos", "I"), ("offsets", "I"), ("first_row", "q"), ("r_attrs", "I"),
           ("r_lemma", "I"), ("r_source", "I"), ("r_line", "q"))


def cache_dir() -> Path:
    from lexicon_tools.resources import user_data_dir

    return user_data_dir() / "cache" / "import"


@lru_cache(maxsize=1)
def code_digest() -> str:
    """SHA-256 of the source text of everything that shapes a compact corpus."""
    digest = hashlib.sha256(f"lexicon-tools {__version__}\n".encode())
    for name in _CODE:
        path = _PACKAGE / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.relative_to(_PACKAGE).as_posix().encode() + b"\0")
            with contextlib.suppress(OSError):
                digest.update(file.read_bytes())
    return digest.hexdigest()


def _file_digest(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def cache_key(sources: list[tuple[Path, str]], on_error: str) -> str:
    parts = [code_digest(), on_error, sys.byteorder]
    for path, fmt in sources:
        parts += [_file_digest(path), fmt]
        if fmt.startswith("mapping:"):
            parts.append(_file_digest(Path(fmt.partition(":")[2])))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def import_corpus(sources: list[tuple[Path, str]], *, on_error: str = "fail", use_cache: bool = True,
                  open_bar=None, no_entries=None) -> tuple[CompactCorpus, bool]:
    """The compact corpus of the sources, read one after the other, and whether it came from the cache.

    One cache file holds the whole list (a build's sources are read into one lexicon, and a
    rebuild reads the same list). `open_bar(path)` gives a `Progress` per source, advanced by
    the bytes read (by the file size at once on a hit); `no_entries(path)` is called for a
    source that gave no entries (and may raise)."""
    from contextlib import nullcontext

    from lexicon_tools.io.readers import iter_entries

    def bar(path: Path):
        return open_bar(path) if open_bar is not None else nullcontext(None)

    key = None
    if use_cache:
        try:
            key = cache_key(sources, on_error)
        except OSError:
            key = None
        cached = load(cache_dir() / f"{key}{SUFFIX}", key) if key else None
        if cached is not None:
            for path, _fmt in sources:
                with bar(path) as progress:
                    if progress is not None:
                        progress.advance(path.stat().st_size)
            return cached, True
    builder = CorpusBuilder()
    for path, fmt in sources:
        before = builder.entries
        with bar(path) as progress:
            builder.add_all(iter_entries(path, fmt, on_error=on_error, progress=progress))
        if builder.entries == before and no_entries is not None:
            no_entries(path)
    corpus = builder.finish()
    if key and corpus.entries and _same_key(key, sources, on_error):  # a source changed while read: no file
        store(cache_dir() / f"{key}{SUFFIX}", key, corpus)
    return corpus, False


def _same_key(key: str, sources: list[tuple[Path, str]], on_error: str) -> bool:
    try:
        return cache_key(sources, on_error) == key
    except OSError:
        return False


# --- the file format ------------------------------------------------------------------------------

def _joined(values: list) -> bytes | None:
    """NUL-separated UTF-8; None when a value holds a NUL (such a corpus is simply not cached)."""
    if any("\0" in v for v in values):
        return None
    return "\0".join(values).encode("utf-8", "surrogatepass")


def encode(key: str, corpus: CompactCorpus) -> bytes | None:
    tables = {"surfaces": corpus.surfaces, "lemmas": corpus.lemmas[1:], "sources": corpus.sources,
              "pos": corpus.pos[1:]}
    sections: list[tuple[str, bytes]] = []
    for name in _STRINGS:
        blob = _joined(tables[name])
        if blob is None:
            return None
        sections.append((name, blob))
    for name, code in _ARRAYS:
        column = getattr(corpus, name)
        if column.typecode != code:
            column = array(code, column)
        sections.append((name, column.tobytes()))
    payload = b"".join(data for _, data in sections)
    header = {
        "key": key, "entries": corpus.entries, "bare": corpus.bare, "itemsize": {"I": array("I").itemsize, "q": array("q").itemsize},
        "counts": {name: len(tables[name]) for name in _STRINGS},
        "attrs": [[a[0], a[1], a[2], a[3], list(a[4]), a[5]] for a in corpus.attrs],
        "mixed": sorted(corpus.caps.mixed), "caps": {f: sorted(w) for f, w in sorted(corpus.caps.caps.items())},
        "sections": [[name, len(data)] for name, data in sections],
        "sha256": hashlib.sha256(payload).hexdigest(),
    }
    return MAGIC + json.dumps(header, ensure_ascii=False).encode("utf-8") + b"\n" + payload


def store(path: Path, key: str, corpus: CompactCorpus) -> bool:
    """Write the cache file atomically; False (and no file) when it cannot be written."""
    from lexicon_tools.io.guard.atomic import atomic_write_bytes

    data = encode(key, corpus)
    if data is None:
        return False
    try:
        atomic_write_bytes(path, data)
    except (OSError, LexiconToolsError):
        return False
    prune(path.parent)
    return True


def prune(directory: Path, keep: int = KEEP) -> None:
    """Remove all but the `keep` most recently used cache files."""
    with contextlib.suppress(OSError):
        files = sorted((p for p in directory.iterdir() if p.suffix == SUFFIX and p.is_file()),
                       key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[keep:]:
            with contextlib.suppress(OSError):
                old.unlink()


def load(path: Path, key: str) -> CompactCorpus | None:
    """The cached corpus, or None if the file is missing or does not check out in every respect."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    try:
        corpus = decode(data, key)
    except (ValueError, KeyError, TypeError, IndexError, UnicodeDecodeError, OverflowError):
        corpus = None
    if corpus is not None:
        with contextlib.suppress(OSError):
            os.utime(path)  # most recently used: kept by `prune`
    return corpus


def decode(data: bytes, key: str) -> CompactCorpus | None:
    if not data.startswith(MAGIC):
        return None
    end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC):end].decode("utf-8"))
    payload = memoryview(data)[end + 1:]
    if (not isinstance(header, dict) or header.get("key") != key
            or header.get("itemsize") != {"I": array("I").itemsize, "q": array("q").itemsize}
            or hashlib.sha256(payload).hexdigest() != header.get("sha256")):
        return None
    names = [name for name in _STRINGS] + [name for name, _ in _ARRAYS]
    sections = header["sections"]
    if [s[0] for s in sections] != names or sum(int(s[1]) for s in sections) != len(payload):
        return None
    parts: dict[str, memoryview] = {}
    at = 0
    for name, size in sections:
        parts[name] = payload[at:at + int(size)]
        at += int(size)
    tables = {}
    for name in _STRINGS:
        count = int(header["counts"][name])
        text = bytes(parts[name]).decode("utf-8", "surrogatepass")
        values = text.split("\0") if count else []
        if len(values) != count:
            return None
        tables[name] = values
    columns = {}
    for name, code in _ARRAYS:
        column = array(code)
        column.frombytes(parts[name])
        columns[name] = column
    attrs = [(a[0], a[1], a[2], a[3], tuple(a[4]), a[5]) for a in header["attrs"]]
    corpus = CompactCorpus(
        surfaces=tables["surfaces"], lemmas=[None, *tables["lemmas"]], attrs=attrs, sources=tables["sources"],
        pos=[None, *tables["pos"]], caps=CapsTracker(set(header["mixed"]), {f: set(w) for f, w in header["caps"].items()}),
        entries=int(header["entries"]), bare=int(header["bare"]), **columns)
    return corpus if _consistent(corpus) else None


def _consistent(corpus: CompactCorpus) -> bool:
    """Every index points into its table, and the reading groups tile the reading columns."""
    n = len(corpus.surfaces)
    rows = len(corpus.r_attrs)
    if len(corpus.first_lemma) != n or len(corpus.first_pos) != n or len(corpus.first_row) != n \
            or len(corpus.offsets) != n + 1 or any(len(c) != rows for c in (corpus.r_lemma, corpus.r_source, corpus.r_line)):
        return False
    offsets = numpy.frombuffer(corpus.offsets, dtype=numpy.uint32)
    if offsets[0] != 0 or offsets[-1] != rows or numpy.any(numpy.diff(offsets.astype(numpy.int64)) < 0):
        return False
    if len(set(corpus.surfaces)) != n:
        return False

    def within(column: array, size: int) -> bool:
        return not len(column) or int(numpy.frombuffer(column, dtype=numpy.uint32).max()) < size

    return (within(corpus.first_lemma, len(corpus.lemmas)) and within(corpus.first_pos, len(corpus.pos))
            and within(corpus.r_attrs, len(corpus.attrs)) and within(corpus.r_lemma, len(corpus.lemmas))
            and within(corpus.r_source, len(corpus.sources)))
