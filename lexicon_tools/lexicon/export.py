"""Export formats of a loaded lexicon, as bytes (the CLI writes them atomically).

* ``kwg``: the node array, little-endian, exactly what wolges, Macondo and MAGPIE load;
* ``kad``: the alphagram DAWG (`lexicon_tools.lexicon.alphagram`);
* ``txt``: the legal words, one per line, UTF-8, in tile order;
* ``json``: the metadata (alphabet, ruleset, provenance, counts), no word data.
"""

from __future__ import annotations

import json

from lexicon_tools.lexicon.lexicon import Lexicon, lexicon_summary


def export_bytes(lexicon: Lexicon, fmt: str) -> bytes:
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
