"""Round two of hostile inputs (issue 29), class "inputs that are not regular files or streams".

Each case runs the real CLI in a subprocess (`hostile_kit.run`: peak memory measured, leftover
processes looked for) and failed before its fix:

* H3: leave files (`leaves show|import`, `play --leaves`, `leaves train --start`) and `build --verdicts`
  read /dev/zero or /dev/urandom until MemoryError and blocked forever on a FIFO without a writer.
  One check now opens every such input (`io.guard.paths.open_regular`): regular files only, without
  blocking, a size bound;
* T1: a closed standard input crashed `import -` and `judge`;
* T2: `build -s -` ran the whole build, then crashed writing the provenance.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hostile_kit import intact, previous, refused, run, small_lexicon


@pytest.fixture(scope="module")
def lex(tmp_path_factory) -> Path:
    return small_lexicon(tmp_path_factory.mktemp("lex"))


def _input(kind: str, folder: Path) -> str:
    if kind == "fifo":
        os.mkfifo(folder / "leaves.fifo")  # nobody ever writes to it: reading would block forever
        return "leaves.fifo"
    return kind


READERS = {  # command, with X for the hostile input; the output each may not touch
    "leaves show": (["leaves", "show", "X"], None),
    "leaves import": (["leaves", "import", "X", "-r", "webfeud", "-o", "out.leaves"], "out.leaves"),
    "play --leaves": (["play", "-r", "webfeud", "-l", "LEX", "-n", "1", "--leaves", "X", "-q"], None),
    "leaves train --start": (["leaves", "train", "-r", "webfeud", "-l", "LEX", "-n", "1", "-i", "1", "--start", "X",
                              "-o", "out.leaves", "-q"], "out.leaves"),
    "build --verdicts": (["build", "-r", "webfeud", "--verdicts", "X", "-o", "out.lex", "-q"], "out.lex"),
}
NAMED = {"/dev/zero": "is a character device", "/dev/urandom": "is a character device",
         "fifo": "is a FIFO (named pipe)"}


# Every reader with a FIFO, two with /dev/zero, one with /dev/urandom (the check is one function: suite time)
CASES = ([(reader, "fifo") for reader in READERS] + [("leaves show", "/dev/zero"), ("build --verdicts", "/dev/zero"),
                                                     ("leaves import", "/dev/urandom")])


@pytest.mark.parametrize(("reader", "kind"), CASES)
def test_a_device_or_fifo_as_a_whole_file_input_is_named_and_never_read(tmp_path, lex, reader, kind):
    args, output = READERS[reader]
    name = _input(kind, tmp_path)
    if output:
        previous(tmp_path / output)
    args = [name if a == "X" else str(lex) if a == "LEX" else a for a in args]
    done = run(*args, cwd=tmp_path, timeout=30)
    refused(done, f"{name}: {NAMED[kind]}", "it was not read")
    if output:
        assert intact(tmp_path / output)


def test_a_leave_file_over_its_size_bound_is_refused_without_reading_it_whole(tmp_path):
    with open(tmp_path / "big.leaves", "wb") as handle:
        handle.truncate((256 << 20) + 1)  # sparse: costs no disk
    refused(run("leaves", "show", "big.leaves", cwd=tmp_path), "big.leaves: is larger than 268,435,456 bytes")


@pytest.mark.parametrize("args", [["import", "-", "-o", "out.jsonl"], ["judge", "-l", "LEX"]],
                         ids=["import -", "judge"])
def test_a_closed_standard_input_is_a_message(tmp_path, lex, args):
    previous(tmp_path / "out.jsonl")
    done = run(*[str(lex) if a == "LEX" else a for a in args], cwd=tmp_path, close_stdin=True)
    refused(done, "standard input is closed")
    assert intact(tmp_path / "out.jsonl")


def test_build_from_standard_input_is_refused_before_any_work(tmp_path):
    previous(tmp_path / "out.lex")
    done = run("build", "-r", "webfeud", "-s", "-", "-o", "out.lex", "-q", cwd=tmp_path, input=b"Haus\nBaum\n")
    refused(done, "--source -: a build cannot read standard input")
    assert intact(tmp_path / "out.lex")


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_a_sweeps_lexicon_that_is_a_device_or_fifo_is_a_located_problem(tmp_path, kind):
    name = _input(kind, tmp_path)
    lexicon = tmp_path / name if kind == "fifo" else Path(kind)
    (tmp_path / "e.yaml").write_text(f"name: e\nbase: webfeud\nlexicon: {lexicon}\ngames: 2\nseed: 1\n"
                                     "strategies: greedy\ngrid:\n  blanks:\n    two: {}\n", encoding="utf-8")
    refused(run("sweep", "e.yaml", "--check", cwd=tmp_path, timeout=60), "e.yaml", NAMED[kind])
