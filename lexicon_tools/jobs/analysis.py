"""`lexicon-tools moves`: the best moves of a position, read from a CGP, a game record or a text board.

A position becomes a `Game` in one of three ways:

* a **CGP** (`io.formats.cgp`): the board rows are set with `engine.setup.set_position`,
  the mover is seat 0 with the CGP's rack (the opponent's rack when the CGP gives
  it, else drawn from the unseen tiles), the bag is the rest of the tile
  distribution, and the scores and scoreless turns are the CGP's;
* a **game record** (``.gcg`` of `play --record`) and a turn number N: the record's
  first N-1 turns are replayed from its seed (`engine.replay`, checked line by line),
  so the bag, the racks, the jokers' ages and the end-game state are exactly the
  game's; the move the record played at turn N is reported beside the ranking;
* a **text board file**: one line per board row, one character per square (``.``
  empty, a letter a tile, lower case a joker); ``#`` lines are comments. The rack
  comes from ``--rack``.

The ranking itself is `engine.ranking.rank_moves`. Every position is also
written back as a CGP, which `parse_cgp` reads to the same position.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from lexicon_tools.engine.rules import Rules
from lexicon_tools.errors import InputFileError, UsageError


MAX_BOARD_FILE = 64 * 1024     # a 16x16 board with comments is well under 1 kB


@dataclass
class MovesResult:
    cgp: str
    ruleset: str
    strategy: str
    mover: str
    bag: int
    generated: int
    candidates: list = field(default_factory=list)
    played: str | None = None          # the record's move at this turn (record positions)
    note: str | None = None
    sim_seed: int | None = None        # the play-outs' seed (--strategy sim)

    def as_dict(self) -> dict:
        out = {"ruleset": self.ruleset, "strategy": self.strategy, "mover": self.mover, "bag": self.bag,
               "position": self.cgp, "generated": self.generated, "played": self.played,
               "moves": [dict(rank=i, **c.as_dict()) for i, c in enumerate(self.candidates, start=1)]}
        if self.sim_seed is not None:
            out["sim_seed"] = self.sim_seed
        return out


def run_moves(ruleset: str | None, *, board: str | None = None, record: Path | None = None, turn: int | None = None,
              rack: str | None = None, top: int = 10, strategy: str | None = None, lexicon: Path | None = None,
              leaves: Path | None = None, seed: int | None = None, workers: int = 1) -> MovesResult:
    from lexicon_tools.engine.movegen.generator import MoveGenerator
    from lexicon_tools.engine.ranking import rank_moves, require_rankable
    from lexicon_tools.io.formats.leavefile import load_for
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.jobs.play import _base_name, open_judge

    if (board is None) == (record is None):
        raise UsageError("give the position either as --board (a CGP or a text board file) or as --record",
                         "Example: lexicon-tools moves --ruleset webfeud --record game.gcg --turn 5")
    if top < 1:
        raise UsageError(f"--top {top}: list at least one move", "Use --top 1 or more.")
    if workers < 1:
        raise UsageError(f"--workers {workers}: use at least one process", "Use --workers 1 or more.")
    seed_given = seed is not None
    if strategy is not None:
        strategy = require_rankable(strategy, sim=True)
    played, recorded = None, None
    if record is not None:
        from lexicon_tools.io.formats.gamerecord import read_record

        recorded = read_record(record, gcg_ruleset=ruleset)
        ruleset = ruleset or recorded.ruleset
    if ruleset is None:
        raise UsageError("no ruleset given", "Add --ruleset NAME (e.g. webfeud).")
    rs = load_ruleset(ruleset)
    rules = Rules.from_ruleset(rs)
    _path, judge = open_judge(rules, lexicon, ruleset, also_for=_base_name(rs.extends))
    if recorded is not None:
        game, played, seat_strategy, own_turns = _from_record(recorded, rules, judge, turn, record)
        strategy = strategy or (seat_strategy if _ranks(seat_strategy) else "equity")
        if seed is None and recorded.dealt and _is_sim(seat_strategy) and _is_sim(strategy):
            from lexicon_tools.engine.runner import sim_turn_seed

            seed = sim_turn_seed(recorded.seed, game.current, own_turns)   # the game's own draws
    else:
        if turn is not None:
            raise UsageError("--turn belongs to --record", "Drop --turn, or give the game record with --record.")
        game = _from_board(board, rules, judge, rack)
        strategy = strategy or "equity"
    if not _is_sim(strategy) and (seed_given or workers > 1):
        given = "--seed" if seed_given else f"--workers {workers}"
        raise UsageError(f"{given} belongs to --strategy sim (the moves are ranked by {strategy}, which draws "
                         "nothing and runs in one process)", f"Drop {given.split()[0]}, or add --strategy sim.")
    if rack is not None and recorded is not None:
        from lexicon_tools.engine.setup import set_position

        set_position(game, None, {game.current: _rack_text(rack, game)})
    table, note = (None, None)
    if strategy == "equity" or _is_sim(strategy):
        table, note = load_for(game.rules, leaves, also_for=_base_name(rs.extends))
    generator = MoveGenerator(game.rules, judge.kwg.nodes, judge)
    if _is_sim(strategy):
        seed = 0 if seed is None else seed
        candidates, generated, sim_note = _rank_by_sim(game, generator, strategy, table, top, seed, workers)
        note = " ".join(n for n in (note, sim_note) if n) or None
    else:
        candidates, generated = rank_moves(game, generator, strategy, table, top)
        seed = None
    unknown = recorded is not None and not recorded.dealt and len(game.bag) > 0   # a GCG shows one rack
    return MovesResult(position_cgp(game, rules.name, opponent_known=not unknown), rules.name, strategy, game.player.name, len(game.bag),
                       generated, candidates, played, note, seed)


def _is_sim(strategy: str | None) -> bool:
    from lexicon_tools.engine.strategy import strategy_base

    return bool(strategy) and strategy_base(strategy) == "sim"


def _ranks(strategy: str | None) -> bool:
    from lexicon_tools.engine.ranking import STRATEGIES

    return strategy in STRATEGIES or _is_sim(strategy)


def _rank_by_sim(game, generator, spec: str, leaves, top: int, seed: int, workers: int):
    from lexicon_tools.engine.sim.ranking import rank_by_sim
    from lexicon_tools.jobs.sim_pool import can_fork, parallel_runner

    candidates, generated, note = rank_by_sim(game, generator, spec, leaves, top, seed, parallel_runner(workers))
    if workers > 1 and not can_fork():
        note = " ".join(n for n in (note, "This platform cannot fork worker processes: the iterations ran "
                                    "in one process.") if n)
    return candidates, generated, note


def _rack_text(rack: str, game) -> str:
    try:
        game.text.parse_rack(rack)
    except ValueError as exc:
        raise UsageError(f"--rack {rack!r}: {exc}", f"Use the letters {''.join(game.rules.alphabet.letters)} "
                         f"and {game.rules.blank_symbol} for a blank.") from None
    return rack


def _from_record(recorded, rules: Rules, judge, turn: int | None, path: Path):
    """The game just before the record's turn `turn` (1-based), the move played there, the mover's strategy
    and how many turns the mover had played before."""
    from lexicon_tools.engine.replay import replay

    if turn is None:
        raise UsageError("a game record needs --turn N (the position before its N-th turn line)",
                         f"The record has turns 1-{len(recorded.turns)}.")
    if not 1 <= turn <= len(recorded.turns):
        raise UsageError(f"--turn {turn}: {path} has turns 1-{len(recorded.turns)}",
                         f"Use a turn between 1 and {len(recorded.turns)}.")
    head = dataclasses.replace(recorded, turns=recorded.turns[:turn - 1], adjustments=[], end=None, finals={})
    game = replay(head, rules, judge, partial=True)
    row = recorded.turns[turn - 1]
    if not recorded.dealt:          # a GCG: the mover's rack is the one its line shows
        from lexicon_tools.engine.replay import deal_recorded

        deal_recorded(game, row, f"{path}:{row.line}")
    played = {"place": row.text, "exchange": "-" + row.text, "pass": "-"}.get(row.kind, f"({row.kind})")
    seat = recorded.players.index(row.player) if row.player in recorded.players else game.current
    seat_strategy = recorded.strategies[seat] if seat < len(recorded.strategies) else None
    own_turns = sum(1 for earlier in recorded.turns[:turn - 1] if earlier.player == row.player)
    return game, played, seat_strategy, own_turns


def _from_board(board: str, rules: Rules, judge, rack: str | None):
    from lexicon_tools.io.formats.cgp import Position, parse_cgp

    path = Path(board)
    source = "--board"
    text = board
    if "/" not in board or (len(board) < 4096 and path.is_file()):
        if not path.is_file():
            raise InputFileError(f"--board {board}: no such file, and not a CGP (a CGP has '/' between its rows)",
                                 "Give a CGP string or the path of a text board file.")
        if path.stat().st_size > MAX_BOARD_FILE:
            raise InputFileError(f"--board {board}: {path.stat().st_size} bytes, a position file has at most "
                                 f"{MAX_BOARD_FILE}", "Give the file with the board rows or one CGP line.")
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise InputFileError(f"{board}: not UTF-8 text (byte {exc.start})", "Save the board as UTF-8.") from None
        source = str(path)
    lines = [ln.strip() for ln in text.splitlines()]
    content = [(n, ln) for n, ln in enumerate(lines, start=1) if ln and not ln.startswith("#")]
    letters = "".join(rules.alphabet.letters)
    if len(content) == 1 and "/" in content[0][1]:
        position = parse_cgp(content[0][1], rules.rows, rules.cols, letters, rules.blank_symbol,
                             source if source == "--board" else f"{source}:{content[0][0]}")
        if position.ruleset and position.ruleset != rules.name:
            raise InputFileError(f"{source}: the position is from ruleset {position.ruleset}, not {rules.name}",
                                 f"Use --ruleset {position.ruleset}.")
        if rack is not None:
            position = dataclasses.replace(position, rack=rack)
    else:
        position = Position(_text_rows(content, rules, source), rack or "")
        if rack is None:
            raise UsageError(f"{source} is a text board: it has no rack", "Add --rack TILES.")
    return game_of(position, rules, judge, source)


def _text_rows(content: list[tuple[int, str]], rules: Rules, source: str) -> tuple[str, ...]:
    if len(content) != rules.rows:
        raise InputFileError(f"{source}: {len(content)} board rows, the {rules.name} board has {rules.rows}",
                             f"Write one line per row, {rules.cols} characters each ('.' for an empty square).")
    allowed = set(rules.alphabet.letters) | {ch.lower() for ch in rules.alphabet.letters} | {"."}
    for n, line in content:
        if len(line) != rules.cols:
            raise InputFileError(f"{source}:{n}: the row has {len(line)} squares, the board {rules.cols}",
                                 f"Write {rules.cols} characters per row ('.' for an empty square).")
        for c, ch in enumerate(line):
            if ch not in allowed:
                raise InputFileError(f"{source}:{n}, column {chr(65 + c)}: {ch!r} is not a tile of {rules.name}",
                                     "Use '.' for an empty square, a letter for a tile, lower case for a joker.")
    return tuple(line for _n, line in content)


def game_of(position, rules: Rules, judge, source: str = "CGP"):
    """A `Game` whose mover (seat 0) faces `position`."""
    from lexicon_tools.engine.game import Game
    from lexicon_tools.engine.setup import set_position
    from lexicon_tools.model.layout import parse_square

    game_rules = rules.for_game(position.seed) if position.seed is not None else rules
    game = Game(game_rules, judge, 2, seed=position.seed or 0)
    racks = {0: position.rack}
    if position.opponent_rack:
        racks[1] = position.opponent_rack
    try:
        set_position(game, list(position.rows), racks)
    except (UsageError, ValueError) as exc:
        message = exc.message if isinstance(exc, UsageError) else str(exc)
        raise InputFileError(f"{source}: {message}", "A position holds at most the ruleset's tiles "
                             "(board, racks and bag together).") from None
    if not position.rack:
        raise InputFileError(f"{source}: the rack is empty", "Give the mover's tiles (the CGP's second field, "
                             "or --rack).")
    game.players[0].score, game.players[1].score = position.scores
    game.scoreless_run = position.zeros
    if position.swappable is not None:
        keep = {r * rules.cols + c for r, c in map(parse_square, position.swappable)}
        game.jokers = {sq: (seat, turn if sq in keep else -1) for sq, (seat, turn) in game.jokers.items()}
    return game


def position_cgp(game, ruleset: str, opponent_known: bool = True) -> str:
    """The CGP of the mover's position in `game` (the mover first; the opponent's rack if known)."""
    from lexicon_tools.io.formats.cgp import Position, write_cgp
    from lexicon_tools.model.layout import square_name

    rules, text = game.rules, game.text
    rows = tuple("".join(text.letter(code) if code else "." for code in game.board.cells[r * rules.cols:
                                                                                        (r + 1) * rules.cols])
                 for r in range(rules.rows))
    me = game.current
    other = (me + 1) % len(game.players)
    swappable = None
    allowed = game.swappable_jokers()
    if allowed is not None and rules.swap_enabled:
        swappable = tuple(square_name(*divmod(sq, rules.cols)) for sq in sorted(allowed))
    seed = game.seed if rules.random_board else None
    theirs = text.rack(game.players[other].rack) if opponent_known else None
    return write_cgp(Position(rows, text.rack(game.player.rack), theirs,
                              (game.players[me].score, game.players[other].score), game.scoreless_run,
                              None, ruleset, swappable, seed))
