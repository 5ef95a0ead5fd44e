"""Generators of the documentation site's reference pages and pictures (see mkdocs.yml)."""
