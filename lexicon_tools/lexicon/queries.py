"""Word-finding queries that walk the DAWG: anagrams (with blanks) and patterns.

Both are depth-first walks over the DAWG that prune as soon as the prefix
cannot lead anywhere, so they touch only the part of the graph that matches
instead of scanning the word list. Every DAWG path is visited at most once,
so results need no deduplication.

* Anagrams: the rack is a count per tile plus a number of blanks. At each arc
  a real tile is used when the rack has one, else a blank: using the real tile
  never loses a word (the blank can still stand for anything later), so trying
  the blank as well would only repeat the same word.
* Patterns: ``?`` is one letter and ``*`` any run of letters (possibly none).
  The pattern is an NFA over token positions; the walk carries the set of live
  positions as a bit mask (Thompson's construction simulated along each path).
"""

from __future__ import annotations

from dataclasses import dataclass

from lexicon_tools.errors import UsageError
from lexicon_tools.lexicon.kwg import ACCEPT_BIT, CHILD_MASK, END_BIT, Kwg
from lexicon_tools.model.alphabet import Alphabet

BLANK = "?"
STAR = "*"


@dataclass(frozen=True)
class Match:
    tiles: bytes
    blanks: tuple[int, ...] = ()  # positions played with a blank

    def render(self, alphabet: Alphabet, mark_blanks: bool = True) -> str:
        text = alphabet.decode(self.tiles)
        if not mark_blanks or not self.blanks:
            return text
        return "".join(ch.lower() if i in self.blanks else ch for i, ch in enumerate(text))


def _encode_letters(text: str, alphabet: Alphabet, what: str) -> bytes:
    normalized = alphabet.to_tiles(text)
    if not normalized:
        return b""
    if not alphabet.is_tileable(normalized):
        bad = sorted({ch for ch in normalized if not alphabet.is_tileable(ch)})
        raise UsageError(f"{what} {text!r} contains {', '.join(map(repr, bad))}, which no tile shows",
                         f"Use the letters {''.join(alphabet.letters)}, '?' for a blank"
                         + (" and '*' for any run." if what == "pattern" else "."))
    return alphabet.encode(normalized)


def parse_rack(letters: str, alphabet: Alphabet) -> tuple[list[int], int]:
    """(count per tile number, blanks) for a rack like 'HAUS?'."""
    blanks = letters.count(BLANK)
    counts = [0] * (alphabet.size + 1)
    for tile in _encode_letters(letters.replace(BLANK, ""), alphabet, "rack"):
        counts[tile] += 1
    if blanks == 0 and sum(counts) == 0:
        raise UsageError("the rack is empty", "Give letters, e.g. `lexicon-tools anagram HAUS?`.")
    return counts, blanks


def anagrams(kwg: Kwg, counts: list[int], blanks: int, min_length: int = 1,
             max_length: int | None = None) -> list[Match]:
    """Words formed from the rack (a subset of it), length in [min_length, max_length]."""
    nodes = kwg.values
    rack = list(counts)
    out: list[Match] = []
    word = bytearray()
    used_blank: list[int] = []
    limit = sum(counts) + blanks if max_length is None else max_length

    def walk(p: int, blanks_left: int) -> None:
        while p:
            value = nodes[p]
            tile = value >> 24
            if rack[tile] > 0:
                rack[tile] -= 1
                _step(value, tile, blanks_left, False)
                rack[tile] += 1
            elif blanks_left:
                _step(value, tile, blanks_left - 1, True)
            p = 0 if value & END_BIT else p + 1

    def _step(value: int, tile: int, blanks_left: int, is_blank: bool) -> None:
        word.append(tile)
        if is_blank:
            used_blank.append(len(word) - 1)
        if value & ACCEPT_BIT and len(word) >= min_length:
            out.append(Match(bytes(word), tuple(used_blank)))
        child = value & CHILD_MASK
        if child and len(word) < limit:
            walk(child, blanks_left)
        if is_blank:
            used_blank.pop()
        word.pop()

    walk(kwg.dawg_root, blanks)
    out.sort(key=lambda m: (-len(m.tiles), m.tiles))
    return out


def parse_pattern(pattern: str, alphabet: Alphabet) -> list[int]:
    """Tokens: tile numbers, -1 for '?', -2 for '*' (runs of '*' collapse)."""
    tokens: list[int] = []
    literal = ""
    for ch in pattern.strip() + "\0":
        if ch in (BLANK, STAR, "\0"):
            tokens.extend(_encode_letters(literal, alphabet, "pattern"))
            literal = ""
            if ch == BLANK:
                tokens.append(-1)
            elif ch == STAR and (not tokens or tokens[-1] != -2):
                tokens.append(-2)
        else:
            literal += ch
    if not tokens:
        raise UsageError("the pattern is empty", "Give a pattern such as 'H?US*'.")
    return tokens


def _closure(tokens: list[int], mask: int) -> int:
    """Add the positions reachable by letting each '*' match nothing."""
    for i, token in enumerate(tokens):
        if mask >> i & 1 and token == -2:
            mask |= 1 << (i + 1)
    return mask


def pattern_matches(kwg: Kwg, tokens: list[int]) -> list[bytes]:
    """Every word matching the pattern, in sorted order."""
    nodes = kwg.values
    final = 1 << len(tokens)
    step_cache: dict[tuple[int, int], int] = {}
    out: list[bytes] = []
    word = bytearray()

    def advance(mask: int, tile: int) -> int:
        key = (mask, tile)
        if key not in step_cache:
            nxt = 0
            for i, token in enumerate(tokens):
                if mask >> i & 1:
                    if token == -2:
                        nxt |= 1 << i
                    elif token == -1 or token == tile:
                        nxt |= 1 << (i + 1)
            step_cache[key] = _closure(tokens, nxt)
        return step_cache[key]

    def walk(p: int, mask: int) -> None:
        while p:
            value = nodes[p]
            tile = value >> 24
            nxt = advance(mask, tile)
            if nxt:
                word.append(tile)
                if value & ACCEPT_BIT and nxt & final:
                    out.append(bytes(word))
                child = value & CHILD_MASK
                if child:
                    walk(child, nxt)
                word.pop()
            p = 0 if value & END_BIT else p + 1

    walk(kwg.dawg_root, _closure(tokens, 1))
    return out
