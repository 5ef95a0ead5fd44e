"""Property: damaged `.lex` metadata and verdict sections (checksum recomputed), `.leaves` and KLV2 files
never crash, hang or flood memory (issue 29).

Hypothesis draws damage (random bytes, a truncation, bit flips) for each kind of file; a batch of damaged
files is written and one child process (the real CLI app, through typer's runner, so a batch costs one
start-up) runs every command that reads that kind on each file. Each answer must be clean: exit 0, 1 or
2, no traceback, within 5 s (SIGALRM in the child); the child's peak memory stays under 300 MB.
(`leaves export` is left out: expanding a valid additive table to every leave takes longer than 5 s by
design; the file is read by the same `read_leaves` that `leaves show` uses.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from hostile_kit import rewrite_lex, small_lexicon
from lexicon_tools.io.formats.lexfile import parse_sections
from lexicon_tools.lexicon.klv import klv2_bytes
from lexicon_tools.resources import rulesets_dir

BATCH = 8
DRIVER = r"""
import json, signal, sys, time, traceback
from typer.testing import CliRunner
from lexicon_tools.cli.app import app

class Slow(Exception):
    pass

def alarm(*_):
    raise Slow()

signal.signal(signal.SIGALRM, alarm)
runner = CliRunner()
results = []
for args, stdin in json.loads(sys.argv[1]):
    began = time.perf_counter()
    signal.alarm(5)
    try:
        result = runner.invoke(app, args, input=stdin)
        code, error = result.exit_code, result.exception
        text = result.output
    except Slow:
        code, error, text = None, "slower than 5 s", ""
    finally:
        signal.alarm(0)
    if isinstance(error, SystemExit):
        error = None
    elif error is not None and not isinstance(error, str):
        error = "".join(traceback.format_exception(error))[-1500:]
    results.append({"args": args, "code": code, "error": error, "seconds": time.perf_counter() - began,
                    "traceback": "Traceback" in text})
# VmHWM is this process's own peak (ru_maxrss would include the RSS pytest had when it forked us)
peak_kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"results": results, "peak_mb": peak_kb / 1024}))
"""


def _run_batch(calls: list[tuple[list[str], str | None]], cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(calls)], cwd=cwd, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.splitlines()[-1])
    for result in report["results"]:
        assert result["error"] is None and not result["traceback"], result
        assert result["code"] in (0, 1, 2), result
    assert report["peak_mb"] < 300, report["peak_mb"]


damage = st.one_of(
    st.tuples(st.just("random"), st.binary(max_size=400)),
    st.tuples(st.just("truncate"), st.floats(0, 1)),
    st.tuples(st.just("flip"), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 7)), min_size=1, max_size=6)),
)


def _damaged(data: bytes, how) -> bytes:
    kind, arg = how
    if kind == "random":
        return arg
    if kind == "truncate":
        return data[:int(len(data) * arg)]
    out = bytearray(data)
    for where, bit in arg:
        if out:
            out[min(int(where * len(out)), len(out) - 1)] ^= 1 << bit
    return bytes(out)


@pytest.fixture(scope="module")
def lex(tmp_path_factory) -> Path:
    return small_lexicon(tmp_path_factory.mktemp("lex"))


# No shrinking: each example is a child process; a failure is reported with the batch that failed.
SETTINGS = settings(max_examples=3, deadline=None, phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from([b"META", b"VRDT"]), damage), min_size=BATCH, max_size=BATCH))
def test_damaged_lex_sections_are_answered_cleanly(tmp_path, lex, cases):
    sections = parse_sections(lex.read_bytes())
    calls = []
    for i, (tag, how) in enumerate(cases):
        new = _damaged(bytes(sections[tag]), how)
        path = rewrite_lex(lex, tmp_path / f"d{i}.lex", **({"meta_bytes": new} if tag == b"META" else {"vrdt": new}))
        for args in (["check", "-l", str(path), "Haus", "Xyzzy"], ["stats", "-l", str(path)],
                     ["pattern", "-l", str(path), "H*"], ["export", "-l", str(path), "-f", "txt"]):
            calls.append((args, None))
        calls.append((["judge", "-l", str(path)], "Haus Xyzzy\n"))
    _run_batch(calls, tmp_path)


@SETTINGS
@given(st.lists(damage, min_size=BATCH, max_size=BATCH))
def test_damaged_leave_files_are_answered_cleanly(tmp_path, cases):
    good = (rulesets_dir() / "leaves" / "webfeud.leaves").read_bytes()
    calls = []
    for i, how in enumerate(cases):
        (tmp_path / f"d{i}.leaves").write_bytes(_damaged(good, how))
        calls.append((["leaves", "show", f"d{i}.leaves", "-v", "ER", "-v", "?"], None))
    _run_batch(calls, tmp_path)


@SETTINGS
@given(st.lists(damage, min_size=BATCH, max_size=BATCH))
def test_damaged_klv2_files_are_answered_cleanly(tmp_path, cases):
    good = klv2_bytes({bytes([t]): t / 4 for t in range(0, 30)} | {bytes([1, t]): -t / 8 for t in range(1, 30)})
    calls = []
    for i, how in enumerate(cases):
        (tmp_path / f"d{i}.klv2").write_bytes(_damaged(good, how))
        calls.append((["leaves", "import", f"d{i}.klv2", "-r", "webfeud", "-o", f"d{i}.leaves"], None))
    _run_batch(calls, tmp_path)
