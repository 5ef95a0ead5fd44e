"""Cheap copies of a game to play hypothetical turns on (the endgame search and the sim's play-outs).

`fork` copies exactly the state `Game.play` changes - players, bag, turn log,
joker owners, counters - and shares the rest (rules, judge, board: `Game.play`
replaces the board, it never changes one in place). A fork plays by the real
rules engine, so every rule the engine has (SmartFeud's take, Wortspieler's
multi-word turns and joker swap, the end conditions and rack penalties) holds
in hypothetical turns without a second implementation of them. One shortcut:
a fork trusts a placement (no take, no swap) the move generator found on its very board
and rack (`moves.Found`) and plays it without checking and scoring it again
(`Game.found_result`; tests/engine/sim/test_state.py pins the same state for
every candidate). Its turn log then has no words or notation; nothing reads them.

`key` is what a position's future depends on, for transposition tables: the
board (tiles and used premiums), every rack, who moves, the scoreless run,
each player's passes in a row and state, who laid tiles last (penalty credit)
and which jokers the mover may swap. Scores are not in it: the searches value
the *change* of the spread from here on, which the past does not affect.
"""

from __future__ import annotations

import random

from lexicon_tools.engine.bag import Bag
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.turns import Player


def fork(game: Game, rng: random.Random | None = None) -> Game:
    """An independent copy of `game`; `rng` drives the copy's bag (default: a copy of the game's RNG)."""
    copy = Game.__new__(Game)
    copy.__dict__.update(game.__dict__)
    if rng is None:
        rng = random.Random()
        rng.setstate(game.rng.getstate())
    copy.rng = rng
    bag = Bag.__new__(Bag)
    bag.rng, bag.tiles = rng, list(game.bag.tiles)
    copy.bag = bag
    copy.players = [Player(p.seat, p.name, list(p.rack), p.score, p.passes_in_a_row, p.out) for p in game.players]
    copy.turns = list(game.turns)
    copy.adjustments = list(game.adjustments)
    copy.eliminated = list(game.eliminated)
    copy.jokers = dict(game.jokers)
    copy.refused_attempts = list(game.refused_attempts)
    copy.lost_tiles = list(game.lost_tiles)
    copy.extra_tiles = list(game.extra_tiles)
    copy.trusts_found = True
    return copy


def key(game: Game) -> tuple:
    """The position's identity for a transposition table (see the module docstring)."""
    swappable = game.swappable_jokers()
    return (bytes(game.board.cells), bytes(game.board.used), game.current, game.scoreless_run,
            game.last_placer, game.extra_blank_pending,
            tuple((tuple(p.rack), p.passes_in_a_row, p.out) for p in game.players),
            None if swappable is None else tuple(sorted(swappable)))


def spread(game: Game, seat: int) -> int:
    """`seat`'s score minus the best other score."""
    others = [p.score for p in game.players if p.seat != seat]
    return game.players[seat].score - (max(others) if others else 0)
