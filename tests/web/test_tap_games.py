"""A Wortspieler game and a SmartFeud game played on a phone by taps only, at 360x640 and 390x844.

Touch emulation (`has_touch`) and `page.tap` for every square, key and button: no `fill`, no keyboard,
no script to enter a move (scripts only read the page to check it). Each game has several turns and
the rule hole the table once let through, which the page must now refuse in German:

- Wortspieler: a joker laid by player 2 in turn 2 is swapped by player 1 in turn 4 (player 3, the next
  one, passed): ``joker_swap.by: next_player`` refuses it.
- SmartFeud: SCHRANKE, 8 own tiles, in turn 3: only the starter's first turn may place 8.

After every step: no English word in the German page (the check of
`test_a_german_game_with_errors_shows_no_english`), no ruleset field name, no horizontal overflow,
every control outside the board grid at least 44x44 px, and the tapped board square at least 44 px;
at the end of each game axe-core finds no serious or critical violation. Expected scores of the first
turns are worked out by hand from the ruleset's tile values (as in test_browser.py).
"""

from __future__ import annotations

import re

import pytest

from tests.web.test_axe import AXE, serious
from tests.web.test_browser import CHROMIUM, SIZES_JS, browser, english_words, servers, values, visible_text  # noqa: F401

pytestmark = pytest.mark.skipif(CHROMIUM is None or not AXE.is_file(),
                                reason=f"needs chromium and axe-core at {AXE} (.ci/run installs both)")
VIEWPORTS = [(360, 640), (390, 844)]
FIELD = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+\.[a-z_]+\b")


class Phone:
    """One phone at the table, German, touch only; `step()` checks what the player sees now."""

    def __init__(self, browser, url: str, width: int, height: int):  # noqa: F811
        self.context = browser.new_context(locale="de-DE", viewport={"width": width, "height": height},
                                           device_scale_factor=1, is_mobile=True, has_touch=True, bypass_csp=True)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.goto(url)
        self.page.wait_for_selector("body[data-ready='1']")
        self.english = english_words()
        self.steps = 0

    def tap(self, selector: str) -> None:
        self.page.tap(selector)

    def square(self, name: str) -> None:
        """Tap a board square; once tapped, the board is zoomed and the square is thumb-sized."""
        self.tap(f"[data-square={name}]")
        box = self.page.locator(f"[data-square={name}]").bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (name, box)

    def lay(self, start: str, letters: str, down: bool = False, joker_at: int | None = None) -> None:
        self.square(start)
        if down != (self.page.inner_text("[data-testid=direction]") == "↓"):
            self.tap("[data-testid=direction]")
        for index, letter in enumerate(letters):
            if index == joker_at:
                self.tap("[data-testid=joker]")
            self.tap(f".key[data-letter='{letter}']")

    def scored(self, word: str) -> int:
        """Wait for the engine's score of the whole turn (its main word `word` shown ✔, not a part of it
        evaluated while the letters were tapped); the points shown."""
        self.page.wait_for_function("""(w) => [...document.querySelectorAll('[data-testid=result] [data-testid=word]')]
          .some((el) => el.textContent.startsWith(`✔ ${w} `)) && document.querySelector('[data-testid=turn-score]')""",
                                    arg=word)
        self.step()
        return int(self.page.inner_text("[data-testid=turn-score]").split()[0])

    def refused(self, *phrases: str) -> str:
        """Wait for the engine's refusal of the whole turn (a part of it may be refused for another reason
        while the letters are tapped); it must be German and say `phrases`."""
        self.page.wait_for_function("""(ps) => { const r = document.querySelector('[data-testid=result]');
          return r.querySelector('.bad') && ps.every((p) => r.textContent.includes(p)); }""", arg=list(phrases))
        text = self.page.inner_text("[data-testid=result]")
        assert text.startswith("✘ Nicht erlaubt"), text
        assert self.page.is_disabled("[data-testid=record]")
        self.step()
        return text

    def record(self) -> None:
        self.tap("[data-testid=record]")
        self.page.wait_for_selector("[data-testid=turn-score]", state="detached")
        self.step()

    def pass_turn(self) -> None:
        """Tap Passen and wait for the engine's answer (the button is disabled while it is asked)."""
        self.tap("[data-testid=pass]")
        self.page.wait_for_selector("[data-testid=pass]:not([disabled])")

    def mover(self) -> str:
        """The header's player to move (marked ▶)."""
        shown = self.page.inner_text("[data-testid=mover]").splitlines()
        return next(line.removeprefix("▶").strip() for line in shown if line.startswith("▶"))

    def step(self) -> None:
        """No English, no field name, no overflow, every control outside the board at least 44x44 px."""
        self.steps += 1
        text = visible_text(self.page)
        english = {w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in self.english}
        assert not english and not FIELD.findall(text), (self.steps, english, FIELD.findall(text), text)
        found = self.page.evaluate(SIZES_JS)
        assert not found["small"] and found["overflow"] <= 0, (self.steps, found)

    def audit(self) -> None:
        for tab in ("board", "sheet"):
            self.tap(f"[data-tab={tab}]")
            self.step()
            assert serious(self.page) == [], tab
        assert not self.errors, self.errors

    def game_record(self, folder):
        """Download the game record from the score sheet (a game laid on the board)."""
        self.tap("[data-tab=sheet]")
        self.step()
        with self.page.expect_download() as download:
            self.tap("[data-testid=record-gcg]")
        path = folder / download.value.suggested_filename
        download.value.save_as(path)
        self.tap("[data-tab=board]")
        return path

    def sheet_scores(self) -> list[str]:
        self.tap("[data-tab=sheet]")
        self.step()
        totals = self.page.inner_text("[data-testid=totals]").split()
        self.tap("[data-tab=board]")
        return totals


@pytest.fixture
def phones(browser):  # noqa: F811
    opened = []

    def open_phone(url, width, height):
        phone = Phone(browser, url, width, height)
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        phone.context.close()


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_a_wortspieler_game_by_taps_refuses_a_joker_swap_out_of_turn(phones, servers, width, height, small_lexicons,
                                                                     cli, tmp_path):
    v = values("wortspieler")
    phone = phones(servers["wortspieler"], width, height)
    phone.step()
    phone.tap("[data-tab=sheet]")
    phone.tap("#add-player")                            # three players: the next one after the joker is player 3
    phone.step()
    phone.tap("[data-tab=board]")

    phone.lay("G8", "HAUS")                             # turn 1, player 1
    assert phone.scored("HAUS") == sum(v[c] for c in "HAUS")
    phone.record()
    assert phone.mover().startswith("Spieler 2")

    phone.lay("G9", "ASE", down=True, joker_at=2)       # turn 2, player 2: HASe, the E a joker on G11
    assert phone.scored("HASe") == v["H"] + v["A"] + 2 * v["S"] + v["E"]      # S on the G10 double letter
    phone.record()
    assert "blank" in phone.page.get_attribute("[data-square=G11]", "class")

    phone.pass_turn()                     # turn 3, player 3 (the one who could swap) passes
    phone.step()
    assert phone.mover().startswith("Spieler 1")

    phone.tap("[data-testid=swap]")                     # turn 4, player 1 swaps the joker: not theirs to swap
    phone.square("G11")
    phone.tap("[data-testid=swap]")
    phone.lay("F11", "S", joker_at=0)
    phone.tap(".key[data-letter='E']")                  # sEE on F11-H11 with the swapped joker
    phone.refused("G11", "nächsten Zug")
    phone.tap("[data-testid=clear]")

    phone.lay("F11", "TE")                              # player 1 lays TeE over the joker instead
    tee = phone.scored("TeE")
    assert tee > 0
    phone.record()
    assert phone.mover().startswith("Spieler 2")
    phone.pass_turn()                     # turn 5, player 2 passes
    phone.step()

    haus, hase = sum(v[c] for c in "HAUS"), v["H"] + v["A"] + 2 * v["S"] + v["E"]
    assert phone.sheet_scores() == ["Summe", str(haus + tee), str(hase), "0"]
    replayed(cli, phone.game_record(tmp_path), small_lexicons["wortspieler"],
             ["8G HAUS", "G8 .ASe", "-", "11F T.E", "-"], {"Spieler_1": haus + tee, "Spieler_2": hase, "Spieler_3": 0})
    phone.audit()


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_a_smartfeud_game_by_taps_refuses_eight_tiles_after_the_first_turn(phones, servers, width, height,
                                                                           small_lexicons, cli, tmp_path):
    v = values("smartfeud")
    phone = phones(servers["smartfeud"], width, height)
    phone.step()

    phone.lay("G8", "HAUS")                             # turn 1, player 1
    assert phone.scored("HAUS") == sum(v[c] for c in "HAUS")
    phone.record()

    phone.lay("H7", "NSE", down=True)                   # turn 2, player 2: NASE down through the A of HAUS
    nase = phone.scored("NASE")
    assert nase >= sum(v[c] for c in "NASE")
    phone.record()

    phone.lay("B11", "SCHRANKE")                        # turn 3, player 1: 8 own tiles, the +50 hole
    phone.refused("8 eigene Steine", "erste Zug des Startspielers")
    assert "50" not in phone.page.inner_text("[data-testid=result]")
    phone.tap("[data-testid=clear]")

    phone.lay("G10", "SE")                              # player 1 lays SEE through the E of NASE instead
    see = phone.scored("SEE")
    phone.record()
    phone.pass_turn()                     # turn 4, player 2 passes
    phone.step()
    assert phone.mover().startswith("Spieler 1")

    haus = sum(v[c] for c in "HAUS")
    assert phone.sheet_scores() == ["Summe", str(haus + see), str(nase)]
    replayed(cli, phone.game_record(tmp_path), small_lexicons["smartfeud"], ["8G HAUS", "H7 N.SE", "10G S.E", "-"],
             {"Spieler_1": haus + see, "Spieler_2": nase})
    phone.audit()


def replayed(cli, path, lexicon, moves: list[str], totals: dict[str, int]) -> None:
    """The downloaded record replays with `lexicon-tools replay`: the turns laid, and the sheet's totals."""
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith(">")]
    assert [" ".join(line.split()[2:-2]) if len(line.split()) > 4 else line.split()[1] for line in lines] == moves, text
    result = cli("replay", str(path), "--lexicon", str(lexicon))
    assert result.exit_code == 0 and "all legal and scored as recorded" in result.output, (text, result.output)
    assert result.output.strip().endswith(", ".join(f"{nick} {score}" for nick, score in totals.items())), result.output
