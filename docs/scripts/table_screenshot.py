"""Draw the table page's screenshots for docs/guides/at-the-table.md: every step, light and dark.

Starts `lexicon-tools serve` on a sample Wortspieler lexicon it builds itself (a few dozen nouns, so
a clean checkout needs no built lexicon; --lexicon FILE takes yours), drives Debian's chromium with
Playwright on a 360x640 phone in German and saves, for the light and the dark colour scheme,
docs/images/table-<step>-<scheme>.png:

- judge:   the judge tab with HAUS ✔ and HÄUSER ✘ and its suggestion;
- turn:    a Wortspieler turn being scored on the zoomed board (HAUS and HASe laid before);
- refused: a joker swap by a player who is not the next one, refused with its German message;
- sheet:   the score sheet filled from the board;
- typed:   a score-sheet-only game of four: typed scores, an exchange, a pass, a correction;
- end:     the end step with the ranking;
- share:   the shared table's link and QR code;
- offline: the server stopped, the page reloaded, judging from the word list on the phone.

Also docs/images/table-phone.png and -dark.png (the README's picture: the board at 390x844). Each PNG is
reduced to a 256-colour palette (Pillow), which keeps all of them together well under 3 MB.

Run: .venv/bin/python docs/scripts/table_screenshot.py [--lexicon FILE] [--out-dir docs/images]
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
# the sample lexicon: (word, lemma, legal, reason code), as the filter would judge them
SAMPLE = [("Haus", "Haus", True, "nom-sg"), ("Häuser", "Haus", False, "inflected-form:plural-of:HAUS"),
          ("Hase", "Hase", True, "nom-sg"), ("Sau", "Sau", True, "nom-sg"), ("Nase", "Nase", True, "nom-sg"),
          ("Maus", "Maus", True, "nom-sg"), ("Mäuse", "Maus", False, "inflected-form:plural-of:MAUS"),
          ("See", "See", True, "nom-sg"), ("Tee", "Tee", True, "nom-sg"), ("Aas", "Aas", True, "nom-sg"),
          ("Rast", "Rast", True, "nom-sg"), ("Rest", "Rest", True, "nom-sg"), ("Eltern", "Eltern", True,
          "plurale-tantum"), ("gehen", "gehen", False, "not-a-noun"), ("Straße", "Straße", True, "nom-sg")]


def sample_lexicon(folder: Path) -> Path:
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict

    rs = load_ruleset("wortspieler")
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, lemma=l, pos="NOUN"), alphabet.normalize(w), v, r) for w, l, v, r in SAMPLE]
    build_from_verdicts(rs, verdicts, folder / "sample.lex", date="2026-01-01T00:00:00Z")
    return folder / "sample.lex"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(lexicon: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "lexicon_tools", "serve", "--port", str(port), "--lexicon", str(lexicon)]
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


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def lay(page, start: str, letters: str, down: bool = False, joker_at: int | None = None, word: str = "") -> None:
    """Tap the letters in from `start`; with `word`, wait until the engine scored the whole turn (its main
    word shown), not a part of it evaluated on the way."""
    page.tap(f"[data-square={start}]")
    if down != (page.inner_text("[data-testid=direction]") == "↓"):
        page.tap("[data-testid=direction]")
    for index, letter in enumerate(letters):
        if index == joker_at:
            page.tap("[data-testid=joker]")
        page.tap(f".key[data-letter='{letter}']")
    if word:
        page.wait_for_function("""(w) => [...document.querySelectorAll('[data-testid=word]')]
          .some((el) => el.textContent.startsWith(`✔ ${w} `)) && document.querySelector('[data-testid=turn-score]')""",
                               arg=word)


def record(page) -> None:
    page.tap("[data-testid=record]")
    page.wait_for_selector("[data-testid=turn-score]", state="detached")


def names(page, players: list[str]) -> None:
    page.tap("[data-tab=sheet]")
    for _ in range(len(players) - 2):
        page.tap("#add-player")
    for index, name in enumerate(players, 1):
        page.fill(f"[data-testid=player-{index}]", name)
        page.press(f"[data-testid=player-{index}]", "Enter")


def open_phone(browser, url: str, scheme: str, **extra):
    context = browser.new_context(locale="de-DE", color_scheme=scheme, **{**PHONE, **extra})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def shots(browser, lexicon: Path, scheme: str, save) -> None:
    proc, url = serve(lexicon)
    try:
        page = open_phone(browser, url, scheme)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        page.wait_for_selector("body[data-offline-words]", timeout=30_000)
        page.tap("[data-tab=judge]")
        page.fill("[data-testid=judge-input]", "Haus Häuser Xylofon")
        page.tap("[data-testid=judge-go]")
        page.wait_for_selector("[data-testid=verdict]:has-text('→ HAUS')")
        save(page, "judge")

        names(page, ["Anna", "Ben", "Cem"])
        page.tap("[data-tab=board]")
        lay(page, "G8", "HAUS", word="HAUS")
        record(page)
        lay(page, "G9", "ASE", down=True, joker_at=2, word="HASe")  # Ben: HASe, the E a joker on G11
        save(page, "turn")
        record(page)
        page.tap("[data-testid=pass]")                               # Cem, who could swap the joker, passes
        page.wait_for_selector("[data-testid=pass]:not([disabled])")  # the engine allowed it: recorded
        page.tap("[data-testid=swap]")                               # Anna tries: not hers to swap
        page.tap("[data-square=G11]")
        page.tap("[data-testid=swap]")
        lay(page, "F11", "S", joker_at=0)
        page.tap(".key[data-letter='E']")
        page.wait_for_selector("[data-testid=result] .bad:has-text('G11')")
        save(page, "refused")
        page.tap("[data-testid=clear]")
        lay(page, "F11", "TE", word="TeE")                           # Anna lays TeE instead
        record(page)
        page.tap("[data-tab=sheet]")
        save(page, "sheet", "[data-testid=sheet]")

        page.tap("[data-testid=share]")
        page.wait_for_function("() => document.querySelector('[data-testid=share-qr]').naturalWidth > 100")
        save(page, "share", "#share")

        sheet_only(open_phone(browser, url, scheme), save)
    finally:
        stop(proc)
    page.reload()                                                    # the server is gone: the phone judges
    page.wait_for_selector("body[data-ready='1']")
    page.tap("[data-tab=judge]")
    page.fill("[data-testid=judge-input]", "Haus Häuser")
    page.tap("[data-testid=judge-go]")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=verdict]').length === 2")
    save(page, "offline")
    page.context.close()


def sheet_only(page, save) -> None:
    """Four players who only want the sheet: typed scores, an exchange, a pass, a correction, the end."""
    names(page, ["Anna", "Ben", "Cem", "Dora"])

    def typed(score: int, word: str = "") -> None:
        page.fill("[data-testid=typed-word]", word)
        page.fill("[data-testid=typed-score]", str(score))
        page.tap("[data-testid=typed-go]")

    typed(12, "Haus")
    typed(8)
    page.tap("[data-testid=typed-exchange]")
    page.tap("[data-testid=typed-pass]")
    typed(20)
    typed(15, "See")
    page.tap("[data-testid=edit-2]")                                 # Ben's first turn was 30, not 8
    page.fill("[data-testid=typed-score]", "30")
    page.tap("[data-testid=typed-go]")
    typed(10)
    save(page, "typed")
    page.tap("[data-testid=end-open]")
    page.tap("[data-testid=end-go]")
    page.wait_for_selector("[data-testid=ranking] li")
    save(page, "end", "#end-open")
    page.context.close()


def readme_picture(browser, lexicon: Path, scheme: str, out: Path) -> None:
    """The README's picture: the board at 390x844 after two turns (HAUS; HASe and SAU), NAS being scored."""
    proc, url = serve(lexicon)
    try:
        page = open_phone(browser, url, scheme, viewport={"width": 390, "height": 844}, device_scale_factor=2)
        names(page, ["Anna", "Ben"])
        page.tap("[data-tab=board]")
        lay(page, "G8", "HAUS", word="HAUS")
        record(page)
        lay(page, "G9", "ASE", down=True, joker_at=2, word="HASe")
        page.tap("[data-testid=next-word]")
        lay(page, "J9", "AU", down=True, word="SAU")
        record(page)
        lay(page, "D11", "NAS", word="NASe")
        page.tap("[data-testid=zoom]")                               # back to the overview: the whole board
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(out))
        page.context.close()
    finally:
        stop(proc)


def shrink(path: Path) -> None:
    """A 256-colour palette PNG: a third of the size of the screenshot, the text as sharp."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256)
    small.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicon", type=Path, help="a Wortspieler .lex (default: a sample built here)")
    parser.add_argument("--out-dir", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        lexicon = args.lexicon or sample_lexicon(Path(folder))
        browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"])
        for scheme in ("light", "dark"):
            def save(page, step: str, element: str | None = None, scheme=scheme) -> None:
                if element:             # that element at the top, below the sticky header
                    page.evaluate("""(sel) => { const top = document.querySelector(sel).getBoundingClientRect().top;
                      window.scrollBy(0, top - document.getElementById('top').offsetHeight - 8); }""", element)
                else:                   # the page's top: header, board (zoomed at the turn) and the docked verdict
                    page.evaluate("() => window.scrollTo(0, 0)")
                out = args.out_dir / f"table-{step}-{scheme}.png"
                page.screenshot(path=str(out))
                written.append(out)

            shots(browser, lexicon, scheme, save)
            out = args.out_dir / ("table-phone.png" if scheme == "light" else "table-phone-dark.png")
            readme_picture(browser, lexicon, scheme, out)
            written.append(out)
        browser.close()
    for out in written:
        shrink(out)
    total = sum(out.stat().st_size for out in written)
    for out in written:
        print(f"Wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} ({out.stat().st_size / 1000:.0f} kB)")
    print(f"{len(written)} images, {total / 1e6:.2f} MB in all")


if __name__ == "__main__":
    main()
