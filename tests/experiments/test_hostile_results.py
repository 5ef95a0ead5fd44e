"""`report` on a results folder someone else made: crafted `_experiment.json` and batch files (issue 29).

Each case runs the real CLI in a subprocess on a folder written by the project's own writer, then
edited the way a careless or malicious sharer would. A refusal is exit 1 or 2 with one paragraph naming
the file, no traceback, the previous report intact, and the run stays under 300 MB and a few seconds.
"""

from __future__ import annotations

import json
import shutil
from html.parser import HTMLParser

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.experiments.hostile import BATCH, assert_refused, batch_id, make_results, manifest, run_measured

PREVIOUS = "<p>the previous report</p>\n"


def _edit(key_path, value):
    def edit(data: dict) -> dict:
        *parents, last = key_path
        node = data
        for key in parents:
            node = node[key]
        if value is KeyError:
            del node[last]
        else:
            node[last] = value
        return data
    return edit


MANIFEST_CASES = {
    "missing games_per_variant": (_edit(["games_per_variant"], KeyError), "games_per_variant: Field required"),
    "missing board": (_edit(["variants", 0, "board"], KeyError), "variants.0.board: Field required"),
    "string count": (_edit(["games_per_variant"], "4"), "games_per_variant: Input should be a valid integer"),
    "negative count": (_edit(["games_per_variant"], -4), "games_per_variant: Input should be greater than"),
    "bool count": (_edit(["games_per_variant"], True), "games_per_variant: Input should be a valid integer"),
    "huge board": (_edit(["variants", 0, "board", "rows"], 100_000), "variants.0.board.rows"),
    "negative board": (_edit(["variants", 1, "board", "cols"], -15), "variants.1.board.cols"),
    "string variants": (_edit(["variants"], ["two", "three"]), "variants.0: Input should be a valid dictionary"),
    "script in the seed": (_edit(["seed"], "<script>alert(1)</script>"), "seed: Input should be a valid integer"),
    "script in players": (_edit(["variants", 0, "players"], "<img src=x onerror=alert(1)>"),
                          "variants.0.players"),
    "premium off the board": (_edit(["variants", 0, "board", "premiums"], [[999, "TW"]]), "premiums"),
    "long name": (_edit(["variants", 0, "name"], "v" * 200_000), "variants.0.name"),
}


@pytest.fixture
def results(tmp_path):
    folder = make_results(tmp_path / "results")
    (tmp_path / "r.html").write_text(PREVIOUS, encoding="utf-8")
    return folder


def _manifest_path(folder):
    return folder / "_experiment.json"


@pytest.mark.parametrize("case", MANIFEST_CASES)
def test_a_crafted_manifest_is_refused_naming_the_field(results, tmp_path, case):
    edit, fragment = MANIFEST_CASES[case]
    path = _manifest_path(results)
    path.write_text(json.dumps(edit(json.loads(path.read_text()))), encoding="utf-8")
    code, peak, seconds, output = run_measured("report", results, "-o", "r.html", cwd=tmp_path)
    assert_refused(code, output, "_experiment.json", fragment)
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == PREVIOUS
    assert peak < 300 and seconds < 30, (peak, seconds)


@pytest.mark.parametrize("text, fragment", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "lexicon-tools-sweep/1", "seed": ' + "7" * 5000 + "}", "not valid JSON"),
    ("\xff\xfe garbage", "not UTF-8"),
])
def test_an_unreadable_manifest_is_refused(results, tmp_path, text, fragment):
    _manifest_path(results).write_bytes(text.encode("latin-1"))
    code, peak, _seconds, output = run_measured("report", results, "-o", "r.html", cwd=tmp_path)
    assert_refused(code, output, "_experiment.json", fragment)
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == PREVIOUS and peak < 300


class Scripts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.handlers, self.csp = [], [], None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.handlers += [name for name, _ in attrs if name.startswith("on")]
        attrs = dict(attrs)
        if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy":
            self.csp = attrs["content"]


def test_names_are_plain_text_in_pictures_and_escaped_in_the_page(tmp_path):
    """`$\\x$` would crash matplotlib's math text; markup in a name must not become markup in the page."""
    names = ("$\\x$", "<script>alert(1)</script>", "a'onmouseover='alert(1)")
    folder = make_results(tmp_path / "results", names)
    code, peak, _seconds, output = run_measured("report", folder, "-o", "r.html", cwd=tmp_path)
    assert code == 0, output
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    parsed = Scripts()
    parsed.feed(page)
    assert "script" not in parsed.tags and parsed.handlers == []
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "$\\x$" in page
    assert parsed.csp is not None and "default-src 'none'" in parsed.csp and "script-src 'none'" in parsed.csp
    assert peak < 300


def _rewrite(path, change):
    """Rewrite one batch file through pyarrow, keeping its metadata unless `change` replaces it."""
    table = pq.read_table(path)
    table = change(table)
    pq.write_table(table, path)


def _set_column(name, value):
    def change(table):
        index = table.schema.get_field_index(name)
        return table.set_column(index, table.schema.field(index), pa.array([value] * table.num_rows,
                                                                           table.schema.field(index).type))
    return change


def _copy_under_another_name(folder):
    source = folder / f"{batch_id('two', 0)}.parquet"
    shutil.copy(source, folder / "copy.parquet")
    return "copy.parquet"


def _extra_batch_of_another_sweep(folder):
    """A whole batch whose id and rows agree, but from a sweep with another fingerprint."""
    from tests.experiments.hostile import columns

    from lexicon_tools.experiments.results import write_batch

    write_batch(folder, "f" * 24, dict(columns("two", 0, BATCH), batch=["f" * 24] * BATCH), "cd" * 32)
    return "f" * 24


def _renamed_row_batch(folder):
    name = f"{batch_id('two', 0)}.parquet"
    _rewrite(folder / name, lambda t: t.replace_schema_metadata(None))
    _rewrite(folder / name, _set_column("batch", "0" * 24))
    return name


def _scores_per_seat(folder):
    name = f"{batch_id('three', BATCH)}.parquet"
    _rewrite(folder / name, _set_column("scores", [1, 2, 3]))
    return name


def _square_off_board(folder):
    name = f"{batch_id('two', BATCH)}.parquet"
    _rewrite(folder / name, _set_column("premium_squares", [-1]))
    return name


def _games_not_a_batch(folder):
    name = f"{batch_id('three', 0)}.parquet"
    _rewrite(folder / name, _set_column("game", 3))
    return name


@pytest.mark.parametrize("craft", [_copy_under_another_name, _extra_batch_of_another_sweep, _renamed_row_batch,
                                   _scores_per_seat, _square_off_board, _games_not_a_batch])
def test_a_batch_file_is_checked_by_what_it_holds_not_its_name(results, tmp_path, craft):
    """A copied or extra batch file used to be counted: "5 of 4 planned games"."""
    name = craft(results)
    code, peak, _seconds, output = run_measured("report", results, "-o", "r.html", cwd=tmp_path)
    assert_refused(code, output, name)
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == PREVIOUS and peak < 300
