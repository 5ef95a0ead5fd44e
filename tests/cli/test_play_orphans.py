"""`play -w 2` killed with SIGKILL: its pool workers must not outlive it (issue 29: D3).

Before, both workers kept playing for over 350 s (about 140 MB each) and held the caller's stdout open,
so `play … | tee` never ended. The real CLI runs in a subprocess on a real lexicon; the test finds its
worker processes in /proc, kills the parent with SIGKILL and waits for the workers to go and for the
pipe to reach its end.
"""

from __future__ import annotations

import csv
import lzma
import os
import signal
import subprocess
import sys
import time

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.resources import default_corpus


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory):
    words = []
    with lzma.open(default_corpus(), "rt", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        next(reader)
        for i, row in zip(range(2000), reader):
            words += [cell for cell in row[7:] if cell]
    rs = load_ruleset("webfeud")
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w), alphabet.normalize(w), True, "listed") for w in words
                if alphabet.is_tileable(alphabet.normalize(w)) and 2 <= len(alphabet.normalize(w)) <= 15]
    path = tmp_path_factory.mktemp("lex") / "webfeud.lex"
    build_from_verdicts(rs, verdicts, path)
    return path


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_a_killed_play_and_release_its_pipe(lexicon, tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "lexicon_tools", "play", "--ruleset", "webfeud", "--lexicon",
                             str(lexicon), "--games", "100000", "--workers", "2", "--force-workers",
                             "--strategy", "greedy"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=tmp_path)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 90
        while len(workers) < 2 and time.monotonic() < deadline:
            assert proc.poll() is None, "play ended before its workers started"
            workers = [c for c in _children(proc.pid)
                       if b"multiprocessing" in open(f"/proc/{c}/cmdline", "rb").read()
                       or b"lexicon_tools" in open(f"/proc/{c}/cmdline", "rb").read()]
            time.sleep(0.2)
        assert len(workers) >= 2, workers
        time.sleep(1.0)                      # the workers are playing
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        gone_by = time.monotonic() + 10
        while any(map(_alive, workers)) and time.monotonic() < gone_by:
            time.sleep(0.1)
        assert not any(map(_alive, workers)), "a pool worker outlived its killed parent"
        proc.stdout.read()                   # the pipe ends: no process holds it any more (`| tee` ends)
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
