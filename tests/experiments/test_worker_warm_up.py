"""A worker's warm-up loads the compiled kernels, so its first batch plays at full speed.

Checked in a fresh interpreter (this test process may have loaded them already): before
`worker.warm_up` no numba kernel has a signature loaded, after it the move generator's kernels
(all-moves and best-move mode, the letter take's check and its best-move runs) and the leave valuation's have one.
"""

from __future__ import annotations

import json
import subprocess
import sys

SCRIPT = """
import json
from lexicon_tools.engine import _leaves_jit
from lexicon_tools.engine.movegen import kernel
from lexicon_tools.experiments.worker import warm_up

names = {"generate": kernel.generate, "takeable": kernel.takeable, "best_takes": kernel.best_takes,
         "add_groups": _leaves_jit.add_groups}
before = {name: len(f.signatures) for name, f in names.items()}
warm_up()
print(json.dumps({"before": before, "after": {name: len(f.signatures) for name, f in names.items()}}))
"""


def test_warm_up_loads_every_kernel_a_batch_calls():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=600, check=True)
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["before"] == {"generate": 0, "takeable": 0, "best_takes": 0, "add_groups": 0}
    assert all(n >= 1 for n in seen["after"].values()), seen
