"""Wortspieler's rule: a common noun in the nominative singular, with the seed's exceptions.

`NominativeSingularPolicy.judge` decides one reading of a word (in tiles):

1. not a noun (no NOUN/PROPN reading)                       -> ``not-a-noun``
   a guessed reading (compound head or model) of a curated
   name + s (Bangkoks, Helsinkis)                           -> ``proper-noun``
   a model-only reading of a word with a noun-only suffix
   (Einstufung; Einstufungen)                               -> ``nom-sg`` (``inflected-form:plural-of:``)
   a model-only reading below `MODEL_MIN_SCORE`, or of a
   word with no known compound head (Trafalgar, Tanger)     -> ``unknown-word``
   (the head after ``model_min_modifier`` letters or a noun
   prefix: Gö|ring has none)
   a guessed or list-only reading whose -heit/-keit breaks
   its base (Misshelligheit), ``refuse_suffix_misspellings`` -> ``likely-misspelling``
   a guessed nom-sg whose head is a table plural of S, with
   modifier + S a noun of the build (Wahlfächer: Wahlfach),
   ``refuse_paradigm_plurals`` (`paradigm`)                  -> ``inflected-form:plural-of:WAHLFACH``
   such a nom-sg that no other form of the build has, whose
   head is S's plural and a rare singular (Fußball|westen),
   ``refuse_isolated_plurals`` (`paradigm`)                  -> ``inflected-form:plural-of:FUSSBALLWESTE``
   (and a row that only ends in a verb whose ending is only a
   plural, Privat|pressen: ``...plural-of:PRIVATPRESSE``)
   a classical plural of a noun of the build (Residuen),
   ``refuse_classical_plurals`` (`paradigm`)                 -> ``inflected-form:plural-of:RESIDUUM``
   a guessed nom-sg in -em/-en beside all the other adjective
   endings (Externem), ``refuse_adjective_forms``           -> ``inflected-form:dative-of:EXTERNE``
   an unknown compound's nom-sg whose genitive is a word of
   the build but no plural of its head (Hinden|burg,
   Hindenburgs; a model-only noun through its longest head,
   Rie|mann), ``refuse_name_paradigms`` (`names`)           -> ``proper-noun``
   a region modifier + a head known only as a place's name
   (Ost|schweiz, Nord|irak), ``refuse_region_names``       -> ``proper-noun``
2. an abbreviation, unless ``allow_abbreviations``          -> ``abbreviation``
   (when allowed, an abbreviation that passes 5. is accepted as ``abbreviation``;
   likewise an allowed proper noun as ``proper-noun``)
3. a register the house rules exclude                       -> ``register:<name>``
   a curated function-word homograph (Die, Oder, Leider),
   unless ``allow_function_word_homographs``                -> ``function-word-homograph``
4. a proper noun (PROPN, a ``propn:`` tag, or a curated
   proper-noun marker, and no common-noun marker),
   unless ``allow_proper_nouns``                            -> ``proper-noun``
   a full-form list's headword row that is a name + s
   (Amsterdams), with ``noun_evidence: headword``           -> ``proper-noun``
5. the grammar of the reading:
   - nominative plural of a plurale tantum                  -> ``plurale-tantum``
   - a lexicalised plural (curated)                         -> ``lexicalized-plural``
   - any other nominative/accusative plural                 -> ``inflected-form:plural-of:L``
   - nominative singular on the diminutive allow-list      -> ``lexicalized-diminutive``
   - nominative singular of a productive diminutive         -> ``diminutive-of:BASE``
   - nominative singular                                    -> ``nom-sg``
   - genitive, dative, accusative singular                  -> ``inflected-form:<case>-of:L``
   - no case and no number, and another lemma (a forms-table
     row), with ``noun_evidence: headword``                 -> ``inflected-form:form-of:L``
   - a headword without case features whose compound head is
     only an inflected form (Leihkräfte: Kräfte), with
     ``noun_evidence: headword``                            -> the head's ``inflected-form:...``
     (a head that is itself a list row of its own lemma is
     judged by its own head first: Erd|ölaktien, Öl|aktien;
     ``resolve_form_list_heads``)

Each exception has its house-rule switch (``allow_plurale_tantum``,
``allow_lexicalized_plurals``, ``allow_lexicalized_diminutives``, ``allow_plurals``,
``allow_diminutives``); the reason stays the same, the switch sets ``valid``.
A reading without a case (a dictionary headword) counts as nominative. Tiles have no
case, so `decide` also brings this policy the lexicon's readings of a word's capitalised
spellings when the source gave it no noun reading (``case_blind_nouns``: "essen" from a
word list is judged with the readings of Essen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.policy import reasons
from lexicon_tools.policy.compounds import Lookup, compound_lemma, compound_readings, ending_readings, has_known_head
from lexicon_tools.policy.curated import TileLists
from lexicon_tools.policy.diminutives import diminutive_base
from lexicon_tools.policy.judgement import Judgement, better, switch
from lexicon_tools.policy.normalize import to_tiles
from lexicon_tools.policy.names import compound_name, model_compound, region_name
from lexicon_tools.policy.guessed import guessed_form
from lexicon_tools.policy.paradigm import is_guessed, paradigm_plural
from lexicon_tools.policy.readings import FORM_LIST_TAG, INFINITIVE_ENDING_PREFIX, INFINITIVE_TAG, Reading, propn_tag
from lexicon_tools.policy.suffixes import suffix_misspelling, suffix_paradigm

if TYPE_CHECKING:
    from lexicon_tools.model.ruleset import WordPolicy

# A word only the statistical model calls a noun needs this probability of its verdict
# (the model's own split is 0.5) and a known compound head (`compounds.has_known_head`).
MODEL_MIN_SCORE = 0.85


def is_proper(reading: Reading, lemma_tiles: str | None, lists: TileLists) -> bool:
    """PROPN, a ``propn:`` tag or a proper-noun marker; a common-noun marker overrides the source.

    `lemma_tiles` is the key into the markers; None consults none (a lower-case spelling)."""
    if lemma_tiles in lists.common_nouns:
        return False
    return reading.pos == "PROPN" or propn_tag(reading.tags) or lemma_tiles in lists.proper_nouns


def clear_caches() -> None:
    propn_tag.cache_clear()


def excluded_register(reading: Reading, excluded: frozenset[str]) -> str | None:
    for tag in reading.tags:
        if tag.startswith(reasons.REGISTER_PREFIX) and tag[len(reasons.REGISTER_PREFIX):] in excluded:
            return tag
    return None


class NominativeSingularPolicy:
    # tiles have no case: a noun reading of another spelling of the word counts (`decide`)
    case_blind_nouns = True

    def __init__(self, policy: WordPolicy, alphabet: Alphabet, lists: TileLists, lookup: Lookup,
                 head_count: Callable[[str], int] | None = None):
        self.policy = policy
        self.alphabet = alphabet
        self.lists = lists
        self.lookup = lookup
        self.excluded = frozenset(policy.excluded_registers)
        self.head_count = head_count
        # one policy object serves one evaluation: plain unbounded caches, lemmas repeat across readings
        self.tiles_of = cache(lambda text: to_tiles(text, alphabet))
        self._diminutive = cache(lambda lemma: diminutive_base(lemma, lookup, head_count))
        self.paradigm = cache(self._paradigm_plural)
        self._region = cache(self._region_name)
        # tiles of the capitalised spellings of the words being judged (`attach_words`; the paradigm rule)
        self.build_nouns: frozenset[str] | set[str] = frozenset()
        self.build_words: frozenset[str] | set[str] = frozenset()

    def attach_words(self, capitalised_tiles: set[str], all_tiles: set[str]) -> None:
        """The words of the build (tiles of their capitalised spellings, and of all), before any is judged."""
        self.build_nouns, self.build_words = capitalised_tiles, all_tiles

    def known_word(self, tiles: str) -> bool:
        return tiles in self.build_words or bool(self.lookup(tiles[:1] + tiles[1:].lower()))

    def judge(self, tiles: str, reading: Reading | None, surface: str = "") -> Judgement:
        """Judge one reading of the word `surface` (written `tiles`)."""
        name = self._name_of(tiles, reading, surface)
        if name is not None:
            return name
        result = self._judge(tiles, reading, surface)
        if result.valid and result.reason == reasons.NOM_SG and result.reading is not None \
                and is_guessed(result.reading):
            form = guessed_form(self, tiles, result.reading, surface)
            if form is not None:
                return form
        if result.valid and tiles in self.lists.function_word_homographs:  # admitted by the house rule
            return Judgement(True, reasons.FUNCTION_WORD_HOMOGRAPH, result.reading,
                             switch("allow_function_word_homographs", True))
        return result

    def _name_of(self, tiles: str, reading: Reading | None, surface: str) -> Judgement | None:
        """The name rules that judge a word whatever its reading's grammar (`names`)."""
        policy = self.policy
        if reading is None or not reading.is_noun or policy.allow_proper_nouns:
            return None
        if reading.origin in ("compound", "model") and (policy.refuse_name_paradigms or policy.refuse_name_heads):
            compound = reading if reading.origin == "compound" else \
                model_compound(surface or tiles, self.lookup, policy.model_min_modifier, self.known_word,
                               self.tiles_of)
            why = compound and compound_name(tiles, compound, policy, self.lists.name_heads, self.build_words,
                                             self.lookup, self.tiles_of)
            if why:  # every compound reading of the word: the build treats it as a name
                return Judgement(False, reasons.PROPER_NOUN, reading, why)
        if policy.refuse_region_names:
            region = self._region(surface or tiles)
            if region is not None:  # every reading of the word: a region's name, whatever a table calls it
                return Judgement(False, reasons.PROPER_NOUN, reading,
                                 f"refuse_region_names: {region[0]} + the place's name {region[1]}")
        return None

    def _judge(self, tiles: str, reading: Reading | None, surface: str) -> Judgement:
        if reading is None or not reading.is_noun:
            return Judgement(False, reasons.NOT_A_NOUN, reading)
        policy = self.policy
        lemma_tiles = self.tiles_of(reading.lemma) if reading.lemma else None
        if "abbreviation" in reading.tags and not policy.allow_abbreviations:
            return Judgement(False, reasons.ABBREVIATION, reading, switch("allow_abbreviations", False))
        register = excluded_register(reading, self.excluded)
        if register:
            return Judgement(False, register, reading, "excluded_registers")
        if tiles in self.lists.function_word_homographs and not policy.allow_function_word_homographs:
            return Judgement(False, reasons.FUNCTION_WORD_HOMOGRAPH, reading,
                             switch("allow_function_word_homographs", False))
        guessed = reading.origin in ("model", "compound") or FORM_LIST_TAG in reading.tags
        if guessed and policy.refuse_suffix_misspellings and suffix_misspelling(tiles):
            return Judgement(False, reasons.LIKELY_MISSPELLING, reading, "refuse_suffix_misspellings")
        if reading.origin in ("model", "compound"):
            unsupported = self._unsupported(tiles, reading, surface)
            if unsupported is not None:
                return unsupported
            if reading.origin == "compound" and FORM_LIST_TAG in reading.tags and policy.noun_evidence == "headword":
                # an unknown compound read through a list row of its own lemma (Nordsee|heilbäder)
                infinitive = INFINITIVE_TAG in reading.tags or self._infinitive_ending(reading, surface or tiles)
                resolved = self._resolved_head(tiles, reading, infinitive)
                if resolved is not reading:
                    reading, lemma_tiles = resolved, self.tiles_of(resolved.lemma) if resolved.lemma else None
        elif reading.origin == "headword" and policy.noun_evidence == "headword":
            if FORM_LIST_TAG in reading.tags and self._name_genitive(surface or tiles):
                if policy.allow_proper_nouns:  # a name, but in the genitive
                    return Judgement(False, reasons.inflected("genitive", tiles[:-1]), reading)
                return Judgement(False, reasons.PROPER_NOUN, reading, switch("allow_proper_nouns", False))
            infinitive = INFINITIVE_TAG in reading.tags or self._infinitive_ending(reading, surface or tiles)
            form_list = FORM_LIST_TAG in reading.tags and not infinitive
            inflected = self._inflected_head(tiles, surface, form_list, infinitive)
            if inflected is not None:
                return inflected
        grammar = self.grammar(tiles, lemma_tiles, reading, surface)
        if is_proper(reading, lemma_tiles or tiles, self.lists):
            if not policy.allow_proper_nouns:
                return Judgement(False, reasons.PROPER_NOUN, reading, switch("allow_proper_nouns", False))
            if grammar.valid:
                return Judgement(True, reasons.PROPER_NOUN, reading, switch("allow_proper_nouns", True))
        elif "abbreviation" in reading.tags and grammar.valid:
            return Judgement(True, reasons.ABBREVIATION, reading, switch("allow_abbreviations", True))
        return grammar

    def _paradigm_plural(self, word: str) -> Reading | None:
        """`paradigm.paradigm_plural` with the build's capitalised words and the lexicon's nouns as known nouns."""
        def known(spelling: str) -> bool:
            tiles = self.tiles_of(spelling)
            if tiles in self.lists.proper_nouns and tiles not in self.lists.common_nouns:
                return False
            return tiles in self.build_nouns or any(r.pos == "NOUN" for r in self.lookup(spelling))
        return paradigm_plural(word, self.lookup, self.head_count, known, self.tiles_of, self.lists.pluralia_tantum)

    def _region_name(self, word: str) -> tuple[str, str] | None:
        """`names.region_name` with the curated modifiers; a name is what `is_proper` says, a place's name a
        ``propn:toponym`` reading or a curated proper noun."""
        def lemma(reading: Reading) -> str | None:
            return self.tiles_of(reading.lemma) if reading.lemma else None
        return region_name(word, self.lists.region_modifiers, self.lookup,
                           lambda r: is_proper(r, lemma(r), self.lists),
                           lambda r: "propn:toponym" in r.tags or lemma(r) in self.lists.proper_nouns, self.head_count)

    def _unsupported(self, tiles: str, reading: Reading, surface: str) -> Judgement | None:
        """A guessed reading (compound head or model) of a name's genitive (Bangkoks, Helsinkis) is a
        proper noun; a model-only reading needs `MODEL_MIN_SCORE` and a known compound head, unless a
        curated list names the word (Brückchen, a lexicalised diminutive)."""
        if tiles.endswith("S") and tiles[:-1] in self.lists.proper_nouns:
            if self.policy.allow_proper_nouns:  # a name, but in the genitive
                return Judgement(False, reasons.inflected("genitive", tiles[:-1]), reading)
            return Judgement(False, reasons.PROPER_NOUN, reading, switch("allow_proper_nouns", False))
        lists = self.lists
        paradigm = suffix_paradigm(tiles) if reading.origin == "model" else None
        if paradigm and tiles not in lists.proper_nouns:
            number, singular = paradigm
            rule = f"suffix-paradigm:{singular}"
            if number == "Sing":
                return Judgement(True, reasons.NOM_SG, reading, rule)
            return Judgement(self.policy.allow_plurals, reasons.inflected("plural", singular), reading, rule)
        curated = (lists.is_lexicalized_diminutive(tiles) or tiles in lists.pluralia_tantum
                   or tiles in lists.lexicalized_plurals or tiles in lists.common_nouns)
        if reading.origin == "model" and not curated and (
                (reading.score or 0.0) < MODEL_MIN_SCORE or not has_known_head(surface or tiles, self.lookup, self.policy.model_min_modifier)):
            return Judgement(False, reasons.UNKNOWN_WORD, reading)
        return None

    def _infinitive_ending(self, reading: Reading, word: str) -> bool:
        """A row ending in a rare verb head (``verb-infinitive-ending:N``) is a nominalised infinitive unless
        that ending, capitalised, is only a noun's inflected form: Fernseh|gebühren is a plural (Gebühren:
        plural of Gebühr), Warn|blinken das Warnblinken. Switch: ``rare_verb_endings_as_nouns`` (off)."""
        for tag in reading.tags:
            if tag.startswith(INFINITIVE_ENDING_PREFIX):
                if self.policy.rare_verb_endings_as_nouns:
                    return True
                ending = word[-int(tag[len(INFINITIVE_ENDING_PREFIX):]):]
                ending = ending if word.isupper() else ending[:1].upper() + ending[1:]
                nouns = [r for r in self.lookup(ending) if r.is_noun]
                return not nouns or any(r.case in ("Nom", None) and r.number != "Plur" for r in nouns)
        return False

    def _name_genitive(self, word: str) -> bool:
        """`word` is a name + s and its stem no common noun (Amsterdams: Amsterdam): a form list's row
        of it is the name's genitive, whatever the list calls it."""
        if len(word) < 5 or word[-1] not in "sS":
            return False
        readings = [r for r in self.lookup(word[:-1]) if r.is_noun]
        return bool(readings) and all(is_proper(r, self.tiles_of(r.lemma) if r.lemma else None, self.lists)
                                      for r in readings)

    def _inflected_head(self, tiles: str, surface: str, form_list: bool, infinitive: bool) -> Judgement | None:
        """A headword without case features (a forms-table row that is its own lemma) whose compound
        head the lexicon knows only as inflected forms is judged by its head: Leihkräfte (Kräfte: plural
        of Kraft) is the plural of Leihkraft, Hafenwals the genitive of Hafenwal. A head with any
        nominative reading (Guthaben) leaves the headword alone.

        A full-form list's row that is its own lemma (`form_list`) is only evidence that the word exists,
        not that it is a lemma (a word-game list gives no lemma: Zulassprobleme). When no compound split
        with a known modifier exists, such a row is judged by its known noun endings whatever the
        modifier (`compounds.ending_readings`): Zulass|probleme is the plural of Zulassproblem, since
        Probleme is only ever an inflected form. An ending that is the nominative singular of any lemma
        (Zulass|bescheid, Fröbel|stern beside the chance ending Elstern) leaves the row alone, and so does
        a nominalised infinitive (``verb-infinitive``: Ab|arbeiten is das Abarbeiten, not a plural of
        Arbeit)."""
        heads = compound_readings(surface or tiles, self.lookup, self.head_count)
        rule = "noun_evidence=headword: compound head"
        endings = False
        if not heads and form_list:
            heads = ending_readings(surface or tiles, self.lookup, FORM_LIST_TAG)
            rule = "noun_evidence=headword: noun endings of a form-list row"
            endings = self.policy.ending_rescue_needs_table
        if not heads:
            return None
        best: Judgement | None = None
        for head in heads:
            head = self._resolved_head(tiles, head, infinitive)
            judgement = self.grammar(tiles, self.tiles_of(head.lemma) if head.lemma else None, head, surface)
            if endings and judgement.valid and FORM_LIST_TAG in head.tags:
                # an ending only a list row attests (Fernsehauf|nahmen) rescues nothing
                rule = "ending_rescue_needs_table: " + rule
                continue
            if judgement.valid or not judgement.reason.startswith(reasons.INFLECTED_PREFIX):
                return None
            if best is None or better(judgement, best):
                best = judgement
        if best is None:
            return None
        return Judgement(False, best.reason, best.reading, rule)

    def _resolved_head(self, tiles: str, head: Reading, infinitive: bool) -> Reading:
        """A compound reading whose head is itself a full-form list's row of its own lemma (Erd|ölaktien:
        *Ölaktien* is a row of the game list, with no lemma) proves nothing about the compound's case or
        number: such a head is judged by the same rule first (Öl|aktien: the plural of Ölaktie), and the
        compound takes that reading (the plural of Erdölaktie). A head the rule leaves alone stays as it is.
        Switch: ``word_policy.resolve_form_list_heads``."""
        if not (self.policy.resolve_form_list_heads and FORM_LIST_TAG in head.tags and head.head
                and head.lemma and self.tiles_of(head.lemma) == tiles) or infinitive or INFINITIVE_TAG in head.tags:
            return head  # a nominalised infinitive (Nicht|erscheinen) is a singular, whatever Er|scheinen looks like
        head_tiles = self.tiles_of(head.head)
        if len(head_tiles) >= len(tiles):
            return head
        inner = self._inflected_head(head_tiles, head.head, True, False)
        if inner is None or inner.reading is None or not inner.reading.lemma:
            return head
        modifier = head.lemma[: len(head.lemma) - len(head.head)]
        return replace(inner.reading, lemma=compound_lemma(modifier, inner.reading.lemma), origin="compound",
                       head=head.head)

    def grammar(self, tiles: str, lemma_tiles: str | None, reading: Reading, surface: str = "") -> Judgement:
        case, number = reading.case, reading.number
        if case is None and number is None and lemma_tiles and lemma_tiles != tiles and \
                self.policy.noun_evidence == "headword":
            # a forms-table row of another lemma, which states no case: an inflected form of that lemma
            return Judgement(False, reasons.inflected("form", lemma_tiles), reading, "noun_evidence=headword")
        if case in ("Nom", None) and self._plurale_tantum(tiles, lemma_tiles, reading):
            allowed = self.policy.allow_plurale_tantum
            return Judgement(allowed, reasons.PLURALE_TANTUM, reading, switch("allow_plurale_tantum", allowed))
        if number == "Plur":
            if case in ("Nom", None) and tiles in self.lists.lexicalized_plurals:
                allowed = self.policy.allow_lexicalized_plurals
                return Judgement(allowed, reasons.LEXICALIZED_PLURAL, reading,
                                 switch("allow_lexicalized_plurals", allowed))
            kind = reasons.inflection_kind(case, number)
            allowed = kind == "plural" and self.policy.allow_plurals
            rule = switch("allow_plurals", allowed) if kind == "plural" else None
            return Judgement(allowed, reasons.inflected(kind, lemma_tiles), reading, rule)
        if case not in ("Nom", None):
            return Judgement(False, reasons.inflected(reasons.inflection_kind(case, number), lemma_tiles), reading)
        return self._singular(tiles, lemma_tiles, reading, surface)

    def _plurale_tantum(self, tiles: str, lemma_tiles: str | None, reading: Reading) -> bool:
        if reading.number == "Sing" and reading.origin != "headword":
            return False  # a headword's number is the citation convention's guess, the curated list knows better
        pt = self.lists.pluralia_tantum
        return ("plurale-tantum" in reading.tags or lemma_tiles in pt or tiles in pt
                or (reading.head is not None and self.tiles_of(reading.head) in pt))

    def _singular(self, tiles: str, lemma_tiles: str | None, reading: Reading, surface: str) -> Judgement:
        policy = self.policy
        lists = self.lists
        if lists.is_lexicalized_diminutive(tiles) or (lemma_tiles and lists.is_lexicalized_diminutive(lemma_tiles)):
            allowed = policy.allow_lexicalized_diminutives
            return Judgement(allowed, reasons.LEXICALIZED_DIMINUTIVE, reading,
                             switch("allow_lexicalized_diminutives", allowed))
        base = self._diminutive_base(reading, surface)
        if base is not None:
            allowed = policy.allow_diminutives
            return Judgement(allowed, reasons.diminutive_of(self.tiles_of(base)), reading,
                             switch("allow_diminutives", allowed))
        return Judgement(True, reasons.NOM_SG, reading)

    def _diminutive_base(self, reading: Reading, surface: str) -> str | None:
        lemma = reading.lemma
        if "diminutive" in reading.tags and lemma and lemma != surface:
            return lemma  # reader convention: a diminutive entry's lemma is its base word
        word = lemma or surface
        return self._diminutive(word) if word else None
