"""Real data for the policy tests: the bundled corpus compiled once per session, the shipped model."""

from __future__ import annotations

import pytest

from lexicon_tools.io.formats.morphology import load_base_lexicon, shipped_model_dir, verify_model_dir
from lexicon_tools.io.formats.rulesets import load_ruleset


@pytest.fixture(scope="session")
def corpus_lexicon():
    """The bundled german-nouns corpus as a morphological lexicon (read by the real CSV reader)."""
    return load_base_lexicon()


@pytest.fixture(scope="session")
def real_analyzer(corpus_lexicon):
    """The real spaCy pipeline: lexicon component + the shipped fallback model."""
    from lexicon_tools.morph.pipeline import SpacyAnalyzer, build_pipeline

    return SpacyAnalyzer(corpus_lexicon, build_pipeline(corpus_lexicon, verify_model_dir(shipped_model_dir())))


@pytest.fixture(scope="session")
def wortspieler():
    return load_ruleset("wortspieler")


@pytest.fixture(scope="session")
def smartfeud():
    return load_ruleset("smartfeud")
