"""corpora/german-nouns/derive.py: the documented cleaning, read straight from a wheel, deterministic."""

from __future__ import annotations

import csv
import importlib.util
import io
import lzma
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADER = "lemma,pos,genus,nominativ singular,nominativ plural,genitiv singular"


def load_derive():
    spec = importlib.util.spec_from_file_location("derive", ROOT / "corpora" / "german-nouns" / "derive.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_wheel(path: Path, rows: list[str]) -> None:
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr("german_nouns/nouns.csv", "\r\n".join([HEADER, *rows]) + "\r\n")
        wheel.writestr("german_nouns-1.2.5.dist-info/LICENSE", "Attribution-ShareAlike 4.0 International\n")


def test_derivation_strips_dedupes_and_compresses(tmp_path):
    wheel = tmp_path / "german_nouns-1.2.5-py3-none-any.whl"
    make_wheel(wheel, ["Haus,Substantiv,n,Haus ,Häuser,Hauses", "Haus,Substantiv,n,Haus,Häuser,Hauses",
                       ",Substantiv,f,,,", "Eltern,Substantiv,,,Eltern,"])
    out = tmp_path / "out" / "nouns.csv.xz"
    out.parent.mkdir()
    assert load_derive().main([str(wheel), "-o", str(out)]) == 0
    rows = list(csv.reader(io.StringIO(lzma.decompress(out.read_bytes()).decode("utf-8"))))
    assert rows == [HEADER.split(","), ["Haus", "Substantiv", "n", "Haus", "Häuser", "Hauses"],
                    ["Eltern", "Substantiv", "", "", "Eltern", ""]]
    assert (out.parent / "LICENSE").read_text().startswith("Attribution-ShareAlike")
    first = out.read_bytes()
    load_derive().main([str(wheel), "-o", str(out)])
    assert out.read_bytes() == first  # deterministic
