"""The stem-form rule's phonology: which endings German puts on which stems (the real rule: test_wortspieler_defaults)."""

from __future__ import annotations

import pytest

from lexicon_tools.policy.stem_forms import _inflects


@pytest.mark.parametrize(("stem", "ending", "inflects"), [
    ("DACH", "S", True), ("GAUS", "S", False), ("FAX", "S", False), ("WALZ", "S", False), ("GAUS", "ES", True),
    ("TRUDE", "N", True), ("ÖKONOMETRIKER", "N", True), ("SESSEL", "N", True), ("AMMAN", "N", False),
    ("FRIEDRICH", "EN", True), ("GNADENAKT", "E", True),
])
def test_endings_follow_the_stem(stem, ending, inflects):
    assert _inflects(stem, ending) is inflects
