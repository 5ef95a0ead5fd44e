"""Replay a recorded game: re-deal from its seed, re-validate and re-score every turn.

A `Record` is the parsed content of a game record (see `lexicon_tools.io.formats.gamerecord`
for the text format): the set-up (ruleset, seed, players, professional mode,
time limit) and one `RecordedTurn` per line. `replay` starts a fresh `Game`
with the same seed — so the bag deals the same tiles — and for every turn
checks that the right player moves, that their rack is the recorded one, that
the move is legal and that it scores the recorded points and total. The end
adjustments are checked line by line — who, the rack text, the points and the
running total — and so are the end reason and the final scores. A record
without its ``#end`` line is refused (it may have been cut off mid-game)
unless ``partial`` is asked for. Any difference raises `IllegalMoveError`
naming the record and line.

A record whose racks are not dealt from a seed (``dealt=False``: a game imported
from GCG, where each turn line shows the mover's rack but the bag's order is
unknown) is replayed with the recorded racks instead: before each turn the
mover's rack is set to the one recorded, taken from the tiles not on the board
(the bag and the mover's rack first; from another player's rack only what those
lack, that rack then refilled from the bag). So a rack set at its own turn stays
as it was until that player moves again (a scoreless end leaves each player the
rack of their last line), and once the bag is empty the opponent's rack is
exactly the unseen tiles: the end game and the end adjustments are checked as
for a dealt game. A rack that needs tiles no longer unseen is refused, naming the line.
Such a record needs no ``#end`` line: the replay says whether the game ended. In such a
record a scoreless turn (pass, timeout, resignation) may have no rack (``""``: a table game
exported by the table page, where nobody wrote the rack down): the mover keeps the rack they hold.

`replay` takes an optional ``observe(game, row)`` callback, called just before
each turn is played (the mover's rack already the recorded one): what
`jobs.annotate` ranks the alternatives with.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from lexicon_tools.engine.clock import ManualClock
from lexicon_tools.engine.game import Game
from lexicon_tools.engine.judge import WordJudge
from lexicon_tools.engine.moves import Exchange, Move, Pass, Resign
from lexicon_tools.engine.notation import parse_place
from lexicon_tools.engine.rules import Rules
from lexicon_tools.engine.tiles import RACK_BLANK
from lexicon_tools.engine.turns import EXCHANGE, INVALID, PASS, PLACE, RESIGN, TIMEOUT, Turn
from lexicon_tools.errors import IllegalMoveError


@dataclass(frozen=True)
class RecordedTurn:
    line: int
    player: str
    rack: str
    kind: str
    text: str            # the notation (place/invalid), the exchanged tiles, or ""
    score: int
    total: int


@dataclass(frozen=True)
class RecordedAdjustment:
    line: int
    player: str
    rack: str
    delta: int
    total: int


@dataclass
class Record:
    source: str
    ruleset: str
    seed: int
    players: list[str]
    strategies: list[str] = field(default_factory=list)
    professional: bool = False
    time_limit: float | None = None
    turns: list[RecordedTurn] = field(default_factory=list)
    adjustments: list[RecordedAdjustment] = field(default_factory=list)
    end: str | None = None
    finals: dict[str, int] = field(default_factory=dict)
    dealt: bool = True       # racks dealt from the seed; False: the racks are the record's (GCG)


def replay(record: Record, rules: Rules, judge: WordJudge, partial: bool = False, observe=None) -> Game:
    """Re-play `record` under `rules` with `judge`; returns the finished game (or, if `partial`, the current one).

    `observe(game, row)`, when given, is called before each turn is played."""
    if record.end is None and not partial and record.dealt:
        last = record.turns[-1].line if record.turns else 0
        raise IllegalMoveError(f"{_where(record, last)}: the record has no #end line, so it may be cut off "
                               "mid-game", "Replay it with --partial to check the turns it has.")
    rules = rules.for_game(record.seed)
    clock = ManualClock()
    game = Game(rules, judge, record.players, seed=record.seed, professional=record.professional,
                time_limit=record.time_limit, clock=clock)
    for row in record.turns:
        _check_turn(record, game, row, _play(record, game, row, clock, observe))
    _check_end(record, game)
    return game


def _where(record: Record, line: int) -> str:
    return f"{record.source}:{line}"


def _play(record: Record, game: Game, row: RecordedTurn, clock: ManualClock, observe=None) -> Turn:
    where = _where(record, row.line)
    if game.over:
        raise IllegalMoveError(f"{where}: the game was already over ({game.outcome.reason})")
    if row.player != game.player.name:
        raise IllegalMoveError(f"{where}: it is {game.player.name}'s turn, the record has {row.player} moving")
    if not record.dealt and row.rack:
        deal_recorded(game, row, where)
    rack = game.text.rack(game.player.rack)
    if (record.dealt or row.rack) and row.rack != rack:
        raise IllegalMoveError(f"{where}: the seed deals {game.player.name} the rack {rack}, "
                               f"the record says {row.rack}",
                               "Records replay only with the seed, ruleset and lexicon they were played with.")
    if observe is not None:
        try:
            observe(game, row)
        except IllegalMoveError as exc:        # the observer met the illegal move first: locate it as well
            raise IllegalMoveError(f"{where}: {exc.message}", exc.hint) from None
    if row.kind == TIMEOUT:
        if game.time_limit is None:
            raise IllegalMoveError(f"{where}: a timeout in a game without a time limit")
        clock.advance(game.time_limit + 1)
        return game.expire()
    try:
        return game.play(_move(game, row))
    except IllegalMoveError as exc:
        raise IllegalMoveError(f"{where}: {exc.message}", exc.hint) from None


def deal_recorded(game: Game, row: RecordedTurn, where: str) -> None:
    """Give the mover the recorded rack from the unseen tiles; refill the others' racks from the rest."""
    try:
        wanted = game.text.parse_rack(row.rack)
    except ValueError as exc:
        raise IllegalMoveError(f"{where}: the rack {row.rack!r}: {exc}", _letters_hint(game)) from None
    free = Counter(game.bag.tiles) + Counter(game.player.rack)
    short = Counter(wanted) - free
    others = [p for p in game.players if p is not game.player]
    sizes = {p.seat: len(p.rack) for p in others}
    for p in others:                  # only what the bag and the mover's rack lack is taken from the others
        held = Counter(p.rack)
        take = Counter({t: min(n, held[t]) for t, n in short.items() if held[t]})
        if take:
            p.rack = sorted((held - take).elements())
            free += take
            short -= take
    if short:
        unseen = free + sum((Counter(p.rack) for p in others), Counter())
        raise IllegalMoveError(f"{where}: the rack {row.rack} needs {game.text.rack(short.elements())}, which "
                               f"{'is' if sum(short.values()) == 1 else 'are'} no longer unseen (on the board "
                               "or beyond the ruleset's tile distribution)",
                               f"The unseen tiles are {game.text.rack(sorted(unseen.elements()))}; check the rack "
                               "and the ruleset (--ruleset).")
    free -= Counter(wanted)
    rest = sorted(free.elements())
    game.rng.shuffle(rest)
    for p in others:                  # refill a rack that gave tiles up, from the bag's tiles
        n = min(sizes[p.seat] - len(p.rack), len(rest))
        if n > 0:
            p.rack, rest = sorted(p.rack + rest[:n]), rest[n:]
    game.player.rack = sorted(wanted)
    game.bag.tiles = rest
    if game.extra_blank_pending and game.current == 0 and RACK_BLANK not in wanted:
        game.extra_blank_pending = False      # the starter holds no extra blank to lose (as set_position)
    game._turn_rack = tuple(game.player.rack)


def recorded_move(game: Game, row: RecordedTurn) -> Move | None:
    """The `Move` a recorded turn plays in `game` (None for a timeout)."""
    return None if row.kind == TIMEOUT else _move(game, row)


def _move(game: Game, row: RecordedTurn) -> Move:
    if row.kind in (PLACE, INVALID):
        return parse_place(game.rules, game.board, row.text, game.text)
    if row.kind == PASS:
        return Pass()
    if row.kind == RESIGN:
        return Resign()
    if row.kind == EXCHANGE:
        try:
            return Exchange(tuple(game.text.parse_rack(row.text)))
        except ValueError as exc:
            raise IllegalMoveError(f"exchange {row.text!r}: {exc}", _letters_hint(game)) from None
    raise IllegalMoveError(f"unknown turn kind {row.kind!r}")


def _letters_hint(game: Game) -> str:
    return f"Use the letters {''.join(game.rules.alphabet.letters)} and {game.rules.blank_symbol} for a blank."


def _check_turn(record: Record, game: Game, row: RecordedTurn, turn: Turn) -> None:
    where = _where(record, row.line)
    if turn.kind != row.kind:
        detail = f" ({turn.note})" if turn.note else ""
        raise IllegalMoveError(f"{where}: the record has a {row.kind} turn, the rules make it a {turn.kind}{detail}")
    if turn.score != row.score:
        raise IllegalMoveError(f"{where}: {row.text or row.kind} scores {turn.score}, the record says {row.score}",
                               f"Words: {', '.join(f'{w} {s}' for w, s in turn.words) or 'none'}"
                               + (f"; bonus {turn.bingo}" if turn.bingo else ""))
    if turn.total != row.total:
        raise IllegalMoveError(f"{where}: {row.player}'s total is {turn.total}, the record says {row.total}")


def _actual_adjustments(game: Game) -> list[tuple[str, str, int, int]]:
    """(player, rack text, points, running total) of each end adjustment, as a record writes them."""
    totals = {p.seat: p.score - sum(a.delta for a in game.adjustments if a.seat == p.seat) for p in game.players}
    out = []
    for adj in game.adjustments:
        totals[adj.seat] += adj.delta
        out.append((game.players[adj.seat].name, game.text.rack(adj.rack), adj.delta, totals[adj.seat]))
    return out


def _check_end(record: Record, game: Game) -> None:
    expected = [(a.player, a.rack, a.delta, a.total) for a in record.adjustments]
    actual = _actual_adjustments(game)
    for index in range(max(len(expected), len(actual))):
        want = expected[index] if index < len(expected) else None
        got = actual[index] if index < len(actual) else None
        if want != got:
            line = (record.adjustments[index].line if index < len(record.adjustments)
                    else record.turns[-1].line if record.turns else 0)
            show = lambda a: f">{a[0]}: ({a[1]}) {a[2]:+d} {a[3]}" if a else "no line"  # noqa: E731
            raise IllegalMoveError(f"{_where(record, line)}: the end-of-game adjustment is {show(got)}, "
                                   f"the record has {show(want)}",
                                   "End adjustments follow from the racks left, the ruleset's rack penalty "
                                   "(end.rack_penalty) and who is credited (end.credit_penalties_to); they "
                                   "cannot be edited.")
    if record.end and (game.outcome is None or game.outcome.reason != record.end):
        raise IllegalMoveError(f"{record.source}: the record says the game ended ({record.end}), the replay ends "
                               f"{'with ' + game.outcome.reason if game.outcome else 'still running'}")
    for name, score in record.finals.items():
        actual_score = next((p.score for p in game.players if p.name == name), None)
        if actual_score != score:
            raise IllegalMoveError(f"{record.source}: {name}'s final score is {actual_score}, the record says {score}")
