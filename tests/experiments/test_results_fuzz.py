"""Property: random bytes, truncations and bit flips in `_experiment.json` and in batch files never make
`report` crash, hang or grow (issue 29).

Hypothesis draws the damage; the damaged folders are answered by one real CLI process (the typer app
called in-process once per folder, so the interpreter and pyarrow start once), which reports each answer's
exit code, time and output and its own peak memory. Every answer must be exit 0, 1 or 2 without a
traceback, a refusal within 5 s (a folder still whole enough to report on is drawn, in under 30 s on a
busy machine), and the whole process must stay under 300 MB.
"""

from __future__ import annotations

import shutil

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.experiments.hostile import BATCH, answer_all, batch_id, make_results

damage = st.one_of(
    st.tuples(st.just("random"), st.binary(max_size=3000)),
    st.tuples(st.just("truncate"), st.floats(0, 1)),
    st.tuples(st.just("flip"), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 7)), min_size=1, max_size=8)),
    st.tuples(st.just("insert"), st.tuples(st.floats(0, 1), st.binary(min_size=1, max_size=64))),
)


def _damaged(data: bytes, how) -> bytes:
    kind, arg = how
    if kind == "random":
        return arg
    if kind == "truncate":
        return data[:int(len(data) * arg)]
    if kind == "insert":
        at = int(len(data) * arg[0])
        return data[:at] + arg[1] + data[at:]
    out = bytearray(data)
    for where, bit in arg:
        out[min(int(len(out) * where), len(out) - 1)] ^= 1 << bit
    return bytes(out)


# No shrinking: an example is one CLI process answering 16 damaged folders; a failure prints its cases.
@settings(max_examples=1, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cases=st.lists(st.tuples(st.sampled_from(["manifest", "batch"]), damage), min_size=16, max_size=16))
def test_damaged_results_are_answered_cleanly(tmp_path_factory, cases):
    base = tmp_path_factory.mktemp("fuzz")
    pristine = make_results(base / "pristine")
    folders = []
    for i, (target, how) in enumerate(cases):
        folder = base / f"case{i}"
        shutil.copytree(pristine, folder)
        path = folder / ("_experiment.json" if target == "manifest" else f"{batch_id('three', BATCH)}.parquet")
        path.write_bytes(_damaged(path.read_bytes(), how))
        folders.append(str(folder))
    answers, peak = answer_all([["report", f, "-o", f + ".html"] for f in folders], base,
                               warm_up=["report", pristine, "-o", base / "warm.html"])
    for answer, case in zip(answers, cases):
        assert answer["code"] in (0, 1, 2), (case, answer)
        assert "Traceback" not in answer["output"], (case, answer)
        assert answer["code"] == 0 or "Error: " in answer["output"], (case, answer)
        # a refusal within 5 s; a file still whole enough to report on is drawn like any report
        assert answer["seconds"] < (5 if answer["code"] else 30), (case, answer)
    assert peak < 300, peak
