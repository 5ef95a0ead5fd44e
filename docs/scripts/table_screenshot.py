"""Draw docs/images/table-phone.png (and -dark.png): the table page on a phone, in a few real turns.

Starts `lexicon-tools serve` with the default Wortspieler lexicon (build it first with
`lexicon-tools build`) or --lexicon FILE, drives Debian's chromium with Playwright on a
390x844 viewport in German, records two turns (HAUS; then HASE with a joker and SAU in one
multi-word turn) and leaves a third on the board being scored, then saves the screenshot, once in the
light and once in the dark colour scheme.

Run: .venv/bin/python docs/scripts/table_screenshot.py [--lexicon FILE] [--out docs/images/table-phone.png]
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(lexicon: Path | None) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [str(Path(sys.executable).with_name("lexicon-tools")), "serve", "--port", str(port), "--no-share"]
    cmd += ["--lexicon", str(lexicon)] if lexicon else ["--ruleset", "wortspieler"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for _ in range(300):
        if proc.poll() is not None:
            raise SystemExit(proc.stdout.read())
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, f"http://127.0.0.1:{port}/"
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("serve did not start")


def lay(page, start: str, letters: str, down: bool = False, joker_at: int | None = None) -> None:
    page.click(f"[data-square={start}]")
    if down != (page.inner_text("[data-testid=direction]") == "↓"):
        page.click("[data-testid=direction]")
    for index, letter in enumerate(letters):
        if index == joker_at:
            page.click("[data-testid=joker]")
        page.click(f".key[data-letter='{letter}']")
    page.wait_for_selector("[data-testid=turn-score]")


def record(page) -> None:
    page.click("[data-testid=record]")
    page.wait_for_selector("[data-testid=turn-score]", state="detached")


def play(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    page.click("[data-tab=sheet]")
    for index, name in enumerate(("Anna", "Ben"), 1):
        page.fill(f"[data-testid=player-{index}]", name)
        page.press(f"[data-testid=player-{index}]", "Enter")
    page.click("[data-tab=board]")
    lay(page, "G8", "HAUS")
    record(page)
    lay(page, "G9", "ASE", down=True, joker_at=2)
    page.click("[data-testid=next-word]")
    lay(page, "J9", "AU", down=True)
    record(page)
    lay(page, "D11", "NAS")
    page.wait_for_selector("[data-testid=turn-score]")
    page.click("[data-testid=zoom]")                 # back to the overview: the whole board
    page.evaluate("() => window.scrollTo(0, 0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", type=Path)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "table-phone.png")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    proc, url = serve(args.lexicon)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"])
            for scheme in ("light", "dark"):
                out = args.out if scheme == "light" else args.out.with_name(f"{args.out.stem}-dark{args.out.suffix}")
                page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                        is_mobile=True, has_touch=True, locale="de-DE", color_scheme=scheme)
                play(page, url)
                out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(out))
                page.close()
                print(f"Wrote {out}")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
