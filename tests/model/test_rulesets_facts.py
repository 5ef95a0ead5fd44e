"""The key facts of each game, pinned against the seeds (parametrised rules table)."""

from __future__ import annotations

import pytest

from lexicon_tools.io.formats.rulesets import load_ruleset

# name, board size, premium counts (TW, DW, TL, DL), tile total, blanks, bingo, rack
FACTS = [
    ("smartfeud", 16, None, 119, 2, {7: 30, 8: 50}, 7),
    ("webfeud", 15, (8, 12, 20, 24), 102, 2, {7: 40}, 7),
    ("webfeud-en", 15, (8, 12, 20, 24), 104, 2, {7: 40}, 7),
    ("wortspieler", 16, None, 120, 2, {7: 25}, 7),
]


@pytest.mark.parametrize("name,size,counts,total,blanks,bingo,rack", FACTS)
def test_key_facts(name, size, counts, total, blanks, bingo, rack):
    rs = load_ruleset(name)
    assert (rs.board.rows, rs.board.cols) == (size, size)
    assert (rs.layout.rows, rs.layout.cols) == (size, size)
    if counts:
        assert tuple(rs.layout.count(k) for k in ("TW", "DW", "TL", "DL")) == counts
    assert rs.tile_total() == total
    assert rs.tiles.blank.count == blanks
    assert rs.bingo == bingo
    assert rs.rack.size == rack


def test_smartfeud_has_exactly_56_premiums_and_a_plain_2x2_centre():
    rs = load_ruleset("smartfeud")
    assert rs.layout.count() == 56
    assert set(rs.layout.start) == {(7, 7), (7, 8), (8, 7), (8, 8)}
    assert not set(rs.layout.start) & set(rs.layout.premiums)


@pytest.mark.parametrize("name", ["smartfeud", "wortspieler"])
def test_designed_layouts_are_d4_symmetric(name):
    layout = load_ruleset(name).layout
    n = layout.rows
    for (r, c), kind in layout.premiums.items():
        for image in ((c, r), (n - 1 - r, c), (r, n - 1 - c)):
            assert layout.premiums.get(image) == kind, (name, (r, c), image)


# SmartFeud values and counts straight from seed 000's table
SMARTFEUD_TABLE = {
    "A": (6, 1), "B": (2, 3), "C": (4, 4), "D": (6, 1), "E": (16, 1), "F": (3, 4), "G": (3, 2),
    "H": (5, 2), "I": (8, 1), "J": (1, 6), "K": (2, 4), "L": (4, 2), "M": (4, 3), "N": (10, 1),
    "O": (4, 2), "P": (1, 4), "Q": (1, 10), "R": (7, 1), "S": (8, 1), "T": (6, 1), "U": (6, 1),
    "V": (1, 6), "W": (2, 3), "X": (1, 8), "Y": (1, 10), "Z": (2, 3), "Ä": (1, 6), "Ö": (1, 8),
    "Ü": (1, 6),
}


def test_smartfeud_tile_table_matches_the_seed():
    rs = load_ruleset("smartfeud")
    assert {k: tuple(v) for k, v in rs.tiles.letters.items()} == SMARTFEUD_TABLE


@pytest.mark.parametrize("letter,count,value", [
    ("E", 14, 1), ("N", 9, 1), ("P", 1, 5), ("Ä", 1, 6), ("Ö", 1, 8), ("Q", 1, 10), ("C", 2, 4), ("W", 1, 3),
])
def test_webfeud_german_tiles(letter, count, value):
    assert tuple(load_ruleset("webfeud").tiles.letters[letter]) == (count, value)


@pytest.mark.parametrize("name,field,expected", [
    ("smartfeud", lambda rs: rs.special_moves.take_board_letter.enabled, True),
    ("smartfeud", lambda rs: rs.special_moves.take_board_letter.reactivates_premium, True),
    ("smartfeud", lambda rs: rs.rack.board_letter_slot and rs.rack.starting_player_extra_blank, True),
    ("smartfeud", lambda rs: rs.end.passes_in_a_row_lose, 3),
    ("smartfeud", lambda rs: rs.modes.time_limits.options, ["48h", "24h", "12h", "20m", "10m", "5m", "3m"]),
    ("smartfeud", lambda rs: rs.modes.time_limits.default, "48h"),
    ("smartfeud", lambda rs: rs.modes.professional_available, True),
    ("smartfeud", lambda rs: (rs.players.min, rs.players.max), (2, 4)),
    ("smartfeud", lambda rs: rs.tiles.blank.scores, "zero"),
    ("webfeud", lambda rs: (rs.players.min, rs.players.max), (2, 2)),
    ("webfeud", lambda rs: rs.end.rack_penalty and rs.end.credit_penalties_to, "last_placer"),
    ("webfeud", lambda rs: rs.turns.exchange.return_before_draw, True),
    ("webfeud", lambda rs: rs.end.consecutive_scoreless_turns, 3),
    ("webfeud", lambda rs: rs.layout.start, ((7, 7),)),
    ("webfeud", lambda rs: rs.tiles.blank.scores, "zero"),
    ("wortspieler", lambda rs: rs.placement.mode, "multi_word"),
    ("wortspieler", lambda rs: rs.tiles.blank.scores, "represented_letter"),
    ("wortspieler", lambda rs: rs.special_moves.joker_swap.enabled, True),
    ("wortspieler", lambda rs: rs.word_policy.kind, "nominative_singular_nouns"),
    ("wortspieler", lambda rs: (rs.board.first_move, rs.board.first_move_min_starts), ("cross_starts", 2)),
    ("wortspieler", lambda rs: rs.turns.exchange.only_when_skipping, True),
    ("wortspieler", lambda rs: rs.special_moves.take_board_letter.enabled, False),
    ("webfeud", lambda rs: rs.word_policy.kind, "all_forms"),
])
def test_rules_as_data(name, field, expected):
    assert field(load_ruleset(name)) == expected


def test_alphabet_has_umlauts_as_tiles_and_normalises_sharp_s_and_accents():
    alphabet = load_ruleset("wortspieler").make_alphabet()
    assert {"Ä", "Ö", "Ü"} <= set(alphabet.letters)
    assert alphabet.normalize("Straße") == "STRASSE"
    assert alphabet.normalize("Café") == "CAFE"
    assert alphabet.normalize("Mädchen") == "MÄDCHEN"
    assert not alphabet.is_tileable(alphabet.normalize("E-Mail"))
