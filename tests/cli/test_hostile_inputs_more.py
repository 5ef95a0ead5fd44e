"""Hostile inputs, part 2 (issue 12 "Hostile-input findings"): every case through the real CLI.

Each case runs ``python -m lexicon_tools`` in a subprocess on real files and would fail on
the code before the fix. (Same-file outputs, signals, temp files, non-file outputs,
encodings, long lines, stdin and truncated archives are in `test_hostile_inputs.py`.)
Sections:

1. security: files named by a ruleset are never echoed, a record names only bundled
   rulesets, escape sequences from a file never reach the terminal, UTF-32 TEI prologs;
2. crafted `.lex` files with a valid checksum: graph, zlib bomb, metadata types;
3. YAML bounds: alias bombs, duplicate keys, deep nesting, huge collections;
4. schema ranges: counts, values, time limits, look-alike letters;
5. crashes that must be messages, and misleading output;
6. `play` resources: workers, streaming.
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

from lexicon_tools.io.formats.lexfile import encode_lexicon, parse_sections
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.resources import rulesets_dir

CLI = [sys.executable, "-m", "lexicon_tools"]
SECRET = "SECRET-do-not-echo-4711"
WORDS = ["Haus", "Baum", "Maus", "Tisch", "Rose", "Tor", "Hose", "Raum", "Dose", "Rad", "Rat", "Tat", "Ort",
         "Ei", "Eis", "Oma", "Opa", "Ohr", "Ast", "Amt", "Arm", "Bad", "Bus", "Dach", "Dorf", "Ente", "Esel",
         "Gras", "Hase", "Hemd", "Hund", "Kamm", "Kind", "Korb", "Kuh", "Lamm", "Land", "Mond", "Nase"]


def run(*args, cwd: Path, input: bytes | None = None, timeout: float = 120):
    done = subprocess.run([*CLI, *map(str, args)], cwd=cwd, input=input, capture_output=True, timeout=timeout)
    done.out = done.stdout.decode("utf-8", "replace")
    done.err = done.stderr.decode("utf-8", "replace")
    return done


def refused(result, *fragments: str, absent: tuple[str, ...] = (SECRET,)) -> None:
    """Exit 2, a message naming what is wrong, no traceback, nothing of `absent` shown."""
    assert result.returncode == 2, (result.returncode, result.out, result.err)
    assert "Traceback" not in result.err and "Error: " in result.err, result.err
    for fragment in fragments:
        assert fragment in result.err, result.err
    for text in absent:
        assert text not in result.err and text not in result.out, result.err


@pytest.fixture(scope="module")
def lexicons(tmp_path_factory):
    """Small real lexicons for wortspieler and webfeud (+ one rejected word with a reason)."""
    out = {}
    for name in ("wortspieler", "webfeud"):
        rs = load_ruleset(name)
        alphabet = rs.make_alphabet()
        verdicts = [Verdict(Entry(w, source=f"t:{i}"), alphabet.normalize(w), True, "nom-sg")
                    for i, w in enumerate(WORDS)]
        verdicts.append(Verdict(Entry("Häuser", lemma="Haus"), "HÄUSER", False, "inflected-form:plural-of:HAUS"))
        path = tmp_path_factory.mktemp("lex") / f"{name}.lex"
        build_from_verdicts(rs, verdicts, path)
        out[name] = path
    return out


def rewrite_lex(source: Path, target: Path, *, meta=None, kwg=None, vrdt=None) -> Path:
    """A copy of `source` with replaced sections and a valid checksum."""
    sections = parse_sections(source.read_bytes(), str(source))
    old_meta = json.loads(bytes(sections[b"META"]).decode("utf-8"))
    new_meta = meta(old_meta) if callable(meta) else (meta or old_meta)
    new_kwg = kwg(np.frombuffer(bytes(sections[b"KWG_"]), "<u4").copy()) if kwg else bytes(sections[b"KWG_"])
    new_vrdt = vrdt if vrdt is not None else bytes(sections[b"VRDT"])
    target.write_bytes(encode_lexicon(new_meta, bytes(new_kwg), new_vrdt))
    return target


# ---------------------------------------------------------------- 1. security ---

@pytest.fixture
def secret_files(tmp_path):
    """Readable files that are not rulesets or layouts, each holding SECRET."""
    files = {
        "keyvalue": f"{SECRET}: hunter2\npassword: {SECRET}\n",
        "ruleset-keys": f"name: {SECRET}\n{SECRET}: 1\n",
        "rows-key": f"rows:\n  - '=='\n{SECRET}: 1\n",
        "premiums-value": f"size: 15\npremiums: {SECRET}\n",
        "yaml-error": f"a: *{SECRET}\n",
        "tag": f"a: !{SECRET} x\n",
    }
    paths = {}
    for name, text in files.items():
        paths[name] = tmp_path / f"{name}.conf"
        paths[name].write_text(text, encoding="utf-8")
    (tmp_path / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    paths["macondo"] = tmp_path / "secret.txt"
    return paths


@pytest.mark.parametrize("kind", ["keyvalue", "ruleset-keys", "rows-key", "premiums-value", "yaml-error", "tag"])
@pytest.mark.parametrize("field", ["extends", "board.layout"])
def test_a_file_named_by_a_ruleset_is_never_echoed(tmp_path, secret_files, kind, field):
    target = secret_files[kind]
    text = (f"extends: {target}\n" if field == "extends" else
            f"extends: wortspieler\nboard:\n  layout: {target}\n")
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    refused(run("ruleset", "validate", "rules.yaml", cwd=tmp_path), str(target.name))


def test_a_macondo_layout_named_by_a_ruleset_is_never_echoed(tmp_path, secret_files):
    (tmp_path / "rules.yaml").write_text(f"extends: wortspieler\nboard:\n  layout: {secret_files['macondo']}\n")
    refused(run("ruleset", "validate", "rules.yaml", cwd=tmp_path), "not a macondo layout")


def test_etc_passwd_as_extends_names_the_file_only(tmp_path):
    (tmp_path / "rules.yaml").write_text("extends: /etc/passwd\n", encoding="utf-8")
    refused(run("ruleset", "validate", "rules.yaml", cwd=tmp_path), "/etc/passwd", "not a ruleset file",
            absent=("root:", "/bin/"))


def test_a_real_layout_named_by_a_ruleset_still_gets_located_problems(tmp_path):
    (tmp_path / "lay.yaml").write_text("rows:\n  - '==X'\n  - '   '\n  - '   '\n", encoding="utf-8")
    (tmp_path / "rules.yaml").write_text("extends: wortspieler\nboard:\n  layout: lay.yaml\n", encoding="utf-8")
    refused(run("ruleset", "validate", "rules.yaml", cwd=tmp_path), "lay.yaml:2", absent=())


@pytest.fixture
def record(tmp_path, lexicons):
    folder = tmp_path / "games"
    done = run("play", "--ruleset", "webfeud", "--lexicon", lexicons["webfeud"], "--games", "1", "--seed", "3",
               "--record", folder, "-q", cwd=tmp_path)
    assert done.returncode == 0, done.err
    return folder / "webfeud-0001.gcg"


def test_a_record_may_only_name_a_bundled_ruleset(tmp_path, lexicons, record):
    rules = tmp_path / "evil.yaml"
    rules.write_text(f"extends: {tmp_path / 'secret.conf'}\n", encoding="utf-8")
    (tmp_path / "secret.conf").write_text(f"password: {SECRET}\n", encoding="utf-8")
    text = record.read_text(encoding="utf-8").replace("#ruleset webfeud", f"#ruleset {rules}")
    evil = tmp_path / "evil.gcg"
    evil.write_text(text, encoding="utf-8")
    refused(run("replay", evil, "--lexicon", lexicons["webfeud"], cwd=tmp_path), "not a bundled ruleset",
            "--ruleset")
    # the user may still choose the file themselves, and the bundled name still works
    (tmp_path / "mine.yaml").write_text("extends: webfeud\n", encoding="utf-8")
    assert run("replay", record, "--lexicon", lexicons["webfeud"], cwd=tmp_path).returncode == 0
    done = run("replay", evil, "--lexicon", lexicons["webfeud"], "--ruleset", "webfeud", cwd=tmp_path)
    assert done.returncode == 0, done.err


ESCAPES = "\x1b[31m\x1b]0;pwned\x07\x9b2J"


def _escape_free(text: str) -> bool:
    return not any(ch in text for ch in "\x1b\x07\x9b")


def test_escape_sequences_in_lex_reasons_never_reach_the_terminal(tmp_path):
    rs = load_ruleset("wortspieler")
    verdicts = [Verdict(Entry("Haus"), "HAUS", True, "nom-sg"),
                Verdict(Entry("Baum"), "BAUM", False, f"register:{ESCAPES}evil")]
    lex = tmp_path / "evil.lex"
    build_from_verdicts(rs, verdicts, lex)
    for args in (("check", "-l", lex, "Baum"), ("check", "-l", lex, "--json", "Baum")):
        done = run(*args, cwd=tmp_path)
        assert done.returncode == 1 and "evil" in done.out and _escape_free(done.out), repr(done.out)
    done = run("judge", "-l", lex, cwd=tmp_path, input=b"Baum\n")
    assert done.returncode == 0 and "evil" in done.out and _escape_free(done.out), repr(done.out)


def test_escape_sequences_in_lex_metadata_never_reach_the_terminal(tmp_path, lexicons):
    lex = rewrite_lex(lexicons["wortspieler"], tmp_path / "meta.lex",
                      meta=lambda m: dict(m, ruleset=f"wort{ESCAPES}spieler"))
    for args in (("stats", "-l", lex), ("export", "-l", lex, "--format", "json"), ("judge", "-l", lex)):
        done = run(*args, cwd=tmp_path, input=b"")
        assert done.returncode == 0, done.err
        assert _escape_free(done.out + done.err), repr(done.out)


def test_escape_sequences_in_a_ruleset_never_reach_the_terminal(tmp_path):
    (tmp_path / "r.yaml").write_text('extends: webfeud\nname: evil\ntitle: "\\e[31mRED\\e]0;pwned\\a"\n'
                                     'description: "one\\ntwo \\x9b2J"\n', encoding="utf-8")
    for args in (("ruleset", "show", "r.yaml"), ("ruleset", "show", "r.yaml", "--json")):
        done = run(*args, cwd=tmp_path)
        assert done.returncode == 0 and "RED" in done.out and _escape_free(done.out), repr(done.out)


@pytest.mark.parametrize("encoding", ["utf-32-le", "utf-32-be", "utf-32"])
def test_a_utf32_tei_file_cannot_hide_an_entity(tmp_path, encoding):
    doc = ('<?xml version="1.0"?><!DOCTYPE TEI [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
           '<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body><entry><form><orth>&x;</orth></form>'
           '</entry></body></text></TEI>')
    (tmp_path / "dict.xml").write_bytes(doc.encode(encoding))
    done = run("import", "dict.xml", "--format", "tei", "-o", "out.jsonl", cwd=tmp_path)
    refused(done, "ENTITY", absent=("root:",))


# ------------------------------------------------- 2. crafted .lex files ---

def _set_child(nodes, index, child):
    nodes[index] = (nodes[index] & ~np.uint32(0x3FFFFF)) | np.uint32(child)
    return nodes


def _cycle(nodes):
    """The first arc of the DAWG's root list leads back to that list: A -> A -> A ..."""
    root = int(nodes[0] & 0x3FFFFF)
    return _set_child(nodes, root, root)


def _no_last_sibling(nodes):
    nodes[-1] &= ~np.uint32(0x400000)
    return nodes


CRAFTED_GRAPHS = {
    "cycle": _cycle,
    "no-last-sibling": _no_last_sibling,
    "gaddag-root-out-of-range": lambda nodes: _set_child(nodes, 1, 0x3FFFF0),
    "child-out-of-range": lambda nodes: _set_child(nodes, len(nodes) - 1, len(nodes) + 5),
    "tile-out-of-range": lambda nodes: np.where(np.arange(len(nodes)) == len(nodes) - 1,
                                                (nodes & np.uint32(0xFFFFFF)) | np.uint32(200 << 24), nodes),
}
GRAPH_COMMANDS = {
    "pattern": ("pattern", "H?US", "-l"),
    "stats": ("stats", "-l"),
    "export": ("export", "--format", "txt", "-l"),
    "play": ("play", "--ruleset", "wortspieler", "--games", "1", "-q", "--lexicon"),
}


@pytest.mark.parametrize("command", sorted(GRAPH_COMMANDS))
@pytest.mark.parametrize("damage", sorted(CRAFTED_GRAPHS))
def test_a_crafted_graph_with_a_valid_checksum_is_refused(tmp_path, lexicons, damage, command):
    lex = rewrite_lex(lexicons["wortspieler"], tmp_path / "crafted.lex", kwg=CRAFTED_GRAPHS[damage])
    done = run(*GRAPH_COMMANDS[command], lex, cwd=tmp_path, timeout=60)
    refused(done, "crafted.lex", "word graph is corrupt")


def test_check_on_a_crafted_graph_neither_hangs_nor_crashes(tmp_path, lexicons):
    lex = rewrite_lex(lexicons["wortspieler"], tmp_path / "crafted.lex", kwg=_cycle)
    done = run("check", "-l", lex, "Haus", "Xylophon", cwd=tmp_path, timeout=60)
    assert done.returncode in (1, 2) and "Traceback" not in done.err, done.err


def _verdict_table(blocks: list[bytes], firsts: list[str], count: int) -> bytes:
    index = zlib.compress("\n".join(firsts).encode("utf-8"))
    offsets = [0]
    for block in blocks:
        offsets.append(offsets[-1] + len(block))
    return b"".join([struct.pack("<III", count, len(blocks), len(index)), index,
                     struct.pack(f"<{len(offsets)}I", *offsets), *blocks])


def test_a_zlib_bomb_in_a_verdict_block_is_bounded(tmp_path, lexicons):
    bomb = zlib.compress(b"A" * (64 << 20), 9)   # 64 MB inflated from ~64 KB
    table = _verdict_table([bomb], ["A"], 1)
    lex = rewrite_lex(lexicons["wortspieler"], tmp_path / "bomb.lex", vrdt=table)
    done = run("check", "-l", lex, "Baum", "Xylophon", cwd=tmp_path)
    refused(done, "bomb.lex", "inflates to more than")


def test_a_corrupt_verdict_block_on_the_suggestion_path_is_a_message(tmp_path, lexicons):
    good = zlib.compress("A\t1\tnom-sg\t".encode())
    table = _verdict_table([good, b"not zlib at all"], ["A", "M"], 2)
    lex = rewrite_lex(lexicons["wortspieler"], tmp_path / "corrupt.lex", vrdt=table)
    refused(run("check", "-l", lex, "Xylophon", cwd=tmp_path), "corrupt.lex", "verdict block 1 is corrupt")


@pytest.mark.parametrize("field, value", [
    ("normalisation", "yes"), ("normalisation", {"replacements": [[1, 2, 3]]}), ("word_count", "many"),
    ("tiles", {"A": "x"}), ("lengths", "2-15"), ("ruleset", ["a"]), ("alphabet", ["A", "B" * 50]),
])
def test_wrong_types_in_lex_metadata_are_a_message(tmp_path, lexicons, field, value):
    lex = rewrite_lex(lexicons["wortspieler"], tmp_path / "meta.lex", meta=lambda m: dict(m, **{field: value}))
    for args in (("check", "-l", lex, "Haus"), ("stats", "-l", lex)):
        refused(run(*args, cwd=tmp_path), "meta.lex", "metadata has wrong types")


# ----------------------------------------------------------- 3. YAML bounds ---

def _alias_bomb() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


YAML_CASES = {
    "alias-bomb": (_alias_bomb(), "aliases expand to more than"),
    "deep-nesting": ("a: " + "[" * 500 + "]" * 500 + "\n", "nested deeper than 100 levels"),
    "deep-mapping": ("".join("  " * i + f"k{i}:\n" for i in range(150)) + "  " * 150 + "v: 1\n",
                     "nested deeper than 100 levels"),
    "huge-list": ("a: [" + ",".join(["1"] * 100_001) + "]\n", "list with more than 100,000 items"),
    "duplicate-key": ("extends: wortspieler\ntitle: A\nrack:\n  size: 7\n  size: 9\ntitle: B\n",
                      "duplicate key 'size' (first at line 4)"),
}


@pytest.mark.parametrize("case", sorted(YAML_CASES))
@pytest.mark.parametrize("role", ["ruleset", "layout", "mapping"])
def test_hostile_yaml_is_refused_before_it_is_built(tmp_path, case, role):
    text, message = YAML_CASES[case]
    (tmp_path / "f.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "words.xml").write_text("<d><w>Haus</w></d>", encoding="utf-8")
    args = {"ruleset": ("ruleset", "validate", "f.yaml"), "layout": ("board", "validate", "f.yaml"),
            "mapping": ("import", "words.xml", "--format", "mapping:f.yaml", "-o", "out.jsonl")}[role]
    refused(run(*args, cwd=tmp_path, timeout=60), "f.yaml", message)


def test_every_duplicate_key_is_listed_with_its_line(tmp_path):
    (tmp_path / "r.yaml").write_text("extends: wortspieler\ntitle: A\ntitle: B\nrack:\n  size: 7\n  size: 8\n")
    done = run("ruleset", "validate", "r.yaml", cwd=tmp_path)
    refused(done, "r.yaml:3: duplicate key 'title' (first at line 2)", "r.yaml:6: duplicate key 'size'")


# --------------------------------------------------------- 4. schema ranges ---

SCHEMA_CASES = {
    "tiles-total": ("tiles:\n  total: 1000000000000\n", "tiles.total"),
    "tile-count": ("tiles:\n  letters:\n    A: [1000000000000, 1]\n", "tiles.letters.A"),
    "tile-value": ("tiles:\n  letters:\n    A: [5, 100000000000000000000000]\n", "tiles.letters.A"),
    "blanks": ("tiles:\n  blank: {count: 1000000000000, scores: zero}\n", "tiles.blank.count"),
    "bingo-value": ("bingo: {7: 1000000000000000000000000000000}\n", "bingo.7"),
    "bingo-key": ("bingo: {1000000000000000000000000000000: 5}\n", "bingo"),
    "rack": ("rack: {size: 1000000}\n", "rack.size"),
    "players": ("players: {min: 2, max: 100000}\n", "players.max"),
    "time-xyz": ("modes:\n  time_limits: {default: xyz}\n", "not a time limit"),
    "time-negative": ("modes:\n  time_limits: {options: [5m, -5m]}\n", "modes.time_limits.options.1"),
    "time-zero": ("modes:\n  time_limits: {default: 0s}\n", "more than 0"),
    "cyrillic-letter": ("alphabet:\n  letters: [А, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, "
                        "X, Y, Z, Ä, Ö, Ü]\n", "U+0410 CYRILLIC CAPITAL LETTER A"),
}


@pytest.mark.parametrize("case", sorted(SCHEMA_CASES))
def test_absurd_rulesets_are_refused_at_validation(tmp_path, case):
    text, fragment = SCHEMA_CASES[case]
    (tmp_path / "r.yaml").write_text("extends: webfeud\n" + text, encoding="utf-8")
    refused(run("ruleset", "validate", "r.yaml", cwd=tmp_path), "r.yaml", fragment)


# ------------------------------------------- 5. crashes and misleading output ---

def test_deep_json_in_verdicts_is_a_located_message(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    (tmp_path / "v.jsonl").write_text('{"word": "Haus", "features": ' + deep + "}\n", encoding="utf-8")
    refused(run("build", "--verdicts", "v.jsonl", "-o", "x.lex", cwd=tmp_path), "v.jsonl:1", "nested deeper than 100 levels")
    refused(run("filter", "v.jsonl", "-o", "out.jsonl", cwd=tmp_path), "v.jsonl:1", "nested deeper than 100 levels")


@pytest.mark.parametrize("edit, fragment", [
    (lambda t: t.replace(" +", " +" + "9" * 5000, 1), "more than 9 digits"),
    (lambda t: t.replace("#final p1 ", "#final p1 " + "9" * 5000 + "", 1), "at most 9 digits"),
    (lambda t: t.split("\n", 1)[1], "does not start with its header line"),
])
def test_broken_records_are_located_messages(tmp_path, lexicons, record, edit, fragment):
    bad = tmp_path / "bad.gcg"
    bad.write_text(edit(record.read_text(encoding="utf-8")), encoding="utf-8")
    refused(run("replay", bad, "--lexicon", lexicons["webfeud"], cwd=tmp_path), "bad.gcg:", fragment)


def test_play_with_zero_players_is_refused(tmp_path, lexicons):
    done = run("play", "--ruleset", "webfeud", "--lexicon", lexicons["webfeud"], "--players", "0", "-n", "1",
               "-q", cwd=tmp_path)
    refused(done, "not 0")


def test_play_with_another_rulesets_lexicon_is_refused(tmp_path, lexicons):
    # smartfeud and webfeud share the German alphabet: the name decides
    done = run("play", "--ruleset", "smartfeud", "--lexicon", lexicons["webfeud"], "-n", "1", "-q", cwd=tmp_path)
    refused(done, "built for ruleset 'webfeud', not for 'smartfeud'")
    (tmp_path / "house.yaml").write_text("extends: webfeud\nname: house\n", encoding="utf-8")
    done = run("play", "--ruleset", "house.yaml", "--lexicon", lexicons["webfeud"], "-n", "1", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.err   # a house rule may use the lexicon of the ruleset it extends


def test_judge_answers_a_10_mb_word_at_once(tmp_path, lexicons):
    word = b"a" * 10_000_000 + b"\nHaus\n"
    done = run("judge", "-l", lexicons["wortspieler"], cwd=tmp_path, input=word, timeout=20)
    assert done.returncode == 0 and "10,000,000 characters" in done.out and "✔ HAUS" in done.out, done.err
    assert len(done.out) < 1000


def test_no_suggest(tmp_path, lexicons):
    done = run("check", "-l", lexicons["wortspieler"], "--no-suggest", "Häuser", cwd=tmp_path)
    assert done.returncode == 1 and "try:" not in done.out, done.out
    done = run("judge", "-l", lexicons["wortspieler"], "--no-suggest", cwd=tmp_path, input="Häuser\n".encode())
    assert done.returncode == 0 and "try:" not in done.out, done.out


@pytest.mark.parametrize("invisible, name", [("\u200f", "RIGHT-TO-LEFT MARK"), ("\u200b", "ZERO WIDTH SPACE"),
                                             ("\u00ad", "SOFT HYPHEN"), ("\ufeff", "BYTE ORDER MARK")])
def test_invisible_characters_in_a_checked_word_are_stripped_and_named(tmp_path, lexicons, invisible, name):
    done = run("check", "-l", lexicons["wortspieler"], f"Ha{invisible}us", cwd=tmp_path)
    assert done.returncode == 0, done.out
    assert done.out.startswith("✔ HAUS ") and name in done.out and invisible not in done.out, repr(done.out)


# ----------------------------------------------------------- 6. play resources ---

def test_more_workers_than_cores_are_capped(tmp_path, lexicons):
    done = run("play", "--ruleset", "webfeud", "--lexicon", lexicons["webfeud"], "-n", "2", "-w", "64", "-q",
               "--json", cwd=tmp_path)
    assert done.returncode == 0, done.err
    assert "capped to the" in done.err and "--force-workers" in done.err


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_billion_games_do_not_grow_the_parent(tmp_path, lexicons):
    import signal
    import time

    proc = subprocess.Popen([*CLI, "play", "--ruleset", "webfeud", "--lexicon", str(lexicons["webfeud"]), "-n",
                             "1000000000", "-w", "2", "-q"], cwd=tmp_path, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        time.sleep(6)
        first = _rss_kb(proc.pid)
        time.sleep(10)
        second = _rss_kb(proc.pid)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    assert proc.returncode != 0 or first == 0
    # kB in 10 s. Before: ~100 MB/s (all games submitted at once); then ~1 MB/s (one summary kept per game,
    # ~150 games/s on 2 cores); now the statistics are gathered as the games arrive: flat.
    assert second - first < 3_000, (first, second)


def test_a_mapping_xpath_with_an_undeclared_prefix_is_a_located_message(tmp_path):
    doc = tmp_path / "dict.xml"
    doc.write_text('<?xml version="1.0"?><d><ar><k>Haus</k></ar></d>', encoding="utf-8")
    mapping = tmp_path / "m.yaml"
    mapping.write_text("entry: ar\nword: 'x:k'\n", encoding="utf-8")     # x: is declared nowhere
    refused(run("import", doc, "--format", f"mapping:{mapping}", "-o", tmp_path / "out.jsonl", "-q", cwd=tmp_path),
            "m.yaml:2", "invalid XPath 'x:k'", "namespaces")
    assert not (tmp_path / "out.jsonl").exists()


def test_build_from_verdicts_refuses_a_word_longer_than_the_ruleset_allows_before_building(tmp_path):
    verdicts = tmp_path / "v.jsonl"
    lines = [{"word": "Haus", "normalized": "HAUS", "valid": True, "reason": "nom-sg"},
             {"word": "A" * 100_000, "normalized": "A" * 100_000, "valid": True, "reason": "nom-sg"}]
    verdicts.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = run("build", "--ruleset", "webfeud", "--verdicts", verdicts, "-o", tmp_path / "v.lex", "-q",
                 cwd=tmp_path, timeout=60)
    refused(result, "v.jsonl:2", "100,000 tiles", "at most 15")
    assert not (tmp_path / "v.lex").exists()
