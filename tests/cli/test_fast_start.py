"""`main` starts the word judge's commands (check, judge) without registering the other commands."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from lexicon_tools.cli import app as app_module
from tests.cli.test_query import lexicon  # noqa: F401 - the fixture: a small default Wortspieler lexicon


@pytest.mark.parametrize(("args", "name"), [
    (["check", "Haus"], "check"),
    (["--lang", "de", "check", "Haus"], "check"),
    (["--verbose", "judge"], "judge"),
    (["build", "--ruleset", "smartfeud"], "build"),
    (["--help", "check"], None),       # the root's help lists every command: the whole CLI
    (["--version"], None),
    ([], None),
])
def test_the_command_name_is_the_first_argument_that_is_no_root_option(args, name):
    assert app_module.command_name(args) == name


@pytest.mark.parametrize("name", sorted(app_module.FAST_COMMANDS))
def test_a_fast_command_is_the_same_command_as_in_the_whole_cli(name):
    fast = app_module.build([(app_module.FAST_COMMANDS[name], None)])
    runner = CliRunner()
    alone = runner.invoke(fast, [name, "--help"], prog_name="lexicon-tools")
    whole = runner.invoke(app_module.app, [name, "--help"], prog_name="lexicon-tools")
    assert alone.exit_code == whole.exit_code == 0
    assert alone.output == whole.output


def test_check_starts_without_the_other_command_modules(lexicon):
    code = ("import sys\nsys.argv = ['lexicon-tools', 'check', 'Haus']\nfrom lexicon_tools.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n"
            "print(sorted(m for m in sys.modules if m.startswith('lexicon_tools.cli.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(eval(out.stdout.strip().splitlines()[-1]))  # noqa: S307 - our own subprocess's list
    assert "lexicon_tools.cli.query" in loaded
    assert not loaded & {"lexicon_tools.cli.serve", "lexicon_tools.cli.play", "lexicon_tools.cli.build"}
