"""Set up a position by hand: board rows as text, racks as text.

Used by tests and analysis to start from a given position instead of from
move one. The tiles are taken out of the bag, so the game keeps conserving
tiles (bag + racks + board = the tile distribution). A starter's rack given
without a blank switches the extra-blank rule off for the position. Board rows use one
character per square: ``.`` empty, an upper-case letter a natural tile, a
lower-case letter a blank standing for that letter. Tiles placed this way have
used up the premiums under them; blanks placed this way count as laid in the
turn just before, by the previous seat (so the mover may swap them).
"""

from __future__ import annotations

from collections import Counter

from lexicon_tools.engine.game import Game
from lexicon_tools.engine.tiles import BLANK_FLAG, RACK_BLANK, rack_tile_of
from lexicon_tools.errors import UsageError


def set_position(game: Game, rows: list[str] | None = None, racks: dict[int, str] | None = None) -> Game:
    rules, text = game.rules, game.text
    wanted: Counter = Counter()
    cells = {}
    for r, row in enumerate(rows or []):
        if len(row) != rules.cols:
            raise UsageError(f"board row {r + 1} has {len(row)} squares, the board {rules.cols}")
        for c, ch in enumerate(row):
            if ch != ".":
                code = text.parse_code(ch)
                cells[r * rules.cols + c] = code
                wanted[rack_tile_of(code)] += 1
    new_racks = {seat: text.parse_rack(rack) for seat, rack in (racks or {}).items()}
    pool = Counter(game.bag.tiles)
    for seat in new_racks:
        pool.update(game.players[seat].rack)
    for tiles in new_racks.values():
        wanted.update(tiles)
    short = wanted - pool
    if short:
        raise UsageError(f"the position needs tiles the game does not have: {text.rack(short.elements())}")
    for seat, tiles in new_racks.items():
        game.players[seat].rack = sorted(tiles)
    pool.subtract(wanted)
    game.bag.tiles = sorted(pool.elements())
    game.rng.shuffle(game.bag.tiles)
    for sq, code in cells.items():
        game.board.put(sq, code)
        if code & BLANK_FLAG:   # a joker set by hand counts as laid in the turn just before
            game.jokers[sq] = ((game.current - 1) % len(game.players), len(game.turns))
    if cells or (0 in new_racks and RACK_BLANK not in new_racks[0]):
        game.extra_blank_pending = False   # the first turn is over, or the starter holds no blank to lose
    game._turn_rack = tuple(game.player.rack)
    return game
