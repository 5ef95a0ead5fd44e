"""Pictures: board layouts as SVG and PNG, and usage heatmaps of test games.

May import the core and `io.guard`; never `jobs`, `ui` or an entry point.
"""
