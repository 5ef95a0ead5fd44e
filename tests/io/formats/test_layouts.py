"""Layout files on disk: both YAML forms, macondo row strings, lossless conversion, located problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexicon_tools.errors import InputFileError, LayoutError, UsageError
from lexicon_tools.io.formats.layouts import (
    check_layout_argument,
    format_macondo,
    layout_text,
    load_layout,
    open_layout_argument,
    parse_macondo,
    read_layout,
    write_layout,
)
from lexicon_tools.model.layout import parse_square

ROOT = Path(__file__).resolve().parents[3]
LAYOUTS = sorted((ROOT / "rulesets" / "layouts").glob("*.yaml"))

# macondo's standard CrosswordGame board (board/layouts.go): the classic 15x15 Scrabble layout
MACONDO_CROSSWORD_GAME = [
    "=  '   =   '  =",
    " -   \"   \"   - ",
    "  -   ' '   -  ",
    "'  -   '   -  '",
    "    -     -    ",
    " \"   \"   \"   \" ",
    "  '   ' '   '  ",
    "=  '   -   '  =",
    "  '   ' '   '  ",
    " \"   \"   \"   \" ",
    "    -     -    ",
    "'  -   '   -  '",
    "  -   ' '   -  ",
    " -   \"   \"   - ",
    "=  '   =   '  =",
]


def same_layout(a, b) -> bool:
    return (a == b and a.colours == b.colours and a.name == b.name)


@pytest.mark.parametrize("path", LAYOUTS)
@pytest.mark.parametrize("form,suffix", [("rows", ".yaml"), ("coordinates", ".yaml"), ("macondo", ".txt")])
def test_every_form_round_trips_losslessly(path, form, suffix, tmp_path):
    original = load_layout(path)
    out = tmp_path / f"copy{suffix}"
    write_layout(original, out, form)
    again = load_layout(out)
    assert same_layout(again, original)
    # and back again through another form: the text is stable
    write_layout(again, tmp_path / f"again{suffix}", form)
    assert (tmp_path / f"again{suffix}").read_text() == out.read_text()


def test_rows_and_coordinates_forms_convert_into_each_other(tmp_path):
    wordfeud = load_layout(ROOT / "rulesets/layouts/wordfeud-15.yaml")  # stored as coordinates
    write_layout(wordfeud, tmp_path / "rows.yaml", "rows")
    text = (tmp_path / "rows.yaml").read_text()
    assert "rows:" in text and "premiums:" not in text
    assert same_layout(load_layout(tmp_path / "rows.yaml"), wordfeud)
    smartfeud = load_layout(ROOT / "rulesets/layouts/smartfeud-16.yaml")  # stored as rows
    write_layout(smartfeud, tmp_path / "coords.yaml", "coordinates")
    assert "premiums:" in (tmp_path / "coords.yaml").read_text()
    assert same_layout(load_layout(tmp_path / "coords.yaml"), smartfeud)


def test_start_square_with_a_premium_survives_every_form(tmp_path):
    layout = parse_macondo("\n".join(f"`{row}`," for row in MACONDO_CROSSWORD_GAME))[0]
    assert layout.premiums[parse_square("H8")] == "DW" and layout.start == (parse_square("H8"),)
    for form, name in (("rows", "a.yaml"), ("coordinates", "b.yaml"), ("macondo", "c.txt")):
        write_layout(layout, tmp_path / name, form)
        assert load_layout(tmp_path / name) == layout


def test_macondo_standard_board_has_the_classic_scrabble_counts():
    layout, problems = parse_macondo("\n".join(f"\t\t`{row}`," for row in MACONDO_CROSSWORD_GAME), "cg.txt")
    assert problems == []
    assert (layout.rows, layout.cols) == (15, 15)
    # Scrabble: 8 TW, 17 DW (with the centre star), 12 TL, 24 DL
    assert {k: layout.count(k) for k in ("TW", "DW", "TL", "DL")} == {"TW": 8, "DW": 17, "TL": 12, "DL": 24}


def test_bare_macondo_rows_with_trimmed_trailing_spaces_are_padded():
    bare = "\n".join(row.rstrip() for row in MACONDO_CROSSWORD_GAME) + "\n\n"
    layout, problems = parse_macondo(bare)
    quoted, _ = parse_macondo("\n".join(f"`{row}`" for row in MACONDO_CROSSWORD_GAME))
    assert problems == [] and layout == quoted


def test_macondo_export_is_go_pasteable_rows_with_header_comments():
    wordfeud = load_layout(ROOT / "rulesets/layouts/wordfeud-15.yaml")
    lines = format_macondo(wordfeud).splitlines()
    assert lines[0] == "# name: wordfeud-15"
    assert "# start: H8" in lines
    rows = [line for line in lines if line.startswith("`")]
    assert len(rows) == 15 and all(line.endswith("`,") and len(line) == 15 + 3 for line in rows)
    assert rows[0] == "`\"   =  '  =   \"`,"  # A1 TL, E1 TW, H1 DL, K1 TW, O1 TL


def test_macondo_quadruple_premiums_and_bad_lines_are_located(tmp_path):
    path = tmp_path / "super.txt"
    path.write_text("# name: super\n`~  '`,\n`  ^ `,\nnot a row\n`=   `,\n", encoding="utf-8")
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    messages = [str(p) for p in info.value.problems]
    assert any(m.startswith(f"{path}:2") and "quadruple-word" in m for m in messages)
    assert any(m.startswith(f"{path}:3") and "quadruple-letter" in m for m in messages)
    assert any(m.startswith(f"{path}:4") and "backticks" in m for m in messages)


def test_macondo_header_comments_are_checked():
    text = "# start: Z99, H8\n# colours: TW=red, XX=blue\n`=  `,\n`  =`,\n"
    _layout, problems = parse_macondo(text, "h.txt")
    messages = [str(p) for p in problems]
    assert any("h.txt:1" in m and "Z99 lies off the 2x3 board" in m for m in messages)
    assert any("h.txt:2" in m and "'XX=blue'" in m for m in messages)


def test_yaml_rows_problems_are_all_located(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text('name: bad\nrows:\n  - "=..="\n  - "..x"\n  - "~..."\nlegend: {"x": QW}\nmore: 1\n',
                    encoding="utf-8")
    layout, problems = read_layout(path)
    text = "\n".join(str(p) for p in problems)
    assert f"{path}:4 [rows.1]: row 2 has 3 squares, the first row has 4" in text
    assert f"{path}:5 [rows.2]" in text and "quadruple-word" in text
    assert "[legend.x]: legend kind 'QW'" in text
    assert f"{path}:7 [more]: unknown key 'more'" in text
    assert layout.count("TW") == 2  # lenient: what could be read is there
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    assert len(info.value.problems) == len(problems)


def test_coordinate_problems_keep_their_documented_messages(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("size: [15, 15]\npremiums:\n  TW: [A1, P1]\n  DW: [C3, C3, 7]\n  XX: [A2]\nstart: [H8]\n",
                    encoding="utf-8")
    text = "\n".join(str(p) for p in read_layout(path)[1])
    assert f"{path}:3 [premiums.TW.1]: TW square P1 lies off the 15x15 board" in text
    assert f"{path}:4 [premiums.DW.1]: square C3 is listed twice (DW and DW)" in text
    assert "[premiums.DW.2]: not a square name: '7'" in text
    assert f"{path}:5 [premiums.XX]" in text


@pytest.mark.parametrize("content,fragment", [
    ("- a\n- b\n", "must be a mapping"),
    ("rows: [\n", "invalid YAML"),
])
def test_unusable_files_raise(tmp_path, content, fragment):
    path = tmp_path / "x.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises((LayoutError, InputFileError), match=fragment):
        load_layout(path)


def test_missing_files_raise_input_file_errors(tmp_path):
    with pytest.raises(InputFileError, match="no such file"):
        load_layout(tmp_path / "nope.txt")
    with pytest.raises(InputFileError, match="no such file"):
        open_layout_argument(str(tmp_path / "nope.yaml"))


def test_layout_argument_resolves_layouts_rulesets_and_names():
    by_name = open_layout_argument("webfeud")
    assert by_name.ruleset is not None and by_name.layout.name == "wordfeud-15"
    by_path = open_layout_argument(str(ROOT / "rulesets/house-rules/wortspieler-familie.yaml"))
    assert by_path.ruleset.name == "wortspieler-familie"
    plain = open_layout_argument(str(ROOT / "rulesets/layouts/smartfeud-16.yaml"))
    assert plain.ruleset is None and plain.layout.count() == 56
    with pytest.raises(UsageError, match="neither a file nor a bundled ruleset"):
        open_layout_argument("scrabble")


def test_ruleset_rules_apply_when_checking_a_ruleset(tmp_path):
    assert check_layout_argument("smartfeud").ok
    # the same layout file checked as a plain layout does not know the ruleset's 56
    report = check_layout_argument(str(ROOT / "rulesets/layouts/wordfeud-15.yaml"), {"total": 56})
    assert [p.field for p in report.problems] == ["premiums"]
    # a ruleset that allows premiums on start squares lets the macondo board's DW centre pass
    macondo = tmp_path / "cg.txt"
    macondo.write_text("\n".join(f"`{row}`," for row in MACONDO_CROSSWORD_GAME), encoding="utf-8")
    assert not check_layout_argument(str(macondo)).ok
    assert check_layout_argument(str(macondo), {"premiums_on_start_allowed": True}).ok


def test_text_forms_and_comments(tmp_path):
    layout = load_layout(ROOT / "rulesets/layouts/smartfeud-16.yaml")
    text = layout_text(layout, "rows", comment="made by a test\nsecond line")
    assert text.startswith("# made by a test\n# second line\nname: smartfeud-16\n")
    with pytest.raises(LayoutError, match="unknown layout form"):
        layout_text(layout, "json")
