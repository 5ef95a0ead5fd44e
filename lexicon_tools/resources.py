"""Locate the bundled data directories (`rulesets/`, `corpora/`).

In a wheel they are shipped as `lexicon_tools/_data/{rulesets,corpora}` (see
`[tool.hatch.build.targets.wheel.force-include]`); in a source checkout or an
editable install they are the top-level folders next to the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    shipped = _PACKAGE / "_data" / name
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / name


def rulesets_dir() -> Path:
    return data_dir("rulesets")


def corpora_dir() -> Path:
    return data_dir("corpora")


def default_corpus() -> Path:
    """The bundled German noun corpus (german-nouns CSV format, xz-compressed)."""
    return corpora_dir() / "german-nouns" / "nouns.csv.xz"


def default_sources(sources: list) -> list[tuple[Path, str]]:
    """A ruleset's `word_policy.default_sources` (`DefaultSource`: path and format), each path resolved
    inside the bundled corpora folder: (path, format) pairs."""
    return [(corpora_dir() / source.path, source.format) for source in sources]


def user_data_dir() -> Path:
    """Where built lexicons go by default: $LEXICON_TOOLS_HOME, else XDG data home."""
    import os

    explicit = os.environ.get("LEXICON_TOOLS_HOME")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "lexicon-tools"


def default_lexicon_path(ruleset_name: str) -> Path:
    return user_data_dir() / "lexicons" / f"{ruleset_name}.lex"


def unknown_ruleset_hint(name: str) -> str:
    """The hint for a ruleset name that is neither bundled nor a file: the closest bundled name first."""
    import difflib

    known = sorted(p.stem for p in rulesets_dir().glob("*.yaml"))
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    listing = f"the bundled rulesets are {', '.join(known)}, or give the path of a ruleset YAML file"
    return (f"Did you mean {close[0]!r}? " if close else "") + listing[0].upper() + listing[1:] + "."


def require_bundled_ruleset(name: object, named_by: str, hint: str) -> str:
    """`name` if it names a bundled ruleset; else UsageError saying that `named_by` may name no file.

    A file from someone else (a game record's ``#ruleset``, a lexicon's metadata) may only
    name a bundled ruleset: a path there would make the command open and parse any local
    file. A ruleset file is used only when the user names it (``--ruleset FILE``).
    """
    import re

    from lexicon_tools.errors import UsageError
    from lexicon_tools.textsafe import printable

    if isinstance(name, str) and re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", name) and \
            (rulesets_dir() / f"{name}.yaml").is_file():
        return name
    known = ", ".join(sorted(p.stem for p in rulesets_dir().glob("*.yaml")))
    shown = printable(name)[:60] if isinstance(name, str) else repr(name)[:60]
    raise UsageError(f"{named_by} names the ruleset {shown!r}, which is not a bundled ruleset ({known}); "
                     f"it cannot name a ruleset file", hint)
