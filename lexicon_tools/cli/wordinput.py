"""Words typed or pasted at the table (`check`, `judge`): invisible characters and length.

A word copied from a chat or web page may carry invisible characters (a right-to-left
mark, a zero-width space, a soft hyphen, a byte order mark). Echoed back they make
"✘ HAUS" look like a rejected valid word, so they are removed and named. A word far
longer than any board can hold is answered at once, without normalising it or searching
for suggestions (a 10 MB "word" would otherwise take minutes). Stdlib only: check path.
"""

from __future__ import annotations

import re

MAX_WORD_LENGTH = 64   # characters; boards are at most 26 squares wide
_INVISIBLE = {
    "\u00ad": "SOFT HYPHEN", "\u180e": "MONGOLIAN VOWEL SEPARATOR", "\u200b": "ZERO WIDTH SPACE",
    "\u200c": "ZERO WIDTH NON-JOINER", "\u200d": "ZERO WIDTH JOINER", "\u200e": "LEFT-TO-RIGHT MARK",
    "\u200f": "RIGHT-TO-LEFT MARK", "\u2060": "WORD JOINER", "\ufeff": "BYTE ORDER MARK",
    **{chr(c): f"BIDI CONTROL U+{c:04X}" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},
}


def visible(word: str) -> tuple[str, str]:
    """(word without invisible and control characters, their names joined by ', ' or '')."""
    if word.isprintable() and not any(ch in _INVISIBLE for ch in word):
        return word, ""
    names: dict[str, None] = {}
    kept = []
    for ch in word:
        if ch in _INVISIBLE:
            names[f"U+{ord(ch):04X} {_INVISIBLE[ch]}"] = None
        elif not ch.isprintable():
            names[f"U+{ord(ch):04X} control character"] = None
        else:
            kept.append(ch)
    return "".join(kept), ", ".join(names)


def too_long_result(word: str, length: int | None = None):
    """A rejection for a word longer than MAX_WORD_LENGTH (`length`: its real length if `word` is its start)."""
    length = len(word) if length is None else length
    if length <= MAX_WORD_LENGTH:
        return None
    from lexicon_tools.lexicon.lexicon import CheckResult

    return CheckResult(f"{word[:20]}… ({length:,} characters)", "", False, "length")


CHUNK_CHARS = 1 << 16
_SPACE = re.compile(r"\s")


def text_pieces(stream, chunk: int = CHUNK_CHARS):
    """The text of a binary stream as it arrives: what one read returns (at most `chunk` bytes), decoded
    as UTF-8 (bad bytes replaced). A pipe fed line by line gets each line answered at once."""
    import codecs

    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    read = getattr(stream, "read1", stream.read)
    while True:
        data = read(chunk)
        text = decoder.decode(data, final=not data)
        if text:
            yield text
        if not data:
            return


def iter_words(pieces, chunk: int = CHUNK_CHARS):
    """(word, length) for the whitespace-separated words in an iterable of text pieces of at most
    about `chunk` characters (`text_pieces`).

    `judge` reads a pipe with this, so memory stays flat whatever the input: a word longer
    than a chunk is counted, not kept, and comes as its first 20 characters with its real
    length (answered at once as too long), so a 1.5 GB line costs one chunk, not 3 GB.
    """
    carry, overlong, head = "", 0, ""
    for text in pieces:
        if overlong:
            space = _SPACE.search(text)
            if space is None:
                overlong += len(text)
                continue
            cut = space.start()
            yield head, overlong + cut
            overlong, text = 0, text[cut:]
        parts = (carry + text).split()
        carry = parts.pop() if parts and not text[-1].isspace() else ""
        for word in parts:
            yield word, len(word)
        if len(carry) > chunk:
            overlong, head, carry = len(carry), carry[:20], ""
    if overlong:
        yield head, overlong
    elif carry:
        yield carry, len(carry)
