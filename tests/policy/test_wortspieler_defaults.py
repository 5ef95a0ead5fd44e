"""Wortspieler on its real default sources: the words issue 22 names, each with its reason.

The analyzer is what `build --ruleset wortspieler` uses: the compact corpus of every default source
(german-nouns, the diminutive allow-list, the noun rows of german-forms, read by the real readers and
the import cache), the spaCy pipeline with the shipped model, the bundled curated lists. Only the
named words are judged (a build judges all 400,000), so this runs in seconds once the corpus is cached.
"""

from __future__ import annotations

import pytest

from lexicon_tools.io.cache.import_cache import import_corpus
from lexicon_tools.io.formats.curated import load_curated
from lexicon_tools.io.formats.morphology import corpus_analyzer
from lexicon_tools.policy import evaluate_words
from lexicon_tools.resources import default_sources

EXPECTED = {
    "Einstufung": (True, "nom-sg"),            # only the full-form corpus lists it
    "Verdunkelung": (True, "nom-sg"),
    "Brückchen": (True, "lexicalized-diminutive"),   # the seed names it; the allow-list brings it
    "Zugriffsrechte": (False, "inflected-form:plural-of:ZUGRIFFSRECHT"),
    "Bankkreisen": (False, "inflected-form:dative-of:BANKKREIS"),
    "Einstufungen": (False, "inflected-form:form-of:EINSTUFUNG"),
    # only a word-game list (no lemma) attests it; Zulass is no known word, so the longest noun ending
    # (Probleme, only ever inflected) judges the row
    "Zulassprobleme": (False, "inflected-form:plural-of:ZULASSPROBLEM"),
    "Facebook": (False, "proper-noun"),
    "Amsterdams": (False, "proper-noun"),      # a name's genitive, which two lists give as a noun row
    "Twitter": (False, "proper-noun"),
    "Leider": (False, "function-word-homograph"),
    "Oder": (False, "function-word-homograph"),
    "Die": (False, "function-word-homograph"),
    # issue 22's precision rules (each has a switch, below):
    # a misspelling in the game list: -ig takes -keit (Misshelligkeit)
    "Misshelligheit": (False, "likely-misspelling"),
    "Feigheit": (True, "nom-sg"),              # feig + heit: -eig is no -ig base
    "Ewigkeit": (True, "nom-sg"),
    # the head Ölaktien is itself a list row of its own lemma: judged by its own head Aktien (a plural)
    "Erdölaktien": (False, "inflected-form:plural-of:ERDÖLAKTIE"),
    "Erdölaktie": (True, "nom-sg"),
    # an unknown compound (wngerman's) read through such a row: Nordsee|heilbäder, Heil|bäder a plural
    "Nordseeheilbäder": (False, "inflected-form:plural-of:NORDSEEHEILBAD"),
    # only the model calls it a noun, and only a two-letter beginning precedes its known head (Gö|ring)
    "Göring": (False, "unknown-word"),
    # a list row ending in a rare verb (gebühren, frachten) whose capitalised form is a plural is a plural;
    # one ending in a productive verb head (halten, werden) stays a nominalised infinitive
    "Fernsehgebühren": (False, "inflected-form:plural-of:FERNSEHGEBÜHR"),
    "Mindestfrachten": (False, "inflected-form:plural-of:MINDESTFRACHT"),
    "Tätigwerden": (True, "nom-sg"),
    "Geheimhalten": (True, "nom-sg"),
    # the paradigm rule: a list row whose head is a table plural of S, with modifier + S a known noun
    "Wahlfächer": (False, "inflected-form:plural-of:WAHLFACH"),        # not der Fächer
    "Kehlkopfschnitte": (False, "inflected-form:plural-of:KEHLKOPFSCHNITT"),  # not die Schnitte
    "Nonstopflüge": (False, "inflected-form:plural-of:NONSTOPFLUG"),    # not the chance ending Lüge
    "Damenlangläufe": (False, "inflected-form:plural-of:DAMENLANGLAUF"),
    "Wahlfach": (True, "nom-sg"),
    "Fächer": (True, "nom-sg"),                # an inflection table's headword: der Fächer
    "Kehlkopfschnitt": (True, "nom-sg"),
    # ... but not when the head's own singular heads compounds as often (die Masse, der Fonds, das Gutachten),
    # is S's variant nominative (der Glauben), a plurale tantum heads it, or the row is a verb (das Umschalten)
    "Unmasse": (True, "nom-sg"),
    "Tilgungsfonds": (True, "nom-sg"),
    "Unfallgutachten": (True, "nom-sg"),
    "Fetischglauben": (True, "nom-sg"),
    "Beisasse": (True, "nom-sg"),
    "Kapitaleinkünfte": (True, "nom-sg"),
    "Umschalten": (True, "nom-sg"),
    "Herstellen": (True, "nom-sg"),
    "Festtagsessen": (True, "nom-sg"),
    "Stechginster": (True, "nom-sg"),
    # a five-letter umlaut plural that is nothing else is evidence for the noun-ending rule
    "Rührstäbe": (False, "inflected-form:plural-of:RÜHRSTAB"),
    "Prüfköpfe": (False, "inflected-form:plural-of:PRÜFKOPF"),
    # nouns in -em are no adjective's dative without the adjective's forms beside them
    "Problem": (True, "nom-sg"),
    "Totem": (True, "nom-sg"),
    "Modem": (True, "nom-sg"),
    # a game-list row judged by its noun endings: Nahmen, an ending only a list row attests, rescues no plural
    "Fernsehaufnahmen": (False, "inflected-form:plural-of:FERNSEHAUFNAHME"),
    "Bruttoeinnahmen": (False, "inflected-form:plural-of:BRUTTOEINNAHME"),
    "Fröbelstern": (True, "nom-sg"),           # Stern, a table's singular, still outweighs the ending Elstern
    "Haus": (True, "nom-sg"),
    "Häuser": (False, "inflected-form:plural-of:HAUS"),
    "Eltern": (True, "plurale-tantum"),
}


@pytest.fixture(scope="module")
def analyzer(wortspieler):
    corpus, _ = import_corpus(default_sources(wortspieler.word_policy.default_sources))
    return corpus_analyzer(corpus.share_readings(), wortspieler)


def decide(words, ruleset, analyzer):
    decided = evaluate_words(words, frozenset(), ruleset, analyzer=analyzer, curated=load_curated())
    by_tiles = dict(zip(decided.tiles, zip(map(bool, decided.valid), decided.reasons)))
    return {word: by_tiles[word.upper().replace("ß", "SS")] for word in words}


@pytest.fixture(scope="module")
def decisions(wortspieler, analyzer):
    return decide(list(EXPECTED), wortspieler, analyzer)


@pytest.mark.parametrize("word", list(EXPECTED))
def test_named_word(decisions, word):
    assert decisions[word] == EXPECTED[word]


@pytest.mark.parametrize(("switch", "value", "word"), [
    ("refuse_suffix_misspellings", False, "Misshelligheit"),
    ("resolve_form_list_heads", False, "Erdölaktien"),
    ("resolve_form_list_heads", False, "Nordseeheilbäder"),
    ("model_min_modifier", 2, "Göring"),
    ("rare_verb_endings_as_nouns", True, "Fernsehgebühren"),
    ("refuse_paradigm_plurals", False, "Kehlkopfschnitte"),  # Schnitte heads too many lemmas for the next rule
    ("refuse_isolated_plurals", False, "Fußballwesten"),
    ("ending_rescue_needs_table", False, "Fernsehaufnahmen"),
    ("refuse_region_names", False, "Ostschweiz"),
])
def test_each_precision_rule_has_its_switch(wortspieler, analyzer, switch, value, word):
    """Turned off, the word is the headword (or model noun) it was before the rule: nom-sg."""
    assert getattr(wortspieler.word_policy, switch) != value
    rs = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(update={switch: value})})
    assert decide([word], rs, analyzer)[word] == (True, "nom-sg")


def test_the_paradigm_rule_reads_the_words_of_the_build(wortspieler, analyzer):
    """Lackierarbeit is in no default source (`wngerman` has it): Lackierarbeiten, a list row ending in the
    verb arbeiten, stays a possible nominalised infinitive alone, and is its plural in a build that has it."""
    assert decide(["Lackierarbeiten"], wortspieler, analyzer)["Lackierarbeiten"] == (True, "nom-sg")
    both = decide(["Lackierarbeiten", "Lackierarbeit"], wortspieler, analyzer)
    assert both == {"Lackierarbeiten": (False, "inflected-form:plural-of:LACKIERARBEIT"),
                    "Lackierarbeit": (True, "nom-sg")}


@pytest.mark.parametrize(("word", "reason"), [
    ("Externem", "inflected-form:dative-of:EXTERNE"),   # mit Externem
    ("Externen", "inflected-form:form-of:EXTERNE"),     # den, die Externen
])
def test_a_nominalised_adjectives_oblique_forms_are_refused(wortspieler, analyzer, word, reason):
    """A list row in -em or -en whose stem takes every other adjective ending in the build is no nominative;
    the nominatives stay (die Externe, ein Externer; Externes is in no default source: `unknown-word`)."""
    forms = ["Externe", "Externem", "Externen", "Externer", "Externes"]
    decided = decide(forms, wortspieler, analyzer)
    assert decided[word] == (False, reason)
    assert all(decided[w] == (True, "nom-sg") for w in ("Externe", "Externer"))


def test_the_adjective_form_rule_has_its_switch(wortspieler, analyzer):
    """Off, Externem is the game list's headword row again (Externen stays the list's form of Externe)."""
    forms = ["Externe", "Externem", "Externen", "Externer", "Externes"]
    off = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"refuse_adjective_forms": False})})
    assert decide(forms, off, analyzer)["Externem"] == (True, "nom-sg")
    # the switches are independent: the paradigm rule's off leaves this one on
    other = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"refuse_paradigm_plurals": False})})
    assert decide(forms, other, analyzer)["Externem"] == (False, "inflected-form:dative-of:EXTERNE")


@pytest.mark.parametrize("words", [
    ["Hindenburg", "Hindenburgs"],     # die Burg has no genitive in -s: a name's
    ["Liebknecht", "Liebknechts"],     # Lieb is only a list row (Liebe: a 4-letter stem + e is chance)
    ["Raimund", "Raimunds"],
    ["Johannesburg", "Johannesburgs"],
])
def test_an_unknown_compound_inflected_like_a_name_is_a_proper_noun(wortspieler, analyzer, words):
    """`wngerman` gives these their genitive and no plural, and no default source knows them: read through
    their heads (Burg, Knecht, Mund) they were nouns; the build's paradigm says they are names."""
    decided = decide(words, wortspieler, analyzer)
    assert decided[words[0]] == (False, "proper-noun")


@pytest.mark.parametrize("words", [
    ["Hindenburg"],                                    # a list of lemmas says nothing about the paradigm
    ["Hindenburg", "Hindenburgs", "Hindenburgen"],     # a plural in the build: a noun, whatever -s says
    ["Mansardendach", "Mansardendachs"],               # Mansarden: die Mansarde, a common noun modifier
    ["Delikatesssenf", "Delikatesssenfs"],             # Delikatess: die Delikatesse, an elided -e
    ["Klärungsbedarf", "Klärungsbedarfs"],             # a singulare tantum with a common noun modifier
])
def test_compounds_with_a_noun_modifier_or_a_plural_stay_nouns(wortspieler, analyzer, words):
    assert decide(words, wortspieler, analyzer)[words[0]] == (True, "nom-sg")


def test_the_name_paradigm_rule_has_its_switch(wortspieler, analyzer):
    off = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"refuse_name_paradigms": False})})
    assert decide(["Hindenburg", "Hindenburgs"], off, analyzer)["Hindenburg"] == (True, "nom-sg")
    names = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"allow_proper_nouns": True})})
    assert decide(["Hindenburg", "Hindenburgs"], names, analyzer)["Hindenburg"] == (True, "nom-sg")


@pytest.mark.parametrize("word", ["Ostschweiz", "Nordirak", "Äquatorialafrika", "Zentraleuropa", "Westatlantik",
                                  "Unterägypten"])
def test_a_direction_and_a_places_name_make_a_regions_name(wortspieler, analyzer, word):
    """german-nouns files these as plain nouns, with no name tag; their heads are names only (Schweiz,
    Irak, Afrika), so the word names a region."""
    assert decide([word], wortspieler, analyzer)[word] == (False, "proper-noun")


@pytest.mark.parametrize("word", [
    "Nordosten",          # der Osten: a common noun head
    "Ostwind",
    "Unterwelt",
    "Altrhein",           # Alt is no direction: an oxbow, a common noun
    "Mittelaltermarkt",   # Mittelalter|markt, two common nouns; the place Altermarkt shares the spelling
    "Oberligist",         # Ligist heads Bundesligist, Zweitligist: a common noun's head, whatever the place is
])
def test_a_region_modifier_before_a_common_noun_stays_a_noun(wortspieler, analyzer, word):
    assert decide([word], wortspieler, analyzer)[word] == (True, "nom-sg")


def test_region_names_are_admitted_with_proper_nouns(wortspieler, analyzer):
    names = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"allow_proper_nouns": True})})
    assert decide(["Ostschweiz"], names, analyzer)["Ostschweiz"] == (True, "nom-sg")


@pytest.mark.parametrize(("word", "reason"), [
    ("Fußballwesten", "inflected-form:plural-of:FUSSBALLWESTE"),    # Weste, not der Westen
    ("Bergbauzwecke", "inflected-form:plural-of:BERGBAUZWECK"),     # Zweck, not die Zwecke
    ("Bierlachen", "inflected-form:plural-of:BIERLACHE"),           # Lache, not das Lachen
    ("Einzeltasten", "inflected-form:plural-of:EINZELTASTE"),       # Taste, not das Tasten
])
def test_an_isolated_list_row_with_a_rare_singular_head_is_a_plural(wortspieler, analyzer, word, reason):
    """Only the game list has these, and no other form of them: their heads are productive nouns' plurals
    and rare singulars otherwise."""
    assert decide([word], wortspieler, analyzer)[word] == (False, reason)


@pytest.mark.parametrize("words", [
    ["Fußballwesten", "Fußballwestens"],   # a genitive in the build: the row has a paradigm, no guess is made
    ["Nachleuchten"],                      # a particle before the verb: das Nachleuchten
    ["Schmugglerbande"],                   # die Bande heads many compounds (Räuberbande)
])
def test_rows_with_other_forms_or_common_singular_heads_stay_singular(wortspieler, analyzer, words):
    assert decide(words, wortspieler, analyzer)[words[0]] == (True, "nom-sg")


def test_the_isolated_row_rule_allows_the_plurals_own_dative(wortspieler, analyzer):
    """Studienzwecken is the dative plural of Studienzweck and the plural of a singular die Studienzwecke alike:
    beside it, the row is as isolated as alone. A genitive is a singular's form only, and keeps the row."""
    assert decide(["Studienzwecke", "Studienzwecken"], wortspieler, analyzer)["Studienzwecke"] == \
        (False, "inflected-form:plural-of:STUDIENZWECK")


@pytest.mark.parametrize(("word", "reason"), [
    ("Behänge", "inflected-form:plural-of:BEHANG"),    # Be|hänge: the paradigm rule cuts at a noun prefix
    ("Anschübe", "inflected-form:plural-of:ANSCHUB"),
])
def test_the_paradigm_rule_cuts_at_a_noun_prefix(wortspieler, analyzer, word, reason):
    singular = reason.rsplit(":", 1)[1].capitalize()
    decided = decide([word, singular], wortspieler, analyzer)
    assert decided[word] == (False, reason)
    assert decided[singular] == (True, "nom-sg")


@pytest.mark.parametrize(("word", "reason"), [
    ("Unix", "proper-noun"), ("Opel", "proper-noun"), ("Nutella", "proper-noun"),   # corpora/curated/brand-names.txt
    ("Man", "function-word-homograph"), ("Mir", "function-word-homograph"),          # function-word-homographs.txt
    ("Ihr", "function-word-homograph"),
])
def test_brands_and_function_word_homographs_of_the_fourth_round(wortspieler, analyzer, word, reason):
    assert decide([word], wortspieler, analyzer)[word] == (False, reason)


@pytest.mark.parametrize("word", ["Ich", "Nichts", "Aus", "Jeep", "Zeppelin"])
def test_everyday_nouns_beside_function_words_and_brands_stay(wortspieler, analyzer, word):
    assert decide([word], wortspieler, analyzer)[word] == (True, "nom-sg")


@pytest.mark.parametrize("words", [["Riemann", "Riemanns"], ["Heisenberg", "Heisenbergs"]])
def test_a_model_noun_inflected_like_a_name_is_a_proper_noun(wortspieler, analyzer, words):
    """Only the statistical model calls these nouns (through the heads Mann, Berg); the build gives them a
    genitive and no plural, as the name-paradigm rule reads compounds."""
    assert decide(words, wortspieler, analyzer)[words[0]] == (False, "proper-noun")


def test_a_model_compound_of_two_words_is_left_to_the_other_rules(wortspieler, analyzer):
    """vaginal is a word of the build: Vaginal|kanal is the model's compound of two words, no name."""
    words = ["Vaginalkanal", "Vaginalkanals", "vaginal"]
    assert decide(words, wortspieler, analyzer)["Vaginalkanal"] == (True, "nom-sg")
    assert decide(words[:2], wortspieler, analyzer)["Vaginalkanal"] == (False, "proper-noun")


@pytest.mark.parametrize(("words", "reason"), [
    (["Privatpressen", "privat"], "inflected-form:plural-of:PRIVATPRESSE"),      # Pressen: only Presse's plural
    (["Sprengarbeiten", "spreng"], "inflected-form:plural-of:SPRENGARBEIT"),
])
def test_a_verb_row_whose_ending_is_only_a_plural_is_that_plural(wortspieler, analyzer, words, reason):
    assert decide(words, wortspieler, analyzer)[words[0]] == (False, reason)


@pytest.mark.parametrize("words", [
    ["Nachbearbeiten"],                                        # nach: a particle (das Nachbearbeiten)
    ["Geheimhalten", "geheim", "geheimzuhalten"],              # a zu-infinitive: the particle verb geheimhalten
    ["Besitzergreifen", "Besitzer"],                           # Greif heads few lemmas
])
def test_nominalised_particle_verbs_stay(wortspieler, analyzer, words):
    assert decide(words, wortspieler, analyzer)[words[0]] == (True, "nom-sg")


@pytest.mark.parametrize(("words", "reason"), [
    (["Residuen", "Residuum"], "inflected-form:plural-of:RESIDUUM"),
    (["Eutrophika", "Eutrophikum"], "inflected-form:plural-of:EUTROPHIKUM"),
])
def test_a_classical_plural_of_a_noun_of_the_build_is_refused(wortspieler, analyzer, words, reason):
    assert decide(words, wortspieler, analyzer)[words[0]] == (False, reason)


@pytest.mark.parametrize(("words", "singular"), [
    (["Residuen"], "RESIDUUM"),                       # no Residuum in the build: nothing to be the plural of
    (["Finanzhai", "Finanzhaus"], "FINANZHAUS"),      # Finanz|hai: a compound of der Hai
    (["Stammdaten", "Stammdatum"], "STAMMDATUM"),     # a compound of the plurale tantum Daten
])
def test_classical_endings_without_their_singular_stay(wortspieler, analyzer, words, singular):
    assert decide(words, wortspieler, analyzer)[words[0]][1] != f"inflected-form:plural-of:{singular}"


@pytest.mark.parametrize(("words", "expected"), [
    (["Mansardendach", "Mansardendachs"], (False, "inflected-form:genitive-of:MANSARDENDACH")),  # not der Dachs
    (["Ökonometriker", "Ökonometrikern"], (False, "inflected-form:dative-of:ÖKONOMETRIKER")),    # not der Kern
    (["Ketschup", "Ketschups"], (False, "inflected-form:genitive-of:KETSCHUP")),
    (["Fetischglaube", "Fetischglauben"], (True, "nom-sg")),   # der Glauben: the variant nominative of Glaube
    (["Tilgungsfond", "Tilgungsfonds"], (True, "nom-sg")),     # der Fonds heads more lemmas than der Fond
    (["Mansardendachs"], (True, "nom-sg")),                    # without its stem in the build: der Dachs
])
def test_a_guessed_noun_that_is_a_build_noun_plus_an_ending_is_its_form(wortspieler, analyzer, words, expected):
    """Unknown compounds read through a head that is a noun of its own (Dachs, Kern, Schups): the build has the
    word without the ending, so the word is that noun's genitive or plural (`policy.stem_forms`)."""
    assert decide(words, wortspieler, analyzer)[words[-1]] == expected


@pytest.mark.parametrize(("words", "expected"), [
    (["Wilmersdorf", "Dörfer"], (False, "proper-noun")),       # a model noun: Wilmers is no word
    (["Stammheim", "Heime"], (False, "proper-noun")),          # an unknown compound of two nouns
    (["Commerzbank", "Banken"], (False, "proper-noun")),
    (["Wilmersdorf"], (True, "nom-sg")),                       # the build lists no plural at all: no evidence
    (["Stammheim", "Stammheime", "Heime"], (True, "nom-sg")),  # the build inflects it like a noun
])
def test_a_name_head_without_a_plural_in_the_build_makes_a_name(wortspieler, analyzer, words, expected):
    """Place names, surnames and firms end in a few heads (corpora/curated/name-heads.txt); a build that lists
    the head's plural but no plural of the word treats the word as a name (`names.name_head`)."""
    assert decide(words, wortspieler, analyzer)[words[0]] == expected


@pytest.mark.parametrize(("switch", "words"), [("refuse_stem_forms", ["Ketschup", "Ketschups"]),
                                               ("refuse_name_heads", ["Stammheim", "Heime"])])
def test_the_stem_form_and_name_head_rules_have_their_switches(wortspieler, analyzer, switch, words):
    off = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(update={switch: False})})
    assert decide(words, off, analyzer)[words[-1] if switch == "refuse_stem_forms" else words[0]] == (True, "nom-sg")


@pytest.mark.parametrize(("words", "plural"), [
    (["Korselett", "Korselette"], "inflected-form:plural-of:KORSELETT"),      # the stem-form rule
    (["Residuum", "Residuen"], "inflected-form:plural-of:RESIDUUM"),          # the classical-plural rule
])
def test_allow_plurals_admits_the_plurals_the_guess_rules_find(wortspieler, analyzer, words, plural):
    """A house rule that admits plurals admits those found behind a guessed noun too, with the same reason."""
    assert decide(words, wortspieler, analyzer)[words[1]] == (False, plural)
    plurals = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"allow_plurals": True})})
    assert decide(words, plurals, analyzer)[words[1]] == (True, plural)
    assert decide(["Ketschup", "Ketschups"], plurals, analyzer)["Ketschups"][0] is False   # a genitive stays out


@pytest.mark.parametrize("word", [
    "Odenwald", "Mittenwald", "Drachenfels", "Emsland",      # places Wiktionary alone has (its definitions: rule 4b)
    "Bassermann", "Kachelmann", "Wallenstein", "Julchen",    # surnames and a first name, likewise
    "Odenwalds",                                             # a name's genitive
    "Canons", "Opels", "Opeln",                              # a brand's forms (curated/brand-names.txt)
    "Vatikanstadt", "Bosporus", "Himalaja", "Sirius",        # german-nouns files them as nouns; the markers do not
])
def test_names_of_the_full_form_corpus_are_refused_as_names(wortspieler, analyzer, word):
    """The corpus writes these as PROPN (corpora/german-forms/derive.py rules 2 and 4b) or the curated markers
    list them; the Wortspieler reading of the corpus reads its names too, so the reason is the name's."""
    assert decide([word], wortspieler, analyzer)[word] == (False, "proper-noun")


def test_a_names_long_genitive_is_its_form(wortspieler, analyzer):
    assert decide(["Odenwaldes"], wortspieler, analyzer)["Odenwaldes"] == (False, "inflected-form:genitive-of:ODENWALD")


def test_the_corpus_names_are_admitted_with_proper_nouns(wortspieler, analyzer):
    """No trap in the house rule: a group that allows names gets the corpus's names (they are read, not skipped)."""
    names = wortspieler.model_copy(update={"word_policy": wortspieler.word_policy.model_copy(
        update={"allow_proper_nouns": True})})
    assert decide(["Odenwald", "Bassermann"], names, analyzer) == {"Odenwald": (True, "proper-noun"),
                                                                  "Bassermann": (True, "proper-noun")}
