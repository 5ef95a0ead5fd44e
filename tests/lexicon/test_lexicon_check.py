"""The word check: normalisation, verdict table, reasons and suggestions (no files involved)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.errors import LexiconFileError
from lexicon_tools.lexicon.assemble import assemble, decide_words, reason_class
from lexicon_tools.lexicon.kwg import build_kwg
from lexicon_tools.lexicon.lexicon import Lexicon, describe_reason
from lexicon_tools.lexicon.verdicts import VerdictRecord, VerdictTable, encode_table
from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict

LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ")
GERMAN = Alphabet(LETTERS)
META = {"alphabet": list(LETTERS), "normalisation": {"replacements": [["ß", "SS"], ["ẞ", "SS"]],
                                                     "strip_accents": True},
        "ruleset": "wortspieler", "word_count": 0}

# (surface, lemma, valid, reason)
TABLE = [
    ("Haus", "Haus", True, "nom-sg"),
    ("Häuser", "Haus", False, "inflected-form:plural-of:HAUS"),
    ("Hause", "Haus", False, "inflected-form:dative-of:HAUS"),
    ("Häuschen", "Haus", False, "diminutive-of:HAUS"),
    ("Maus", "Maus", True, "nom-sg"),
    ("Mäuse", "Maus", False, "inflected-form:plural-of:MAUS"),
    ("Straße", "Straße", True, "nom-sg"),
    ("Eltern", "Eltern", True, "plurale-tantum"),
    ("laufen", "laufen", False, "not-a-noun"),
    ("Laufen", "Laufen", True, "nom-sg"),  # the noun wins over the verb: any accept wins
    ("E-Mail", "E-Mail", True, "nom-sg"),  # accepted by the policy but has no tiles
    ("Berlin", "Berlin", False, "proper-noun"),
]


def make_lexicon(table=TABLE) -> Lexicon:
    verdicts = [Verdict(Entry(w, lemma=l, pos="NOUN"), GERMAN.normalize(w), v, r) for w, l, v, r in table]
    decided, seen = decide_words(verdicts)
    assembly = assemble(decided, GERMAN, entries=seen)
    return Lexicon(dict(META, word_count=assembly.words_out), build_kwg(assembly.tiles),
                   VerdictTable(encode_table(assembly.records)))


@pytest.mark.parametrize("word,valid,reason", [
    ("Haus", True, "nom-sg"),
    ("haus", True, "nom-sg"),
    ("HAUS", True, "nom-sg"),
    ("  Haus ", True, "nom-sg"),
    ("Häuser", False, "inflected-form:plural-of:HAUS"),
    ("HÄUSER", False, "inflected-form:plural-of:HAUS"),
    ("Hae", False, "not-in-lexicon"),
    ("Straße", True, "nom-sg"),
    ("strasse", True, "nom-sg"),
    ("Eltern", True, "plurale-tantum"),
    ("laufen", True, "nom-sg"),
    ("E-Mail", False, "not-tileable"),
    ("Berlin", False, "proper-noun"),
    ("Häuschen", False, "diminutive-of:HAUS"),
    ("Xylofonk", False, "not-in-lexicon"),
])
def test_check_reasons(word, valid, reason):
    result = make_lexicon().check(word)
    assert (result.valid, result.reason) == (valid, reason)


def test_inflected_form_suggests_its_lemma_first():
    result = make_lexicon().check("Häuser")
    assert result.suggestions[0] == "HAUS"
    assert result.to_dict() == {"word": "Häuser", "normalized": "HÄUSER", "valid": False,
                                "reason": "inflected-form:plural-of:HAUS", "suggestions": result.suggestions}


def test_the_base_word_named_in_the_reason_is_suggested_first():
    table = TABLE + [("Hündchen", "Hündchen", False, "diminutive-of:HUND"), ("Hund", "Hund", True, "nom-sg")]
    assert make_lexicon(table).check("Hündchen").suggestions[0] == "HUND"


def test_suggestions_are_close_legal_words():
    result = make_lexicon().check("Mause")
    assert "MAUS" in result.suggestions and "MÄUSE" not in result.suggestions
    assert make_lexicon().check("Haus").suggestions == []


def test_batch_check_agrees_with_single_checks():
    lex = make_lexicon()
    words = [w for w, *_ in TABLE] + ["haus", "strasse", "Xy", "", "a b"]
    assert lex.check_many(words) == [lex.check(w, suggestions=0).valid for w in words]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("aAbBsSßẞäÄöÖüÜéÉzZ -'\u0308\x01\x1c"), max_size=8))
def test_fast_normalisation_agrees_with_the_alphabet(text):
    lex = make_lexicon()
    assert lex.normalize(text) == GERMAN.normalize(text)
    normalized = GERMAN.normalize(text)
    expected = GERMAN.encode(normalized) if GERMAN.is_tileable(normalized) else None
    assert lex.encode(text) == expected


@pytest.mark.parametrize("reason,text", [
    ("nom-sg", "noun in the nominative singular"),
    ("inflected-form:plural-of:HAUS", "inflected form (plural of HAUS)"),
    ("inflected-form:plural", "inflected form (plural)"),
    ("inflected-form", "inflected form"),
    ("listed", "a word form listed in the sources"),
    ("diminutive-of:HUND", "diminutive of HUND"),
    ("register:colloquial", "register: colloquial"),
    ("something-new", "something-new"),
])
def test_reason_descriptions(reason, text):
    assert describe_reason(reason) == text


@pytest.mark.parametrize("reason,cls", [
    ("inflected-form:plural-of:HAUS", "inflected-form:plural-of"),
    ("diminutive-of:HÜNDCHEN", "diminutive-of"),
    ("register:colloquial", "register:colloquial"),
    ("nom-sg", "nom-sg"),
])
def test_reason_classes_drop_the_word_argument(reason, cls):
    assert reason_class(reason) == cls


def test_verdict_table_round_trip_across_many_blocks():
    records = [VerdictRecord(f"W{i:05d}", i % 3 == 0, f"r{i % 7}", "L" if i % 5 == 0 else "") for i in range(2000)]
    table = VerdictTable(encode_table(reversed(records)))
    assert len(table) == 2000
    assert list(table) == records
    assert table.lookup("W01234") == records[1234]
    assert table.lookup("W99999") is None and table.lookup("A") is None and table.lookup("") is None
    assert table.legal_words() == [r.word for r in records if r.valid]


def test_verdict_table_sanitises_separators():
    table = VerdictTable(encode_table([VerdictRecord("A\tB", True, "x\ny", "")]))
    assert table.lookup("A B") == VerdictRecord("A B", True, "x y", "")


def test_empty_verdict_table():
    table = VerdictTable(encode_table([]))
    assert len(table) == 0 and table.lookup("HAUS") is None and list(table) == []


def test_corrupt_verdict_block_is_an_error():
    data = bytearray(encode_table([VerdictRecord(f"W{i}", True, "nom-sg") for i in range(600)]))
    data[-5] ^= 0xFF
    table = VerdictTable(bytes(data))
    with pytest.raises(LexiconFileError):
        list(table)


def test_assembly_counts_reasons():
    verdicts = [Verdict(Entry(w, lemma=l), GERMAN.normalize(w), v, r) for w, l, v, r in TABLE]
    decided, seen = decide_words(verdicts)
    assembly = assemble(decided, GERMAN, entries=seen)
    assert seen == len(TABLE) and assembly.words_in == len(TABLE) - 1  # laufen/Laufen share LAUFEN
    assert assembly.accepted["nom-sg"] == 4 and assembly.accepted["plurale-tantum"] == 1
    assert assembly.rejected["inflected-form:plural-of"] == 2
    assert assembly.rejected["not-tileable"] == 1
    assert [r.word for r in assembly.records] == sorted(r.word for r in assembly.records)
