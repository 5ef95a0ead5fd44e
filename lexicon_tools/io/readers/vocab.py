"""The shared vocabulary: how source labels become UD values and entry tags.

Every reader maps its source's labels through these tables, so an entry means
the same thing whichever dictionary it came from. The conventions (the policy
relies on them; see also the README section "Import"):

* ``pos`` is a UD UPOS tag (NOUN, PROPN, VERB, ADJ, ...). Proper nouns are
  ``PROPN`` and carry a ``propn:toponym|first-name|surname|name`` tag. A source
  pos label we cannot map becomes ``X`` plus a ``source-pos:<label>`` tag.
* ``features`` use UD names and values: ``Case`` Nom|Gen|Dat|Acc, ``Number``
  Sing|Plur, ``Gender`` Masc|Fem|Neut. Readers never invent a feature the
  source does not state.
* register and domain tags: ``register:colloquial|vulgar|pejorative|dated|
  formal|literary|technical|regional|rare`` and ``domain:<label>``; regional
  labels also add ``region:<label>``. Labels are lower-cased and lose a
  trailing dot (``Med.`` -> ``domain:med``).
* German Wiktionary word-class labels (also the ``pos`` column of the
  german-nouns CSV) are mapped by `german_labels`: Toponym, Vorname, Nachname,
  Eigenname, Straßenname make a PROPN; Abkürzung -> ``abbreviation``;
  Wortverbindung -> ``multiword``; Redewendung/Geflügeltes Wort -> ``idiom``;
  Affix/Suffix/Präfix/Gebundenes Lexem -> ``affix``; Buchstabe/Symbol -> ``symbol``.
"""

from __future__ import annotations

from functools import lru_cache

UPOS = frozenset("ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X".split())

GENDER = {"m": "Masc", "masc": "Masc", "masculine": "Masc", "maskulinum": "Masc",
          "f": "Fem", "fem": "Fem", "feminine": "Fem", "femininum": "Fem",
          "n": "Neut", "nt": "Neut", "neut": "Neut", "neuter": "Neut", "neutrum": "Neut"}
NUMBER = {"sg": "Sing", "sing": "Sing", "singular": "Sing", "pl": "Plur", "plur": "Plur", "plural": "Plur"}
CASE = {"nom": "Nom", "nominative": "Nom", "nominativ": "Nom", "gen": "Gen", "genitive": "Gen",
        "genitiv": "Gen", "dat": "Dat", "dative": "Dat", "dativ": "Dat", "acc": "Acc", "akk": "Acc",
        "accusative": "Acc", "akkusativ": "Acc"}
FEATURE_VALUES = {"Gender": frozenset(GENDER.values()), "Number": frozenset(NUMBER.values()),
                  "Case": frozenset(CASE.values())}

# TEI <pos> values (FreeDict and TEI P5 examples) and common dictionary abbreviations.
POS = {
    "n": "NOUN", "noun": "NOUN", "nn": "NOUN", "subst": "NOUN", "substantiv": "NOUN",
    "pn": "PROPN", "npr": "PROPN", "prop": "PROPN", "propn": "PROPN", "proper noun": "PROPN", "name": "PROPN",
    "v": "VERB", "vi": "VERB", "vt": "VERB", "vr": "VERB", "verb": "VERB",
    "adj": "ADJ", "a": "ADJ", "adjective": "ADJ", "adv": "ADV", "adverb": "ADV",
    "prep": "ADP", "preposition": "ADP", "postp": "ADP", "adp": "ADP",
    "conj": "CCONJ", "cconj": "CCONJ", "sconj": "SCONJ", "pron": "PRON", "pronoun": "PRON",
    "art": "DET", "det": "DET", "article": "DET", "num": "NUM", "numeral": "NUM", "card": "NUM",
    "int": "INTJ", "interj": "INTJ", "intj": "INTJ", "ptcl": "PART", "part": "PART", "particle": "PART",
    "aux": "AUX", "sym": "SYM", "punct": "PUNCT",
}

_REGISTER_LABELS = {
    "colloquial": "ugs umgangssprachlich salopp familiär fam jugendsprache jugendspr coll colloq "
                  "informal inf slang umg",
    "vulgar": "vulgär derb vulg vulgar",
    "pejorative": "abwertend pejorativ abw pej derog derogatory",
    "dated": "veraltet veraltend altertümlich obs obsolete archaic arch old dated",
    "formal": "gehoben geh amtssprache amtsspr bildungssprachlich bildungsspr formal form",
    "literary": "dichterisch poetisch literarisch poet lit literary",
    "technical": "fachsprachlich fachspr fachsprache fachlich jargon tech techn technical",
    "rare": "selten rare",
}
_REGIONAL_LABELS = set(
    "regional reg landschaftlich landsch süddeutsch südd süddt norddeutsch nordd norddt mitteldeutsch "
    "ostdeutsch westdeutsch österreichisch österr schweizerisch schweiz bairisch bayrisch bayerisch "
    "schwäbisch berlinisch rheinisch sächsisch westfälisch fränkisch alemannisch niederdeutsch ddr "
    "deutschland österreich schweiz liechtenstein südtirol luxemburg austr swiss dial dialect "
    "regionally".split())
REGISTER_OF = {label: register for register, labels in _REGISTER_LABELS.items() for label in labels.split()}

# German Wiktionary word-class labels -> (is proper noun tag, other tag)
_PROPN_LABELS = {"toponym": "propn:toponym", "vorname": "propn:first-name", "nachname": "propn:surname",
                 "eigenname": "propn:name", "straßenname": "propn:toponym"}
_OTHER_LABELS = {"abkürzung": "abbreviation", "wortverbindung": "multiword", "redewendung": "idiom",
                 "geflügeltes wort": "idiom", "sprichwort": "idiom", "affix": "affix", "suffix": "affix",
                 "präfix": "affix", "gebundenes lexem": "affix", "buchstabe": "symbol", "symbol": "symbol"}
# TEI usage/domain labels that say the headword names a place or a person (FreeDict's [geogr.]):
# such an entry is a proper noun. Only for TEI <usg> (a Wiktionary {{K|Geografie}} marks a
# common geographical term, not a name).
_NAME_DOMAIN_LABELS = {
    "toponym": ("geogr", "geog", "geography", "geographical name", "geographic name", "place name", "placename",
                "toponym", "ortsname", "ländername", "country name", "city name", "town name"),
    "name": ("name", "proper name", "personal name", "person name", "first name", "given name", "surname",
             "family name", "vorname", "nachname", "familienname", "personenname", "eigenname"),
}
NAME_DOMAINS = {label: kind for kind, labels in _NAME_DOMAIN_LABELS.items() for label in labels}
NOUN_LABELS = frozenset({"substantiv"} | set(_PROPN_LABELS))


def clean_label(label: str) -> str:
    return " ".join(label.strip().rstrip(".").split()).lower()


def german_labels(labels) -> tuple[str, tuple[str, ...]]:
    """(UPOS, tags) for German Wiktionary word-class labels, e.g. ["Substantiv", "Toponym"]."""
    tags: list[str] = []
    propn = False
    for label in labels:
        key = clean_label(label)
        if key in _PROPN_LABELS:
            propn = True
            _add(tags, _PROPN_LABELS[key])
        elif key in _OTHER_LABELS:
            _add(tags, _OTHER_LABELS[key])
    return ("PROPN" if propn else "NOUN"), tuple(tags)


@lru_cache(maxsize=4096)
def usage_tags(label: str, kind: str | None = None) -> tuple[str, ...]:
    """Tags for one usage label (Wiktionary {{K|...}} label or TEI <usg type=kind>).

    `kind` is the TEI usg type: ``dom`` always gives a domain tag, ``geo`` always
    a regional tag, ``reg`` a register tag (unknown ones verbatim). Without a
    kind (Wiktionary), known register/regional labels map as above, other
    capitalised labels are taken as domains ({{K|Medizin}} -> domain:medizin),
    and other lower-case labels (grammar notes such as "meist im Plural") are ignored.
    """
    key = clean_label(label)
    if not key:
        return ()
    bare = key.strip("[]() ").rstrip(".")
    if kind is not None and bare in NAME_DOMAINS:
        return (f"domain:{bare}", f"propn:{NAME_DOMAINS[bare]}")
    if kind == "dom":
        return (f"domain:{key}",)
    if kind == "geo" or key in _REGIONAL_LABELS:
        return ("register:regional", f"region:{key}")
    if key in REGISTER_OF:
        return (f"register:{REGISTER_OF[key]}",)
    if kind == "reg":
        return (f"register:{key}",)
    if kind is None and label.strip()[:1].isupper() and not any(ch.isdigit() for ch in key) \
            and key not in ("plural", "singular", "pl", "sg", "kein plural", "kein singular"):
        return (f"domain:{key}",)
    return ()


@lru_cache(maxsize=1024)
def map_pos(raw: str) -> tuple[str, tuple[str, ...]]:
    """UPOS for a source pos label; unknown labels give ``X`` and a ``source-pos:`` tag."""
    key = clean_label(raw)
    if key.upper() in UPOS:
        return key.upper(), ()
    if key in POS:
        return POS[key], ()
    return "X", (f"source-pos:{key}",)


def _add(tags: list[str], tag: str) -> None:
    if tag not in tags:
        tags.append(tag)
