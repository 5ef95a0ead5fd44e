"""lexicon-tools: lexicons, boards and a reference engine for German crossword-tile games."""

__version__ = "0.1.0"
