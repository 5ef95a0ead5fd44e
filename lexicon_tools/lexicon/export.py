"""Export formats of a loaded lexicon, as bytes (the CLI writes them atomically).

* ``kwg``: the node array, little-endian, exactly what wolges, Macondo and MAGPIE load;
* ``kad``: the alphagram DAWG (`lexicon_tools.lexicon.alphagram`);
* ``txt``: the legal words, one per line, UTF-8, in tile order;
* ``json``: the metadata (alphabet, ruleset, provenance, counts), no word data.

Tile numbers in a KWG/KAD follow the ruleset's alphabet order. An engine whose
alphabet orders the letters differently (wolges' German one puts Ä after A)
needs the graph renumbered: ``tile_order`` gives the engine's letter order and
the graph is rebuilt with those numbers (siblings must stay sorted by tile).
"""

from __future__ import annotations

import json

from lexicon_tools.errors import UsageError
from lexicon_tools.lexicon.lexicon import Lexicon, lexicon_summary


def renumbering(lexicon: Lexicon, tile_order: str) -> bytes:
    """A translation table old tile -> new tile for `tile_order` (a permutation of the letters)."""
    letters = lexicon.alphabet.letters
    order = list(tile_order)
    if sorted(order) != sorted(letters):
        missing = "".join(sorted(set(letters) - set(order)))
        extra = "".join(sorted(set(order) - set(letters)))
        raise UsageError(f"--tile-order {tile_order!r} is not an ordering of the alphabet {''.join(letters)}"
                         + (f" (missing {missing})" if missing else "") + (f" (unknown {extra})" if extra else ""),
                         "Give every letter of the ruleset's alphabet exactly once, in the engine's order.")
    table = bytearray(range(256))
    for old, letter in enumerate(letters, start=1):
        table[old] = order.index(letter) + 1
    return bytes(table)


def export_bytes(lexicon: Lexicon, fmt: str, tile_order: str | None = None) -> bytes:
    if fmt in ("kwg", "kad") and tile_order:
        table = renumbering(lexicon, tile_order)
        words = [w.translate(table) for w in lexicon.kwg.words()]
        if fmt == "kwg":
            from lexicon_tools.lexicon.kwg import build_kwg

            return build_kwg(words).to_bytes()
        from lexicon_tools.lexicon.alphagram import build_alphagram_kwg

        return build_alphagram_kwg(words).to_bytes()
    if fmt == "kwg":
        return lexicon.kwg.to_bytes()
    if fmt == "kad":
        from lexicon_tools.lexicon.alphagram import build_alphagram_kwg

        return build_alphagram_kwg(lexicon.kwg.words()).to_bytes()
    if fmt == "txt":
        decode = lexicon.alphabet.decode
        return "".join(decode(w) + "\n" for w in lexicon.kwg.words()).encode("utf-8")
    if fmt == "json":
        return (json.dumps(lexicon_summary(lexicon), ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
    raise ValueError(f"unknown export format {fmt!r}")
