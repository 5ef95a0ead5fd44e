"""Plain word lists: comments, tab columns, UTF-8/cp1252 detection, bad and over-long lines, compression."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.readers import iter_entries

ROOT = Path(__file__).resolve().parents[2]
WORDLISTS = ROOT / "corpora" / "fixtures" / "wordlist"
NGERMAN = Path("/usr/share/dict/ngerman")


def words(path, **kwargs):
    return [(e.word, e.source) for e in iter_entries(path, "wordlist", **kwargs)]


def test_utf8_list_skips_comments_blanks_and_the_tab_column():
    assert words(WORDLISTS / "words-utf8.txt") == [
        ("Haus", "words-utf8.txt:4"), ("Häuser", "words-utf8.txt:5"), ("Straße", "words-utf8.txt:6"),
        ("Mädchen", "words-utf8.txt:7"), ("Öl", "words-utf8.txt:8"), ("Eltern", "words-utf8.txt:10"),
        ("Quiz", "words-utf8.txt:12")]


def test_word_list_entries_carry_nothing_the_list_does_not_say():
    entry = next(iter_entries(WORDLISTS / "words-utf8.txt"))
    assert (entry.lemma, entry.pos, entry.features, entry.tags) == (None, None, {}, ())


def test_latin1_list_is_detected():
    raw = (WORDLISTS / "words-latin1.txt").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")  # the fixture really is not UTF-8
    assert [w for w, _ in words(WORDLISTS / "words-latin1.txt")] == ["Haus", "Straße", "Mädchen", "Öl", "Käse"]


def test_explicit_encoding_is_used_without_guessing():
    assert [w for w, _ in words(WORDLISTS / "words-latin1.txt", encoding="cp1252")][-1] == "Käse"
    with pytest.raises(InputFileError, match=r"words-latin1\.txt:3: byte \d+: not valid utf-8"):
        words(WORDLISTS / "words-latin1.txt", encoding="utf-8")


def test_unknown_encoding_is_a_clear_error():
    with pytest.raises(InputFileError, match="unknown encoding 'klingon'"):
        words(WORDLISTS / "words-utf8.txt", encoding="klingon")


def test_mixed_encodings_fail_at_the_bad_line_with_its_byte_offset():
    with pytest.raises(InputFileError) as info:
        words(WORDLISTS / "mixed-encoding.txt")
    # line 3 is "Stra\xdfe": it starts at byte 13, the bad byte is the 5th
    assert "mixed-encoding.txt:3: byte 17: not valid utf-8" in info.value.message
    assert "--on-error skip" in info.value.hint


def test_mixed_encodings_skip_the_bad_line_and_log_it(tmp_path):
    rejects = tmp_path / "rejects.jsonl"
    assert [w for w, _ in words(WORDLISTS / "mixed-encoding.txt", on_error="skip", rejects=rejects)] == [
        "Haus", "Häuser", "Garten"]
    logged = [json.loads(line) for line in rejects.read_text(encoding="utf-8").splitlines()]
    assert len(logged) == 1 and logged[0]["source"] == "mixed-encoding.txt:3"
    assert "not valid utf-8" in logged[0]["reason"] and logged[0]["record"].startswith("Stra")


def test_utf16_with_bom_and_crlf_line_ends(tmp_path):
    path = tmp_path / "u16.txt"
    path.write_bytes("Haus\r\nÄrger\r\n".encode("utf-16"))
    assert words(path) == [("Haus", "u16.txt:1"), ("Ärger", "u16.txt:2")]


def test_utf8_bom_is_dropped(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfHaus\nTisch")
    assert [w for w, _ in words(path)] == ["Haus", "Tisch"]


def test_control_characters_are_bad_records(tmp_path):
    path = tmp_path / "binary.txt"
    path.write_bytes(b"Haus\nab\x00cd\nTisch\n")
    with pytest.raises(InputFileError, match=r"binary\.txt:2: contains control characters"):
        words(path)
    assert [w for w, _ in words(path, on_error="skip")] == ["Haus", "Tisch"]


@pytest.mark.parametrize("suffix, compress", [(".gz", gzip.compress), (".bz2", bz2.compress),
                                              (".xz", lzma.compress)])
def test_compressed_lists_read_transparently(tmp_path, suffix, compress):
    path = tmp_path / f"words.txt{suffix}"
    path.write_bytes(compress("Haus\nMädchen\n".encode("utf-8")))
    assert words(path) == [("Haus", f"words.txt{suffix}:1"), ("Mädchen", f"words.txt{suffix}:2")]


def test_truncated_compressed_file_names_the_byte(tmp_path):
    data = lzma.compress(("\n".join(f"Wort{i}" for i in range(20000))).encode())
    path = tmp_path / "cut.txt.xz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(InputFileError, match=r"cut\.txt\.xz: byte \d+: the xz data is truncated or corrupt"):
        words(path)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüßÄÖÜéè", min_size=1, max_size=12),
                min_size=1, max_size=30),
       st.sampled_from(["utf-8", "latin-1"]))
def test_any_word_list_round_trips_in_either_encoding(tmp_path_factory, word_list, encoding):
    path = tmp_path_factory.mktemp("wl") / "list.txt"
    path.write_bytes(("\n".join(word_list) + "\n").encode(encoding))
    assert [w for w, _ in words(path)] == word_list


@pytest.mark.skipif(not NGERMAN.is_file(), reason="Debian wngerman list not installed")
def test_the_debian_ngerman_list_reads_cleanly():
    seen = {}
    for entry in iter_entries(NGERMAN):
        if entry.word in ("Haus", "Straße", "Mädchen", "Häuser"):
            seen[entry.word] = entry.source
    assert set(seen) == {"Haus", "Straße", "Mädchen", "Häuser"}
    assert all(source.startswith("ngerman:") for source in seen.values())


@pytest.mark.parametrize("chunk", [3, 7, 1 << 20])
def test_line_splitting_is_the_same_at_any_chunk_size(tmp_path, monkeypatch, chunk):
    from lexicon_tools.io.readers import lines

    monkeypatch.setattr(lines, "CHUNK", chunk)
    path = tmp_path / "list.txt"
    path.write_bytes(b"Haus\r\n\nBaum\n" + b"x" * 4500 + b"\r\nMaus")  # CRLF, blank, over-long, no final newline
    with pytest.raises(InputFileError, match=r"list\.txt:4: the line is 4,501 bytes long"):
        words(path)
    assert words(path, on_error="skip") == [("Haus", "list.txt:1"), ("Baum", "list.txt:3"), ("Maus", "list.txt:5")]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_an_over_long_line_in_utf16_or_32_is_a_located_record_error(tmp_path, monkeypatch, encoding):
    from lexicon_tools.io.readers import lines

    monkeypatch.setattr(lines, "CHUNK", 64)
    path = tmp_path / "wide.txt"
    path.write_bytes(("Haus\n" + "ä" * 1500 + "\nBaum\n").encode(encoding))
    with pytest.raises(InputFileError, match=r"wide\.txt:2: the line is 1,500 characters long"):
        words(path, encoding=encoding)
    assert [w for w, _ in words(path, encoding=encoding, on_error="skip")] == ["Haus", "Baum"]


def test_an_8_bit_list_is_read_as_cp1252_and_latin1_names_the_encoding(tmp_path):
    path = tmp_path / "win.txt"
    path.write_bytes(b"\x84Anf\xfchrung\x93\n\x80\n")
    assert [w for w, _ in words(path)] == ["„Anführung“", "€"]
    with pytest.raises(InputFileError, match="--encoding cp1252"):
        words(path, encoding="latin-1")


def test_a_hash_after_whitespace_starts_a_comment(tmp_path):
    """The curated allow-lists (corpora/curated/) are word lists with comments after the word."""
    path = tmp_path / "curated.txt"
    path.write_text("# header\nBrückchen  # the captain's bridge\nC#\nEltern\t# tab, then comment\n", encoding="utf-8")
    assert words(path) == [("Brückchen", "curated.txt:2"), ("C#", "curated.txt:3"), ("Eltern", "curated.txt:4")]


def test_every_curated_allow_list_reads_as_a_word_list():
    curated = ROOT / "corpora" / "curated"
    for name in ("lexicalized-diminutives.txt", "pluralia-tantum.txt", "lexicalized-plurals.txt"):
        read = [word for word, _ in words(curated / name)]
        assert read and all(" " not in w and "#" not in w for w in read), name
    assert "Brückchen" in [w for w, _ in words(curated / "lexicalized-diminutives.txt")]
