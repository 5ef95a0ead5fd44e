"""Extract the runnable examples from the documentation pages.

An example is a ```console block: each `$ ` line is a command, `> ` lines continue
it (a here-document, a long command), and every other line is output shown to
the reader. A command ending in `# exit N` is expected to exit with N, any other
with 0. Blocks in other languages (```text, ```bash, ```yaml, ...) are not run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$")
EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")


@dataclass(frozen=True)
class Example:
    page: str
    line: int          # 1-based line of the `$ ` line in the page
    command: str
    exit_code: int

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: $ {self.command.splitlines()[0]}"


def console_blocks(text: str) -> list[tuple[int, list[str]]]:
    """(line number of the first line inside the block, lines) of every ```console block."""
    blocks, current, start, closing = [], None, 0, None
    for number, line in enumerate(text.splitlines(), 1):
        match = FENCE.match(line)
        if current is None:
            if match:
                closing = match.group("fence")
                current = [] if match.group("info").strip().split(" ")[0] == "console" else False
                start = number + 1
        elif match and match.group("fence").startswith(closing[0]) and len(match.group("fence")) >= len(closing) \
                and not match.group("info").strip():
            if current is not False:
                blocks.append((start, current))
            current = None
        elif current is not False:
            current.append(line)
    return blocks


def examples(page: Path, root: Path) -> list[Example]:
    found = []
    name = str(page.relative_to(root))
    for start, lines in console_blocks(page.read_text(encoding="utf-8")):
        indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
        command, first = None, 0
        for offset, raw in enumerate(lines):
            line = raw[indent:]
            if line.startswith("$ "):
                if command is not None:
                    found.append(_example(name, first, command))
                command, first = line[2:], start + offset
            elif line.startswith("> ") or line == ">":
                if command is None:
                    raise ValueError(f"{name}:{start + offset}: a '> ' continuation line without a '$ ' command")
                command += "\n" + line[2:]
            elif command is not None:
                found.append(_example(name, first, command))
                command = None
        if command is not None:
            found.append(_example(name, first, command))
    return found


def _example(page: str, line: int, command: str) -> Example:
    last = command.splitlines()[-1] if "<<" not in command else command.splitlines()[0]
    match = EXIT.search(last)
    return Example(page, line, command, int(match.group(1)) if match else 0)
