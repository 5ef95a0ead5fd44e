"""Cross-field checks of a resolved ruleset. Pure: returns (field path, message[, related fields]).

The schema catches wrong types and unknown keys; these catch rules that span
fields: layout vs board size, tiles vs alphabet, tile total, start squares,
player counts, word lengths. Every problem is collected, none stops the others.
A problem may name the *related* fields that it conflicts with: when the field
comes from a base ruleset and a related one from the house rules, the loader
reports it at the house-rules line (the one the user wrote).

`DEPENDANTS` says which fields need a feature switch: a house rule that turns
the feature off turns them off too (the loader warns, `disable_dependants`).
"""

from __future__ import annotations

from lexicon_tools.model.ruleset import Ruleset

FieldProblem = tuple   # (field, message) or (field, message, related fields)

# feature switch -> (dependant field, its value when off, (condition field, value, default) or None)
DEPENDANTS: dict[tuple, tuple] = {
    ("special_moves", "take_board_letter", "enabled"): (
        (("bingo_with_board_letter",), {}, (("bingo_with_board_letter_counts",), "taken", "taken")),
        (("rack", "board_letter_slot"), False, None),
    ),
    ("modes", "professional_available"): ((("modes", "professional"), False, None),),
}


def check_consistency(rs: Ruleset) -> list[FieldProblem]:
    problems: list[FieldProblem] = []
    problems += _check_players(rs)
    problems += _check_board(rs)
    problems += _check_tiles(rs)
    problems += _check_rack_and_bingo(rs)
    problems += _check_word_policy(rs)
    problems += _check_end(rs)
    return problems


def _check_end(rs: Ruleset) -> list[FieldProblem]:
    """A game in which nobody can lay a word must still end: the stuck player's turn must count."""
    stuck = "pass" if rs.turns.pass_allowed else "exchange"
    if stuck not in rs.end.scoreless_kinds:
        return [(("end", "scoreless_kinds"), f"{stuck!r} is missing, so a game in which nobody can lay a word "
                 f"would never end (a player who cannot play can always {stuck})", (("turns", "pass_allowed"),))]
    return []


def _check_players(rs: Ruleset) -> list[FieldProblem]:
    if rs.players.min > rs.players.max:
        return [(("players", "min"), f"min players {rs.players.min} exceeds max players {rs.players.max}")]
    return []


def _check_board(rs: Ruleset) -> list[FieldProblem]:
    out: list[FieldProblem] = []
    layout = rs.layout
    if layout is None:
        return out
    if (layout.rows, layout.cols) != (rs.board.rows, rs.board.cols):
        out.append((("board", "rows"),
                    f"layout {rs.board.layout!r} is {layout.rows}x{layout.cols} but the board is "
                    f"{rs.board.rows}x{rs.board.cols}"))
    for sq, _ in layout.premiums.items():
        if not layout.on_board(sq) or not (0 <= sq[0] < rs.board.rows and 0 <= sq[1] < rs.board.cols):
            out.append((("board", "layout"), f"premium at row {sq[0]}, col {sq[1]} lies off the board"))
    if not layout.start:
        out.append((("board", "layout"), "the layout defines no start square"))
    for sq in layout.start:
        if not (0 <= sq[0] < rs.board.rows and 0 <= sq[1] < rs.board.cols):
            out.append((("board", "layout"), f"start square at row {sq[0]}, col {sq[1]} lies off the board"))
        elif sq in layout.premiums and not rs.board.premiums_on_start_allowed:
            out.append((("board", "layout"), f"start square at row {sq[0]}, col {sq[1]} carries a premium"))
    if rs.board.first_move_min_starts > max(1, len(layout.start)):
        out.append((("board", "first_move_min_starts"),
                    f"the first move must cross {rs.board.first_move_min_starts} start squares "
                    f"but the layout has {len(layout.start)}"))
    expected = rs.board.premium_count
    if expected is not None and layout.count() != expected:
        out.append((("board", "premium_count"),
                    f"the layout has {layout.count()} premium squares, the ruleset expects {expected}"))
    rb = rs.board.random_board
    if rb and rb.counts and sum(rb.counts.values()) != rb.premiums:
        out.append((("board", "random_board", "counts"),
                    f"counts sum to {sum(rb.counts.values())}, not to premiums={rb.premiums}"))
    return out


def _check_tiles(rs: Ruleset) -> list[FieldProblem]:
    out: list[FieldProblem] = []
    letters = rs.alphabet.letters
    if len(set(letters)) != len(letters):
        dupes = sorted({ch for ch in letters if letters.count(ch) > 1})
        out.append((("alphabet", "letters"), f"letters repeated: {', '.join(dupes)}"))
    for ch in letters:
        if len(ch) != 1:
            out.append((("alphabet", "letters"), f"letter {ch!r} must be a single character"))
        elif ch != ch.upper():
            out.append((("alphabet", "letters"), f"letter {ch!r} must be upper case"))
    for letter, (count, value) in rs.tiles.letters.items():
        if letter not in letters:
            out.append((("tiles", "letters", letter), f"tile {letter!r} is not in the alphabet"))
        if count < 0 or value < 0:
            out.append((("tiles", "letters", letter), "count and value must not be negative"))
    out += _check_scripts(letters)
    missing = [ch for ch in letters if ch not in rs.tiles.letters]
    if missing:
        out.append((("tiles", "letters"), f"alphabet letters without tiles: {', '.join(missing)}"))
    if rs.tiles.blank.symbol in letters:
        out.append((("tiles", "blank", "symbol"), "the blank symbol must not be an alphabet letter"))
    total = rs.tile_total()
    if total != rs.tiles.total:
        out.append((("tiles", "total"), f"tile counts sum to {total}, but total says {rs.tiles.total}"))
    return out


def _check_scripts(letters: list[str]) -> list[FieldProblem]:
    """Tiles must be letters of one script: a Cyrillic А among Latin letters looks like A but is
    another character, so words typed with the Latin A would never match it."""
    import unicodedata

    scripts: dict[str, list[str]] = {}
    out: list[FieldProblem] = []
    for ch in letters:
        if len(ch) != 1:
            continue
        if not unicodedata.category(ch).startswith("L"):
            out.append((("alphabet", "letters"), f"tile {ch!r} (U+{ord(ch):04X}) is not a letter"))
            continue
        scripts.setdefault(unicodedata.name(ch, "UNKNOWN").split()[0], []).append(ch)
    if len(scripts) > 1:
        main = max(scripts, key=lambda name: len(scripts[name]))
        for script, chars in sorted(scripts.items()):
            if script != main:
                named = ", ".join(f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, '?')})" for ch in chars)
                out.append((("alphabet", "letters"), f"{named}: a {script.title()} letter among "
                            f"{main.title()} ones (a look-alike?); all tiles must be of one script"))
    return out


def _check_rack_and_bingo(rs: Ruleset) -> list[FieldProblem]:
    out: list[FieldProblem] = []
    largest = rs.rack.size + int(rs.rack.starting_player_extra_blank)   # own tiles; the starter may hold one more
    for used in rs.bingo:
        if not 1 <= used <= largest:
            out.append((("bingo", used), f"a bonus for {used} own tiles can never be earned with rack size "
                        f"{rs.rack.size}", (("rack", "size"), ("rack", "starting_player_extra_blank"))))
    take = rs.special_moves.take_board_letter
    for used in rs.bingo_with_board_letter:
        if not take.enabled and rs.bingo_with_board_letter_counts == "taken":
            out.append((("bingo_with_board_letter", used), "a bonus for using a taken board letter needs "
                        "special_moves.take_board_letter.enabled (or bingo_with_board_letter_counts: through)",
                        (("special_moves", "take_board_letter", "enabled"), ("bingo_with_board_letter_counts",))))
        elif not 1 <= used <= rs.rack.size:
            out.append((("bingo_with_board_letter", used), f"a bonus for {used} own tiles plus the board "
                        f"letter can never be earned with rack size {rs.rack.size}", (("rack", "size"),)))
    needed = rs.rack.size * rs.players.max
    if rs.tile_total() < needed:
        out.append((("tiles", "total"), f"{rs.tile_total()} tiles cannot fill {rs.players.max} racks of "
                    f"{rs.rack.size}", (("rack", "size"), ("players", "max"))))
    return out


def _check_word_policy(rs: Ruleset) -> list[FieldProblem]:
    lengths = rs.word_policy.lengths
    out: list[FieldProblem] = []
    if lengths.min > lengths.max:
        out.append((("word_policy", "lengths"), f"min length {lengths.min} exceeds max length {lengths.max}"))
    longest_line = max(rs.board.rows, rs.board.cols)
    if lengths.max > longest_line:
        out.append((("word_policy", "lengths", "max"),
                    f"max length {lengths.max} is longer than the board ({longest_line})",
                    (("board", "rows"), ("board", "cols"))))
    return out
