"""A non-editable install finds the bundled rulesets and corpora (they ship inside the wheel)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(work / "dist"), str(ROOT)], check=True, capture_output=True)
    (wheel,) = (work / "dist").glob("lexicon_tools-*.whl")
    target = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
                    str(wheel)], check=True, capture_output=True)
    return wheel, target


def test_wheel_contains_rulesets_layouts_and_corpora(installed):
    wheel, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert "lexicon_tools/_data/rulesets/wortspieler.yaml" in names
    assert "lexicon_tools/_data/rulesets/layouts/smartfeud-16.yaml" in names
    assert any(n.startswith("lexicon_tools/_data/corpora/") for n in names)


def test_installed_copy_runs_outside_the_checkout(installed, tmp_path):
    _, target = installed
    env = dict(os.environ, PYTHONPATH=str(target))
    code = ("import lexicon_tools, lexicon_tools.resources as r; print(lexicon_tools.__file__); "
            "print(r.rulesets_dir())")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0].startswith(str(target)) and out[1].startswith(str(target))
    shown = subprocess.run([sys.executable, "-m", "lexicon_tools", "ruleset", "validate", "wortspieler"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    assert str(target) in shown.stdout
