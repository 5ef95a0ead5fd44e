"""One message catalogue, German and English, for the CLI and the table page (`catalogue.json`).

What lives here: the catalogue (a data file: verdict reasons by reason code,
rule messages with their hints, the page's texts) and the functions that read
it. Stdlib only (the word-check path imports it), may import `errors`; the
catalogue is read once per process.

* **Reasons** are looked up by their code (``nom-sg``,
  ``inflected-form:plural-of:HAUS``, ``register:colloquial``...): the code's
  parts are words of the catalogue (``terms``), so a new lemma needs no entry.
* **Rule messages** come from the engine in English, worded for the game's
  authors. Rather than a code at every place that raises one, the catalogue
  holds each English text with ``{placeholders}`` and its German text: a
  message is matched against the English templates (first match wins; a
  placeholder's value is translated again, so "HÄUSER is not a word in X:
  inflected form (plural of HAUS)" becomes German to the end). A
  parenthesised ruleset field such as ``(placement.mode: single_line)`` is cut
  off first: players do not see internal names, ``--verbose`` shows them.
  A record's location in front (``game.gcg:12: ...``, from `replay`) is kept as
  it is. A message no template matches gets the catalogue's ``fallback`` sentence in
  German (the English original stays in the API's ``detail``), never English.

Why match texts: the engine's messages are English sentences with values in
them and are tested as such; matching them keeps one source of the rule and
one place for each language, and a test (tests/messages) checks that every
refusal the engine can be made to give is in the catalogue.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

DEFAULT = "en"
# a ruleset field in parentheses: "(placement.lines_must_touch: each_word)", "(special_moves.joker_swap.max_per_turn)"
FIELD = re.compile(r"\s*\((?:[a-z_]+\.)+[a-z_]+(?::[^()]*)?\)")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Any]:
    # next to this module (not importlib.resources: its import costs the cold start of `check` 4 ms)
    return json.loads(Path(__file__).with_name("catalogue.json").read_text(encoding="utf-8"))


def languages() -> tuple[str, ...]:
    return tuple(catalogue()["languages"])


def language(value: str | None) -> str:
    """A catalogue language for a locale or Accept-Language value (de_DE.UTF-8, de-AT, en;q=0.8); else English."""
    for part in (value or "").replace(",", ";").split(";"):
        code = part.strip().split("_")[0].split("-")[0].split(".")[0].lower()
        if code in languages():
            return code
        if code and "=" not in code:
            break
    return DEFAULT


def default_language(env: dict[str, str] | None = None) -> str:
    """The language of the locale: LEXICON_TOOLS_LANG, then LC_ALL, LC_MESSAGES, LANG (as gettext reads them)."""
    env = os.environ if env is None else env
    for name in ("LEXICON_TOOLS_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return language(env[name])
    return DEFAULT


def text(section: str, key: str, lang: str, **values: Any) -> str:
    entry = catalogue()[section].get(key)
    if entry is None:
        return key
    return _fill(entry.get(lang) or entry[DEFAULT], values)


def _fill(template: str, values: dict[str, Any]) -> str:
    return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), "")), template)


def term(word: str, lang: str) -> str:
    entry = catalogue()["terms"].get(word)
    return entry.get(lang, word) if entry else word


# ------------------------------------------------------------------------------------------ reasons ---
def reason_text(code: str, lang: str, lemma: str = "") -> str:
    """A verdict reason in words: ``inflected-form:plural-of:HAUS`` -> "gebeugte Form (Plural von HAUS)"."""
    reasons = catalogue()["reasons"]
    if code in reasons:
        said = text("reasons", code, lang)
    else:
        head, _, rest = code.partition(":")
        if head == "inflected-form":
            kind, _, of = rest.partition(":")
            kind = term(kind.removesuffix("-of"), lang)
            detail = text("reasons", "of", lang, kind=kind, lemma=of) if of else kind
            said = text("reasons", "inflected-form", lang, detail=detail) if detail else \
                text("reasons", "inflected-form-bare", lang)
        elif head == "diminutive-of":
            said = text("reasons", "diminutive-of", lang, lemma=rest)
        elif head in ("register", "domain"):
            said = text("reasons", head, lang, name=term(rest, lang))
        else:
            return code
    if lemma and lemma not in said:
        said += f" ({text('reasons', 'lemma', lang, lemma=lemma)})"
    return said


# -------------------------------------------------------------------------------------- rule messages ---
def split_fields(message: str) -> tuple[str, list[str]]:
    """The message without its parenthesised ruleset fields, and the fields."""
    fields = [m.strip()[1:-1] for m in FIELD.findall(message)]
    return FIELD.sub("", message).strip(), fields


@lru_cache(maxsize=1)
def _patterns() -> list[tuple[re.Pattern, dict[str, str]]]:
    entries = list(catalogue()["rules"])
    entries += [v for v in catalogue()["reasons"].values() if "{" in v[DEFAULT]]
    entries += [{DEFAULT: v[DEFAULT], **v} for v in catalogue()["reasons"].values() if "{" not in v[DEFAULT]]
    out = []
    for entry in entries:
        parts = _PLACEHOLDER.split(entry[DEFAULT])
        regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((re.compile(f"^{regex}$", re.S), entry))
    return out


# where a replayed record went wrong: "games/x.gcg:12: " or "meine Partie.gcg:12: " (a file and line,
# kept as they are; a name with spaces needs its extension, so prose before a number is never taken)
_LOCATION = re.compile(r"^([^\n]+?\.\w+:[0-9]+|\S+:[0-9]+): (?=\S)")


def translate(message: str, lang: str, verbose: bool = False) -> str:
    """A rule message (or hint) for players in `lang`; `verbose` appends the ruleset fields it named.

    A leading ``FILE:LINE:`` (a record's line, as `replay` names it) is kept and the rest translated."""
    if not message:
        return message
    where = _LOCATION.match(message)
    if where:
        return f"{where.group(1)}: {translate(message[where.end():], lang, verbose)}"
    plain, fields = split_fields(message)
    said, misses = _best(plain, lang, 0)
    if said is None or misses:
        said = plain if lang == DEFAULT else catalogue()["fallback"][lang]
    if verbose and fields:
        said += " (" + "; ".join(fields) + ")"
    return said


_ENGLISH_PHRASE = re.compile(r"[a-z]{3,} [a-z]{2,}")


def _best(message: str, lang: str, depth: int) -> tuple[str | None, int]:
    """The reading of `message` that leaves the fewest English phrases untranslated: (text, misses).

    Templates end in open placeholders, so several may match ("{text} (lemma {lemma})" and "{word} is
    not a word in {game}: {reason}"); each match is filled with its values translated in turn, and
    the one with the fewest values left in English wins (the first of them in catalogue order).
    """
    if depth > 6:
        return None, 1
    best: tuple[str | None, int] = (None, 1 << 30)
    for pattern, entry in _patterns():
        found = pattern.match(message)
        if not found:
            continue
        misses, values = 0, {}
        for name, value in found.groupdict().items():
            values[name], missed = _value(value, lang, depth)
            misses += missed
        if misses < best[1]:
            best = (_fill(entry.get(lang) or entry[DEFAULT], values), misses)
            if not misses:
                return best
    if "; " in message:                       # several refusals joined (every invalid word of a turn)
        parts = [_best(part, lang, depth + 1) for part in message.split("; ")]
        if all(p is not None for p, _ in parts) and sum(m for _, m in parts) < best[1]:
            best = ("; ".join(p for p, _ in parts), sum(m for _, m in parts))
    return best


def _value(value: str, lang: str, depth: int) -> tuple[str, int]:
    """A placeholder's value, and 1 if it stayed an English phrase: a term or a message of its own is
    translated; a word, a square or a list of squares stays as it is."""
    if value in catalogue()["terms"]:
        return term(value, lang), 0
    said, misses = _best(value, lang, depth + 1)
    if said is not None and not misses:
        return said, 0
    return value, int(bool(_ENGLISH_PHRASE.search(value)) or value in catalogue()["terms"])


def localize_error(message: str, hint: str, lang: str) -> dict[str, str]:
    """The fields of an API error for players: message and hint in `lang`, the original in ``detail``."""
    return {"error": translate(message, lang), "hint": translate(hint, lang) if hint else "", "detail": message}


def page_texts() -> dict[str, dict[str, str]]:
    """The page's texts, per language: {lang: {key: text}}."""
    page = catalogue()["page"]
    return {lang: {key: entry.get(lang) or entry[DEFAULT] for key, entry in page.items()} for lang in languages()}
