"""Board geometry (centre, rings, quadrants) and symmetry classification and orbits."""

from __future__ import annotations

from collections import Counter

import pytest

from lexicon_tools.board import geometry
from lexicon_tools.board.symmetry import classify_symmetry, orbits
from lexicon_tools.io.formats.layouts import load_layout
from lexicon_tools.model.layout import Layout, parse_square

from .helpers import LAYOUTS, layout_from_rows


@pytest.mark.parametrize("rows,cols,centre", [
    (15, 15, ["H8"]),
    (16, 16, ["H8", "I8", "H9", "I9"]),
    (5, 4, ["B3", "C3"]),
    (2, 2, ["A1", "B1", "A2", "B2"]),
])
def test_centre_block(rows, cols, centre):
    assert sorted(geometry.centre_block(rows, cols)) == sorted(parse_square(n) for n in centre)


@pytest.mark.parametrize("rows,cols,square,ring", [
    (15, 15, "H8", 0), (15, 15, "A1", 7), (15, 15, "H1", 7), (15, 15, "G7", 1), (15, 15, "E5", 3),
    (16, 16, "I9", 0), (16, 16, "G8", 1), (16, 16, "A1", 7), (16, 16, "P16", 7), (16, 16, "D4", 4),
])
def test_ring_is_the_king_distance_from_the_centre_block(rows, cols, square, ring):
    assert geometry.ring(rows, cols, parse_square(square)) == ring


def test_rings_partition_the_board_into_square_frames():
    sizes = Counter(geometry.ring(16, 16, sq) for sq in geometry.squares(16, 16))
    # ring k of a 16x16 board is the frame between a (2k+2)- and a 2k-sided square
    assert sizes == {k: (2 * k + 2) ** 2 - (2 * k) ** 2 for k in range(8)}


@pytest.mark.parametrize("square,quadrant", [("A1", "NW"), ("P1", "NE"), ("A16", "SW"), ("P16", "SE"),
                                             ("H8", "NW"), ("I9", "SE")])
def test_quadrants_of_an_even_board(square, quadrant):
    assert geometry.quadrant(16, 16, parse_square(square)) == quadrant


def test_middle_lines_of_an_odd_board_belong_to_no_quadrant():
    assert geometry.quadrant(15, 15, parse_square("H3")) is None
    assert geometry.quadrant(15, 15, parse_square("C8")) is None
    assert geometry.quadrant(15, 15, parse_square("G7")) == "NW"


@pytest.mark.parametrize("path", LAYOUTS)
def test_bundled_layouts_are_d4_symmetric(path):
    symmetry = classify_symmetry(load_layout(path))
    assert symmetry.name == "d4"
    assert all(symmetry.satisfies(c) for c in ("none", "mirror", "rot180", "d4"))


@pytest.mark.parametrize("rows,name,labels", [
    # left-right mirror only
    (["=..=", "-...", "....", "'..."], "none", {"none"}),
    (["=..=", "-..-", "....", ".*.."], "mirror", {"none", "mirror"}),
    # the half turn and the main-diagonal reflection
    (["=...", "..-.", ".-..", "...="], "mirror+rot180", {"none", "mirror", "rot180"}),
    # the half turn only
    (["=-..", "....", "....", "..-="], "rot180", {"none", "rot180"}),
    # all eight
    (["=..=", "....", "....", "=..="], "d4", {"none", "mirror", "rot180", "d4"}),
])
def test_symmetry_classes(rows, name, labels):
    symmetry = classify_symmetry(layout_from_rows(rows, start=()))
    assert symmetry.name == name
    assert symmetry.labels == labels


def test_start_squares_count_for_symmetry():
    symmetric = layout_from_rows(["=..=", "....", "....", "=..="], start=("B2", "C2", "B3", "C3"))
    lopsided = layout_from_rows(["=..=", "....", "....", "=..="], start=("B2",))
    assert classify_symmetry(symmetric).name == "d4"
    assert classify_symmetry(lopsided).name == "mirror"  # only the main-diagonal reflection keeps B2


def test_rectangular_board_is_never_d4():
    layout = Layout(4, 6, {(0, 0): "TW", (0, 5): "TW", (3, 0): "TW", (3, 5): "TW"}, ())
    symmetry = classify_symmetry(layout)
    assert symmetry.name == "mirror+rot180"
    assert not symmetry.satisfies("d4")


@pytest.mark.parametrize("n,symmetry,expected_sizes", [
    # 16x16 d4: the two diagonals hold 32 squares in orbits of 4, the other 224 squares orbits of 8
    (16, "d4", {4: 8, 8: 28}),
    # 15x15 d4: centre alone; diagonals and middle lines (4 arms of 7 squares each, x2) in 4s; rest in 8s
    (15, "d4", {1: 1, 4: 14, 8: 21}),
    (16, "rot180", {2: 128}),
    (15, "rot180", {1: 1, 2: 112}),
    (15, "mirror", {1: 15, 2: 105}),
    (4, "none", {1: 16}),
])
def test_orbit_sizes(n, symmetry, expected_sizes):
    found = orbits(n, n, symmetry)
    assert Counter(len(o) for o in found) == expected_sizes
    assert sorted(sq for o in found for sq in o) == sorted(geometry.squares(n, n))  # a partition


def test_d4_orbits_need_a_square_board():
    with pytest.raises(ValueError, match="square board"):
        orbits(15, 16, "d4")
