"""Atomic writes keep the previous file when a write fails."""

from __future__ import annotations

import pytest

from lexicon_tools.io.guard.atomic import atomic_open, atomic_write_text


def test_successful_write_replaces_the_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    atomic_write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert list(tmp_path.iterdir()) == [target]


def test_failed_write_leaves_the_previous_file_and_no_temp_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError):
        with atomic_open(target) as handle:
            handle.write("partial")
            raise RuntimeError("interrupted")
    assert target.read_text(encoding="utf-8") == "old"
    assert list(tmp_path.iterdir()) == [target]


def test_written_file_gets_the_usual_permissions(tmp_path):
    import os

    mask = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "f.txt", "x")
    finally:
        os.umask(mask)
    assert (tmp_path / "f.txt").stat().st_mode & 0o777 == 0o644


def test_temp_files_are_named_for_the_tool_and_stale_ones_are_cleared(tmp_path):
    import os
    import subprocess
    import sys

    from lexicon_tools.io.guard.atomic import remove_stale_temps

    target = tmp_path / "out.txt"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".out.txt.lexicon-tools-tmp-{dead.stdout.strip()}"
    live = tmp_path / f".out.txt.lexicon-tools-tmp-{os.getppid()}"
    other = tmp_path / ".other.txt.lexicon-tools-tmp-1"
    for path in (stale, live, other):
        path.write_text("x", encoding="utf-8")
    with atomic_open(target) as handle:
        assert (tmp_path / f".out.txt.lexicon-tools-tmp-{os.getpid()}").is_file()
        handle.write("new")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, live.name, other.name])
    assert remove_stale_temps(target) == []


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "t.txt").write_text("old", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to("real/t.txt")
    atomic_write_text(tmp_path / "link.txt", "new")
    assert (tmp_path / "link.txt").is_symlink()
    assert (tmp_path / "real" / "t.txt").read_text(encoding="utf-8") == "new"


def test_an_existing_file_keeps_its_permissions(tmp_path):
    target = tmp_path / "private.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o600)
    atomic_write_text(target, "new")
    assert target.stat().st_mode & 0o777 == 0o600


def test_check_outputs_compares_files_not_names(tmp_path, monkeypatch):
    from lexicon_tools.errors import OutputFileError
    from lexicon_tools.io.guard.paths import check_outputs

    (tmp_path / "sub").mkdir()
    words = tmp_path / "words.txt"
    words.write_text("Haus\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "sub")
    with pytest.raises(OutputFileError, match="same file as the input"):
        check_outputs(["../words.txt"], [words])
    with pytest.raises(OutputFileError, match="are the same file"):
        check_outputs(["new.jsonl", "../sub/new.jsonl"])  # neither exists yet
    check_outputs(["new.jsonl", None], ["wortspieler", None, words])  # a name that is no file is no input
    with pytest.raises(OutputFileError, match="path is empty"):
        check_outputs([""])
