"""The .lex container: round trip, reproducible bytes, rejection of damaged files, atomic replacement."""

from __future__ import annotations

import json
import os
import random
import struct
import zlib

import pytest

from lexicon_tools.errors import LexiconFileError, OutputFileError, UsageError
from lexicon_tools.io.formats.lexfile import (
    HEADER_SIZE,
    MAGIC,
    load_lexicon,
    read_meta,
    resolve_lexicon_path,
    ruleset_name,
)
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.resources import default_lexicon_path

ROWS = [("Haus", "Haus", True, "nom-sg"), ("Häuser", "Haus", False, "inflected-form:plural-of:HAUS"),
        ("Maus", "Maus", True, "nom-sg"), ("Straße", "Straße", True, "nom-sg"),
        ("Eltern", "Eltern", True, "plurale-tantum"), ("gehen", "gehen", False, "not-a-noun")]


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset("wortspieler")


def verdicts(ruleset, rows=ROWS):
    alphabet = ruleset.make_alphabet()
    return [Verdict(Entry(w, lemma=l, pos="NOUN", source=f"test:{i}"), alphabet.normalize(w), v, r)
            for i, (w, l, v, r) in enumerate(rows)]


def build(ruleset, path, rows=ROWS, **kwargs):
    build_from_verdicts(ruleset, verdicts(ruleset, rows), path, **kwargs)
    return path


def test_round_trip(ruleset, tmp_path):
    lex = load_lexicon(build(ruleset, tmp_path / "w.lex", date="2026-01-02T03:04:05Z"))
    assert lex.ruleset == "wortspieler" and lex.word_count == 4
    assert lex.alphabet.letters == tuple(ruleset.alphabet.letters)
    assert lex.check("strasse").valid and lex.check("HAUS").reason == "nom-sg"
    assert lex.check("Häuser").reason == "inflected-form:plural-of:HAUS"
    meta = read_meta(tmp_path / "w.lex")
    assert meta["provenance"]["date"] == "2026-01-02T03:04:05Z"
    assert meta["provenance"]["tool"].startswith("lexicon-tools ")
    assert meta["normalisation"]["replacements"] == [["ß", "SS"], ["ẞ", "SS"]]
    assert meta["tiles"]["E"] == [18, 1] and meta["kwg"]["nodes"] == len(lex.kwg)


def test_builds_are_byte_identical_and_independent_of_input_order(ruleset, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first = build(ruleset, tmp_path / "a.lex").read_bytes()
    shuffled = ROWS[:]
    random.Random(7).shuffle(shuffled)
    second = build(ruleset, tmp_path / "b.lex", rows=shuffled).read_bytes()
    assert first == second
    assert json.loads(_meta_bytes(first))["provenance"]["date"] == "2023-11-14T22:13:20Z"
    changed = build(ruleset, tmp_path / "c.lex", rows=ROWS + [("Hund", "Hund", True, "nom-sg")]).read_bytes()
    assert changed != first


def test_date_defaults_to_the_inputs_not_the_clock(ruleset, tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    a = build(ruleset, tmp_path / "a.lex").read_bytes()
    b = build(ruleset, tmp_path / "b.lex").read_bytes()
    assert a == b


def test_bad_source_date_epoch_is_a_usage_error(ruleset, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(UsageError, match="SOURCE_DATE_EPOCH"):
        build(ruleset, tmp_path / "a.lex")


def _meta_bytes(data: bytes) -> bytes:
    count = struct.unpack_from("<H", data, 10)[0]
    tag, _r, size = struct.unpack_from("<4sIQ", data, HEADER_SIZE)
    assert tag == b"META"
    start = HEADER_SIZE + 16 * count
    return data[start:start + size]


@pytest.fixture
def good_file(ruleset, tmp_path):
    return build(ruleset, tmp_path / "good.lex")


def test_every_truncation_is_rejected(good_file, tmp_path):
    data = good_file.read_bytes()
    cuts = sorted({0, 1, 7, 8, HEADER_SIZE - 1, HEADER_SIZE, HEADER_SIZE + 5, len(data) // 2, len(data) - 1}
                  | set(random.Random(1).sample(range(len(data)), 20)))
    for cut in cuts:
        damaged = tmp_path / "cut.lex"
        damaged.write_bytes(data[:cut])
        with pytest.raises(LexiconFileError, match="cut.lex") as info:
            load_lexicon(damaged)
        assert "truncated" in info.value.message or cut < len(MAGIC)


def test_every_flipped_byte_is_rejected(good_file, tmp_path):
    data = good_file.read_bytes()
    for offset in list(range(HEADER_SIZE)) + random.Random(2).sample(range(HEADER_SIZE, len(data)), 40):
        damaged = bytearray(data)
        damaged[offset] ^= 0x5A
        path = tmp_path / "flip.lex"
        path.write_bytes(bytes(damaged))
        with pytest.raises(LexiconFileError):
            load_lexicon(path)


def test_corruption_message_names_the_checksum(good_file, tmp_path):
    damaged = bytearray(good_file.read_bytes())
    damaged[-3] ^= 1
    path = tmp_path / "bad.lex"
    path.write_bytes(bytes(damaged))
    with pytest.raises(LexiconFileError, match="checksum") as info:
        load_lexicon(path)
    assert "lexicon-tools build" in info.value.render()


@pytest.mark.parametrize("content,message", [
    (b"HAUS\nMAUS\n" * 10, "magic"),
    (MAGIC + struct.pack("<HHIQ8x", 99, 3, 0, 0), "version 99"),
    (MAGIC + struct.pack("<HHIQ8x", 1, 3, 0, 10) + b"x" * 12, "extra bytes"),
])
def test_foreign_or_future_files_are_rejected(tmp_path, content, message):
    path = tmp_path / "x.lex"
    path.write_bytes(content)
    with pytest.raises(LexiconFileError, match=message):
        load_lexicon(path)


def test_missing_sections_and_bad_meta_are_rejected(tmp_path):
    def write(sections):
        table = b"".join(struct.pack("<4sIQ", tag, 0, len(body)) for tag, body in sections)
        payload = table + b"".join(body + b"\0" * (-len(body) % 8) for _t, body in sections)
        path = tmp_path / "s.lex"
        unsigned = MAGIC + struct.pack("<HHIQ8x", 1, len(sections), 0, len(payload))
        crc = zlib.crc32(payload, zlib.crc32(unsigned))
        path.write_bytes(MAGIC + struct.pack("<HHIQ8x", 1, len(sections), crc, len(payload)) + payload)
        return path

    with pytest.raises(LexiconFileError, match="lacks the section"):
        load_lexicon(write([(b"META", b"{}")]))
    with pytest.raises(LexiconFileError, match="JSON"):
        load_lexicon(write([(b"META", b"{nope"), (b"KWG_", b"\0" * 8), (b"VRDT", b"")]))
    with pytest.raises(LexiconFileError, match="alphabet"):
        load_lexicon(write([(b"META", b"{}"), (b"KWG_", b"\0" * 8), (b"VRDT", b"")]))
    with pytest.raises(LexiconFileError, match="verdict table"):
        load_lexicon(write([(b"META", b'{"alphabet": ["A"]}'), (b"KWG_", b"\0\0\x40\0" * 2), (b"VRDT", b"\1")]))


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(LexiconFileError, match="does not exist"):
        load_lexicon(tmp_path / "nope.lex")


def test_replacing_a_lexicon_is_atomic_for_running_readers(ruleset, tmp_path):
    path = build(ruleset, tmp_path / "live.lex")
    running = load_lexicon(path)  # e.g. a `judge` session at the table
    build(ruleset, path, rows=[("Hund", "Hund", True, "nom-sg")])
    assert running.check("Haus").valid and not running.check("Hund").valid
    fresh = load_lexicon(path)
    assert fresh.check("Hund").valid and not fresh.check("Haus").valid
    assert sorted(p.name for p in tmp_path.iterdir()) == ["live.lex"]


def test_a_failed_write_leaves_the_old_file(ruleset, tmp_path, monkeypatch):
    path = build(ruleset, tmp_path / "keep.lex")
    before = path.read_bytes()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OutputFileError, match="No space left on device"):  # a message, not a traceback
        build(ruleset, path, rows=[("Hund", "Hund", True, "nom-sg")])
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.lex"]


def test_resolve_lexicon_path_by_ruleset_name_without_yaml(ruleset, tmp_path):
    target = default_lexicon_path("wortspieler")
    with pytest.raises(LexiconFileError, match="no lexicon has been built"):
        resolve_lexicon_path(None, "wortspieler")
    build(ruleset, target)
    assert resolve_lexicon_path(None, "wortspieler") == target
    assert resolve_lexicon_path(None, None) == target
    assert resolve_lexicon_path(None, "rulesets/wortspieler.yaml") == target
    assert resolve_lexicon_path("x.lex", None).name == "x.lex"
    with pytest.raises(UsageError):
        resolve_lexicon_path("x.lex", "wortspieler")


@pytest.mark.parametrize("text,name", [
    ("extends: wortspieler\nname: familie  # ours\n", "familie"),
    ("name: 'quoted-name'\n", "quoted-name"),
    ("title: x\nboard:\n  name: nested\n", "rules"),  # only a top-level name counts; else the stem
])
def test_ruleset_name_from_a_yaml_path_without_yaml(tmp_path, text, name):
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    assert ruleset_name(str(path)) == name
    assert ruleset_name("smartfeud") == "smartfeud"
