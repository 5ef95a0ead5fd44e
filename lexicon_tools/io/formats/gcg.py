"""GCG game files (Quackle, Macondo, Woogles), read and written, mapped onto a named ruleset.

GCG is the common text format of crossword-game programs. It has pragma lines
(``#player1 NICK FULL NAME``, ``#character-encoding UTF-8``, ``#lexicon``,
``#title``, ``#note`` ...) and one line per event::

    >NICK: RACK POS WORD +SCORE TOTAL     a placement (8D across, D8 down)
    >NICK: RACK -ABC +0 TOTAL             an exchange of A, B and C
    >NICK: RACK - +0 TOTAL                a pass (``>NICK: - +0 TOTAL``: its rack not written down)
    >NICK: RACK -- -SCORE TOTAL           the placement just before was challenged off
    >NICK: RACK (challenge) +N TOTAL      a challenge bonus
    >NICK: RACK (time) -N TOTAL           an overtime penalty
    >NICK: (RACK) +N TOTAL                end of game: the others' tiles credited
    >NICK: RACK (RACK) -N TOTAL           end of game: the own tiles' penalty (also ``(RACK) -N``)

In a word a tile already on the board is ``.`` (Quackle, Macondo) or written in
parentheses, ``HA(U)S`` (both are read; ``.`` is written); a blank is the
lower-case letter it stands for; letters beyond A-Z (Ä, Ö, Ü) are written as
themselves in UTF-8.

**Mapping onto a ruleset.** A GCG names no board or tile set that these games
know, so it is replayed on a named ruleset (``--ruleset`` or the extension
pragma ``#ruleset NAME``): its board, premiums, tiles and rules. The bag's order
is unknown, so the game is replayed with the racks the lines show
(`Record.dealt` False, see `engine.replay`), and every move is re-validated and
re-scored; a score, a total or an end adjustment that the ruleset does not give
is refused, naming the line. A placement challenged off (``--``) becomes this
project's invalid turn (the turn is lost, 0 points), which the engine accepts
only in professional mode (pragma ``#professional yes``); a challenge bonus and
an overtime penalty have no counterpart in these rulesets and are refused.

Extensions, written and read (other GCG readers skip unknown pragmas):
``#ruleset NAME``, ``#seed N`` (random-board rulesets: the board of game N),
``#professional yes|no``; in a move the record notation's ``take:SQ``,
``swap:SQ`` and ``&`` (SmartFeud takes, Wortspieler joker swaps and multi-word
turns, see `io.formats.gamerecord`); ``(time) +0`` a turn that timed out and
``(resign) +0`` a resignation. A pass, timeout or resignation may have no rack (``>NICK: - +0 12``,
``>NICK: (resign) +0 12``), as the table page exports a game played on a physical board, where nobody
writes the racks down: the replay then leaves the mover the rack they hold (`engine.replay`).

Malformed lines are refused with `InputFileError` naming the source and line.
"""

from __future__ import annotations

import re

from lexicon_tools.engine.replay import Record, RecordedAdjustment, RecordedTurn
from lexicon_tools.engine.turns import EXCHANGE, INVALID, PASS, PLACE, RESIGN, TIMEOUT
from lexicon_tools.errors import InputFileError
from lexicon_tools.textsafe import printable

MAX_SCORE_DIGITS = 9
_TURN = re.compile(r"^>(?P<nick>[^:\s]+):\s*(?P<body>.*?)\s+(?P<score>[+-][0-9]+)\s+(?P<total>-?[0-9]+)\s*$")
_POSITION = re.compile(r"^(?:[0-9]+[A-Za-z]|[A-Za-z][0-9]+)$")
_SPECIAL = re.compile(r"^(?:take|swap):[A-Za-z][0-9]+$")
_RACK = re.compile(r"^[^\s()\-.]+$")
_HINT = ("Write >NICK: RACK POS WORD +SCORE TOTAL (e.g. >anna: AEHNRST 8D HAUS +12 12), - for a pass, "
         "-TILES for an exchange, -- for a play challenged off.")


def looks_like_gcg(first_line: str) -> bool:
    """Whether a file whose first non-blank line is `first_line` is a GCG (not this project's record)."""
    head = first_line.strip().split(" ", 1)[0]
    return head == "#character-encoding" or bool(re.fullmatch(r"#player[12]", head))


def parse_gcg(content: str, source: str = "<gcg>", ruleset: str | None = None) -> Record:
    """A `Record` (racks as recorded, `dealt` False) of a GCG text. `ruleset` overrides ``#ruleset``."""
    players: dict[int, tuple[str, str]] = {}
    header: dict[str, str] = {}
    turns: list[RecordedTurn] = []
    adjustments: list[RecordedAdjustment] = []
    for number, raw in enumerate(content.splitlines(), start=1):
        line = printable(raw).strip()
        if not line:
            continue
        if line.startswith("#"):
            _pragma(line, number, source, header, players)
        elif line.startswith(">"):
            _event(line, number, source, turns, adjustments, header)
        else:
            raise _bad(source, number, f"unexpected line {line[:40]!r}",
                       "GCG lines start with '#' (a pragma) or '>' (a move); notes belong after #note.")
    if not players:
        raise _bad(source, 1, "the file names no players", "A GCG starts with #player1 NICK NAME and "
                   "#player2 NICK NAME lines.")
    order = [players[k] for k in sorted(players)]
    nicks = [nick for nick, _ in order]
    for row in [*turns, *adjustments]:
        if row.player not in nicks:
            raise _bad(source, row.line, f"{row.player!r} is not one of the players ({', '.join(nicks)})",
                       "Each >NICK: must be a nick of a #playerN line.")
    name = ruleset or header.get("ruleset")
    if not name:
        raise _bad(source, 1, "the file names no ruleset to replay it on",
                   "Give --ruleset NAME (e.g. webfeud), or add a line '#ruleset NAME'.")
    seed = header.get("seed", "0")
    if not re.fullmatch(r"[0-9]{1,40}", seed):
        raise _bad(source, 1, f"#seed {seed[:20]!r} is not a whole number", "Write e.g. '#seed 42'.")
    return Record(source, name, int(seed), nicks, [full for _, full in order],
                  header.get("professional", "no") == "yes", None, turns, adjustments, None, {}, dealt=False)


def _pragma(line: str, number: int, source: str, header: dict, players: dict) -> None:
    key, _, value = line[1:].partition(" ")
    value = value.strip()
    m = re.fullmatch(r"player([0-9]{1,2})", key)
    if m:
        nick, _, full = value.partition(" ")
        if not nick or ":" in nick:
            raise _bad(source, number, f"#{key} needs a nick (no spaces, no ':')", "Write #player1 NICK FULL NAME.")
        if int(m.group(1)) in players or nick in (n for n, _ in players.values()):
            raise _bad(source, number, f"#{key} {nick}: a second line for the same seat or nick",
                       "Give each player one #playerN line with their own nick.")
        players[int(m.group(1))] = (nick, full.strip() or nick)
    elif key == "character-encoding" and value.upper().replace("_", "-") not in ("UTF-8", "UTF8"):
        raise _bad(source, number, f"the file says its encoding is {value[:20]!r}; only UTF-8 is read",
                   "Convert the file to UTF-8 (e.g. iconv -t UTF-8) and write #character-encoding UTF-8.")
    elif key in ("ruleset", "seed", "professional"):
        header[key] = value


def _event(line, number, source, turns, adjustments, header) -> None:
    m = _TURN.match(line)
    if not m:
        raise _bad(source, number, f"cannot read the line {line[:60]!r}", _HINT)
    if max(len(m["score"]), len(m["total"])) > MAX_SCORE_DIGITS + 1:
        raise _bad(source, number, f"the score or total has more than {MAX_SCORE_DIGITS} digits", _HINT)
    nick, body, score, total = m["nick"], m["body"].split(), int(m["score"]), int(m["total"])
    if not body:
        raise _bad(source, number, "the line has no rack and no move", _HINT)
    if rackless(body, score):                   # a scoreless turn whose rack nobody wrote down (a table game)
        turns.append(RecordedTurn(number, nick, "", {"-": PASS, "(resign)": RESIGN, "(time)": TIMEOUT}[body[0]],
                                  "", score, total))
        return
    if len(body) == 1 and _parenthesised(body[0]):                       # (RACK) +N: end-of-game points
        adjustments.append(RecordedAdjustment(number, nick, body[0][1:-1], score, total))
        return
    rack, move = body[0], body[1:]
    if not _RACK.match(rack):
        raise _bad(source, number, f"{rack!r} is not a rack", "The rack comes first: its tiles, ? for a blank.")
    if len(move) == 1 and _parenthesised(move[0]) and move[0][1:-1] not in ("challenge", "time", "resign"):
        adjustments.append(RecordedAdjustment(number, nick, move[0][1:-1], score, total))   # RACK (RACK) -N
        return
    if adjustments:
        raise _bad(source, number, "a move after the end-of-game points", "End-of-game lines come last.")
    kind, text = _kind(move, number, source, score)
    if kind == "withdrawn":
        prev = turns[-1] if turns else None
        if prev is None or prev.player != nick or prev.kind != PLACE:
            raise _bad(source, number, "'--' (a play challenged off) does not follow a placement by "
                       f"{nick}", "Put the -- line right after the placement it takes back.")
        if score != -prev.score or total != prev.total - prev.score:
            raise _bad(source, number, f"the challenged-off play scored {prev.score}: this line must take "
                       f"back -{prev.score} to {prev.total - prev.score}", "Write -- -SCORE TOTAL with the "
                       "play's score and the total before it.")
        turns[-1] = RecordedTurn(prev.line, nick, prev.rack, INVALID, prev.text, 0, total)
        return
    if kind in (PASS, EXCHANGE, TIMEOUT, RESIGN) and score != 0:
        raise _bad(source, number, f"a {kind} scores 0, this line {score:+d}", _HINT)
    turns.append(RecordedTurn(number, nick, rack, kind, text, score, total))


def _kind(move: list[str], number: int, source: str, score: int) -> tuple[str, str]:
    first = move[0] if move else ""
    if not move:
        raise _bad(source, number, "the line has a rack but no move", _HINT)
    if move == ["-"]:
        return PASS, ""
    if move == ["--"]:
        return "withdrawn", ""
    if len(move) == 1 and first.startswith("-"):
        tiles = first[1:]
        if tiles.isdigit():
            raise _bad(source, number, f"an exchange of {tiles} unnamed tiles", "Name the tiles put back "
                       "(-ABC): the replay needs them.")
        if not _RACK.match(tiles):
            raise _bad(source, number, f"{first!r} is not an exchange", "Write -TILES, e.g. -AEE.")
        return EXCHANGE, tiles
    if move == ["(challenge)"]:
        raise _bad(source, number, "a challenge bonus: the rulesets here have no challenges (an invalid word "
                   "is refused, or in professional mode ends the turn)", "Remove the line and take its points "
                   "off the following totals.")
    if move == ["(time)"]:
        if score:
            raise _bad(source, number, "an overtime penalty: the rulesets here have a time limit per turn, "
                       "not per game", "Remove the line and take its points off the following totals.")
        return TIMEOUT, ""
    if move == ["(resign)"]:
        return RESIGN, ""
    lines, current = [], []
    for token in move:
        if token == "&":
            lines.append(current)
            current = []
        else:
            current.append(token)
    lines.append(current)
    texts = []
    for i, part in enumerate(lines):
        specials = [t for t in part if _SPECIAL.match(t)] if i == 0 else []
        rest = part[len(specials):]
        if len(rest) != 2 or not _POSITION.match(rest[0]) or any(_SPECIAL.match(t) for t in rest):
            raise _bad(source, number, f"cannot read the move {' '.join(move)[:60]!r}", _HINT)
        texts.append(" ".join([*specials, rest[0], _dots(rest[1], number, source)]))
    return PLACE, " & ".join(texts)


def _dots(word: str, number: int, source: str) -> str:
    """A GCG word with board tiles in parentheses, ``HA(U)S``, as the record's ``HA.S``."""
    out, inside = [], False
    for ch in word:
        if ch == "(":
            if inside:
                raise _bad(source, number, f"unbalanced parentheses in {word!r}", "Write HA(U)S or HA.S.")
            inside = True
        elif ch == ")":
            if not inside:
                raise _bad(source, number, f"unbalanced parentheses in {word!r}", "Write HA(U)S or HA.S.")
            inside = False
        else:
            out.append("." if inside else ch)
    if inside or not out:
        raise _bad(source, number, f"unbalanced parentheses in {word!r}", "Write HA(U)S or HA.S.")
    return "".join(out)


def rackless(body: list[str], score: int) -> bool:
    """A pass, resignation or timeout without its rack: ``>NICK: - +0 12``, ``>NICK: (resign) +0 12``. Not an
    end-of-game line ``(RACK) -N``: those move points, a scoreless turn scores 0."""
    return len(body) == 1 and score == 0 and body[0] in ("-", "(resign)", "(time)")


def _parenthesised(token: str) -> bool:
    return len(token) > 2 and token[0] == "(" and token[-1] == ")"


def format_gcg(record: Record) -> str:
    """The GCG text of `record` (what `parse_gcg` reads back to the same turns and end adjustments)."""
    lines = ["#character-encoding UTF-8"]
    strategies = list(record.strategies) + [""] * len(record.players)
    lines += [f"#player{i + 1} {nick} {strategies[i] or nick}" for i, nick in enumerate(record.players)]
    lines.append(f"#ruleset {record.ruleset}")
    if record.seed:
        lines.append(f"#seed {record.seed}")
    if record.professional:
        lines.append("#professional yes")
    for row in record.turns:
        head = f">{row.player}: {row.rack}".rstrip()        # a scoreless turn may have no rack (`rackless`)
        if row.kind == PLACE:
            lines.append(f"{head} {row.text} {row.score:+d} {row.total}")
        elif row.kind == INVALID:     # the record keeps no score for an invalid word: +0, taken back
            lines.append(f"{head} {row.text} +0 {row.total}")
            lines.append(f"{head} -- -0 {row.total}")
        else:
            move = {EXCHANGE: f"-{row.text}", PASS: "-", TIMEOUT: "(time)", RESIGN: "(resign)"}[row.kind]
            lines.append(f"{head} {move} {row.score:+d} {row.total}")
    for adj in record.adjustments:
        lines.append(f">{adj.player}: ({adj.rack}) {adj.delta:+d} {adj.total}")
    return "\n".join(lines) + "\n"


def _bad(source: str, line: int, what: str, hint: str) -> InputFileError:
    return InputFileError(f"{source}:{line}: {what}", hint)
