"""Soak: `lexicon-tools serve` on 127.0.0.1 under good and hostile clients for minutes, memory flat.

A real `serve` process answers, for --seconds (default 600):

* --good clients (default 8) on 127.0.1.1, 127.0.1.2, ..., each in a loop as a phone at a table does: judge
  words (``/api/check``, every verdict checked against the word list), count the tiles left,
  share a table, read it and update it (the version checked). Every good request must succeed.
* --hostile clients (default 6) on 127.0.0.2 taking turns through the attacks of issue 29:
  a 1 MB header, a half-sent request (headers or body) left hanging, a foreign Host name
  (DNS rebinding), a 1 MB body, NaN and Infinity in a table state, JSON nested 50,000 deep,
  bytes that are not HTTP, a Content-Length that lies, and a flood of shared tables.
  Each must end in a 4xx/503 answer or a closed connection, never a 2xx (the table flood's
  creates are 201 by design: they evict that client's own oldest tables).

The first 20 s (a third of a shorter run) are good clients alone: the baseline of the same run, for
latency (p50, p99) and the server's memory after warm-up. Reported: good requests and failures,
hostile attempts per kind and how they ended, the p99 under attack against the baseline p99, and the server's
resident memory (VmRSS) sampled every 2 s: after warm-up, at the end, and the maximum.
Pass: 0 good failures, no 2xx to an attack, and memory flat: the last minute's median RSS at most
1.25 x the median after warm-up (plus 10 MB of allocator slack).

Run: nice -n 10 .venv/bin/python bench/server_soak.py [--seconds 600] [--good 8] [--hostile 6]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HOST, ATTACKER = "127.0.0.1", "127.0.0.2"
WORDS = ["Haus", "Hase", "Sau", "Aas", "Maus", "Nase", "Aus", "See", "Tee", "Rast", "Rest", "Straße", "Eltern"]
ATTACKS = ("big header", "half headers", "half body", "foreign host", "big body", "nan state", "deep json",
           "not http", "lying length", "table flood")


def build_lexicon(folder: Path) -> Path:
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict

    rs = load_ruleset("wortspieler")
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, pos="NOUN"), alphabet.normalize(w), True, "nom-sg") for w in WORDS]
    path = folder / "soak.lex"
    build_from_verdicts(rs, verdicts, path, date="2026-01-01T00:00:00Z")
    return path


def start_server(lexicon: Path) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "lexicon_tools", "serve", "--lexicon", str(lexicon), "--port", "0",
                             "--request-timeout", "3"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        found = re.search(r"Serving the table at http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return proc, int(found.group(1))
    raise SystemExit(f"serve did not start (exit {proc.wait()})")


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        return int(next(l for l in status if l.startswith("VmRSS:")).split()[1]) / 1024


async def request(port: int, method: str, path: str, body: bytes = b"", source: str = HOST,
                  host: str | None = None, timeout: float = 30) -> tuple[int, bytes]:
    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port, local_addr=(source, 0)), timeout)
    try:
        head = (f"{method} {path} HTTP/1.1\r\nHost: {host or f'{HOST}:{port}'}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
        writer.write(head + body)
        data = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    if not data:
        return 0, b""
    head, _, payload = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), payload


class Tally:
    def __init__(self):
        self.good = self.failed = 0
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self.attacks: Counter = Counter()
        self.breaches: list[str] = []


async def good_client(port: int, rng: random.Random, tally: Tally, until: float, baseline: list,
                      source: str) -> None:
    async def call(method, path, payload=None, expect=200):
        started = time.perf_counter()
        try:
            status, body = await request(port, method, path, json.dumps(payload).encode() if payload else b"",
                                         source)
            data = json.loads(body) if body else None
        except (OSError, asyncio.TimeoutError, ValueError) as exc:
            status, data = f"{type(exc).__name__}", None
        seconds = time.perf_counter() - started
        tally.good += 1
        (baseline if time.monotonic() < baseline_end else tally.latencies).append(seconds)
        if status != expect:
            tally.failed += 1
            tally.failures.append(f"{method} {path}: {status}")
            return None
        return data

    while time.monotonic() < until:
        words = rng.sample(WORDS, 2) + ["Xyzq"]
        checked = await call("POST", "/api/check", {"words": words, "suggestions": 0})
        if checked and [r["valid"] for r in checked["results"]] != [True, True, False]:
            tally.failed += 1
            tally.failures.append(f"wrong verdicts for {words}")
        left = await call("POST", "/api/tiles-left", {"board": ["." * 16] * 16, "rack": "HAUS"})
        if left and min(left["letters"].values()) < 0:
            tally.failed += 1
            tally.failures.append("negative tiles left")
        made = await call("POST", "/api/tables", {"state": {"score": [1, 2]}}, expect=201)
        if made:
            await call("GET", f"/api/tables/{made['id']}")
            updated = await call("PUT", f"/api/tables/{made['id']}", {"version": 1, "state": {"score": [3, 4]}})
            if updated and updated["version"] != 2:
                tally.failed += 1
                tally.failures.append("table version")
        await asyncio.sleep(rng.uniform(0, 0.2))


async def attack(port: int, kind: str) -> str:
    """One attack; returns how it ended: the status, or 'closed'."""
    if kind in ("big header", "half headers", "half body", "not http", "lying length"):
        reader, writer = await asyncio.open_connection(HOST, port, local_addr=(ATTACKER, 0))
        try:
            if kind == "big header":
                writer.write(b"GET /api/ruleset HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
                for _ in range(16):
                    writer.write(b"a" * 65536)
                    await writer.drain()
            elif kind == "half headers":
                writer.write(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
            elif kind == "half body":
                writer.write(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{\"wo")
            elif kind == "not http":
                writer.write(os.urandom(2048))
            else:
                writer.write(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n"
                             b'{"words": ["Haus"]}' * 10)
            await writer.drain()
            data = await asyncio.wait_for(reader.read(200), 30)
        except (ConnectionError, OSError):
            return "closed"
        finally:
            writer.close()
        return data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/1.1 ") else "closed"
    if kind == "foreign host":
        status, _ = await request(port, "POST", "/api/check", b'{"words": ["Haus"]}', ATTACKER, host="evil.example")
    elif kind == "big body":
        status, _ = await request(port, "POST", "/api/check", b'{"words": ["' + b"a" * (1 << 20) + b'"]}', ATTACKER)
    elif kind == "nan state":
        status, _ = await request(port, "POST", "/api/tables", b'{"state": {"s": [NaN, Infinity]}}', ATTACKER)
    elif kind == "deep json":
        status, _ = await request(port, "POST", "/api/tables", b'{"state": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
                                  ATTACKER)
    else:   # table flood: 30 creates, each of the attacker's beyond its 10 evicts its own oldest
        for _ in range(30):
            status, _ = await request(port, "POST", "/api/tables", b'{"state": {"x": 1}}', ATTACKER)
        return "flood ok" if status == 201 else str(status)
    return str(status) if status else "closed"


async def hostile_client(port: int, rng: random.Random, tally: Tally, start: float, until: float) -> None:
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    while time.monotonic() < until:
        kind = rng.choice(ATTACKS)
        try:
            outcome = await attack(port, kind)
        except (OSError, asyncio.TimeoutError) as exc:
            outcome = type(exc).__name__
        tally.attacks[(kind, outcome)] += 1
        if outcome.startswith("2") and kind != "table flood":
            tally.breaches.append(f"{kind}: {outcome}")
        await asyncio.sleep(rng.uniform(0, 0.3))


async def sample_memory(pid: int, samples: list, until: float) -> None:
    while time.monotonic() < until:
        samples.append((time.monotonic(), rss_mb(pid)))
        await asyncio.sleep(2)


baseline_end = 0.0


async def soak(port: int, pid: int, args) -> tuple[Tally, list, list]:
    global baseline_end
    tally, samples, baseline = Tally(), [], []
    now = time.monotonic()
    baseline_end = now + min(20.0, args.seconds / 3)
    until = now + args.seconds
    rng = random.Random(args.seed)
    tasks = [good_client(port, random.Random(rng.random()), tally, until, baseline, f"127.0.1.{i + 1}")
             for i in range(args.good)]   # a phone each, each its own address (and its own 10 tables)
    tasks += [hostile_client(port, random.Random(rng.random()), tally, baseline_end, until)
              for _ in range(args.hostile)]
    await asyncio.gather(sample_memory(pid, samples, until), *tasks)
    return tally, samples, baseline


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) >= 2 else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--good", type=int, default=8)
    parser.add_argument("--hostile", type=int, default=6)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start_server(build_lexicon(Path(folder)))
        try:
            tally, samples, baseline = asyncio.run(soak(port, proc.pid, args))
        finally:
            proc.terminate()
            rest = proc.communicate(timeout=20)[0]
    after_warm_up = [mb for t, mb in samples if t >= samples[0][0] + min(60.0, args.seconds / 3)][:30]
    last = [mb for t, mb in samples if t >= samples[-1][0] - min(60.0, args.seconds / 3)]
    warm, end = statistics.median(after_warm_up), statistics.median(last)
    flat = end <= 1.25 * warm + 10
    p99_base, p99_load = percentile(baseline, 99) * 1000, percentile(tally.latencies, 99) * 1000
    print(f"soak: {args.seconds:.0f} s, {args.good} good clients (127.0.1.x), {args.hostile} hostile (127.0.0.2)")
    failures = f" ({tally.failures[:5]})" if tally.failed else ""
    print(f"good requests: {tally.good:,}, failed: {tally.failed}{failures}")
    alone = min(20.0, args.seconds / 3)
    print(f"latency of good requests: baseline (alone, first {alone:.0f} s) "
          f"p50 {statistics.median(baseline) * 1000:.1f} ms, "
          f"p99 {p99_base:.1f} ms; under attack p50 {statistics.median(tally.latencies) * 1000:.1f} ms, "
          f"p99 {p99_load:.1f} ms; p99 ratio {p99_load / p99_base:.2f}x")
    print("attacks: " + ", ".join(f"{kind} -> {outcome}: {n}" for (kind, outcome), n in sorted(tally.attacks.items())))
    print(f"server memory (VmRSS): after warm-up {warm:.1f} MB, last minute {end:.1f} MB (ratio {end / warm:.2f}x), "
          f"max {max(mb for _, mb in samples):.1f} MB over {len(samples)} samples")
    ok = tally.failed == 0 and not tally.breaches and flat and "Traceback" not in rest
    if tally.breaches:
        print(f"BREACHES: {tally.breaches[:10]}")
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
