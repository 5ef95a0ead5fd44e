"""TEI P5 dictionaries (FreeDict), streamed with iterparse and per-entry clearing.

Why iterparse: real FreeDict files are hundreds of MB (deu-eng: ~517k
entries). lxml's iterparse builds one ``<entry>`` at a time; after converting
it we clear it and drop the processed siblings (`xml_safe.release`), so memory
stays flat whatever the file size. Parsing is hardened (`xml_safe`).

What is read (TEI namespace or none; TEI P4 ``TEI.2`` files work too)::

    <entry xml:id="Haus.2">
      <form><orth>Haus</orth>                       headword(s); several <orth> = several entries
        <form type="infl"><orth>Häuser</orth>       inflected form (optional), own gramGrp/case/number
          <gramGrp><case>nom</case><number>pl</number></gramGrp></form></form>
      <gramGrp><gen>neut</gen><pos>n</pos><number>sg</number></gramGrp>
      <usg type="reg">coll.</usg>                   entry-level usage: applies to the entry
      <sense><usg type="dom">archit.</usg>...</sense>
    </entry>

Mapping (see `vocab`):

* ``pos`` -> UPOS (n -> NOUN, pn -> PROPN, v/vi/vt -> VERB, adj -> ADJ, ...);
  ``<gram type="pos|gen|number|case">`` is read like ``<pos>`` etc.
* ``gen`` -> Gender (one entry per gender if several), ``number`` -> Number,
  ``case`` -> Case. A noun headword with number ``pl`` is a plurale tantum:
  Number=Plur plus the ``plurale-tantum`` tag.
* ``usg``: ``type="reg"`` -> ``register:...``, ``"dom"`` -> ``domain:...``,
  ``"geo"`` -> ``register:regional`` + ``region:...``; other types only when the
  label is a known register label (e.g. Ding's ``<usg type="hint">obs.</usg>``).
  A usage label on the entry (or its form) applies to the entry; a label inside
  a ``<sense>`` applies only if *every* sense carries it (a word with one
  colloquial sense among neutral ones is not a colloquial word). Labels inside
  ``<cit>`` describe the translation and are ignored.
* The headword is its own lemma (``lemma == word``); inflected forms have the
  headword as lemma. A leading article of an inflected form ("des Hauses") is dropped.
* Source: ``file#xml:id`` when the entry has an xml:id, else ``file:line``.

An entry without any ``<orth>`` is a record error.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.vocab import CASE, GENDER, NUMBER, map_pos, usage_tags
from lexicon_tools.io.xml_safe import iterparse, release
from lexicon_tools.model.entry import Entry

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


def _tags(local: str) -> frozenset[str]:
    return frozenset({local, f"{{{TEI_NS}}}{local}"})


ENTRY, FORM, ORTH, GRAMGRP, USG, SENSE, CIT = (_tags(t) for t in ("entry", "form", "orth", "gramGrp",
                                                                    "usg", "sense", "cit"))
POS_T, GEN_T, NUMBER_T, CASE_T, GRAM_T = (_tags(t) for t in ("pos", "gen", "number", "case", "gram"))
GRAM_TYPES = {"pos": "pos", "gen": "Gender", "gender": "Gender", "num": "Number", "number": "Number",
              "case": "Case"}
ARTICLES = ("der ", "die ", "das ", "des ", "dem ", "den ")


class _Gram:
    """Grammar read from gramGrp / gram-like elements."""

    __slots__ = ("pos", "genders", "number", "case")

    def __init__(self):
        self.pos: str | None = None
        self.genders: list[str] = []
        self.number: str | None = None
        self.case: str | None = None

    def read(self, element) -> None:
        for child in element:
            self.read_one(child)

    def read_one(self, child) -> bool:
        tag = child.tag
        if tag in POS_T:
            kind = "pos"
        elif tag in GEN_T:
            kind = "Gender"
        elif tag in NUMBER_T:
            kind = "Number"
        elif tag in CASE_T:
            kind = "Case"
        elif tag in GRAM_T:
            kind = GRAM_TYPES.get(child.get("type", ""))
        elif tag in GRAMGRP:
            self.read(child)
            return True
        else:
            return False
        value = _text(child).lower()
        if kind == "pos" and self.pos is None and value:
            self.pos = value
        elif kind == "Gender" and value in GENDER and GENDER[value] not in self.genders:
            self.genders.append(GENDER[value])
        elif kind == "Number" and value in NUMBER:
            self.number = NUMBER[value]
        elif kind == "Case" and value in CASE:
            self.case = CASE[value]
        return True

    def features(self, gender: str | None) -> dict[str, str]:
        features = {}
        if self.case:
            features["Case"] = self.case
        if self.number:
            features["Number"] = self.number
        if gender:
            features["Gender"] = gender
        return features


def read(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
    for _event, element in iterparse(stream, ctx.name, tag="{*}entry"):
        if element.tag not in ENTRY:
            continue
        entries = convert_entry(element, ctx)
        release(element)
        yield from entries


def convert_entry(element, ctx: ReadContext) -> list[Entry]:
    """All entries of one TEI <entry> element (see module doc)."""
    entry_id = element.get(XML_ID)
    source = ctx.at_id(entry_id) if entry_id else ctx.at(element.sourceline)
    headwords: list[str] = []
    inflected: list[tuple[str, _Gram]] = []
    gram = _Gram()
    entry_tags: list[str] = []
    sense_tags: list[set[str]] = []
    for child in element:
        tag = child.tag
        if tag in FORM:
            _read_form(child, headwords, inflected, gram, entry_tags)
        elif tag in SENSE:
            sense_tags.append(_sense_usage(child))
        elif tag in USG:
            entry_tags.extend(usage_tags(_text(child), child.get("type")))
        else:
            gram.read_one(child)
    if not headwords:
        ctx.bad_record(source, "the <entry> has no <form><orth> headword", _describe(element),
                       "Give every entry a <form><orth>headword</orth></form>.")
        return []
    return _build(headwords, inflected, gram, entry_tags, sense_tags, source)


def _build(headwords, inflected, gram: _Gram, entry_tags, sense_tags, source) -> list[Entry]:
    pos, pos_tags = map_pos(gram.pos) if gram.pos else (None, ())
    tags = list(pos_tags)
    for tag in entry_tags:
        if tag not in tags:
            tags.append(tag)
    if sense_tags:
        common = set.intersection(*sense_tags)
        tags.extend(sorted(common - set(tags)))
    if gram.number == "Plur" and pos in ("NOUN", "PROPN"):
        tags.append("plurale-tantum")
    tag_tuple = tuple(tags)
    entries = []
    for gender in gram.genders or [None]:
        features = gram.features(gender)
        for word in headwords:
            entries.append(Entry(word, word, pos, features, tag_tuple, source))
        for word, form_gram in inflected:
            form_features = form_gram.features(gender or (form_gram.genders or [None])[0])
            entries.append(Entry(word, headwords[0], pos, form_features, tag_tuple, source))
    return entries


def _read_form(form, headwords: list[str], inflected: list, gram: _Gram, entry_tags: list[str]) -> None:
    for child in form:
        tag = child.tag
        if tag in ORTH:
            word = _text(child)
            if word and word not in headwords:
                headwords.append(word)
        elif tag in FORM:
            if child.get("type") == "infl":
                _read_inflected(child, inflected)
            else:
                _read_form(child, headwords, inflected, gram, entry_tags)
        elif tag in USG:
            entry_tags.extend(usage_tags(_text(child), child.get("type")))
        else:
            gram.read_one(child)


def _read_inflected(form, inflected: list) -> None:
    form_gram = _Gram()
    words = []
    for child in form:
        if child.tag in ORTH:
            word = _text(child)
            if word.lower().startswith(ARTICLES):
                word = word.split(" ", 1)[1].strip()
            if word:
                words.append(word)
        else:
            form_gram.read_one(child)
    inflected.extend((word, form_gram) for word in words)


def _sense_usage(sense) -> set[str]:
    tags: set[str] = set()
    for usg in sense.iter("{*}usg"):
        parent = usg.getparent()
        inside_cit = False
        while parent is not None and parent is not sense:
            if parent.tag in CIT:
                inside_cit = True
                break
            parent = parent.getparent()
        if not inside_cit:
            tags.update(usage_tags(_text(usg), usg.get("type")))
    return tags


def _text(element) -> str:
    text = element.text if len(element) == 0 else "".join(element.itertext())
    return " ".join(text.split()) if text else ""


def _describe(element) -> str:
    return " ".join("".join(element.itertext()).split())[:200]
