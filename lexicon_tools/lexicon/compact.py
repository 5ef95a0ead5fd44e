"""The compact word set the table page downloads to judge words without the server.

Format (``lexicon-tools-compact`` version 1, documented in docs/reference/file-formats.md):
gzip of a header line and a body.

* The header is one line of UTF-8 JSON: the format name and version, the ruleset,
  the alphabet (tile letters in tile-number order), the normalisation (the
  replacements and ``strip_accents`` the lexicon was built with, so the page maps a
  typed word to tiles exactly as `Alphabet.to_tiles` does), the word count and the
  bucket size.
* The body is the legal words in tile numbers (1..N, one byte each), sorted
  bytewise and *front-coded in buckets*: every word is ``prefix length`` (bytes
  shared with the word before), ``suffix length``, then the suffix bytes; the first
  word of each bucket of `BUCKET` words has prefix length 0.

Why this and not the KWG or a packed DAWG: the page only needs "is this word in the
set". Sorted front-coding shares prefixes (most of a German word list), gzip then
folds the repeated endings, and a lookup needs no tree code in JavaScript: one
scan at load notes where each bucket starts, a binary search over the buckets'
first words (stored whole) finds the bucket, and at most `BUCKET` words are decoded.
The page keeps the decompressed bytes (a few MB) rather than a `Set` of strings (ten
times that on a phone). Tile numbers rather than UTF-8 make the words 1 byte per
letter (Ä, Ö, Ü included) and the order the tile order of the ruleset.

The ETag is a SHA-256 of the compressed bytes: a rebuilt lexicon gets a new tag and
the page downloads it again; the same lexicon answers 304 Not Modified.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from typing import Any

FORMAT = "lexicon-tools-compact"
VERSION = 1
BUCKET = 32          # words per bucket: 32 keeps a lookup to ~32 short decodes, the index at N/32 entries


@dataclass(frozen=True)
class CompactSet:
    data: bytes        # the gzip bytes the endpoint serves
    etag: str          # '"sha256-…"', a strong entity tag of `data`
    words: int
    raw_size: int      # bytes before gzip


def encode_words(words: list[bytes], bucket: int = BUCKET) -> bytes:
    """The front-coded body of sorted tile strings (each 1..255 tiles, tile numbers 1..255)."""
    out = bytearray()
    previous = b""
    for index, word in enumerate(words):
        shared = 0
        if index % bucket:
            limit = min(len(word), len(previous))
            while shared < limit and word[shared] == previous[shared]:
                shared += 1
        suffix = word[shared:]
        out += bytes((shared, len(suffix)))
        out += suffix
        previous = word
    return bytes(out)


def decode_words(body: bytes) -> list[bytes]:
    """The words of a front-coded body (the inverse of `encode_words`; the page does the same in JavaScript)."""
    words, previous, at = [], b"", 0
    while at < len(body):
        shared, length = body[at], body[at + 1]
        word = previous[:shared] + body[at + 2:at + 2 + length]
        words.append(word)
        previous, at = word, at + 2 + length
    return words


def header_of(lexicon: Any, count: int, bucket: int = BUCKET) -> dict[str, Any]:
    alphabet = lexicon.alphabet
    return {"format": FORMAT, "version": VERSION, "ruleset": lexicon.ruleset, "alphabet": list(alphabet.letters),
            "normalisation": {"replacements": [list(pair) for pair in alphabet.replacements],
                              "strip_accents": alphabet.strip_accents},
            "words": count, "bucket": bucket}


def compact_set(lexicon: Any, bucket: int = BUCKET) -> CompactSet:
    """The compact set of a loaded `Lexicon`: its graph's words (what `Lexicon.check` accepts)."""
    words = sorted(w for w in lexicon.kwg.words() if 0 < len(w) < 256)
    head = json.dumps(header_of(lexicon, len(words), bucket), ensure_ascii=False, separators=(",", ":"))
    raw = head.encode("utf-8") + b"\n" + encode_words(words, bucket)
    data = gzip.compress(raw, compresslevel=9, mtime=0)
    return CompactSet(data, f'"sha256-{hashlib.sha256(data).hexdigest()[:32]}"', len(words), len(raw))


def read_compact(data: bytes) -> tuple[dict[str, Any], list[bytes]]:
    """(header, words) of a compact set's bytes: for tests and benches."""
    raw = gzip.decompress(data)
    head, _, body = raw.partition(b"\n")
    return json.loads(head), decode_words(body)
