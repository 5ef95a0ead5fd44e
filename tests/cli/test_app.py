"""The root command: version, help, module entry point, and an `Example:` in every command's help."""

from __future__ import annotations

import subprocess
import sys

import typer

from lexicon_tools import __version__
from lexicon_tools.cli.app import app


def test_version(cli):
    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"lexicon-tools {__version__}"


def test_help_lists_the_ruleset_group(cli):
    result = cli("--help")
    assert result.exit_code == 0
    assert "ruleset" in result.stdout


def _commands(group, prefix=()):
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _commands(command, prefix + (name,))
        else:
            yield prefix + (name,), command


def test_every_command_has_an_example_in_its_help(cli):
    root = typer.main.get_command(app)
    commands = list(_commands(root))
    assert len(commands) >= 4
    missing = []
    for path, _command in commands:
        result = cli(*path, "--help")
        if result.exit_code != 0 or "Example:" not in result.stdout:
            missing.append(" ".join(path))
    assert missing == []


def test_python_dash_m_runs_the_cli():
    out = subprocess.run([sys.executable, "-m", "lexicon_tools", "--version"], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == f"lexicon-tools {__version__}"


def test_usage_error_from_click_exits_2_without_traceback(cli):
    result = cli("ruleset", "show")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
