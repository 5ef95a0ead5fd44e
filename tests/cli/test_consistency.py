"""The CLI behaves the same everywhere: lexicon options, plain output in pipes, notes on stderr."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer

from lexicon_tools.cli.app import app
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.resources import default_lexicon_path

LEXICON_READERS = {"check", "judge", "anagram", "pattern", "stats", "export", "play", "replay"}


def _commands(group, prefix=()):
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _commands(command, prefix + (name,))
        else:
            yield " ".join(prefix + (name,)), command


def _flags(command) -> set[str]:
    return {opt for param in command.params for opt in getattr(param, "opts", [])}


def test_every_command_that_reads_a_lexicon_takes_l_lexicon_and_r_ruleset():
    commands = dict(_commands(typer.main.get_command(app)))
    readers = LEXICON_READERS | {name for name, cmd in commands.items() if "--lexicon" in _flags(cmd)}
    assert LEXICON_READERS <= set(commands)
    wrong = {name: sorted({"-l", "--lexicon", "-r", "--ruleset"} - _flags(commands[name])) for name in readers}
    assert {name: missing for name, missing in wrong.items() if missing} == {}


@pytest.fixture
def lexicon(isolated_data_home):
    rs = load_ruleset("wortspieler")
    alphabet = rs.make_alphabet()
    rows = [("Haus", True, "nom-sg"), ("Häuser", False, "inflected-form:plural-of:HAUS"), ("Maus", True, "nom-sg")]
    verdicts = [Verdict(Entry(w, lemma=w, pos="NOUN"), alphabet.normalize(w), v, r) for w, v, r in rows]
    path = default_lexicon_path("wortspieler")
    build_from_verdicts(rs, verdicts, path, date="2026-01-01T00:00:00Z")
    return path


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """The real CLI with stdout and stderr going to pipes, as in `lexicon-tools ... | less`."""
    return subprocess.run([sys.executable, "-m", "lexicon_tools", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("args", [
    ("check", "Haus", "Häuser"), ("check", "--json", "Haus"), ("anagram", "SUAH"), ("pattern", "?AUS"),
    ("stats", "-r", "wortspieler"), ("board", "show", "smartfeud"), ("ruleset", "show", "wortspieler"),
    ("board", "compare", "webfeud", "smartfeud"), ("board", "validate", "smartfeud"),
], ids=lambda a: " ".join(a[:2]))
def test_output_into_a_pipe_has_no_escape_codes(lexicon, args):
    done = run(*args)
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout and "\x1b" not in done.stdout + done.stderr


@pytest.mark.parametrize("args", [("anagram", "QQQ"), ("pattern", "X?X?X"), ("ruleset", "diff", "webfeud", "webfeud")])
def test_empty_results_say_so_on_stderr_and_leave_stdout_empty(lexicon, args):
    done = run(*args)
    assert done.returncode == 0 and done.stdout == "" and done.stderr.startswith("No ")


def test_overflow_notes_go_to_stderr(lexicon):
    done = run("pattern", "*", "--limit", "1")
    assert len(done.stdout.splitlines()) == 1 and "more words not shown" in done.stderr


@pytest.mark.parametrize("args", [("check",), ("no-such-command",), ("board", "show", "no-such-board")])
def test_errors_into_a_pipe_are_plain_text_with_exit_2(args):
    done = run(*args)
    assert done.returncode == 2 and "Error" in done.stderr and "\x1b" not in done.stdout + done.stderr
