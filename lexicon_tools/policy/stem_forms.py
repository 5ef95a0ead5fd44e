"""The stem-form rule: a guessed noun that is a noun of the build plus an ending is that noun's inflected form.

A word no dictionary lists is read through its longest known head (`compounds`, `names.model_compound`), and
the head of an inflected form is often a noun of its own: Mansarden|dachs (der Dachs), Ökonometri|kern (der
Kern), Ketsch|ups. When the word without one of the endings of `STEM_ENDINGS` is a capitalised word of the
same build (Mansardendach, Ökonometriker, Ketschup; the build's own spellings, names included: Hussein|s,
Marlene|s), the word is that noun's genitive or plural, not a new noun: the build spells out its paradigm.
A full-form list's row gets the same reading for the endings a list row cannot be a new noun by (-s, -es, -n,
-en: Minsker|n, Lamborghini|s), not for -e, which also makes nouns of nouns (das Gelump, das Gelumpe).

A head that is a nominative singular of its own keeps its ending when it is its stem's accusative (Fetisch|
glauben: der Glauben, and den Glauben of der Glaube) or heads at least as many lemmas as its stem (der Fonds 44 :
der Fond 4, so Tilgungs|fonds stays; der Dachs heads far fewer than das Dach). An ending German does not put on
such a stem reads nothing: -s after a sibilant (Gauß), -n after anything but -e, -el, -er (Ammann).

On the `wngerman` build (`bench/wortspieler_samples.py`) the rule removes 39 words, each judged by hand
(bench/judged/wortspieler-rule-removed-stem-forms.tsv): 35 inflected forms (Pflanzgutes, Sattelzeugs,
Gnadenakte, Korselette, Berlusconis, Minskern) and 4 nouns of their own (Chansonniere, Lichen, Liesen,
Staden). Switch: ``word_policy.refuse_stem_forms``.
"""

from __future__ import annotations

from lexicon_tools.policy.compounds import HeadCount, Lookup

# (ending, the inflection it makes), shortest first, so the longest stem is read: Marlene|s before Marlen|es.
STEM_ENDINGS = (("S", "genitive"), ("ES", "genitive"), ("N", "plural"), ("EN", "plural"), ("E", "plural"))
# Endings that a full-form list's row, which may be a noun of its own, is read by.
LIST_ROW_ENDINGS = frozenset({"ES", "S", "EN", "N"})
# The stem needs this many letters (Dant|es is no form of a three-letter noun).
MIN_STEM = 4
# The variant-nominative check reads the word's ending of at least this many letters.
MIN_TAIL = 4


def stem_form(word: str, tiles: str, build_nouns: set[str] | frozenset[str], lookup: Lookup,
              head_count: HeadCount | None, list_row: bool) -> tuple[str, str] | None:
    """(inflection, stem in tiles) when `tiles` (spelled `word`) is a capitalised word of the build
    (`build_nouns`, in tiles) + an ending of `STEM_ENDINGS` that German inflects such a stem with (for a list
    row, `LIST_ROW_ENDINGS` only); None otherwise, or when the word's own head is a noun of its own that
    outweighs the stem's (module doc: Fetisch|glauben, Tilgungs|fonds)."""
    for ending, kind in STEM_ENDINGS:
        stem = tiles[:len(tiles) - len(ending)]
        if not tiles.endswith(ending) or len(stem) < MIN_STEM or stem not in build_nouns:
            continue
        if (list_row and ending not in LIST_ROW_ENDINGS) or not _inflects(stem, ending):
            continue
        if _own_head(word, len(ending), lookup, head_count):
            return None
        if ending == "N" and stem.endswith(("ER", "EL")):
            kind = "dative"  # Ökonometriker|n: the plural is Ökonometriker, -n only its dative
        return kind, stem
    return None


def _inflects(stem: str, ending: str) -> bool:
    """German adds `ending` to such a stem: -s not after a sibilant (Gauß is no genitive of Gaus), -n only after
    -e, -el, -er (Ökonometriker|n, Trude|n; Ammann is no form of Amman)."""
    if ending in ("S", "ES"):
        return ending == "ES" or not stem.endswith(("S", "X", "Z"))
    if ending == "N":
        return stem.endswith(("E", "L", "R"))
    return True


def _own_head(word: str, cut: int, lookup: Lookup, head_count: HeadCount | None) -> bool:
    """The longest known noun ending H of `word` is a nominative singular, and H without its last `cut` letters
    a noun that heads no more lemmas than H (der Fonds 44 : der Fond 4) or whose accusative singular H is (der
    Glauben beside den Glauben of der Glaube); not der Dachs beside das Dach, which heads many more."""
    for start in range(1, len(word) - MIN_TAIL + 1):
        tail = word[start:]
        head = tail if word.isupper() else tail[:1].upper() + tail[1:]
        nouns = [r for r in lookup(head) if r.pos == "NOUN"]
        if not nouns:
            continue
        shorter = head[:len(head) - cut]
        if not any(r.case in ("Nom", None) and r.number == "Sing" and r.lemma == head for r in nouns):
            return False
        if any(r.case == "Acc" and r.number == "Sing" and r.lemma == shorter for r in nouns):
            return True
        return head_count is not None and any(r.pos == "NOUN" for r in lookup(shorter)) \
            and head_count(head) >= head_count(shorter)
    return False

