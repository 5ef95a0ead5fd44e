"""Every ```console example in the README and the documentation runs against the real CLI, in order, page by page.

Each page gets a fresh scratch folder (with the repository's corpora/ and
rulesets/) and LEXICON_TOOLS_HOME with lexicons for the bundled rulesets; the
commands run in bash, one after the other, so a page can create a file and use
it later. A command must exit as the page says (`# exit N`, else 0) and never
print a traceback.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from doc_examples import examples
from docsupport import ROOT, build_doc_home, doc_env, scratch_folder

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
RUNNABLE = [p for p in PAGES if examples(p, ROOT)]


@pytest.fixture(scope="module")
def doc_home(tmp_path_factory) -> Path:
    return build_doc_home(tmp_path_factory.mktemp("doc-home"))


def test_the_guides_have_runnable_examples():
    guides = {p.relative_to(ROOT).as_posix() for p in RUNNABLE}
    for page in ("docs/guides/check-and-judge.md", "docs/guides/own-lexicon.md", "docs/guides/house-rules.md",
                 "docs/guides/boards.md", "docs/guides/test-games.md", "README.md"):
        assert page in guides


@pytest.mark.parametrize("page", RUNNABLE, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_example_on_the_page_runs(page: Path, doc_home, tmp_path):
    cwd = scratch_folder(tmp_path)
    for example in examples(page, ROOT):
        done = subprocess.run(["bash", "-c", example.command], cwd=cwd, env=doc_env(doc_home),
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
        shown = f"{example}\n--- stdout\n{done.stdout[-2000:]}\n--- stderr\n{done.stderr[-2000:]}"
        assert done.returncode == example.exit_code, f"exit {done.returncode}, expected {example.exit_code}: {shown}"
        assert "Traceback" not in done.stderr, shown
