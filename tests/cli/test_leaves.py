"""`lexicon-tools leaves` (train, show, export, import) and `play --leaves`, through the real CLI.

The lexicon is a real .lex built by the project's pipeline from the first rows of the bundled
German noun corpus, as in test_play.py.
"""

from __future__ import annotations

import csv
import json
import lzma

import pytest

from lexicon_tools.io.formats.leavefile import bundled_path, read_leaves
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.model.entry import Entry
from lexicon_tools.model.verdict import Verdict
from lexicon_tools.jobs.build import build_from_verdicts
from lexicon_tools.resources import default_corpus


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory):
    rs = load_ruleset("webfeud")
    alphabet = rs.make_alphabet()
    verdicts = []
    with lzma.open(default_corpus(), "rt", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        next(reader)
        for i, row in enumerate(reader):
            if i >= 3000:
                break
            for word in row[7:]:
                normal = alphabet.normalize(word) if word else ""
                if normal and alphabet.is_tileable(normal) and 2 <= len(normal) <= 15:
                    verdicts.append(Verdict(Entry(word, source=f"nouns.csv:{i}"), normal, True, "listed"))
    path = tmp_path_factory.mktemp("lex") / "webfeud.lex"
    build_from_verdicts(rs, verdicts, path)
    return path


@pytest.fixture(scope="module")
def trained(lexicon, tmp_path_factory):
    from typer.testing import CliRunner

    from lexicon_tools.cli.app import app

    out = tmp_path_factory.mktemp("leaves") / "w.leaves"
    result = CliRunner().invoke(app, ["leaves", "train", "--ruleset", "webfeud", "--lexicon", str(lexicon),
                                      "--games", "4", "--iterations", "2", "--seed", "9", "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return out


def test_train_writes_a_reproducible_file_with_provenance(cli, lexicon, trained, tmp_path):
    header = [line for line in trained.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert header[0] == "# lexicon-tools leaves 1"
    fields = dict(line[2:].split(": ", 1) for line in header[1:])
    assert fields["ruleset"] == "webfeud" and fields["model"] == "additive" and fields["seed"] == "9"
    assert fields["games"].startswith("2 x 4 self-play games")
    assert fields["lexicon"].startswith("webfeud.lex sha256:")
    again = tmp_path / "again.leaves"
    assert cli("leaves", "train", "-r", "webfeud", "-l", str(lexicon), "-n", "4", "-i", "2", "--seed", "9",
               "-o", str(again), "-q").exit_code == 0
    body = lambda p: [ln for ln in p.read_text(encoding="utf-8").splitlines() if not ln.startswith("# trained")]
    assert body(again) == body(trained)
    assert len(read_leaves(trained).values) > 20


def test_export_import_export_is_byte_for_byte(cli, trained, tmp_path):
    first, table, second = tmp_path / "a.klv2", tmp_path / "a.leaves", tmp_path / "b.klv2"
    result = cli("leaves", "export", str(trained), "-o", str(first), "--max-tiles", "3")   # all 6 take minutes
    assert result.exit_code == 0, result.output
    assert "leaves" in result.stdout
    assert cli("leaves", "import", str(first), "-r", "webfeud", "-o", str(table)).exit_code == 0
    imported = read_leaves(table)
    assert imported.mode == "table" and "a.klv2 sha256:" in imported.provenance["imported"]
    assert cli("leaves", "export", str(table), "-o", str(second)).exit_code == 0
    assert second.read_bytes() == first.read_bytes()
    original = read_leaves(trained)
    for leave in list(imported.values)[:: max(1, len(imported.values) // 500)]:
        assert imported.value(leave) == pytest.approx(original.value(leave), abs=1e-4)


def test_show_prints_provenance_and_values(cli, trained):
    result = cli("leaves", "show", str(trained), "-v", "?", "-v", "Q", "--top", "3")
    assert result.exit_code == 0, result.output
    assert "seed: 9" in result.stdout and "best single tiles" in result.stdout
    assert result.stdout.splitlines()[-2].startswith("?\t") and result.stdout.splitlines()[-1].startswith("Q\t")


def test_bundled_files_exist_for_the_three_games(cli):
    for name in ("webfeud", "smartfeud", "wortspieler"):
        table = read_leaves(bundled_path(name))
        assert table.ruleset == name and {"games", "lexicon", "seed"} <= set(table.provenance)
        assert table.value(b"\x00") > table.value(bytes([load_ruleset(name).make_alphabet().letters.index("Q") + 1]))
    result = cli("leaves", "show", "--ruleset", "webfeud", "-v", "?")
    assert result.exit_code == 0 and "rulesets/leaves/webfeud.leaves" in result.stdout.replace("\\", "/")


def test_play_defaults_to_equity_and_takes_a_leave_file(cli, lexicon, trained):
    result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicon), "--games", "2", "--seed", "4",
                 "--leaves", str(trained), "--json", "-q")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["strategies"] == ["equity", "equity"]


def test_a_leave_file_for_other_tiles_is_refused(cli, trained, tmp_path):
    result = cli("play", "--ruleset", "webfeud-en", "--leaves", str(trained), "--games", "1", "-q")
    assert result.exit_code == 2
    assert "is for the tiles AÄBCDEFGHIJKLMNOÖPQRSTUÜVWXYZ" in result.output and "Traceback" not in result.output
    klv = tmp_path / "w.klv2"
    assert cli("leaves", "export", str(trained), "-o", str(klv), "--max-tiles", "2").exit_code == 0
    result = cli("leaves", "import", str(klv), "-r", "webfeud-en", "-o", str(tmp_path / "en.leaves"))
    assert result.exit_code == 2 and "does not fit ruleset webfeud-en" in result.output


def test_a_leave_file_for_another_ruleset_is_refused(cli, lexicon, trained, tmp_path):
    other = tmp_path / "smart.leaves"
    other.write_text(trained.read_text(encoding="utf-8").replace("# ruleset: webfeud", "# ruleset: smartfeud"),
                     encoding="utf-8")
    result = cli("play", "--ruleset", "webfeud", "--lexicon", str(lexicon), "--leaves", str(other), "-q")
    assert result.exit_code == 2 and "was trained for ruleset 'smartfeud', not 'webfeud'" in result.output


def test_broken_leave_files_name_every_bad_line(cli, trained, tmp_path):
    lines = trained.read_text(encoding="utf-8").splitlines()
    first_body = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    lines[first_body] = "Q!\t1.0"
    lines[first_body + 1] = "EN\tmany"
    bad = tmp_path / "bad.leaves"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("leaves", "show", str(bad))
    assert result.exit_code == 2
    assert f"bad.leaves:{first_body + 1}" in result.output and f"bad.leaves:{first_body + 2}" in result.output
    result = cli("leaves", "import", str(bad), "-r", "webfeud", "-o", str(tmp_path / "x.leaves"))
    assert result.exit_code == 2 and "KLV" in result.output and "Traceback" not in result.output
