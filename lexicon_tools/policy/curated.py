"""The curated word lists the Wortspieler rule needs, as plain data.

No source marks these reliably, so the project keeps reviewed lists
(corpora/curated/, loaded by `lexicon_tools.io.formats.curated`):

- pluralia tantum (Eltern, Leute, Ferien, Kosten): accepted as `plurale-tantum`;
- lexicalised plurals, plurals with a meaning of their own (Wahlen: elections);
- lexicalised diminutives, an allow-list (Mädchen, Märchen, Brötchen); a compound
  whose head is on the list is lexicalised too (Milchbrötchen);
- proper-noun markers: lemmas that are names only (Berlin, Goethe), for sources
  that carry no part of speech or mark a name as a common noun;
- common-noun markers: the opposite correction, lemmas a source files only as a
  name although they are everyday nouns (Wiktionary has Sonne only as Eigenname);
- function-word homographs: rare nouns spelled like a frequent function word (Die, Oder,
  Leider), which Wortspieler refuses unless a house rule admits them;
- region modifiers: directions and positions (Nord, Ost, Mittel, Äquatorial) that make a region's
  name of a place's name (Ostschweiz, Nordirak);
- name heads: the heads place names, surnames and firms are made with (Dorf, Berg, Mann, Bank): an unknown
  compound of one that the build gives no plural is a name (Wilmersdorf, Commerzbank);
- separable verb particles (ab, nach, voran): before a verb they make a particle verb, whose
  nominalised infinitive a list row may be (das Nachbearbeiten).

`CuratedLists` holds the spellings as written; `for_alphabet` turns them into tile
strings once per ruleset, which is what the policies compare against.
"""

from __future__ import annotations

from dataclasses import dataclass

from lexicon_tools.model.alphabet import Alphabet
from lexicon_tools.policy.normalize import to_tiles


@dataclass(frozen=True)
class CuratedLists:
    pluralia_tantum: frozenset[str] = frozenset()
    lexicalized_plurals: frozenset[str] = frozenset()
    lexicalized_diminutives: frozenset[str] = frozenset()
    proper_nouns: frozenset[str] = frozenset()
    common_nouns: frozenset[str] = frozenset()
    function_word_homographs: frozenset[str] = frozenset()
    region_modifiers: frozenset[str] = frozenset()
    verb_particles: frozenset[str] = frozenset()
    name_heads: frozenset[str] = frozenset()

    def for_alphabet(self, alphabet: Alphabet) -> TileLists:
        def tiles(words: frozenset[str]) -> frozenset[str]:
            return frozenset(to_tiles(w, alphabet) for w in words)

        return TileLists(tiles(self.pluralia_tantum), tiles(self.lexicalized_plurals),
                         tiles(self.lexicalized_diminutives), tiles(self.proper_nouns), tiles(self.common_nouns),
                         tiles(self.function_word_homographs),
                         tuple(sorted(self.region_modifiers, key=lambda m: (-len(m), m))),
                         tiles(self.verb_particles), tiles(self.name_heads))


@dataclass(frozen=True)
class TileLists:
    """The curated lists in tiles (what the policies look words up in)."""

    pluralia_tantum: frozenset[str]
    lexicalized_plurals: frozenset[str]
    lexicalized_diminutives: frozenset[str]
    proper_nouns: frozenset[str]
    common_nouns: frozenset[str] = frozenset()
    function_word_homographs: frozenset[str] = frozenset()
    # spellings, not tiles, longest first: matched against a word's spelling to find the place's name
    region_modifiers: tuple[str, ...] = ()
    verb_particles: frozenset[str] = frozenset()  # separable verb particles (ab, nach, voran), in tiles
    name_heads: frozenset[str] = frozenset()  # heads of place names, surnames and firms (Dorf, Mann), in tiles

    def is_lexicalized_diminutive(self, tiles: str, min_modifier: int = 2) -> bool:
        """On the allow-list itself, or a compound whose head is (Milchbrötchen)."""
        if tiles in self.lexicalized_diminutives:
            return True
        return any(tiles[i:] in self.lexicalized_diminutives for i in range(min_modifier, len(tiles) - 3))
