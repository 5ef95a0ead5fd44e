"""File formats: one module per format, each with its reader and writer (`.lex`, `.leaves`/KLV2,
game records, entries and verdicts JSONL, rulesets, layouts, curated lists, the morphology model).

May import the core and `io.guard`, `io.cache`; never `jobs`, `ui` or an entry point.
"""
