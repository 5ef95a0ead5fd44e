"""Read the curated word lists of the Wortspieler rule (corpora/curated/).

File format (UTF-8 text, one list per file):

- lines starting with ``#`` are comments; every file starts with a header comment
  saying how the list was made and reviewed;
- every other non-blank line holds one word as it is spelled in a dictionary
  (capitalised nouns, ß and umlauts as written), optionally followed by a comment
  after ``#`` (``Wahlen  # elections, from Wahl``);
- a word is a single token: no spaces, no tabs; the same word twice is an error.

Files: ``pluralia-tantum.txt``, ``lexicalized-plurals.txt``,
``lexicalized-diminutives.txt``, ``proper-noun-markers.txt``, ``common-noun-markers.txt`` and
``function-word-homographs.txt``, ``brand-names.txt`` (brands that sources file as plain nouns: proper-noun
markers too), ``region-modifiers.txt`` (Nord, Ost, Mittel: with a place's name, a region's name) and
``name-heads.txt`` (Dorf, Berg, Bank: the heads of place names, surnames and firms). The
separable verb particles (ab, nach, zwischen is none) come from the first column of
``corpora/german-forms/particles.tsv``, the table the full-form corpus is derived with. Every problem in every
file is collected and reported together, with file and line.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lexicon_tools.errors import InputFileError, Problem
from lexicon_tools.policy.curated import CuratedLists
from lexicon_tools.resources import corpora_dir

FILES = {
    "pluralia_tantum": "pluralia-tantum.txt",
    "lexicalized_plurals": "lexicalized-plurals.txt",
    "lexicalized_diminutives": "lexicalized-diminutives.txt",
    "proper_nouns": "proper-noun-markers.txt",
    "common_nouns": "common-noun-markers.txt",
}
# Hand-written lists (not made by corpora/curated/derive.py); a directory without them has none.
HAND_WRITTEN = {
    "function_word_homographs": "function-word-homographs.txt",
    "brand_names": "brand-names.txt",  # merged into proper_nouns
    "region_modifiers": "region-modifiers.txt",
    "name_heads": "name-heads.txt",
}


def default_curated_dir() -> Path:
    return corpora_dir() / "curated"


def read_list(path: Path, problems: list[Problem]) -> frozenset[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(Problem("file is missing", str(path)))
        return frozenset()
    except UnicodeDecodeError as exc:
        problems.append(Problem(f"not UTF-8 at byte {exc.start}", str(path)))
        return frozenset()
    except OSError as exc:
        problems.append(Problem(f"cannot read ({exc.strerror})", str(path)))
        return frozenset()
    words: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        word = line.split("#", 1)[0].strip()
        if not word:
            continue
        if any(ch.isspace() for ch in word):
            problems.append(Problem(f"one word per line expected, got {word!r}", str(path), number))
        elif word in words:
            problems.append(Problem(f"{word!r} is listed twice (first on line {words[word]})", str(path), number))
        else:
            words[word] = number
    return frozenset(words)


def read_particles(path: Path, problems: list[Problem]) -> frozenset[str]:
    """The first column of a tab-separated table with a header line (particles.tsv: particle, kind, note)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(Problem(f"cannot read the particle table ({exc})", str(path)))
        return frozenset()
    return frozenset(line.split("\t", 1)[0].strip() for line in lines if line.strip())


def load_curated(directory: str | Path | None = None) -> CuratedLists:
    """The curated lists from `directory` (default: the bundled corpora/curated)."""
    directory = Path(directory) if directory is not None else default_curated_dir()
    if directory == default_curated_dir():
        return _load_default()
    return _load(directory)


@lru_cache(maxsize=1)
def _load_default() -> CuratedLists:
    return _load(default_curated_dir())


def _load(directory: Path) -> CuratedLists:
    problems: list[Problem] = []
    lists = {field: read_list(directory / name, problems) for field, name in FILES.items()}
    extra = {field: read_list(directory / name, problems) if (directory / name).exists() else frozenset()
             for field, name in HAND_WRITTEN.items()}
    lists["proper_nouns"] |= extra["brand_names"]
    lists["function_word_homographs"] = extra["function_word_homographs"]
    lists["region_modifiers"] = extra["region_modifiers"]
    lists["name_heads"] = extra["name_heads"]
    lists["verb_particles"] = read_particles(corpora_dir() / "german-forms" / "particles.tsv", problems)
    if problems:
        raise InputFileError(f"the curated word lists in {directory} have problems",
                             "Fix the listed lines: one word per line, comments after '#'.", problems)
    return CuratedLists(**lists)
