"""Hostile inputs, part 3 (issue 12): the cases parts 1 and 2 left, through the real CLI.

Each case runs ``python -m lexicon_tools`` in a subprocess on real files.
(Same-file outputs, signals, temp files, non-file outputs, encodings, long
lines, stdin and archives are in `test_hostile_inputs.py`; security, crafted
``.lex`` files, YAML bounds, schema ranges and `play` resources in
`test_hostile_inputs_more.py`.) Sections:

1. a huge XML token (comment, attribute value, text, PI, CDATA) in every XML reader;
2. `morph train` replaces its model folder atomically;
3. game records that are FIFOs or devices;
4. cases that had only in-process tests or none: same-file outputs of `play` and
   `report`, edited and cut-off records, deep wikitext, XPath syntax errors,
   /dev/zero as a ruleset, layout or lexicon, a signal during `morph train`.
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
def model() -> Path:
    """A model folder to be replaced: the shipped model (a real one, with its manifest)."""
    from lexicon_tools.io.formats.morphology import shipped_model_dir, verify_model_dir

    return verify_model_dir(shipped_model_dir())


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


def test_morph_train_failing_while_saving_keeps_the_previous_model_and_clears_killed_runs(tmp_path, model):
    before = _previous_model(model, tmp_path)
    stale = tmp_path / f".model.lexicon-tools-tmp-{_dead_pid()}"  # the staging folder of a run killed with -9
    stale.mkdir()
    (stale / "config.cfg").write_text("half written", encoding="utf-8")
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))  # noqa: E731
    done = run(*TRAIN, "model", cwd=tmp_path, preexec_fn=limit)
    refused(done, "cannot write the model directory model", "File too large", "previous model is unchanged")
    assert tree(tmp_path / "model") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]  # neither this run's staging nor the stale one


def _dead_pid() -> int:
    """The PID of a process that has ended."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


# 3. Game records that are not regular files -------------------------------------------------------------------

@pytest.fixture(scope="module")
def game(tmp_path_factory) -> tuple[Path, Path]:
    """A small webfeud lexicon (built in-process: it is not under test here) and one record played with it."""
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict
    from lexicon_tools.jobs.build import build_from_verdicts

    folder = tmp_path_factory.mktemp("game")
    words = ["HAUS", "BAUM", "MAUS", "ROSE", "TOR", "HOSE", "RAUM", "DOSE", "RAD", "RAT", "TAT", "ORT", "EI",
             "EIS", "OMA", "OPA", "OHR", "AST", "AMT", "ARM", "BAD", "BUS", "DACH", "ENTE", "ESEL", "GRAS"]
    build_from_verdicts(load_ruleset("webfeud"), [Verdict(Entry(w), w, True, "nom-sg") for w in words],
                        folder / "w.lex")
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



# 4. The remaining cases, through a subprocess ------------------------------------------------------------------

def test_play_refuses_a_record_or_heatmap_that_is_one_of_its_inputs(tmp_path, game):
    lex, _record = game
    (tmp_path / "rec").mkdir()
    ruleset = tmp_path / "rec" / "webfeud-0001.gcg"     # a house-rules file named like the first record
    ruleset.write_text("extends: webfeud\nname: webfeud\n", encoding="utf-8")
    before = (lex.read_bytes(), ruleset.read_bytes())
    refused(run("play", "-r", ruleset, "-l", lex, "-n", "1", "--record", "rec", "-q", cwd=tmp_path),
            "rec/webfeud-0001.gcg is the same file as the input")
    refused(run("play", "-r", "webfeud", "-l", lex, "-n", "1", "--heatmap", lex, "-q", cwd=tmp_path),
            "is the same file as the input")
    assert (lex.read_bytes(), ruleset.read_bytes()) == before
    assert sorted(p.name for p in (tmp_path / "rec").iterdir()) == ["webfeud-0001.gcg"]


def test_report_refuses_to_write_over_a_file_of_its_results(tmp_path, game):
    pytest.importorskip("pyarrow")
    pytest.importorskip("dask")
    lex, _record = game
    (tmp_path / "exp.yaml").write_text(f"name: exp\nbase: webfeud\ngames: 2\nseed: 7\nbatch_size: 2\n"
                                       f"lexicon: {lex}\ngrid:\n  blanks:\n    two: {{}}\n", encoding="utf-8")
    done = run("sweep", "exp.yaml", "-o", "exp.results", "-w", "1", "-q", cwd=tmp_path, timeout=240)
    assert done.returncode == 0, done.err
    before = tree(tmp_path / "exp.results")
    refused(run("report", "exp.results", "-o", "exp.results/_experiment.json", cwd=tmp_path, timeout=120),
            "exp.results/_experiment.json is the same file as the input")
    assert tree(tmp_path / "exp.results") == before


def _edit_adjustment(text: str) -> str:
    lines = text.splitlines()
    at = max(i for i, line in enumerate(lines) if line.startswith(">") and ": (" in line)  # the last adjustment
    head, score, total = lines[at].rsplit(" ", 2)
    lines[at] = f"{head} {score[0]}{int(score[1:]) + 7} {int(total) + 7}"
    return "\n".join(lines) + "\n"


RECORD_EDITS = {
    "end adjustment edited": (_edit_adjustment, "the end-of-game adjustment is"),
    "cut off mid-game": (lambda text: "\n".join(text.splitlines()[:12]) + "\n", "the record has no #end line"),
}


@pytest.mark.parametrize("case", list(RECORD_EDITS))
def test_replay_refuses_an_edited_or_cut_off_record(tmp_path, game, case):
    edit, message = RECORD_EDITS[case]
    lex, record = game
    original = record.read_text(encoding="utf-8").splitlines()
    edited = edit("\n".join(original) + "\n").splitlines()
    (tmp_path / "bad.gcg").write_text("\n".join(edited) + "\n", encoding="utf-8")
    line = next((n for n, (a, b) in enumerate(zip(edited, original), 1) if a != b), len(edited))
    refused(run("replay", "bad.gcg", "-l", lex, cwd=tmp_path, timeout=60), f"bad.gcg:{line}: {message}")


def test_deeply_nested_wikitext_is_a_located_bad_record(tmp_path):
    def page(title, body):
        return (f"<page><title>{title}</title><ns>0</ns><revision><text>== {title} ({{{{Sprache|Deutsch}}}}) ==\n"
                f"=== {{{{Wortart|Substantiv|Deutsch}}}}, {{{{n}}}} ===\n{body}\n{{{{Deutsch Substantiv Übersicht\n"
                f"|Genus=n\n|Nominativ Singular={title}\n}}}}\n</text></revision></page>\n")
    dump = ('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/">\n'
            + page("Haus", "{{" * 20_000 + "}}" * 20_000) + page("Baum", "[[Wald]]") + "</mediawiki>\n")
    (tmp_path / "dump.xml").write_text(dump, encoding="utf-8")
    done = run("import", "dump.xml", "--format", "wiktionary", "-o", "out.jsonl", cwd=tmp_path)
    refused(done, "dump.xml:2: the wikitext of page 'Haus' nests templates or links deeper than 100 levels")
    done = run("import", "dump.xml", "--format", "wiktionary", "--on-error", "skip", "--rejects", "rej.jsonl",
               "-o", "out.jsonl", cwd=tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.err, done.err
    assert '"word":"Baum"' in (tmp_path / "out.jsonl").read_text(encoding="utf-8")
    assert "deeper than 100 levels" in (tmp_path / "rej.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("xpath, message", [("k[", "Invalid expression"), ("foo(k)", "Unregistered function")])
def test_a_mapping_xpath_that_does_not_compile_is_a_located_message(tmp_path, xpath, message):
    (tmp_path / "d.xml").write_text("<d><ar><k>Haus</k></ar></d>", encoding="utf-8")
    (tmp_path / "m.yaml").write_text(f"entry: ar\nword: '{xpath}'\n", encoding="utf-8")
    refused(run("import", "d.xml", "--format", "mapping:m.yaml", "-o", "out.jsonl", cwd=tmp_path),
            f"m.yaml:2 [word.xpath]: invalid XPath '{xpath}': {message}")
    assert not (tmp_path / "out.jsonl").exists()


@pytest.mark.parametrize("args, what", [(["ruleset", "validate"], "a ruleset file"),
                                        (["board", "show"], "a layout or ruleset file"),
                                        (["check", "HAUS", "-l"], "a lexicon file"),
                                        (["play", "-n", "1", "-r", "webfeud", "-l"], "a lexicon file"),
                                        (["play", "-n", "1", "-r"], "a ruleset file")], ids=" ".join)
def test_dev_zero_as_a_ruleset_layout_or_lexicon_is_named_not_read(tmp_path, args, what):
    refused(run(*args, "/dev/zero", cwd=tmp_path, timeout=20), f"/dev/zero: is a character device, not {what}")


def test_sigterm_during_morph_train_keeps_the_previous_model(tmp_path, model):
    import signal
    import time

    before = _previous_model(model, tmp_path)
    proc = subprocess.Popen([*CLI, "morph", "train", "--max-examples", "0", "--epochs", "5", "-q", "-o", "model"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(6)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 143 and b"Traceback" not in err, err
    assert tree(tmp_path / "model") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]


def test_an_archive_damaged_before_its_first_entry_names_the_damage(tmp_path):
    import bz2

    words = "".join(f"Wort{i:05d}\n" for i in range(80_000)).encode()
    packed = bz2.compress(words, 9)          # 800 kB: one 900 kB block, so nothing decodes before the cut
    (tmp_path / "cut.txt.bz2").write_bytes(packed[: len(packed) * 6 // 10])
    (tmp_path / "out.jsonl").write_text(PREVIOUS, encoding="utf-8")
    done = run("import", "cut.txt.bz2", "--on-error", "skip", "--rejects", "rej.jsonl", "-o", "out.jsonl",
               cwd=tmp_path)
    refused(done, "no entries before the damage: cut.txt.bz2: byte ", "truncated or corrupt")
    assert (tmp_path / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS
    assert not (tmp_path / "rej.jsonl").exists()
