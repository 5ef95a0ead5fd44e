"""`lexicon-tools ruleset`: list, validate, show and diff rulesets."""

from __future__ import annotations

import json

import typer

from lexicon_tools.cli.common import new_group

group = new_group("Inspect and validate game rulesets (YAML, with house-rule inheritance).")


@group.command("list")
def list_command() -> None:
    """List the bundled rulesets.

    Example: lexicon-tools ruleset list
    """
    from lexicon_tools.io.formats.rulesets import list_rulesets

    for name, title, _path in list_rulesets():
        typer.echo(f"{name:<16} {title}")


@group.command("validate")
def validate_command(ruleset: str = typer.Argument(..., help="A bundled name or a YAML path.")) -> None:
    """Validate a ruleset; exit 0 if valid, 2 with every problem listed otherwise.

    Example: lexicon-tools ruleset validate rulesets/house-rules/wortspieler-familie.yaml
    """
    from lexicon_tools.io.formats.rulesets import load_ruleset

    rs = load_ruleset(ruleset)
    for warning in rs.warnings:
        typer.echo(f"warning: {warning}", err=True)
    typer.echo(f"{rs.name}: valid ({rs.source})" + (f", {len(rs.warnings)} warning(s)" if rs.warnings else ""))


@group.command("show")
def show_command(
    ruleset: str = typer.Argument(..., help="A bundled name or a YAML path."),
    as_json: bool = typer.Option(False, "--json", help="Print the fully resolved ruleset as JSON."),
) -> None:
    """Show a resolved ruleset (house rules applied).

    Example: lexicon-tools ruleset show smartfeud --json
    """
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.model.ruleset_view import ruleset_summary, ruleset_to_json

    rs = load_ruleset(ruleset)
    if as_json:
        typer.echo(json.dumps(ruleset_to_json(rs), ensure_ascii=False, indent=2))
    else:
        typer.echo(ruleset_summary(rs))


@group.command("diff")
def diff_command(
    base: str = typer.Argument(..., help="The base ruleset (name or path)."),
    other: str = typer.Argument(..., help="The ruleset to compare, e.g. a house-rules file."),
) -> None:
    """Show which resolved fields differ between two rulesets.

    Example: lexicon-tools ruleset diff wortspieler rulesets/house-rules/wortspieler-familie.yaml
    """
    from lexicon_tools.io.formats.rulesets import load_ruleset
    from lexicon_tools.model.ruleset_view import diff_rulesets

    changes = diff_rulesets(load_ruleset(base), load_ruleset(other))
    if not changes:
        typer.echo("No differences.", err=True)  # like "No words.": an empty result leaves stdout empty
    for path, old, new in changes:
        typer.echo(f"{path}: {json.dumps(old, ensure_ascii=False)} -> {json.dumps(new, ensure_ascii=False)}")
