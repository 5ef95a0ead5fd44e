"""German Wiktionary MediaWiki XML dumps (``pages-articles``, plain or .bz2): the German noun sections.

Why these tools: the dump is one huge XML file (GBs uncompressed), so pages
are streamed with the hardened iterparse and cleared after use
(`xml_safe.release`): memory stays flat. The wikitext of a page is parsed with
mwparserfromhell, a maintained wikitext parser, rather than with hand-written
regexes (nested templates, links inside parameters, comments). A cheap
substring test skips pages without a German noun before any wikitext parsing.
The parser's tree builder recurses once per nesting level, so a page whose
templates or links nest deeper than `MAX_NESTING` is a located bad record
(a reject under ``--on-error skip``), not a RecursionError.

What is read, per page in namespace 0 (``<page><title>``, ``<ns>``, ``<revision><text>``)::

    == Haus ({{Sprache|Deutsch}}) ==                      the German language section
    === {{Wortart|Substantiv|Deutsch}}, {{n}} ===         a noun section (Toponym, Vorname,
                                                          Nachname, Eigenname: proper nouns)
    {{Deutsch Substantiv Übersicht                        inflection table (any
    |Genus=n|Nominativ Singular=Haus|Nominativ Plural=Häuser|...}}   "Deutsch ... Übersicht")
    {{Bedeutungen}}
    :[1] {{K|ugs.}} ...                                   register/domain labels per sense
    {{Verkleinerungsformen}}
    :[1] [[Häuschen]], [[Häuslein]]                       diminutives of the word

Entries (conventions shared with the other readers, see `vocab`, `german_table`):

* every form of the table is its own entry: word = the form, lemma = the page
  title, pos NOUN (or PROPN with ``propn:toponym|first-name|surname|name`` when
  the section's Wortart labels say so), features Case/Number/Gender. A table
  with ``kein Singular=1`` (or plural forms but no singular) marks a plurale
  tantum: tag ``plurale-tantum``. A section without a table gives one entry for
  the title (gender from the heading's {{m}}/{{f}}/{{n}}).
* each diminutive listed under {{Verkleinerungsformen}} is one entry: word =
  the diminutive, lemma = the base word (the page title), pos NOUN, tag ``diminutive``.
* {{K|ugs.}}-style labels (and shortcut templates such as {{ugs.}}, {{österr.}})
  on the meaning lines become ``register:colloquial``, ``register:regional``,
  ``domain:<label>`` ... (see `vocab.usage_tags`). A label applies to the word
  only if *every* meaning carries it: a word with one colloquial meaning among
  neutral ones is not a colloquial word.
* Source: ``file:line`` of the exact dump line (the table, heading or
  diminutive line), computed from the ``<text>`` element's line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import IO

from lexicon_tools.io.readers.context import ReadContext
from lexicon_tools.io.readers.german_table import clean_form, gender_of, parse_genus_key, parse_slot, table_entries
from lexicon_tools.io.readers.vocab import GENDER, NOUN_LABELS, german_labels, usage_tags
from lexicon_tools.io.guard.xml_safe import iterparse, release
from lexicon_tools.model.entry import Entry

GERMAN_MARK = "{{Sprache|Deutsch}}"
NOUN_MARKS = tuple(f"Wortart|{label}|Deutsch" for label in
                   ("Substantiv", "Toponym", "Vorname", "Nachname", "Eigenname"))
TRUE_VALUES = frozenset({"1", "ja", "yes", "x", "true", "wahr"})
MAX_NESTING = 100  # templates and links inside each other; real pages stay under 10
_NESTING = re.compile(r"\{\{|\}\}|\[\[|\]\]")


def read(stream: IO[bytes], ctx: ReadContext) -> Iterator[Entry]:
    import mwparserfromhell  # noqa: F401  (fail early if the parser is missing)

    for _event, page in iterparse(stream, ctx.name, tag="{*}page"):
        entries = _page_entries(page, ctx)
        release(page)
        yield from entries


def _page_entries(page, ctx: ReadContext) -> list[Entry]:
    if (page.findtext("{*}ns") or "0").strip() != "0":
        return []
    text_element = page.find("{*}revision/{*}text")
    title = (page.findtext("{*}title") or "").strip()
    text = text_element.text if text_element is not None else None
    if not text or not title or GERMAN_MARK not in text or not any(m in text for m in NOUN_MARKS):
        return []
    line = text_element.sourceline or 1
    if _nested_too_deeply(text):
        ctx.bad_record(ctx.at(line), f"the wikitext of page {title!r} nests templates or links deeper than "
                                     f"{MAX_NESTING} levels; the page is not parsed", title)
        return []
    try:
        return page_entries(title, text, ctx, line)
    except RecursionError:  # nesting the count above does not see (e.g. {{{ arguments }}})
        ctx.bad_record(ctx.at(line), f"the wikitext of page {title!r} is nested too deeply to parse", title)
        return []


def _nested_too_deeply(text: str) -> bool:
    """Do ``{{`` / ``[[`` nest deeper than `MAX_NESTING`? (mwparserfromhell's tree builder recurses per level.)"""
    if text.count("{{") + text.count("[[") <= MAX_NESTING:
        return False
    depth = 0
    for mark in _NESTING.findall(text):
        if mark in ("{{", "[["):
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif depth:
            depth -= 1
    return False


def page_entries(title: str, text: str, ctx: ReadContext, first_line: int = 1) -> list[Entry]:
    """All entries of one page's wikitext; `first_line` is the dump line where the text starts."""
    import mwparserfromhell

    locate = _Locator(text, ctx, first_line)
    entries: list[Entry] = []
    for language in mwparserfromhell.parse(text).get_sections(levels=[2]):
        if not _is_german(language.nodes[0]):
            continue
        for section in language.get_sections(levels=[3]):
            labels, genders = _heading_info(section.nodes[0])
            if NOUN_LABELS.isdisjoint(label.lower() for label in labels):
                continue
            entries.extend(_section_entries(title, str(section), labels, genders, locate))
    return entries


class _Locator:
    """Maps a piece of wikitext to its ``file:line`` in the dump."""

    def __init__(self, text: str, ctx: ReadContext, first_line: int):
        self.text = text
        self.ctx = ctx
        self.first_line = first_line
        self.cursor = 0

    def section(self, section_text: str) -> int:
        found = self.text.find(section_text, self.cursor)
        offset = found if found >= 0 else self.cursor
        self.cursor = offset
        return offset

    def at(self, offset: int) -> str:
        return self.ctx.at(self.first_line + self.text.count("\n", 0, offset))


def _is_german(heading) -> bool:
    return any(_name(t) == "Sprache" and t.params and t.params[0].value.strip() == "Deutsch"
               for t in heading.title.filter_templates())


def _heading_info(heading) -> tuple[list[str], dict[int | None, str]]:
    """Wortart labels for German and the heading's gender templates ({{m}}, {{f}}, {{n}})."""
    labels: list[str] = []
    genders: dict[int | None, str] = {}
    for template in heading.title.filter_templates():
        name = _name(template)
        params = [p.value.strip_code().strip() for p in template.params if not p.showkey]
        if name == "Wortart" and params and (len(params) < 2 or params[1] == "Deutsch"):
            labels.append(params[0])
        elif name in GENDER and not params and len(name) == 1:
            genders.setdefault(None, GENDER[name])
    return labels, genders


def _section_entries(title: str, section: str, labels: list[str], heading_genders: dict, locate: _Locator
                     ) -> list[Entry]:
    import mwparserfromhell

    base = locate.section(section)
    blocks = _blocks(section)
    preamble_text, _ = blocks.get("", ("", 0))
    pos, tags = german_labels(labels)
    sense_tags = _sense_tags(*blocks.get("Bedeutungen", ("", 0)))
    tags = tags + tuple(tag for tag in sense_tags if tag not in tags)
    entries: list[Entry] = []
    for template in mwparserfromhell.parse(preamble_text).filter_templates(recursive=False):
        name = _name(template)
        if name.startswith("Deutsch ") and name.endswith("Übersicht"):
            offset = base + section.find(str(template))
            entries.extend(_table_entries(title, template, heading_genders, pos, tags, locate.at(offset)))
    if not entries:
        entries.append(Entry(title, title, pos, {"Gender": heading_genders[None]} if heading_genders else {},
                             tags, locate.at(base)))
    dim_text, dim_offset = blocks.get("Verkleinerungsformen", ("", 0))
    for word, line_offset in _diminutives(dim_text):
        entries.append(Entry(word, title, "NOUN", {}, ("diminutive",), locate.at(base + dim_offset + line_offset)))
    return entries


def _blocks(section: str) -> dict[str, tuple[str, int]]:
    """Split a section at its block markers: lines that are just a parameterless template
    ({{Bedeutungen}}, {{Verkleinerungsformen}}, ...). Key "" is the part before the first
    marker (heading + table). Values: (block text, offset of the block in the section)."""
    blocks: dict[str, tuple[str, int]] = {}
    name, start, offset = "", 0, 0
    for line in section.split("\n"):
        stripped = line.strip()
        if (stripped.startswith("{{") and stripped.endswith("}}") and stripped.count("{{") == 1
                and "|" not in stripped and offset > 0):
            blocks.setdefault(name, (section[start:offset], start))
            name, start = stripped[2:-2].strip(), offset
        offset += len(line) + 1
    blocks.setdefault(name, (section[start:], start))
    return blocks


def _table_entries(title, template, heading_genders, pos, tags, source) -> list[Entry]:
    forms = []
    genders: dict[int | None, str] = {}
    no_singular = False
    for param in template.params:
        key = str(param.name).strip()
        value = param.value.strip_code().strip()
        is_genus, index = parse_genus_key(key)
        if is_genus:
            gender = gender_of(value)
            if gender:
                genders[index] = gender
            continue
        if key.lower() == "kein singular":
            no_singular = value.lower() in TRUE_VALUES
            continue
        try:
            slot = parse_slot(key)
        except ValueError:
            continue  # an unusual parameter: not a form we understand
        form = clean_form(value) if slot is not None else ""
        if form:
            forms.append((slot, form))
    if not forms:
        return []
    return table_entries(title, forms, genders or dict(heading_genders), pos, tags, source, no_singular)


def _sense_tags(block: str, _offset: int) -> tuple[str, ...]:
    """Usage tags carried by every meaning line (":[1] ...") of the Bedeutungen block."""
    import mwparserfromhell

    per_sense: list[set[str]] = []
    for line in block.split("\n"):
        stripped = line.strip()
        if not (stripped.startswith(":") and "[" in stripped[:6]):
            continue
        tags: set[str] = set()
        for template in mwparserfromhell.parse(stripped).filter_templates():
            tags.update(_label_tags(template))
        per_sense.append(tags)
    if not per_sense:
        return ()
    return tuple(sorted(set.intersection(*per_sense)))


def _label_tags(template) -> list[str]:
    name = _name(template)
    if name == "K":
        tags: list[str] = []
        for param in template.params:
            if not param.showkey:
                tags.extend(usage_tags(param.value.strip_code()))
        return tags
    if not template.params:  # shortcut templates such as {{ugs.}}, {{österr.}}: known labels only
        return [t for t in usage_tags(name) if t.startswith(("register:", "region:"))]
    return []


def _diminutives(block: str) -> Iterator[tuple[str, int]]:
    """(diminutive, offset of its line in the block) for each wikilink on a ":[n]" line."""
    import mwparserfromhell

    offset = 0
    seen: set[str] = set()
    for line in block.split("\n"):
        if line.lstrip().startswith(":"):
            for link in mwparserfromhell.parse(line).filter_wikilinks():
                word = str(link.title).split("#")[0].strip()
                if word and ":" not in word and word not in seen:
                    seen.add(word)
                    yield word, offset
        offset += len(line) + 1


def _name(template) -> str:
    return str(template.name).strip()
