"""The single error hierarchy of lexicon-tools.

Every user mistake is raised as a `LexiconToolsError` carrying a message (what is
wrong, naming the file, line or field) and a hint (how to fix it). The CLI turns
these into one paragraph on stderr and exit code 2; library callers can catch them.
Validators collect all problems first and raise one error listing them
(`problems`), so a user fixes everything in one round.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One located problem found by a validator."""

    message: str
    file: str | None = None
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "")
        if self.field:
            where = f"{where} [{self.field}]" if where else f"[{self.field}]"
        return f"{where}: {self.message}" if where else self.message


class LexiconToolsError(Exception):
    """Base class: a message for the user plus a hint on how to fix it."""

    exit_code = 2
    default_hint = ""

    def __init__(self, message: str, hint: str | None = None, problems: list[Problem] | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint if hint is not None else self.default_hint
        self.problems = list(problems or [])

    def render(self) -> str:
        lines = [f"Error: {self.message}"]
        lines += [f"  - {p}" for p in self.problems]
        if self.hint:
            lines.append(f"Hint: {self.hint}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()


class UsageError(LexiconToolsError):
    """Arguments that do not fit together or name nothing known."""


class InputFileError(LexiconToolsError):
    """A file that cannot be read or parsed: names the file and the line or byte."""


class InputStreamError(InputFileError):
    """The rest of an input file is unreadable (truncated, corrupt data, XML syntax error).

    `import --on-error skip` logs it as one reject and continues with the next file.
    """


class OutputFileError(LexiconToolsError):
    """An output that must not or cannot be written: the same file as an input, a directory,
    a device or FIFO, an empty name, or a disk that is full. Nothing is written."""

    default_hint = "Choose another output path."


class RulesetError(LexiconToolsError):
    default_hint = "Fix the listed fields; `lexicon-tools ruleset validate FILE` re-checks the file."


class LayoutError(LexiconToolsError):
    default_hint = "Fix the listed squares; `lexicon-tools board validate FILE` re-checks the layout."


class LexiconFileError(LexiconToolsError):
    default_hint = "Rebuild the lexicon with `lexicon-tools build`."


class IllegalMoveError(LexiconToolsError):
    """A move that breaks the game's rules; the message says which rule."""


class InvalidWordError(IllegalMoveError):
    """A placement that forms words the lexicon rejects (ends the turn in professional mode)."""


class MorphologyError(LexiconToolsError):
    """The morphology model is missing, corrupt or cannot be trained."""


class ExperimentError(LexiconToolsError):
    """An experiment file (`sweep`) or a results folder (`report`) that cannot be used."""

    default_hint = "Fix the listed fields of the experiment file and run the sweep again."


def require_at_least(value: int | None, low: int, option: str) -> None:
    """UsageError unless `value` (None: left out) is at least `low`: counts such as --limit cannot be negative."""
    if value is not None and value < low:
        raise UsageError(f"{option} {value} is out of range: it must be at least {low}",
                         f"Give {option} {low} or more.")
