"""Format auto-detection from content and extension; unknown formats list the known ones."""

from __future__ import annotations

import bz2
import lzma
from pathlib import Path

import pytest

from lexicon_tools.errors import UsageError
from lexicon_tools.io.readers import iter_entries, resolve_reader
from lexicon_tools.io.readers.detect import KNOWN_FORMATS, detect_format
from lexicon_tools.io.readers.source import InputSource

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "corpora" / "fixtures"


@pytest.mark.parametrize("relative, expected", [
    ("wordlist/words-utf8.txt", "wordlist"),
    ("wordlist/words-latin1.txt", "wordlist"),
    ("csv/nouns-mini.csv", "csv"),
    ("tei/deu-mini.tei", "tei"),
    ("wiktionary/dewiktionary-mini.xml", "wiktionary"),
    ("malicious/external-dtd.xml", "tei"),
])
def test_fixtures_are_recognised(relative, expected):
    assert detect_format(InputSource(FIXTURES / relative)) == expected


def test_content_beats_a_missing_or_misleading_extension(tmp_path):
    csv_without_suffix = tmp_path / "nouns"
    csv_without_suffix.write_bytes((FIXTURES / "csv" / "nouns-mini.csv").read_bytes())
    dump_as_txt = tmp_path / "dump.txt"
    dump_as_txt.write_bytes((FIXTURES / "wiktionary" / "dewiktionary-mini.xml").read_bytes())
    assert detect_format(InputSource(csv_without_suffix)) == "csv"
    assert detect_format(InputSource(dump_as_txt)) == "wiktionary"


def test_compressed_files_are_detected_by_their_content(tmp_path):
    dump = tmp_path / "dewiktionary-pages-articles.xml.bz2"
    dump.write_bytes(bz2.compress((FIXTURES / "wiktionary" / "dewiktionary-mini.xml").read_bytes()))
    corpus = tmp_path / "renamed.bin"
    corpus.write_bytes(lzma.compress((FIXTURES / "csv" / "nouns-mini.csv").read_bytes()))
    assert detect_format(InputSource(dump)) == "wiktionary"
    assert detect_format(InputSource(corpus)) == "csv"


def test_unknown_xml_schema_suggests_a_mapping_file():
    with pytest.raises(UsageError) as info:
        list(iter_entries(FIXTURES / "xdxf" / "deu-eng-mini.xdxf"))
    assert "root element <xdxf>" in info.value.message
    assert "--format mapping:FILE" in info.value.hint and "wiktionary" in info.value.hint


def test_unknown_format_name_lists_the_known_formats():
    with pytest.raises(UsageError) as info:
        resolve_reader("freedict")
    assert "unknown format 'freedict'" in info.value.message
    for name in KNOWN_FORMATS:
        assert name in info.value.hint


def test_binary_files_are_not_guessed(tmp_path):
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(UsageError, match="cannot detect the format") as info:
        detect_format(InputSource(path))
    assert "wordlist" in info.value.hint


def test_bad_arguments_fail_before_reading(tmp_path):
    with pytest.raises(UsageError, match="on-error"):
        iter_entries(FIXTURES / "tei" / "deu-mini.tei", on_error="ignore")
    with pytest.raises(Exception, match="no such file"):
        iter_entries(tmp_path / "missing.txt")
    with pytest.raises(Exception, match="is a directory"):
        iter_entries(tmp_path)
