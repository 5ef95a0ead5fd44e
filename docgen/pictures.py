"""Draw the documentation's pictures with the real CLI, never by hand.

    .venv/bin/python -m docgen.pictures              # everything (needs the built lexicons)
    .venv/bin/python -m docgen.pictures --boards     # only the board pictures (no lexicon needed)

Writes into docs/images/:
- ``board-<ruleset>.svg`` for every bundled ruleset (`lexicon-tools board show R --svg`);
- ``heatmap-<ruleset>.png``: square usage over seeded greedy test games
  (`lexicon-tools play --heatmap`; needs `lexicon-tools build --ruleset R` first);
- ``judge-session.svg``: a `lexicon-tools judge` session (words piped in, the real
  answers), drawn as a terminal with rich's SVG export.

Same inputs, same pictures: the boards are byte-identical on every run (a test
checks the committed ones), the games are seeded.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
HEATMAP_GAMES = {"wortspieler": 40, "smartfeud": 40}
JUDGE_WORDS = "Haus\nHäuser\nMädchen\nHäuschen\nEltern\nGoethe\n"


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("lexicon-tools")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "lexicon_tools"]
    return subprocess.run([*command, *args], input=stdin, capture_output=True, text=True, check=False)


def bundled_rulesets() -> list[str]:
    return sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))


def draw_boards(out: Path = IMAGES) -> list[Path]:
    """One SVG per bundled ruleset, through `board show --svg` (an existing picture is replaced atomically)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in bundled_rulesets():
        target = out / f"board-{name}.svg"
        done = _cli("board", "show", name, "--svg", str(target), "--no-colour")
        if done.returncode != 0:
            raise SystemExit(f"board show {name} failed:\n{done.stderr}")
        written.append(target)
    return written


def draw_heatmaps(out: Path = IMAGES) -> list[Path]:
    written = []
    for name, games in HEATMAP_GAMES.items():
        with tempfile.TemporaryDirectory() as tmp:
            png = Path(tmp) / "heatmap.png"
            done = _cli("play", "--ruleset", name, "--games", str(games), "--seed", "1", "--quiet",
                        "--heatmap", str(png))
            if done.returncode != 0:
                raise SystemExit(f"play {name} failed (build its lexicon first: "
                                 f"lexicon-tools build --ruleset {name}):\n{done.stderr}")
            target = out / f"heatmap-{name}.png"
            shutil.copyfile(png, target)
            written.append(target)
    return written


def draw_judge_session(out: Path = IMAGES) -> Path:
    from rich.console import Console
    from rich.text import Text

    done = _cli("judge", "--ruleset", "wortspieler", stdin=JUDGE_WORDS)
    if done.returncode != 0:
        raise SystemExit(f"judge failed (build the lexicon first: lexicon-tools build):\n{done.stderr}")
    console = Console(record=True, width=110, file=io.StringIO(), force_terminal=True)
    console.print(Text("$ lexicon-tools judge", style="bold"))
    for word, answer in zip(JUDGE_WORDS.split(), done.stdout.splitlines()):
        console.print(Text("word> ", style="dim") + Text(word))
        console.print(Text(answer, style="green" if answer.startswith("✔") else "red"))
    target = out / "judge-session.svg"
    target.write_text(console.export_svg(title="lexicon-tools judge"), encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", action="store_true", help="Only the board pictures.")
    parser.add_argument("--out", type=Path, default=IMAGES, help="Folder to write into (default docs/images).")
    args = parser.parse_args(argv)
    written = draw_boards(args.out)
    if not args.boards:
        written += draw_heatmaps(args.out)
        written.append(draw_judge_session(args.out))
    for path in written:
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


if __name__ == "__main__":
    main()
