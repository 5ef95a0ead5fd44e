"""Jobs: what a command does, composed from the core and io (build, import, filter, play and replay,
leave training). `cli/`, `web/` and `experiments/` call these.

May import the core and `io`; never `ui`, typer, FastAPI or an entry point. Progress is a callback:
each job takes ``bars`` (see `bars`), which the CLI fills with `lexicon_tools.ui.progress.Progress`.
"""
