"""The root `lexicon-tools` command: registers every command group.

To add a group: write `lexicon_tools/cli/<group>.py` exposing `register(app)`
(for top-level commands) or a `typer.Typer` named `group`, and list it below.

`app` (the whole CLI) is built on first use. `main`, the console script, starts the word judge's
commands (`FAST_COMMANDS`: check, judge) with only their module registered: typer turns every
registered command into a click command on each start, and importing and converting all the others
cost a cold `lexicon-tools check WORD` about 20 ms, a quarter of `import typer` (issue 22's start-up bar
is 1.5x of it). Anything else, `--help` and `--version` included, gets the whole CLI.
"""

from __future__ import annotations

import importlib
import sys

import typer

from lexicon_tools import __version__
from lexicon_tools.cli.common import ErrorHandlingGroup

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


# top-level command -> the module that registers it, for the commands that start without the others
FAST_COMMANDS = {"check": "lexicon_tools.cli.query", "judge": "lexicon_tools.cli.query"}
_ROOT_OPTIONS_WITH_VALUE = ("--lang",)


def build(modules: list[tuple[str, str | None]]) -> typer.Typer:
    """The root command with the callback and the command modules `modules` registered."""
    built = typer.Typer(
        name="lexicon-tools",
        cls=ErrorHandlingGroup,
        help="Lexicons, boards and a reference engine for German crossword-tile games "
        "(SmartFeud, Webfeud, Wortspieler).\n\nExample: lexicon-tools check --ruleset wortspieler HAUS",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        add_completion=False,
    )
    built.callback()(root)
    for module_name, group_name in modules:
        module = importlib.import_module(module_name)
        if group_name is None:
            module.register(built)
        else:
            built.add_typer(module.group, name=group_name)
    return built


def __getattr__(name: str) -> typer.Typer:
    if name == "app":  # the whole CLI, built once on first use
        globals()["app"] = built = build(COMMAND_MODULES)
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def command_name(args: list[str]) -> str | None:
    """The command `args` name, or None when a root option asks for help or the version first."""
    rest = iter(args)
    for arg in rest:
        if arg in ("--help", "-h", "--version"):
            return None
        if arg in _ROOT_OPTIONS_WITH_VALUE:
            next(rest, None)
        elif not arg.startswith("-"):
            return arg
    return None


def main() -> None:
    fast = FAST_COMMANDS.get(command_name(sys.argv[1:]) or "")
    (build([(fast, None)]) if fast else __getattr__("app"))()
