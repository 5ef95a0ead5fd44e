"""Remember which word graphs passed the structural check, so a lexicon's graph is walked once.

`Lexicon.check_graph` (`lexicon.kwg_check`) visits every node of a KWG so that a crafted file
cannot make a walk hang or read out of bounds: ~0.8 s for the 1.8M-node default Webfeud
lexicon, paid by every `play`, `sweep`, `replay` and `serve` start. Its verdict depends only
on the graph's bytes, the alphabet's size and the checker's code, so a pass is recorded as an
empty marker file named by the SHA-256 over those three (hashing 10 MB takes ~20 ms), under
``<user data dir>/cache/graph-checked/`` (``LEXICON_TOOLS_HOME`` or the XDG data home).

Why markers, not a list: creating an empty file is atomic and needs no lock when two
processes check at once. A graph that fails is never recorded, so a crafted file is refused
on every load; a graph checked by other checker code is checked again. The .lex header's
magic, version and checksum are verified on every load regardless. A marker that cannot be
written (read-only or full disk) costs only the next load the check again.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path


def folder() -> Path:
    from lexicon_tools.resources import user_data_dir

    return user_data_dir() / "cache" / "graph-checked"


@lru_cache(maxsize=1)
def checker_digest() -> str:
    """SHA-256 of the code a verdict depends on: the checker, the KWG reader, the package version."""
    from lexicon_tools import __version__
    from lexicon_tools.lexicon import kwg, kwg_check

    digest = hashlib.sha256(__version__.encode())
    for module in (kwg_check, kwg):
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()


def graph_key(graph: bytes | memoryview, letters: int) -> str:
    digest = hashlib.sha256(checker_digest().encode())
    digest.update(letters.to_bytes(2, "little"))
    digest.update(graph)
    return digest.hexdigest()


def passed_before(key: str) -> bool:
    return (folder() / key).is_file()


def remember_pass(key: str) -> None:
    try:
        target = folder()
        target.mkdir(parents=True, exist_ok=True)
        (target / key).touch()
    except OSError:
        pass      # only a cache: the next load checks again
