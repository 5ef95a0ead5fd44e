"""Small lexicons for the table page, built with the project's pipeline, and a real `serve` process.

The lexicons hold a few words so the scenarios on the full 16x16 boards are easy to follow:
HAUS is laid first on G8-J8 (over the H8/I8 start squares), then HASE and SAU build on it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts

ROWS = [
    ("Haus", "Haus", True, "nom-sg"), ("Häuser", "Haus", False, "inflected-form:plural-of:HAUS"),
    ("Hase", "Hase", True, "nom-sg"), ("Sau", "Sau", True, "nom-sg"), ("Aas", "Aas", True, "nom-sg"),
    ("Maus", "Maus", True, "nom-sg"), ("Mäuse", "Maus", False, "inflected-form:plural-of:MAUS"),
    ("Nase", "Nase", True, "nom-sg"), ("Eltern", "Eltern", True, "plurale-tantum"), ("Aus", "Aus", True, "nom-sg"),
    ("See", "See", True, "nom-sg"), ("Tee", "Tee", True, "nom-sg"), ("gehen", "gehen", False, "not-a-noun"),
    ("Straße", "Straße", True, "nom-sg"), ("Rast", "Rast", True, "nom-sg"), ("Rest", "Rest", True, "nom-sg"),
]
EMPTY16 = ["." * 16] * 16


def build_small(name: str, path: Path) -> Path:
    rs = load_ruleset(name)
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, lemma=l, pos="NOUN"), alphabet.normalize(w), v, r) for w, l, v, r in ROWS]
    build_from_verdicts(rs, verdicts, path, date="2026-01-01T00:00:00Z")
    return path


@pytest.fixture(scope="session")
def small_lexicons(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("web-lex")
    return {name: build_small(name, folder / f"{name}.lex") for name in ("wortspieler", "smartfeud")}


NO_PASSING = """\
# a house rule: nobody may pass; a player who cannot lay a word exchanges
extends: smartfeud
name: smartfeud-ohne-passen
title: SmartFeud ohne Passen
turns:
  pass_allowed: false
"""


def house_ruleset(folder: Path) -> str:
    """A house ruleset file extending SmartFeud in which passing is not allowed (for ``--ruleset FILE``)."""
    path = folder / "smartfeud-ohne-passen.yaml"
    path.write_text(NO_PASSING, encoding="utf-8")
    return str(path)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(lexicon: Path, *extra: str, env: dict | None = None, port: int | None = None):
    """`lexicon-tools serve` in a subprocess (on `port`, else a free one); returns (process, base url) once
    it answers."""
    import httpx

    port = port or free_port()
    proc = subprocess.Popen([sys.executable, "-m", "lexicon_tools", "serve", "--lexicon", str(lexicon),
                             "--port", str(port), *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env or dict(os.environ))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"serve exited {proc.returncode}: {proc.stdout.read()}")
        try:
            if httpx.get(url + "/api/ruleset", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("serve did not answer within 60 s")


def stop_server(proc) -> str:
    proc.terminate()
    try:
        out, _ = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
    return out
