#!/usr/bin/env python3
"""Derive the bundled default corpus ``nouns.csv.xz`` from the german-nouns package.

Source
    The PyPI package ``german-nouns`` (Gregor Weichbrodt, CC BY-SA 4.0) ships
    ``german_nouns/nouns.csv``: about 100,000 German nouns with their inflection
    tables, compiled from the German Wiktionary (https://de.wiktionary.org,
    CC BY-SA 4.0). Fetch the wheel without installing it::

        pip download --no-deps german-nouns==1.2.5 -d /tmp/gn
        python corpora/german-nouns/derive.py /tmp/gn/german_nouns-1.2.5-py3-none-any.whl

    Never make ``german-nouns`` a dependency of lexicon-tools: it pins an old
    wiktionary-de-parser that downgrades lxml. We only need its CSV file, so this
    script reads it straight out of the wheel (a zip file) or from an unpacked
    ``nouns.csv`` path.

Changes made (also listed in ATTRIBUTION.md)
    * every cell is stripped of leading/trailing whitespace;
    * rows with an empty lemma and exact duplicate rows are dropped (first kept);
    * line endings are normalised to ``\\n`` and the file is xz-compressed
      (preset 9 extreme), which keeps it around 1.5 MB;
    * all 79 columns are kept (lemma, pos, genus, genus 1-4 and every
      case/number column with its variants ``*``, ``1``-``4``, ``stark``,
      ``schwach``, ``gemischt``): together they compress to well under the
      size budget, and the readers use all of them.

The script also copies the package's LICENSE file (the CC BY-SA 4.0 legal
code) next to the output. It uses only the standard library and is
deterministic: the same input gives byte-identical output.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import lzma
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CSV_MEMBER = "german_nouns/nouns.csv"
REQUIRED_COLUMNS = ("lemma", "pos", "genus", "nominativ singular", "nominativ plural")


def read_source(source: Path) -> tuple[bytes, bytes | None]:
    """The raw nouns.csv bytes and, when available, the package LICENSE bytes."""
    if zipfile.is_zipfile(source):
        with zipfile.ZipFile(source) as wheel:
            names = set(wheel.namelist())
            licence = next((wheel.read(n) for n in names if n.endswith(".dist-info/LICENSE")), None)
            return wheel.read(CSV_MEMBER), licence
    licence_path = source.parent.parent / "LICENSE"
    return source.read_bytes(), licence_path.read_bytes() if licence_path.is_file() else None


def clean_rows(raw: bytes) -> tuple[list[str], list[list[str]], dict[str, int]]:
    reader = csv.reader(io.StringIO(raw.decode("utf-8"), newline=""))
    header = [h.strip() for h in next(reader)]
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise SystemExit(f"unexpected nouns.csv: missing columns {missing}")
    seen: set[tuple[str, ...]] = set()
    rows: list[list[str]] = []
    stats = {"read": 0, "empty_lemma": 0, "duplicates": 0, "stripped_cells": 0}
    for row in reader:
        stats["read"] += 1
        cleaned = [cell.strip() for cell in row]
        stats["stripped_cells"] += sum(a != b for a, b in zip(row, cleaned))
        if len(cleaned) != len(header):
            raise SystemExit(f"row {stats['read'] + 1} has {len(cleaned)} fields, header has {len(header)}")
        if not cleaned[0]:
            stats["empty_lemma"] += 1
            continue
        key = tuple(cleaned)
        if key in seen:
            stats["duplicates"] += 1
            continue
        seen.add(key)
        rows.append(cleaned)
    stats["written"] = len(rows)
    return header, rows, stats


def encode(header: list[str], rows: list[list[str]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return lzma.compress(buffer.getvalue().encode("utf-8"), preset=9 | lzma.PRESET_EXTREME)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="german_nouns-*.whl or an unpacked nouns.csv")
    parser.add_argument("-o", "--output", type=Path, default=HERE / "nouns.csv.xz")
    args = parser.parse_args(argv)
    raw, licence = read_source(args.source)
    header, rows, stats = clean_rows(raw)
    data = encode(header, rows)
    args.output.write_bytes(data)
    if licence is not None:
        (args.output.parent / "LICENSE").write_bytes(licence)
    print(f"source sha256 {hashlib.sha256(args.source.read_bytes()).hexdigest()}")
    print(f"nouns.csv sha256 {hashlib.sha256(raw).hexdigest()}")
    print(", ".join(f"{k}={v}" for k, v in stats.items()) + f"; columns={len(header)}")
    print(f"wrote {args.output} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
