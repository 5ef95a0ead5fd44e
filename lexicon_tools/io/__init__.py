"""Every file read and write of lexicon-tools, in five rooms; no module lives directly here.

- `formats`: one module per file format (`.lex`, `.leaves`, game records, JSONL, rulesets, layouts, ...);
- `guard`: hostile input and safe output (atomic writes, path checks, bounded XML and YAML);
- `cache`: content-addressed caches of expensive results (import corpus, graph check);
- `pictures`: board pictures and heatmaps;
- `readers`: every dictionary format as one stream of entries.

io may import the core (`model`, `policy`, `lexicon`, `board`, `engine`, `morph`), never `jobs`, `ui`
or an entry point (`cli`, `web`, `experiments`); `tests/test_layers.py` holds it to that.

The names the Python API guide uses are re-exported here, lazily, so
``from lexicon_tools.io import load_ruleset`` works without knowing the rooms.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "load_ruleset": "formats.rulesets", "resolve_ruleset_path": "formats.rulesets", "list_rulesets": "formats.rulesets",
    "load_lexicon": "formats.lexfile", "resolve_lexicon_path": "formats.lexfile", "write_lexicon": "formats.lexfile",
    "load_layout": "formats.layouts", "layout_text": "formats.layouts",
    "read_entries": "formats.entries_jsonl", "write_entries": "formats.entries_jsonl",
    "read_verdicts": "formats.verdicts_jsonl", "write_verdicts": "formats.verdicts_jsonl",
    "read_record": "formats.gamerecord", "write_record": "formats.gamerecord",
    "read_leaves": "formats.leavefile", "write_leaves": "formats.leavefile",
    "iter_entries": "readers",
    "atomic_open": "guard.atomic", "atomic_write_text": "guard.atomic",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
