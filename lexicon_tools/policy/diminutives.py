"""Productive diminutives: Hündchen -> Hund, Häuschen -> Haus, Büchlein -> Buch.

The rule (German -chen/-lein derivation, undone):
1. strip the suffix -chen or -lein; the stem must keep at least 3 letters;
2. undo the umlaut of the last umlauted vowel (Hünd -> Hund, Häus -> Haus; ä and ö
   may also stand for aa and oo: Härchen -> Haar, Bötchen -> Boot). If the
   stem's last vowel is a, o, u or au *without* an umlaut, the word is not read as a
   diminutive: the derivation umlauts those vowels (Hund -> Hündchen), so Tauchen is
   not a diminutive of Tau, nor Kuchen of anything;
3. -schen after a single s needs an umlaut as well (Häus|chen), otherwise the s
   belongs to -sch- (Fischen, Kreischen are verbal nouns);
4. the base is the first candidate that the lexicon knows as a common noun in the
   nominative singular: the stem, stem+e (Kätzchen -> Katze), stem+el (Vöglein ->
   Vogel), stem+en (Kästchen -> Kasten), with the umlaut undone or as written
   (Tütchen -> Tüte). Where several exist (Kätzchen: Katz, Katze; Büchlein: Buch,
   Buche) the base that heads the most compounds in the lexicon wins (Katze: Hauskatze,
   Wildkatze, ...), ties in the order listed;
5. otherwise the rule is applied to the compound's head: Gartenhäuschen -> head
   Häuschen -> Haus, so the base is Gartenhaus. Only direct lexicon hits count as
   bases (a base found through a chance head such as Lachfalt -> Alt would be noise).

Lexicalised diminutives with their own meaning (Mädchen, Märchen, Brötchen) are not
decided here but by the curated allow-list, which the policy checks first.
"""

from __future__ import annotations

from collections.abc import Callable

from lexicon_tools.policy.compounds import Lookup, compound_lemma, split_head

SUFFIXES = ("chen", "lein")
MIN_STEM = 3
_UNDO_UMLAUT = {"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U"}
_VOWELS = set("aeiouyäöüAEIOUYÄÖÜ")
_ENDINGS = ("", "e", "el", "en")


def _undo_last_umlaut(stem: str) -> str | None:
    for i in range(len(stem) - 1, -1, -1):
        if stem[i] in _UNDO_UMLAUT:
            return stem[:i] + _UNDO_UMLAUT[stem[i]] + stem[i + 1:]
    return None


def _base_stems(stem: str, undone: str | None) -> tuple[str, ...]:
    """Stems the base may have: the umlaut undone, with a doubled vowel where the umlaut
    merged one (Härchen -> Haar, Bötchen -> Boot), then the stem as written."""
    if undone is None:
        return (stem,)
    i = next(i for i in range(len(stem) - 1, -1, -1) if stem[i] in _UNDO_UMLAUT)
    vowel = undone[i]
    doubled = undone[:i + 1] + vowel + undone[i + 1:] if vowel in "aoAO" else None
    return tuple(s for s in (undone, doubled, stem) if s)


def _last_vowel_group(stem: str) -> str:
    end = len(stem)
    while end and stem[end - 1] not in _VOWELS:
        end -= 1
    start = end
    while start and stem[start - 1] in _VOWELS:
        start -= 1
    return stem[start:end].lower()


def _needs_umlaut(stem: str) -> bool:
    return _last_vowel_group(stem) in {"a", "o", "u", "au", "aa", "oo"}


def is_nom_sg_noun(lookup: Lookup, form: str) -> bool:
    return any(r.pos == "NOUN" and r.case in ("Nom", None) and r.number in ("Sing", None) for r in lookup(form))


def diminutive_base(word: str, lookup: Lookup, head_count: Callable[[str], int] | None = None) -> str | None:
    """The base noun of a productive diminutive (the word itself or its compound head), or None."""
    if not word.lower().endswith(SUFFIXES):
        return None

    def known(form: str) -> bool:
        return is_nom_sg_noun(lookup, form)

    base = direct_base(word, known, head_count)
    if base is not None:
        return base
    split = split_head(word, lookup)
    if split is None:
        return None
    modifier, head, _ = split
    head_base = direct_base(head, known, head_count)
    return compound_lemma(modifier, head_base) if head_base else None


def direct_base(word: str, is_common_noun: Callable[[str], bool],
                head_count: Callable[[str], int] | None = None) -> str | None:
    """The base of `word` itself by the suffix rule, or None."""
    found = candidates(word, is_common_noun)
    if len(found) > 1 and head_count is not None:
        return max(found, key=lambda base: (head_count(base), -found.index(base)))
    return found[0] if found else None


def candidates(word: str, is_common_noun: Callable[[str], bool]) -> list[str]:
    """Every base the suffix rule allows that the lexicon knows, in rule order."""
    found: list[str] = []
    lower = word.lower()
    for suffix in SUFFIXES:
        if not lower.endswith(suffix) or len(word) - len(suffix) < MIN_STEM:
            continue
        stem = word[: -len(suffix)]
        if stem.isupper():
            stem = stem[0] + stem[1:].lower()
        undone = _undo_last_umlaut(stem)
        if undone is None and _needs_umlaut(stem):
            continue
        if suffix == "chen" and undone is None and stem.endswith("s") and not stem.endswith("ss"):
            continue
        for base_stem in _base_stems(stem, undone):
            for ending in _ENDINGS:
                candidate = base_stem + ending
                if candidate.lower() != lower and candidate not in found and is_common_noun(candidate):
                    found.append(candidate)
    return found
