"""The KWG builder: exact word sets on both halves, minimal node count, format invariants."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.errors import LexiconFileError
from lexicon_tools.lexicon.builder import build_graph, contains_many
from lexicon_tools.lexicon.kwg import ACCEPT_BIT, CHILD_MASK, END_BIT, Kwg, build_kwg

# small alphabets make shared prefixes/suffixes (the interesting cases) likely
words_strategy = st.sets(st.binary(min_size=1, max_size=7).map(lambda b: bytes(1 + x % 4 for x in b)),
                         max_size=40)


def gaddag_strings(words) -> set[bytes]:
    """The GADDAG language from its definition: rev(w) and rev(w[:k]) + 0 + w[k:]."""
    out = set()
    for w in words:
        out.add(w[::-1])
        for k in range(1, len(w)):
            out.add(w[:k][::-1] + b"\x00" + w[k:])
    return out


def reference_node_count(words) -> int:
    """Minimal KWG size computed independently: trie -> distinct arc lists -> shared tails.

    Builds the full (unshared) DAWG and GADDAG tries, names every subtree by its
    arc list (tile, accepts, child-list id), then counts the nodes a KWG needs when
    a list that is the tail of another list is stored inside it.
    """
    lists: dict[tuple, int] = {(): 0}

    def trie(strings):
        root: dict = {}
        for s in strings:
            node = root
            for i, t in enumerate(s):
                entry = node.setdefault(t, [False, {}])
                if i == len(s) - 1:
                    entry[0] = True
                node = entry[1]
        return root

    def list_id(node) -> int:
        arcs = tuple((t, acc, list_id(child)) for t, (acc, child) in sorted(node.items()))
        return lists.setdefault(arcs, len(lists))

    list_id(trie(words))
    list_id(trie(gaddag_strings(words)))
    tails = {arcs[i:] for arcs in lists for i in range(len(arcs)) if arcs}
    maximal = [t for t in tails if not any(len(u) == len(t) + 1 and u[1:] == t for u in tails)]
    return 2 + sum(len(t) for t in maximal)


def all_strings_below(kwg: Kwg, root: int) -> set[bytes]:
    return set(kwg.words(root))


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_graph_accepts_exactly_its_words_on_both_halves(words):
    kwg = build_kwg(words)
    assert list(kwg.words()) == sorted(words)
    assert all_strings_below(kwg, kwg.gaddag_root) == gaddag_strings(words)
    for w in words:
        assert kwg.contains(w)
        assert kwg.gaddag_accepts(w[::-1])
        for k in range(1, len(w)):
            assert kwg.gaddag_accepts(w[:k][::-1] + b"\x00" + w[k:])


@settings(max_examples=150, deadline=None)
@given(words_strategy, st.lists(st.binary(min_size=1, max_size=8).map(lambda b: bytes(1 + x % 5 for x in b)),
                                max_size=20))
def test_non_words_are_rejected(words, probes):
    kwg = build_kwg(words)
    for probe in probes:
        assert kwg.contains(probe) == (probe in words)
    expected = np.array([p in words for p in probes], dtype=bool)
    assert (contains_many(kwg.nodes, probes) == expected).all()


@settings(max_examples=100, deadline=None)
@given(words_strategy)
def test_node_count_is_minimal(words):
    assert len(build_kwg(words)) == reference_node_count(words)


@settings(max_examples=60, deadline=None)
@given(words_strategy)
def test_encoding_invariants(words):
    kwg = build_kwg(words)
    nodes = [int(v) for v in kwg.nodes]
    assert nodes[0] & END_BIT and nodes[1] & END_BIT
    assert nodes[0] >> 24 == 0 and not nodes[0] & ACCEPT_BIT
    # every list is sorted by tile, strictly, and ends inside the array
    starts = {v & CHILD_MASK for v in nodes if v & CHILD_MASK}
    for start in starts:
        tiles = []
        p = start
        while True:
            tiles.append(nodes[p] >> 24)
            if nodes[p] & END_BIT:
                break
            p += 1
        assert tiles == sorted(set(tiles))


def test_cares_example_paths():
    tiles = {ch: i + 1 for i, ch in enumerate("ACERS")}
    enc = lambda s: bytes(tiles[c] if c != "@" else 0 for c in s)
    kwg = build_kwg([enc("CARE"), enc("CARES"), enc("CAR")])
    for path in ("ERAC", "RAC@E", "AC@RE", "C@ARE", "SERAC", "ERAC@S", "RAC"):
        assert kwg.gaddag_accepts(enc(path)), path
    for path in ("RAC@", "C@AR@", "AC", "CARE"):
        assert not kwg.gaddag_accepts(enc(path)), path


def test_empty_lexicon_and_dawg_only():
    empty = build_kwg([])
    assert len(empty) == 2 and not empty.contains(b"\x01") and list(empty.words()) == []
    dawg = build_kwg([b"\x01\x02", b"\x01"], gaddag=False)
    assert dawg.has_gaddag is False
    assert list(dawg.words()) == [b"\x01", b"\x01\x02"]
    assert len(dawg) == 1 + 2


@pytest.mark.parametrize("bad", [[b""], [b"\x01\x00\x02"]])
def test_bad_words_are_refused(bad):
    with pytest.raises(ValueError):
        build_kwg(bad)


def test_round_trip_through_bytes_and_numpy_view():
    words = [b"\x01\x02\x03", b"\x02\x03", b"\x03"]
    kwg = build_kwg(words)
    again = Kwg(kwg.to_bytes())
    assert list(again.words()) == words
    assert again.nodes.dtype == np.dtype("<u4") and (again.nodes == kwg.nodes).all()


@pytest.mark.parametrize("data", [b"", b"\x00\x00\x40", b"\x00\x00\x40\x00"])
def test_truncated_node_arrays_are_refused(data):
    with pytest.raises(LexiconFileError):
        Kwg(data)


def test_a_list_running_off_the_end_is_an_error_not_an_answer():
    # root list at node 2 whose only node lacks the last-sibling bit
    data = np.array([END_BIT | 2, END_BIT, 1 << 24], dtype="<u4").tobytes()
    kwg = Kwg(data)
    with pytest.raises(LexiconFileError):
        kwg.contains(b"\x02")


def test_build_graph_reports_counts():
    graph = build_graph([b"\x01\x02", b"\x01\x02", b"\x02"])
    assert graph.word_count == 2 and graph.state_count >= 3
