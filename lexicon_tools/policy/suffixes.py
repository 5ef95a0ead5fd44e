"""Noun-only suffixes: what a word's ending says when no dictionary lists the word.

A word the dictionary lacks but that ends in a suffix found (almost) only in common nouns is judged by
the suffix's paradigm instead of the statistical model (singular -ung: nom-sg; plural -ungen: plural of
the -ung word), and a -heit/-keit that contradicts its base marks a misspelling. Both are plain string
tests on tiles, used by `nominative.NominativeSingularPolicy`; the evidence for each list is given where
the list is defined.
"""

from __future__ import annotations

# Noun-only suffixes: a word the dictionary lacks is judged by the suffix's paradigm instead of the
# model (singular -ung: nom-sg; plural -ungen: plural of the -ung word). Chosen by evidence: of the
# german-nouns lemmas with the suffix (longer than the suffix + 3), at least 99% are common nouns
# (ung 99.9% of 5,595, tion 99.8%, keit 99.8%, ität 100%, schaft 99.4%, ismus 99.8%, heit 99.8%,
# nis 99.7%, erei 100%, sion 99.0%); -ei (96.9%: Türkei), -ling (97.4%), -tum (98.1%), -ik, -ur, -anz
# and -enz fall short and are left to the model.
NOUN_SUFFIXES = {"UNG": "EN", "TION": "EN", "KEIT": "EN", "ITÄT": "EN", "SCHAFT": "EN", "ISMUS": None,
                 "HEIT": "EN", "NIS": "SE", "EREI": "EN", "SION": "EN"}


# -heit or -keit is chosen by the base: -ig, -lich, -bar, -sam (and -isch) take -keit (Ewigkeit, Heiterkeit),
# and -keit follows only -ig, -ch, -ar, -er, -el, -am. Evidence: of the german-nouns lemmas with -heit or
# -keit, the two letters before -keit are one of those six in every case (1,005 lemmas), and -heit follows
# -ig only in Feigheit (feig), never -lich, -bar, -sam or -isch. A word no inflection table has that breaks
# this is a misspelling (Misshelligheit for Misshelligkeit; `wngerman` and the game list have it).
_KEIT_BASES = ("IG", "LICH", "BAR", "SAM", "ISCH")
_KEIT_AFTER = ("IG", "CH", "AR", "ER", "EL", "AM")


def suffix_misspelling(tiles: str) -> str | None:
    """The spelling with the other suffix when `tiles`'s -heit/-keit (or -heiten/-keiten) contradicts its base."""
    stem = tiles[:-2] if tiles.endswith(("HEITEN", "KEITEN")) else tiles
    if len(stem) < 8 or not stem.endswith(("HEIT", "KEIT")):
        return None
    base = stem[:-4]
    if stem.endswith("HEIT") and base.endswith(_KEIT_BASES) and not base.endswith("EIG"):
        return base + "KEIT"
    if stem.endswith("KEIT") and not base.endswith(_KEIT_AFTER):
        return base + "HEIT"
    return None


def suffix_paradigm(tiles: str) -> tuple[str, str] | None:
    """("Sing", tiles) or ("Plur", singular) for a word ending in a noun-only suffix or its plural."""
    for suffix, plural in NOUN_SUFFIXES.items():
        if len(tiles) < len(suffix) + 3:
            continue
        if tiles.endswith(suffix):
            return "Sing", tiles
        if plural and tiles.endswith(suffix + plural):
            return "Plur", tiles[:-len(plural)]
    return None
