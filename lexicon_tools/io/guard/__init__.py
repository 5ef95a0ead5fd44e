"""Guards for hostile input and safe writes: atomic files and folders, path and device checks,
XML without entities or DTDs, bounded and located YAML, confined references to bundled data.

May import `errors` and `textsafe` only (and each other): every other room relies on these.
"""
