"""The table page with the server gone: a real `serve` process stopped mid-game and started again on the
same port, a real Chromium with the page's service worker, the compact lexicon and the queued sheet.

What a table sees: the page reloads without the server, judges HAUS ✔ and HÄUSER ✘ (Wortspieler) from the
lexicon on the phone and says that the verdict was made offline, without reasons; the score sheet is
still there and takes turns (a pass on the sheet or the board's Passen as entered, with no engine to
ask); once the server is back, the shared table gets them, each exactly once (checked through the
server's own API, not the page).
"""

from __future__ import annotations

import re
import time

import httpx
import pytest

from lexicon_tools import messages
from tests.web.conftest import ROWS, free_port, start_server, stop_server
from tests.web.test_browser import CHROMIUM, PHONE, english_words, lay, pass_turn, visible_text

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH: install Debian's `chromium` "
                                                          "package (.ci/run does) to run the browser tests")
DE = {key: texts["de"] for key, texts in messages.catalogue()["page"].items()}


def serve_on(lexicon, port: int):
    """`serve` on a fixed port: the page was loaded from it, so a server that comes back must use it again."""
    return start_server(lexicon, port=port)


@pytest.fixture
def bigger_lexicon(tmp_path):
    """The test lexicon with one word more: a changed lexicon the page must download again."""
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.build import build_from_verdicts
    from lexicon_tools.model.entry import Entry
    from lexicon_tools.model.verdict import Verdict

    rs = load_ruleset("wortspieler")
    alphabet = rs.make_alphabet()
    rows = [*ROWS, ("Xylofon", "Xylofon", True, "nom-sg")]
    verdicts = [Verdict(Entry(w, lemma=l, pos="NOUN"), alphabet.normalize(w), v, r) for w, l, v, r in rows]
    build_from_verdicts(rs, verdicts, tmp_path / "more.lex", date="2026-01-02T00:00:00Z")
    return tmp_path / "more.lex"


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


def open_phone(browser, url: str):
    context = browser.new_context(locale="de-DE", **PHONE)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    # the worker controls the page and the compact lexicon is on the phone: from now on it works offline
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.wait_for_selector("body[data-offline-words]", timeout=30_000)
    return page


def reload(page) -> None:
    page.reload()
    page.wait_for_selector("body[data-ready='1']")


def typed(page, word: str, score: int) -> None:
    page.click("[data-tab=sheet]")
    page.fill("[data-testid=typed-word]", word)
    page.fill("[data-testid=typed-score]", str(score))
    page.click("[data-testid=typed-go]")


def judge(page, words: str) -> list[str]:
    page.click("[data-tab=judge]")
    page.fill("[data-testid=judge-input]", words)
    page.click("[data-testid=judge-go]")
    count = len(words.split())
    page.wait_for_function("n => document.querySelectorAll('[data-testid=verdict]').length === n", arg=count)
    return page.locator("[data-testid=verdict]").all_inner_texts()


def server_turns(url: str, table: str) -> list[tuple[str, int, str]]:
    game = httpx.get(f"{url}/api/tables/{table}", timeout=5).json()["state"]["game"]
    return [(t.get("word", ""), t["score"], t.get("kind", "")) for t in game["turns"]]


def wait_for(condition, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except (httpx.HTTPError, KeyError):
            pass
        time.sleep(0.3)
    raise AssertionError("timed out")


def poll_rounds(page, table: str, rounds: int = 2) -> None:
    """Wait until the page has read the shared table `rounds` more times: a round that still had a change to
    send would have sent it (a PUT) instead. Counted on the network, not guessed from the poll interval."""
    for _ in range(rounds):
        page.wait_for_event("requestfinished", timeout=30_000, predicate=lambda r: r.method == "GET"
                            and r.url.endswith(f"/api/tables/{table}"))


def test_server_stopped_mid_game_then_back(browser, small_lexicons, bigger_lexicon, tmp_path):
    port = free_port()
    proc, url = serve_on(small_lexicons["wortspieler"], port)
    try:
        page = open_phone(browser, url + "/")
        words = int(page.get_attribute("body", "data-offline-words"))
        assert words == sum(1 for row in ROWS if row[2])             # the legal words, no more
        page.click("[data-tab=sheet]")
        page.click("[data-testid=share]")
        page.wait_for_selector("[data-testid=share-link]:has-text('#table=')")
        table = page.inner_text("[data-testid=share-link]").split("#table=")[-1]
        typed(page, "HAUS", 12)
        wait_for(lambda: server_turns(url, table) == [("HAUS", 12, "scored")])
    finally:
        stop_server(proc)
    with pytest.raises(httpx.HTTPError):
        httpx.get(url + "/api/ruleset", timeout=2)

    # ---- the server is down: the page reloads from the worker's cache and judges from the phone
    reload(page)
    verdicts = judge(page, "Haus Häuser straße")
    page.screenshot(path=tmp_path / "offline-judge.png")
    assert verdicts[0].startswith("✔ HAUS") and DE["offline_reason"] in verdicts[0]
    assert verdicts[1].startswith("✘ HÄUSER") and DE["offline_reason"] in verdicts[1]
    assert verdicts[2].startswith("✔ STRASSE")                      # ß → SS, as the lexicon was built
    assert "Plural" not in verdicts[1]                              # no reasons offline: the page says so
    assert page.inner_text("[data-testid=status]") == DE["offline_verdict"]
    seen = [visible_text(page)]
    page.click("[data-tab=board]")
    lay(page, "G8", "HAUS")                                         # scoring a turn needs the engine
    page.wait_for_selector(f"[data-testid=result]:has-text('{DE['offline_scoring']}')")
    assert page.is_disabled("[data-testid=record]")
    seen.append(visible_text(page))
    page.click("[data-testid=clear]")
    page.click("[data-tab=sheet]")
    assert "HAUS 12" in page.inner_text("[data-testid=sheet]")      # the sheet was kept
    typed(page, "MAUS", 9)                                          # player 2, entered offline
    page.click("[data-testid=typed-pass]")                          # player 1 passes, offline
    page.wait_for_selector("[data-testid=sheet] td:has-text('MAUS 9')")
    page.wait_for_selector("[data-testid=sheet] td:has-text('gepasst')")    # the check found no server
    page.click("[data-tab=board]")
    pass_turn(page)                                                 # player 2 passes on the board, offline
    page.click("[data-tab=sheet]")
    page.wait_for_function("() => document.querySelectorAll('#sheet-body tr').length === 4")
    assert page.inner_text("[data-testid=sheet]").count("gepasst") == 2    # taken as entered
    seen.append(visible_text(page))
    reload(page)                                                    # still there after another reload
    page.click("[data-tab=sheet]")
    assert "MAUS 9" in page.inner_text("[data-testid=sheet]")
    english = english_words()
    found = {w for text in seen for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in english}
    assert not found, found

    # ---- the server comes back (with a rebuilt lexicon): the queued turns reach the shared table once
    proc, url2 = serve_on(bigger_lexicon, port)
    try:
        assert url2 == url
        expected = [("HAUS", 12, "scored"), ("MAUS", 9, "scored"), ("", 0, "pass"), ("", 0, "pass")]
        assert wait_for(lambda: server_turns(url, table) == expected)
        status = page.inner_text("[data-testid=status]")
        version = httpx.get(f"{url}/api/tables/{table}").json()["version"]
        reload(page)                                                # a reload re-joins; nothing is sent twice
        page.wait_for_function("n => document.body.dataset.offlineWords === n", arg=str(words + 1))
        poll_rounds(page, table)                                    # two more rounds: nothing to send
        assert server_turns(url, table) == expected
        assert httpx.get(f"{url}/api/tables/{table}").json()["version"] == version
        assert page.locator("[data-testid=sheet] td:has-text('MAUS 9')").count() == 1
        assert not page.errors, (page.errors, status)
    finally:
        stop_server(proc)


def test_two_phones_offline_merge_by_turn_id(browser, small_lexicons):
    """Both phones enter a turn while the server is down; back up, the table holds both, once each."""
    port = free_port()
    proc, url = serve_on(small_lexicons["wortspieler"], port)
    try:
        first = open_phone(browser, url + "/")
        first.click("[data-tab=sheet]")
        first.click("[data-testid=share]")
        first.wait_for_selector("[data-testid=share-link]:has-text('#table=')")
        table = first.inner_text("[data-testid=share-link]").split("#table=")[-1]
        second = open_phone(browser, f"{url}/#table={table}")
        typed(first, "HAUS", 12)
        wait_for(lambda: server_turns(url, table) == [("HAUS", 12, "scored")])
        second.click("[data-tab=sheet]")
        second.wait_for_selector("[data-testid=sheet] td:has-text('HAUS 12')")
    finally:
        stop_server(proc)
    typed(first, "MAUS", 9)
    typed(second, "NASE", 7)
    for page in (first, second):
        page.wait_for_function("() => document.querySelectorAll('#sheet-body tr').length === 2")
    proc, _ = serve_on(small_lexicons["wortspieler"], port)
    try:
        def both():
            turns = server_turns(url, table)
            return len(turns) == 3 and turns
        turns = wait_for(both)
        assert turns[0] == ("HAUS", 12, "scored")
        assert sorted(turns[1:]) == [("MAUS", 9, "scored"), ("NASE", 7, "scored")]
        for page in (first, second):
            poll_rounds(page, table)
        assert len(server_turns(url, table)) == 3                       # no phone sends its turn again
        for page in (first, second):
            page.wait_for_function("() => document.querySelectorAll('#sheet-body tr').length === 3")
        assert not first.errors and not second.errors
    finally:
        stop_server(proc)


def test_merge_keeps_an_unplaceable_board_turn_as_a_conflict(browser, small_lexicons):
    """sync.js in the page: a board turn laid on a board that changed meanwhile is shown, not dropped."""
    proc, url = serve_on(small_lexicons["wortspieler"], free_port())
    try:
        page = open_phone(browser, url + "/")
        result = page.evaluate("""async () => {
          const { merge } = await import('/static/sync.js');
          const base = { players: ['A', 'B'], board: ['....'], used: [], current: 0,
                         turns: [{ id: 't1', player: 0, kind: 'scored', word: 'HAUS', score: 12 }] };
          const mine = JSON.parse(JSON.stringify(base));
          mine.turns.push({ id: 'm1', player: 1, kind: 'place', notation: 'H8 SAU', score: 5 });
          mine.board = ['SAU.'];
          const theirs = JSON.parse(JSON.stringify(base));
          theirs.turns.push({ id: 'o1', player: 1, kind: 'place', notation: 'G8 AAS', score: 6 });
          theirs.board = ['AAS.'];
          const clash = merge(mine, theirs, ['t1']);
          const again = merge(clash.game, clash.game, ['t1', 'o1']);     // merged state sent back: no change
          const typedOnly = JSON.parse(JSON.stringify(mine));
          typedOnly.turns[1] = { id: 'm2', player: 1, kind: 'scored', word: 'SAU', score: 5 };
          const fine = merge(typedOnly, theirs, ['t1']);
          // the server took m2 but its answer was lost: m2 is not added a second time
          const lost = merge(typedOnly, fine.game, ['t1']);
          // corrections and undos made here, with the fingerprints of the last sync
          const { fingerprints } = await import('/static/sync.js');
          const synced = fingerprints(theirs);                        // t1 and o1 as the table had them
          const corrected = JSON.parse(JSON.stringify(theirs));
          corrected.turns[0].score = 14;                              // HAUS corrected to 14 here
          const correction = merge(corrected, theirs, synced);
          const both = JSON.parse(JSON.stringify(theirs));
          both.turns[0].score = 13;                                   // ... and to 13 on another phone
          const clashing = merge(corrected, both, synced);
          const undone = JSON.parse(JSON.stringify(theirs));
          undone.turns = undone.turns.slice(0, 1);                    // AAS undone here
          undone.board = ['....'];
          const undo = merge(undone, theirs, synced);
          return { clash, again, fine, lost, correction, clashing, undo };
        }""")
        clash = result["clash"]
        assert [t["id"] for t in clash["game"]["turns"]] == ["t1", "o1"] and clash["game"]["board"] == ["AAS."]
        assert [t["id"] for t in clash["conflicts"]] == ["m1"]
        assert [t["id"] for t in clash["game"]["conflicts"]] == ["m1"]
        assert result["again"]["added"] == [] and len(result["again"]["game"]["turns"]) == 2
        assert [t["id"] for t in result["fine"]["game"]["turns"]] == ["t1", "o1", "m2"]
        assert result["fine"]["conflicts"] == []
        assert [t["id"] for t in result["lost"]["game"]["turns"]] == ["t1", "o1", "m2"] and not result["lost"]["added"]
        assert [t["score"] for t in result["correction"]["game"]["turns"]] == [14, 6]
        assert [t["score"] for t in result["clashing"]["game"]["turns"]] == [13, 6]      # the table's stands ...
        assert [t["score"] for t in result["clashing"]["conflicts"]] == [14]            # ... ours is shown
        assert [t["id"] for t in result["undo"]["game"]["turns"]] == ["t1"] and result["undo"]["game"]["board"] == ["...."]
        # a conflict kept in the state is shown on the sheet until the table says it is done
        typed(page, "HAUS", 12)
        page.wait_for_selector("[data-testid=sheet] td:has-text('HAUS 12')")
        page.evaluate("""() => {
          const key = 'lexicon-tools:wortspieler';
          const saved = JSON.parse(localStorage.getItem(key));
          saved.state.conflicts = [{ id: 'm1', player: 1, kind: 'place', notation: 'H8 SAU', score: 5 }];
          localStorage.setItem(key, JSON.stringify(saved));
        }""")
        reload(page)
        page.click("[data-tab=sheet]")
        box = page.inner_text("[data-testid=conflicts]")
        assert "H8 SAU 5" in box and DE["sync_conflicts"].split("{n}")[1].strip()[:20] in box
        page.click("[data-testid=conflicts-seen]")
        page.wait_for_selector("[data-testid=conflicts]", state="hidden")
        assert not page.errors
    finally:
        stop_server(proc)


TRICKY = ["Haus", "  haus ", "Straße", "STRAẞE", "strasse", "Häuser", "HÄUSER", "Ha\u0308user", "Café", "Maus\u00ad",
          "naïve", "Ångström", "ﬁsch", "Eltern", "Aas", "Tee\u200b", "Ãas", "X" * 70, "Ha us", "hAuS", "Öl", "ǆungel"]


def test_the_phone_normalises_and_judges_as_the_server(browser, small_lexicons):
    """offline.js against `Lexicon.check` on the same lexicon: the same tiles and the same verdict."""
    from lexicon_tools.io.formats.lexfile import load_lexicon
    from lexicon_tools.web.table import check_words

    lexicon = load_lexicon(small_lexicons["wortspieler"])
    proc, url = serve_on(small_lexicons["wortspieler"], free_port())
    try:
        page = open_phone(browser, url + "/")
        phone = page.evaluate("""async (words) => {
          const offline = await import('/static/offline.js');
          await offline.loadLexicon();
          return offline.judgeOffline(words).map((r) => [r.normalized, r.valid]);
        }""", TRICKY)
    finally:
        stop_server(proc)
    server = [[r["normalized"], r["valid"]] for r in check_words(lexicon, TRICKY, 0)]
    assert phone == server
    assert sum(valid for _n, valid in server) >= 8               # the list is not all refusals


def test_the_worker_drops_older_shell_caches_and_keeps_the_lexicon(browser, small_lexicons):
    proc, url = serve_on(small_lexicons["wortspieler"], free_port())
    try:
        context = browser.new_context(locale="de-DE", **PHONE)
        page = context.new_page()
        page.goto(url + "/api/ruleset")                       # the origin, before any worker is installed
        page.evaluate("""async () => {
          await (await caches.open('lexicon-tools-shell-0lder')).put('/x', new Response('old page'));
          await (await caches.open('lexicon-tools-lexicon')).put('/y', new Response('kept'));
        }""")
        page.goto(url + "/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
        page.wait_for_selector("body[data-offline-words]", timeout=30_000)
        names = page.evaluate("() => caches.keys()")
        version = httpx.get(url + "/sw.js").text.split("const CACHE = `${PREFIX}")[1].split("`")[0]
        assert sorted(names) == ["lexicon-tools-lexicon", f"lexicon-tools-shell-{version}"]
        cached = page.evaluate("""async () => (await (await caches.open(
            (await caches.keys()).find((n) => n.startsWith('lexicon-tools-shell-')))).keys()).map((r) => new URL(r.url).pathname)""")
        assert {"/", "/static/app.js", "/static/offline.js", "/api/ruleset", "/api/messages"} <= set(cached)
        context.close()
    finally:
        stop_server(proc)
