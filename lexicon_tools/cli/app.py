"""The root `lexicon-tools` command: registers every command group.

To add a group: write `lexicon_tools/cli/<group>.py` exposing `register(app)`
(for top-level commands) or a `typer.Typer` named `group`, and list it below.
"""

from __future__ import annotations

import importlib

import typer

from lexicon_tools import __version__
from lexicon_tools.cli.common import ErrorHandlingGroup

app = typer.Typer(
    name="lexicon-tools",
    cls=ErrorHandlingGroup,
    help="Lexicons, boards and a reference engine for German crossword-tile games "
    "(SmartFeud, Webfeud, Wortspieler).\n\nExample: lexicon-tools check --ruleset wortspieler HAUS",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    add_completion=False,
)

# (module, sub-command name or None for modules that add top-level commands)
COMMAND_MODULES: list[tuple[str, str | None]] = [
    ("lexicon_tools.cli.ruleset", "ruleset"),
    ("lexicon_tools.cli.import_cmd", None),
    ("lexicon_tools.cli.board", "board"),
    ("lexicon_tools.cli.filter", None),
    ("lexicon_tools.cli.morph", "morph"),
    ("lexicon_tools.cli.build", None),
    ("lexicon_tools.cli.query", None),
    ("lexicon_tools.cli.play", None),
    ("lexicon_tools.cli.moves", None),
    ("lexicon_tools.cli.leaves", "leaves"),
    ("lexicon_tools.cli.serve", None),
    ("lexicon_tools.cli.sweep", None),
    ("lexicon_tools.cli.report", None),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"lexicon-tools {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
    lang: str | None = typer.Option(None, "--lang", help="Language of verdicts and rule messages: de or en "
                                    "(default: the locale, LEXICON_TOOLS_LANG, LC_ALL or LANG)."),
    verbose: bool = typer.Option(False, "--verbose", help="Name the ruleset fields behind a rule message."),
) -> None:
    """Lexicons, boards and a reference engine for German crossword-tile games."""
    from lexicon_tools.cli.common import set_messages

    set_messages(lang, verbose)


for module_name, group_name in COMMAND_MODULES:
    module = importlib.import_module(module_name)
    if group_name is None:
        module.register(app)
    else:
        app.add_typer(module.group, name=group_name)


def main() -> None:
    app()
