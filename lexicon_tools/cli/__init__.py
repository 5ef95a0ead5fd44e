"""The typer CLI: one thin module per command group.

Command modules import library code inside their functions, so that
`lexicon-tools check` starts without loading spaCy, lxml, pydantic or numpy.
"""
