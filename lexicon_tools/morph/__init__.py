"""Morphology: the spaCy side of the word rules.

- `lexicon`: the morphological lexicon (surface form -> readings) compiled from
  imported entries, and the spaCy-free `LexiconAnalyzer`;
- `pipeline`: the registered spaCy components (lexicon readings, the statistical
  fallback, an optional installed pipeline) and the `SpacyAnalyzer`;
- `labels`, `train`, `evaluate`: form-level labels, training and measurement of the
  fallback morphologizer.

spaCy is imported only by `pipeline`, `train` and `evaluate`, and only when used;
importing this package or `lexicon` loads no spaCy.
"""
