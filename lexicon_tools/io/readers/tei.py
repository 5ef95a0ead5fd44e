"""TEI P5 dictionaries (FreeDict), streamed with iterparse; processed entries are dropped in batches.

Why iterparse: real FreeDict files are hundreds of MB (deu-eng: ~517k
entries). lxml's iterparse builds the tree incrementally; each ``<entry>`` is
converted when its end tag is parsed, and processed entries are deleted in
batches (`xml_safe.RecordStream`), so memory stays flat whatever the file
size (bench: ~60 MB peak for 300k entries). Parsing is hardened (`xml_safe`).

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
from lexicon_tools.io.xml_safe import RecordStream
from lexicon_tools.model.entry import Entry

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
ARTICLES = ("der ", "die ", "das ", "des ", "dem ", "den ")


def _both(local: str) -> tuple[str, str]:
    """The tag in the TEI namespace and without namespace (TEI P4 files)."""
    return local, f"{{{TEI_NS}}}{local}"


# Speed matters here (bench/import_tei.py holds the reader to 1.5x a bare iterparse pass):
# each visited element costs one dict lookup of its tag; roles are interned strings compared
# with `is`; <usg> elements, which most entries lack, arrive as parser events instead of being
# searched for; rare structures (nested forms, <gram type=...>) take a slower general path.
FORM, ORTH, GRAMGRP, SENSE, POS, GENDER_ROLE, NUMBER_ROLE, CASE_ROLE, GRAM = (
    "form", "orth", "gramGrp", "sense", "pos", "Gender", "Number", "Case", "gram")
ROLE = {tag: role for local, role in (("form", FORM), ("orth", ORTH), ("gramGrp", GRAMGRP), ("sense", SENSE),
                                      ("pos", POS), ("gen", GENDER_ROLE), ("number", NUMBER_ROLE),
                                      ("case", CASE_ROLE), ("gram", GRAM))
        for tag in _both(local)}
ENTRY_TAGS = _both("entry")
USG_TAGS = frozenset(_both("usg"))
CIT_TAGS = frozenset(_both("cit"))
GRAM_TYPES = {"pos": POS, "gen": GENDER_ROLE, "gender": GENDER_ROLE, "num": NUMBER_ROLE, "number": NUMBER_ROLE,
              "case": CASE_ROLE}


class _Grammar:
    """pos and features of a headword (or of an inflected form)."""

    __slots__ = ("pos", "genders", "number", "case")

    def __init__(self):
        self.pos: str | None = None
        self.genders: list[str] = []
        self.number: str | None = None
        self.case: str | None = None

    def add(self, role: str, element) -> None:
        """Record one grammar element (pos, gen, number, case, gram or a whole gramGrp)."""
        if role is GRAMGRP:
            for child in element:
                child_role = ROLE.get(child.tag)
                if child_role is not None:
                    self.add(child_role, child)
            return
        if role is GRAM:
            role = GRAM_TYPES.get(element.get("type", ""))
        text = element.text
        if len(element):
            text = "".join(element.itertext())
        value = text.strip().lower() if text else ""
        if role is POS:
            if self.pos is None and value:
                self.pos = value
        elif role is GENDER_ROLE:
            gender = GENDER.get(value)
            if gender and gender not in self.genders:
                self.genders.append(gender)
        elif role is NUMBER_ROLE:
            self.number = NUMBER.get(value, self.number)
        elif role is CASE_ROLE:
            self.case = CASE.get(value, self.case)

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
    records = RecordStream(stream, ctx.name, tag=ENTRY_TAGS + tuple(USG_TAGS))
    usages: list = []
    release = records.release
    with records.errors():
        for _event, element in records.events:
            if element.tag in USG_TAGS:
                usages.append(element)  # ends before its entry does; converted with it
                continue
            entries = convert_entry(element, ctx, usages)
            if usages:
                usages = []
            release(element)
            if len(entries) == 1:
                yield entries[0]
            else:
                yield from entries


def convert_entry(element, ctx: ReadContext, usages: list | None = None) -> list[Entry]:
    """All entries of one TEI <entry> element (see module doc).

    `usages`: the <usg> elements inside it, if the caller already has them (the
    streaming reader gets them as parser events); otherwise they are searched for.
    The common shape (form/orth, gramGrp with pos/gen/number, senses) is handled
    inline; anything else goes through `_Grammar.add` / `_read_nested_form`.
    """
    headwords: list[str] = []
    inflected: list[tuple[str, _Grammar]] = []
    grammar = _Grammar()
    senses = 0
    for child in element:
        role = ROLE.get(child.tag)
        if role is None:
            continue
        if role is SENSE:
            senses += 1
        elif role is GRAMGRP:
            for item in child:
                item_role = ROLE.get(item.tag)
                if item_role is None:
                    continue
                text = item.text
                if text is None or len(item):  # unusual markup: the general path
                    grammar.add(item_role, item)
                elif item_role is POS:
                    if grammar.pos is None:
                        grammar.pos = text.strip().lower() or None
                elif item_role is GENDER_ROLE:
                    gender = GENDER.get(text.strip().lower())
                    if gender and gender not in grammar.genders:
                        grammar.genders.append(gender)
                elif item_role is NUMBER_ROLE:
                    grammar.number = NUMBER.get(text.strip().lower(), grammar.number)
                else:
                    grammar.add(item_role, item)
        elif role is FORM:
            for part in child:
                part_role = ROLE.get(part.tag)
                if part_role is ORTH:
                    text = part.text  # fast path for plain <orth>word</orth>, else `_text`
                    plain = text is not None and not len(part) and "  " not in text and "\n" not in text
                    word = text.strip() if plain and "\t" not in text else _text(part)
                    if word and word not in headwords:
                        headwords.append(word)
                elif part_role is FORM:
                    _read_nested_form(part, headwords, inflected, grammar)
                elif part_role is not None and part_role is not SENSE:
                    grammar.add(part_role, part)
        elif role is not ORTH:
            grammar.add(role, child)
    entry_id = element.get(XML_ID)
    source = f"{ctx.name}#{entry_id}" if entry_id else ctx.at(element.sourceline)
    if not headwords:
        ctx.bad_record(source, "the <entry> has no <form><orth> headword", _text(element)[:200],
                       "Give every entry a <form><orth>headword</orth></form>; --on-error skip skips such entries.")
        return []
    if usages is None:
        usages = list(element.iter(*USG_TAGS))
    tags = _usage_tags(element, usages, senses) if usages else ()
    return _build(headwords, inflected, grammar, tags, source)


def _read_nested_form(form, headwords: list[str], inflected: list, grammar: _Grammar) -> None:
    """A <form> inside the headword's form: an inflected form (type="infl") or a variant."""
    if form.get("type") == "infl":
        form_grammar = _Grammar()
        words = []
        for child in form:
            role = ROLE.get(child.tag)
            if role is ORTH:
                word = _text(child)
                if word.lower().startswith(ARTICLES):
                    word = word.split(" ", 1)[1].strip()
                if word:
                    words.append(word)
            elif role is not None and role is not SENSE and role is not FORM:
                form_grammar.add(role, child)
        inflected.extend((word, form_grammar) for word in words)
        return
    for child in form:
        role = ROLE.get(child.tag)
        if role is ORTH:
            word = _text(child)
            if word and word not in headwords:
                headwords.append(word)
        elif role is FORM:
            _read_nested_form(child, headwords, inflected, grammar)
        elif role is not None and role is not SENSE:
            grammar.add(role, child)


def _usage_tags(element, usages: list, senses: int) -> tuple[str, ...]:
    """Tags from <usg>: entry/form-level ones always, sense-level ones shared by every sense."""
    entry_tags: list[str] = []
    per_sense: dict[int, set[str]] = {}
    tops = []  # keeps the proxies alive so id() stays unique
    for usg in usages:
        top, parent, inside = usg, usg.getparent(), True
        while parent is not element:
            if parent is None or parent.tag in CIT_TAGS:
                inside = False  # outside this entry, or about the translation: ignore
                break
            top, parent = parent, parent.getparent()
        if not inside:
            continue
        tags = usage_tags(_text(usg), usg.get("type"))
        if ROLE.get(top.tag) is SENSE:
            tops.append(top)
            per_sense.setdefault(id(top), set()).update(tags)
        else:
            entry_tags.extend(t for t in tags if t not in entry_tags)
    if senses and len(per_sense) == senses:
        common = set.intersection(*per_sense.values())
        entry_tags.extend(sorted(common.difference(entry_tags)))
    return tuple(entry_tags)


def _build(headwords, inflected, grammar: _Grammar, usage: tuple[str, ...], source: str) -> list[Entry]:
    pos, tags = map_pos(grammar.pos) if grammar.pos else (None, ())
    if usage:
        tags = tags + usage
    if grammar.number == "Plur" and (pos == "NOUN" or pos == "PROPN"):
        tags = tags + ("plurale-tantum",)
    genders = grammar.genders
    if len(headwords) == 1 and not inflected and len(genders) < 2 and grammar.case is None:  # the common case
        word = headwords[0]
        features = {"Number": grammar.number} if grammar.number else {}
        if genders:
            features["Gender"] = genders[0]
        return [Entry(word, word, pos, features, tags, source)]
    entries = []
    for gender in genders or (None,):
        for word in headwords:
            entries.append(Entry(word, word, pos, grammar.features(gender), tags, source))
        for word, form_grammar in inflected:
            form_gender = gender or (form_grammar.genders[0] if form_grammar.genders else None)
            entries.append(Entry(word, headwords[0], pos, form_grammar.features(form_gender), tags, source))
    return entries


def _text(element) -> str:
    text = element.text if len(element) == 0 else "".join(element.itertext())
    if not text:
        return ""
    text = text.strip()
    return " ".join(text.split()) if ("  " in text or "\n" in text or "\t" in text) else text
