"""Play one test game between strategies, and keep what a record needs (`GameLog`).

Seeding: a game's seed drives its bag (and its random board, if the ruleset
plays on random boards); each seat's strategy gets its own RNG seeded with
``"<game seed>/<seat>"``, and its `PlayerModel` (thinking time, invalid
attempts: `engine.behaviour`) another one, ``"<game seed>/<seat>/model"``. Strings seed Python's RNG through SHA-512, so the same
seeds give the same game in any process — which is what makes parallel test
games identical to serial ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from lexicon_tools.engine import ending
from lexicon_tools.engine.audit import GameAudit
from lexicon_tools.engine.behaviour import PlayerModel, invalid_attempt
from lexicon_tools.engine.clock import ManualClock
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.judge import WordJudge
from lexicon_tools.engine.moves import Place
from lexicon_tools.engine.movegen.generator import MoveGenerator
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.strategy import get_strategy
from lexicon_tools.engine.turns import Adjustment, Outcome, Turn
from lexicon_tools.errors import InvalidWordError


@dataclass
class GameLog:
    """Everything a game record holds: the set-up, every turn, the end."""

    ruleset: str
    seed: int
    players: list[str]
    strategies: list[str]
    board: str                       # layout name (a random board's name carries its seed)
    random_board: bool
    professional: bool
    time_limit: float | None
    turns: list[Turn] = field(default_factory=list)
    adjustments: list[Adjustment] = field(default_factory=list)
    outcome: Outcome | None = None
    scores: list[int] = field(default_factory=list)
    lost_tiles: list[int] = field(default_factory=list)


def game_seed(seed: int, index: int) -> int:
    """The seed of the `index`-th game of a run started with `seed`."""
    return random.Random(f"{seed}/game{index}").getrandbits(62)


def log_of(game: Game, strategies: Sequence[str]) -> GameLog:
    return GameLog(
        ruleset=game.rules.name, seed=game.seed, players=[p.name for p in game.players],
        strategies=list(strategies), board=getattr(game.rules.layout, "name", ""),
        random_board=bool(game.rules.random_board), professional=game.professional, time_limit=game.time_limit,
        turns=list(game.turns), adjustments=list(game.adjustments), outcome=game.outcome,
        scores=game.scores(), lost_tiles=list(game.lost_tiles))


def play_game(rules: Rules, judge: WordJudge, nodes, strategies: Sequence[str], seed: int, *,
              names: Sequence[str] | None = None, professional: bool | None = None,
              time_limit: str | None = None, multiword_first: int = 8,
              models: Sequence[PlayerModel] | None = None, audit: GameAudit | None = None,
              leaves=None, best_move: bool = True) -> Game:
    """Play a whole game; `nodes` is the KWG node array of the lexicon `judge` decides with.

    `leaves` (an `engine.leaves.LeaveTable`) are the leave values of the ``equity`` seats.
    `best_move` lets strategies that can pick their move by the generator's best-move mode
    (``choose_best``) do so; the move is the same, False lists every candidate instead.

    An `audit` is shown every turn (call its ``finish(game)`` afterwards for the problems).
    """
    rules = rules.for_game(seed)
    players = list(names) if names else [f"p{i + 1}" for i in range(len(strategies))]
    clock = ManualClock()
    game = Game(rules, judge, players, seed=seed, professional=professional, time_limit=time_limit, clock=clock)
    generator = MoveGenerator(rules, nodes, judge, multiword_first=multiword_first)
    seats = [get_strategy(name, leaves) for name in strategies]
    for player in seats:
        if hasattr(player, "bind"):
            player.bind(generator)
    rngs = [seat_rng(seed, seat) for seat in range(len(strategies))]
    models = list(models) if models else [PlayerModel()] * len(strategies)
    model_rngs = [random.Random(f"{seed}/{seat}/model") for seat in range(len(strategies))]
    if audit is not None:
        audit.start(game)
    cap = turn_cap(rules, len(players))
    while not game.over:
        if len(game.turns) >= cap:
            ending.finish(game, TURN_LIMIT)   # a safety net: no ruleset should get here
            break
        seat = game.current
        done, before, swappable = len(game.turns), game.board, game.swappable_jokers()
        move = moves = None
        if best_move and not models[seat].active and hasattr(seats[seat], "choose_best"):
            move = seats[seat].choose_best(game, generator, swappable, rngs[seat])
        if move is None:
            moves = generator.generate(before, game.player.rack, swappable)
            move = seats[seat].choose(game, moves, rngs[seat])
        if not (models[seat].active and _err_first(game, clock, move, moves, models[seat], model_rngs[seat])):
            game.play(move)
        for turn in game.turns[done:] if audit is not None else ():
            audit.turn(game, turn, before, swappable)
    return game


TURN_LIMIT = "turn_limit"


def seat_rng(seed: int, seat: int) -> random.Random:
    """The random source of a seat's strategy in the game of `seed`: its only use is the strategy's
    ``choose``, called once for every turn the seat plays (`sim_turn_seed` relies on that)."""
    return random.Random(f"{seed}/{seat}")


def sim_turn_seed(seed: int, seat: int, turns_before: int) -> int:
    """The draw seed a ``sim`` seat used for its turn after `turns_before` turns of its own in the game
    of `seed` (`Sim.choose` takes one 64-bit number from its seat's source every turn), so a simulated
    turn of a recorded game can be simulated again exactly (`lexicon-tools moves --record`)."""
    rng = seat_rng(seed, seat)
    for _ in range(turns_before):
        rng.getrandbits(64)
    return rng.getrandbits(64)


def turn_cap(rules: Rules, players: int) -> int:
    """Turns after which a test game is stopped: far more than any real game needs."""
    return 20 * (rules.total_tiles() + players * rules.rack_size) + 100


def _err_first(game: Game, clock: ManualClock, move, moves, model: PlayerModel, rng: random.Random) -> bool:
    """Spend the thinking time and maybe try a refused word first; True if that already ended the turn."""
    clock.advance(model.think(rng))
    if not isinstance(move, Place) or not model.invalid_rate or rng.random() >= model.invalid_rate:
        return False
    attempt = invalid_attempt(game, moves, rng)
    if attempt is None:
        return False
    before = len(game.turns)
    try:
        game.play(attempt)        # professional mode: the turn ends as invalid (or as a timeout)
    except InvalidWordError:
        clock.advance(model.think(rng))
    return len(game.turns) > before
