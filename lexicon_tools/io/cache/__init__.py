"""Content-addressed caches of expensive results: the imported corpus and the word graph's check,
each keyed by the SHA-256 of its inputs and of the code that made it, never trusted unverified.

May import the core and `io.guard`; never `jobs`, `ui` or an entry point.
"""
