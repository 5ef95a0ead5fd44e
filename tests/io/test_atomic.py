"""Atomic writes keep the previous file when a write fails."""

from __future__ import annotations

import pytest

from lexicon_tools.io.atomic import atomic_open, atomic_write_text


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
