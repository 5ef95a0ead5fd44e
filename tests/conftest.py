"""Shared test fixtures. Tests never reach the network."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from lexicon_tools.cli.app import app


@pytest.fixture(autouse=True)
def isolated_data_home(tmp_path_factory, monkeypatch):
    """Built lexicons go to a per-test temp dir, never to the user's home."""
    home = tmp_path_factory.mktemp("lt-home")
    monkeypatch.setenv("LEXICON_TOOLS_HOME", str(home))
    monkeypatch.setenv("LEXICON_TOOLS_LANG", "en")    # documented outputs are English, whatever the locale
    return home


@pytest.fixture
def cli():
    """Invoke the real CLI: cli("ruleset", "list") -> click Result."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)

    return invoke
