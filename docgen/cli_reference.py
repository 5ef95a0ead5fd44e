"""The CLI reference page, generated from the typer app so it cannot drift from the code.

Walks the click command tree typer builds (`typer.main.get_command`) and writes,
for every command: its help text, the `Example:` line as a code block, the usage
line and a table of its arguments and options as `--help` shows them. A small
generator instead of mkdocs-click/mkdocs-typer2: typer now vendors its own click,
which those plugins do not recognise, and this keeps the page in our own layout.
"""

from __future__ import annotations

import inspect

import typer

from lexicon_tools.cli.app import app


def _commands(group, path):
    for name in sorted(group.commands):
        command = group.commands[name]
        if hasattr(command, "commands"):
            yield path + [name], command, True
            yield from _commands(command, path + [name])
        else:
            yield path + [name], command, False


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _help_parts(help_text: str) -> tuple[str, list[str]]:
    """The help text without its `Example:` lines, and the examples."""
    lines, examples = [], []
    for line in inspect.cleandoc(help_text or "").splitlines():
        if line.strip().startswith("Example:"):
            examples.append(line.split("Example:", 1)[1].strip())
        else:
            lines.append(line)
    return "\n".join(lines).strip(), examples


def _param_rows(command, ctx) -> list[str]:
    rows = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is not None and record[0] != "--help":
            rows.append(f"| `{record[0]}` | {_cell(record[1])} |")
    return rows


def _context(root, path: list[str]):
    """The click context of the command at `path`, as typer builds it for --help."""
    ctx = root.context_class(root, info_name="lexicon-tools")
    for name in path:
        command = ctx.command.commands[name]
        ctx = command.context_class(command, info_name=name, parent=ctx)
    return ctx


def _command_section(path: list[str], command, is_group: bool, root) -> list[str]:
    ctx = _context(root, path)
    title = " ".join(["lexicon-tools", *path])
    level = "##" if len(path) == 1 else "###"
    description, examples = _help_parts(command.help or "")
    out = [f"{level} `{title}`", "", description, ""]
    if is_group:
        out += ["Commands: " + ", ".join(f"[`{name}`](#{_anchor(path + [name])})"
                                         for name in sorted(command.commands)) + ".", ""]
        return out
    usage = command.collect_usage_pieces(ctx)
    out += ["```text", f"{title} {' '.join(usage)}".rstrip(), "```", ""]
    rows = _param_rows(command, ctx)
    if rows:
        out += ["| argument or option | meaning |", "|---|---|", *rows, ""]
    for example in examples:
        out += ["Example:", "", "```bash", example, "```", ""]
    return out


def _anchor(path: list[str]) -> str:
    return "lexicon-tools-" + "-".join(path)


def cli_reference_markdown() -> str:
    root = typer.main.get_command(app)
    out = ["# Command-line reference", "",
           "Generated from the code (`docgen/cli_reference.py` walks the typer app), so it always matches "
           "`lexicon-tools COMMAND --help`. Every command that reads a lexicon takes `-l/--lexicon FILE` and "
           "`-r/--ruleset NAME`; output into a pipe is plain text (or `--json`), and notes such as "
           "`No words.` or `... more not shown` go to standard error. Exit codes: 0 success, 1 a word "
           "check found an illegal word, 2 a usage or input problem (with a message naming the file, line "
           "or option), 130/143/129 after Ctrl-C, SIGTERM, SIGHUP.", ""]
    root_help, _ = _help_parts(root.help or "")
    out += [root_help, ""]
    for path, command, is_group in _commands(root, []):
        out += _command_section(path, command, is_group, root)
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    print(cli_reference_markdown())
