"""Format auto-detection: content first, then the extension.

Rules, in order, on the first 64 KiB of the (decompressed) file (for an XML file
whose root element starts later, behind long comments, up to 16 MiB are read;
a pipe has only its first 64 KiB):

1. XML (after an optional BOM and whitespace the text starts with ``<``): the
   root element decides: ``mediawiki`` -> ``wiktionary``, ``TEI``/``TEI.2`` ->
   ``tei``. Any other root is an error that suggests a mapping file
   (``--format mapping:FILE``), since an unknown schema cannot be guessed.
2. A first line that is a JSON object with a string ``word`` -> ``jsonl``
   (the entries.jsonl that ``import`` writes, read back as entries).
   A first line ``form<TAB>lemma<TAB>pos`` -> ``forms`` (a full-form table).
3. A first line holding ``lemma`` and ``pos`` column names, or the extension
   ``.csv``/``.tsv`` (under any .gz/.bz2/.xz suffix) -> ``csv``.
4. Binary content (NUL bytes, not UTF-16) -> error listing the known formats.
5. Anything else that is text -> ``wordlist`` (``.txt``, ``.dic``, no extension, ...).
"""

from __future__ import annotations

from lexicon_tools.errors import UsageError
from lexicon_tools.io.readers.entries_reader import looks_like_entries
from lexicon_tools.io.readers.forms_table import is_forms_header
from lexicon_tools.io.readers.source import InputSource

KNOWN_FORMATS = ("auto", "wordlist", "jsonl", "csv", "forms", "forms-nouns", "tei", "wiktionary", "mapping:FILE")
XML_ROOTS = {"mediawiki": "wiktionary", "TEI": "tei", "TEI.2": "tei"}
XML_EXTENSIONS = (".xml", ".tei", ".xdxf")
HEAD_BYTES = 1 << 16
MAX_PROLOG_BYTES = 16 << 20  # how far a file's root element may start (after comments, a DOCTYPE)


def known_formats_text() -> str:
    return ", ".join(KNOWN_FORMATS)


def detect_format(source: InputSource) -> str:
    from lexicon_tools.io.guard.xml_safe import sniff_root

    head = source.head()
    text_start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text_start.startswith(b"<") or head.startswith((b"\xff\xfe<", b"\xfe\xff\x00<", b"<\x00", b"\x00<")):
        root = sniff_root(head, source.name)
        if root is None and len(head) >= HEAD_BYTES and source.size is not None:
            head = source.head(MAX_PROLOG_BYTES)  # a long comment or DOCTYPE before the root: look further
            root = sniff_root(head, source.name)
        if root in XML_ROOTS:
            return XML_ROOTS[root]
        if root is None:
            where = (f"in the first {len(head):,} bytes" if len(head) >= HEAD_BYTES else "(empty or truncated?)")
            raise UsageError(f"{source.path}: looks like XML, but no root element was found {where}",
                             f"Check the file, or give --format explicitly. Known formats: {known_formats_text()}.")
        raise UsageError(f"{source.path}: XML with root element <{root}> is not a built-in dictionary format",
                         "Describe the schema in a mapping file and pass --format mapping:FILE "
                         f"(example: corpora/mappings/xdxf.yaml). Known formats: {known_formats_text()}.")
    if text_start.startswith(b"{") and looks_like_entries(text_start):
        return "jsonl"
    first_line = text_start.split(b"\n", 1)[0].lower()
    if is_forms_header(first_line):
        return "forms"
    columns = {c.strip().strip(b'"') for c in first_line.replace(b"\t", b",").split(b",")}
    if {b"lemma", b"pos"} <= columns or source.inner_suffix in (".csv", ".tsv"):
        return "csv"
    if b"\x00" in head and not head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise UsageError(f"{source.path}: cannot detect the format (binary data)",
                         f"Give --format explicitly. Known formats: {known_formats_text()}.")
    if source.inner_suffix in XML_EXTENSIONS:
        raise UsageError(f"{source.path}: the name says XML but the content does not start with '<'",
                         f"Check the file, or give --format explicitly. Known formats: {known_formats_text()}.")
    return "wordlist"
