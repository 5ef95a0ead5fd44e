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

* ``<form type="abbrev">`` (also ``abbr``, ``acronym``): its orths are headwords
  with the ``abbreviation`` tag (FreeDict writes ADHS, StVO, BTM so).
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

Speed (bench/import_tei.py holds the reader to 1.5x a bare lxml iterparse
pass over the same file): per entry, the Python-level work is what costs -
each visited element is a new lxml proxy, each ``.tag`` builds a new
``{namespace}name`` string. So `read` takes the usual FreeDict shape on a fast
path written inline in its loop: it visits only the entry's children and the
children of its ``<form>`` and ``<gramGrp>``, compares tags with ``==``
against the file's own tag strings (cheaper than hashing them for a dict),
caches the pos mapping per raw text, and builds the `Entry` in one call.
``<usg>`` elements, which most entries lack, arrive as parser events instead
of being searched for, and a label directly inside a ``<sense>`` is placed by
proxy identity, without reading a tag. Any other shape takes the general
path, `convert_entry`; the two agree on every entry the fast path accepts
(checked by property in tests/io/test_readers_tei.py). Since the reader takes
TEI-namespaced and un-namespaced (P4) tags alike, it parses with
``plain_namespace=TEI_NS`` (`xml_safe.RecordStream`): the root's
``xmlns="http://www.tei-c.org/ns/1.0"`` is blanked before parsing, and tags
come out as short plain names, which lxml builds at half the cost.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.vocab import CASE, GENDER, NUMBER, map_pos, usage_tags
from lexicon_tools.io.guard.xml_safe import RecordStream, release
from lexicon_tools.model.entry import Entry

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
ARTICLES = ("der ", "die ", "das ", "des ", "dem ", "den ")


def _both(local: str) -> tuple[str, str]:
    """The tag in the TEI namespace and without namespace (TEI P4 files)."""
    return local, f"{{{TEI_NS}}}{local}"


# Roles of the general path (`convert_entry`): interned strings, compared with `is`.
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
POS_OF_TEXT: dict[str, tuple[str, tuple[str, ...]]] = {}  # raw <pos> text -> map_pos result, filled as met


# <form type=...> values that mark an abbreviation (TEI P5 suggests "abbrev"; others seen in the wild)
ABBREVIATION_FORMS = frozenset({"abbrev", "abbr", "abbreviation", "acronym", "initialism"})


class _Grammar:
    """pos and features of a headword (or of an inflected form)."""

    __slots__ = ("abbreviations", "case", "genders", "number", "pos")

    def __init__(self):
        self.abbreviations: set[str] = set()  # headwords read from a <form type="abbrev">
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
    """Stream the entries of a TEI file (see module doc).

    The fast path (inline: a function call per entry is a measurable share of
    the bench) reads the usual FreeDict shape: one ``<form>`` holding one plain
    ``<orth>`` (other children such as ``<pron>`` ignored), ``<gramGrp>``s
    holding plain ``<pos>``, ``<gen>`` (one gender) and ``<number>``, then
    ``<sense>``s. On anything else (several headwords, inflected forms, case,
    ``<gram>``, markup inside a value, an empty value, an element in another
    namespace than the file's first entry) it sets ``plain = False`` before
    making any output, and the entry takes the general path, `convert_entry`.
    """
    usg_plain, usg_tag = _both("usg")
    records = RecordStream(stream, ctx.name, tag=(*ENTRY_TAGS, usg_plain, usg_tag), plain_namespace=TEI_NS)
    id_prefix = ctx.name + "#"
    role_of = ROLE.get
    make_entry = Entry._make  # all six fields in order, one C call
    usages: list = []
    form_tag = None  # the file's tags, set at its first entry
    pending, batch = 0, records.BATCH  # RecordStream.release, inline
    with records.errors():
        for _event, element in records.events:
            tag = element.tag
            if tag == usg_tag or tag == usg_plain:
                usages.append(element)  # ends before its entry does; converted with it
                continue
            pending += 1
            if pending == batch:  # drop the processed entries (see RecordStream)
                pending = 0
                release(element)
            if form_tag is None:
                namespace = tag[:-len("entry")]  # "{TEI uri}" or "" (TEI P4)
                form_tag, orth_tag, gramgrp_tag, sense_tag, pos_tag, gen_tag, number_tag = (
                    namespace + local for local in ("form", "orth", "gramGrp", "sense", "pos", "gen", "number"))
            word = mapped_pos = gender = number = None
            senses = []
            plain = True
            for child in element[:]:
                tag = child.tag
                if tag == sense_tag:
                    senses.append(child)
                elif tag == form_tag:
                    if child.get("type") is not None:  # abbrev, infl, variant ...: the general path
                        plain = False
                        break
                    for part in child[:]:
                        tag = part.tag
                        if tag != orth_tag:
                            if role_of(tag) is None:
                                continue
                            plain = False
                            break
                        text = part.text
                        if word is not None or text is None:
                            plain = False
                            break
                        if len(part) or "  " in text or "\n" in text or "\t" in text:
                            word = _text(part)
                        else:
                            word = text.strip()
                        if not word:
                            plain = False
                            break
                    if not plain:
                        break
                elif tag == gramgrp_tag:
                    for item in child[:]:
                        tag = item.tag
                        if tag != gen_tag and tag != pos_tag and tag != number_tag:
                            if role_of(tag) is None:
                                continue
                            plain = False
                            break
                        text = item.text
                        if text is None or len(item):
                            plain = False
                            break
                        if tag == gen_tag:
                            value = GENDER.get(text) or GENDER.get(text.strip().lower())
                            if value is not None:
                                if gender is None:
                                    gender = value
                                elif value != gender:
                                    plain = False
                                    break
                        elif tag == pos_tag:
                            if mapped_pos is None:
                                mapped_pos = POS_OF_TEXT.get(text) or _pos_of_text(text)
                                if mapped_pos is None:
                                    plain = False
                                    break
                        else:
                            number = NUMBER.get(text) or NUMBER.get(text.strip().lower(), number)
                    if not plain:
                        break
                elif role_of(tag) is not None:
                    plain = False
                    break
            if not plain or word is None:
                yield from convert_entry(element, ctx, usages)
                if usages:
                    usages = []
                continue
            entry_id = element.get(XML_ID)
            source = id_prefix + entry_id if entry_id else ctx.at(element.sourceline)
            upos, tags = mapped_pos if mapped_pos is not None else (None, ())
            if usages:
                usage = _sense_usage_tags(element, usages, senses)
                usages = []
                if usage:
                    tags = tags + usage
            if number is None:
                features = {"Gender": gender} if gender else {}
            else:
                features = {"Number": number, "Gender": gender} if gender else {"Number": number}
                if number == "Plur" and (upos == "NOUN" or upos == "PROPN"):
                    tags = tags + ("plurale-tantum",)
            yield make_entry((word, word, upos, features, tags, source))


def _pos_of_text(text: str) -> tuple[str, tuple[str, ...]] | None:
    """`map_pos` of a raw <pos> text as the general path reads it; None for an empty one."""
    label = text.strip().lower()
    if not label:
        return None
    mapped = map_pos(label)
    if len(POS_OF_TEXT) < 4096:
        POS_OF_TEXT[text] = mapped
    return mapped


def convert_entry(element, ctx: ReadContext, usages: list | None = None) -> list[Entry]:
    """All entries of one TEI <entry> element (see module doc): the general path.

    `usages`: the <usg> elements inside it, if the caller already has them (the
    streaming reader gets them as parser events); otherwise they are searched for.
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
        elif role is FORM and child.get("type") in ABBREVIATION_FORMS:
            _read_abbreviation(child, headwords, grammar)
        elif role is FORM:
            _read_form_parts(child, headwords, inflected, grammar)
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
    """A <form> inside the headword's form: an inflected form (type="infl"), an abbreviation
    (type="abbrev") or a variant."""
    if form.get("type") in ABBREVIATION_FORMS:
        _read_abbreviation(form, headwords, grammar)
        return
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
    _read_form_parts(form, headwords, inflected, grammar)


def _read_abbreviation(form, headwords: list[str], grammar: _Grammar) -> None:
    """The orths of a ``<form type="abbrev">`` (FreeDict: ADHS, StVO): headwords marked as abbreviations."""
    for child in form:
        if ROLE.get(child.tag) is ORTH:
            word = _text(child)
            if word and word not in headwords:
                headwords.append(word)
                grammar.abbreviations.add(word)


def _read_form_parts(form, headwords: list[str], inflected: list, grammar: _Grammar) -> None:
    """The children of a headword <form>: orths are headwords, nested forms recurse, the rest is grammar."""
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


def _sense_usage_tags(element, usages: list, senses: list) -> tuple[str, ...]:
    """`_usage_tags` when every <usg> sits directly in one of `senses` (the entry's <sense> proxies).

    The usual FreeDict case, decided without reading a tag: `getparent` returns
    the very proxy held in `senses`. Otherwise it hands over to `_usage_tags`.
    """
    groups: list[list] = []  # the <usg>s of each labelled sense (consecutive, in document order)
    sense = None
    for usg in usages:
        parent = usg.getparent()
        if parent is not sense:
            if parent not in senses:  # identity: proxies have no __eq__
                return _usage_tags(element, usages, len(senses))
            sense = parent
            groups.append([])
        groups[-1].append(usg)
    if len(groups) < len(senses):
        return ()  # an unlabelled sense: no label applies to the whole word
    common = set.intersection(*({t for usg in group for t in _usg_labels(usg)} for group in groups))
    return tuple(sorted(common))


def _usage_tags(element, usages: list, senses: int) -> tuple[str, ...]:
    """Tags from <usg>: entry/form-level ones always, sense-level ones shared by every sense.

    `usages` are the <usg> elements inside `element` in document order (so the
    labels of one sense are consecutive). Labels are only looked up where they
    can count: sense-level ones only when every one of the `senses` has some.
    """
    entry_level = []
    sense_level: list[list] = []  # the <usg>s of each labelled sense
    sense = None  # keeps the current sense's proxy alive, so `is` identifies it
    for usg in usages:
        parent = usg.getparent()
        if parent is element:
            entry_level.append(usg)
            continue
        if parent is not None and parent.getparent() is element:  # the usual: a child of the entry holds it
            top, top_tag = parent, parent.tag
            if top_tag in CIT_TAGS:
                continue
        else:
            top = _top_below(usg, element)
            if top is None:
                continue
            top_tag = top.tag
        if ROLE.get(top_tag) is SENSE:
            if top is not sense:
                sense = top
                sense_level.append([])
            sense_level[-1].append(usg)
        else:
            entry_level.append(usg)
    entry_tags: list[str] = []
    for usg in entry_level:
        entry_tags.extend(t for t in _usg_labels(usg) if t not in entry_tags)
    if senses and len(sense_level) == senses:
        common = set.intersection(*({t for usg in group for t in _usg_labels(usg)} for group in sense_level))
        entry_tags.extend(sorted(common.difference(entry_tags)))
    return tuple(entry_tags)


def _top_below(usg, element):
    """The child of `element` that holds `usg`; None if `usg` is outside it or inside a <cit>."""
    top, parent = usg, usg.getparent()
    while parent is not element:
        if parent is None or parent.tag in CIT_TAGS:
            return None  # outside this entry, or about the translation: ignore
        top, parent = parent, parent.getparent()
    return top


def _usg_labels(usg) -> tuple[str, ...]:
    label = usg.text
    if label is None or len(usg):
        label = _text(usg)  # (a plain label is used as is: `usage_tags` normalises whitespace itself)
    return usage_tags(label, usg.get("type"))


def _build(headwords, inflected, grammar: _Grammar, usage: tuple[str, ...], source: str) -> list[Entry]:
    pos, tags = map_pos(grammar.pos) if grammar.pos else (None, ())
    if usage:
        tags = tags + usage
    if grammar.number == "Plur" and (pos == "NOUN" or pos == "PROPN"):
        tags = tags + ("plurale-tantum",)
    genders = grammar.genders
    abbreviated = grammar.abbreviations
    if len(headwords) == 1 and not inflected and len(genders) < 2 and grammar.case is None:  # the common case
        word = headwords[0]
        features = {"Number": grammar.number} if grammar.number else {}
        if genders:
            features["Gender"] = genders[0]
        return [Entry(word, word, pos, features, _abbreviated(tags, word, abbreviated), source)]
    entries = []
    for gender in genders or (None,):
        for word in headwords:
            entries.append(Entry(word, word, pos, grammar.features(gender), _abbreviated(tags, word, abbreviated),
                                 source))
        for word, form_grammar in inflected:
            form_gender = gender or (form_grammar.genders[0] if form_grammar.genders else None)
            entries.append(Entry(word, headwords[0], pos, form_grammar.features(form_gender), tags, source))
    return entries


def _abbreviated(tags: tuple[str, ...], word: str, abbreviated: set[str]) -> tuple[str, ...]:
    return tags + ("abbreviation",) if word in abbreviated and "abbreviation" not in tags else tags


def _text(element) -> str:
    text = element.text if len(element) == 0 else "".join(element.itertext())
    if not text:
        return ""
    text = text.strip()
    return " ".join(text.split()) if ("  " in text or "\n" in text or "\t" in text) else text
