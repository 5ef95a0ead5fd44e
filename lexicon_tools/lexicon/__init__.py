"""Game lexicons as data: the KWG word graph (minimal DAWG + GADDAG), its queries
(membership, anagrams with blanks, patterns), statistics, the alphagram DAWG and
the verdict table that explains why a word is or is not legal, and the compact
word set the table page judges from offline (`compact`).

Core layer: no file IO, no typer/yaml/lxml/spaCy. The reader side (`kwg.Kwg`,
`verdicts`, `lexicon`) is stdlib-only so the table-side check starts fast; the
builder (`builder`, `_build_jit`, `_layout_jit`) uses numpy and numba.
"""
