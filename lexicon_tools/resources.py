"""Locate the bundled data directories (`rulesets/`, `corpora/`).

In a wheel they are shipped as `lexicon_tools/_data/{rulesets,corpora}` (see
`[tool.hatch.build.targets.wheel.force-include]`); in a source checkout or an
editable install they are the top-level folders next to the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    shipped = _PACKAGE / "_data" / name
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / name


def rulesets_dir() -> Path:
    return data_dir("rulesets")


def corpora_dir() -> Path:
    return data_dir("corpora")
