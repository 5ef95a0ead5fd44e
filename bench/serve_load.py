"""Benchmark: `/api/check` of `lexicon-tools serve` under 200 concurrent clients, with hostile ones mixed in.

A real `lexicon-tools serve` process on 127.0.0.1 answers a bounded loop: each of
--clients clients (default 200) keeps one keep-alive connection and sends
--requests judge requests, pausing a random think time (mean --think seconds)
between them, as phones at tables do. Words come from the benchmark word list
(the default Wortspieler lexicon when built, else one built from the benchmark
word list, see lexicon_common): --illegal of them are misspelt. Like the page, a
client first asks for the verdicts (``suggestions: 0``: the graph walk) and then,
for the refused words only, for suggestions (a search over every legal word,
milliseconds each, one at a time in a worker thread). The target is on the
verdicts; the suggestion requests are timed and reported beside them.

Meanwhile --bad clients send malformed and oversized requests (broken JSON, a
1 MB body, 21 words, a 65-letter word, a field naming a file, bytes that are
not HTTP, a request that stops half-way); each must get a 4xx or a closed
connection, and no good client may see an error or a wrong verdict.

The baseline, measured in the same run, is one client alone sending the same
requests one after the other. Reported: p50/p99/max latency of the good
requests under load, the ratio of the loaded p99 to the unloaded p50, the
throughput, and the server's resident memory before and after the load.
Target (issue 15): p99 <= 20 ms under load.

Run: .venv/bin/python bench/serve_load.py [--clients 200] [--requests 20] [--think 0.5] [--lexicon FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lexicon_common import build_lex_file, word_list  # noqa: E402

HOST = "127.0.0.1"
SHED: list[float] = []      # suggestion requests answered "busy" (verdicts only)


class Client:
    """One keep-alive HTTP/1.1 connection with a minimal request/response loop (little CPU per request)."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port)

    async def post(self, path: str, payload: bytes, timing: list | None = None) -> tuple[int, bytes, float]:
        head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(payload)}\r\n\r\n").encode()
        started = time.perf_counter()
        self.writer.write(head + payload)
        status, body = await read_response(self.reader, timing)
        return status, body, time.perf_counter() - started

    async def close(self) -> None:
        if self.writer:
            self.writer.close()


SERVER_MS: list[float] = []   # Server-Timing of the verdict requests: the server's own share of the latency


async def read_response(reader, timing: list | None = None) -> tuple[int, bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next((int(line.split(":", 1)[1]) for line in lines if line.lower().startswith("content-length:")), 0)
    if timing is not None:
        timing += [float(line.rsplit("=", 1)[1]) / 1000 for line in lines if line.lower().startswith("server-timing:")]
    return status, await reader.readexactly(length)


def misspell(word: str, rng: random.Random) -> str:
    i = rng.randrange(len(word))
    return word[:i] + rng.choice("QXYJ") + word[i + 1:]


def requests_for(words: list[str], count: int, illegal: float, rng: random.Random) -> list[tuple[bytes, list[bool]]]:
    """(body, expected verdicts) pairs: one to three words, `illegal` of them misspelt."""
    out = []
    for _ in range(count):
        chosen, expected = [], []
        for _ in range(rng.randint(1, 3)):
            word = rng.choice(words)
            if rng.random() < illegal:
                chosen.append(misspell(word, rng))
                expected.append(None)          # usually illegal; a misspelling may happen to be a word
            else:
                chosen.append(word)
                expected.append(True)
        out.append((chosen, expected))
    return out


async def good_client(port: int, plan, think: float, rng: random.Random, latencies: list, failures: list,
                      suggest_latencies: list) -> None:
    """As the page judges: the verdicts at once (suggestions: 0), then suggestions for the refused words."""
    client = Client(port)
    await client.open()
    try:
        for words, expected in plan:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            body = json.dumps({"words": words, "suggestions": 0}).encode()
            status, reply, seconds = await client.post("/api/check", body, SERVER_MS)
            latencies.append(seconds)
            if status != 200:
                failures.append(f"status {status}: {reply[:200]!r}")
                continue
            verdicts = [r["valid"] for r in json.loads(reply)["results"]]
            if any(e is not None and e != v for e, v in zip(expected, verdicts)) or len(verdicts) != len(expected):
                failures.append(f"wrong verdicts {verdicts} for {body!r}")
            refused = [w for w, v in zip(words, verdicts) if not v]
            if refused:
                body = json.dumps({"words": refused, "suggestions": 5}).encode()
                status, reply, seconds = await client.post("/api/check", body)
                data = json.loads(reply) if status == 200 else {}
                if data.get("busy"):
                    SHED.append(seconds)       # refused at once: too many searches waiting
                elif status != 200 or "suggestions" not in data["results"][0]:
                    failures.append(f"suggestions: status {status}: {reply[:200]!r}")
                else:
                    suggest_latencies.append(seconds)
    finally:
        await client.close()


BAD_REQUESTS = [
    ("broken JSON", b'POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'
                    b'Content-Length: 11\r\n\r\n{"words": ['),
    ("1 MB body", b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1048576\r\n\r\n" + b"[" * 1_048_576),
    ("21 words", None),
    ("65-letter word", None),
    ("a file path", None),
    ("not HTTP", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)) + b"\r\n\r\n"),
    ("half a request", b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"wor"),
]


def bad_body(kind: str) -> bytes:
    payload = {"21 words": {"words": ["HAUS"] * 21}, "65-letter word": {"words": ["A" * 65]},
               "a file path": {"words": ["HAUS"], "lexicon": "/etc/passwd"}}[kind]
    data = json.dumps(payload).encode()
    return (b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(data)}\r\n\r\n".encode() + data)


async def bad_client(port: int, rounds: int, outcomes: dict, stop: asyncio.Event) -> None:
    for round_no in range(rounds):
        kind, raw = BAD_REQUESTS[round_no % len(BAD_REQUESTS)]
        raw = raw or bad_body(kind)
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(raw)
            try:
                if kind == "half a request":      # stall, then hang up: the server must not wait for it forever
                    await asyncio.sleep(0.5)
                    writer.close()
                    result = "hung up"
                else:
                    status, _ = await asyncio.wait_for(read_response(reader), 10)
                    result = str(status)
            except (asyncio.IncompleteReadError, ConnectionError):
                result = "closed"
            writer.close()
        except OSError as exc:
            result = f"connect failed: {exc}"
        outcomes.setdefault(kind, []).append(result)
        if stop.is_set():
            break
        await asyncio.sleep(0.05)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of the server (and of any child process) so far."""
    total = 0.0
    for proc in [pid] + children(pid):
        fields = Path(f"/proc/{proc}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def children(pid: int) -> list[int]:
    return [int(c) for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]


def memory(pid: int) -> str:
    """RSS of the server (and of any child process it started)."""
    parts = [f"server {rss_kib(pid) / 1024:.1f} MiB"]
    for child in children(pid):
        role = "resource tracker" if b"resource_tracker" in Path(f"/proc/{child}/cmdline").read_bytes() else "worker"
        parts.append(f"{role} {rss_kib(child) / 1024:.1f} MiB")
    return " + ".join(parts)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(lexicon: Path, port: int) -> subprocess.Popen:
    cmd = [str(Path(sys.executable).with_name("lexicon-tools")), "serve", "--lexicon", str(lexicon),
           "--port", str(port), "--no-share"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"serve exited: {proc.stdout.read()}")
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("serve did not start within 120 s")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


async def baseline(port: int, plan) -> tuple[list[float], list[float]]:
    latencies, failures, suggest = [], [], []
    await good_client(port, plan, 0.0, random.Random(1), latencies, failures, suggest)
    if failures:
        raise SystemExit(f"baseline failed: {failures[:3]}")
    return latencies, suggest


async def load(port: int, plans, think: float, bad: int):
    latencies, failures, outcomes, suggest = [], [], {}, []
    stop = asyncio.Event()
    started = time.perf_counter()
    bad_tasks = [asyncio.create_task(bad_client(port, 10_000, outcomes, stop)) for _ in range(bad)]
    await asyncio.gather(*(good_client(port, plan, think, random.Random(i), latencies, failures, suggest)
                           for i, plan in enumerate(plans)))
    elapsed = time.perf_counter() - started
    stop.set()
    await asyncio.gather(*bad_tasks)
    return latencies, suggest, failures, outcomes, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=20, help="Requests per client.")
    parser.add_argument("--think", type=float, default=0.5, help="Mean pause between a client's requests (s).")
    parser.add_argument("--illegal", type=float, default=0.1, help="Share of misspelt words.")
    parser.add_argument("--bad", type=int, default=10, help="Clients sending malformed requests.")
    parser.add_argument("--lexicon", type=Path, help="A wortspieler .lex (default: the one `lexicon-tools build` made, "
                                                     "else one built from the benchmark word list).")
    args = parser.parse_args()
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    from lexicon_tools.io.formats.lexfile import load_lexicon

    with tempfile.TemporaryDirectory() as tmp:
        from lexicon_tools.resources import default_lexicon_path

        lexicon = args.lexicon or default_lexicon_path("wortspieler")
        if not lexicon.is_file():   # no `lexicon-tools build` yet: a lexicon from the benchmark word list
            source, words = word_list(80_000)   # the size of the default Wortspieler lexicon
            print(f"word list: {source}")
            lexicon = build_lex_file(words, Path(tmp) / "wortspieler.lex")
        words = load_lexicon(lexicon).legal_words()
        print(f"lexicon: {lexicon} ({len(words):,} words)")
        port = free_port()
        server = start_server(lexicon, port)
        try:
            run(args, words, port, server.pid)
        finally:
            server.terminate()
            out, _ = server.communicate(timeout=20)
            if "Traceback" in out:
                print("server printed a traceback:\n" + out)
                raise SystemExit(1)


def run(args, words: list[str], port: int, pid: int) -> None:
    rng = random.Random(2026)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start "
          "(other processes share the cores with the server and the clients)")
    asyncio.run(baseline(port, requests_for(words, 50, args.illegal, rng)))   # warm-up
    rss_before = memory(pid)
    alone, alone_suggest = asyncio.run(baseline(port, requests_for(words, 300, args.illegal, rng)))
    plans = [requests_for(words, args.requests, args.illegal, rng) for _ in range(args.clients)]
    SERVER_MS.clear()
    cpu_before, own_before = cpu_seconds(pid), time.process_time()
    loaded, suggest, failures, outcomes, elapsed = asyncio.run(load(port, plans, args.think, args.bad))
    cpu, own = cpu_seconds(pid) - cpu_before, time.process_time() - own_before
    rss_after = memory(pid)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    p50_alone, p99 = percentile(alone, 50), percentile(loaded, 99)
    print(f"one client alone ({len(alone)} verdict requests):  p50 {ms(p50_alone)}  p99 {ms(percentile(alone, 99))}"
          f"   suggestions ({len(alone_suggest)}): p50 {ms(percentile(alone_suggest, 50))}")
    print(f"{args.clients} clients ({len(loaded) + len(suggest):,} requests in {elapsed:.1f} s, "
          f"{(len(loaded) + len(suggest)) / elapsed:,.0f}/s, think {args.think}s, {args.illegal:.0%} misspelt, "
          f"{args.bad} hostile clients):")
    print(f"  verdicts    ({len(loaded):,}): p50 {ms(percentile(loaded, 50))}  p99 {ms(p99)}  max {ms(max(loaded))}  "
          f"mean {ms(statistics.fmean(loaded))}")
    print(f"  verdicts, time spent in the server (Server-Timing): p50 {ms(percentile(SERVER_MS, 50))}  "
          f"p99 {ms(percentile(SERVER_MS, 99))}  (the rest is waiting for a core and the network stack)")
    if suggest:
        print(f"  suggestions ({len(suggest):,}): p50 {ms(percentile(suggest, 50))}  p99 {ms(percentile(suggest, 99))}"
              f"  max {ms(max(suggest))}")
    print(f"  suggestion requests answered busy (verdicts only): {len(SHED)}")
    handled = len(loaded) + len(suggest) + len(SHED) + sum(len(r) for r in outcomes.values())
    print(f"  server CPU: {cpu:.2f} s for {handled:,} requests = {cpu / handled * 1000:.2f} ms each, "
          f"{cpu / elapsed:.0%} of one core; the clients: {own / elapsed:.0%} of one core")
    print(f"  ratio loaded verdict p99 / alone p50: {p99 / p50_alone:.1f}x")
    print(f"memory (RSS) before: {rss_before}")
    print(f"memory (RSS) after:  {rss_after}")
    for kind, results in outcomes.items():
        counts = {r: results.count(r) for r in sorted(set(results))}
        print(f"  hostile '{kind}': {counts}")
    hostile_ok = all(r in ("400", "413", "422", "closed", "hung up") for rs in outcomes.values() for r in rs)
    print(f"good requests failed: {len(failures)}" + (f" e.g. {failures[:3]}" if failures else ""))
    verdict = "PASS" if p99 <= 0.020 and not failures and hostile_ok else "FAIL"
    print(f"{verdict}: target verdict p99 <= 20 ms under load, no failed good request, every hostile request refused")
    if verdict == "FAIL":
        raise SystemExit(1)


if __name__ == "__main__":
    main()
