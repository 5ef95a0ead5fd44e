"""Seeded models of how test-game players spend time and make mistakes.

People think before they move and now and then try a word that is not in the
lexicon. Test games model both, per seat, so a designer can measure what a
turn time limit or professional mode does to scores:

* **Thinking time**: log-normal, drawn once per turn (and again after a
  refused attempt), with the given median and spread (the sigma of its
  logarithm). The game clock advances by it before the move is made, so a move
  that comes after the time limit becomes a timeout: the turn passes. The
  log-normal is the usual model of human response times: positive, with a
  long right tail of slow turns.
* **Invalid attempts**: on a turn where the player would place tiles, with
  probability ``invalid_rate`` they first try a placement that the rules engine
  refuses for its words: one of the generated moves with its tiles shuffled
  (or a blank standing for another letter, or another rack tile instead of a
  lone tile). In professional mode that attempt ends the turn (``invalid``);
  otherwise it costs one more thinking time and the player then makes their
  choice.

Both are off by default (`PlayerModel()`). They draw from their own RNG stream
per seat, so switching them on never changes which move a strategy picks in a
given position.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from lexicon_tools.engine.moves import Line, Place
from lexicon_tools.engine.tiles import BLANK_FLAG, LETTER_MASK, rack_tile_of
from lexicon_tools.errors import IllegalMoveError, InvalidWordError, UsageError

ATTEMPTS = 24   # tries at finding a refused placement before the player gives up on erring


@dataclass(frozen=True)
class PlayerModel:
    think_median: float | None = None   # seconds; None: moves take no time
    think_spread: float = 0.6           # sigma of log(thinking time)
    invalid_rate: float = 0.0           # chance per placement turn of trying a refused word first

    @property
    def active(self) -> bool:
        return self.think_median is not None or self.invalid_rate > 0

    def think(self, rng: random.Random) -> float:
        if self.think_median is None:
            return 0.0
        return rng.lognormvariate(math.log(self.think_median), self.think_spread)


def parse_models(think: str | None, invalid: str | None, spread: float, players: int) -> list[PlayerModel]:
    """One model per seat from comma lists (repeated to fill the seats): ``"90s,5m"`` and ``"0.1,0"``."""
    from lexicon_tools.engine.rules import parse_duration

    if not 0 < spread <= 5:  # also refuses NaN, which every comparison lets through
        raise UsageError(f"thinking-time spread {spread} is out of range", "Give a number above 0, at most 5.")
    medians = [parse_duration(t) for t in _items(think)] or [None]
    rates = [_rate(r) for r in _items(invalid)] or [0.0]
    for name, values in (("--think", medians), ("--invalid-rate", rates)):
        if len(values) > players:
            raise UsageError(f"{len(values)} values for {name} with {players} players",
                             "Give at most one value per player.")
    return [PlayerModel(medians[i % len(medians)], spread, rates[i % len(rates)]) for i in range(players)]


def _items(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise UsageError(f"not a rate: {text!r}", "Give a number from 0 to 1, e.g. 0.05 for one turn in 20.")
    return value


def invalid_attempt(game, moves, rng: random.Random) -> Place | None:
    """A placement that `game` refuses for its words, made from a generated one; None if none is found."""
    if not len(moves):
        return None
    for _ in range(ATTEMPTS):
        attempt = _garble(game, moves.move(rng.randrange(len(moves))), rng)
        if attempt is None:
            continue
        try:
            game.evaluate(attempt)
        except InvalidWordError:
            return attempt
        except IllegalMoveError:
            continue
    return None


def _garble(game, move: Place, rng: random.Random) -> Place | None:
    squares = [sq for line in move.lines for sq, _ in line.tiles]
    codes = [code for line in move.lines for _, code in line.tiles]
    blanks = [i for i, code in enumerate(codes) if code & BLANK_FLAG]
    if len(set(codes)) > 1:
        new = codes[:]
        while new == codes:
            rng.shuffle(new)
    elif blanks:
        new = codes[:]
        new[blanks[0]] = BLANK_FLAG | rng.randrange(1, game.rules.letter_count + 1)
    else:
        spare = Counter(game.player.rack) - Counter(rack_tile_of(c) for c in codes)
        others = sorted(t for t in spare if t and t != codes[0] & LETTER_MASK)
        if not others:
            return None
        new = codes[:]
        new[0] = rng.choice(others)
    placed = dict(zip(squares, new))
    lines = tuple(Line.of((sq, placed[sq]) for sq, _ in line.tiles) for line in move.lines)
    return Place(lines, move.take, move.swaps)
