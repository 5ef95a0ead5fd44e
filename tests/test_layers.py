"""Imports point down the layers (docs/design/architecture.md): a lower layer never imports a higher one.

Every import statement is read from the source (AST), including the lazy ones inside functions, so a
function-level ``from lexicon_tools.jobs import ...`` in `io` is caught as surely as a top-level one.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "lexicon_tools"

# Rank of each top-level package; a module may import its own rank or lower.
RANKS = {
    "errors": 0, "textsafe": 0, "resources": 0, "__init__": 0,
    "model": 1,
    "policy": 2, "lexicon": 2, "board": 2,
    "engine": 3, "morph": 3,
    "io": 4,
    "jobs": 5, "ui": 5,
    "messages": 4,
    "cli": 6, "web": 6, "experiments": 6, "__main__": 6,
}
CORE = {"model", "policy", "lexicon", "board", "engine", "morph"}
# Third-party modules a layer must not import, whatever its rank.
FORBIDDEN = {
    "core": {"typer", "yaml", "lxml", "fastapi", "uvicorn", "starlette", "rich"},
    "jobs": {"typer", "fastapi", "uvicorn", "starlette", "rich"},
}
SPACY_ALLOWED = {"morph"}          # the spaCy side of the core (architecture.md)


def _package_of(path: Path, root: Path) -> str:
    parts = path.relative_to(root).parts
    return parts[0] if len(parts) > 1 else Path(parts[0]).stem


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def layer_violations(root: Path) -> list[str]:
    """Every import in the package at `root` that points up a layer or reaches a forbidden library."""
    problems = []
    for path in sorted(root.rglob("*.py")):
        source = _package_of(path, root)
        if source not in RANKS:
            problems.append(f"{path.relative_to(root)}: package {source!r} has no layer in RANKS")
            continue
        kind = "core" if source in CORE else source
        for line, module in _imports(path):
            where = f"{path.relative_to(root)}:{line}"
            top = module.split(".")
            if top[0] == "lexicon_tools":
                target = top[1] if len(top) > 1 else "__init__"
                if target not in RANKS:
                    problems.append(f"{where}: imports {module}, a package with no layer")
                elif RANKS[target] > RANKS[source] or (source == "jobs" and target == "ui") \
                        or (source == "ui" and target != "ui"):
                    problems.append(f"{where}: {source} imports {module} ({target} is above it)")
            elif top[0] in FORBIDDEN.get(kind, ()):
                problems.append(f"{where}: {source} imports {module}")
            elif top[0] == "spacy" and kind == "core" and source not in SPACY_ALLOWED:
                problems.append(f"{where}: {source} imports spacy (only morph may)")
    return problems


def test_the_package_imports_only_downward():
    assert layer_violations(PACKAGE) == []


def test_no_module_but_the_package_file_lies_directly_in_io():
    assert sorted(p.name for p in (PACKAGE / "io").glob("*.py")) == ["__init__.py"]


@pytest.mark.parametrize("module, line, expected", [
    ("io/formats/lexfile.py", "from lexicon_tools.jobs.build import build_lexicon", "io imports lexicon_tools.jobs.build"),
    ("engine/rules.py", "import lexicon_tools.io.formats.rulesets", "engine imports lexicon_tools.io.formats.rulesets"),
    ("model/layout.py", "from lexicon_tools.engine import game", "model imports lexicon_tools.engine"),
    ("jobs/play.py", "import typer", "jobs imports typer"),
    ("jobs/build.py", "from lexicon_tools.ui.progress import Progress", "jobs imports lexicon_tools.ui.progress"),
    ("board/geometry.py", "import yaml", "board imports yaml"),
    ("io/guard/atomic.py", "from lexicon_tools.cli.app import app", "io imports lexicon_tools.cli.app"),
])
def test_a_planted_upward_import_is_found(tmp_path, module, line, expected):
    copy = tmp_path / "lexicon_tools"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.nbi", "*.nbc"))
    target = copy / module
    # planted inside a function, as the lazy imports are
    target.write_text(target.read_text(encoding="utf-8") + f"\n\ndef _planted():\n    {line}\n", encoding="utf-8")
    problems = layer_violations(copy)
    assert len(problems) == 1, problems
    assert problems[0].startswith(module + ":") and expected in problems[0]
