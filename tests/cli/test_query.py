"""check, judge, anagram, pattern, stats and export through the real CLI."""

from __future__ import annotations

import json
import os
import re
import signal
import struct
import subprocess
import sys
import time
from collections import Counter

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.resources import default_lexicon_path

ROWS = [
    ("Haus", "Haus", True, "nom-sg"), ("Häuser", "Haus", False, "inflected-form:plural-of:HAUS"),
    ("Hase", "Hase", True, "nom-sg"), ("Sau", "Sau", True, "nom-sg"), ("Aas", "Aas", True, "nom-sg"),
    ("Maus", "Maus", True, "nom-sg"), ("Mäuse", "Maus", False, "inflected-form:plural-of:MAUS"),
    ("Straße", "Straße", True, "nom-sg"), ("Eltern", "Eltern", True, "plurale-tantum"),
    ("Haushalt", "Haushalt", True, "nom-sg"), ("Hausse", "Hausse", True, "nom-sg"),
    ("Husar", "Husar", True, "nom-sg"), ("gehen", "gehen", False, "not-a-noun"),
    ("Nase", "Nase", True, "nom-sg"), ("Sahne", "Sahne", True, "nom-sg"), ("Hansa", "Hansa", False, "proper-noun"),
    ("Käse", "Käse", True, "nom-sg"),
]
LEGAL = sorted({"HAUS", "HASE", "SAU", "AAS", "MAUS", "STRASSE", "ELTERN", "HAUSHALT", "HAUSSE", "HUSAR", "NASE",
                "SAHNE", "KÄSE"})


@pytest.fixture
def lexicon(isolated_data_home):
    """The wortspieler default lexicon (in the per-test LEXICON_TOOLS_HOME)."""
    rs = load_ruleset("wortspieler")
    alphabet = rs.make_alphabet()
    verdicts = [Verdict(Entry(w, lemma=l, pos="NOUN"), alphabet.normalize(w), v, r) for w, l, v, r in ROWS]
    path = default_lexicon_path("wortspieler")
    build_from_verdicts(rs, verdicts, path, date="2026-01-01T00:00:00Z")
    return path


def test_check_legal_words_exit_0(cli, lexicon):
    result = cli("check", "--ruleset", "wortspieler", "Haus", "strasse", "ELTERN")
    assert result.exit_code == 0
    assert [line[0] for line in result.stdout.splitlines()] == ["✔", "✔", "✔"]
    assert "plurale tantum" in result.stdout


def test_check_any_illegal_word_exits_1_with_reason_and_lemma(cli, lexicon):
    result = cli("check", "Haus", "Häuser")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("✔ HAUS") and lines[1].startswith("✘ HÄUSER")
    assert "plural of HAUS" in lines[1] and "try: HAUS" in lines[1]


def test_check_json(cli, lexicon):
    result = cli("check", "--lexicon", str(lexicon), "--json", "Häuser", "Maus", "Xyzzy")
    assert result.exit_code == 1
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows[0]["word"] == "Häuser" and rows[0]["normalized"] == "HÄUSER" and rows[0]["valid"] is False
    assert rows[0]["reason"] == "inflected-form:plural-of:HAUS" and rows[0]["suggestions"][0] == "HAUS"
    assert rows[1] == {"word": "Maus", "normalized": "MAUS", "valid": True, "reason": "nom-sg"}
    assert rows[2]["reason"] == "not-in-lexicon" and isinstance(rows[2]["suggestions"], list)


def test_check_without_a_built_lexicon_explains_how_to_build(cli):
    result = cli("check", "--ruleset", "smartfeud", "Haus")
    assert result.exit_code == 2
    assert "no lexicon has been built for ruleset 'smartfeud'" in result.output
    assert "lexicon-tools build --ruleset smartfeud" in result.output and "Traceback" not in result.output


def test_check_a_corrupt_lexicon_is_exit_2_not_an_answer(cli, lexicon, tmp_path):
    data = bytearray(lexicon.read_bytes())
    data[len(data) // 2] ^= 0xFF
    bad = tmp_path / "bad.lex"
    bad.write_bytes(bytes(data))
    result = cli("check", "--lexicon", str(bad), "Haus")
    assert result.exit_code == 2 and "checksum" in result.output and "✔" not in result.output


def test_judge_from_a_pipe(cli, lexicon):
    result = cli("judge", input="Haus Häuser\n\n  maus \ngehen\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line[:1] for line in lines] == ["✔", "✘", "✔", "✘"]
    assert "not a noun" in lines[3]


def test_judge_with_empty_input_ends_cleanly(cli, lexicon):
    result = cli("judge", input="")
    assert result.exit_code == 0 and result.stdout == ""


def test_judge_process_quits_cleanly_on_ctrl_c(lexicon):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "lexicon_tools", "judge"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    proc.stdin.write("Haus\n")
    proc.stdin.flush()
    assert proc.stdout.readline().startswith("✔ HAUS")
    time.sleep(0.2)  # let it block in the next read, as it would between words at the table
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "Traceback" not in err


def _judge_on_a_terminal(quit_key: bytes) -> tuple[int, str]:
    """Run `judge` on a pseudo-terminal (its controlling tty), type a word, then the quit key."""
    import pty
    import select
    import time

    pid, master = pty.fork()
    if pid == 0:  # the child: a real interactive session
        os.execv(sys.executable, [sys.executable, "-m", "lexicon_tools", "judge"])
    out = b""

    def read_until(prompts: int, timeout: float = 60) -> None:
        """Read the screen until it shows `prompts` prompts (or the timeout passes)."""
        nonlocal out
        deadline = time.monotonic() + timeout
        while out.count(b"word> ") < prompts and time.monotonic() < deadline:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    out += os.read(master, 4096)
                except OSError:  # the child closed the terminal
                    return

    read_until(1)
    os.write(master, "Häuser\n".encode())
    read_until(2)
    # a person takes a moment: a key pressed within microseconds of the prompt can fall into
    # CPython's window between readline printing it and blocking in select(), where a
    # SIGINT is only noticed at the next keystroke
    time.sleep(0.5)
    os.write(master, quit_key)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            read_until(99, timeout=0.2)
            os.close(master)
            return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")
        read_until(99, timeout=0.1)
    os.kill(pid, signal.SIGKILL)
    raise AssertionError(f"judge did not quit: {out!r}")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="pseudo-terminals are POSIX")
@pytest.mark.parametrize("key", [b"\x04", b"\x03"], ids=["ctrl-d", "ctrl-c"])
def test_judge_on_a_terminal_quits_cleanly(lexicon, key):
    code, screen = _judge_on_a_terminal(key)
    assert code == 0
    assert "Ctrl-D quits" in screen and "✘ HÄUSER" in screen and "plural of HAUS" in screen
    assert "Traceback" not in screen and "Interrupted" not in screen


def test_anagram_matches_brute_force(cli, lexicon):
    result = cli("anagram", "SUAH", "--min-length", "3")
    assert result.exit_code == 0
    rack = Counter("SUAH")
    expected = {w for w in LEGAL if len(w) >= 3 and not Counter(w) - rack}
    assert set(result.stdout.split()) == expected


def test_anagram_blank_is_lower_case_and_default_uses_all_letters(cli, lexicon):
    result = cli("anagram", "suah?")
    assert result.exit_code == 0 and result.stdout.split() == ["HUSAr"]
    shorter = cli("anagram", "suah?", "--min-length", "4").stdout.split()
    assert shorter[0] == "HUSAr" and sorted(shorter[1:]) == ["HASe", "HAUS", "mAUS"]


def test_anagram_caps_large_results_with_a_message(cli, lexicon):
    result = cli("anagram", "????????", "--min-length", "2", "--limit", "3")
    assert result.exit_code == 0
    assert len(result.stdout.split()) == 3
    assert f"{len(LEGAL) - 3:,} more words not shown ({len(LEGAL)} in all" in result.stderr


def test_pattern(cli, lexicon):
    result = cli("pattern", "h?us*")
    assert result.exit_code == 0
    assert result.stdout.split() == [w for w in LEGAL if re.fullmatch("H.US.*", w)]
    capped = cli("pattern", "*", "--limit", "2")
    assert capped.stdout.split() == LEGAL[:2] and "more words not shown" in capped.stderr


def test_pattern_with_a_non_tile_character_is_exit_2(cli, lexicon):
    result = cli("pattern", "H-US")
    assert result.exit_code == 2 and "no tile shows" in result.output


def test_stats(cli, lexicon):
    result = cli("stats", "--lexicon", str(lexicon))
    assert result.exit_code == 0
    assert f"{len(LEGAL)} words" in result.stdout
    data = json.loads(cli("stats", "-l", str(lexicon), "--json").stdout)
    assert data["word_count"] == len(LEGAL)
    assert data["by_length"] == {str(k): v for k, v in sorted(Counter(map(len, LEGAL)).items())}
    rows = {r["letter"]: r for r in data["letters"]}
    assert rows["E"]["bag_count"] == 18 and rows["Q"]["lexicon_share"] == 0
    other = json.loads(cli("stats", "-l", str(lexicon), "--ruleset", "smartfeud", "--json").stdout)
    assert {r["letter"]: r for r in other["letters"]}["E"]["bag_count"] == 16
    assert cli("stats", "-r", "wortspieler", "--json").stdout == cli("stats", "-l", str(lexicon), "--json").stdout


def test_stats_still_takes_the_lexicon_as_an_argument_with_a_deprecation_note(cli, lexicon):
    old, new = cli("stats", str(lexicon)), cli("stats", "-l", str(lexicon))
    assert old.exit_code == 0 and old.stdout == new.stdout
    assert "deprecated" in old.stderr and "--lexicon" in old.stderr and new.stderr == ""
    both = cli("stats", str(lexicon), "-l", str(lexicon))
    assert both.exit_code == 2 and "twice" in both.output


def read_kwg_words(data: bytes, root_node: int) -> set[str]:
    """An independent KWG reader, written from the format description only."""
    nodes = struct.unpack(f"<{len(data) // 4}I", data)
    out: set[str] = set()

    def walk(index: int, prefix: tuple[int, ...]) -> None:
        while True:
            node = nodes[index]
            tile, accepts, last, child = node >> 24, node >> 23 & 1, node >> 22 & 1, node & 0x3FFFFF
            word = prefix + (tile,)
            if accepts:
                out.add(",".join(map(str, word)))
            if child:
                walk(child, word)
            if last:
                return
            index += 1

    start = nodes[root_node] & 0x3FFFFF
    if start:
        walk(start, ())
    return out


def tiles_of(word: str) -> str:
    letters = load_ruleset("wortspieler").alphabet.letters
    return ",".join(str(letters.index(ch) + 1) for ch in word)


def test_export_kwg_is_read_back_by_an_independent_reader(cli, lexicon, tmp_path):
    out = tmp_path / "w.kwg"
    result = cli("export", "--format", "kwg", "-o", str(out))
    assert result.exit_code == 0
    data = out.read_bytes()
    assert read_kwg_words(data, 0) == {tiles_of(w) for w in LEGAL}
    gaddag = read_kwg_words(data, 1)
    expected = set()
    for word in LEGAL:
        tiles = tiles_of(word).split(",")
        expected.add(",".join(reversed(tiles)))
        for k in range(1, len(tiles)):
            expected.add(",".join(list(reversed(tiles[:k])) + ["0"] + tiles[k:]))
    assert gaddag == expected


def test_export_kad_txt_json(cli, lexicon, tmp_path):
    assert cli("export", "--format", "kad", "-o", str(tmp_path / "w.kad")).exit_code == 0
    kad = read_kwg_words((tmp_path / "w.kad").read_bytes(), 0)
    assert kad == {",".join(sorted(tiles_of(w).split(","), key=int)) for w in LEGAL}
    txt = cli("export", "--format", "txt")
    assert txt.exit_code == 0 and txt.stdout.split("\n")[:-1] == LEGAL
    meta = json.loads(cli("export", "--format", "json").stdout)
    assert meta["ruleset"] == "wortspieler" and meta["word_count"] == len(LEGAL)
    assert meta["provenance"]["date"] == "2026-01-01T00:00:00Z"



def test_export_compact_is_the_table_pages_word_set(cli, lexicon, tmp_path):
    from lexicon_tools.lexicon.compact import read_compact

    result = cli("export", "--format", "compact", "-o", str(tmp_path / "w.words.gz"))
    assert result.exit_code == 0 and "w.words.gz" in result.stderr
    header, words = read_compact((tmp_path / "w.words.gz").read_bytes())
    assert header["ruleset"] == "wortspieler" and header["words"] == len(LEGAL)
    alphabet = header["alphabet"]
    assert sorted("".join(alphabet[t - 1] for t in w) for w in words) == sorted(LEGAL)
    refused = cli("export", "--format", "compact")               # gzip bytes need a file
    assert refused.exit_code == 2 and "--output" in refused.stderr


WOLGES_GERMAN = "AÄBCDEFGHIJKLMNOÖPQRSTUÜVWXYZ"


def test_export_kwg_in_an_engines_tile_order(cli, lexicon, tmp_path):
    out = tmp_path / "wolges.kwg"
    assert cli("export", "--format", "kwg", "--tile-order", WOLGES_GERMAN, "-o", str(out)).exit_code == 0
    data = out.read_bytes()
    expected = {",".join(str(WOLGES_GERMAN.index(ch) + 1) for ch in w) for w in LEGAL}
    assert read_kwg_words(data, 0) == expected
    nodes = struct.unpack(f"<{len(data) // 4}I", data)
    root = nodes[0] & 0x3FFFFF
    tiles = []
    while True:  # the renumbered root list is still sorted by tile
        tiles.append(nodes[root] >> 24)
        if nodes[root] >> 22 & 1:
            break
        root += 1
    assert tiles == sorted(tiles)


@pytest.mark.parametrize("order", ["wolges", "?" + WOLGES_GERMAN, "MACONDO"])
def test_the_default_export_is_already_in_the_engines_order(cli, lexicon, tmp_path, order):
    plain, ordered = tmp_path / "plain.kwg", tmp_path / "ordered.kwg"
    assert cli("export", "--format", "kwg", "-o", str(plain)).exit_code == 0
    assert cli("export", "--format", "kwg", "--tile-order", order, "-o", str(ordered)).exit_code == 0
    assert plain.read_bytes() == ordered.read_bytes()


def test_json_describes_the_graph_exported_with_a_tile_order(cli, lexicon, tmp_path):
    reverse = WOLGES_GERMAN[::-1]
    out = tmp_path / "reverse.kwg"
    assert cli("export", "--format", "kwg", "--tile-order", reverse, "-o", str(out)).exit_code == 0
    meta = json.loads(cli("export", "--format", "json", "--tile-order", reverse).stdout)
    assert meta["kwg_nodes"] == len(out.read_bytes()) // 4 and meta["tile_order"] == reverse


@pytest.mark.parametrize("args,message", [
    (("export", "--format", "kwg", "--tile-order", "ABC", "-o", "x.kwg"), "not an ordering of the alphabet"),
    (("export", "--format", "txt", "--tile-order", WOLGES_GERMAN), "kwg, kad and json only"),
    (("export", "--format", "kwg", "--tile-order", "scrabble3d", "-o", "x.kwg"), "or a preset: liwords, macondo"),
    (("export", "--format", "kwg"), "needs --output"),
    (("export", "--format", "pdf", "-o", "x"), "unknown export format"),
])
def test_export_usage_errors(cli, lexicon, args, message):
    result = cli(*args)
    assert result.exit_code == 2 and message in result.output


def test_cold_check_imports_no_heavy_library(lexicon):
    code = ("import sys\nfrom lexicon_tools.cli.app import app\n"
            "try:\n    app(['check', 'Haus'])\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n"
            "heavy = {'spacy', 'lxml', 'pydantic', 'yaml', 'numpy', 'numba'}\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
