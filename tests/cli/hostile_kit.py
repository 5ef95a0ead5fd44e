"""Shared helpers of the round-two hostile-input tests (issue 29): run the real CLI in a subprocess and
check that it refused cleanly, within its memory bound, and left no process behind.

`run` starts ``python -m lexicon_tools`` through a tiny parent that waits for it and reports the child's
peak resident memory (``RUSAGE_CHILDREN``), so every case can assert the 300 MB bound. The child runs in
its own session, so a leftover process (a worker, a reader still blocked on a FIFO) is found by its
session id after the run.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

CLI = [sys.executable, "-m", "lexicon_tools"]
PREVIOUS = b"previous output\n"
MAX_RSS_MB = 300
_MEASURE = ("import json, os, resource, subprocess, sys\n"
            "close = os.environ.pop('LT_CLOSE_STDIN', '')\n"
            "print(json.dumps({'sid': os.getsid(0)}), file=sys.stderr, flush=True)\n"
            "child = subprocess.Popen(sys.argv[1:], preexec_fn=(lambda: os.close(0)) if close else None)\n"
            "code = child.wait()\n"
            "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
            "os.write(int(os.environ['LT_REPORT_FD']), json.dumps({'code': code, 'peak_kb': peak}).encode())\n")


class Done:
    """A finished run: exit code, text of stdout and stderr, the child's peak RSS in MB."""

    def __init__(self, code: int, out: bytes, err: bytes, peak_mb: float):
        self.returncode, self.stdout, self.stderr, self.peak_mb = code, out, err, peak_mb
        self.out = out.decode("utf-8", "replace")
        self.err = err.decode("utf-8", "replace")


def run(*args, cwd: Path, input: bytes | None = None, stdin=None, timeout: float = 60, env=None,
        stdout=None, close_stdin: bool = False) -> Done:
    """Run the CLI with `args`; `stdin`/`stdout` may be file objects or descriptors (default: pipes).

    `close_stdin` starts it with descriptor 0 closed (``cmd <&-``). LT_CODE_ROOT in the environment runs
    another checkout's code (e.g. /work/main, to see a test fail before its fix)."""
    read_fd, write_fd = os.pipe()
    environ = dict(os.environ if env is None else env)
    if close_stdin:
        environ["LT_CLOSE_STDIN"] = "1"
    environ["LT_REPORT_FD"] = str(write_fd)
    code_root = os.environ.get("LT_CODE_ROOT") or str(Path(__file__).resolve().parents[2])  # main's, to compare
    environ["PYTHONPATH"] = os.pathsep.join([code_root,
                                             environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    proc = subprocess.Popen([sys.executable, "-c", _MEASURE, *CLI, *map(str, args)], cwd=cwd,
                            stdin=subprocess.PIPE if stdin is None else stdin,
                            stdout=subprocess.PIPE if stdout is None else stdout, stderr=subprocess.PIPE,
                            pass_fds=(write_fd,), start_new_session=True, env=environ)
    os.close(write_fd)
    try:
        out, err = proc.communicate(input, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        os.close(read_fd)
        raise AssertionError(f"{args} did not finish within {timeout} s")
    with os.fdopen(read_fd, "rb") as report:
        result = json.loads(report.read() or b'{"code": -1, "peak_kb": 0}')
    first, _, rest = err.partition(b"\n")
    sid = json.loads(first)["sid"]
    assert not _session_members(sid), f"processes left behind by {args}: {_session_members(sid)}"
    return Done(result["code"], out or b"", rest, result["peak_kb"] / 1024)


def _session_members(sid: int) -> list[int]:
    deadline = time.monotonic() + 3
    while True:
        members = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    if os.getsid(int(entry)) == sid:
                        members.append(int(entry))
                except OSError:
                    pass
        if not members or time.monotonic() > deadline:
            return members
        time.sleep(0.1)


def refused(done: Done, *fragments: str, codes=(1, 2), max_mb: float = MAX_RSS_MB) -> None:
    """A clean refusal: exit 1 or 2, one 'Error:' paragraph naming `fragments`, no traceback, memory bound."""
    assert done.returncode in codes, (done.returncode, done.out[-2000:], done.err[-2000:])
    assert "Traceback" not in done.err and "Error: " in done.err, done.err[-3000:]
    paragraph = done.err[done.err.index("Error: "):].strip()
    assert "\n\n" not in paragraph, paragraph
    for fragment in fragments:
        assert fragment in done.err, (fragment, done.err[-3000:])
    assert done.peak_mb < max_mb, f"peak {done.peak_mb:.0f} MB"


def previous(path: Path) -> Path:
    path.write_bytes(PREVIOUS)
    return path


def intact(path: Path) -> bool:
    return path.read_bytes() == PREVIOUS


WORDS = ["Haus", "Baum", "Maus", "Tisch", "Rose", "Tor", "Hose", "Raum", "Dose", "Rad", "Rat", "Tat", "Ort",
         "Ei", "Eis", "Oma", "Opa", "Ohr", "Ast", "Amt", "Arm", "Bad", "Bus", "Dach", "Dorf", "Ente", "Esel",
         "Gras", "Hase", "Hemd", "Hund", "Kamm", "Kind", "Korb", "Kuh", "Lamm", "Land", "Mond", "Nase"]


def small_lexicon(folder: Path, name: str = "webfeud") -> Path:
    """A small real lexicon for a bundled ruleset (built in-process: it is not under test)."""
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict

    rs = load_ruleset(name)
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, source=f"t:{i}"), alphabet.normalize(w), True, "nom-sg") for i, w in enumerate(WORDS)]
    verdicts.append(Verdict(Entry("Häuser", lemma="Haus"), "HÄUSER", False, "inflected-form:plural-of:HAUS"))
    path = folder / f"{name}.lex"
    build_from_verdicts(rs, verdicts, path)
    return path


def rewrite_lex(source: Path, target: Path, *, meta_bytes: bytes | None = None, vrdt: bytes | None = None,
                kwg: bytes | None = None) -> Path:
    """A copy of `source` with replaced raw sections and a recomputed, valid checksum."""
    from lexicon_tools.io.formats.lexfile import _HEADER, _SECTION, MAGIC, VERSION, _checksum, parse_sections

    sections = parse_sections(source.read_bytes(), str(source))
    parts = [(b"META", meta_bytes if meta_bytes is not None else bytes(sections[b"META"])),
             (b"KWG_", kwg if kwg is not None else bytes(sections[b"KWG_"])),
             (b"VRDT", vrdt if vrdt is not None else bytes(sections[b"VRDT"]))]
    table = b"".join(_SECTION.pack(tag, 0, len(data)) for tag, data in parts)
    payload = table + b"".join(data + b"\0" * (-len(data) % 8) for _tag, data in parts)
    unsigned = _HEADER.pack(MAGIC, VERSION, len(parts), 0, len(payload))
    target.write_bytes(_HEADER.pack(MAGIC, VERSION, len(parts), _checksum(unsigned, payload), len(payload))
                       + payload)
    return target
