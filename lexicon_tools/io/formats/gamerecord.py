"""Game records: a GCG-like text format, with extensions for this project's games.

A record is UTF-8 text. Lines starting with ``#`` are pragmas (or comments,
when the word after ``#`` is not a known pragma); lines starting with ``>`` are
turns; blank lines are ignored. An example showing every kind of line (the syntax, not a real game)::

    #lexicon-tools-record 1
    #ruleset smartfeud
    #seed 421337
    #board smartfeud-16
    #player1 p1 greedy
    #player2 p2 random
    #professional no
    #time-limit none
    >p1: ADEIRT?? 8G TRIeDA +18 18
    >p2: EHNORSU H3 HO.NE +17 17
    >p1: EIRST?W take:J8 swap:K4 6E WITWE +28 46
    >p2: ACEINRS 9A NARCISsE & C7 T. +95 112
    >p1: AEL -AEL +0 46
    >p2: EEL - +0 112
    >p1: ABC (time) +0 46
    >p2: ABC (invalid 4D XYZ) +0 112
    >p1: DEF (resign) +0 46
    >p2: (DEF) +9 121
    >p1: (DEF) -9 37
    #end out
    #final p1 37 p2 121

**Pragmas.** ``#lexicon-tools-record 1`` (the format version, first line; required),
``#ruleset NAME``, ``#seed N`` (the game seed: it drives the bag, and a random
board), ``#board NAME`` (informational), ``#playerN NICK STRATEGY`` (seats in
order), ``#professional yes|no``, ``#time-limit SECONDS|none``, ``#end REASON``
(out, scoreless, resigned, passes_in_a_row, stopped or turn_limit) and
``#final NICK SCORE ...``.

``#racks recorded`` says the racks are the turn lines' own rather than dealt from
the seed (a game imported from GCG, `io.formats.gcg`).

`read_record` also reads a GCG file (first line ``#character-encoding`` or
``#playerN``), as `io.formats.gcg.parse_gcg` maps it; `format_recorded` writes
any `Record` (a parsed record or an imported GCG) in this format.

**Turns** (``>NICK: RACK MOVE SCORE TOTAL``, as in GCG): the rack before the
move (``?`` = blank), the move, the points (``+N``) and the player's total.
Moves:

* a placement ``POS WORD`` — ``8H`` across from row 8 column H, ``H8`` down;
  the word in full, tiles already on the board as ``.``, a blank as the
  lower-case letter it stands for (GCG conventions);
* ``-`` a pass, ``-TILES`` an exchange (GCG conventions).

Extensions beyond GCG:

* ``take:SQ`` before a placement: the board letter on SQ was taken first
  (SmartFeud); the placement must use it;
* ``swap:SQ`` before a placement: the joker on SQ was swapped for the natural
  tile first (Wortspieler); the placement must use the joker;
* ``&`` joins the lines of a multi-word turn (Wortspieler), in the order laid;
* ``(time)`` the turn timed out; ``(resign)`` the player resigned; a pass, timeout or
  resignation without its rack (``>NICK: - +0 12``) is one whose rack nobody wrote down
  (a table game exported by the table page; only with ``#racks recorded``);
  ``(invalid MOVE)`` a professional-mode attempt with an invalid word, which
  ended the turn;
* end adjustments: ``>NICK: (RACK) -N TOTAL`` a rack penalty,
  ``>NICK: (RACK) +N TOTAL`` the credit for going out (RACK = the others' tiles).

`lexicon-tools replay FILE` re-deals from the seed and re-validates and
re-scores every line (`lexicon_tools.engine.replay`).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from lexicon_tools.engine.replay import Record, RecordedAdjustment, RecordedTurn
from lexicon_tools.engine.runner import GameLog
from lexicon_tools.engine.tiles import TileText
from lexicon_tools.engine.turns import EXCHANGE, INVALID, PASS, PLACE, RESIGN, TIMEOUT
from lexicon_tools.errors import InputFileError
from lexicon_tools.io.guard.atomic import atomic_write_text
from lexicon_tools.io.guard.paths import file_kind
from lexicon_tools.textsafe import printable

FORMAT = "lexicon-tools-record"
VERSION = 1
MAX_RECORD_BYTES = 10_000_000  # a whole game is a few kilobytes
MAX_SCORE_DIGITS = 9   # far above any game; int() of thousands of digits is refused by Python itself
_TURN = re.compile(r"^>(?P<nick>[^:\s]+):\s*(?P<body>.*?)\s+(?P<score>[+-][0-9]+)\s+(?P<total>-?[0-9]+)\s*$")
_INT = re.compile(r"-?[0-9]+")  # ASCII digits only: int() would also read fullwidth and Arabic-Indic ones
_SECONDS = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def format_record(log: GameLog, text: TileText) -> str:
    lines = [f"#{FORMAT} {VERSION}", f"#ruleset {log.ruleset}", f"#seed {log.seed}", f"#board {log.board}"]
    lines += [f"#player{i + 1} {name} {strategy}" for i, (name, strategy) in enumerate(zip(log.players,
                                                                                           log.strategies))]
    lines.append(f"#professional {'yes' if log.professional else 'no'}")
    lines.append(f"#time-limit {'none' if log.time_limit is None else _number(log.time_limit)}")
    totals = dict.fromkeys(range(len(log.players)), 0)
    for turn in log.turns:
        totals[turn.seat] = turn.total
        lines.append(f">{log.players[turn.seat]}: {text.rack(turn.rack)} {_move_text(turn, text)} "
                     f"{turn.score:+d} {turn.total}")
    for adj in log.adjustments:
        totals[adj.seat] += adj.delta
        lines.append(f">{log.players[adj.seat]}: ({text.rack(adj.rack)}) {adj.delta:+d} {totals[adj.seat]}")
    if log.outcome is not None:
        lines.append(f"#end {log.outcome.reason}")
    lines.append("#final " + " ".join(f"{name} {score}" for name, score in zip(log.players, log.scores)))
    return "\n".join(lines) + "\n"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _move_text(turn, text: TileText) -> str:
    if turn.kind == PLACE:
        return turn.notation
    if turn.kind == INVALID:
        return f"(invalid {turn.notation})"
    if turn.kind == EXCHANGE:
        return "-" + text.rack(turn.move.tiles)
    return {PASS: "-", TIMEOUT: "(time)", RESIGN: "(resign)"}[turn.kind]


def write_record(path: str | Path, log: GameLog, text: TileText) -> None:
    atomic_write_text(path, format_record(log, text))


def read_record(path: str | Path, gcg_ruleset: str | None = None) -> Record:
    """Read and parse a record file; ``-`` reads standard input (a pipe is read whole, up to the cap).

    A GCG file is read too (`_parsed`); `gcg_ruleset` is then the ruleset it is replayed on
    (over its ``#ruleset`` line).

    Only a regular file is opened for reading: it is opened without blocking and
    checked with fstat, so a FIFO (which would hang), a device (``/dev/zero``
    would fill the memory) or a directory is named and refused. At most
    `MAX_RECORD_BYTES` are read: a whole game is a few kilobytes.
    """
    hint = "Give the path of a record written by `lexicon-tools play --record DIR` (or - for standard input)."
    if str(path) == "-":
        from lexicon_tools.io.guard.paths import stdin_binary

        return _parsed(_decoded(stdin_binary("game record").read(MAX_RECORD_BYTES + 1), "-"), "-", gcg_ruleset)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise InputFileError(f"game record {path} does not exist", hint) from None
    except OSError as exc:
        raise InputFileError(f"cannot read game record {path}: {exc.strerror}", hint) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise InputFileError(f"{path}: is {file_kind(mode)}, not a game record file", hint)
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise InputFileError(f"cannot read game record {path}: {exc.strerror}", hint) from None
    return _parsed(_decoded(data, str(path)), str(path), gcg_ruleset)


def format_recorded(record: Record) -> str:
    """The record text of a parsed `Record` (what `parse_record` reads back to the same record)."""
    lines = [f"#{FORMAT} {VERSION}", f"#ruleset {record.ruleset}", f"#seed {record.seed}"]
    if not record.dealt:
        lines.append("#racks recorded")
    strategies = list(record.strategies) + [""] * len(record.players)
    lines += [f"#player{i + 1} {nick} {strategies[i]}".rstrip() for i, nick in enumerate(record.players)]
    lines.append(f"#professional {'yes' if record.professional else 'no'}")
    lines.append(f"#time-limit {'none' if record.time_limit is None else _number(record.time_limit)}")
    for row in record.turns:
        move = {PLACE: row.text, INVALID: f"(invalid {row.text})", EXCHANGE: f"-{row.text}", PASS: "-",
                TIMEOUT: "(time)", RESIGN: "(resign)"}[row.kind]
        head = " ".join(part for part in (f">{row.player}:", row.rack, move) if part)    # a rackless pass
        lines.append(f"{head} {row.score:+d} {row.total}")
    lines += [f">{a.player}: ({a.rack}) {a.delta:+d} {a.total}" for a in record.adjustments]
    if record.end:
        lines.append(f"#end {record.end}")
    if record.finals:
        lines.append("#final " + " ".join(f"{nick} {score}" for nick, score in record.finals.items()))
    return "\n".join(lines) + "\n"


def _parsed(content: str, source: str, gcg_ruleset: str | None = None) -> Record:
    """A record or, when its first line says so, a GCG file (`io.formats.gcg`)."""
    from lexicon_tools.io.formats.gcg import looks_like_gcg, parse_gcg

    first = next((ln for ln in content.splitlines() if ln.strip()), "")
    if looks_like_gcg(printable(first)):
        return parse_gcg(content, source, gcg_ruleset)
    return parse_record(content, source)


def _decoded(data: bytes, source: str) -> str:
    if len(data) > MAX_RECORD_BYTES:
        raise InputFileError(f"{source}: more than {MAX_RECORD_BYTES:,} bytes, far more than a game record "
                             "(a few kilobytes)", "Check that this is a record written by `lexicon-tools play "
                             "--record DIR`.")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputFileError(f"{source}:{line}: not UTF-8 text (byte {exc.start})",
                             "Records are UTF-8 text files.") from None


def parse_record(content: str, source: str = "<record>") -> Record:
    header: dict[str, str] = {}
    players: list[tuple[str, str]] = []
    turns, adjustments, finals = [], [], {}
    seen_format = False
    for number, raw in enumerate(content.splitlines(), start=1):
        line = printable(raw).strip()  # a received record's text never reaches the terminal raw
        if not line:
            continue
        if not seen_format:
            if line.partition(" ")[0] != f"#{FORMAT}":
                raise _bad(source, number, f"the record does not start with its header line '#{FORMAT} {VERSION}'",
                           "Give a record written by `lexicon-tools play --record DIR`, or a GCG file "
                           "(first line #character-encoding UTF-8 or #player1 NICK NAME).")
            seen_format = True
        if line.startswith("#"):
            _pragma(line, number, source, header, players, finals)
        elif line.startswith(">"):
            _turn_line(line, number, source, turns, adjustments)
        else:
            raise _bad(source, number, f"unexpected line {line[:40]!r}", "Turn lines start with '>', pragmas with '#'.")
    for key in ("ruleset", "seed"):
        if key not in header:
            raise _bad(source, 1, f"the record has no #{key} line", "Records replay from their ruleset and seed.")
    if not players:
        raise _bad(source, 1, "the record names no players", "Add #player1 NICK STRATEGY lines.")
    try:
        if len(header["seed"]) > 40 or len(header.get("time-limit", "")) > 40:
            raise ValueError("too many digits")
        if not _INT.fullmatch(header["seed"]):
            raise ValueError(f"{header['seed'][:20]!r} is not a whole number")
        seed = int(header["seed"])
        limit = None if header.get("time-limit", "none") == "none" else _time_limit(header["time-limit"])
    except ValueError as exc:
        raise _bad(source, 1, f"bad #seed or #time-limit value ({exc})") from None
    return Record(source, header["ruleset"], seed, [n for n, _ in players], [s for _, s in players],
                  header.get("professional", "no") == "yes", limit, turns, adjustments, header.get("end"), finals,
                  dealt=header.get("racks", "seed") != "recorded")


def _time_limit(text: str) -> float:
    """A record's #time-limit in seconds: ASCII digits, more than 0 and at most 30 days (as in rulesets)."""
    from lexicon_tools.model.ruleset import MAX_TIME_LIMIT

    if not _SECONDS.fullmatch(text) or not 0 < float(text) <= MAX_TIME_LIMIT:
        raise ValueError(f"{text[:20]!r} is not a number of seconds from 0 to {MAX_TIME_LIMIT:,} (30 days)")
    return float(text)


def _pragma(line, number, source, header, players, finals) -> None:
    key, _, value = line[1:].partition(" ")
    value = value.strip()
    if key == FORMAT:
        if value != str(VERSION):
            raise _bad(source, number, f"record format version {value} is not supported (this tool reads {VERSION})")
    elif re.fullmatch(r"player\d+", key):
        nick, _, strategy = value.partition(" ")
        players.append((nick, strategy.strip()))
    elif key == "final":
        parts = value.split()
        if len(parts) % 2:
            raise _bad(source, number, "#final needs NICK SCORE pairs")
        if any(len(parts[i]) > MAX_SCORE_DIGITS + 1 for i in range(1, len(parts), 2)):
            raise _bad(source, number, f"#final scores have at most {MAX_SCORE_DIGITS} digits")
        try:
            if not all(_INT.fullmatch(parts[i]) for i in range(1, len(parts), 2)):
                raise ValueError("not ASCII digits")
            finals.update({parts[i]: int(parts[i + 1]) for i in range(0, len(parts), 2)})
        except ValueError:
            raise _bad(source, number, "#final scores must be whole numbers") from None
    elif key == "racks" and value not in ("seed", "recorded"):
        raise _bad(source, number, f"#racks {value[:20]!r}: write 'seed' (dealt from #seed) or 'recorded'")
    elif key in ("ruleset", "seed", "board", "professional", "time-limit", "end", "racks"):
        header[key] = value


def _turn_line(line, number, source, turns, adjustments) -> None:
    from lexicon_tools.io.formats.gcg import rackless

    m = _TURN.match(line)
    if not m:
        raise _bad(source, number, f"cannot read the turn {line[:60]!r}",
                   "Write >NICK: RACK MOVE +SCORE TOTAL, e.g. >p1: AEHSTU? 8H HAUS +12 12.")
    if max(len(m["score"]), len(m["total"])) > MAX_SCORE_DIGITS:
        raise _bad(source, number, f"the score or total has more than {MAX_SCORE_DIGITS} digits",
                   "Scores in a record are the game's points, e.g. +12 12.")
    nick, body, score, total = m["nick"], m["body"].split(), int(m["score"]), int(m["total"])
    if rackless(body, score):                   # a pass, timeout or resignation without its rack (GCG too)
        turns.append(RecordedTurn(number, nick, "", _kind(body[0])[0], "", score, total))
        return
    if len(body) == 1 and body[0].startswith("(") and body[0].endswith(")"):
        adjustments.append(RecordedAdjustment(number, nick, body[0][1:-1], score, total))
        return
    if not body:
        raise _bad(source, number, "the turn has no rack and no move")
    rack, move = body[0], " ".join(body[1:])
    kind, text = _kind(move)
    if kind is None:
        raise _bad(source, number, f"cannot read the move {move!r}",
                   "Use a placement (8H HAUS), - (pass), -TILES (exchange), (time), (resign) or (invalid MOVE).")
    turns.append(RecordedTurn(number, nick, rack, kind, text, score, total))


def _kind(move: str) -> tuple[str | None, str]:
    if move == "-":
        return PASS, ""
    if move.startswith("-") and " " not in move:
        return EXCHANGE, move[1:]
    if move == "(time)":
        return TIMEOUT, ""
    if move == "(resign)":
        return RESIGN, ""
    if move.startswith("(invalid ") and move.endswith(")"):
        return INVALID, move[len("(invalid "):-1].strip()
    if move and not move.startswith("("):
        return PLACE, move
    return None, ""


def _bad(source: str, line: int, what: str, hint: str = "") -> InputFileError:
    return InputFileError(f"{source}:{line}: {what}", hint or "See the record format in `lexicon_tools.io.formats.gamerecord`.")
