"""The CLI must start light: heavy libraries are imported only by the commands that need them."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("spacy", "lxml", "pydantic", "yaml", "numpy", "numba", "thinc", "PIL")


def test_importing_the_cli_loads_no_heavy_library():
    code = ("import sys, lexicon_tools.cli.app; "
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
