"""Hostile inputs: the slips of a careless user never destroy a file or end in a traceback (issue 12).

Every case runs the real CLI (``python -m lexicon_tools``) in a subprocess on
real files, pipes, FIFOs and devices, and sends real signals. Sections:

1. an output that is the same file as an input (or as another output);
2. inputs without entries;
3. outputs that are not plain files: empty name, directory, FIFO, device, symlink;
4. signals and temp files (SIGTERM, SIGHUP, SIGKILL and the next run);
5. a full disk;
6. reading: cp1252, over-long lines, stdin, pipes, FIFOs, devices, truncated archives.
"""

from __future__ import annotations

import bz2
import contextlib
import glob
import gzip
import json
import lzma
import os
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from lexicon_tools.resources import rulesets_dir

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "lexicon_tools"]
WORDS = "Haus\nBaum\nMaus\nTisch\n"
PREVIOUS = "previous output\n"


def run(*args, cwd: Path, input: bytes | None = None, stdin=None, timeout: float = 120, **kwargs):
    """Run the CLI; stdout and stderr as text."""
    done = subprocess.run([*CLI, *map(str, args)], cwd=cwd, input=input, stdin=stdin, capture_output=True,
                          timeout=timeout, **kwargs)
    done.out = done.stdout.decode("utf-8", "replace")
    done.err = done.stderr.decode("utf-8", "replace")
    return done


def refused(result, *fragments: str) -> None:
    """Exit 2, a message naming what is wrong, no traceback."""
    assert result.returncode == 2, (result.returncode, result.err)
    assert "Traceback" not in result.err and "Error: " in result.err, result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry of `folder` (hidden ones too): file contents, or the kind of non-files."""
    shot = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        key = str(path.relative_to(folder))
        shot[key] = (path.read_bytes() if stat.S_ISREG(info.st_mode)
                     else f"link->{os.readlink(path)}" if stat.S_ISLNK(info.st_mode)
                     else "dir" if stat.S_ISDIR(info.st_mode) else oct(stat.S_IFMT(info.st_mode)))
    return shot


def temp_files(folder: Path) -> list[str]:
    return sorted(os.path.basename(p) for p in glob.glob(str(folder / "**" / ".*tmp*"), recursive=True))


def jsonl_words(path: Path) -> list[str]:
    return [json.loads(line)["word"] for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def work(tmp_path):
    """A folder with a word list, a CSV table, a copy of the bundled rulesets and a previous output."""
    (tmp_path / "words.txt").write_text(WORDS, encoding="utf-8")
    shutil.copy(ROOT / "corpora/fixtures/csv/nouns-mini.csv", tmp_path / "nouns.csv")
    shutil.copytree(rulesets_dir(), tmp_path / "rulesets")
    (tmp_path / "out.jsonl").write_text(PREVIOUS, encoding="utf-8")
    return tmp_path


@pytest.fixture(scope="module")
def small_lex(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lex")
    (folder / "w.txt").write_text("HAUS\nBAUM\nMAUS\n", encoding="utf-8")
    done = run("build", "--ruleset", "webfeud", "--source", "w.txt", "--format", "wordlist", "-o", "small.lex",
               "-q", cwd=folder)
    assert done.returncode == 0, done.err
    return folder / "small.lex"


# 1. Same file -------------------------------------------------------------------------------------------------

def _entries_and_verdicts(work: Path) -> None:
    (work / "entries.jsonl").write_text('{"word":"Haus"}\n', encoding="utf-8")
    (work / "verdicts.jsonl").write_text(
        '{"word":"Haus","normalized":"HAUS","valid":true,"reason":"nom-sg"}\n', encoding="utf-8")


SAME_FILE = {
    "import -o input": (["import", "words.txt", "-o", "words.txt"], "same file as the input words.txt"),
    "import -o ../dir/input": (["import", "words.txt", "-o", "../{dir}/words.txt"], "same file as the input"),
    "import csv -o input": (["import", "nouns.csv", "-o", "nouns.csv"], "same file as the input nouns.csv"),
    "import --rejects input": (["import", "words.txt", "--on-error", "skip", "--rejects", "words.txt",
                                "-o", "e.jsonl"], "same file as the input words.txt"),
    "import -o equals --rejects": (["import", "words.txt", "--on-error", "skip", "--rejects", "out.jsonl",
                                    "-o", "out.jsonl"], "out.jsonl is named as two outputs"),
    "import -o symlink to input": (["import", "words.txt", "-o", "link.txt"], "same file as the input"),
    "import -o hard link to input": (["import", "words.txt", "-o", "hard.txt"], "same file as the input"),
    "import - -o stdin's file": (["import", "-", "-o", "words.txt"], "same file as standard input"),
    "filter -o input": (["filter", "entries.jsonl", "-o", "entries.jsonl"], "same file as the input"),
    "build --source -o input": (["build", "-r", "webfeud", "--source", "words.txt", "--format", "wordlist",
                                 "-o", "words.txt", "-q"], "same file as the input words.txt"),
    "build --verdicts -o input": (["build", "-r", "webfeud", "--verdicts", "verdicts.jsonl", "-o",
                                   "verdicts.jsonl", "-q"], "same file as the input verdicts.jsonl"),
    "build -o its ruleset": (["build", "-r", "rulesets/webfeud.yaml", "--source", "words.txt", "-o",
                              "rulesets/webfeud.yaml", "-q"], "same file as the input"),
    "board convert -o input": (["board", "convert", "rulesets/layouts/wordfeud-15.yaml", "-o",
                                "rulesets/layouts/wordfeud-15.yaml"], "same file as the input"),
    "board convert ruleset -o its layout": (["board", "convert", "rulesets/webfeud.yaml", "-o",
                                             "rulesets/layouts/wordfeud-15.yaml"], "same file as the input"),
    "board generate -o its ruleset": (["board", "generate", "--ruleset", "rulesets/webfeud.yaml", "-o",
                                       "rulesets/webfeud.yaml"], "same file as the input"),
    "board show --svg its layout": (["board", "show", "rulesets/layouts/wordfeud-15.yaml", "--svg",
                                     "rulesets/layouts/wordfeud-15.yaml"], "same file as the input"),
    "board show --png its ruleset": (["board", "show", "rulesets/webfeud.yaml", "--png", "rulesets/webfeud.yaml"],
                                     "same file as the input"),
    "board show --svg equals --png": (["board", "show", "webfeud", "--svg", "pic", "--png", "pic"],
                                      "pic is named as two outputs"),
}


@pytest.mark.parametrize("case", list(SAME_FILE))
def test_an_output_that_is_an_input_is_refused_and_nothing_changes(work, case):
    args, message = SAME_FILE[case]
    _entries_and_verdicts(work)
    (work / "link.txt").symlink_to("words.txt")
    os.link(work / "words.txt", work / "hard.txt")
    before = snapshot(work)
    with open(work / "words.txt", "rb") as stdin:
        done = run(*(a.replace("{dir}", work.name) for a in args), cwd=work, stdin=stdin)
    refused(done, message)
    assert snapshot(work) == before


def test_export_to_its_own_lexicon_is_refused(small_lex):
    before = small_lex.read_bytes()
    done = run("export", "-l", small_lex.name, "--format", "txt", "-o", small_lex.name, cwd=small_lex.parent)
    refused(done, "same file as the input")
    assert small_lex.read_bytes() == before


# 2. Inputs without entries ------------------------------------------------------------------------------------

EMPTY_INPUTS = {
    "import empty file": ("empty.txt", "", ["import", "empty.txt", "-o", "out.jsonl"]),
    "import comments only": ("empty.txt", "# nothing\n\n", ["import", "empty.txt", "-o", "out.jsonl"]),
    "import every record bad": ("empty.txt", "a\x01b\n", ["import", "empty.txt", "--on-error", "skip",
                                                         "-o", "out.jsonl"]),
    "filter empty entries": ("empty.jsonl", "", ["filter", "empty.jsonl", "-o", "out.jsonl"]),
    "build empty source": ("empty.txt", "", ["build", "-r", "webfeud", "--source", "empty.txt", "--format",
                                             "wordlist", "-o", "out.jsonl", "-q"]),
    "build empty verdicts": ("empty.jsonl", "\n", ["build", "-r", "webfeud", "--verdicts", "empty.jsonl",
                                                   "-o", "out.jsonl", "-q"]),
}


@pytest.mark.parametrize("case", list(EMPTY_INPUTS))
def test_an_input_without_entries_is_an_error_and_the_previous_output_stays(work, case):
    name, text, args = EMPTY_INPUTS[case]
    (work / name).write_text(text, encoding="utf-8")
    before = snapshot(work)
    done = run(*args, cwd=work)
    refused(done, name, "no ")
    assert snapshot(work) == before


# 3. Outputs that are not plain files --------------------------------------------------------------------------

WRITERS = {
    "import": ["import", "words.txt", "-o"],
    "board convert": ["board", "convert", "webfeud", "-o"],
    "board show --svg": ["board", "show", "webfeud", "--svg"],
    "export": ["export", "-l", "{lex}", "--format", "txt", "-o"],
    "filter": ["filter", "words.txt", "-r", "webfeud", "--no-model", "-q", "-o"],
    "build": ["build", "-r", "webfeud", "--source", "words.txt", "--format", "wordlist", "-q", "-o"],
}


def _char_device(folder: Path) -> Path:
    """A character device to write to: a private /dev/null twin when root, else /dev/null itself."""
    if os.geteuid() != 0:
        return Path("/dev/null")  # a non-root user cannot rename over it
    node = folder / "null-device"
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return node


OUTPUT_KINDS = {
    "empty string": (lambda work: "", "path is empty"),
    "directory": (lambda work: (work / "folder").mkdir() or "folder", "is a directory"),
    "FIFO": (lambda work: os.mkfifo(work / "fifo") or "fifo", "is a FIFO"),
    "character device": (lambda work: str(_char_device(work)), "is a character device"),
}


@pytest.mark.parametrize("writer", list(WRITERS))
@pytest.mark.parametrize("kind", list(OUTPUT_KINDS))
def test_outputs_that_are_not_plain_files_are_refused(work, small_lex, writer, kind):
    make, message = OUTPUT_KINDS[kind]
    target = make(work)
    before = snapshot(work)
    args = [a.replace("{lex}", str(small_lex)) for a in WRITERS[writer]]
    done = run(*args, target, cwd=work, timeout=60)
    refused(done, message)
    assert snapshot(work) == before
    if kind == "character device":
        assert stat.S_ISCHR(os.stat(target).st_mode)


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_symlinked_output_is_written_through_to_its_target(work, small_lex, writer):
    real = work / "real"
    real.mkdir()
    (real / "target").write_text("old\n", encoding="utf-8")
    (work / "link").symlink_to("real/target")
    args = [a.replace("{lex}", str(small_lex)) for a in WRITERS[writer]]
    done = run(*args, "link", cwd=work)
    assert done.returncode == 0, done.err
    assert os.readlink(work / "link") == "real/target"
    assert (real / "target").read_bytes() not in (b"old\n", b"")
    assert temp_files(work) == []


# 4. Signals and temp files ------------------------------------------------------------------------------------

@contextlib.contextmanager
def started(args: list[str], cwd: Path):
    """A running CLI process, killed at the end if a failed assertion left it running."""
    proc = subprocess.Popen([*CLI, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def _feed_import(proc: subprocess.Popen, work: Path):
    """Feed `import fifo -o out.jsonl` words, keeping the FIFO open; returns once its temp file exists."""
    writer = open(work / "fifo", "wb")  # returns when the CLI has opened the FIFO
    writer.write(b"".join(b"Wort%d\n" % i for i in range(100_000)))
    writer.flush()
    deadline = time.monotonic() + 60
    while not temp_files(work) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    assert temp_files(work), "the import never opened its output"
    return writer


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda s: s.name)
def test_a_signal_during_import_removes_the_temp_file_and_keeps_the_output(work, signum):
    os.mkfifo(work / "fifo")
    with started(["import", "fifo", "-o", "out.jsonl", "-q"], work) as proc:
        with _feed_import(proc, work):
            proc.send_signal(signum)
            _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum, err
    assert b"Traceback" not in err
    assert (work / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS
    assert temp_files(work) == []


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_during_filter_ends_it_cleanly(work, signum):
    os.mkfifo(work / "entries.jsonl")
    with started(["filter", "entries.jsonl", "-r", "webfeud", "-o", "out.jsonl", "-q"], work) as proc:
        with open(work / "entries.jsonl", "wb") as writer:  # open returns when filter reads the FIFO
            writer.write(b'{"word":"Haus"}\n')
            writer.flush()
            proc.send_signal(signum)
            _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum, err
    assert b"Traceback" not in err and b"Terminated" in err
    assert (work / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS
    assert temp_files(work) == []


def _children(pid: int) -> list[int]:
    tasks = Path(f"/proc/{pid}/task")
    return [int(c) for task in tasks.iterdir() for c in (task / "children").read_text().split()]


def _running(pid: int) -> bool:
    """The process exists and is not a zombie (dead, waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc")
def test_sigterm_stops_play_and_its_workers_at_once(work, small_lex):
    with started(["play", "-r", "webfeud", "-l", str(small_lex), "-n", "1000000", "-w", "2", "-q"], work) as proc:
        deadline = time.monotonic() + 60
        while len(_children(proc.pid)) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        workers = _children(proc.pid)
        try:
            assert len(workers) >= 2, proc.communicate()
            proc.send_signal(signal.SIGTERM)
            _out, err = proc.communicate(timeout=30)
            assert proc.returncode == 143, err
            assert b"Traceback" not in err, err   # the pool's manager thread raced the cancelled games (3.11)
            time.sleep(0.5)
            assert [w for w in workers if _running(w)] == []
        finally:
            for worker in workers:  # orphans of a failed run
                with contextlib.suppress(OSError):
                    if _running(worker) and b"lexicon_tools" in Path(f"/proc/{worker}/cmdline").read_bytes():
                        os.kill(worker, signal.SIGKILL)


def test_a_killed_runs_temp_file_is_named_for_the_tool_and_cleared_by_the_next_write(work):
    os.mkfifo(work / "fifo")
    with started(["import", "fifo", "-o", "out.jsonl", "-q"], work) as proc:
        with _feed_import(proc, work):
            proc.kill()
            proc.wait(timeout=60)
    assert temp_files(work) == [f".out.jsonl.lexicon-tools-tmp-{proc.pid}"]
    live = work / f".out.jsonl.lexicon-tools-tmp-{os.getpid()}"  # a run that is still going (this process)
    live.write_text("busy", encoding="utf-8")
    done = run("import", "words.txt", "-o", "out.jsonl", cwd=work)
    assert done.returncode == 0, done.err
    assert jsonl_words(work / "out.jsonl") == WORDS.split()
    assert temp_files(work) == [live.name]


# 5. A full disk -----------------------------------------------------------------------------------------------

def _unshare_tmpfs_works() -> bool:
    if not shutil.which("unshare"):
        return False
    probe = subprocess.run(["unshare", "--mount", "--map-root-user", "sh", "-c",
                            "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True)
    return probe.returncode == 0


DISK_FULL = """
mount -t tmpfs -o size=128k tmpfs "$1" || exit 99
printf 'previous output\\n' > "$1/out.jsonl"
shift
"$@" -o "$DISK/out.jsonl"
echo "rc=$?"
ls -a "$DISK"
cat "$DISK/out.jsonl"
"""


@pytest.mark.skipif(not _unshare_tmpfs_works(), reason="needs unshare and tmpfs mounts")
def test_a_full_disk_is_exit_2_with_a_message_and_the_previous_output_stays(work):
    (work / "many.txt").write_text("".join(f"Wort{i}\n" for i in range(50_000)), encoding="utf-8")
    disk = work / "disk"
    disk.mkdir()
    done = subprocess.run(["unshare", "--mount", "--map-root-user", "sh", "-c", DISK_FULL, "sh", str(disk),
                           *CLI, "import", str(work / "many.txt"), "-q"], capture_output=True, timeout=120,
                          env={**os.environ, "DISK": str(disk)})
    out, err = done.stdout.decode(), done.stderr.decode()
    assert "rc=2" in out, (out, err)
    assert "No space left on device" in err and "Traceback" not in err
    assert out.split("rc=2", 1)[1].split() == [".", "..", "out.jsonl", "previous", "output"]


def test_a_file_size_limit_is_exit_2_with_a_message_and_the_previous_output_stays(work):
    import resource

    (work / "many.txt").write_text("".join(f"Wort{i}\n" for i in range(50_000)), encoding="utf-8")
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000))  # noqa: E731
    done = run("import", "many.txt", "-o", "out.jsonl", "-q", cwd=work, preexec_fn=limit)
    refused(done, "cannot write out.jsonl", "File too large")
    assert (work / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS
    assert temp_files(work) == []


# 6. Reading ---------------------------------------------------------------------------------------------------

def test_a_cp1252_word_list_is_detected(work):
    (work / "win.txt").write_bytes(b"Euro\n\x80uro\n\x84Zitat\x93\nM\xe4dchen\n")
    done = run("import", "win.txt", "-o", "out.jsonl", cwd=work)
    assert done.returncode == 0, done.err
    assert jsonl_words(work / "out.jsonl") == ["Euro", "€uro", "„Zitat“", "Mädchen"]


def test_a_cp1252_list_read_as_latin_1_names_the_encoding_to_use(work):
    (work / "win.txt").write_bytes(b"Euro\n\x80uro\n")
    done = run("import", "win.txt", "--encoding", "latin-1", "-o", "out.jsonl", cwd=work)
    refused(done, "win.txt:2", "--encoding cp1252")
    assert (work / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS


LONG_LINES = {"ascii": "x" * 5000, "umlauts": "ä" * 1001, "just over": "y" * 1001}


@pytest.mark.parametrize("line", list(LONG_LINES))
def test_a_line_longer_than_any_word_is_a_located_error(work, line):
    (work / "long.txt").write_text(f"Haus\n{LONG_LINES[line]}\nBaum\n", encoding="utf-8")
    refused(run("import", "long.txt", "-o", "out.jsonl", cwd=work), "long.txt:2", "longer than any entry")
    assert (work / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS
    done = run("import", "long.txt", "--on-error", "skip", "--rejects", "rejects.jsonl", "-o", "out.jsonl",
               cwd=work)
    assert done.returncode == 0, done.err
    assert jsonl_words(work / "out.jsonl") == ["Haus", "Baum"]
    [reject] = [json.loads(x) for x in (work / "rejects.jsonl").read_text(encoding="utf-8").splitlines()]
    assert reject["source"] == "long.txt:2"


MEASURE = ("import resource, subprocess, sys, time\n"
           "start = time.perf_counter()\n"
           "done = subprocess.run(sys.argv[1:], capture_output=True)\n"
           "print(done.returncode, time.perf_counter() - start,"
           " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
           "sys.stdout.write(done.stderr.decode())\n")


def test_a_256_mb_single_line_is_read_in_linear_time_and_flat_memory(work):
    big = work / "big.txt"
    try:
        block = b"a" * (1 << 20)
        with open(big, "wb") as handle:
            for _ in range(256):
                handle.write(block)
        done = subprocess.run([sys.executable, "-c", MEASURE, *CLI, "import", "big.txt", "-o", "out.jsonl"],
                              cwd=work, capture_output=True, text=True, timeout=300)
    finally:
        big.unlink()
    code, seconds, max_kb = done.stdout.split("\n", 1)[0].split()
    assert int(code) == 2 and "big.txt:1: the line is 268,435,456 bytes long" in done.stdout, done.stdout
    assert float(seconds) < 30
    assert int(max_kb) < 200_000  # well under the line's 256 MB: the line is never gathered
    assert (work / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS


MANY = "".join(f"Wort{i}\n" for i in range(20_000)).encode()  # several times the detection buffer


def _feed_fifo(path: Path, data: bytes) -> threading.Thread:
    os.mkfifo(path)

    def feed():
        with open(path, "wb") as handle:
            handle.write(data)

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return thread


STREAMS = {
    "- from a file": lambda work: (["-"], {"stdin": open(work / "many.txt", "rb")}),
    "- from a pipe": lambda work: (["-"], {"input": MANY}),
    "- gzip from a pipe": lambda work: (["-"], {"input": gzip.compress(MANY)}),
    "/dev/stdin as a pipe": lambda work: (["/dev/stdin"], {"input": MANY}),
    "/dev/fd/0 as a pipe": lambda work: (["/dev/fd/0"], {"input": MANY}),
    "FIFO": lambda work: (_feed_fifo(work / "fifo", MANY) and ["fifo"], {}),
    "xz FIFO": lambda work: (_feed_fifo(work / "fifo.xz", lzma.compress(MANY)) and ["fifo.xz"], {}),
}


@pytest.mark.parametrize("case", list(STREAMS))
def test_stdin_pipes_and_fifos_are_read_whole(work, case):
    (work / "many.txt").write_bytes(MANY)
    args, io = STREAMS[case](work)
    done = run("import", *args, "-o", "out.jsonl", cwd=work, timeout=60, **io)
    assert done.returncode == 0, done.err
    assert jsonl_words(work / "out.jsonl") == MANY.decode().split()


@pytest.mark.parametrize("command", [["import", "/dev/zero", "-o", "out.jsonl"],
                                     ["import", "/dev/zero", "--format", "csv", "-o", "out.jsonl"],  # hung
                                     ["filter", "/dev/zero", "-o", "out.jsonl"]], ids=" ".join)
def test_a_device_as_input_is_named_as_such(work, command):
    done = run(*command, cwd=work, timeout=20)
    refused(done, "/dev/zero: is a character device")
    assert (work / "out.jsonl").read_text(encoding="utf-8") == PREVIOUS


NOT_FILES = {  # a FIFO nobody writes to: reading it would hang
    "ruleset validate": (["ruleset", "validate", "fifo.yaml"], "not a ruleset file"),
    "ruleset name": (["ruleset", "validate", "fifo"], "not a ruleset file"),
    "board show": (["board", "show", "fifo.yaml"], "not a layout or ruleset file"),
    "board convert macondo": (["board", "convert", "fifo.txt", "-o", "x.yaml"], "not a layout or ruleset file"),
    "build --ruleset": (["build", "-r", "fifo.yaml", "-o", "x.lex"], "not a ruleset file"),
    "check --lexicon": (["check", "-l", "fifo.lex", "Haus"], "not a lexicon file"),
    "stats": (["stats", "-l", "fifo.lex"], "not a lexicon file"),
    "import --format mapping:": (["import", "words.txt", "--format", "mapping:fifo.yaml", "-o", "x.jsonl"],
                                 "not a mapping file"),
    "build --source": (["build", "-r", "webfeud", "--source", "fifo.txt", "-o", "x.lex"], "not a regular file"),
}


@pytest.mark.parametrize("case", list(NOT_FILES))
def test_a_fifo_given_as_a_file_is_named_as_such_and_not_read(work, case):
    args, message = NOT_FILES[case]
    fifo = next(a for a in args if a.startswith(("fifo", "mapping:fifo"))).removeprefix("mapping:")
    os.mkfifo(work / fifo)
    refused(run(*args, cwd=work, timeout=20), f"{fifo}: is a FIFO (named pipe)", message)


ARCHIVES = {"gz": lambda d: gzip.compress(d), "bz2": lambda d: bz2.compress(d, 1), "xz": lambda d: lzma.compress(d)}


@pytest.mark.parametrize("kind", list(ARCHIVES))
def test_a_truncated_archive_under_skip_keeps_the_entries_before_the_damage(work, kind):
    words = [f"Wort{i:05d}" for i in range(80_000)]  # 800 kB: less than one read of the old reader
    packed = ARCHIVES[kind](("\n".join(words) + "\n").encode())
    (work / f"cut.txt.{kind}").write_bytes(packed[: len(packed) * 6 // 10])
    done = run("import", f"cut.txt.{kind}", "--on-error", "skip", "--rejects", "rejects.jsonl", "-o", "out.jsonl",
               cwd=work)
    assert done.returncode == 0, done.err
    kept = jsonl_words(work / "out.jsonl")
    assert len(kept) > 20_000 and kept == words[: len(kept)]  # whole words, in order, none cut at the damage
    [reject] = [json.loads(x) for x in (work / "rejects.jsonl").read_text(encoding="utf-8").splitlines()]
    assert "truncated or corrupt" in reject["reason"] and "byte " in reject["reason"]
    assert "Warning: " in done.err and "byte " in done.err
