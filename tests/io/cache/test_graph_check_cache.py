"""A lexicon's word graph is walked by the structural check once per content, not on every load.

A spy around the real checker (`lexicon.kwg_check.kwg_problems`) counts the walks; the .lex files
are real, built by the pipeline, and the crafted one is a real file with a valid checksum.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from lexicon_tools.errors import LexiconFileError
from lexicon_tools.io.cache import graph_check_cache
from lexicon_tools.io.formats.lexfile import encode_lexicon, load_lexicon, parse_sections
from lexicon_tools.lexicon import kwg_check
from tests.io.formats.test_lexfile import build, ruleset  # noqa: F401  (ruleset: the module's fixture)


@pytest.fixture
def walks(monkeypatch):
    real, seen = kwg_check.kwg_problems, []

    def counting(kwg, letters, **options):
        seen.append(len(kwg.nodes))
        return real(kwg, letters, **options)

    monkeypatch.setattr(kwg_check, "kwg_problems", counting)
    return seen


@pytest.fixture
def lexicon(tmp_path, ruleset):
    path = tmp_path / "small.lex"
    build(ruleset, path)
    return path


def test_a_graph_that_passed_is_not_walked_again(lexicon, walks):
    first = load_lexicon(lexicon)
    again = load_lexicon(lexicon)
    assert len(walks) == 1
    assert again.is_valid("Haus") and first.is_valid("Haus") and not again.is_valid("Häuser")
    assert len(list(graph_check_cache.folder().iterdir())) == 1


def test_a_copy_elsewhere_with_the_same_graph_is_trusted_a_changed_graph_is_not(lexicon, walks, tmp_path, ruleset):
    load_lexicon(lexicon)
    copy = tmp_path / "copy.lex"
    copy.write_bytes(lexicon.read_bytes())
    load_lexicon(copy)
    assert len(walks) == 1
    other = tmp_path / "other.lex"
    build(ruleset, other, rows=[("Maus", "Maus", True, "nom-sg")])
    load_lexicon(other)
    assert len(walks) == 2


def test_a_crafted_graph_is_refused_on_every_load_and_never_recorded(lexicon, walks, tmp_path):
    sections = parse_sections(lexicon.read_bytes(), str(lexicon))
    nodes = np.frombuffer(bytes(sections[b"KWG_"]), "<u4").copy()
    nodes[-1] = (nodes[-1] & np.uint32(0xFFFFFF)) | np.uint32(200 << 24)     # a tile beyond the alphabet
    crafted = tmp_path / "crafted.lex"
    meta = json.loads(bytes(sections[b"META"]).decode())
    crafted.write_bytes(encode_lexicon(meta, nodes.tobytes(), bytes(sections[b"VRDT"])))
    for _ in range(2):
        with pytest.raises(LexiconFileError, match="word graph is corrupt"):
            load_lexicon(crafted)
    assert len(walks) == 2
    assert not graph_check_cache.folder().exists() or not any(graph_check_cache.folder().iterdir())


def test_new_checker_code_checks_again(lexicon, walks, monkeypatch):
    load_lexicon(lexicon)
    monkeypatch.setattr(graph_check_cache, "checker_digest", lambda: "another checker")
    load_lexicon(lexicon)
    assert len(walks) == 2


def test_an_unwritable_cache_costs_only_the_check(lexicon, walks, monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setattr(graph_check_cache, "folder", lambda: blocker / "graph-checked")
    load_lexicon(lexicon)
    load_lexicon(lexicon)
    assert len(walks) == 2
