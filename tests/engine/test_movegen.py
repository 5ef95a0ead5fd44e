"""The GADDAG generator against golden files written by the brute-force oracle, against
the oracle itself on random positions, and against the independent pure-Python generator
(bench/movegen_pure.py) on full-size Webfeud boards; every generated move is legal with the same score."""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import lzma
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lexicon_tools.engine.board import ACROSS, DOWN
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.judge import KwgJudge
from lexicon_tools.engine.moves import Pass
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.notation import format_place, parse_place
from lexicon_tools.engine.placement import evaluate_place
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.tiles import RACK_BLANK
from lexicon_tools.io.formats.rulesets import load_ruleset
from lexicon_tools.lexicon.kwg import build_kwg
from lexicon_tools.resources import corpora_dir
from tests.engine.bruteforce import brute_moves
from tests.engine.conftest import WORDS, kwg_judge, position, small_rules
from tests.engine.positions import POSITIONS, brute_force_moves, golden_lines, read_golden, words_of


def generated(game, judge) -> dict:
    gen = MoveGenerator(game.rules, judge.kwg.nodes, judge)
    moves = gen.generate(game.board, game.player.rack)
    return {moves.move(i): moves.score(i) for i in range(len(moves))}


def _setup(name):
    game_name, rows, rack = POSITIONS[name]
    rules = small_rules(game_name)
    judge = kwg_judge(rules, words_of(name))
    return position(rules, judge, rows, {0: rack}), judge


@pytest.mark.parametrize("name", [n for n in POSITIONS if not n.startswith("wortspieler")])
def test_gaddag_moves_equal_the_golden_file(name):
    game, judge = _setup(name)
    moves = generated(game, judge)
    assert len(moves) == len(read_golden(name))
    assert golden_lines({format_place(game.rules, game.board, m, game.text): s for m, s in moves.items()}) \
        == read_golden(name)


@pytest.mark.parametrize("name", [n for n in POSITIONS if n.startswith("wortspieler")])
def test_single_line_part_of_multi_word_generation_equals_the_golden_file(name):
    game, judge = _setup(name)
    gen = MoveGenerator(game.rules, judge.kwg.nodes, judge)
    moves = gen.generate(game.board, game.player.rack)
    singles = {format_place(game.rules, game.board, moves.move(i), game.text): moves.score(i)
               for i in range(len(moves)) if len(moves.move(i).lines) == 1}
    assert golden_lines(singles) == read_golden(name)


@pytest.mark.parametrize("name", POSITIONS)
def test_golden_files_are_what_the_brute_force_oracle_finds(name):
    assert golden_lines(brute_force_moves(name)) == read_golden(name)


def test_golden_files_cover_the_special_moves():
    assert any(line.startswith("take:") for line in read_golden("smartfeud-take"))
    assert any(line.startswith("swap:") for line in read_golden("wortspieler-swap"))
    assert any(line.split()[1] != line.split()[1].upper() for line in read_golden("webfeud-mid"))  # blanks


def _golden_moves(name):
    """(move, formed words, game) of every move in a golden file: parsed and evaluated by the rules
    engine on the position, so these checks do not depend on the generator under test."""
    game, judge = _setup(name)
    out = []
    for line in read_golden(name):
        notation = line.rsplit(" ", 1)[0]
        move = parse_place(game.rules, game.board, notation, game.text)
        out.append((move, evaluate_place(game.rules, judge, game.board, game.player.rack, move).words.words, game))
    return out


def _blanks_placed(move) -> int:
    return sum(1 for code in move.placed_codes() if code & 0x80)


@pytest.mark.parametrize("name", ["webfeud-two-blanks-ae", "webfeud-two-blanks-st", "smartfeud-two-blanks",
                                  "smartfeud-blanks-on-board"])
def test_blank_heavy_golden_files_hold_moves_with_two_blanks(name):
    moves = _golden_moves(name)
    assert sum(_blanks_placed(m) == 2 for m, _w, _g in moves) >= 20
    assert any(_blanks_placed(m) == 0 for m, _w, _g in moves)           # and the blanks kept, too
    if name == "smartfeud-blanks-on-board":      # a taken board blank is the second blank of the move
        assert any(m.take and g.board.cells[m.take[0]] & 0x80 and _blanks_placed(m) == 2 for m, _w, g in moves)


def _board_tiles(game, word) -> int:
    return sum(1 for sq in word.squares if game.board.cells[sq])


@pytest.mark.parametrize("name", ["webfeud-dense", "smartfeud-dense", "wortspieler-dense",
                                  "webfeud-two-blanks-st"])
def test_dense_golden_files_hold_multi_line_moves(name):
    moves = [(m, words, g) for m, words, g in _golden_moves(name) if not m.take]
    # parallel plays: a main word and at least two cross words (ARE between HASEN and TEE makes four words)
    assert sum(len(words) >= 3 for _m, words, _g in moves) >= 5
    assert any(len(words) >= 4 for _m, words, _g in moves)
    # through two board tiles with new tiles at both ends (hooks before and after a board word)
    assert any(_board_tiles(g, w) >= 2 and not g.board.cells[w.squares[0]] and not g.board.cells[w.squares[-1]]
               for _m, words, g in moves for w in words)
    # touching board words across and down in the same move
    assert any({w.direction for w in words if _board_tiles(g, w)} == {ACROSS, DOWN} for _m, words, g in moves)


def _random_position(game_name: str, seed: int, rack_size: int = 5):
    rules = dataclasses.replace(small_rules(game_name), rack_size=rack_size)
    judge = kwg_judge(rules)
    game = position(rules, judge, None, None, seed=seed)
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 5)):
        moves = gen.generate(game.board, game.player.rack)
        if not len(moves) or game.over:
            break
        game.play(moves.move(rng.randrange(len(moves))))
    return game, judge, gen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), game_name=st.sampled_from(["webfeud", "smartfeud"]))
def test_gaddag_agrees_with_brute_force_on_random_positions(seed, game_name):
    game, judge, gen = _random_position(game_name, seed)
    if game.over:
        return
    rules, board, rack = game.rules, game.board, game.player.rack
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    expected = dict(brute_moves(rules, judge, board, rack, letters))
    if rules.take_enabled and not board.is_empty():
        for sq in range(rules.squares):
            if board.cells[sq]:
                expected.update(brute_moves(rules, judge, board, rack, letters, take=(sq,)))
    assert generated(game, judge) == expected


@pytest.mark.parametrize("game_name", ["webfeud", "smartfeud", "wortspieler"])
def test_every_generated_move_is_legal_and_scores_what_the_rules_engine_scores(game_name):
    for seed in range(7, 40):   # the first seeded position with moves to check
        game, judge, gen = _random_position(game_name, seed=seed, rack_size=7)
        moves = gen.generate(game.board, game.player.rack)
        if len(moves):
            break
    assert len(moves) > 0
    for i in range(len(moves)):
        move = moves.move(i)
        assert evaluate_place(game.rules, judge, game.board, game.player.rack, move).score == moves.score(i)


@pytest.mark.parametrize("name", ["wortspieler-swap", "wortspieler-dense"])
def test_multi_word_continuations_are_exactly_the_brute_force_second_lines(name):
    game, judge = _setup(name)
    rules = game.rules
    gen = MoveGenerator(rules, judge.kwg.nodes, judge, multiword_first=3)
    moves = gen.generate(game.board, game.player.rack)
    letters = sorted({c for w in words_of(name) for c in rules.alphabet.encode(w)})
    continued = [(k, b) for k, b in enumerate(moves.blocks) if b.prefix]
    assert continued, "the position allows two-line turns"
    assert len({b.prefix[0] for _, b in continued}) <= 3
    for k, block in continued:
        start = int(moves.offsets[k])
        got = {moves.move(start + i): moves.score(start + i) for i in range(len(block.meta))}
        expected = brute_moves(rules, judge, game.board, game.player.rack, letters, swaps=block.swaps,
                               prefix=block.prefix)
        assert got == expected


def _take_position(**changes):
    game_name, rows, rack = POSITIONS["smartfeud-take"]
    rules = small_rules(game_name, **changes)
    judge = kwg_judge(rules)
    return position(rules, judge, rows, {0: rack}), judge


@pytest.mark.parametrize("take_return", ["forbid", "forbid_any_tile", "allow"])
@pytest.mark.parametrize("bonus", ["none", "own-3", "own-2-plus-letter"])
def test_gaddag_agrees_with_brute_force_under_the_take_and_bonus_fields(take_return, bonus):
    # small bonus tables so a 3-tile rack reaches them: 3 own tiles earn 10; 2 own + the taken letter 20
    tables = {"none": {}, "own-3": {"bingo": (0, 0, 0, 10)},
              "own-2-plus-letter": {"bingo": (0, 0, 5, 10), "bingo_board_letter": (0, 0, 20)}}[bonus]
    game, judge = _take_position(take_return=take_return, **tables)
    rules, board, rack = game.rules, game.board, game.player.rack
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    expected = dict(brute_moves(rules, judge, board, rack, letters))
    for sq in range(rules.squares):
        if board.cells[sq]:
            expected.update(brute_moves(rules, judge, board, rack, letters, take=(sq,)))
    got = generated(game, judge)
    assert got == expected
    if bonus == "own-2-plus-letter":                     # the 20 is reachable, so the equality tests it
        assert any(m.take and m.tile_count == 3 for m in got)


@pytest.mark.parametrize("touch", [True, False])
def test_multi_word_continuations_follow_lines_must_touch(touch):
    game, judge = _setup("wortspieler-swap")
    rules = dataclasses.replace(game.rules, lines_touch_before_turn=touch)
    game.rules = rules
    gen = MoveGenerator(rules, judge.kwg.nodes, judge, multiword_first=3)
    moves = gen.generate(game.board, game.player.rack)
    letters = sorted({c for w in WORDS for c in rules.alphabet.encode(w)})
    assert any(block.prefix for block in moves.blocks)
    for k, block in enumerate(moves.blocks):
        if not block.prefix:
            continue
        start = int(moves.offsets[k])
        got = {moves.move(start + i): moves.score(start + i) for i in range(len(block.meta))}
        assert got == brute_moves(rules, judge, game.board, game.player.rack, letters, swaps=block.swaps,
                                  prefix=block.prefix)


def test_no_swap_is_generated_for_a_joker_the_mover_may_not_swap():
    game, judge = _setup("wortspieler-swap")
    gen = MoveGenerator(game.rules, judge.kwg.nodes, judge, multiword_first=0)
    everyone = gen.generate(game.board, game.player.rack)
    assert any(m.swaps for m in everyone.moves())
    assert not any(m.swaps for m in gen.generate(game.board, game.player.rack, frozenset()).moves())



LONG_WORD = "RATENTESTERSTENSAU"     # 18 letters: its tiles span three of the kernel's packed output words


@pytest.mark.parametrize("best", [False, True])
def test_moves_longer_than_sixteen_squares_on_a_wide_board_keep_every_tile(best):
    """The kernel packs a move's tiles eight to a word; on a 3x20 board a move filling the gaps of an
    18-letter word needs three such words. All moves and the best move agree with the brute-force oracle."""
    from lexicon_tools.model.layout import Layout, parse_square

    rs = load_ruleset("webfeud")
    layout = Layout(3, 20, {parse_square("S2"): "DW"}, (parse_square("J2"),))
    board = rs.board.model_copy(update={"rows": 3, "cols": 20, "premium_count": None, "random_board": None})
    rules = Rules.from_ruleset(rs.model_copy(update={"board": board, "layout": layout}))
    judge = kwg_judge(rules, WORDS + [LONG_WORD])
    row = "." + "".join("." if i in (2, 9, 17) else ch for i, ch in enumerate(LONG_WORD)) + "."
    game = position(rules, judge, ["." * 20, row, "." * 20], {0: "TEUS"})
    letters = sorted({c for w in WORDS + [LONG_WORD] for c in rules.alphabet.encode(w)})
    expected = brute_moves(rules, judge, game.board, game.player.rack, letters)
    longest = max(expected, key=lambda m: len(m.lines[0].tiles))
    assert len(longest.lines[0].tiles) == 3 and expected[longest] == max(expected.values()) > 30
    gen = MoveGenerator(rules, judge.kwg.nodes, judge)
    if best:
        moves, _ = gen.best(game.board, game.player.rack)
        assert {moves.move(0): moves.score(0)} == {longest: expected[longest]} == {longest: max(expected.values())}
    else:
        assert generated(game, judge) == expected

# --- full-size boards: the generator against the independent pure-Python generator ---------------------------
#
# bench/movegen_pure.py is the same GADDAG algorithm written separately with lists and recursion (the benchmark's
# baseline). On the real 15x15 Webfeud board and a real lexicon of a few thousand words it must find as many
# moves with the same scores; every generated move must also be distinct and legal, with the score the rules
# engine gives it. Positions come from seeded games that pick moves by (score, notation), not by the generator's
# order, so a kernel that finds the same moves in another order reaches the same positions.

FULL_SEEDS = range(8)
FULL_TURNS = (0, 5, 10, 15, 20, 25)


@functools.cache
def _pure_module():
    path = Path(__file__).resolve().parents[2] / "bench" / "movegen_pure.py"
    spec = importlib.util.spec_from_file_location("movegen_pure", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def _full_webfeud():
    """Webfeud rules, a KWG judge and a generator on a lexicon from the bundled full-form corpus: every word of
    up to four letters (the hooks and short plays) and a seeded sample of 6,000 words of five to eight."""
    rules = Rules.from_ruleset(load_ruleset("webfeud"))
    alphabet = rules.alphabet
    words = set()
    with lzma.open(corpora_dir() / "german-forms" / "forms.tsv.xz", "rt", encoding="utf-8") as table:
        next(table)
        for line in table:
            form, _lemma, pos = line.rstrip("\n").split("\t")[:3]
            word = alphabet.normalize(form)
            if pos != "PROPN" and 2 <= len(word) <= 8 and alphabet.is_tileable(word):
                words.add(word)
    longer = sorted(w for w in words if len(w) > 4)
    lexicon = sorted({w for w in words if len(w) <= 4} | set(random.Random(13).sample(longer, 6000)))
    judge = KwgJudge(build_kwg(alphabet.encode(w) for w in lexicon), "webfeud-diff")
    return rules, judge, MoveGenerator(rules, judge.kwg.nodes, judge)


@functools.cache
def _full_positions(seed: int) -> dict:
    """{turn: (board, rack)} of one seeded game: half greedy, half random moves."""
    rules, judge, gen = _full_webfeud()
    game, rng, out = Game(rules, judge, 2, seed=seed), random.Random(seed), {}
    for turn in range(max(FULL_TURNS) + 1):
        if game.over:
            break
        if turn in FULL_TURNS:
            out[turn] = (game.board.copy(), list(game.player.rack))
        moves = gen.generate(game.board, game.player.rack)
        if not len(moves):
            game.play(Pass())
            continue
        ranked = sorted((-moves.score(i), format_place(rules, game.board, moves.move(i), game.text), i)
                        for i in range(len(moves)))
        pick = 0 if rng.random() < 0.5 else rng.randrange(len(ranked))
        game.play(moves.move(ranked[pick][2]))
    return out


@functools.cache
def _node_list(judge) -> list[int]:
    return judge.kwg.nodes.tolist()


def _with_blanks(rack: list[int], blanks: int, rng: random.Random) -> list[int]:
    letters = [t for t in rack if t != RACK_BLANK]
    rng.shuffle(letters)
    return sorted([RACK_BLANK] * blanks + letters[blanks:])


def _pure_scores(rules, judge, board, rack) -> list[int]:
    counts = [0] * (rules.letter_count + 1)
    for tile in rack:
        counts[tile] += 1
    return sorted(_pure_module().generate(
        _node_list(judge), list(board.cells), list(board.used), rules.rows, rules.cols, rules.letter_mult,
        rules.word_mult, set(rules.start_squares), rules.values, rules.blank_values, counts,
        list(rules.bingo) + [0] * 32))


@pytest.mark.parametrize("seed", FULL_SEEDS)
def test_full_board_moves_equal_the_pure_python_generator_with_0_1_2_blanks(seed):
    rules, judge, gen = _full_webfeud()
    for turn, (board, rack) in _full_positions(seed).items():
        for blanks in (0, 1, 2):
            tiles = _with_blanks(rack, blanks, random.Random(seed * 100 + turn))
            moves = gen.generate(board, tiles)
            where = f"seed {seed}, turn {turn}, rack {tiles}"
            assert sorted(moves.scores.tolist()) == _pure_scores(rules, judge, board, tiles), where
            placed = [moves.move(i) for i in range(len(moves))]
            assert len(set(placed)) == len(placed), where
            for i, move in enumerate(placed):
                assert evaluate_place(rules, judge, board, tiles, move).score == moves.score(i), (where, move)


def test_full_board_seed_table_covers_crowded_boards_and_board_blanks():
    positions = [p for seed in FULL_SEEDS for p in _full_positions(seed).values()]
    tiles = [sum(1 for c in board.cells if c) for board, _rack in positions]
    assert len(positions) >= 40 and 0 in tiles and max(tiles) >= 50
    assert sum(any(c & 0x80 for c in board.cells) for board, _rack in positions) >= 5
