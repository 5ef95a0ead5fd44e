"""The table page in a real headless Chromium on a phone-sized viewport, against a real `serve` process.

Playwright drives Debian's chromium package (`.ci/run` installs it). Each test saves a screenshot in
its temporary folder and asserts what a player sees. Expected turn scores are worked out by hand from
the ruleset's tile values and the premium squares the turn covers.
"""

from __future__ import annotations

import math
import re
import shutil
import time

import pytest

from lexicon_tools.engine.rules import Rules
from lexicon_tools.io.formats.rulesets import load_ruleset
from tests.web.conftest import house_ruleset, start_server, stop_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH: install Debian's `chromium` "
                                                          "package (.ci/run does) to run the browser tests")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def values(name: str) -> dict[str, int]:
    rules = Rules.from_ruleset(load_ruleset(name))
    return dict(zip(rules.alphabet.letters, rules.values[1:]))


@pytest.fixture(scope="module")
def servers(small_lexicons):
    running = {name: start_server(path) for name, path in small_lexicons.items()}
    yield {name: url for name, (_proc, url) in running.items()}
    for proc, _url in running.values():
        stop_server(proc)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser):
    """Open a page on a fresh phone (its own local storage): phone(url, locale='en-US') -> page."""
    contexts = []

    def open_page(url: str, locale: str = "en-US", fake_clock: bool = False):
        context = browser.new_context(locale=locale, **PHONE)
        contexts.append(context)
        page = context.new_page()
        if fake_clock:
            page.clock.install()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        return page

    yield open_page
    for context in contexts:
        context.close()


def lay(page, start: str, letters: str, down: bool = False, joker_at: int | None = None) -> None:
    page.click(f"[data-square={start}]")
    if down != (page.inner_text("[data-testid=direction]") == "↓"):
        page.click("[data-testid=direction]")
    for index, letter in enumerate(letters):
        if index == joker_at:
            page.click("[data-testid=joker]")
        page.click(f".key[data-letter='{letter}']")


def turn_score(page, expected: int) -> str:
    page.wait_for_function("n => (document.querySelector('[data-testid=turn-score]') || {}).textContent === n",
                           arg=f"{expected} points")
    return page.inner_text("[data-testid=result]")


def record(page) -> None:
    page.click("[data-testid=record]")
    page.wait_for_selector("[data-testid=turn-score]", state="detached")


def test_judging_words_in_german_and_english(phone, servers, tmp_path):
    page = phone(servers["wortspieler"], locale="de-DE")
    assert page.inner_text("[data-tab=judge]") == "Prüfen"
    page.click("[data-tab=judge]")
    page.fill("[data-testid=judge-input]", "Haus Häuser Xylofon")
    page.click("[data-testid=judge-go]")
    page.wait_for_selector("[data-testid=verdict]:has-text('→ HAUS')")    # suggestions follow the verdicts
    verdicts = page.locator("[data-testid=verdict]").all_inner_texts()
    page.screenshot(path=tmp_path / "judge.png")
    assert verdicts[0].startswith("✔ HAUS") and "Substantiv im Nominativ Singular" in verdicts[0]
    assert verdicts[1].startswith("✘ HÄUSER") and "Plural von HAUS" in verdicts[1] and "→ HAUS" in verdicts[1]
    assert verdicts[2].startswith("✘ XYLOFON") and "nicht in den Wörterbuchquellen" in verdicts[2]
    assert "nom-sg" not in " ".join(verdicts)           # reason codes are for the CLI, not for players
    page.click("#lang")
    assert page.inner_text("[data-tab=judge]") == "Judge" and page.inner_text("[data-tab=board]") == "Board"
    page.click("[data-testid=judge-go]")
    page.wait_for_selector("[data-testid=verdict]:has-text('plural of HAUS')")
    assert (tmp_path / "judge.png").stat().st_size > 10_000 and not page.errors


def test_wortspieler_multi_word_turn_with_a_joker(phone, servers, tmp_path):
    page = phone(servers["wortspieler"])
    v = values("wortspieler")
    lay(page, "G8", "HAUS")
    assert "✔ HAUS" in turn_score(page, sum(v[c] for c in "HAUS"))
    record(page)
    lay(page, "G9", "ASE", down=True, joker_at=2)       # HASE down column G, the E a joker, S on the G10 DL
    page.click("[data-testid=next-word]")
    lay(page, "J9", "AU", down=True)                    # SAU down column J, U on the J10 DL
    expected = (v["H"] + v["A"] + 2 * v["S"] + v["E"]) + (v["S"] + v["A"] + 2 * v["U"])
    shown = turn_score(page, expected)
    page.screenshot(path=tmp_path / "multi-word.png")
    assert "✔ HASe" in shown and "✔ SAU" in shown and "2×L" in shown
    assert page.get_attribute("[data-square=G11]", "class").count("blank") == 1
    record(page)
    page.click("[data-tab=sheet]")
    assert page.inner_text("[data-testid=totals]").split() == ["Total", str(sum(v[c] for c in "HAUS")),
                                                                str(expected)]
    page.screenshot(path=tmp_path / "sheet.png")
    assert not page.errors


def test_smartfeud_letter_take(phone, servers, tmp_path):
    page = phone(servers["smartfeud"])
    v = values("smartfeud")
    lay(page, "G8", "HAUS")
    turn_score(page, sum(v[c] for c in "HAUS"))
    record(page)
    page.click("[data-testid=take]")
    page.click("[data-square=G8]")                      # take the H of HAUS: AUS stays on the board
    page.click("[data-testid=take]")
    lay(page, "H7", "HSE", down=True)                   # HASE down column H through the A of AUS
    expected = (v["H"] + v["A"] + v["S"] + v["E"]) + (v["A"] + v["U"] + v["S"])
    shown = turn_score(page, expected)
    page.screenshot(path=tmp_path / "take.png")
    assert "✔ HASE" in shown and f"Left after the take: AUS {v['A'] + v['U'] + v['S']}" in shown
    assert "taken" in page.get_attribute("[data-square=G8]", "class")
    record(page)
    assert page.inner_text("[data-square=G8]") == "" and page.inner_text("[data-square=H7]").startswith("H")
    assert not page.errors


def test_undo_reload_and_the_tile_counter(phone, servers, tmp_path):
    page = phone(servers["wortspieler"])
    rules = Rules.from_ruleset(load_ruleset("wortspieler"))
    total = sum(rules.counts)
    lay(page, "G8", "HAUS")
    turn_score(page, sum(values("wortspieler")[c] for c in "HAUS"))
    record(page)
    page.click("[data-tab=tiles]")
    page.fill("[data-testid=rack]", "een?")
    page.wait_for_function("n => document.querySelector('[data-testid=unseen]').textContent.startsWith(n)",
                           arg=f"{total - 8} tiles unseen")
    e_count = rules.counts[1 + rules.alphabet.letters.index("E")]
    assert page.inner_text("[data-testid=tile-grid] [data-letter=E]") == f"E {e_count - 2}"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.input_value("[data-testid=rack]") == "een?"
    assert page.inner_text("[data-square=G8]").startswith("H")
    page.click("[data-tab=sheet]")
    assert "8G HAUS" in page.inner_text("[data-testid=sheet]")
    page.screenshot(path=tmp_path / "after-reload.png")
    page.click("[data-tab=board]")
    page.click("[data-testid=undo]")                     # the recorded turn goes back to tiles being placed
    page.wait_for_selector("[data-testid=turn-score]")
    assert "new" in page.get_attribute("[data-square=J8]", "class")
    for _ in range(4):
        page.click("[data-testid=undo]")                 # and each tile placed comes off again
    assert page.inner_text("[data-square=G8]") == "" and page.is_disabled("[data-testid=undo]")
    page.click("[data-tab=tiles]")
    page.wait_for_function("n => document.querySelector('[data-testid=unseen]').textContent.startsWith(n)",
                           arg=f"{total - 4} tiles unseen")
    page.screenshot(path=tmp_path / "after-undo.png")
    assert not page.errors


def test_a_shared_table_shows_the_same_game_on_two_phones(phone, servers, tmp_path):
    first = phone(servers["wortspieler"])
    first.click("[data-tab=sheet]")
    first.click("[data-testid=share]")
    first.wait_for_selector("[data-testid=share-link]:has-text('#table=')")
    link = first.inner_text("[data-testid=share-link]").split()[-1]
    first.wait_for_function("() => document.querySelector('[data-testid=share-qr]').naturalWidth > 100")
    first.context.grant_permissions(["clipboard-read", "clipboard-write"])
    first.click("[data-testid=share-send]")              # no Web Share API in headless Chromium: copied
    first.wait_for_function("() => document.querySelector('[data-testid=status]').textContent.length > 0")
    if not first.evaluate("() => Boolean(navigator.share)"):
        assert first.evaluate("() => navigator.clipboard.readText()") == link
    second = phone(link)
    first.click("[data-tab=board]")
    lay(first, "G8", "HAUS")
    turn_score(first, sum(values("wortspieler")[c] for c in "HAUS"))
    record(first)
    second.wait_for_function("() => document.querySelector('[data-square=G8]').textContent.startsWith('H')",
                             timeout=30_000)
    second.click("[data-tab=sheet]")     # the board may show the laid tiles before the recorded turn arrives
    second.wait_for_function("() => document.querySelector('[data-testid=sheet]').innerText.includes('8G HAUS')",
                             timeout=30_000)
    second.screenshot(path=tmp_path / "second-phone.png")
    assert not first.errors and not second.errors


# Every PUT to the server takes 600 ms, as on a slow phone network or a busy laptop.
SLOW_PUT = """(() => { const send = window.fetch;
  window.fetch = (url, options) => options && options.method === "PUT"
    ? new Promise((done) => setTimeout(done, 600)).then(() => send(url, options)) : send(url, options); })();"""


def test_fast_taps_on_a_shared_table_with_a_slow_server_are_sent_one_after_another(phone, servers):
    first = phone(servers["wortspieler"])
    first.add_init_script(SLOW_PUT)
    first.reload()
    first.wait_for_selector("body[data-ready='1']")
    refused = []
    first.on("response", lambda r: refused.append(r.url) if r.request.method == "PUT" and r.status == 409 else None)
    first.click("[data-tab=sheet]")
    first.click("[data-testid=share]")
    first.wait_for_selector("[data-testid=share-link]:has-text('#table=')")
    link = first.inner_text("[data-testid=share-link]").split()[-1]
    first.click("[data-tab=board]")
    lay(first, "G8", "HAUS")             # four taps while the first change is still on its way
    turn_score(first, sum(values("wortspieler")[c] for c in "HAUS"))
    record(first)
    second = phone(link)
    second.click("[data-tab=sheet]")     # the recorded turn arrives (the board may show the laid tiles first)
    second.wait_for_function("() => document.querySelector('[data-testid=sheet]').innerText.includes('8G HAUS')",
                             timeout=30_000)
    assert refused == []                 # one phone alone never races itself into a conflict
    assert not first.errors and not second.errors


def test_the_turn_timer_counts_down_the_chosen_limit(phone, servers, tmp_path):
    """The clock is Playwright's fake clock, moved on by `run_for`; it also flows in real time in between
    (the page's fetches need it), so each reading allows the wall time the test itself took."""
    page = phone(servers["wortspieler"], fake_clock=True)
    seconds = lambda: (lambda m, s: 60 * int(m) + int(s))(*page.inner_text("[data-testid=clock]").split(":"))

    def shows(expected: int, since: float) -> bool:      # `expected` s left, less the real time spent since
        slack = math.ceil(time.monotonic() - since) + 1
        return expected - slack <= seconds() <= expected

    page.select_option("#limit", "120")
    assert page.inner_text("[data-testid=clock]") == "2:00"
    started = time.monotonic()
    page.click("#clock-toggle")
    page.clock.run_for(65_000)
    assert shows(55, started), page.inner_text("[data-testid=clock]")
    page.clock.run_for(60_000)
    page.screenshot(path=tmp_path / "time-up.png")
    assert page.inner_text("[data-testid=clock]") == "0:00" and "over" in page.get_attribute("#clock", "class")
    lay(page, "G8", "HAUS")
    turn_score(page, sum(values("wortspieler")[c] for c in "HAUS"))
    recorded = time.monotonic()
    record(page)                                          # the next player's turn starts with a fresh clock
    assert shows(120, recorded), page.inner_text("[data-testid=clock]")
    page.clock.run_for(10_000)                            # and it runs for them at once
    assert shows(110, recorded), page.inner_text("[data-testid=clock]")
    page.click("[data-tab=sheet]")
    page.click("[data-testid=clock-auto]")                # switched off: the next clock waits for Start
    page.click("[data-tab=board]")
    pass_turn(page)
    page.clock.run_for(10_000)
    assert page.inner_text("[data-testid=clock]") == "2:00" and not page.errors


def pass_turn(page) -> None:
    """Tap Passen and wait for the engine's answer (the button is disabled while it is asked)."""
    page.click("[data-testid=pass]")
    page.wait_for_selector("[data-testid=pass]:not([disabled])")


def english_words() -> set[str]:
    """Words of the catalogue's English texts that none of its German texts use (Start, Joker, Bonus...)."""
    from lexicon_tools import messages

    cat = messages.catalogue()
    entries = list(cat["page"].values()) + cat["rules"] + list(cat["reasons"].values()) + list(cat["terms"].values())
    words = lambda lang: {w.lower() for e in entries for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", "", e[lang]))}
    return words("en") - words("de") - {"haus", "wortspieler", "smartfeud"}


def visible_text(page) -> str:
    """What a player can see or hear: the text of every shown element, and labels and titles."""
    return page.evaluate("""() => {
      const shown = [...document.querySelectorAll('body *')].filter((el) => el.offsetParent !== null || el.tagName === 'BODY');
      const labels = shown.flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]).filter(Boolean);
      return document.body.innerText + '\\n' + labels.join('\\n') + '\\n' + document.title;
    }""").replace("lexicon-tools", "")          # the product's name is no English word


def test_a_german_game_with_errors_shows_no_english(phone, servers, tmp_path):
    page = phone(servers["wortspieler"], locale="de-DE")
    v = values("wortspieler")
    seen = []
    lay(page, "G8", "HAUS")
    page.wait_for_selector(f"[data-testid=turn-score]:has-text('{sum(v[c] for c in 'HAUS')} Punkte')")
    record(page)
    lay(page, "A1", "HA")                                # not connected to HAUS
    page.wait_for_selector("[data-testid=result] .bad")
    seen.append(visible_text(page))
    assert "Nicht erlaubt" in page.inner_text("[data-testid=result]")
    page.click("[data-testid=clear]")
    lay(page, "G9", "ASE", down=True, joker_at=2)        # player 2: HASe down column G, the E a joker
    page.wait_for_selector("[data-testid=turn-score]")
    record(page)
    pass_turn(page)                                       # player 1 passes: the joker is no longer swappable
    page.click("[data-testid=swap]")
    page.click("[data-square=G11]")
    page.click("[data-testid=swap]")
    lay(page, "F11", "S", joker_at=0)
    page.click(".key[data-letter='E']")                  # F11-H11 sEE with the swapped joker
    page.wait_for_selector("[data-testid=result] .bad")
    refusal = page.inner_text("[data-testid=result]")
    assert "G11" in refusal and "nächsten Zug" in refusal and "joker_swap" not in refusal
    seen.append(visible_text(page))
    page.click("[data-testid=clear]")
    page.click("[data-tab=judge]")
    page.fill("[data-testid=judge-input]", "Häuser Xylofon")
    page.click("[data-testid=judge-go]")
    page.wait_for_selector("[data-testid=verdict]:has-text('→')")
    for tab in ("judge", "sheet", "tiles", "board"):
        page.click(f"[data-tab={tab}]")
        seen.append(visible_text(page))
    page.screenshot(path=tmp_path / "german.png", full_page=True)
    english = english_words()
    found = {w for text in seen for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in english}
    fields = {w for text in seen for w in re.findall(r"\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+\.[a-z_]+\b", text)}
    assert not found and not fields, (found, fields, [t for t in seen if any(w in t for w in found)])
    assert not page.errors


SIZES_JS = """() => {
  const small = [];
  const board = document.getElementById('board');
  for (const el of document.querySelectorAll('button, input, select, a, [role=tab]')) {
    if (el.offsetParent === null || board.contains(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 44 || box.height < 44) small.push(`${el.id || el.dataset.testid || el.textContent}: ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
  return {small, overflow: document.documentElement.scrollWidth - window.innerWidth};
}"""


@pytest.mark.parametrize("width,height", [(360, 640), (390, 844), (768, 1024)])
def test_every_control_is_thumb_sized_and_nothing_overflows(browser, servers, width, height, tmp_path):
    context = browser.new_context(locale="de-DE", viewport={"width": width, "height": height},
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(servers["wortspieler"])
    page.wait_for_selector("body[data-ready='1']")
    try:
        for index in range(3):                           # four players with long names in the header
            page.click("[data-tab=sheet]")
            if index:
                page.click("#add-player")
        for index in range(4):
            page.fill(f"[data-testid=player-{index + 1}]", f"Maximiliane{index + 1}")
            page.press(f"[data-testid=player-{index + 1}]", "Enter")
        header = page.inner_text("[data-testid=mover]")
        assert all(f"Maximiliane{i + 1}" in header for i in range(4)), header
        for tab in ("sheet", "judge", "tiles", "board"):
            page.click(f"[data-tab={tab}]")
            found = page.evaluate(SIZES_JS)
            assert not found["small"] and found["overflow"] <= 0, (tab, found)
        lay(page, "A1", "HA")                            # an illegal turn: a long refusal must not widen the page
        page.wait_for_selector("[data-testid=result] .bad")
        found = page.evaluate(SIZES_JS)
        assert not found["small"] and found["overflow"] <= 0, found
        square = page.locator("[data-square=A1]").bounding_box()
        assert square["width"] >= 44 and square["height"] >= 44          # zoomed by the tap
        cells = page.evaluate("() => [document.querySelector('#board').getAttribute('role'), "
                              "document.querySelectorAll('#board [role=row] [role=gridcell]').length]")
        assert cells == ["grid", 256]
        record = page.locator("[data-testid=record]").bounding_box()      # sticky: in reach without scrolling
        assert 0 <= record["y"] and record["y"] + record["height"] <= height, record
        page.screenshot(path=tmp_path / f"phone-{width}.png")
        page.click("[data-testid=zoom]")                 # back to the overview: the whole board fits the width
        assert page.locator("#board").bounding_box()["width"] <= width
    finally:
        context.close()


def test_a_score_sheet_only_game_of_four_ends_with_the_right_ranking(phone, servers, tmp_path):
    page = phone(servers["wortspieler"], locale="de-DE")
    page.click("[data-tab=sheet]")
    page.click("#add-player")
    page.click("#add-player")
    for index, name in enumerate(["Anna", "Ben", "Cem", "Dora"]):
        page.fill(f"[data-testid=player-{index + 1}]", name)
        page.press(f"[data-testid=player-{index + 1}]", "Enter")

    def typed(score, word=""):
        page.fill("[data-testid=typed-word]", word)
        page.fill("[data-testid=typed-score]", str(score))
        page.click("[data-testid=typed-go]")

    typed(12, "Haus")                                     # Anna: a word and its score
    typed(8)                                              # Ben: a score alone
    page.click("[data-testid=typed-exchange]")            # Cem exchanges
    page.click("[data-testid=typed-pass]")                # Dora passes
    typed(20)                                             # Anna
    typed(15, "See")                                      # Ben
    page.click("[data-testid=edit-2]")                    # Ben's first turn was 30, not 8
    assert page.input_value("[data-testid=typed-score]") == "8"
    page.fill("[data-testid=typed-score]", "30")
    page.click("[data-testid=typed-go]")
    typed(10)                                             # Cem
    page.click("[data-testid=typed-resign]")              # Dora resigns (once the server said she may)
    page.wait_for_selector("[data-testid=sheet] td:has-text('aufgegeben')")
    assert page.input_value("[data-testid=typed-player]") == "0"       # Anna moves next: Dora left
    sheet = page.inner_text("[data-testid=sheet]")
    assert "HAUS 12" in sheet and "getauscht" in sheet and "gepasst" in sheet and "aufgegeben" in sheet
    assert page.is_hidden("[data-testid=record-gcg]")       # typed scores: no placements for a game record
    assert page.inner_text("[data-testid=totals]").split() == ["Summe", "32", "45", "10", "0"]
    page.click("[data-testid=end-open]")
    page.click("[data-testid=end-go]")
    page.wait_for_selector("[data-testid=ranking] li")
    ranking = page.locator("[data-testid=ranking] li").all_inner_texts()
    assert ranking == ["1. Ben 45", "2. Anna 32", "3. Cem 10", "4. Dora 0"]
    with page.expect_download() as download:
        page.click("[data-testid=csv]")
    rows = download.value.path().read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + 8 and rows[2].split(",")[1:5] == ['"Ben"', '"eingetragen"', '""', '"30"']
    page.screenshot(path=tmp_path / "sheet-only.png", full_page=True)
    assert not page.errors


def test_three_passes_in_a_row_put_a_smartfeud_player_out(phone, servers):
    """SmartFeud's ``passes_in_a_row_lose: 3`` on a sheet of typed scores: Ben's third pass in a row puts him
    out (the engine's answer), the sheet says so and the turn order skips him."""
    page = phone(servers["smartfeud"], locale="de-DE")
    page.click("[data-tab=sheet]")
    page.click("#add-player")
    for index, name in enumerate(["Anna", "Ben", "Cem"]):
        page.fill(f"[data-testid=player-{index + 1}]", name)
        page.press(f"[data-testid=player-{index + 1}]", "Enter")

    def typed(score):
        page.fill("[data-testid=typed-score]", str(score))
        page.click("[data-testid=typed-go]")

    for round_ in range(3):
        typed(10 + round_)                                 # Anna
        page.click("[data-testid=typed-pass]")            # Ben passes
        page.wait_for_function("n => document.querySelectorAll('#sheet-body tr').length === n", arg=3 * round_ + 2)
        typed(5)                                           # Cem
    sheet = page.inner_text("[data-testid=sheet]")
    assert sheet.count("gepasst") == 3 and sheet.count("ausgeschieden") == 1, sheet
    assert "Ben scheidet aus: 3-mal hintereinander gepasst." in page.inner_text("[data-testid=status]")
    typed(7)                                               # Anna, then Cem: Ben is skipped
    assert page.input_value("[data-testid=typed-player]") == "2"
    assert not page.errors


def test_the_boards_pass_waits_for_the_engine_and_a_house_rule_can_refuse_it(phone, small_lexicons, tmp_path):
    """A house ruleset (a file extending SmartFeud, ``serve --ruleset FILE``) in which nobody may pass: the
    board's Passen asks the engine first, shows its German refusal and records nothing; the tiles laid
    stay, and the turn is still the same player's to lay."""
    proc, url = start_server(small_lexicons["smartfeud"], "--ruleset", house_ruleset(tmp_path))
    try:
        page = phone(url, locale="de-DE")
        lay(page, "G8", "HAUS")
        page.wait_for_selector(f"[data-testid=turn-score]:has-text('{sum(values('smartfeud')[c] for c in 'HAUS')} Punkte')")
        score = page.inner_text("[data-testid=result]")
        pass_turn(page)
        assert page.inner_text("[data-testid=status]") == ("Passen ist in smartfeud-ohne-passen nicht erlaubt. "
                                                           "Lege Steine oder tausche.")
        assert page.locator("#sheet-body tr").count() == 0
        assert page.inner_text("[data-testid=result]") == score              # HAUS is still on the board
        assert page.inner_text("#mover .now").startswith("▶ Spieler 1")      # and still Spieler 1's to lay
        record(page)
        page.click("[data-tab=sheet]")
        assert page.locator("#sheet-body tr").count() == 1 and "gepasst" not in page.inner_text("[data-testid=sheet]")
        page.screenshot(path=tmp_path / "no-passing.png")
        assert not page.errors
    finally:
        stop_server(proc)


def test_dark_mode_follows_the_system_setting(browser, servers, tmp_path):
    backgrounds = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(locale="de-DE", color_scheme=scheme, **PHONE)
        page = context.new_page()
        page.goto(servers["wortspieler"])
        page.wait_for_selector("body[data-ready='1']")
        lay(page, "G8", "HAUS")
        page.wait_for_selector("[data-testid=turn-score]")
        backgrounds[scheme] = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        page.screenshot(path=tmp_path / f"{scheme}.png")
        context.close()
    luminance = {k: sum(int(x) for x in re.findall(r"\d+", v)[:3]) for k, v in backgrounds.items()}
    assert luminance["dark"] < 150 < luminance["light"], backgrounds
