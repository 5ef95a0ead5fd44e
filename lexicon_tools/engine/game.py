"""The game loop: state, turn order, and every kind of turn, driven by `Rules`.

A `Game` holds the board, the seeded bag, 2-4 players (racks, scores, pass
counters), the turn order and the log of `Turn`s. `play(move)` validates a
move completely before changing anything; an illegal move raises
`IllegalMoveError` (or `InvalidWordError`) saying why and leaves the game as it
was, except in professional mode, where a placement with invalid words ends
the turn scoreless.

Decisions where the seeds leave room (each is a ruleset field or documented
here):

* Turn order follows the seats; players who resigned or lost leave the order.
* The starter's extra blank (``rack.starting_player_extra_blank``) is an extra
  tile outside the bag (``rack.extra_blank_source: outside_bag``) or one of the
  bag's blanks (``bag``). If the starter places no blank in the first turn, one
  blank is removed from the game; it cannot be exchanged.
* A scoreless turn is a pass, an exchange, a timeout or a failed professional
  attempt. The kinds listed in ``end.scoreless_kinds`` count towards the run
  that ends the game; any other turn (a placement, even one scoring 0, or a
  kind not listed) ends the run. The run ends the game at
  ``end.consecutive_scoreless_turns``, or, with
  ``scoreless_run_covers_all_players``, once every active player had a turn in
  it (max of the two).
* For ``end.passes_in_a_row_lose``, the kinds in ``end.passes_in_a_row_kinds``
  are passes (default: a pass, a timeout and a failed professional attempt);
  an exchange is one when listed or when ``only_when_skipping``.
  A player who passes that often in a row leaves the game and ranks last.
* The bonus is keyed by the player's own tiles placed (see `engine.placement`).
* Multi-word turns: see `engine.scoring` for what each line must build on; the
  turn's words are scored once, on the final board.
* Jokers on the board remember who laid them and in which turn, so that
  ``joker_swap.by: next_player`` can offer only the jokers of the turn just
  before to the player who moves now (`swappable_jokers`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from lexicon_tools.engine import ending
from lexicon_tools.engine.bag import Bag
from lexicon_tools.engine.board import Board
from lexicon_tools.engine.clock import Clock, ManualClock
from lexicon_tools.engine.judge import WordJudge
from lexicon_tools.engine.moves import Exchange, Move, Pass, Place, Resign
from lexicon_tools.engine.notation import format_place
from lexicon_tools.engine.rules import Rules, parse_duration
from lexicon_tools.engine.placement import Evaluation, TurnContext, evaluate_place
from lexicon_tools.engine.tiles import BLANK_FLAG, RACK_BLANK, TileText, rack_tile_of
from lexicon_tools.engine.turns import EXCHANGE, INVALID, PASS, PLACE, RESIGN, TIMEOUT, Player, Turn
from lexicon_tools.errors import IllegalMoveError, InvalidWordError, UsageError


_ANY_JOKER = TurnContext()    # frozen: one shared context for the turns where every joker may be swapped


class Game:
    def __init__(self, rules: Rules, judge: WordJudge, players: int | Sequence[str] = 2, seed: int = 0, *,
                 professional: bool | None = None, time_limit: str | float | None = None,
                 clock: Clock | None = None):
        names = [f"p{i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        if not rules.players_min <= len(names) <= rules.players_max:
            raise UsageError(f"{rules.name} is played by {rules.players_min}-{rules.players_max} players, "
                             f"not {len(names)}", f"Choose between {rules.players_min} and {rules.players_max}.")
        self.rules, self.judge, self.seed = rules, judge, seed
        self.text = TileText(rules.alphabet, rules.blank_symbol)
        self.professional = self._professional(professional)
        self.time_limit = self._time_limit(time_limit)
        self.clock = clock or ManualClock()
        self.rng = random.Random(seed)
        self.bag = Bag(rules.counts, self.rng)
        self.board = Board.empty(rules)
        self.extra_tiles: list[int] = []
        self.lost_tiles: list[int] = []
        self.extra_blank_pending = rules.starting_player_extra_blank
        starter_blank = self._starter_blank()
        self.players = [Player(i, name, sorted(self.bag.draw(rules.rack_size))) for i, name in enumerate(names)]
        if starter_blank:
            self.players[0].rack = sorted(self.players[0].rack + [RACK_BLANK])
        self.turns: list[Turn] = []
        self.adjustments: list = []
        self.eliminated: list[int] = []
        self.jokers: dict[int, tuple[int, int]] = {}   # square -> (seat, turn number) of the joker laid there
        self.last_placer: int | None = None            # seat of the player who last laid tiles
        self.refused_attempts = [0] * len(names)       # placements refused for their words (casual mode)
        self.current = 0
        self.scoreless_run = 0
        self.outcome = None
        self.turn_started = self.clock.now()
        self._turn_rack = tuple(self.players[0].rack)
        self.trusts_found = False   # play generator-found placements unchecked (`found_result`): forks only

    # -- configuration -------------------------------------------------------------------------
    def _starter_blank(self) -> bool:
        """Set aside the starter's extra blank: a tile outside the bag, or one of the bag's blanks."""
        if not self.extra_blank_pending:
            return False
        if not self.rules.extra_blank_from_bag:
            self.extra_tiles.append(RACK_BLANK)
            return True
        if RACK_BLANK not in self.bag.tiles:
            self.extra_blank_pending = False
            return False
        self.bag.tiles.remove(RACK_BLANK)
        return True

    def _professional(self, requested: bool | None) -> bool:
        if requested is None:
            return self.rules.professional_default
        if requested and not self.rules.professional_available:
            raise UsageError(f"{self.rules.name} has no professional mode",
                             "Set modes.professional_available in the ruleset to allow it.")
        return bool(requested)

    def _time_limit(self, limit: str | float | None) -> float | None:
        limit = self.rules.time_limit_default if limit is None else limit
        if limit is None or limit == "none":
            return None
        if isinstance(limit, str):
            options = self.rules.time_limit_options
            if options and limit not in options:
                raise UsageError(f"time limit {limit!r} is not an option of {self.rules.name}",
                                 f"Choose one of: {', '.join(options)}.")
            return parse_duration(limit)
        return float(limit)

    # -- inspection ----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def player(self) -> Player:
        return self.players[self.current]

    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    def swappable_jokers(self) -> frozenset[int] | None:
        """Board jokers the current player may swap; None when every joker may be swapped."""
        if not self.rules.swap_next_player_only:
            return None
        previous = len(self.turns)
        return frozenset(sq for sq, (_seat, turn) in self.jokers.items() if turn == previous)

    def context(self) -> TurnContext:
        swappable = self.swappable_jokers()
        return _ANY_JOKER if swappable is None else TurnContext(swappable_jokers=swappable)

    def time_left(self) -> float | None:
        if self.time_limit is None:
            return None
        return self.time_limit - (self.clock.now() - self.turn_started)

    # -- turns ---------------------------------------------------------------------------------
    def play(self, move: Move) -> Turn:
        """Play `move` for the current player; returns the logged turn."""
        if self.over:
            raise IllegalMoveError("the game is over", "Start a new game.")
        if self.time_limit is not None:
            expired = self.expire()
            if expired is not None:
                return expired
        self._turn_rack = tuple(self.player.rack)
        if isinstance(move, Place):
            result = self.found_result(move) if self.trusts_found else None
            if result is not None:
                return self._placed(move, result)
            try:
                return self._place(move)
            except InvalidWordError as exc:
                if not self.professional:
                    self.refused_attempts[self.current] += 1
                    raise
                return self._scoreless(move, INVALID, note=exc.message,
                                       notation=format_place(self.rules, self.board, move, self.text))
        if isinstance(move, Pass):
            if not self.rules.pass_allowed:
                raise IllegalMoveError(f"passing is not allowed in {self.rules.name}",
                                       "Place tiles or exchange." if self.rules.exchange_allowed else "Place tiles.")
            return self._scoreless(move, PASS)
        if isinstance(move, Exchange):
            return self._exchange(move)
        if isinstance(move, Resign):
            return self._resign(move)
        raise IllegalMoveError(f"unknown move {move!r}")

    def expire(self) -> Turn | None:
        """If the current turn's time has run out, pass it (logged as a timeout) and return it."""
        if self.over or self.time_limit is None:
            return None
        if self.clock.now() - self.turn_started <= self.time_limit:
            return None
        self._turn_rack = tuple(self.player.rack)
        return self._scoreless(Pass(), TIMEOUT, note="the time limit ran out")

    def evaluate(self, move: Place) -> Evaluation:
        """Validate and score a placement for the current player without playing it."""
        return evaluate_place(self.rules, self.judge, self.board, self.player.rack, move, self.context())

    def _place(self, move: Place) -> Turn:
        ev = self.evaluate(move)
        notation = format_place(self.rules, self.board, move, self.text)
        word = self.text.word
        words = tuple([(word(w.codes), w.score) for w in ev.words.words])
        cut = tuple([(word(bytes(ev.board.cells[s] for s in f.squares)), s) for f, s in ev.cut])
        return self._placed(move, (ev.board, ev.rack, ev.placed[RACK_BLANK] > 0, ev.score), words=words,
                            bingo=ev.bingo, fragments=cut, premiums=ev.words.premium_squares, notation=notation)

    def found_result(self, move: Move) -> tuple[Board, Counter, bool, int] | None:
        """What a placement the move generator found on this very board and rack does (`moves.Found`:
        one line, or a multi-word turn's lines, never a take or a joker swap): the board after it, the
        rack left (before drawing), whether it placed a blank, and its score; None for any other move.
        The generator applies the rules the rules engine checks and scores exactly as it does
        (tests/engine/sim/test_state.py pins the same state for every candidate), so nothing is checked
        or scored again: for the hypothetical turns of searches (`Game.play` in a fork that
        `trusts_found`, `Equity._two_ply`)."""
        found = getattr(move, "found", None)
        if found is None or found.board is not self.board or found.rack != tuple(self.player.rack):
            return None
        board = self.board.copy()
        for line in move.lines:
            for sq, code in line.tiles:
                board.put(sq, code)
        need = Counter(rack_tile_of(code) for code in move.placed_codes())
        rack = Counter(self.player.rack)
        rack.subtract(need)
        return board, rack, need[RACK_BLANK] > 0, found.score

    def _placed(self, move: Place, result: tuple[Board, Counter, bool, int], **logged) -> Turn:
        """The turn after a placement's board, rack left, blank placed and score (`evaluate` or
        `found_result`): draw, score, log (with `logged`: words, notation and the like; a found
        placement in a fork logs none, since hypothetical turns are never recorded), end checks."""
        rules, p = self.rules, self.player
        self.board, rack, placed_blank, score = result
        lost = (self._lose_extra_blank(rack, placed_blank=placed_blank)
                if self.extra_blank_pending and self.current == 0 else False)   # as _lose_extra_blank says
        p.rack = sorted(rack.elements())
        drawn = self.bag.draw(rules.rack_size - len(p.rack))
        p.rack = sorted(p.rack + drawn)
        p.score += score
        p.passes_in_a_row = 0
        self.scoreless_run = 0
        self.last_placer = p.seat
        self._track_jokers(move, len(self.turns) + 1)
        turn = self._log(move, PLACE, score=score, drawn=tuple(drawn), lost_blank=lost, **logged)
        went_out = rules.end_out_of_tiles and not p.rack and not len(self.bag)
        self._after_turn(went_out=p if went_out else None)
        return turn

    def _exchange(self, move: Exchange) -> Turn:
        rules, p = self.rules, self.player
        if not rules.exchange_allowed:
            raise IllegalMoveError(f"exchanging tiles is not allowed in {rules.name}")
        tiles = sorted(move.tiles)   # canonical order: the reshuffle must not depend on how tiles are listed
        if not tiles:
            raise IllegalMoveError("an exchange must name at least one tile", "List the tiles to put back.")
        short = Counter(tiles) - Counter(p.rack)
        if short:
            raise IllegalMoveError(f"you do not hold {self.text.rack(short.elements())} to exchange "
                                   f"(rack: {self.text.rack(p.rack)})")
        if self.extra_blank_pending and self.current == 0 and tiles.count(RACK_BLANK) >= p.rack.count(RACK_BLANK):
            raise IllegalMoveError("the starter's extra blank cannot be exchanged",
                                   "Place it in the first turn or it is lost.")
        in_bag = len(self.bag)
        if in_bag < max(rules.exchange_min_bag, 1) or (not rules.exchange_return_before_draw and in_bag < len(tiles)):
            raise IllegalMoveError(f"exchanging needs at least {max(rules.exchange_min_bag, 1)} tiles in the bag; "
                                   f"it holds {in_bag}", "Pass instead, or place a word.")
        rack = Counter(p.rack)
        rack.subtract(tiles)
        if rules.exchange_return_before_draw:
            self.bag.put_back(tiles)
            drawn = self.bag.draw(len(tiles))
        else:
            drawn = self.bag.draw(len(tiles))
            self.bag.put_back(tiles)
        p.rack = sorted(list(rack.elements()) + drawn)
        return self._scoreless(move, EXCHANGE, drawn=tuple(drawn))

    def _resign(self, move: Resign) -> Turn:
        if not self.rules.resign_allowed:
            raise IllegalMoveError(f"resigning is not allowed in {self.rules.name}")
        turn = self._log(move, RESIGN)
        ending.eliminate(self, self.player, ending.RESIGNED)
        self._after_turn(went_out=None)
        return turn

    def stop(self) -> None:
        """End the game because the remaining players agree to stop after a resignation."""
        if self.over:
            raise IllegalMoveError("the game is over", "Start a new game.")
        if not any(p.out == ending.RESIGNED for p in self.players):
            raise IllegalMoveError("the players may stop only after someone resigned",
                                   "Play on, or resign.")
        ending.finish(self, ending.STOPPED)

    def _track_jokers(self, move: Place, turn_number: int) -> None:
        """Forget jokers that left the board (taken, swapped); remember who laid the new ones, and when."""
        cells = self.board.cells
        self.jokers = {sq: who for sq, who in self.jokers.items() if cells[sq] & BLANK_FLAG}
        for line in move.lines:
            for sq, code in line.tiles:
                if code & BLANK_FLAG:
                    self.jokers[sq] = (self.current, turn_number)

    def _scoreless(self, move: Move, kind: str, note: str = "", drawn: tuple[int, ...] = (),
                   notation: str = "") -> Turn:
        p = self.player
        counts = kind in self.rules.end_scoreless_kinds
        self.scoreless_run = self.scoreless_run + 1 if counts else 0
        is_pass = self.rules.counts_as_pass(kind)
        p.passes_in_a_row = p.passes_in_a_row + 1 if is_pass else 0
        rack = Counter(p.rack)
        lost = self._lose_extra_blank(rack, placed_blank=False)
        p.rack = sorted(rack.elements())
        turn = self._log(move, kind, note=note, drawn=drawn, lost_blank=lost, notation=notation)
        limit = self.rules.passes_in_a_row_lose
        if limit and p.passes_in_a_row >= limit:
            ending.eliminate(self, p, ending.PASSED_OUT)
        self._after_turn(went_out=None)
        return turn

    def _lose_extra_blank(self, rack: Counter, placed_blank: bool) -> bool:
        if not (self.extra_blank_pending and self.current == 0):
            return False
        self.extra_blank_pending = False
        if placed_blank:
            return False
        rack[RACK_BLANK] -= 1
        self.lost_tiles.append(RACK_BLANK)
        return True

    def _log(self, move: Move, kind: str, **fields) -> Turn:
        p = self.player
        turn = Turn(number=len(self.turns) + 1, seat=p.seat, rack=self._turn_rack, move=move, kind=kind,
                    total=p.score, **fields)
        self.turns.append(turn)
        return turn

    def _after_turn(self, went_out: Player | None) -> None:
        ending.check_end(self, went_out, left=not self.player.active)
        if not self.over:
            self.current = ending.next_seat(self)
        self.turn_started = self.clock.now()
