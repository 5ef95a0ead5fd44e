"""Entry: the record every reader produces - construction, immutability, equality, dict round trip."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.model.entry import Entry

texts = st.text(max_size=8)
entries = st.builds(
    Entry, word=texts, lemma=st.none() | texts, pos=st.none() | st.sampled_from(["NOUN", "PROPN", "VERB"]),
    features=st.dictionaries(st.sampled_from(["Case", "Number", "Gender"]), texts, max_size=3),
    tags=st.lists(texts, max_size=3).map(tuple), source=texts)

HAUS = {"word": "Häuser", "lemma": "Haus", "pos": "NOUN", "features": {"Number": "Plur"},
        "tags": ("x",), "source": "n.csv:2"}


def test_positions_and_keywords_build_the_same_entry():
    by_position = Entry("Häuser", "Haus", "NOUN", {"Number": "Plur"}, ("x",), "n.csv:2")
    assert by_position == Entry(**HAUS) == Entry("Häuser", lemma="Haus", pos="NOUN", features={"Number": "Plur"},
                                                 tags=("x",), source="n.csv:2")
    assert {name: getattr(by_position, name) for name in HAUS} == HAUS


def test_defaults_and_a_features_dict_per_entry():
    first, second = Entry("Haus"), Entry("Haus")
    assert (first.lemma, first.pos, first.features, first.tags, first.source) == (None, None, {}, (), "")
    assert first.features is not second.features
    first.features["Number"] = "Sing"
    assert second.features == {}


@pytest.mark.parametrize("name", ["word", "lemma", "pos", "features", "tags", "source", "other"])
def test_fields_cannot_be_assigned(name):
    entry = Entry("Haus")
    with pytest.raises(AttributeError):
        setattr(entry, name, "x")
    assert entry == Entry("Haus")


@pytest.mark.parametrize("field", list(HAUS))
def test_entries_differing_in_one_field_are_not_equal(field):
    changed = dict(HAUS, **{field: {"Number": "Sing"} if field == "features" else ("y",) if field == "tags" else "z"})
    assert Entry(**changed) != Entry(**HAUS)
    assert not Entry(**changed) == Entry(**HAUS)  # noqa: SIM201  (__eq__ and __ne__ are both defined)


def test_an_entry_never_equals_a_plain_tuple_or_dict():
    entry = Entry(**HAUS)
    as_tuple = tuple(HAUS.values())
    assert entry != as_tuple and as_tuple != entry
    assert not entry == as_tuple and not as_tuple == entry  # noqa: SIM201  (both directions of __eq__)
    assert entry != HAUS and entry != entry.to_dict()


def test_entries_are_not_hashable_and_have_no_order():
    with pytest.raises(TypeError):
        hash(Entry("Haus"))
    with pytest.raises(TypeError):
        sorted([Entry("b"), Entry("a")])


def test_repr_names_the_fields():
    assert repr(Entry("Haus", source="n:1")) == ("Entry(word='Haus', lemma=None, pos=None, features={}, tags=(), "
                                                 "source='n:1')")


def test_make_takes_all_six_fields_in_order():
    assert Entry._make(tuple(HAUS.values())) == Entry(**HAUS)
    with pytest.raises(TypeError):
        Entry._make(("Haus", "Haus"))


def test_replace_changes_one_field():
    assert Entry(**HAUS)._replace(lemma="Häuser") == Entry(**dict(HAUS, lemma="Häuser"))


@settings(max_examples=80, deadline=None)
@given(entries)
def test_dict_pickle_and_copy_round_trips(entry):
    assert Entry.from_dict(entry.to_dict()) == entry
    assert list(entry.to_dict()) == ["word", "lemma", "pos", "features", "tags", "source"]
    assert pickle.loads(pickle.dumps(entry)) == entry
    assert copy.deepcopy(entry) == entry and copy.copy(entry) == entry


def test_to_dict_does_not_share_the_entrys_containers():
    entry = Entry(**HAUS)
    data = entry.to_dict()
    data["features"]["Case"] = "Nom"
    data["tags"].append("y")
    assert entry == Entry(**HAUS)


def test_from_dict_fills_missing_optional_keys():
    assert Entry.from_dict({"word": "Haus", "features": None, "tags": None, "source": None}) == Entry("Haus")
