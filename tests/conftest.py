"""Shared test fixtures. Tests never reach the network."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexicon_tools.cli.app import app

HERE = Path(__file__).parent
# Folders whose tests share one pytest-xdist worker (see pytest_collection_modifyitems).
SERIAL_GROUPS = {HERE / "experiments": "dask-cluster", HERE / "web": "browser"}


def pytest_collection_modifyitems(config, items):
    """The suite runs on two pytest-xdist workers (pyproject: ``-n 2 --dist loadgroup``).

    - The sweep tests share one session Dask cluster, and some kill its workers on purpose: they all go
      to one worker, so two clusters never compete and a restarted Dask worker is back before the next
      sweep scatters.
    - The table page's tests drive chromium against `serve` subprocesses with timed waits: one browser
      at a time, so two chromiums never share the two cores.
    """
    for item in items:
        for folder, group in SERIAL_GROUPS.items():
            if item.path.is_relative_to(folder):
                item.add_marker(pytest.mark.xdist_group(group))


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
