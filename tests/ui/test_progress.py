"""The progress bar (rich.progress): silent in pipes, plain when forced onto a file, live on a terminal."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys

from lexicon_tools.ui.progress import Progress


def test_a_pipe_gets_nothing():
    stream = io.StringIO()  # not a terminal
    with Progress("filter", total=10, stream=stream) as bar:
        for _ in range(10):
            bar.advance()
    assert stream.getvalue() == "" and bar.count == 10


def test_forced_onto_a_file_it_is_plain_text_with_the_final_count():
    stream = io.StringIO()
    with Progress("filter", total=250, enabled=True, stream=stream) as bar:
        for _ in range(250):
            bar.advance()
    text = stream.getvalue()
    assert "filter" in text and "250/250" in text and "/s" in text
    assert "\x1b" not in text and "\r" not in text


def test_an_unknown_total_shows_a_spinner_and_the_count():
    stream = io.StringIO()
    with Progress("import (bytes)", enabled=True, stream=stream) as bar:
        bar.advance(4096)
    text = stream.getvalue()
    assert "import (bytes)" in text and "4,096" in text and "/" not in text.split("4,096")[0]


def test_on_a_terminal_the_bar_is_redrawn_with_an_eta():
    code = ("import time\nfrom lexicon_tools.ui.progress import Progress\n"
            "with Progress('games', total=6, min_interval=0) as bar:\n"
            "    for _ in range(6):\n        time.sleep(0.02); bar.advance()\n")
    main, child = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=child, env={**os.environ, "TERM": "xterm", "COLUMNS": "100"})
    os.close(child)
    chunks = []
    while True:
        try:
            data = os.read(main, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=30)
    os.close(main)
    out = b"".join(chunks).decode("utf-8", "replace")
    assert proc.returncode == 0
    assert out.count("\r") >= 3            # redrawn in place
    assert "6/6" in out and "games" in out
    assert "-:--:--" in out or "0:00:0" in out   # the ETA column
