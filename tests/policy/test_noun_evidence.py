"""`word_policy.noun_evidence`: how Wortspieler judges noun rows that state no case (a forms table's).

Real parts: a forms table on disk read by the real `forms-nouns` reader, the bundled noun corpus as base
lexicon, the real spaCy pipeline with the shipped model, the bundled curated lists and ruleset.
"""

from __future__ import annotations

import pytest

from lexicon_tools.io.formats.morphology import default_analyzer
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.jobs.filter import evaluate_with_defaults
from lexicon_tools.model.verdict import word_verdict

TABLE = ("form\tlemma\tpos\ttags\n"
         "Einstufung\tEinstufung\tNOUN\tsrc:tanglet\n"
         "Einstufungen\tEinstufung\tNOUN\tsrc:tanglet\n"
         "Leihkräfte\tLeihkräfte\tNOUN\tsrc:tanglet\n"         # no singular in the table: lemma is itself
         "Zugriffsrechte\tZugriffsrechte\tNOUN\tsrc:tanglet\n"  # and its lemma heads no compound of Rechte,
         + "".join(f"{w}\t{w}\tNOUN\tsrc:tanglet\n"              # however many such rows the list has
                   for w in ("Schreibrechte", "Leserechte", "Nutzungsrechte", "Stimmrechte", "Vorrechte"))
         + "Protestierens\tProtestierens\tNOUN\tsrc:tanglet\n"
         "Hafenwals\tHafenwals\tNOUN\tsrc:wiktionary\n"
         "Altsparguthaben\tAltsparguthaben\tNOUN\tsrc:tanglet\n"  # Guthaben: singular and plural
         "Zulassprobleme\tZulassprobleme\tNOUN\tsrc:tanglet\n"    # Zulass: no known modifier
         "Zulassbescheid\tZulassbescheid\tNOUN\tsrc:tanglet\n"
         "Fröbelstern\tFröbelstern\tNOUN\tsrc:tanglet\n"          # Elstern: a chance ending; Stern
         "Vertipper\tVertipper\tNOUN\tsrc:tanglet\n"              # Tipper: only the list's guess
         "Tipper\tTipp\tNOUN\tsrc:tanglet\n"
         "Amsterdams\tAmsterdams\tNOUN\tsrc:tanglet\n"            # the name Amsterdam + s
         "Abarbeiten\tAbarbeiten\tNOUN\tsrc:tanglet\n"            # das Abarbeiten (Arbeiten: plural of Arbeit)
         "abarbeiten\tabarbeiten\tVERB\tsrc:tanglet\n"
         "protestieren\tprotestieren\tVERB\tsrc:tanglet\n")


def verdicts(tmp_path, ruleset, **policy):
    path = tmp_path / "forms.tsv"
    path.write_text(TABLE, encoding="utf-8")
    entries = list(iter_entries(path, "forms-nouns"))
    rs = ruleset.model_copy(update={"word_policy": ruleset.word_policy.model_copy(update=policy)})
    analyzer = default_analyzer(entries, rs, base="default")
    groups: dict[str, list] = {}
    for verdict in evaluate_with_defaults(entries, rs, analyzer=analyzer):
        groups.setdefault(verdict.entry.word, []).append(verdict)
    return {word: (word_verdict(vs).valid, word_verdict(vs).reason) for word, vs in groups.items()}


def test_headword_evidence_is_the_wortspieler_default(wortspieler):
    assert wortspieler.word_policy.noun_evidence == "headword"
    sources = {(s.path, s.format) for s in wortspieler.word_policy.default_sources}
    assert ("german-forms/forms.tsv.xz", "forms-nouns") in sources


def test_headwords_count_and_other_rows_are_inflected_forms(tmp_path, wortspieler):
    got = verdicts(tmp_path, wortspieler)
    assert {word: got[word] for word in ("Einstufung", "Einstufungen", "Leihkräfte", "Zugriffsrechte",
                                         "Hafenwals", "Altsparguthaben", "Protestierens")} == {
        "Einstufung": (True, "nom-sg"),
        "Einstufungen": (False, "inflected-form:form-of:EINSTUFUNG"),
        "Leihkräfte": (False, "inflected-form:plural-of:LEIHKRAFT"),   # judged by its head Kräfte
        "Zugriffsrechte": (False, "inflected-form:plural-of:ZUGRIFFSRECHT"),
        "Hafenwals": (False, "inflected-form:genitive-of:HAFENWAL"),
        "Altsparguthaben": (True, "nom-sg"),
        "Protestierens": (False, "inflected-form:form-of:PROTESTIEREN"),
    }


def test_a_form_list_row_without_a_known_modifier_is_judged_by_its_longest_noun_ending(tmp_path, wortspieler):
    """Probleme is only ever inflected (plural of Problem): the row is a plural; Bescheid is a
    nominative singular: the row stays a headword; so does a nominalised infinitive of the table's verb,
    a row with a shorter nominative ending beside a chance one, and a row whose only ending is the
    list's own guess."""
    got = verdicts(tmp_path, wortspieler)
    assert got["Fröbelstern"] == (True, "nom-sg")
    assert got["Vertipper"] == (True, "nom-sg")
    assert got["Abarbeiten"] == (True, "nom-sg")
    assert got["Amsterdams"] == (False, "proper-noun")
    assert got["Zulassprobleme"] == (False, "inflected-form:plural-of:ZULASSPROBLEM")
    assert got["Zulassbescheid"] == (True, "nom-sg")


@pytest.mark.parametrize("word", ["Einstufungen", "Protestierens", "Zulassprobleme"])
def test_caseless_is_nominative_takes_every_row_as_a_nominative(tmp_path, wortspieler, word):
    assert verdicts(tmp_path, wortspieler, noun_evidence="caseless_is_nominative")[word] == (True, "nom-sg")
