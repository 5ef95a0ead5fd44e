"""Atomic directory output: the previous directory stays whole until the new one is complete."""

from __future__ import annotations

import os

import pytest

from lexicon_tools.io.guard.atomic_dir import atomic_directory


def _folder(path, text):
    path.mkdir()
    (path / "file.txt").write_text(text, encoding="utf-8")


def test_a_failing_block_leaves_the_previous_directory_and_no_staging(tmp_path):
    _folder(tmp_path / "model", "old")
    with pytest.raises(RuntimeError):
        with atomic_directory(tmp_path / "model") as staging:
            (staging / "file.txt").write_text("half", encoding="utf-8")
            raise RuntimeError("interrupted")
    assert os.listdir(tmp_path) == ["model"]
    assert (tmp_path / "model" / "file.txt").read_text(encoding="utf-8") == "old"


def test_the_new_directory_replaces_the_old_one_and_the_old_one_is_gone(tmp_path):
    _folder(tmp_path / "model", "old")
    with atomic_directory(tmp_path / "model") as staging:
        (staging / "file.txt").write_text("new", encoding="utf-8")
        assert (tmp_path / "model" / "file.txt").read_text(encoding="utf-8") == "old"  # until the swap
    assert os.listdir(tmp_path) == ["model"]
    assert (tmp_path / "model" / "file.txt").read_text(encoding="utf-8") == "new"


def test_a_refusing_validator_stops_the_swap(tmp_path):
    _folder(tmp_path / "model", "old")

    def refuse(_target):
        raise ValueError("not a model")

    with pytest.raises(ValueError):
        with atomic_directory(tmp_path / "model", validate=refuse) as staging:
            (staging / "file.txt").write_text("new", encoding="utf-8")
    assert os.listdir(tmp_path) == ["model"]
    assert (tmp_path / "model" / "file.txt").read_text(encoding="utf-8") == "old"


def test_a_run_killed_between_the_fallback_renames_gets_its_previous_directory_back(tmp_path):
    # what the two-rename fallback leaves when killed after moving the old directory aside
    _folder(tmp_path / ".model.lexicon-tools-old", "old")
    with pytest.raises(RuntimeError):
        with atomic_directory(tmp_path / "model"):
            assert (tmp_path / "model" / "file.txt").read_text(encoding="utf-8") == "old"
            raise RuntimeError("the next run fails too")
    assert os.listdir(tmp_path) == ["model"]
    assert (tmp_path / "model" / "file.txt").read_text(encoding="utf-8") == "old"
