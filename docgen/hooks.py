"""MkDocs hook (mkdocs.yml `hooks:`): adds the reference pages generated from the code.

The pages exist only in the build, never as files under docs/, so they cannot be
edited by hand and drift: `reference/cli.md` from the typer app and
`reference/ruleset-fields.md` from the pydantic ruleset schema.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from docgen.cli_reference import cli_reference_markdown  # noqa: E402
from docgen.ruleset_reference import ruleset_reference_markdown  # noqa: E402

GENERATED = {
    "reference/cli.md": cli_reference_markdown,
    "reference/ruleset-fields.md": ruleset_reference_markdown,
}


def on_files(files, config):
    for uri, make in GENERATED.items():
        files.append(File.generated(config, uri, content=make()))
    return files
