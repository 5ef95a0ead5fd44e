"""What a person at a terminal sees while a job runs: progress bars on stderr (rich, drawn lazily).

Imports nothing of lexicon-tools; used by the entry points (`cli`, `experiments`), handed to jobs.
"""
