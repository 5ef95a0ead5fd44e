"""The curated word lists: the bundled files, their derivation, and located errors in broken lists."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lexicon_tools.errors import InputFileError
from lexicon_tools.io.formats.curated import FILES, HAND_WRITTEN, default_curated_dir, load_curated

NAMES = list(FILES.values())


def test_the_bundled_lists():
    lists = load_curated()
    assert {"Eltern", "Leute", "Ferien", "Kosten"} <= lists.pluralia_tantum
    assert "Wahlen" in lists.lexicalized_plurals
    assert {"Mädchen", "Märchen", "Kaninchen", "Brötchen"} <= lists.lexicalized_diminutives
    assert not {"Häuschen", "Hündchen", "Büchlein"} & lists.lexicalized_diminutives
    assert {"Berlin", "Goethe", "Paris"} <= lists.proper_nouns and "Hund" not in lists.proper_nouns
    assert "Sonne" in lists.common_nouns


@pytest.mark.parametrize("name", NAMES)
def test_every_list_says_how_it_was_made(name):
    text = (default_curated_dir() / name).read_text(encoding="utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert text.startswith("# ") and any("derive.py" in line for line in header)
    assert any("review" in line for line in header) and any("CC BY-SA" in line for line in header)


def test_the_hand_written_lists(tmp_path):
    lists = load_curated()
    assert {"Facebook", "Twitter", "Linux", "Xbox"} <= lists.proper_nouns  # brands are name markers
    assert {"Unix", "Opel"} <= lists.proper_nouns
    assert lists.function_word_homographs == {"Die", "Von", "Oder", "Leider", "Viel", "Man", "Mir", "Bei", "Ihr",
                                              "Euch", "Euer"}
    assert {"Nord", "Ost", "Mittel", "Äquatorial"} <= lists.region_modifiers and "Alt" not in lists.region_modifiers
    for name in HAND_WRITTEN.values():
        header = [line for line in (default_curated_dir() / name).read_text(encoding="utf-8").splitlines()
                  if line.startswith("#")]
        assert any("Hand-written" in line for line in header) and any("licence" in line for line in header)
    write_lists(tmp_path)  # a directory without them has none
    assert load_curated(tmp_path).function_word_homographs == frozenset()
    assert load_curated(tmp_path).region_modifiers == frozenset()


def test_the_lists_are_what_derive_py_makes_from_the_corpus():
    """The committed lists are reproducible: corpus + the review decisions in derive.py."""
    script = default_curated_dir() / "derive.py"
    result = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def write_lists(folder, **overrides):
    for field, name in FILES.items():
        (folder / name).write_text(overrides.get(field, "# header\nWort\n"), encoding="utf-8")


def test_comments_and_blank_lines(tmp_path):
    write_lists(tmp_path, lexicalized_plurals="# how it was made\n\nWahlen   # elections\nNachrichten\n")
    assert load_curated(tmp_path).lexicalized_plurals == {"Wahlen", "Nachrichten"}


def test_every_problem_is_reported_with_file_and_line(tmp_path):
    write_lists(tmp_path, pluralia_tantum="# h\nEltern\nLeute Ferien\nEltern\n",
                proper_nouns="# h\nBerlin\n")
    (tmp_path / FILES["common_nouns"]).unlink()
    (tmp_path / FILES["lexicalized_diminutives"]).write_bytes(b"# h\nM\xe4dchen\n")
    with pytest.raises(InputFileError) as caught:
        load_curated(tmp_path)
    text = caught.value.render()
    assert "pluralia-tantum.txt:3" in text and "one word per line" in text
    assert "pluralia-tantum.txt:4" in text and "listed twice" in text
    assert "common-noun-markers.txt: file is missing" in text
    assert "lexicalized-diminutives.txt: not UTF-8" in text
    assert len(caught.value.problems) == 4
