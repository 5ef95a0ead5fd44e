"""`word_policy.default_sources`: what `build` reads without --source, as ruleset data."""

from __future__ import annotations

import json

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset


def ruleset_file(tmp_path, sources: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: smartfeud\nname: house\nword_policy:\n  default_sources: {sources}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name, sources", [
    ("smartfeud", [("german-nouns/nouns.csv.xz", "auto"), ("german-forms/forms.tsv.xz", "auto")]),
    ("webfeud", [("german-nouns/nouns.csv.xz", "auto"), ("german-forms/forms.tsv.xz", "auto")]),
    ("wortspieler", [("german-nouns/nouns.csv.xz", "auto"), ("curated/lexicalized-diminutives.txt", "auto"),
                     ("german-forms/forms.tsv.xz", "forms-nouns")]),
    ("webfeud-en", []),
])
def test_bundled_rulesets_name_their_corpora(name, sources):
    assert [(s.path, s.format) for s in load_ruleset(name).word_policy.default_sources] == sources


def test_a_default_source_names_its_format(cli, tmp_path):
    """`{path, format}`: the word list is read as the format the ruleset names, not as detected."""
    path = ruleset_file(tmp_path, "[{path: fixtures/wordlist/words-utf8.txt, format: wordlist}]")
    result = cli("build", "--ruleset", str(path), "-o", str(tmp_path / "h.lex"))
    assert result.exit_code == 0, result.output
    bad = ruleset_file(tmp_path, "[{path: fixtures/wordlist/words-utf8.txt, format: mapping:x.yaml}]")
    result = cli("ruleset", "validate", str(bad))
    assert result.exit_code == 2 and "format" in result.output and "Traceback" not in result.output


def test_build_reads_the_rulesets_default_sources(cli, tmp_path):
    path = ruleset_file(tmp_path, "[fixtures/wordlist/words-utf8.txt]")
    result = cli("build", "--ruleset", str(path), "-o", str(tmp_path / "h.lex"))
    assert result.exit_code == 0, result.output
    assert "words-utf8.txt" in result.stdout
    assert cli("check", "--lexicon", str(tmp_path / "h.lex"), "Haus").exit_code == 0


def test_no_bundled_corpus_is_a_clear_error(cli, tmp_path):
    result = cli("build", "--ruleset", "webfeud-en", "-o", str(tmp_path / "en.lex"))
    assert result.exit_code == 2
    assert "default_sources" in result.output and "--source" in result.output
    assert not (tmp_path / "en.lex").exists()


@pytest.mark.parametrize("sources", ["[../../etc/passwd]", "[/etc/passwd]", "[german-nouns/../../x]"])
def test_a_ruleset_cannot_name_a_file_outside_the_bundled_corpora(cli, tmp_path, sources):
    result = cli("ruleset", "validate", str(ruleset_file(tmp_path, sources)))
    assert result.exit_code == 2
    assert "default_sources" in result.output and "Traceback" not in result.output


def test_the_curated_allow_lists_bring_bruckchen_into_wortspieler(cli, tmp_path):
    """The seed names Brückchen as allowed, but no dictionary source lists it: the curated list that
    names it is one of Wortspieler's default sources, and the filter accepts it with its reason. Built
    from that list alone (the other default sources are big); Häuschen, on no list, stays out."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: wortspieler\nname: house\nword_policy:\n"
                    "  default_sources: [curated/lexicalized-diminutives.txt]\n", encoding="utf-8")
    assert "curated/lexicalized-diminutives.txt" in {s.path for s in load_ruleset("wortspieler").word_policy.default_sources}
    lexicon = tmp_path / "h.lex"
    result = cli("build", "--ruleset", str(path), "-o", str(lexicon))
    assert result.exit_code == 0, result.output
    result = cli("check", "--lexicon", str(lexicon), "--json", "--no-suggest", "Brückchen", "Häuschen")
    verdicts = {v["word"]: (v["valid"], v["reason"]) for v in map(json.loads, result.stdout.splitlines())}
    assert verdicts == {"Brückchen": (True, "lexicalized-diminutive"), "Häuschen": (False, "not-in-lexicon")}
