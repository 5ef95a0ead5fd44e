#!/usr/bin/env python3
"""Derive the curated word lists of the Wortspieler rule from the default corpus, then apply the review.

Usage (from the repository root, with the project installed)::

    python corpora/curated/derive.py            # rewrite the four lists next to this script
    python corpora/curated/derive.py --check    # exit 1 if a committed list differs

Method. No source marks these classes reliably, so each list starts from what the
dictionary implies and is then reviewed by hand; the review decisions are the data
in this script (``REVIEW_*``), each with its reason, so the lists are reproducible:

* pluralia tantum: german-nouns tables with plural forms and no singular (the reader
  tags them ``plurale-tantum``), common nouns, letters only; minus the review's
  removals (abbreviations, Latin taxon names and place/sky names, which are names);
  plus words that German dictionaries cite as "only/mostly plural" although
  Wiktionary lists a rare singular (Einkünfte, Gliedmaßen, Machenschaften ...);
* lexicalised plurals: plural-only tables whose spelling is also the plural of
  another lemma (the dictionary records that plural as a word of its own: Daten,
  Schulden), kept after review; plus the classic plurals with a meaning of their
  own (Wahlen: elections, Nachrichten: the news, Papiere: identity papers, ...);
* lexicalised diminutives: every nominative-singular noun that the diminutive rule
  (`lexicon_tools.policy.diminutives`) reads as a productive diminutive of a known
  noun (about 630 words); the review, against the seed's examples (Schwänzchen and
  Hähnchen not allowed, Brückchen allowed), keeps those whose usual meaning is not
  "a small, young or dear X" (Mädchen, Märchen, Brötchen, Eichhörnchen, Gänseblümchen),
  each with its reason, and records the words it dropped with theirs. A compound
  whose head is on the list counts as lexicalised too, so Milchbrötchen needs no line;
* common-noun markers: lemmas the dictionary has only as a name but with a full
  inflection table including plural forms (names rarely have plurals); the review
  keeps the everyday nouns among them (Sonne, Jungfrau, Lotus);
* proper-noun markers: lemmas that the dictionary has only as Toponym, Vorname,
  Nachname, Eigenname or Straßenname (never as a plain noun), letters only, whose
  spelling is not a common-noun form of another lemma (Wahlen is the plural of Wahl);
  plus names the review found filed as common nouns (Paris, Namib, taxon names).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent

REVIEW_PT_REMOVE = {
    # abbreviations (rejected as abbreviations anyway)
    "AKW": "abbreviation", "AVB": "abbreviation", "NEOS": "abbreviation", "Neos": "abbreviation",
    "PAK": "abbreviation", "ÖBB": "abbreviation", "Benelux": "abbreviation",
    # names, moved to the proper-noun markers
    "Ardennen": "mountain range", "Beskiden": "mountain range", "Absaroka": "mountain range",
    "Highlands": "region", "Niagarafälle": "waterfall", "Engern": "historical region",
    "Hyaden": "star cluster", "Leoniden": "meteor shower", "Orioniden": "meteor shower",
    "Perseiden": "meteor shower", "Paralympics": "event name", "Wa": "ethnonym, two letters, no noun use",
}
REVIEW_PT_REMOVE.update(dict.fromkeys(["Animalia", "Archaea", "Arthropoda", "Articulata", "Australopithecinae", "Aves", "Bacteria", "Boidae", "Boinae", "Chiroptera", "Chordata", "Coronaviridae", "Craniota", "Cyclostomata", "Dryopithecinae", "Eukaryota", "Eutheria", "Ginkgoaceae", "Ginkgoales", "Ginkgoopsida", "Ginkgophyta", "Hominidae", "Hymenoptera", "Lycopodiophytina", "Mammalia", "Metatheria", "Mollusca", "Monotremata", "Oleales", "Plantae", "Polypodiophytina", "Pongidae", "Prokaryota", "Prototheria", "Rhinogradentia", "Spermatophytina", "Theraphosidae", "Tracheophyta", "Vertebrata", "Vespidae"], "Latin taxon name"))
REVIEW_PT_ADD = ["Allüren", "Einkünfte", "Finanzen", "Geschwister", "Gezeiten", "Gliedmaßen", "Honoratioren", "Machenschaften", "Personalien", "Pocken", "Ränke", "Spirituosen", "Textilien", "Utensilien", "Lebensmittel", "Spaghetti"]

REVIEW_LP_KEEP = ["Daten", "Schulden", "Franzosen", "Händel", "Quanten", "Tropen", "Trümmer", "Flecke", "Möpse", "Masern"]
REVIEW_LP_ADD = ["Wahlen", "Nachrichten", "Papiere", "Noten", "Sitten", "Wehen", "Gelder", "Truppen", "Umstände", "Verhältnisse", "Beziehungen", "Kenntnisse", "Sachen", "Unterlagen", "Streitkräfte", "Zinsen", "Spiele", "Mittel"]

REVIEW_DIMINUTIVES_KEEP = {
    # The seed's test (Wortspieler: "Schwänzchen, Hähnchen - nicht erlaubt, Brückchen (Kapitäne) -
    # erlaubt"): kept only where the word's usual meaning names something that is not an X at all
    # (a small, young or dear X is out, even with a special use: Hähnchen, "small cock", also means
    # roast chicken and is still out). Each reason is the argument from the word's meaning, as a
    # general German dictionary (Duden, DWDS) gives it; it was written without network access.
    # -- named by the seed
    "Brückchen": "seed: allowed, the captain's bridge (Kapitänsbrücke), not a small bridge",
    # -- people
    "Mädchen": "girl; historically from Magd, no longer a small Magd",
    "Fräulein": "Miss, an unmarried woman; not a small woman",
    "Herrchen": "a dog's master; not a small gentleman",
    "Frauchen": "a dog's mistress; not a small woman",
    "Männchen": "the male of an animal species",
    "Weibchen": "the female of an animal species",
    "Mütterchen": "an old woman (any old woman, not one's mother)",
    "Väterchen": "an old man; Väterchen Frost (any old man, not one's father)",
    "Muttersöhnchen": "a mummy's boy, a grown man; no base Muttersohn in use",
    "Nesthäkchen": "the youngest child of a family; no base Nesthaken in use",
    "Heinzelmännchen": "house gnome of the Cologne legend, a kind of creature",
    "Mainzelmännchen": "the ZDF cartoon figures; no base Mainzelmann",
    "Erdmännchen": "meerkat, an animal",
    "Ampelmännchen": "the figure on a pedestrian light",
    "Stehaufmännchen": "roly-poly toy; a person who always bounces back",
    "Strichmännchen": "stick figure, a drawing",
    "Räuchermännchen": "incense-smoker figure from the Erzgebirge",
    "Apfelmännchen": "the Mandelbrot set figure",
    "Bethmännchen": "Frankfurt marzipan pastry",
    "Petermännchen": "weever, a fish",
    "Marsmännchen": "a Martian, the little green man; no base Marsmann",
    "Liebchen": "sweetheart, a beloved person; not a small Liebe",
    "Frühchen": "premature baby; the stem is the adjective früh",
    # -- animals
    "Heimchen": "house cricket; not a small home",
    "Kaninchen": "rabbit; no base Kanin in use",
    "Meerschweinchen": "guinea pig, not a pig",
    "Eichhörnchen": "squirrel; not a small Eichhorn in use",
    "Hörnchen": "croissant-shaped pastry; the squirrel family (Sciuridae)",
    "Gleithörnchen": "flying squirrel",
    "Streifenhörnchen": "chipmunk",
    "Bunthörnchen": "a squirrel genus",
    "Glühwürmchen": "firefly, a beetle, not a worm",
    "Blaukehlchen": "bluethroat, a bird",
    "Braunkehlchen": "whinchat, a bird",
    "Goldhähnchen": "kinglet, a songbird, not a cock",
    "Heupferdchen": "grasshopper, not a horse",
    "Seepferdchen": "seahorse, a fish",
    "Bärtierchen": "tardigrade",
    "Pantoffeltierchen": "paramecium",
    "Wechseltierchen": "amoeba",
    "Aaltierchen": "a nematode family",
    "Kätzchen": "catkin, a flower cluster (Weidenkätzchen); the kitten sense alone would be out",
    # -- plants
    "Maiglöckchen": "lily of the valley",
    "Schneeglöckchen": "snowdrop",
    "Sandglöckchen": "sheep's bit (Jasione)",
    "Moosglöckchen": "twinflower (Linnaea)",
    "Windröschen": "anemone",
    "Heideröschen": "a plant (garland flower); not a small heath rose",
    "Adonisröschen": "pheasant's eye (Adonis)",
    "Dornröschen": "Sleeping Beauty, the fairy-tale figure",
    "Gänseblümchen": "daisy",
    "Leberblümchen": "liverleaf (Hepatica)",
    "Mauerblümchen": "wallflower, a shy person",
    "Löwenmäulchen": "snapdragon",
    "Stiefmütterchen": "pansy",
    # -- food
    "Brötchen": "bread roll, a baked good of its own (bakeries sell Brot and Brötchen)",
    "Plätzchen": "biscuit, cookie; not a small square",
    "Rippchen": "a cured pork cut (Kasseler Rippchen), meat, not a small rib",
    "Gummibärchen": "gummy bear, a sweet, not a bear (Gummibär is the same sweet, not a larger one)",
    # -- things and notions
    "Märchen": "fairy tale; Mär is archaic",
    "Ständchen": "serenade; not a small stand",
    "Zäpfchen": "suppository; uvula",
    "Teilchen": "particle (physics); regionally a pastry",
    "Sternchen": "asterisk; starlet",
    "Stäbchen": "rod cell of the retina; chopstick (Essstäbchen)",
    "Scherflein": "a small contribution (sein Scherflein beitragen); Scherf is obsolete",
    "Quäntchen": "a tiny amount; from the obsolete weight Quent, not Quant",
    "Quentchen": "old spelling of Quäntchen: a tiny amount",
    "Kittchen": "jail (slang); not small putty",
    "Mätzchen": "antics, tricks",
    "Grübchen": "dimple; not a small pit",
    "Häkchen": "tick mark (the sign); the small-hook sense alone would be out",
    "Bündchen": "rib-knit cuff or neckband, a garment part other than the Bund (waistband)",
    "Leibchen": "vest, bodice; regionally a sports shirt; not a small body",
    "Höschen": "panties, underwear; not small trousers",
    "Elfchen": "an eleven-word poem form",
    "Pärchen": "a couple in love (Liebespaar); not a small pair",
    "Knöllchen": "parking ticket (colloquial); root nodule",
    "Fähnlein": "a troop (historical unit, scouts); not a small flag",
    "Zipperlein": "gout, aches (old-fashioned)",
    "Kontrollkästchen": "checkbox in a user interface",
    "Nachtkästchen": "bedside table (southern German)",
    "Teekesselchen": "the homonym word game",
    "Schäferstündchen": "a lovers' tryst",
    "Kaffeekränzchen": "coffee party",
    "Gänsefüßchen": "quotation marks",
    "Fettnäpfchen": "a faux pas (ins Fettnäpfchen treten)",
}
REVIEW_DIMINUTIVES_DROP = {
    # kept by the first review, dropped against the seed: the usual meaning is a small, young or dear X
    "Hähnchen": "seed: not allowed; a small (young) cock, also as roast chicken",
    "Schwänzchen": "seed: not allowed; a small tail",
    "Hühnchen": "a small (young) hen, as meat too; the case of Hähnchen",
    "Würstchen": "a small sausage (armes Würstchen is a figurative use)",
    "Törtchen": "a small tart (Torte)",
    "Häppchen": "a small bite (Happen), a canapé is one",
    "Schnittchen": "a small open sandwich (Schnitte)",
    "Schätzchen": "a pet name, the dear form of Schatz (darling)",
    "Plättchen": "a small plate or tile (Platte)",
    "Körperchen": "a small body, corpuscle",
    "Päckchen": "a small packet or parcel",
    "Bisschen": "as a noun a small bite (Bissen); 'ein bisschen' is a pronoun, not a noun",
    "Bläschen": "a small bubble or blister (Blase)",
    "Härchen": "a small hair",
    "Knöchelchen": "a small bone",
    "Kanälchen": "a small canal, tubule",
    "Häutchen": "a thin skin, membrane (Haut)",
    "Tröpfchen": "a droplet",
    "Röhrchen": "a small tube",
    "Blättchen": "a small leaf or sheet (Blatt), rolling paper is one",
    "Lätzchen": "a small bib (Latz)",
    "Weilchen": "a little while (Weile)",
    "Küsschen": "a small kiss",
    "Wehwehchen": "a small ailment (Wehweh); NOTE the rule finds no base (no Wehweh in the corpus), so still nom-sg",
    "Mittelchen": "a (dubious) small remedy (Mittel)",
}

REVIEW_COMMON_KEEP = (
    # everyday nouns the source files only as Eigenname/Toponym (with a full table, plural included)
    "Sonne Jungfrau Lotus Gewürztraminer Akropolis Chimära"
).split()

REVIEW_PROPN_ADD = (
    # filed as plain nouns (as well) in the source, but names
    "Paris Namib Namur Ypern Abessinien Altai Dreieich Emscher Friedrichstadt Kamerun Kongo Memphis "
    "Nestelbach Türnitz Loreley Perseus Pythagoras Hegel Krupp Henry Kiki Idi Myron Bertram Esther "
    "Vanessa Willi Ada Klamath Málaga Weißwasser Ägypten "
    # Wiktionary defines them as names (corpora/german-forms/glosses.py: every sense names a place or person)
    "Baskenland Bermudadreieck Bosporus Ekuador Genevienne Gorleben Himalaja Jenissei Karpatenukraine "
    "Memelland Nahost Niedernberg Nora Rheingau Vatikanstadt "
    # a star's name, found in a judged Wortspieler sample (Wiktionary: der ... hellste Fixstern)
    "Sirius"
).split()

HEADERS = {
    "pluralia-tantum.txt": """\
# Pluralia tantum: nouns used only in the plural (Eltern, Leute, Ferien, Kosten).
# Accepted by the Wortspieler rule as `plurale-tantum` (switch: allow_plurale_tantum).
# Made by corpora/curated/derive.py: german-nouns tables with plural forms and no
# singular ({n_derived} common nouns, letters only), reviewed by hand: {n_removed} removed
# (abbreviations; Latin taxon names and place/sky names, which are names and moved to
# the proper-noun markers), {n_added} added that dictionaries cite as only/mostly plural
# although Wiktionary lists a rare singular. Review decisions are data in derive.py.
# Derived from Wiktionary via german-nouns: CC BY-SA 4.0, see LICENSE.md.
""",
    "lexicalized-plurals.txt": """\
# Lexicalised plurals: plurals with a meaning of their own (Wahlen = elections).
# Accepted by the Wortspieler rule as `lexicalized-plural` in the nominative plural
# (switch: allow_lexicalized_plurals); other cases stay inflected forms (Wahlen as a
# dative plural is still the plural of WAHL).
# Made by corpora/curated/derive.py: plural-only tables whose spelling is also the
# plural of another lemma ({n_derived} found, {n_kept} kept after review), plus {n_added}
# classic plurals with a meaning of their own, chosen by hand. Review decisions are
# data in derive.py. Derived from Wiktionary via german-nouns: CC BY-SA 4.0, see LICENSE.md.
""",
    "lexicalized-diminutives.txt": """\
# Lexicalised diminutives: allow-list of diminutives with a meaning of their own
# (Mädchen, Märchen, Kaninchen, Brötchen). Accepted by the Wortspieler rule as
# `lexicalized-diminutive` (switch: allow_lexicalized_diminutives); every other
# productive diminutive (Häuschen, Hündchen, Büchlein) is rejected as `diminutive-of`.
# A compound whose head is listed counts too (Milchbrötchen, Blumenmädchen).
# Made by corpora/curated/derive.py: the {n_derived} nominative-singular nouns that the
# diminutive rule reads as a diminutive of a known noun, reviewed by hand against the
# seed's examples (Schwänzchen, Hähnchen: not allowed; Brückchen, of a ship's captain:
# allowed): kept where the usual meaning names something that is not an X at all
# ({n_kept} words); a small, young or dear X is out even with a special use (Hähnchen,
# also roast chicken). The comment on each line is the argument for keeping it; the
# {n_dropped} dropped words and why are data in derive.py (REVIEW_DIMINUTIVES_DROP).
# Derived from Wiktionary via german-nouns: CC BY-SA 4.0, see LICENSE.md.
""",
    "common-noun-markers.txt": """\
# Common-noun markers: lemmas the source files only as names (Toponym, Eigenname, ...)
# although they are everyday nouns: German Wiktionary has Sonne only as "Eigenname".
# A reading with a listed lemma is judged as a common noun (Sonne: nom-sg, Sonnen:
# plural of SONNE) instead of a proper noun.
# Made by corpora/curated/derive.py: name-only lemmas that have a full inflection table
# with plural forms ({n_derived}; names rarely have plurals), reviewed by hand: kept the
# everyday nouns ({n_kept}). Review decisions are data in derive.py.
# Derived from Wiktionary via german-nouns: CC BY-SA 4.0, see LICENSE.md.
""",
    "proper-noun-markers.txt": """\
# Proper-noun markers: lemmas that are names only (Berlin, Goethe). A reading whose
# lemma (or, without a lemma, whose word) is listed is a proper noun, rejected unless
# allow_proper_nouns; this catches names in sources without a part of speech (word
# lists) and names a source files as common nouns.
# Made by corpora/curated/derive.py: lemmas the dictionary has only as Toponym,
# Vorname, Nachname, Eigenname or Straßenname, letters only, whose spelling is not a
# common-noun form of another lemma ({n_derived}); plus {n_added} names found by hand
# review among entries filed as common nouns as well, and the Latin taxon and sky
# names removed from the pluralia tantum. Review decisions are data in derive.py.
# Derived from Wiktionary via german-nouns: CC BY-SA 4.0, see LICENSE.md.
""",
}


def load_lexicon():
    from lexicon_tools.io.readers import iter_entries
    from lexicon_tools.morph.lexicon import MorphLexicon
    from lexicon_tools.resources import default_corpus

    return MorphLexicon.from_entries(iter_entries(default_corpus(), "csv"))


def pluralia_tantum(forms) -> tuple[list[str], list[str], dict]:
    derived = sorted({r.lemma for _, rs in forms for r in rs
                      if r.pos == "NOUN" and "plurale-tantum" in r.tags and r.lemma and r.lemma.isalpha()})
    removed = {w: REVIEW_PT_REMOVE[w] for w in derived if w in REVIEW_PT_REMOVE}
    kept = sorted((set(derived) - set(removed)) | set(REVIEW_PT_ADD))
    return derived, kept, removed


def lexicalized_plurals(forms) -> tuple[list[str], list[str]]:
    derived = []
    for form, rs in forms:
        if not form.isalpha():
            continue
        pt = any(r.pos == "NOUN" and "plurale-tantum" in r.tags and r.case == "Nom" for r in rs)
        other = any(r.pos == "NOUN" and r.case == "Nom" and r.number == "Plur" and "plurale-tantum" not in r.tags
                    for r in rs)
        if pt and other:
            derived.append(form)
    kept = sorted((set(derived) & set(REVIEW_LP_KEEP)) | set(REVIEW_LP_ADD))
    return sorted(derived), kept


def diminutive_candidates(lexicon, forms) -> list[str]:
    from lexicon_tools.policy.diminutives import diminutive_base

    nom_sg = sorted({form for form, rs in forms if form.isalpha() and form.endswith(("chen", "lein"))
                     and any(r.pos == "NOUN" and r.case == "Nom" and r.number == "Sing" for r in rs)})
    return [w for w in nom_sg if diminutive_base(w, lexicon.lookup)]


def proper_nouns(forms, taxa_and_names: list[str]) -> tuple[list[str], list[str]]:
    kinds: dict[str, set[str]] = defaultdict(set)
    common_forms = set()
    for form, rs in forms:
        for r in rs:
            if r.lemma:
                kinds[r.lemma].add(r.pos)
            if r.pos == "NOUN":
                common_forms.add(form)
    derived = sorted(lemma for lemma, pos in kinds.items()
                     if pos == {"PROPN"} and lemma.isalpha() and lemma not in common_forms)
    added = sorted(set(REVIEW_PROPN_ADD) | set(taxa_and_names))
    return derived, sorted(set(derived) | set(added))


def common_noun_candidates(forms) -> list[str]:
    kinds: dict[str, set[str]] = defaultdict(set)
    plural: set[str] = set()
    for _, rs in forms:
        for r in rs:
            if r.lemma:
                kinds[r.lemma].add(r.pos)
                if r.pos == "PROPN" and r.number == "Plur":
                    plural.add(r.lemma)
    return sorted(lemma for lemma in plural if kinds[lemma] == {"PROPN"} and lemma.isalpha())


def render(name: str, words: list[str], notes: dict[str, str] | None = None, **counts) -> str:
    """The file text: header, then one word per line, with its review note as a comment if given."""
    notes = notes or {}
    lines = (f"{w}  # {notes[w]}\n" if w in notes else f"{w}\n" for w in sorted(set(words)))
    return HEADERS[name].format(**counts) + "".join(lines)


def build_files() -> dict[str, str]:
    lexicon = load_lexicon()
    forms = list(lexicon.forms())
    pt_derived, pt_kept, pt_removed = pluralia_tantum(forms)
    lp_derived, lp_kept = lexicalized_plurals(forms)
    dim_candidates = diminutive_candidates(lexicon, forms)
    both = sorted(set(REVIEW_DIMINUTIVES_KEEP) & set(REVIEW_DIMINUTIVES_DROP))
    if both:
        raise SystemExit(f"derive.py: kept and dropped at once: {' '.join(both)}")
    missing = sorted(set(REVIEW_DIMINUTIVES_KEEP) - set(dim_candidates))
    dim_kept = sorted(set(REVIEW_DIMINUTIVES_KEEP))
    moved = [w for w, why in pt_removed.items() if why != "abbreviation"]
    pn_derived, pn_all = proper_nouns(forms, moved)
    if missing:
        print(f"note: kept on review though the rule does not flag them: {' '.join(missing)}", file=sys.stderr)
    return {
        "pluralia-tantum.txt": render("pluralia-tantum.txt", pt_kept, n_derived=len(pt_derived),
                                      n_removed=len(pt_removed), n_added=len(set(REVIEW_PT_ADD))),
        "lexicalized-plurals.txt": render("lexicalized-plurals.txt", lp_kept, n_derived=len(lp_derived),
                                          n_kept=len(set(lp_derived) & set(REVIEW_LP_KEEP)),
                                          n_added=len(set(REVIEW_LP_ADD))),
        "lexicalized-diminutives.txt": render("lexicalized-diminutives.txt", dim_kept, REVIEW_DIMINUTIVES_KEEP,
                                              n_derived=len(dim_candidates), n_kept=len(dim_kept),
                                              n_dropped=len(REVIEW_DIMINUTIVES_DROP)),
        "common-noun-markers.txt": render("common-noun-markers.txt", sorted(set(REVIEW_COMMON_KEEP)),
                                          n_derived=len(common_noun_candidates(forms)),
                                          n_kept=len(set(REVIEW_COMMON_KEEP))),
        "proper-noun-markers.txt": render("proper-noun-markers.txt", pn_all, n_derived=len(pn_derived),
                                          n_added=len(set(REVIEW_PROPN_ADD))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    args = parser.parse_args(argv)
    files = build_files()
    differ = []
    for name, text in files.items():
        path = HERE / name
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                differ.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            words = sum(1 for line in text.splitlines() if line and not line.startswith("#"))
            print(f"wrote {path} ({words} words)")
    if differ:
        print(f"differs from derive.py output: {', '.join(differ)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
