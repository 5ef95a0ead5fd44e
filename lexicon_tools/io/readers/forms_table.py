"""Full-form tables: one inflected form per row, with its lemma and word class.

Format (``forms``; the bundled ``corpora/german-forms/forms.tsv.xz`` is one)
    * tab-separated UTF-8, may be gzip/bzip2/xz-compressed;
    * a header row ``form<TAB>lemma<TAB>pos``, optionally a fourth column
      ``tags`` (comma-separated, e.g. ``register:dated``);
    * ``pos`` is a Universal Dependencies tag (NOUN, PROPN, VERB, ADJ, ADV,
      ADP, CCONJ, SCONJ, PRON, DET, NUM, PART, INTJ, AUX); case does not matter;
    * one row per (form, lemma, pos); the same form may have several rows.

Entries
    ``Entry(form, lemma, POS, tags=..., source="file:line")``. The table states
    no case or number, so a noun row whose form differs from its lemma carries
    none (it is an inflected form, not a headword); a PROPN row gets the
    ``propn:table`` tag as the other readers mark names.

Noun rows only (``forms-nouns``)
    The same table read by `read_nouns`: only its NOUN and PROPN rows, every other
    class skipped. Wortspieler's default sources read the bundled corpus this way, so
    its nouns that no inflection table lists (Einstufung) reach the
    nominative-singular filter, its names are refused as ``proper-noun`` (Odenwald,
    Opel; or admitted by ``allow_proper_nouns``) instead of being unknown, and its
    510,000 verb and adjective rows are neither imported nor judged (only the verb
    infinitives are kept while reading, see `read_nouns`). A row that is its own lemma is a headword; a
    row with another lemma is an inflected form of it (the filter tells them apart,
    `word_policy.noun_evidence`). Every row gets the tag ``form-list``: its lemma is
    a guess, so it does not count towards a lemma's productivity as a compound head.

Why a format of its own: a full-form list of every word class is the shape in
which open German morphology data comes (lemma tables such as spaCy's lookup
data), and it is small and fast to read - the default SmartFeud and Webfeud
builds read 340,000 rows of it.

Errors
    A header without ``form``, ``lemma`` and ``pos`` is fatal. A row with fewer
    than three fields, an empty form or a pos that is not a UD tag is a record
    error (``file:line``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.lines import iter_lines
from lexicon_tools.model.entry import Entry
from lexicon_tools.policy.readings import FORM_LIST_TAG, INFINITIVE_COMPOUND_TAG, INFINITIVE_ENDING_PREFIX, INFINITIVE_TAG

COLUMNS = ("form", "lemma", "pos")
UD_TAGS = frozenset({"NOUN", "PROPN", "VERB", "AUX", "ADJ", "ADV", "ADP", "CCONJ", "SCONJ", "PRON", "DET",
                     "NUM", "PART", "INTJ", "X"})
HEADER_HINT = ("A forms table starts with the tab-separated header 'form<TAB>lemma<TAB>pos' "
               "(optionally '<TAB>tags'); see corpora/german-forms/README.md.")


def is_forms_header(first_line: bytes | str) -> bool:
    text = first_line.decode("utf-8", "replace") if isinstance(first_line, bytes) else first_line
    return [c.strip() for c in text.strip().lower().split("\t")[:3]] == list(COLUMNS)


def read(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
    return _read(stream, ctx, None)


def read_nouns(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
    """The ``forms-nouns`` format: the NOUN and PROPN rows of a forms table (module doc).

    A noun row that is its own lemma, ends in -s and is a verb infinitive of the same table with that -s
    (Protestierens; protestieren) is the genitive of the nominalised infinitive: its lemma becomes the
    infinitive (Protestieren). The table states no case, and its derivation gives a noun the lemma of an
    attested shorter spelling only, which a genitive of a nominalised infinitive rarely has. So the noun
    rows are held until the verb rows (which sort after the capitalised nouns) have been read. A noun
    row that is its own lemma and, in lower case, a verb infinitive or ends in one of `MIN_INFINITIVE`
    letters or more (Abarbeiten; Aufrechterhalten: erhalten) gets the tag ``verb-infinitive``: maybe a
    nominalised infinitive, which the filter never reads as a plural of its ending; not for an ending that
    is a rare verb head, which gets ``verb-infinitive-ending:N`` instead (Fernseh|gebühren: `_infinitive_tags`)."""
    nouns: list[Entry] = []
    verbs: set[str] = set()
    for entry in _read(stream, ctx, None):
        if entry.pos in ("NOUN", "PROPN"):
            nouns.append(entry)
        elif entry.pos == "VERB" and entry.word == entry.lemma:
            verbs.add(entry.word)
    heads = _verb_heads(verbs)
    for entry in nouns:
        word = entry.word
        tags = entry.tags + (FORM_LIST_TAG,)
        if entry.pos == "NOUN" and word == entry.lemma:  # a name (PROPN) is read as it is
            if word.endswith("ns") and word[:-1].lower() in verbs:
                entry = entry._replace(lemma=word[:-1])
            else:
                tags += _infinitive_tags(word.lower(), verbs, heads)  # maybe a nominalised infinitive (Abarbeiten)
        yield entry._replace(tags=tags)


MIN_INFINITIVE = 6  # halten, heben; shorter verb endings match by chance


# A verb infinitive that ends this many other infinitives of the table is a productive verb head (halten 86,
# stellen 64, schneiden 20, werden 6, erhalten 5); one that ends fewer (gebühren 1, frachten 4) is mostly a
# verb made from a noun, and a row ending in it is more often that noun's compound plural.
MIN_VERB_HEADS = 5


def _verb_heads(verbs: set[str]) -> dict[str, int]:
    """infinitive -> how many other infinitives of the table end in it."""
    counts: dict[str, int] = {}
    for verb in verbs:
        for cut in range(1, len(verb) - MIN_INFINITIVE + 1):
            if verb[cut:] in verbs:
                counts[verb[cut:]] = counts.get(verb[cut:], 0) + 1
    return counts


def _infinitive_tags(word: str, verbs: set[str], heads: dict[str, int]) -> tuple[str, ...]:
    """``verb-infinitive`` when `word` (a noun row, lower case) is a verb infinitive of the table or ends in
    one of `MIN_INFINITIVE` letters or more that is a productive verb head (aufrechterhalten: erhalten,
    halten), the latter with ``verb-infinitive-compound`` too (the row itself is no verb of the table:
    lackierarbeiten, which the paradigm rule may still read as Lackierarbeit's plural);
    ``verb-infinitive-ending:N`` when its only infinitive endings are rare verb heads, N letters
    the longest (fernsehgebühren: gebühren), which the filter checks against the nouns it knows."""
    if word in verbs:
        return (INFINITIVE_TAG,)
    longest = 0
    for cut in range(1, len(word) - MIN_INFINITIVE + 1):
        ending = word[cut:]
        if ending in verbs:
            if heads.get(ending, 0) >= MIN_VERB_HEADS:
                return INFINITIVE_TAG, INFINITIVE_COMPOUND_TAG
            longest = max(longest, len(ending))
    return (f"{INFINITIVE_ENDING_PREFIX}{longest}",) if longest else ()


def _read(stream: IO[bytes], ctx: ReadContext, only: str | None) -> Iterator[Entry]:
    lines = iter_lines(stream, ctx)
    header = next(lines, None)
    if header is None or not is_forms_header(header[1]):
        raise InputFileError(f"{ctx.name}:1: not a forms table header "
                             f"({header[1][:60]!r})" if header else f"{ctx.name}: empty forms table", HEADER_HINT)
    has_tags = len(header[1].split("\t")) > 3
    make = Entry._make
    for number, text in lines:
        fields = text.split("\t")
        if len(fields) < 3 or not fields[0].strip():
            ctx.bad_record(ctx.at(number), "needs form, lemma and pos separated by tabs", text[:80], HEADER_HINT)
            continue
        form, lemma, pos = fields[0].strip(), fields[1].strip() or None, fields[2].strip().upper()
        if pos not in UD_TAGS:
            ctx.bad_record(ctx.at(number), f"pos {pos!r} is not a Universal Dependencies tag", text[:80],
                           "Use NOUN, PROPN, VERB, ADJ, ADV, ADP, CCONJ, SCONJ, PRON, DET, NUM, PART, INTJ or AUX.")
            continue
        if only is not None and pos != only:
            continue
        tags = tuple(t.strip() for t in fields[3].split(",") if t.strip()) if has_tags and len(fields) > 3 else ()
        if pos == "PROPN":
            tags += ("propn:table",)
        yield make((form, lemma, pos, {}, tags, ctx.at(number)))
