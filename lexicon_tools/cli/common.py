"""Shared CLI plumbing: the error-handling group class and small helpers."""

from __future__ import annotations

import errno
import sys

import typer
from typer.core import TyperGroup

from lexicon_tools.cli.light import use_stdlib_coercion
from lexicon_tools.cli.signals import Terminated, signals_raise
from lexicon_tools.errors import LexiconToolsError


MESSAGES = {"lang": None, "verbose": False}     # set by the root command's --lang and --verbose


def set_messages(lang: str | None, verbose: bool) -> None:
    from lexicon_tools import messages
    from lexicon_tools.errors import UsageError

    if lang is not None and lang not in messages.languages():
        raise UsageError(f"--lang {lang}: no messages in that language",
                         f"Choose one of: {', '.join(messages.languages())}.")
    MESSAGES.update(lang=lang or messages.default_language(), verbose=verbose)


def message_language() -> str:
    from lexicon_tools import messages

    return MESSAGES["lang"] or messages.default_language()


def render_error(exc) -> str:
    """An error as the user reads it; a rule refusal in the chosen language, fields only with --verbose."""
    from lexicon_tools import messages
    from lexicon_tools.errors import IllegalMoveError

    if not isinstance(exc, IllegalMoveError):
        return exc.render()
    lang, verbose = message_language(), MESSAGES["verbose"]
    heads = {"de": ("Fehler", "Tipp"), "en": ("Error", "Hint")}.get(lang, ("Error", "Hint"))
    lines = [f"{heads[0]}: {messages.translate(exc.message, lang, verbose)}"]
    lines += [f"  - {p}" for p in exc.problems]
    if exc.hint:
        lines.append(f"{heads[1]}: {messages.translate(exc.hint, lang, verbose)}")
    return "\n".join(lines)


class ErrorHandlingGroup(TyperGroup):
    """Turns every `LexiconToolsError` raised by a command into a message and exit code.

    Installed on the root app, it wraps the whole invocation, including nested
    command groups, so a user mistake never shows a traceback. SIGTERM and SIGHUP
    end a command like Ctrl-C (temp files removed, previous outputs kept; see
    `signals`), with exit code 128 + the signal number.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        use_stdlib_coercion(self.params)  # --version/--help without pydantic: keeps `check` fast

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            use_stdlib_coercion([option])
        return option

    def invoke(self, ctx):
        with signals_raise() as fired:
            try:
                return super().invoke(ctx)
            except LexiconToolsError as exc:
                if fired:  # a consequence of the signal (e.g. a worker killed with the command)
                    _terminated(ctx, Terminated(fired[0]))
                typer.echo(render_error(exc), err=True)
                ctx.exit(exc.exit_code)
            except KeyboardInterrupt:
                typer.echo("Interrupted.", err=True)
                ctx.exit(130)
            except Terminated as exc:
                _terminated(ctx, exc)
            except BrokenPipeError:
                sys.stderr.close()
                ctx.exit(0)
            except OSError as exc:
                if exc.errno not in _OUTPUT_ERRNOS:
                    raise
                _stdout_failed(ctx, exc)
            except Exception:
                if not fired:
                    raise
                # The signal's Terminated was swallowed where Python cannot raise (see `signals_raise`),
                # and this error (e.g. a broken process pool) followed from it.
                _terminated(ctx, Terminated(fired[0]))


# A write that fails with one of these and is not a file's (those become OutputFileErrors in
# `io.guard.atomic`) is one to standard output: `export > /dev/full`, a full disk behind `> file`.
_OUTPUT_ERRNOS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO")
                           if hasattr(errno, name))


def _stdout_failed(ctx, exc: OSError) -> None:
    """One paragraph and exit 2; standard output is pointed at /dev/null first, so the final flush of
    what is still buffered cannot fail again with a traceback at exit."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
    typer.echo(f"Error: cannot write to standard output: {exc.strerror or exc}\n"
               "Hint: Free space on the disk standard output goes to, or write to a file with -o FILE.", err=True)
    ctx.exit(2)


def _terminated(ctx, exc: Terminated) -> None:
    typer.echo(f"Terminated ({exc.name}); a file being written was left as it was before.", err=True)
    ctx.exit(exc.exit_code)


def new_group(help_text: str) -> typer.Typer:
    return typer.Typer(help=help_text, no_args_is_help=True, pretty_exceptions_enable=False,
                       rich_markup_mode=None)
