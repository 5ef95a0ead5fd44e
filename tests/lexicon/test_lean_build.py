"""The lean build (compact corpus, one decision per word, import cache) changes no lexicon.

Reference: the per-entry path the build used before (every entry in a list, the dict-based
`MorphLexicon`, one `Verdict` per entry, `decide_words`, `build_from_verdicts`), on slices of
the real bundled corpora. The build under test is the real CLI.
"""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest

from lexicon_tools.jobs.filter import evaluate_with_defaults
from lexicon_tools.io.readers import iter_entries
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.morph.compact import compact, merge
from lexicon_tools.morph.lexicon import LexiconAnalyzer, MorphLexicon
from lexicon_tools.jobs.build import SourceSpec, build_from_verdicts
from lexicon_tools.resources import corpora_dir

DATE = "2026-01-01T00:00:00Z"


def _head(xz: Path, target: Path, lines: int, step: int = 1) -> Path:
    """The header and every `step`-th of the first `lines` rows of a bundled corpus, as a plain file."""
    with lzma.open(xz, "rt", encoding="utf-8") as handle:
        rows = [next(handle) for _ in range(lines)]
    target.write_text(rows[0] + "".join(rows[1::step]), encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> list[SourceSpec]:
    folder = tmp_path_factory.mktemp("lean-sources")
    nouns = _head(corpora_dir() / "german-nouns" / "nouns.csv.xz", folder / "nouns.csv", 40000, step=7)
    forms = _head(corpora_dir() / "german-forms" / "forms.tsv.xz", folder / "forms.tsv", 60000, step=5)
    extra = folder / "extra.tsv"  # capitals in a mixed-case source, a name beside a common word, respellings
    extra.write_text("form\tlemma\tpos\nBMW\tBMW\tPROPN\nBMWs\tBMW\tPROPN\nweil\tweil\tSCONJ\nWeil\tWeil\tPROPN\n"
                     "Haus\tHaus\tNOUN\nhaus\thausen\tVERB\nHAUS\tHAUS\tNOUN\nStrasse\tStraße\tNOUN\n", encoding="utf-8")
    return [SourceSpec(nouns, "csv"), SourceSpec(forms, "forms"), SourceSpec(extra, "forms")]


def _entries(specs: list[SourceSpec]) -> list[Entry]:
    return [e for spec in specs for e in iter_entries(spec.path, spec.fmt)]


def _reference_analyzer(entries: list[Entry], ruleset):
    """The analyzer as the build made it before: the dict-based lexicon of every entry."""
    lexicon = MorphLexicon.from_entries(entries)
    if ruleset.word_policy.kind == "all_forms":
        return LexiconAnalyzer(lexicon)
    from lexicon_tools.io.formats.morphology import shipped_model_dir
    from lexicon_tools.morph.pipeline import SpacyAnalyzer, build_pipeline

    return SpacyAnalyzer(lexicon, build_pipeline(lexicon, shipped_model_dir()))


@pytest.mark.parametrize("name", ["wortspieler", "smartfeud"])
def test_the_build_is_byte_identical_to_the_per_entry_path(cli, tmp_path, sources, name):
    ruleset = load_ruleset(name)
    entries = _entries(sources)
    reference = tmp_path / "reference.lex"
    verdicts = evaluate_with_defaults(entries, ruleset, analyzer=_reference_analyzer(entries, ruleset))
    build_from_verdicts(ruleset, verdicts, reference, sources=sources, date=DATE)
    built = tmp_path / "built.lex"
    args = ["build", "--ruleset", name, "-o", str(built), "--date", DATE, "--quiet"]
    for spec in sources:
        args += ["--source", str(spec.path), "--format", spec.fmt]
    assert cli(*args).exit_code == 0
    assert built.read_bytes() == reference.read_bytes()


def test_the_compact_corpus_reads_like_the_morphological_lexicon(sources):
    entries = _entries(sources) + [
        Entry("Atlas", "Atlas", "PROPN", {"Case": "Nom", "Number": "Sing"}, (), "x.csv:1"),
        Entry("Atlas", None, "PROPN", {}, (), "x.csv:2"),  # a headword repeating the reading: dropped
        Entry("atlas", source="list.txt:3"),  # no part of speech: no reading
        Entry("Band", "Band", "NOUN", {"Case": "Nom,Acc", "Number": "Sing", "Gender": "Masc,Neut"}, ("x",), "d#e7"),
    ]
    old, new = MorphLexicon.from_entries(entries), compact(entries)
    assert list(new.forms()) == list(old.forms())
    assert len(new) == len(old)
    half = len(entries) // 2
    assert list(merge([compact(entries[:half]), compact(entries[half:])]).forms()) == list(old.forms())
    for form in ("HAUS", "ATLAS", "Atlas", "atlas", "BAND", "WEIL", "Weil", "nichts"):
        assert new.lookup(form) == old.lookup(form), form
    for noun in ("Haus", "Band", "Eltern", "Garten"):
        assert new.head_count(noun) == old.head_count(noun), noun


def test_a_house_rule_rebuild_reuses_the_import_and_a_bad_cache_file_is_rebuilt(cli, tmp_path, sources,
                                                                               isolated_data_home):
    spec = sources[1]
    variant = tmp_path / "variant.yaml"
    variant.write_text("extends: smartfeud\nname: variant\ntitle: v\nword_policy:\n  allow_proper_nouns: true\n",
                       encoding="utf-8")

    def build(ruleset: str, out: str, *extra: str):
        result = cli("build", "--ruleset", ruleset, "--source", str(spec.path), "-o", str(tmp_path / out),
                     "--date", DATE, *extra)
        assert result.exit_code == 0, result.output
        return result.output

    cache = isolated_data_home / "cache" / "import"
    assert "import cache" not in build("smartfeud", "first.lex")
    files = list(cache.glob("*.corpus"))
    assert len(files) == 1
    assert "from the import cache" in build(str(variant), "cached.lex")
    build(str(variant), "cold.lex", "--no-cache")
    assert (tmp_path / "cached.lex").read_bytes() == (tmp_path / "cold.lex").read_bytes()
    assert (tmp_path / "first.lex").read_bytes() != (tmp_path / "cold.lex").read_bytes()

    good = files[0].read_bytes()
    for damaged in (good[:-1] + bytes([good[-1] ^ 1]), good[: len(good) // 2], b"", b"not a cache file"):
        files[0].write_bytes(damaged)
        assert "import cache" not in build(str(variant), "again.lex")  # ignored, read again
        assert (tmp_path / "again.lex").read_bytes() == (tmp_path / "cold.lex").read_bytes()
        assert files[0].read_bytes() == good  # and written anew

    spec.path.write_text(spec.path.read_text(encoding="utf-8") + "Zzzwort\tZzzwort\tNOUN\n", encoding="utf-8")
    try:
        assert "import cache" not in build(str(variant), "changed.lex")  # new content, new key
        assert len(list(cache.glob("*.corpus"))) == 2
    finally:
        spec.path.write_text(spec.path.read_text(encoding="utf-8").replace("Zzzwort\tZzzwort\tNOUN\n", ""),
                             encoding="utf-8")


def test_no_cache_neither_reads_nor_writes(cli, tmp_path, sources, isolated_data_home):
    result = cli("build", "--ruleset", "smartfeud", "--source", str(sources[2].path), "-o", str(tmp_path / "a.lex"),
                 "--no-cache", "--quiet")
    assert result.exit_code == 0
    assert not (isolated_data_home / "cache").exists()


def test_rank_memo_keys_hold_every_rank_prefix():
    """The judge's rank memo keys a reason by its first characters; every prefix the ranks test must fit."""
    from lexicon_tools.model.verdict import _REJECT_RANK
    from lexicon_tools.policy import judgement, reasons

    assert max(map(len, (*reasons._ACCEPT_ORDER, *_REJECT_RANK))) <= judgement._RANK_KEY
