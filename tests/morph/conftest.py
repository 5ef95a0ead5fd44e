"""Shared data for the morphology tests: real corpus slices, a tiny model trained once per session."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from lexicon_tools.io.readers import iter_entries
from lexicon_tools.morph.lexicon import MorphLexicon
from lexicon_tools.resources import default_corpus

TINY_CONFIG = Path(__file__).parent / "data" / "tiny.cfg"


@pytest.fixture(scope="session")
def corpus_slice():
    """The first 6,000 entries of the bundled corpus (read by the real CSV reader)."""
    return list(islice(iter_entries(default_corpus(), "csv"), 6000))


@pytest.fixture(scope="session")
def slice_lexicon(corpus_slice):
    return MorphLexicon.from_entries(corpus_slice)


@pytest.fixture(scope="session")
def tiny_model(slice_lexicon, tmp_path_factory):
    """A fallback model trained by the real training code with the tiny config, saved with its manifest."""
    from lexicon_tools.io.formats.morphology import save_model
    from lexicon_tools.morph.train import train_fallback

    nlp, report = train_fallback(slice_lexicon, TINY_CONFIG)
    return save_model(nlp, tmp_path_factory.mktemp("models") / "tiny", report.to_meta()), report


@pytest.fixture(scope="session")
def corpus_lexicon():
    from lexicon_tools.io.formats.morphology import load_base_lexicon

    return load_base_lexicon()
