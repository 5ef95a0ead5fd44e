"""A compact corpus: what the filter needs from a million entries, in columns instead of objects.

The build used to keep every imported `Entry` (a tuple, a features dict, a source
string) and a `Reading` object per reading, about 500 bytes per entry: 1.1 million
entries of the SmartFeud sources made a 1.7 GB process. The filter needs much less:

- the **morphological lexicon**: each spelling's readings, in the order the entries
  gave them, duplicates dropped (first source wins) - as `MorphLexicon.from_entries`;
- each spelling's **first entry**: its lemma and word class (the lexicon records the
  word's lemma and class from the first entry that spelled it);
- the **capitals** evidence per source file (`policy.casing.CapsTracker`);
- the number of entries.

`CorpusBuilder` streams entries into these columns: spellings, lemmas, sources and
the few distinct attribute sets (pos, case, number, gender, tags, origin) are interned
once in tables, and each reading is four integers in `array` columns (16 bytes).
`finish` drops duplicate readings and groups them by spelling with two stable numpy
sorts; the result, a `CompactCorpus`, answers `lookup` like `MorphLexicon` and builds
the `Reading` objects of a spelling only when asked.

A reading is derived from its entry by `policy.readings.readings_from_entry`; which
readings an entry gives depends only on its word class, its Case/Number/Gender
features, its tags and whether it is a headword, so that function runs once per such
shape (a few hundred) and its answer is reused with each entry's lemma and source.

`CompactCorpus.columns` / `from_columns` expose the tables and arrays as plain
strings and integer arrays, which `io.cache.import_cache` stores (no pickle).
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Iterable, Iterator, Sequence

import numpy

from lexicon_tools.model.entry import Entry
from lexicon_tools.policy.casing import CapsTracker, source_file
from lexicon_tools.policy.readings import FORM_LIST_TAG, Reading, readings_from_entry

NO_LINE = -1
UNKNOWN_FILE = 0xFFFFFFFF
_SHARED_MAX = 1 << 10  # shared readings kept: the forms of a lemma are neighbours, a small cache finds them
Attrs = tuple  # (pos, case, number, gender, tags, origin)


def _split_source(source: str) -> tuple[str, int]:
    """``nouns.csv.xz:17`` -> (``nouns.csv.xz``, 17); anything else is kept whole."""
    head, sep, tail = source.rpartition(":")
    if sep and tail.isdigit() and tail.isascii() and (tail == "0" or tail[0] != "0"):
        return head, int(tail)
    return source, NO_LINE


class _Interner(dict):
    """value -> dense id, in first-seen order."""

    def id(self, value) -> int:
        found = self.get(value)
        if found is None:
            found = self[value] = len(self)
        return found


class CorpusBuilder:
    """Streams entries (`add`, or `add_corpus` for an already compact corpus) into a `CompactCorpus`."""

    def __init__(self) -> None:
        self.surfaces = _Interner()      # spelling -> id, first-seen order
        self.lemmas = _Interner()        # lemma text -> id (id 0 is None)
        self.lemmas.id(None)
        self.attrs = _Interner()         # (pos, case, number, gender, tags, origin) -> id
        self.sources = _Interner()       # source prefix (file name) -> id
        self.first_lemma = array("I")    # per spelling: lemma id of its first entry
        self.first_pos = array("I")      # per spelling: attrs-table-free pos id (in `self.pos`)
        self.pos = _Interner()
        self.pos.id(None)
        self.r_surface = array("I")
        self.r_attrs = array("I")
        self.r_lemma = array("I")
        self.r_source = array("I")
        self.r_line = array("q")
        self.r_rank = array("q")         # where the reading stood in the input (orders spellings by first reading)
        self.caps = CapsTracker()
        self.entries = 0
        self.bare = 0                    # entries without a part of speech (word-list lines)
        self._shapes: dict[tuple, tuple[int, ...]] = {}
        self._rows = 0                   # entries with readings so far: the rank of the next one
        self._first_file = array("I")    # per spelling: its first entry's file (`_files` id, or UNKNOWN_FILE)
        self._files = _Interner()

    def add_all(self, entries: Iterable[Entry]) -> CorpusBuilder:
        """`add` for every entry; the same steps with the lookups bound once (a million entries)."""
        surfaces, lemma_id_of, pos_id_of, source_id_of = self.surfaces, self.lemmas.id, self.pos.id, self.sources.id
        files = self._files
        first_file = self._first_file
        caps_add, attrs_of = self.caps.add, self._attrs_of
        first_lemma, first_pos = self.first_lemma.append, self.first_pos.append
        r_rank, r_surface, r_attrs = self.r_rank.append, self.r_surface.append, self.r_attrs.append
        r_lemma, r_source, r_line = self.r_lemma.append, self.r_source.append, self.r_line.append
        count = bare = 0
        rows = self._rows
        for entry in entries:
            count += 1
            word, lemma, pos, features, tags, source = entry
            prefix, line = _split_source(source)
            file = prefix if line != NO_LINE and prefix and "#" not in prefix else source_file(source)
            file_id = files.id(file)
            sid = surfaces.get(word)
            if sid is None:
                sid = surfaces[word] = len(surfaces)
                first_lemma(lemma_id_of(lemma))
                first_pos(pos_id_of(pos))
                first_file.append(file_id)
                caps_add(word, file)
            elif first_file[sid] != file_id:  # the same spelling in another file: casing evidence there too
                caps_add(word, file)
            if not pos:
                bare += 1
                continue
            attrs_ids = attrs_of(entry, word, lemma, pos, features, tags)
            if not attrs_ids:
                continue
            lemma_id = lemma_id_of(lemma or word)
            source_id = source_id_of(prefix)
            for attrs_id in attrs_ids:
                r_rank(rows)
                r_surface(sid)
                r_attrs(attrs_id)
                r_lemma(lemma_id)
                r_source(source_id)
                r_line(line)
            rows += 1
        self._rows = rows
        self.entries += count
        self.bare += bare
        return self

    def add(self, entry: Entry) -> None:
        self.add_all((entry,))

    def _attrs_of(self, entry: Entry, word: str, lemma, pos: str, features, tags) -> tuple[int, ...]:
        feats = features or {}
        headword = not lemma or lemma == word
        try:
            shape = (pos, feats.get("Case"), feats.get("Number"), feats.get("Gender"), tuple(tags), headword)
            found = self._shapes.get(shape)
        except TypeError:  # an unhashable feature value: derive this entry's readings directly
            return tuple(self.attrs.id(_attrs(r)) for r in readings_from_entry(entry))
        if found is None:
            probe = Entry("w", "w" if headword else "x", pos, {k: v for k, v in zip(
                ("Case", "Number", "Gender"), shape[1:4]) if v is not None}, tuple(tags), "")
            found = self._shapes[shape] = tuple(self.attrs.id(_attrs(r)) for r in readings_from_entry(probe))
        return found

    def add_corpus(self, corpus: CompactCorpus) -> None:
        """Append a compact corpus (e.g. one source read from the cache) after what is here."""
        self.entries += corpus.entries
        self.bare += corpus.bare
        surface_ids = [self.surfaces.id(s) for s in corpus.surfaces]
        new = len(self.first_lemma)
        lemma_ids = [self.lemmas.id(x) for x in corpus.lemmas]
        pos_ids = [self.pos.id(x) for x in corpus.pos]
        for old_id in range(len(corpus.surfaces)):
            if surface_ids[old_id] >= new:  # first seen in this corpus
                self.first_lemma.append(lemma_ids[corpus.first_lemma[old_id]])
                self.first_pos.append(pos_ids[corpus.first_pos[old_id]])
                self._first_file.append(UNKNOWN_FILE)
        attrs_ids = [self.attrs.id(a) for a in corpus.attrs]
        source_ids = [self.sources.id(x) for x in corpus.sources]
        counts = numpy.diff(numpy.frombuffer(corpus.offsets, dtype=numpy.uint32))
        self.r_surface.extend(numpy.repeat(numpy.asarray(surface_ids, dtype=numpy.uint32), counts).tolist())
        self.r_attrs.extend(attrs_ids[a] for a in corpus.r_attrs)
        self.r_lemma.extend(lemma_ids[x] for x in corpus.r_lemma)
        self.r_source.extend(source_ids[x] for x in corpus.r_source)
        self.r_line.extend(corpus.r_line)
        ranks = numpy.frombuffer(corpus.first_row, dtype=numpy.int64) if len(corpus.first_row) else numpy.zeros(0, numpy.int64)
        self.r_rank.extend((numpy.repeat(ranks, counts) + self._rows).tolist())
        self._rows += int(ranks.max()) + 1 if len(ranks) else 0
        self.caps.merge(corpus.caps)

    def finish(self) -> CompactCorpus:
        """Drop repeated readings of a spelling (the first stays) and group readings by spelling."""
        surface = numpy.frombuffer(self.r_surface, dtype=numpy.uint32) if self.r_surface else numpy.zeros(0, numpy.uint32)
        attrs = numpy.frombuffer(self.r_attrs, dtype=numpy.uint32) if self.r_attrs else numpy.zeros(0, numpy.uint32)
        lemma = numpy.frombuffer(self.r_lemma, dtype=numpy.uint32) if self.r_lemma else numpy.zeros(0, numpy.uint32)
        # duplicates are judged without the origin, as `MorphLexicon` does (a headword reading
        # repeating a lexicon reading is dropped)
        same = _Interner()
        no_origin = numpy.asarray([same.id(a[:5]) for a in self.attrs] or [0], dtype=numpy.uint32)
        keep = _first_of_each(surface, no_origin[attrs], lemma)
        order = keep[numpy.argsort(surface[keep], kind="stable")]
        counts = numpy.bincount(surface[order], minlength=len(self.surfaces))
        offsets = numpy.zeros(len(self.surfaces) + 1, dtype=numpy.uint32)
        numpy.cumsum(counts, out=offsets[1:])
        first_row = numpy.full(len(self.surfaces), -1, dtype=numpy.int64)
        if len(order):
            ranks = numpy.frombuffer(self.r_rank, dtype=numpy.int64)[order]
            starts = offsets[:-1][counts > 0]
            first_row[counts > 0] = ranks[starts]  # ranks ascend within a spelling (stable sorts)

        def column(values: array, code: str, dtype) -> array:
            data = numpy.frombuffer(values, dtype=dtype)[order] if len(values) else numpy.zeros(0, dtype)
            return array(code, data.tobytes())

        corpus = CompactCorpus(
            surfaces=list(self.surfaces), lemmas=list(self.lemmas), attrs=list(self.attrs),
            sources=list(self.sources), pos=list(self.pos), first_lemma=self.first_lemma,
            first_pos=self.first_pos, offsets=array("I", offsets.tobytes()),
            first_row=array("q", first_row.tobytes()),
            r_attrs=column(self.r_attrs, "I", numpy.uint32), r_lemma=column(self.r_lemma, "I", numpy.uint32),
            r_source=column(self.r_source, "I", numpy.uint32), r_line=column(self.r_line, "q", numpy.int64),
            caps=self.caps, entries=self.entries, bare=self.bare, ids=self.surfaces)
        self.surfaces = _Interner()  # handed over
        return corpus


def _attrs(reading: Reading) -> Attrs:
    return (reading.pos, reading.case, reading.number, reading.gender, reading.tags, reading.origin)


def _first_of_each(surface: numpy.ndarray, attrs: numpy.ndarray, lemma: numpy.ndarray) -> numpy.ndarray:
    """Positions of the first occurrence of every (spelling, attributes, lemma), in input order."""
    if len(surface) == 0:
        return numpy.zeros(0, dtype=numpy.int64)
    if surface.max() < 1 << 22 and attrs.max() < 1 << 18 and lemma.max() < 1 << 24:
        key = (surface.astype(numpy.uint64) << numpy.uint64(42)) | (attrs.astype(numpy.uint64) << numpy.uint64(24)) \
            | lemma.astype(numpy.uint64)
        _, first = numpy.unique(key, return_index=True)
    else:
        _, first = numpy.unique(numpy.stack([surface, attrs, lemma], axis=1), axis=0, return_index=True)
    first.sort()
    return first


class CompactCorpus:
    """Spellings with their readings and first entries; a `MorphLexicon` look-alike (`lookup`, `forms`)."""

    def __init__(self, *, surfaces: list[str], lemmas: list, attrs: list[Attrs], sources: list[str], pos: list,
                 first_lemma: array, first_pos: array, offsets: array, first_row: array, r_attrs: array, r_lemma: array,
                 r_source: array, r_line: array, caps: CapsTracker, entries: int, bare: int = 0,
                 ids: dict[str, int] | None = None, base=None):
        self.surfaces = surfaces
        self.lemmas = lemmas
        self.attrs = attrs
        self.sources = sources
        self.pos = pos
        self.first_lemma = first_lemma
        self.first_pos = first_pos
        self.offsets = offsets
        self.first_row = first_row
        self.r_attrs = r_attrs
        self.r_lemma = r_lemma
        self.r_source = r_source
        self.r_line = r_line
        self.caps = caps
        self.entries = entries
        self.bare = bare
        self.base = base
        self._ids = ids if ids is not None else {s: i for i, s in enumerate(surfaces)}
        self._folded: dict[str, tuple[int, ...]] | None = None
        self.shared_readings: dict[tuple[int, int], Reading] | None = None
        self._reversed: list[str] | None = None

    # --- the MorphLexicon interface -------------------------------------------------------------
    def __len__(self) -> int:
        return sum(1 for row in self.first_row if row >= 0)

    def __contains__(self, form: str) -> bool:
        return bool(self.lookup(form))

    def with_base(self, base) -> CompactCorpus:
        self.base = base
        return self

    def readings_of(self, sid: int) -> tuple[Reading, ...]:
        start, end = self.offsets[sid], self.offsets[sid + 1]
        if start == end:
            return ()
        if self.shared_readings is not None:
            return self._shared(start, end)
        attrs, lemmas, sources = self.attrs, self.lemmas, self.sources
        out = []
        for i in range(start, end):
            pos, case, number, gender, tags, origin = attrs[self.r_attrs[i]]
            line = self.r_line[i]
            source = sources[self.r_source[i]]
            out.append(Reading(pos, lemmas[self.r_lemma[i]], case, number, gender, tags,
                               source if line == NO_LINE else f"{source}:{line}", origin))
        return tuple(out)

    def share_readings(self) -> CompactCorpus:
        """Readings without their source from now on, one object for all spellings with the same
        attributes and lemma (the forms of a verb share one). For a build: the word policies never
        read the source, which only names the entry in a verdict's evidence."""
        self.shared_readings = {}
        return self

    def _shared(self, start: int, end: int) -> tuple[Reading, ...]:
        cache = self.shared_readings
        if len(cache) > _SHARED_MAX:
            cache.clear()
        attrs, lemmas = self.attrs, self.lemmas
        out = []
        for attrs_id, lemma_id in zip(self.r_attrs[start:end], self.r_lemma[start:end]):
            key = attrs_id, lemma_id
            reading = cache.get(key)
            if reading is None:
                pos, case, number, gender, tags, origin = attrs[attrs_id]
                reading = cache[key] = Reading(pos, lemmas[lemma_id], case, number, gender, tags, "", origin)
            out.append(reading)
        return tuple(out)

    def lookup(self, form: str) -> tuple[Reading, ...]:
        sid = self._ids.get(form)
        readings = self.readings_of(sid) if sid is not None else ()
        if not readings and form.isupper():
            readings = tuple(r for s in self._folded_ids(form) for r in self.readings_of(s))
        if not readings:
            return self.base.lookup(form) if self.base is not None else ()
        return readings

    def _folded_ids(self, form: str) -> tuple[int, ...]:
        if self._folded is None:
            folded: dict[str, list[int]] = {}
            for sid in self._form_order():
                folded.setdefault(self.surfaces[sid].casefold(), []).append(sid)
            self._folded = {k: tuple(v) for k, v in folded.items()}
        return self._folded.get(form.casefold(), ())

    def _form_order(self) -> list[int]:
        """Spellings with readings, in the order their first reading came (as `MorphLexicon` keeps them)."""
        first_row = self.first_row
        return sorted((sid for sid in range(len(self.surfaces)) if first_row[sid] >= 0), key=first_row.__getitem__)

    def forms(self) -> Iterator[tuple[str, tuple[Reading, ...]]]:
        for sid in self._form_order():
            yield self.surfaces[sid], self.readings_of(sid)

    def head_count(self, noun: str) -> int:
        """As `MorphLexicon.head_count`: noun lemmas ending in `noun`, plus the base's."""
        if self._reversed is None:
            noun_attrs = {i for i, a in enumerate(self.attrs) if a[0] == "NOUN" and FORM_LIST_TAG not in a[4]}
            lemma_ids = {self.r_lemma[i] for i in range(len(self.r_lemma)) if self.r_attrs[i] in noun_attrs}
            lemmas = {self.lemmas[i].lower() for i in lemma_ids if self.lemmas[i]}
            self._reversed = sorted(lemma[::-1] for lemma in lemmas)
        key = noun.lower()[::-1]
        own = bisect.bisect_left(self._reversed, key + "\U0010ffff") - bisect.bisect_left(self._reversed, key)
        return own + (self.base.head_count(noun) if self.base is not None else 0)

    # --- what the build needs besides readings --------------------------------------------------
    def first_entry(self, sid: int) -> tuple[str | None, str | None]:
        """(lemma, pos) of the first entry that spelled surface `sid`."""
        return self.lemmas[self.first_lemma[sid]], self.pos[self.first_pos[sid]]

    def capitals(self) -> frozenset[str]:
        return self.caps.result()


def compact(entries: Iterable[Entry]) -> CompactCorpus:
    return CorpusBuilder().add_all(entries).finish()


def merge(corpora: Sequence[CompactCorpus]) -> CompactCorpus:
    """Several sources in order, as if their entries had been read one after the other."""
    if len(corpora) == 1:
        return corpora[0]
    builder = CorpusBuilder()
    for corpus in corpora:
        builder.add_corpus(corpus)
    return builder.finish()
