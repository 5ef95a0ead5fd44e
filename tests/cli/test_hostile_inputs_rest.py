"""Hostile inputs, part 3 (issue 12): the cases parts 1 and 2 left, through the real CLI.

Each case runs ``python -m lexicon_tools`` in a subprocess on real files.
(Same-file outputs, signals, temp files, non-file outputs, encodings, long
lines, stdin and archives are in `test_hostile_inputs.py`; security, crafted
``.lex`` files, YAML bounds, schema ranges and `play` resources in
`test_hostile_inputs_more.py`.) Sections:

1. a huge XML token (comment, attribute value, text, PI, CDATA) in every XML reader;
2. `morph train` replaces its model folder atomically;
3. game records that are FIFOs or devices;
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "lexicon_tools"]
PREVIOUS = "previous output\n"
BIG = 11_000_000  # past the 10,000,000-byte limit for one XML token


def run(*args, cwd: Path, timeout: float = 120, **kwargs):
    done = subprocess.run([*CLI, *map(str, args)], cwd=cwd, capture_output=True, timeout=timeout, **kwargs)
    done.out = done.stdout.decode("utf-8", "replace")
    done.err = done.stderr.decode("utf-8", "replace")
    return done


def refused(result, *fragments: str) -> None:
    assert result.returncode == 2, (result.returncode, result.err)
    assert "Traceback" not in result.err and "Error: " in result.err, result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


# 1. Huge XML tokens -------------------------------------------------------------------------------------------

# Each document: its head (up to the first record's inside), then the hostile token, then the rest.
XML_FORMATS = {
    "tei": ("tei", b'<?xml version="1.0" encoding="UTF-8"?>\n<TEI xmlns="http://www.tei-c.org/ns/1.0">\n'
                   b"<text><body>\n<entry><form><orth>Haus</orth></form></entry>\n<entry>",
            b"<form><orth>Baum</orth></form></entry>\n</body></text></TEI>\n"),
    "wiktionary": ("wiktionary", b'<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/">\n<page>\n'
                                 b"<title>Haus</title><ns>0</ns>\n<revision>",
                   b"<text>== Haus ({{Sprache|Deutsch}}) ==</text></revision>\n</page>\n</mediawiki>\n"),
    "mapping": (f"mapping:{ROOT / 'corpora/mappings/xdxf.yaml'}",
                b'<?xml version="1.0" encoding="UTF-8"?>\n<xdxf>\n<lexicon>\n<ar id="a1"><k>Haus</k></ar>\n<ar>',
                b"<k>Baum</k></ar>\n</lexicon>\n</xdxf>\n"),
}
TOKENS = {  # kind named in the message, and how the token starts and ends
    "comment": (b"<!--", b"-->"),
    "tag with an attribute value": (b'<x a="', b'"/>'),
    "text": (b"<x>", b"</x>"),
    "processing instruction": (b"<?pi ", b"?>"),
    "CDATA section": (b"<x><![CDATA[", b"]]></x>"),
}


def _hostile_xml(path: Path, head: bytes, token: tuple[bytes, bytes], tail: bytes, size: int) -> None:
    block = b"aaaaaaa>b\n" * 100_000  # 1 MB, with ">" and newlines, which end no token
    with open(path, "wb") as out:
        out.write(head + token[0])
        for _ in range(size // len(block) + 1):
            out.write(block)
        out.write(token[1] + tail)


@pytest.mark.parametrize("kind", list(TOKENS))
@pytest.mark.parametrize("reader", list(XML_FORMATS))
def test_a_huge_xml_token_is_refused_at_the_limit_with_its_place(tmp_path, reader, kind):
    fmt, head, tail = XML_FORMATS[reader]
    _hostile_xml(tmp_path / "dict.xml", head, TOKENS[kind], tail, BIG)
    (tmp_path / "out.jsonl").write_text(PREVIOUS, encoding="utf-8")
    line = head.count(b"\n") + 1
    column = len(head) - head.rfind(b"\n") + (3 if kind in ("text", "CDATA section") else 0)
    done = run("import", "dict.xml", "--format", fmt, "-o", "out.jsonl", cwd=tmp_path)
    refused(done, f"dict.xml:{line}:{column}: a {kind} begins here that is longer than 10,000,000 bytes")
    assert (tmp_path / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS


@pytest.mark.parametrize("kind", ["comment", "tag with an attribute value"])
def test_a_256_mb_xml_token_costs_no_more_memory_than_the_limit(tmp_path, kind):
    fmt, head, tail = XML_FORMATS["tei"]
    _hostile_xml(tmp_path / "dict.xml", head, TOKENS[kind], tail, 256 << 20)
    measure = ("import resource, subprocess, sys\n"
               "done = subprocess.run(sys.argv[1:], capture_output=True)\n"
               "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
               "sys.stdout.write(done.stderr.decode())\n")
    try:
        done = subprocess.run([sys.executable, "-c", measure, *CLI, "import", "dict.xml", "--format", fmt,
                               "-o", "out.jsonl"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    finally:
        (tmp_path / "dict.xml").unlink()
    code, max_kb = done.stdout.split("\n", 1)[0].split()
    assert code == "2" and f"a {kind} begins here" in done.stdout, done.stdout
    assert int(max_kb) < 120_000, max_kb  # before: 290 MB for the comment, 1.8 GB for the attribute


def test_an_xml_token_under_the_limit_is_read(tmp_path):
    fmt, head, tail = XML_FORMATS["tei"]
    _hostile_xml(tmp_path / "dict.xml", head, TOKENS["comment"], tail, 8_000_000)
    done = run("import", "dict.xml", "--format", fmt, "-o", "out.jsonl", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.err
    assert (tmp_path / "out.jsonl").read_text(encoding="utf-8").count("\n") == 2


def test_libxml2_limits_are_named_without_its_advice_to_switch_them_off(tmp_path):
    fmt, head, tail = XML_FORMATS["tei"]
    (tmp_path / "deep.xml").write_bytes(head + b"<x>" * 300 + b"</x>" * 300 + tail)
    done = run("import", "deep.xml", "--format", fmt, "-o", "out.jsonl", cwd=tmp_path)
    refused(done, "deep.xml:", "nested deeper than 256 levels")
    assert "XML_PARSE_HUGE" not in done.err




# 2. morph train replaces its model folder atomically -----------------------------------------------------------

TRAIN = ["morph", "train", "--max-examples", "200", "--epochs", "1", "-q", "-o"]


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> Path:
    """A trained model folder to be replaced (copied per test)."""
    folder = tmp_path_factory.mktemp("model")
    done = run(*TRAIN, "model", cwd=folder)
    assert done.returncode == 0, done.err
    return folder / "model"


def _previous_model(model: Path, work: Path) -> dict[str, bytes]:
    import shutil

    shutil.copytree(model, work / "model")
    return tree(work / "model")


def test_morph_train_to_a_file_or_a_folder_that_is_no_model_is_refused_before_training(tmp_path):
    (tmp_path / "words.txt").write_text("Haus\n", encoding="utf-8")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "keep.txt").write_text("keep me\n", encoding="utf-8")
    before = tree(tmp_path)
    refused(run(*TRAIN, "words.txt", cwd=tmp_path, timeout=60), "words.txt exists and is not a directory")
    refused(run(*TRAIN, "notes", cwd=tmp_path, timeout=60), "notes exists and is not a model directory")
    refused(run(*TRAIN, "", cwd=tmp_path, timeout=60), "path is empty")
    assert tree(tmp_path) == before and sorted(p.name for p in tmp_path.iterdir()) == ["notes", "words.txt"]


def test_morph_train_failing_while_saving_keeps_the_previous_model(tmp_path, model):
    before = _previous_model(model, tmp_path)
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))  # noqa: E731
    done = run(*TRAIN, "model", cwd=tmp_path, preexec_fn=limit)
    refused(done, "cannot write the model directory model", "File too large", "previous model is unchanged")
    assert tree(tmp_path / "model") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]  # no staging folder left


def test_morph_train_replaces_a_model_and_clears_what_killed_runs_left(tmp_path, model):
    before = _previous_model(model, tmp_path)
    dead = _dead_pid()
    stale = tmp_path / f".model.lexicon-tools-tmp-{dead}"  # the staging folder of a run killed with -9
    stale.mkdir()
    (stale / "config.cfg").write_text("half written", encoding="utf-8")
    done = run(*TRAIN, "model", "--seed", "5", cwd=tmp_path)
    assert done.returncode == 0, done.err
    after = tree(tmp_path / "model")
    assert after != before and "MANIFEST.json" in after
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]


def _dead_pid() -> int:
    """The PID of a process that has ended."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


# 3. Game records that are not regular files -------------------------------------------------------------------

@pytest.fixture(scope="module")
def game(tmp_path_factory) -> tuple[Path, Path]:
    """A small webfeud lexicon and one record played with it."""
    folder = tmp_path_factory.mktemp("game")
    words = ["HAUS", "BAUM", "MAUS", "ROSE", "TOR", "HOSE", "RAUM", "DOSE", "RAD", "RAT", "TAT", "ORT", "EI",
             "EIS", "OMA", "OPA", "OHR", "AST", "AMT", "ARM", "BAD", "BUS", "DACH", "ENTE", "ESEL", "GRAS"]
    (folder / "w.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    done = run("build", "-r", "webfeud", "--source", "w.txt", "--format", "wordlist", "-o", "w.lex", "-q",
               cwd=folder)
    assert done.returncode == 0, done.err
    done = run("play", "-r", "webfeud", "-l", "w.lex", "-n", "1", "--seed", "3", "--record", "games", "-q",
               cwd=folder)
    assert done.returncode == 0, done.err
    return folder / "w.lex", folder / "games" / "webfeud-0001.gcg"


def _fifo(folder: Path) -> str:
    import os

    os.mkfifo(folder / "fifo.gcg")
    return "fifo.gcg"


NOT_RECORDS = {  # nothing writes to the FIFO: reading it would hang
    "FIFO": (_fifo, "fifo.gcg: is a FIFO (named pipe), not a game record file"),
    "character device": (lambda folder: "/dev/zero", "/dev/zero: is a character device, not a game record file"),
    "directory": (lambda folder: (folder / "dir.gcg").mkdir() or "dir.gcg", "dir.gcg: is a directory"),
    "20 MB file": (lambda folder: (folder / "big.gcg").write_bytes(b"#" * 20_000_000) and "big.gcg",
                   "big.gcg: more than 10,000,000 bytes"),
    "not UTF-8": (lambda folder: (folder / "bin.gcg").write_bytes(b"#lexicon-tools-record 1\n\xff\n") and "bin.gcg",
                  "bin.gcg:2: not UTF-8 text"),
}


@pytest.mark.parametrize("case", list(NOT_RECORDS))
def test_replay_refuses_what_is_not_a_record_file_by_name(tmp_path, game, case):
    make, message = NOT_RECORDS[case]
    lex, _record = game
    refused(run("replay", make(tmp_path), "-l", lex, cwd=tmp_path, timeout=30), message)


def test_replay_reads_a_record_from_a_pipe_whole(tmp_path, game):
    lex, record = game
    done = run("replay", "-", "-l", lex, cwd=tmp_path, input=record.read_bytes(), timeout=60)
    assert done.returncode == 0, done.err
    assert "all legal and scored as recorded" in done.out
