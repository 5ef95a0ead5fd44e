"""Stdlib-only parameter conversion for the latency-critical commands.

typer (>= 0.2x) converts every non-flag parameter value through a pydantic
TypeAdapter, and even the auto-added ``--help`` option goes that way. Importing
pydantic for that costs more than importing typer itself, which would make a
cold `lexicon-tools check WORD` twice as slow. For the simple annotations these
commands use (str, int, bool, list[str]) the conversion is done here with the
stdlib instead; any other annotation keeps typer's own conversion.

This touches typer's private ``_TyperParameter._runtime_param`` hook; the
start-up tests (tests/cli/test_query.py) fail loudly if a typer upgrade moves it.
"""

from __future__ import annotations

from collections.abc import Iterable

from typer.core import TyperCommand

try:  # typer's private coercion hook (0.2x); older releases convert without pydantic anyway
    from typer._click.exceptions import BadParameter
    from typer._coercion import RuntimeParam
    from typer.core import _TyperParameter
except ImportError:  # pragma: no cover - depends on the installed typer
    RuntimeParam = object
    _TyperParameter = None

_SIMPLE = (str, int, bool, list[str])


class StdlibParam(RuntimeParam):
    def _coerce_value(self, value, param, ctx):
        if self.annotation is bool:
            return bool(value)
        if self.annotation is int:
            try:
                return int(value)
            except (TypeError, ValueError):
                raise BadParameter(f"{value!r} is not a whole number.", ctx=ctx, param=param) from None
        if self.annotation == list[str]:
            return [str(v) for v in value]
        return str(value)


def use_stdlib_coercion(params: Iterable) -> None:
    """Give every simple typer parameter the stdlib converter."""
    if _TyperParameter is None:
        return
    for param in params:
        info = getattr(param, "type_descriptor", None)
        if isinstance(param, _TyperParameter) and info is not None and info.annotation in _SIMPLE \
                and info.file_annotation is None:
            param._runtime_param = StdlibParam(parameter_info=info.parameter_info, annotation=info.annotation)


class LightCommand(TyperCommand):
    """A command whose simple parameters skip pydantic (see the module docstring)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        use_stdlib_coercion(self.params)

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            use_stdlib_coercion([option])
        return option
