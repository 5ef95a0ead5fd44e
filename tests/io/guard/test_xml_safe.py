"""Hardened XML parsing: entity bombs and XXE refused fast, nothing expanded or fetched, located syntax errors."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from lexicon_tools.errors import InputFileError, InputStreamError
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.io.readers.context import RejectLog
from lexicon_tools.io.guard.xml_safe import (
    PROLOG_LIMIT,
    RecordStream,
    checked_stream,
    parse_bytes,
    safe_parser,
    scan_prolog,
)

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "corpora" / "fixtures"
MALICIOUS = sorted((FIXTURES / "malicious").glob("*.xml"))
ENTITY_FILES = [p for p in MALICIOUS if "<!ENTITY" in p.read_text(encoding="utf-8")]


def test_the_malicious_fixtures_are_there():
    names = {p.name for p in ENTITY_FILES}
    assert {"billion-laughs.xml", "xxe-local-file.xml", "xxe-parameter-entity.xml"} <= names


@pytest.mark.parametrize("path", ENTITY_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["auto", "tei", "wiktionary", "mapping:xdxf"])
def test_entity_declarations_are_refused_quickly_whatever_the_format(path, fmt):
    start = time.perf_counter()
    with pytest.raises(InputFileError) as info:
        list(iter_entries(path, fmt))
    assert time.perf_counter() - start < 2.0
    assert path.name in info.value.message and "byte" in info.value.message
    assert "ENTITY" in info.value.message
    assert not isinstance(info.value, InputStreamError)  # never skippable with --on-error skip


@pytest.mark.parametrize("path", ENTITY_FILES, ids=lambda p: p.name)
def test_entity_files_are_refused_even_with_on_error_skip(path, tmp_path):
    with pytest.raises(InputFileError):
        list(iter_entries(path, "auto", on_error="skip", rejects=tmp_path / "rejects.jsonl"))


def test_xxe_never_reads_the_local_file(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE", encoding="utf-8")
    doc = tmp_path / "xxe.tei"
    doc.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE TEI [<!ENTITY x SYSTEM "{secret.as_uri()}">]>\n'
                   '<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>'
                   '<entry><form><orth>&x;</orth></form></entry></body></text></TEI>', encoding="utf-8")
    with pytest.raises(InputFileError) as info:
        list(iter_entries(doc, "tei"))
    assert "TOP-SECRET" not in info.value.render()


def test_the_parser_configuration_alone_does_not_expand_entities(tmp_path):
    """Defence in depth: even without the prolog check, libxml2 is configured not to expand."""
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE", encoding="utf-8")
    xxe = (f'<!DOCTYPE r [<!ENTITY x SYSTEM "{secret.as_uri()}">]><r><w>&x;</w></r>').encode()
    root = etree.fromstring(xxe, safe_parser())
    assert "TOP-SECRET" not in etree.tostring(root, encoding="unicode").replace("&x;", "")
    bomb = (FIXTURES / "malicious" / "billion-laughs.xml").read_bytes()
    start = time.perf_counter()
    try:
        root = etree.fromstring(bomb, safe_parser())
        text = "".join(root.itertext())
    except etree.XMLSyntaxError:
        text = ""
    assert len(text) < 1000 and time.perf_counter() - start < 2.0


def test_external_dtd_is_allowed_but_never_fetched():
    start = time.perf_counter()
    entries = list(iter_entries(FIXTURES / "malicious" / "external-dtd.xml", "tei"))
    assert [e.word for e in entries] == ["Haus"]
    assert time.perf_counter() - start < 2.0  # no network round trip to attacker.invalid


@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE r [ <!-- an <!ENTITY inside a comment is harmless --> ]>',
    '<!DOCTYPE r [ <!ATTLIST r a CDATA "x>y"> <!ELEMENT r ANY> ]>',
    '<!DOCTYPE r SYSTEM "r.dtd">',
    '<!DOCTYPE r PUBLIC "-//X//DTD Y//EN" "http://example.invalid/r.dtd" [ <?pi <!ENTITY?> ]>',
])
def test_doctypes_without_entity_declarations_pass_the_prolog_check(doctype):
    prolog = scan_prolog(f'<?xml version="1.0"?>\n{doctype}\n<r/>'.encode(), "t.xml", final=True)
    assert prolog.complete and prolog.root == "r"


@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE r [<!ENTITY a "b">]>',
    '<!DOCTYPE r [ <!ELEMENT r ANY> <!-- c --> <!ENTITY % p SYSTEM "http://x.invalid/p"> %p; ]>',
    '<!DOCTYPE r [ <!ATTLIST r a CDATA "]>"> <!ENTITY a "b"> ]>',
])
def test_entity_declarations_are_found_behind_comments_quotes_and_declarations(doctype):
    with pytest.raises(InputFileError, match="ENTITY"):
        scan_prolog(f"{doctype}<r/>".encode(), "t.xml", final=True)


def test_utf16_documents_are_checked_too():
    bomb = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE r [<!ENTITY a "b">]><r>&a;</r>'
    for data in (bomb.encode("utf-16"), bomb.encode("utf-16-le")):
        with pytest.raises(InputFileError, match="ENTITY"):
            checked_stream(io.BytesIO(data), "u16.xml")


def test_an_endless_prolog_is_refused():
    data = b"<?xml version='1.0'?><!--" + b"x" * (2 * PROLOG_LIMIT) + b"-->\n<r/>"
    with pytest.raises(InputFileError, match="no root element within"):
        checked_stream(io.BytesIO(data), "long.xml")


def test_the_checked_stream_replays_the_whole_document():
    data = b'<?xml version="1.0"?>\n<!DOCTYPE r SYSTEM "r.dtd">\n<r>' + b"<a>1</a>" * 30000 + b"</r>"
    replay, prolog = checked_stream(io.BytesIO(data), "r.xml")
    assert prolog.root == "r"
    assert b"".join(iter(lambda: replay.read(7000), b"")) == data


def test_parse_bytes_refuses_entities_and_parses_plain_documents():
    assert parse_bytes(b"<r><a>1</a></r>", "ok.xml").findtext("a") == "1"
    with pytest.raises(InputFileError):
        parse_bytes(b'<!DOCTYPE r [<!ENTITY a "b">]><r/>', "bad.xml")


@pytest.mark.parametrize("name, expected", [
    ("truncated.tei", r"truncated\.tei:43:\d+: the XML ends early, the file is truncated"),
    ("mismatched-tags.tei", r"mismatched-tags\.tei:5:\d+: invalid XML: Opening and ending tag mismatch"),
    ("bad-encoding.tei", r"bad-encoding\.tei:6:\d+: invalid XML: .*encoding"),
])
def test_broken_xml_names_file_line_and_column(name, expected):
    with pytest.raises(InputStreamError, match=expected):
        list(iter_entries(FIXTURES / "broken" / name, "tei"))


def test_truncated_file_keeps_the_entries_before_the_cut_with_skip():
    log = RejectLog()
    words = [e.word for e in iter_entries(FIXTURES / "broken" / "truncated.tei", "tei", on_error="skip",
                                          rejects=log)]
    assert words[:3] == ["Haus", "Eltern", "Kosten"] and "Semmel" not in words
    assert log.count == 1


def test_record_stream_keeps_memory_flat(tmp_path):
    """Processed records are dropped: never more than one batch of them stays in the tree.

    (Later siblings may already exist: the parser reads ahead in chunks.)"""
    body = "".join(f'<entry xml:id="e{i}"><form><orth>W{i}</orth></form></entry>\n' for i in range(5000))
    path = tmp_path / "many.tei"
    path.write_text(f'<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body>{body}</body></text></TEI>',
                    encoding="utf-8")
    largest = 0
    with open(path, "rb") as handle:
        records = RecordStream(handle, path.name, tag="{http://www.tei-c.org/ns/1.0}entry")
        with records.errors():
            for _event, element in records.events:
                largest = max(largest, element.getparent().index(element))
                records.release(element)
    assert largest <= RecordStream.BATCH


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(['<!ELEMENT r ANY>', '<!-- c > ] -->', '<!ATTLIST r a CDATA "]>">', '<?p x?>',
                                 '%pe;', "<!NOTATION n SYSTEM 'n'>"]), max_size=5),
       st.integers(min_value=0, max_value=5), st.booleans())
def test_an_entity_anywhere_in_the_internal_subset_is_found(parts, position, parameter_entity):
    entity = '<!ENTITY % e "x">' if parameter_entity else "<!ENTITY e SYSTEM 'file:///etc/passwd'>"
    parts = list(parts)
    parts.insert(min(position, len(parts)), entity)
    doc = f'<?xml version="1.0"?><!DOCTYPE r [ {" ".join(parts)} ]><r/>'.encode()
    with pytest.raises(InputFileError, match="ENTITY"):
        scan_prolog(doc, "p.xml", final=True)
    without = f'<?xml version="1.0"?><!DOCTYPE r [ {" ".join(p for p in parts if p != entity)} ]><r/>'
    assert scan_prolog(without.encode(), "p.xml", final=True).root == "r"


# --- plain_namespace: the root's default namespace declaration blanked out (TEI reader speed) ---------------
TEI_URI = "http://www.tei-c.org/ns/1.0"
DECL, DECL1 = f'xmlns="{TEI_URI}"', f"xmlns='{TEI_URI}'"


@pytest.mark.parametrize("template, declaration, blanked", [
    ('<?xml version="1.0"?>\n<TEI §><text/></TEI>', DECL, True),
    ("<TEI xml:lang='de'\n  §><text/></TEI>", DECL1, True),
    ("<TEI §/>", DECL, True),
    ("\ufeff<TEI §><text/></TEI>", DECL, True),  # UTF-8 byte order mark
    (f"<!-- <TEI {DECL}> -->\n<TEI §><text/></TEI>", DECL, True),  # the root, not the comment
    ("<!--" + "x" * 70_000 + '-->\n<TEI n="' + "y" * 70_000 + '" §><text/></TEI>', DECL, True),  # past a chunk
    ("<TEI §><text/></TEI>", 'xmlns="http://example.org/other"', False),
    ("<TEI §><tei:text/></TEI>", f'xmlns:tei="{TEI_URI}"', False),
    ("<TEI a='§'><text/></TEI>", DECL, False),  # inside an attribute value
    (f"<TEI § {DECL}><text/></TEI>", DECL, False),  # duplicate: the parser's error stays
    ("<TEI § broken><text/></TEI>", DECL, False),  # malformed tag: the parser's error stays
    ("<TEI><text §/></TEI>", DECL, False),  # only the root's declaration
])
def test_plain_namespace_blanks_only_the_roots_own_declaration(template, declaration, blanked):
    data = template.replace("§", declaration).encode("utf-8")
    expected = template.replace("§", " " * len(declaration)).encode("utf-8") if blanked else data
    replay, _ = checked_stream(io.BytesIO(data), "t.xml", plain_namespace=TEI_URI)
    assert b"".join(iter(lambda: replay.read(4096), b"")) == expected  # same length: lines and columns stay


def test_plain_namespace_is_left_alone_in_utf16_documents():
    data = f'<TEI xmlns="{TEI_URI}"><text/></TEI>'.encode("utf-16")
    replay, _ = checked_stream(io.BytesIO(data), "u16.xml", plain_namespace=TEI_URI)
    assert replay.read() == data


def test_plain_namespace_gives_plain_tags_and_the_same_error_positions():
    doc = f'<TEI xmlns="{TEI_URI}"><text><body>\n<entry><orth>a</orth></entry>\n<entry></wrong></TEI>'
    for plain, tag in ((None, f"{{{TEI_URI}}}entry"), (TEI_URI, "entry")):
        records = RecordStream(io.BytesIO(doc.encode()), "t.xml", tag=tag, plain_namespace=plain)
        seen = []
        with pytest.raises(InputStreamError, match=r"t\.xml:3:\d+: invalid XML") as info, records.errors():
            seen.extend(element.tag for _event, element in records.events)
        assert seen == [tag]
        assert info.value.message.split(": invalid")[0] == "t.xml:3:16"


def test_a_local_external_dtd_is_never_read(tmp_path):
    dtd = tmp_path / "evil.dtd"
    dtd.write_text('<!ELEMENT TEI ANY> <<< not a DTD: an error if the parser ever reads it', encoding="utf-8")
    doc = (f'<?xml version="1.0"?>\n<!DOCTYPE TEI SYSTEM "{dtd.as_uri()}">\n'
           f'<TEI xmlns="{TEI_URI}"><text><body><entry><form><orth>Haus</orth></form></entry></body></text></TEI>')
    records = RecordStream(io.BytesIO(doc.encode()), "t.xml", tag=f"{{{TEI_URI}}}entry")
    with records.errors():
        assert [element.tag for _event, element in records.events] == [f"{{{TEI_URI}}}entry"]


@pytest.mark.parametrize("size", [1, 7, 64, 1 << 16])
def test_every_record_before_an_error_is_handed_out_whatever_the_chunk_size(size, monkeypatch):
    monkeypatch.setattr("lexicon_tools.io.guard.xml_safe._CHUNK", size)
    good = "".join(f"<entry><orth>w{i}</orth></entry>\n" for i in range(40))
    for tail, error in (("<entry></wrong></body></text></TEI>", "invalid XML"), ("<entry><orth>cut", "truncated")):
        doc = f"<TEI><text><body>\n{good}{tail}"
        records = RecordStream(io.BytesIO(doc.encode()), "t.xml", tag="entry")
        seen = []
        with pytest.raises(InputStreamError, match=error), records.errors():
            seen.extend(element[0].text for _event, element in records.events)
        assert seen == [f"w{i}" for i in range(40)]  # all complete records, never the broken or cut one
