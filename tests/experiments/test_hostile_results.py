"""`report` on a results folder someone else made: crafted `_experiment.json` and batch files (issue 29).

Each case is a folder written by the project's own writer, then edited the way a careless or malicious
sharer would; one real CLI process in a subprocess answers them all (`hostile.answer_all`). A refusal is
exit 1 or 2 with one paragraph naming the file, no traceback, the previous report intact, within 5 s,
and the process stays under 300 MB.
"""

from __future__ import annotations

import json
import shutil
from html.parser import HTMLParser

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.experiments.hostile import BATCH, answer_all, assert_refused, batch_id, make_results, run_measured

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


UNREADABLE = {
    "deep JSON": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "5,000-digit number": ('{"format": "lexicon-tools-sweep/1", "seed": ' + "7" * 5000 + "}", "not valid JSON"),
    "not UTF-8": ("\xff\xfe garbage", "not UTF-8"),
}


def _manifest_path(folder):
    return folder / "_experiment.json"


@pytest.fixture(scope="module")
def answered(tmp_path_factory):
    """Every crafted folder of this module, answered by one real CLI process: {case: (answer, report file)}."""
    base = tmp_path_factory.mktemp("hostile")
    pristine = make_results(base / "pristine")
    folders = {}
    for case, (edit, _fragment) in MANIFEST_CASES.items():
        folder = folders[case] = base / f"m{len(folders)}"
        shutil.copytree(pristine, folder)
        path = _manifest_path(folder)
        path.write_text(json.dumps(edit(json.loads(path.read_text()))), encoding="utf-8")
    for case, (text, _fragment) in UNREADABLE.items():
        folder = folders[case] = base / f"m{len(folders)}"
        shutil.copytree(pristine, folder)
        _manifest_path(folder).write_bytes(text.encode("latin-1"))
    for craft in BATCH_CASES:
        folder = folders[craft.__name__] = base / f"m{len(folders)}"
        shutil.copytree(pristine, folder)
        NAMED[craft.__name__] = craft(folder)
    for folder in folders.values():
        folder.with_suffix(".html").write_text(PREVIOUS, encoding="utf-8")
    answers, peak = answer_all([["report", f, "-o", f.with_suffix(".html")] for f in folders.values()], base)
    assert peak < 300, peak
    return {case: (a, folder.with_suffix(".html")) for (case, folder), a in zip(folders.items(), answers)}


def _check(answered, case: str, *fragments: str) -> None:
    answer, report = answered[case]
    assert_refused(answer["code"], answer["output"], *fragments)
    assert answer["seconds"] < 5, answer
    assert report.read_text(encoding="utf-8") == PREVIOUS


@pytest.mark.parametrize("case", MANIFEST_CASES)
def test_a_crafted_manifest_is_refused_naming_the_field(answered, case):
    _check(answered, case, "_experiment.json", MANIFEST_CASES[case][1])


@pytest.mark.parametrize("case", UNREADABLE)
def test_an_unreadable_manifest_is_refused(answered, case):
    _check(answered, case, "_experiment.json", UNREADABLE[case][1])


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


NAMED: dict[str, str] = {}      # case -> the file it crafted
BATCH_CASES = (_copy_under_another_name, _extra_batch_of_another_sweep, _renamed_row_batch, _scores_per_seat,
               _square_off_board, _games_not_a_batch)


@pytest.mark.parametrize("craft", [c.__name__ for c in BATCH_CASES])
def test_a_batch_file_is_checked_by_what_it_holds_not_its_name(answered, craft):
    """A copied or extra batch file used to be counted: "5 of 4 planned games"."""
    _check(answered, craft, NAMED[craft])
