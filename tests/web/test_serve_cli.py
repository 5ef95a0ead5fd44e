"""`lexicon-tools serve` as a user starts it: a real process, its address, its QR code and its mistakes."""

from __future__ import annotations

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
    assert "Scan to open it on a phone" in out
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
