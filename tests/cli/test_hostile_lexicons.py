"""Round two of hostile inputs (issue 29), class "crafted `.lex` files with a valid checksum", plus
standard output that cannot be written. Real CLI in a subprocess (`hostile_kit.run`: peak memory and
leftover processes checked); each case failed before its fix:

* T4: a 5,000-digit integer or 100,000-deep nesting in the metadata crashed every command on the
  file (`ValueError`, `RecursionError`); one bounded JSON parser now reads every JSON input
  (`io.guard.bounded_json`);
* H1: a 24 KB acyclic graph accepting every string of up to 7 letters (17·10⁹ words) passed the
  structure check, then `stats`/`export` hung and `pattern` reached 4 GB. The graph check now counts
  the DAWG's words without walking them: exactly the metadata's `word_count`, at most 20,000,000;
* H2: 1,500 verdict blocks of 1 MiB each in a 2.6 MB file grew `check`/`judge` past 4 GB. A whole-table
  scan inflates at most 32 times the table's size (+16 MiB);
* S3: `serve -l FILE` loaded any path the metadata names as its ruleset; now only a bundled name;
* T3: `export`, `check`, `stats` > /dev/full ended in an `OSError` traceback.
"""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

from hostile_kit import intact, previous, refused, rewrite_lex, run, small_lexicon
from lexicon_tools.io.formats.lexfile import parse_sections
from lexicon_tools.lexicon.kwg import ACCEPT_BIT, END_BIT

SECRET = "SECRET-do-not-echo-4711"


@pytest.fixture(scope="module")
def lex(tmp_path_factory) -> Path:
    return small_lexicon(tmp_path_factory.mktemp("lex"))


def _meta(lex: Path) -> dict:
    return json.loads(bytes(parse_sections(lex.read_bytes())[b"META"]).decode("utf-8"))


def _with_meta(lex: Path, target: Path, text: str) -> Path:
    return rewrite_lex(lex, target, meta_bytes=text.encode("utf-8"))


COMMANDS = {  # a command per kind of reader of a .lex: table check, pipe, graph walk, server start-up
    "check": ["check", "-l", "X", "Haus"],
    "judge": ["judge", "-l", "X"],
    "stats": ["stats", "-l", "X"],
    "serve": ["serve", "-l", "X", "--port", "0", "--no-qr"],
}


def _metadata(kind: str, lex: Path) -> str:
    meta = json.dumps(_meta(lex), ensure_ascii=False, sort_keys=True)
    if kind == "big integer":
        return meta[:-1] + ', "extra": ' + "7" * 5000 + "}"
    return meta[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"


# Both kinds go through the one parser: each kind with two of the four readers (suite time), all four covered
@pytest.mark.parametrize(("kind", "command"), [("big integer", "check"), ("big integer", "serve"),
                                               ("deep nesting", "judge"), ("deep nesting", "stats")])
def test_hostile_json_in_the_metadata_is_a_message(tmp_path, lex, kind, command):
    bad = _with_meta(lex, tmp_path / "bad.lex", _metadata(kind, lex))
    args = [str(bad) if a == "X" else a for a in COMMANDS[command]]
    expected = "a number with 5,000 digits" if kind == "big integer" else "nested deeper than 100 levels"
    refused(run(*args, cwd=tmp_path, input=b"Haus\n", timeout=30), f"cannot load lexicon {bad}", expected)


def test_a_big_integer_in_entries_jsonl_is_a_located_message(tmp_path):
    (tmp_path / "e.jsonl").write_text('{"word":"Haus"}\n{"word":"Baum","n":' + "9" * 5000 + "}\n", encoding="utf-8")
    previous(tmp_path / "v.jsonl")
    refused(run("filter", "e.jsonl", "-r", "webfeud", "-o", "v.jsonl", cwd=tmp_path), "e.jsonl:2",
            "a number with 5,000 digits")
    assert intact(tmp_path / "v.jsonl")


def _every_string_graph(letters: int, length: int, gaddag: bool) -> bytes:
    """A KWG whose DAWG accepts every string of 1..`length` of the `letters` tiles: `length` lists of
    `letters` nodes, each accepting and pointing at the next list (acyclic, 8 bytes per node)."""
    roots = 2 if gaddag else 1
    nodes = []
    for level in range(length):
        first_next = roots + (level + 1) * letters if level + 1 < length else 0
        for tile in range(1, letters + 1):
            nodes.append((tile << 24) | ACCEPT_BIT | (END_BIT if tile == letters else 0) | first_next)
    graph = [roots | END_BIT] + ([roots | END_BIT] if gaddag else []) + nodes
    return np.array(graph, "<u4").tobytes()


@pytest.fixture(scope="module")
def word_bomb(tmp_path_factory, lex) -> Path:
    meta = _meta(lex)
    meta["word_count"] = sum(len(meta["alphabet"]) ** k for k in range(1, 8))  # 2.3·10¹⁰, as declared
    path = tmp_path_factory.mktemp("bomb") / "bomb.lex"
    kwg = _every_string_graph(len(meta["alphabet"]), 7, gaddag=True)
    return rewrite_lex(lex, path, meta_bytes=json.dumps(meta, sort_keys=True).encode(), kwg=kwg)


@pytest.mark.parametrize("args", [["stats"], ["export", "-f", "kad", "-o", "out.kad"], ["pattern", "*"]],
                         ids=" ".join)
def test_a_small_graph_of_billions_of_words_is_refused_at_load(tmp_path, word_bomb, args):
    previous(tmp_path / "out.kad")
    done = run(*args, "-l", word_bomb, cwd=tmp_path, timeout=30)
    refused(done, f"cannot load lexicon {word_bomb}", "accepts more than 20,000,000 words")
    assert intact(tmp_path / "out.kad")


def test_a_graph_with_more_words_than_its_metadata_says_is_refused(tmp_path, lex):
    letters = len(_meta(lex)["alphabet"])  # strings of 1 or 2 letters: n + n²
    bad = rewrite_lex(lex, tmp_path / "more.lex", kwg=_every_string_graph(letters, 2, gaddag=True))
    refused(run("stats", "-l", bad, cwd=tmp_path, timeout=30),
            f"accepts {letters + letters ** 2:,} words, the metadata says 39")


def _verdict_bomb(blocks: int) -> bytes:
    """A verdict table of `blocks` blocks, each a zlib stream of just under 1 MiB (the per-block bound)."""
    line = b"ZZZZ\t1\tnom-sg\t\n"
    block = zlib.compress(line * ((1 << 20) // len(line) - 1), 9)
    firsts = "\n".join(f"A{i:06d}" for i in range(blocks)).encode()
    index = zlib.compress(firsts, 9)
    offsets = [len(block) * i for i in range(blocks + 1)]
    return b"".join([struct.pack("<III", blocks * 256, blocks, len(index)), index,
                     struct.pack(f"<{blocks + 1}I", *offsets), block * blocks])


@pytest.mark.parametrize("command", ["check", "serve"])
def test_a_verdict_table_that_inflates_to_gigabytes_is_refused_in_flat_memory(tmp_path, lex, command):
    bad = rewrite_lex(lex, tmp_path / "bomb.lex", vrdt=_verdict_bomb(1500))
    assert bad.stat().st_size < 4_000_000
    args = [str(bad) if a == "X" else a for a in COMMANDS[command]]
    args[-1:] = ["Xyzzy"] if command == "check" else args[-1:]  # an unknown word: suggestions scan the table
    done = run(*args, cwd=tmp_path, input=b"Xyzzy\n", timeout=60)
    refused(done, "the verdict table is corrupt or hostile", "more than 32 times its size")


def test_serve_with_a_lexicon_alone_uses_only_a_bundled_ruleset(tmp_path, lex):
    (tmp_path / "secret.yaml").write_text(f"name: x\ndescription: {SECRET}\n", encoding="utf-8")
    meta = _meta(lex)
    meta["ruleset"] = str(tmp_path / "secret.yaml")
    bad = rewrite_lex(lex, tmp_path / "evil.lex", meta_bytes=json.dumps(meta).encode())
    done = run("serve", "-l", bad, "--port", "0", "--no-qr", cwd=tmp_path, timeout=30)
    refused(done, f"the metadata of lexicon {bad} names the ruleset", "not a bundled ruleset", "--ruleset FILE")
    assert SECRET not in done.err + done.out


@pytest.mark.parametrize("args", [["export", "-f", "txt"], ["check", "Haus"]], ids=" ".join)
def test_a_full_standard_output_is_a_message(tmp_path, lex, args):
    with open("/dev/full", "wb") as full:
        done = run(*args, "-l", lex, cwd=tmp_path, stdout=full)
    refused(done, "cannot write to standard output: No space left on device", codes=(2,))
