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
    "Haus": (True, "nom-sg"),
    "Häuser": (False, "inflected-form:plural-of:HAUS"),
    "Eltern": (True, "plurale-tantum"),
}


@pytest.fixture(scope="module")
def decisions(wortspieler):
    sources = default_sources(wortspieler.word_policy.default_sources)
    corpus, _ = import_corpus(sources)
    analyzer = corpus_analyzer(corpus.share_readings(), wortspieler)
    words = list(EXPECTED)
    decided = evaluate_words(words, frozenset(), wortspieler, analyzer=analyzer, curated=load_curated())
    by_tiles = dict(zip(decided.tiles, zip(map(bool, decided.valid), decided.reasons)))
    return {word: by_tiles[word.upper().replace("ß", "SS")] for word in words}


@pytest.mark.parametrize("word", list(EXPECTED))
def test_named_word(decisions, word):
    assert decisions[word] == EXPECTED[word]
