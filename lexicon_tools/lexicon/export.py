"""Export formats of a loaded lexicon, as bytes (the CLI writes them atomically).

* ``kwg``: the node array, little-endian, exactly what wolges, Macondo and MAGPIE load;
* ``kad``: the alphagram DAWG (`lexicon_tools.lexicon.alphagram`);
* ``txt``: the legal words, one per line, UTF-8, in tile order;
* ``json``: the metadata (alphabet, ruleset, provenance, counts), no word data;
* ``compact``: the compact word set the table page judges from offline (`lexicon.compact`).

Tile numbers in a KWG/KAD follow the ruleset's alphabet order; the bundled
German rulesets order their tiles as wolges, Macondo and Liwords do (A Ä B …
O Ö … U Ü … Z), so a default export loads in those engines as it is. An engine
whose alphabet orders the letters differently needs the graph renumbered:
``tile_order`` gives the engine's letter order (a leading ``?`` for the blank,
tile 0, is accepted), or a preset name from `PRESETS`, and the graph is rebuilt
with those numbers (siblings must stay sorted by tile). ``json`` with a tile
order describes the renumbered graph, so it matches the KWG exported with it.
"""

from __future__ import annotations

import json

from lexicon_tools.errors import UsageError
from lexicon_tools.lexicon.lexicon import Lexicon, lexicon_summary


def _umlauts_after_base(letters: tuple[str, ...]) -> str:
    """Each accented letter right after its base letter: A Ä B … O Ö … U Ü … Z (Latin alphabets)."""
    import unicodedata

    def key(letter: str) -> tuple[str, int]:
        base = unicodedata.normalize("NFD", letter)[0]
        return base, int(base != letter)

    return "".join(sorted(letters, key=key))


# Named letter orders of other engines, computed from the ruleset's alphabet.
PRESETS = {"wolges": _umlauts_after_base, "macondo": _umlauts_after_base, "liwords": _umlauts_after_base,
           "magpie": _umlauts_after_base}


def resolve_tile_order(lexicon: Lexicon, tile_order: str) -> str:
    """A preset name or a letter order (``?`` for the blank may lead) → the letter order."""
    preset = PRESETS.get(tile_order.strip().lower())
    if preset is not None:
        return preset(tuple(lexicon.alphabet.letters))
    return tile_order[1:] if tile_order.startswith("?") else tile_order


def renumbering(lexicon: Lexicon, tile_order: str) -> bytes:
    """A translation table old tile -> new tile for `tile_order` (a permutation of the letters, or a preset)."""
    letters = lexicon.alphabet.letters
    order = list(resolve_tile_order(lexicon, tile_order))
    if sorted(order) != sorted(letters):
        missing = "".join(sorted(set(letters) - set(order)))
        extra = "".join(sorted(set(order) - set(letters)))
        raise UsageError(f"--tile-order {tile_order!r} is not an ordering of the alphabet {''.join(letters)}"
                         + (f" (missing {missing})" if missing else "") + (f" (unknown {extra})" if extra else ""),
                         "Give every letter of the ruleset's alphabet exactly once, in the engine's order, "
                         f"or a preset: {', '.join(sorted(PRESETS))}.")
    table = bytearray(range(256))
    for old, letter in enumerate(letters, start=1):
        table[old] = order.index(letter) + 1
    return bytes(table)


def export_text_chunks(lexicon: Lexicon, words_per_chunk: int = 65_536):
    """The ``txt`` export as UTF-8 chunks of `words_per_chunk` lines: written as it is made, so memory
    stays flat whatever the word count."""
    decode, batch = lexicon.alphabet.decode, []
    for word in lexicon.kwg.words():
        batch.append(decode(word) + "\n")
        if len(batch) >= words_per_chunk:
            yield "".join(batch).encode("utf-8")
            batch = []
    if batch:
        yield "".join(batch).encode("utf-8")


def export_bytes(lexicon: Lexicon, fmt: str, tile_order: str | None = None) -> bytes:
    from lexicon_tools.lexicon.alphagram import alphagram_kwg_of, renumbered_kwg

    if fmt in ("kwg", "kad", "json") and tile_order:
        table = renumbering(lexicon, tile_order)
        if fmt == "kad":
            return alphagram_kwg_of(lexicon.kwg, table).to_bytes()
        graph = renumbered_kwg(lexicon.kwg, table)
        if fmt == "json":
            meta = lexicon_summary(lexicon)
            meta.update(kwg_nodes=len(graph), tile_order=resolve_tile_order(lexicon, tile_order))
            return (json.dumps(meta, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
        return graph.to_bytes()
    if fmt == "kwg":
        return lexicon.kwg.to_bytes()
    if fmt == "kad":
        return alphagram_kwg_of(lexicon.kwg).to_bytes()
    if fmt == "txt":
        return b"".join(export_text_chunks(lexicon))
    if fmt == "json":
        return (json.dumps(lexicon_summary(lexicon), ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
    if fmt == "compact":
        from lexicon_tools.lexicon.compact import compact_set

        return compact_set(lexicon).data
    raise ValueError(f"unknown export format {fmt!r}")
