"""The sweep and report commands keep Dask, pyarrow and matplotlib out of every other command's start-up."""

from __future__ import annotations

import subprocess
import sys

SWEEP_LIBRARIES = ("dask", "distributed", "pyarrow", "matplotlib", "pandas")


def test_starting_the_cli_loads_none_of_the_sweep_libraries():
    code = ("import sys, lexicon_tools.cli.app; "
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({SWEEP_LIBRARIES!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_sweep_help_loads_none_of_them_either():
    code = ("import sys\n"
            "from typer.testing import CliRunner\n"
            "from lexicon_tools.cli.app import app\n"
            "for command in ('sweep', 'report'):\n"
            "    assert CliRunner().invoke(app, [command, '--help']).exit_code == 0\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({SWEEP_LIBRARIES!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
