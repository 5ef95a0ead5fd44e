"""Round two of hostile inputs (issue 29), class "dictionary streams and build inputs". Real CLI in a
subprocess (`hostile_kit.run`: peak memory and leftover processes checked); each case failed before its fix:

* D1: `build` replaced a lexicon with a 0-word one when every entry was rejected, typically an
  entries.jsonl read as a word list. entries.jsonl is now recognised by content (`--format jsonl`),
  and a build that accepts no word is an error that keeps the previous file;
* D2: a `.gz` whose damage only the member's CRC catches kept its garbage under `--on-error skip`;
* H4: `judge` buffered a whole input line (1.5 GB: 3 GB of memory);
* H8: 30 million blank lines in a 4.7 KB `.xz` took 13 s to import;
* A7: XML whose root element starts after 64 KiB was refused by format detection;
* T7/A6: an out-of-range SOURCE_DATE_EPOCH crashed `build`; `--date` took any text.
"""

from __future__ import annotations

import gzip
import json
import lzma
import time
from pathlib import Path

import pytest

from hostile_kit import intact, previous, refused, run, small_lexicon


@pytest.fixture(scope="module")
def lex(tmp_path_factory) -> Path:
    return small_lexicon(tmp_path_factory.mktemp("lex"))


def _words(path: Path) -> list[str]:
    return [json.loads(line)["word"] for line in path.read_text(encoding="utf-8").splitlines()]


def test_build_reads_an_entries_jsonl_as_entries(tmp_path):
    (tmp_path / "w.txt").write_text("Haus\nBaum\nMaus\n", encoding="utf-8")
    assert run("import", "w.txt", "-o", "entries.jsonl", "-q", cwd=tmp_path).returncode == 0
    done = run("build", "-r", "webfeud", "-s", "entries.jsonl", "-o", "out.lex", "-q", "--no-cache", cwd=tmp_path)
    assert done.returncode == 0, done.err
    checked = run("check", "-l", "out.lex", "Haus", "Baum", "Maus", cwd=tmp_path)
    assert checked.returncode == 0, checked.out  # before: every JSON line was a "word", all rejected


def test_a_build_that_accepts_no_word_is_an_error_and_keeps_the_previous_lexicon(tmp_path):
    (tmp_path / "greek.txt").write_text("Ωμέγα\nΨυχή\n", encoding="utf-8")  # no letter is a webfeud tile
    previous(tmp_path / "out.lex")
    done = run("build", "-r", "webfeud", "-s", "greek.txt", "-o", "out.lex", "-q", "--no-cache", cwd=tmp_path)
    refused(done, "greek.txt: none of the 2 words was accepted", "out.lex is unchanged")
    assert intact(tmp_path / "out.lex")


def test_a_gzip_member_that_fails_its_crc_is_not_kept_under_skip(tmp_path):
    good = [f"Gut{i:05d}" for i in range(20_000)]
    bad = [f"Wort{i:05d}" for i in range(100_000)]
    member = bytearray(gzip.compress(("\n".join(bad) + "\n").encode()))
    member[len(member) // 2] ^= 0x10  # deflate decodes on (to other text); only the CRC at the end tells
    (tmp_path / "w.txt.gz").write_bytes(gzip.compress(("\n".join(good) + "\n").encode()) + bytes(member))
    done = run("import", "w.txt.gz", "--on-error", "skip", "--rejects", "rejects.jsonl", "-o", "out.jsonl",
               cwd=tmp_path)
    assert done.returncode == 0, done.err
    assert _words(tmp_path / "out.jsonl") == good  # exactly the intact first member: no junk of the second
    [reject] = [json.loads(x) for x in (tmp_path / "rejects.jsonl").read_text(encoding="utf-8").splitlines()]
    assert "the gzip data is corrupt" in reject["reason"] and "nothing from byte" in reject["reason"]


def test_judge_reads_a_128_mb_line_in_flat_memory(tmp_path, lex):
    with open(tmp_path / "long.txt", "wb") as out:
        out.write(b"Haus " + b"x" * (128 << 20) + b" Baum\nMaus\n")
    with open(tmp_path / "long.txt", "rb") as words:
        done = run("judge", "-l", lex, cwd=tmp_path, stdin=words, timeout=60)
    (tmp_path / "long.txt").unlink()
    assert done.returncode == 0, done.err
    lines = done.out.splitlines()
    assert [line.split()[1] for line in lines] == ["HAUS", "xxxxxxxxxxxxxxxxxxxx…", "BAUM", "MAUS"], lines
    assert f"({128 << 20:,} characters)" in lines[1]
    assert done.peak_mb < 100, done.peak_mb  # before: 3 GB for 1.5 GB


def test_thirty_million_blank_lines_cost_no_time_per_line(tmp_path):
    (tmp_path / "blank.txt.xz").write_bytes(lzma.compress(b"Haus\n" + b"\n" * 30_000_000 + b"Baum\n", preset=0))
    began = time.perf_counter()
    done = run("import", "blank.txt.xz", "-o", "out.jsonl", "-q", cwd=tmp_path)
    seconds = time.perf_counter() - began
    assert done.returncode == 0, done.err
    sources = [json.loads(x)["source"] for x in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sources == ["blank.txt.xz:1", "blank.txt.xz:30000002"]  # still numbered right
    assert seconds < 8, seconds  # before: 13 s (18 s of CPU here), now under a second past start-up


def test_xml_whose_root_starts_after_64_kib_is_detected(tmp_path):
    comment = b"<!-- " + b"licence text " * 10_000 + b"-->\n"  # 130 KB before the root element
    (tmp_path / "dict.xml").write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n' + comment +
                                        b'<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>'
                                        b"<entry><form><orth>Haus</orth></form></entry></body></text></TEI>\n")
    done = run("import", "dict.xml", "-o", "out.jsonl", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.err
    assert _words(tmp_path / "out.jsonl") == ["Haus"]


@pytest.mark.parametrize(("env", "args", "fragment"), [
    ({"SOURCE_DATE_EPOCH": "99999999999999"}, [], "SOURCE_DATE_EPOCH='99999999999999' is not a whole number"),
    ({"SOURCE_DATE_EPOCH": "１７００００００００"}, [], "is not a whole number of seconds"),  # fullwidth digits
    ({}, ["--date", "tomorrow"], "--date 'tomorrow' is not an ISO-8601 date"),
    ({}, ["--date", "2026-13-45"], "is not an ISO-8601 date"),
], ids=["epoch out of range", "fullwidth epoch", "date text", "date out of range"])
def test_build_dates_are_checked_before_the_build(tmp_path, env, args, fragment):
    import os

    (tmp_path / "w.txt").write_text("Haus\nBaum\n", encoding="utf-8")
    previous(tmp_path / "out.lex")
    done = run("build", "-r", "webfeud", "-s", "w.txt", "-o", "out.lex", "-q", "--no-cache", *args, cwd=tmp_path,
               env={**os.environ, **env})
    refused(done, fragment)
    assert intact(tmp_path / "out.lex")
