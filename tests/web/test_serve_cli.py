"""`lexicon-tools serve` as a user starts it: a real process, its address, its QR code and its mistakes."""

from __future__ import annotations

import re
import socket
import subprocess
import sys

import httpx

from tests.web.conftest import free_port, start_server, stop_server


def test_serve_answers_on_localhost_and_says_so(small_lexicons):
    proc, url = start_server(small_lexicons["wortspieler"])
    try:
        page = httpx.get(url + "/")
        reply = httpx.post(url + "/api/check", json={"words": ["Haus", "Häuser"]})   # suggestions: worker process
        raw = _raw(url, b"GET /api/ruleset HTTP/1.1\r\nHost: x\r\nContent-Length: nonsense\r\n\r\n")
    finally:
        out = stop_server(proc)
    assert page.status_code == 200 and "content-security-policy" in page.headers
    assert reply.json()["results"][0]["valid"] is True and reply.json()["results"][1]["suggestions"][0] == "HAUS"
    assert raw.startswith(b"HTTP/1.1 400")
    assert f"Serving the table at {url}/" in out and "Only this computer can open it" in out
    assert "13 words" in out and "Traceback" not in out and "Stopped" in out and proc.returncode == 0


def test_serve_on_the_lan_prints_the_address_and_a_qr_code(small_lexicons):
    proc, _url = start_server(small_lexicons["wortspieler"], "--host", "0.0.0.0")
    out = stop_server(proc)
    assert "Scan to open the shared table on a phone" in out and "Shared table: http://" in out
    qr_rows = [line for line in out.splitlines() if "█" in line or "▀" in line or "▄" in line]
    assert len(qr_rows) >= 10, out


def test_a_busy_port_is_a_clear_error(small_lexicons):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "lexicon_tools", "serve", "--lexicon",
                                 str(small_lexicons["wortspieler"]), "--port", str(port)],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in result.stderr and "--port" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_serve_without_a_built_lexicon_explains_how_to_build(cli):
    result = cli("serve", "--ruleset", "smartfeud", "--port", str(free_port()))
    assert result.exit_code == 2
    assert "lexicon-tools build --ruleset smartfeud" in result.output and "Traceback" not in result.output


def test_serve_help_has_an_example(cli):
    result = cli("serve", "--help")
    assert result.exit_code == 0 and "Example: lexicon-tools serve" in result.output and "--no-share" in result.output


def _raw(url: str, request: bytes) -> bytes:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as conn:
        conn.sendall(request)
        return conn.recv(4096)


def terminal_qr(lines: list[str]):
    """The terminal's QR code (segno's compact blocks: two modules a character, the light ones drawn as
    block) as a grayscale image, 8 pixels a module, for a real QR decoder to read."""
    import numpy

    top = {"█": 255, "▀": 255, "▄": 0, " ": 0}
    bottom = {"█": 255, "▄": 255, "▀": 0, " ": 0}
    rows = [[top[ch] for ch in line] for line in lines] + [[bottom[ch] for ch in line] for line in lines]
    rows[::2], rows[1::2] = rows[:len(lines)], rows[len(lines):]
    return numpy.kron(numpy.array(rows, dtype=numpy.uint8), numpy.ones((8, 8), dtype=numpy.uint8))


def read_qr(proc) -> str:
    """Read the served output up to the end of its QR code; return what the code encodes (zxing-cpp)."""
    import zxingcpp

    for line in proc.stdout:
        if line.startswith("Scan to open"):
            break
    first = proc.stdout.readline().rstrip("\n")
    lines = [first] + [proc.stdout.readline().rstrip("\n") for _ in range((len(first) + 1) // 2 - 1)]
    assert all(set(line) <= set("█▀▄ ") and len(line) == len(first) for line in lines), lines
    found = zxingcpp.read_barcodes(terminal_qr(lines))
    assert len(found) == 1, "no QR code decoded from the terminal output"
    return found[0].text


def test_the_terminal_qr_code_opens_the_shared_table(small_lexicons):
    """The QR code printed for the phones, decoded from the terminal text, is the link of a table the server
    shares; a phone that opens it shows that link as its own table's share link, and a second phone that
    scans it sees the first phone's game."""
    import os

    from playwright.sync_api import sync_playwright

    from tests.web.test_browser import CHROMIUM, PHONE, lay

    if CHROMIUM is None:
        import pytest

        pytest.skip("no chromium on PATH (.ci/run installs Debian's chromium)")
    proc, url = start_server(small_lexicons["wortspieler"], "--host", "0.0.0.0",
                             env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        link = read_qr(proc)
        port = url.rsplit(":", 1)[1]
        assert re.fullmatch(rf"http://[^/]+:{port}/#table=[A-Za-z0-9_-]{{22}}", link), link
        table_id = link.split("#table=")[1]
        assert httpx.get(f"{url}/api/tables/{table_id}").status_code == 200      # shared by the server
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            try:
                first, second = (browser.new_context(locale="de-DE", **PHONE).new_page() for _ in range(2))
                first.goto(link)
                first.wait_for_selector("body[data-ready='1']")
                first.tap("[data-tab=sheet]")
                first.tap("[data-testid=share]")
                first.wait_for_selector("[data-testid=share-link]:has-text('#table=')")
                assert first.inner_text("[data-testid=share-link]").split()[-1] == link
                first.tap("[data-tab=board]")
                lay(first, "G8", "HAUS")
                first.wait_for_selector("[data-testid=turn-score]")
                first.click("[data-testid=record]")
                first.wait_for_function(f"() => fetch('/api/tables/{table_id}').then((r) => r.json())"
                                        ".then((t) => t.state.game && t.state.game.turns.length === 1)")
                second.goto(link)
                second.wait_for_selector("body[data-ready='1']")
                second.wait_for_function("() => document.querySelector('[data-square=G8]').textContent.startsWith('H')")
            finally:
                browser.close()
    finally:
        out = stop_server(proc)
    assert "Traceback" not in out
