"""The documentation site builds offline with `mkdocs build --strict`, and its generated parts match the code."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
import yaml
from pydantic import BaseModel, Field

from docsupport import ROOT

from lexicon_tools.cli.app import app


def _nav_pages(nav) -> list[str]:
    pages = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    return out


def _config() -> dict:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)


def test_every_page_of_the_navigation_is_built(site):
    pages = _nav_pages(_config()["nav"])
    assert len(pages) >= 14
    for page in pages:
        assert (site / page).with_suffix(".html").is_file(), page
    assert (site / "search" / "search_index.json").is_file()


def test_the_site_needs_no_network(site):
    """No web fonts or scripts from elsewhere: the built site reads offline, as it builds offline."""
    remote = re.compile(r"""<(?:link|script|img)[^>]+(?:href|src)=["']https?://""")
    offenders = [p.relative_to(site) for p in site.rglob("*.html") if remote.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def _commands(group, prefix=()):
    for name, command in group.commands.items():
        if hasattr(command, "commands"):
            yield from _commands(command, prefix + (name,))
        else:
            yield prefix + (name,), command


def test_the_cli_reference_lists_every_command_and_option(site):
    html = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    for path, command in _commands(typer.main.get_command(app)):
        assert " ".join(("lexicon-tools", *path)) in html, path
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-") and opt != "--help":
                    assert opt in html, (path, opt)


def test_the_ruleset_reference_lists_every_schema_field(site):
    from lexicon_tools.model.ruleset import Ruleset

    html = (site / "reference" / "ruleset-fields.html").read_text(encoding="utf-8")

    def fields(model, prefix=""):
        for name, field in model.model_fields.items():
            if field.exclude:
                continue
            yield prefix + name
            for arg in (field.annotation, *getattr(field.annotation, "__args__", ())):
                if isinstance(arg, type) and issubclass(arg, BaseModel):
                    yield from fields(arg, f"{prefix}{name}.")

    paths = list(fields(Ruleset))
    assert "special_moves.joker_swap.by" in paths and "end.credit_penalties_to" in paths
    for path in paths:
        assert f"<code>{path}</code>" in html, path


def test_a_schema_field_without_a_description_stops_the_reference():
    from docgen.ruleset_reference import _walk

    class Undocumented(BaseModel):
        documented: int = Field(1, description="has one")
        forgotten: int = 2

    missing: list[str] = []
    _walk(Undocumented, "x.", [], [], missing)
    assert missing == ["x.forgotten"]


def test_the_api_reference_is_rendered_from_the_docstrings(site):
    html = (site / "reference" / "api.html").read_text(encoding="utf-8")
    for name in ("load_ruleset", "iter_entries", "generate_layout", "load_lexicon"):
        assert f'id="lexicon_tools.' in html and name in html, name


def test_the_committed_board_pictures_are_what_the_script_draws(tmp_path):
    from docgen.pictures import bundled_rulesets, draw_boards

    drawn = draw_boards(tmp_path)
    assert len(drawn) == len(bundled_rulesets()) >= 4
    for path in drawn:
        assert path.read_bytes() == (ROOT / "docs" / "images" / path.name).read_bytes(), path.name


def test_every_picture_a_page_shows_exists_and_every_picture_is_shown(site):
    shown = set()
    for page in (ROOT / "docs").rglob("*.md"):
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)", page.read_text(encoding="utf-8")):
            shown.add((page.parent / target).resolve())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for markdown, html in re.findall(r"!\[[^\]]*\]\(([^)\s]+)|<img src=\"([^\"]+)\"", readme):
        shown.add((ROOT / (markdown or html)).resolve())
    images = {p.resolve() for p in (ROOT / "docs" / "images").iterdir()}
    assert {p for p in shown if not p.exists()} == set()
    assert images - shown == set()


TABLE_STEPS = ("judge", "turn", "refused", "sheet", "typed", "end", "share", "offline")


def test_the_table_guide_shows_every_step_light_and_dark_as_small_phone_pictures():
    """docs/guides/at-the-table.md shows each step of the table page in both colour schemes, as drawn by
    docs/scripts/table_screenshot.py: 360 px wide phone screenshots, all of them under 3 MB."""
    from PIL import Image

    guide = (ROOT / "docs" / "guides" / "at-the-table.md").read_text(encoding="utf-8")
    script = (ROOT / "docs" / "scripts" / "table_screenshot.py").read_text(encoding="utf-8")
    pictures = [ROOT / "docs" / "images" / f"table-{step}-{scheme}.png" for step in TABLE_STEPS
                for scheme in ("light", "dark")]
    for path in pictures:
        assert f"../images/{path.name}" in guide, path.name
        assert f'"{path.name.split("-")[1]}"' in script, path.name          # drawn by the script, not by hand
        with Image.open(path) as image:
            assert image.size == (360, 640), (path.name, image.size)
    assert "docs/scripts/table_screenshot.py" in guide
    total = sum(p.stat().st_size for p in (ROOT / "docs" / "images").glob("table-*.png"))
    assert total < 3_000_000, total
