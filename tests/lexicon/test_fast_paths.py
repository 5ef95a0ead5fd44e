"""The compiled word-list paths of issue 25 give the same bytes and answers as the plain ones.

* `build_kwg` (compiled) against a pure-Python builder of the same algorithm (kwg_reference.py);
* the alphagram DAWG from a loaded graph (`alphagram_kwg_of`, flat arrays) against the previous
  implementation, a set comprehension of sorted ``bytes`` fed to `build_kwg`;
* renumbered graphs (``export --tile-order``) against translating ``Kwg.words()`` in Python;
* `Lexicon.check_many` against `Lexicon.is_valid` word by word, on a real ``.lex`` file.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.errors import LexiconFileError
from lexicon_tools.lexicon.alphagram import alphagram_kwg_of, build_alphagram_kwg, renumbered_kwg
from lexicon_tools.lexicon.builder import dawg_words_flat
from lexicon_tools.lexicon.kwg import Kwg, build_kwg
from tests.lexicon.kwg_reference import reference_kwg_bytes

words_strategy = st.lists(st.binary(min_size=1, max_size=8).map(lambda b: bytes(1 + x % 5 for x in b)),
                          max_size=60)


@given(words_strategy)
@settings(max_examples=150, deadline=None)
def test_build_matches_the_pure_python_builder_byte_for_byte(words):
    assert build_kwg(words).to_bytes() == reference_kwg_bytes(words)
    assert build_kwg(words, gaddag=False).to_bytes() == reference_kwg_bytes(words, gaddag=False)


def test_build_matches_the_pure_python_builder_on_german_words():
    from lexicon_tools.model.alphabet import Alphabet

    alphabet = Alphabet(tuple("AÄBCDEFGHIJKLMNOÖPQRSTUÜVWXYZ"))
    rng = random.Random(25)
    stems = ["HAUS", "BAUM", "STRASSE", "KIND", "MAUS", "BAU", "HAUSTÜR", "TÜR", "ÖL", "ÄPFEL"]
    words = {s + e for s in stems for e in ("", "E", "EN", "ES", "ER", "CHEN")}
    words |= {rng.choice(stems) + rng.choice(stems).lower().upper() for _ in range(200)}
    encoded = [alphabet.encode(w) for w in words]
    assert build_kwg(encoded).to_bytes() == reference_kwg_bytes(encoded)


@given(words_strategy)
@settings(max_examples=150, deadline=None)
def test_alphagram_graph_from_flat_arrays_equals_the_set_comprehension(words):
    graph = build_kwg(words)
    assert alphagram_kwg_of(graph).to_bytes() == build_alphagram_kwg(graph.words()).to_bytes()
    assert alphagram_kwg_of(graph).to_bytes() == reference_kwg_bytes({bytes(sorted(w)) for w in words}, False)


@given(words_strategy, st.permutations([1, 2, 3, 4, 5]))
@settings(max_examples=100, deadline=None)
def test_renumbered_graphs_equal_translating_the_words_in_python(words, order):
    table = bytearray(range(256))
    for old, new in enumerate(order, start=1):
        table[old] = new
    graph = build_kwg(words)
    renamed = [w.translate(bytes(table)) for w in graph.words()]
    assert renumbered_kwg(graph, bytes(table)).to_bytes() == build_kwg(renamed).to_bytes()
    assert alphagram_kwg_of(graph, bytes(table)).to_bytes() == build_alphagram_kwg(renamed).to_bytes()


@given(words_strategy)
@settings(max_examples=100, deadline=None)
def test_flat_enumeration_lists_the_words_in_kwg_order(words):
    graph = build_kwg(words)
    buf, off = dawg_words_flat(graph.nodes)
    flat = [bytes(buf[off[i]:off[i + 1]]) for i in range(len(off) - 1)]
    assert flat == list(graph.words()) == sorted(set(words))


def test_flat_enumeration_refuses_a_corrupt_graph():
    good = build_kwg([b"\x01\x02\x03", b"\x01\x04"], gaddag=False).to_bytes()
    past_end = bytearray(good)
    past_end[-4:] = (0x01000000 | 0x400000 | 0x3FF000).to_bytes(4, "little")  # a child far past the end
    with pytest.raises(LexiconFileError, match="corrupt: a sibling list or child index"):
        dawg_words_flat(Kwg(bytes(past_end), has_gaddag=False).nodes)
    cyclic = bytearray(good)
    cyclic[4:8] = (0x01000000 | 0x400000 | 1).to_bytes(4, "little")  # the root's only arc is its own child
    with pytest.raises(LexiconFileError, match="corrupt: a path is longer"):
        dawg_words_flat(Kwg(bytes(cyclic), has_gaddag=False).nodes)


def test_check_many_agrees_with_is_valid_on_a_real_lex(tmp_path):
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict

    legal = ["HAUS", "STRASSE", "ÄPFEL", "BAUM", "BÄUME", "CAFE", "ÖL"]
    verdicts = (Verdict(Entry(w, lemma=w, pos="NOUN"), w, True, "nom-sg") for w in legal)
    path = tmp_path / "w.lex"
    build_from_verdicts(load_ruleset("wortspieler"), verdicts, path, date="2026-01-01T00:00:00Z")
    lexicon = load_lexicon(path)
    probes = ["Haus", "haus", "HAUS", "Straße", "STRASSE", "strasse", "Äpfel", "äpfel", "Café", "CAFÉ",
              "Öl", "öl", "", " Haus", "Ha\x00us", "Haus\x00", "\udcff", "Hausx", "HAU", "bäume", "X" * 80,
              "Baum\u200b", "ＨＡＵＳ"]
    probes += [rng_word for rng_word in _shuffled(probes)]
    answers = lexicon.check_many(probes)
    assert answers == [lexicon.is_valid(w) for w in probes]
    assert any(answers) and not all(answers)
    assert lexicon.check_many([]) == []


def _shuffled(items):
    out = list(items)
    random.Random(1).shuffle(out)
    return [a + b for a, b in zip(out, reversed(out))]
