"""A short run of bench/server_soak.py: good phones and hostile clients against a real `serve` on loopback.

The benchmark runs 10 minutes; here 24 s (16 s of them under attack) must already end with no good
request failed, no attack answered 2xx, flat memory and no traceback from the server.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "server_soak.py"


def test_a_short_soak_fails_no_good_request_and_keeps_memory_flat():
    done = subprocess.run([sys.executable, str(BENCH), "--seconds", "24", "--good", "4", "--hostile", "4"],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0 and done.stdout.rstrip().endswith("PASS"), done.stdout + done.stderr
    assert "failed: 0" in done.stdout
    attacks = next(line for line in done.stdout.splitlines() if line.startswith("attacks: "))
    refused = {entry.split(" -> ")[0] for entry in attacks[len("attacks: "):].split(", ")
               if entry.split(" -> ")[1].split(":")[0] in ("400", "408", "421", "422", "431", "closed",
                                                           "ConnectionResetError")}
    assert len(refused) >= 4, attacks      # the attacks reached the server and were refused
