"""Shared input of the lexicon benchmarks: the word list they all measure on.

Debian's ``wngerman`` list (/usr/share/dict/ngerman, about 356k lines) normalised
onto the Wortspieler tiles, keeping the tileable words (~300k+). When it is
absent, a generated list of the same size stands in: pseudo-German stems built
from syllables, each with a few inflection-like endings, so prefixes and
suffixes are shared much as in a real lexicon. The source is printed with every
result, because the two give different absolute numbers. Set
LEXICON_BENCH_WORDS=generated to measure on the generated list even when
wngerman is installed.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

NGERMAN = Path("/usr/share/dict/ngerman")
DEFAULT_SIZE = 300_000
LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ")

_ONSETS = ["", "B", "BR", "D", "F", "FL", "G", "GR", "H", "K", "KL", "L", "M", "N", "P", "PF", "R", "S", "SCH",
           "SP", "ST", "STR", "T", "TR", "W", "Z", "ZW"]
_VOWELS = ["A", "E", "I", "O", "U", "EI", "AU", "IE", "Ä", "Ö", "Ü", "EU"]
_CODAS = ["", "", "N", "R", "L", "S", "T", "CH", "NG", "CK", "M", "ND", "FT", "RT"]
# inflection paradigms: every stem takes all endings of its class, as German words do
_PARADIGMS = [
    ["", "S", "E", "EN"], ["", "ES", "E", "EN", "ER", "ERN"], ["", "N", "NS"], ["E", "EN"], ["", "EN"],
    ["EN", "E", "ST", "T", "TE", "TEN", "TEST", "TET", "END"], ["", "E", "EN", "ER", "ES", "EM"],
    ["UNG", "UNGEN"], ["HEIT", "HEITEN"], ["CHEN", "CHENS"],
]
_LINKS = ["", "", "", "S", "EN", "E"]  # Fugenelemente between compound parts
def alphabet():
    from lexicon_tools.model.alphabet import Alphabet

    return Alphabet(LETTERS)


def _syllables(rng: random.Random, count: int) -> str:
    return "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS) for _ in range(count))


def generated_words(size: int, seed: int = 2026) -> list[str]:
    """Pseudo-German: stems with whole inflection paradigms, most of them compounds of common stems.

    German nouns are mostly compounds of a limited stem vocabulary; the share of
    free random stems (15% here) drives the DAWG size, as those share nothing.
    """
    rng = random.Random(seed)
    common = sorted({_syllables(rng, rng.choice((1, 2))) for _ in range(2500)} - {""})
    words: set[str] = set()
    while len(words) < size:
        if rng.random() < 0.85:
            stem = rng.choice(common) + rng.choice(_LINKS) + rng.choice(common)
        else:
            stem = _syllables(rng, rng.choice((1, 2, 2, 3)))
        for ending in rng.choice(_PARADIGMS):
            word = stem + ending
            if 2 <= len(word) <= 24:
                words.add(word)
    return sorted(words)[:size]


def word_list(size: int | None = None) -> tuple[str, list[str]]:
    """(description, normalised tileable words) for the benchmarks."""
    alpha = alphabet()
    if NGERMAN.is_file() and os.environ.get("LEXICON_BENCH_WORDS") != "generated":
        seen: set[str] = set()
        for line in NGERMAN.read_text(encoding="utf-8").splitlines():
            normalized = alpha.normalize(line)
            if alpha.is_tileable(normalized):
                seen.add(normalized)
        words = sorted(seen)
        if size:
            words = sorted(random.Random(1).sample(words, min(size, len(words))))
        return f"{NGERMAN} (wngerman, {len(words):,} tileable words)", words
    words = generated_words(size or DEFAULT_SIZE)
    why = "forced by LEXICON_BENCH_WORDS" if NGERMAN.is_file() else f"{NGERMAN} is absent"
    return f"generated pseudo-German list ({len(words):,} words; {why})", words


def encode(words: list[str]) -> list[bytes]:
    alpha = alphabet()
    return [alpha.encode(w) for w in words]


def build_lex_file(words: list[str], path: Path) -> Path:
    """A .lex of `words` (all legal) for the wortspieler ruleset, via the library build path."""
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict
    from lexicon_tools.jobs.build import build_from_verdicts

    verdicts = (Verdict(Entry(w, lemma=w, pos="NOUN"), w, True, "nom-sg") for w in words)
    build_from_verdicts(load_ruleset("wortspieler"), verdicts, path, date="2026-01-01T00:00:00Z")
    return path
