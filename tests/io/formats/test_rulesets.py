"""Loading, inheritance and located validation of rulesets (real YAML files on disk)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexicon_tools.errors import InputFileError, LexiconToolsError, RulesetError, UsageError
from lexicon_tools.io.formats.rulesets import deep_merge, list_rulesets, load_ruleset

BROKEN = Path(__file__).parent / "broken_rulesets"
BUNDLED = ["smartfeud", "webfeud", "webfeud-en", "wortspieler"]


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_rulesets_validate(name):
    rs = load_ruleset(name)
    assert rs.name == name
    assert rs.layout is not None
    assert rs.tile_total() == rs.tiles.total


def test_list_names_every_bundled_ruleset():
    assert sorted(name for name, _, _ in list_rulesets()) == sorted(BUNDLED)


def test_house_rules_example_overrides_and_keeps_the_rest():
    base = load_ruleset("wortspieler")
    house = load_ruleset(Path(__file__).parents[3] / "rulesets/house-rules/wortspieler-familie.yaml")
    assert house.bingo == {7: 40} and base.bingo == {7: 25}
    assert house.word_policy.allow_plurals is True
    assert house.word_policy.excluded_registers == ["colloquial"]
    assert house.board.random_board.enabled and house.board.random_board.symmetry == "d4"
    # untouched fields come from the base
    assert house.tiles == base.tiles
    assert house.word_policy.allow_plurale_tantum == base.word_policy.allow_plurale_tantum


def test_deep_merge_merges_mappings_and_replaces_lists_and_marked_mappings():
    base = {"a": {"x": 1, "y": [1, 2]}, "b": {"k": 1, "l": 2}}
    over = {"a": {"y": [3]}, "b": {"$replace": True, "m": 3}}
    assert deep_merge(base, over) == {"a": {"x": 1, "y": [3]}, "b": {"m": 3}}


def _problems(path: Path) -> list[str]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    return [str(p) for p in info.value.problems]


def test_unknown_key_is_located():
    problems = _problems(BROKEN / "unknown_key.yaml")
    assert problems == [f"{BROKEN / 'unknown_key.yaml'}:5 [rack.sise]: "
                        "unknown key 'sise'; check the spelling against the documented fields"]


def test_wrong_tile_total_is_located():
    (problem,) = _problems(BROKEN / "wrong_total.yaml")
    assert "wrong_total.yaml:4 [tiles.total]" in problem
    assert "tile counts sum to 102, but total says 100" in problem


def test_premium_off_the_board_and_duplicate_square_are_located():
    problems = _problems(BROKEN / "off_board.yaml")
    assert any("off_board_layout.yaml:4 [premiums.TW.1]" in p and "P1 lies off the 15x15 board" in p
               for p in problems)
    assert any("off_board_layout.yaml:5 [premiums.DW.1]" in p and "listed twice" in p for p in problems)


def test_bad_extends_names_the_line_and_the_known_rulesets():
    with pytest.raises(RulesetError) as info:
        load_ruleset(BROKEN / "bad_extends.yaml")
    assert "bad_extends.yaml:1 [extends]" in info.value.message
    assert "wortspieler-classic" in info.value.message
    assert "wortspieler" in info.value.hint


def test_invalid_yaml_names_the_line():
    with pytest.raises(InputFileError) as info:
        load_ruleset(BROKEN / "invalid_yaml.yaml")
    assert "invalid_yaml.yaml:5: invalid YAML" in info.value.message


def test_extends_cycle_is_an_error():
    with pytest.raises(RulesetError, match="cycle"):
        load_ruleset(BROKEN / "cycle_a.yaml")


def test_every_problem_is_reported_together():
    problems = _problems(BROKEN / "many_problems.yaml")
    text = "\n".join(problems)
    assert "unknown key 'sise'" in text  # schema and cross-field problems together
    assert "min players 5 exceeds max players 4" in text
    assert "tile 'ß' is not in the alphabet" in text
    assert "tile counts sum to 120, but total says 119" in text
    assert "a bonus for 12 own tiles can never be earned" in text
    assert "max length 30 is longer than the board (16)" in text
    assert len(problems) >= 5


def test_wrong_types_are_reported_per_field():
    problems = _problems(BROKEN / "wrong_type.yaml")
    assert any("wrong_type.yaml:4 [rack.size]" in p for p in problems)
    assert any("wrong_type.yaml:6 [placement.mode]" in p for p in problems)


def test_unknown_name_lists_the_bundled_rulesets():
    with pytest.raises(UsageError) as info:
        load_ruleset("scrabble")
    assert "smartfeud" in info.value.hint and "wortspieler" in info.value.hint


def test_missing_file_is_a_usage_error(tmp_path):
    with pytest.raises(LexiconToolsError, match="does not exist"):
        load_ruleset(tmp_path / "nope.yaml")


def test_non_mapping_document_is_rejected(tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="must be a YAML mapping"):
        load_ruleset(path)


def test_yaml_tags_that_build_objects_are_refused(tmp_path):
    path = tmp_path / "evil.yaml"
    path.write_text("name: !!python/object/apply:os.system ['echo pwned']\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="invalid YAML"):
        load_ruleset(path)


def test_house_rules_from_a_user_directory_extend_a_bundled_ruleset(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("extends: webfeud\nname: mine\ntitle: Mine\nbingo: {7: 50}\n", encoding="utf-8")
    rs = load_ruleset(path)
    assert rs.bingo == {7: 50}
    assert rs.layout.count() == 64  # layout path resolved against webfeud.yaml, not the user dir


@pytest.mark.parametrize("yaml_text,message", [
    ("end:\n  scoreless_kinds: [exchange]\n", "'pass' is missing, so a game in which nobody can lay a word"),
    ("turns:\n  pass_allowed: false\nend:\n  scoreless_kinds: [pass]\n", "'exchange' is missing"),
    ("bingo_with_board_letter:\n  7: 50\n", "needs special_moves.take_board_letter.enabled"),
    ("bingo_with_board_letter:\n  9: 50\nspecial_moves:\n  take_board_letter:\n    enabled: true\n",
     "a bonus for 9 own tiles plus the board letter can never be earned"),
])
def test_issue_10_fields_are_checked_against_each_other(tmp_path, yaml_text, message):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: webfeud\nname: house\n{yaml_text}", encoding="utf-8")
    with pytest.raises(LexiconToolsError) as info:
        load_ruleset(path)
    text = str(info.value.message) + "\n".join(str(p) for p in getattr(info.value, "problems", []))
    assert message in text and "house.yaml" in text


def test_the_house_rule_files_for_the_other_readings_load():
    folder = Path(__file__).parents[3] / "rulesets/house-rules"
    assert load_ruleset(folder / "smartfeud-starter-blank-from-bag.yaml").rack.extra_blank_source == "bag"
    assert load_ruleset(folder / "wortspieler-fuenf-joker.yaml").tiles.blank.count == 5
    # issue 27: one file per other reading of the rule texts
    assert load_ruleset(folder / "smartfeud-bonus-durch-brett.yaml").bingo_with_board_letter_counts == "through"
    assert load_ruleset(folder / "smartfeud-nur-pas.yaml").end.passes_in_a_row_kinds == ["pass"]
    assert load_ruleset(folder / "webfeud-gutschrift-alle.yaml").end.credit_penalties_to == "last_placer_all"
    assert load_ruleset(folder / "wortspieler-jedes-wort.yaml").placement.lines_must_touch == "each_word"


# issue 27: a feature switched off switches off what the base set up for it (one warning per feature),
# but never what the house rules set themselves
DEPENDANT_CASES = [
    # (base, house rules, resolved fields, warnings)
    ("smartfeud", "special_moves: {take_board_letter: {enabled: false}}\n",
     {"bingo_with_board_letter": {}, "rack.board_letter_slot": False, "bingo": {7: 30, 8: 50}}, 1),
    ("smartfeud", "special_moves: {take_board_letter: {enabled: false}}\nbingo_with_board_letter_counts: through\n",
     {"bingo_with_board_letter": {7: 50}, "rack.board_letter_slot": False}, 1),   # 'through' needs no take
    ("smartfeud", "special_moves: {take_board_letter: {enabled: false}}\nrack: {board_letter_slot: true}\n"
     "bingo_with_board_letter: {$replace: true}\n", {"rack.board_letter_slot": True}, 0),
    ("smartfeud", "modes: {professional: true}\n", {"modes.professional": True}, 0),
    ("smartfeud", "modes: {professional_available: false}\n", {"modes.professional": False}, 0),  # was off
    ("webfeud", "special_moves: {take_board_letter: {enabled: false}}\n", {"bingo_with_board_letter": {}}, 0),
]


@pytest.mark.parametrize("base,house,fields,warnings", DEPENDANT_CASES)
def test_switching_a_feature_off_switches_off_its_dependants(tmp_path, base, house, fields, warnings):
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: {base}\nname: house\n{house}", encoding="utf-8")
    rs = load_ruleset(path)
    for dotted, value in fields.items():
        got = rs
        for part in dotted.split("."):
            got = getattr(got, part)
        assert got == value, dotted
    assert len(rs.warnings) == warnings
    assert all(w.startswith(f"{path}:3 [special_moves.take_board_letter.enabled]") for w in rs.warnings)


def test_professional_mode_goes_when_its_availability_does(tmp_path):
    base = tmp_path / "pro.yaml"
    base.write_text("extends: smartfeud\nname: pro\nmodes: {professional: true}\n", encoding="utf-8")
    house = tmp_path / "house.yaml"
    house.write_text("extends: pro.yaml\nname: house\nmodes: {professional_available: false}\n", encoding="utf-8")
    rs = load_ruleset(house)
    assert rs.modes.professional is False
    assert rs.warnings == (f"{house}:3 [modes.professional_available]: false also turns off what needs it: "
                           "modes.professional (was True); set those fields in this file to keep another value",)
