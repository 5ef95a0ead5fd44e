"""Junk rule 6 of ``derive.py``: joined particle-verb forms that are only an imperative or an elision.

German writes the imperative of a particle verb split (*perl ab!*, *komm an!*), and a colloquial
elision (*zu hätt'*) is no word form, so a joined spelling that can only be one of those is junk:
ABPERL, ANKOMM, ZUHÄTT. The joined forms of subordinate clauses stay (*dass es abperlt*, *dass er
abfiel*, *ankam*), and so do infinitives, zu-infinitives and participles. Only forms that the tanglet
list alone attests are judged (``derive.py`` passes them), and bare -el/-er stems that only tanglet and
Wiktionary attest (WEGFLATTER: Wiktionary lists the colloquial ending-less first person, whose joined
form is no better than the imperative's); the evidence is the corpus's own lower-case forms, from
every source. A particle is a line of ``particles.tsv``.

A form ``w = particle + rest`` is refused when

* **joined imperative** (particle + bare present stem): ``w+en`` (``w+n`` after -el/-er) is an
  infinitive - its present participle ``w+end`` or its zu-infinitive ``particle+zu+rest+en`` is
  attested - and the verb is separable: the zu-infinitive or the ge-participle
  (``particle+ge+rest+t/et/en``: abgeperlt, angekommen) is attested. The bare preterite of a strong
  verb (ABFIEL, ANKAM) is no infinitive stem (no *abfielend*, no *abzufielen*) and stays; a simple verb
  that merely starts like a particle (*antworten*, *herrschen*, *zucken*) has no such zu-infinitive or
  participle and stays. After hin, her and da only the present participle proves the infinitive
  (*hinzulegten* is a form of hinzulegen, not a zu-infinitive of *hinlegten*: HINLEGT stays). For a ``dual`` particle (durch, über, um, unter, ...) the verb may also be
  inseparable, whose joined imperative is right (*übersetz!*): such a form stays when an inseparable
  participle (``w+tem``, ``w+tes``, ``w+enem``, ``w+enes``: übersetztem) is attested. A strong
  preterite that looks like the stem of another verb stays when its Konjunktiv II is attested
  (AUSBOG of ausbiegen, although ausbogen is a verb too: ``strong_preterite``).
* **joined elided subjunctive** (particle + Konjunktiv II stem without its -e): ``w`` has an umlaut,
  ``w+e`` is attested (abkäme, zuhätte), the same form without the umlaut is an attested preterite
  (abkam, zuhatte), and ``w`` is no present-tense form (``w`` minus -t/-et plus -en is no
  attested verb: ABZÄHLT stays), and its Konjunktiv II paradigm is attested (``w+st`` or ``w+est``:
  abkämst, zuhättest; so neither AUSZÄHLBAR nor AUSGELÖTET is taken for one).

A form with an attested adjective paradigm (``w+em`` and ``w+es``: VORSCHNELL) is never refused, and
neither is a present participle (AUFWEITEND: ``w`` minus -d is attested), whose inflections look like
infinitives (*aufweitenden*, *aufzuweitenden*).
"""

from __future__ import annotations

INSEPARABLE_PARTICIPLE = ("tem", "tes", "enem", "enes")
UMLAUT = str.maketrans("äöü", "aou")


def splits(word: str, particles: dict[str, str]):
    """(particle, rest, kind) for every particle ``word`` starts with, longest particle first."""
    for particle in sorted(particles, key=len, reverse=True):
        if word.startswith(particle) and len(word) - len(particle) >= 2:
            yield particle, word[len(particle):], particles[particle]


def adjective(word: str, lower: set[str]) -> bool:
    """An attested adjective paradigm (-em and -es: no verb form ends so): vorschnell, not abperl."""
    return word + "em" in lower and word + "es" in lower


def umlauted(word: str) -> str:
    """The last a, o or u umlauted (ausbog -> ausbög), as in the Konjunktiv II of a strong preterite."""
    for i in range(len(word) - 1, -1, -1):
        if word[i] in "aou":
            if word[i] == "u" and i and word[i - 1] == "a":
                i -= 1
            return word[:i] + {"a": "ä", "o": "ö", "u": "ü"}[word[i]] + word[i + 1:]
    return word


def strong_preterite(word: str, lower: set[str], particle: str) -> bool:
    """``w+en`` and the whole Konjunktiv II of ``umlauted(w)`` (+e, +en, +et, +st or +est) are attested,
    and ``umlauted(w)`` is no stem of another verb: no +end, no weak preterite +te, no zu-infinitive,
    no weak participle (ausgelötet), not a weak preterite itself (abschält from abschälen). So AUSBOG
    (dass er ausbog, ausböge) is a preterite of ausbiegen, although ausbogen is also an infinitive;
    ABSAG (absäge, absägend) and ABSCHALT are not."""
    soft = umlauted(word)
    if soft == word or word + "en" not in lower:
        return False
    if not all(soft + e in lower for e in ("e", "en", "et")) or not (soft + "st" in lower or soft + "est" in lower):
        return False
    zu_infinitive = particle + "zu" + soft[len(particle):] + "en" in lower
    participle = any(particle + "ge" + soft[len(particle):] + e in lower for e in ("t", "et"))
    if soft + "end" in lower or soft + "te" in lower or zu_infinitive or participle:
        return False
    return not (soft.endswith("t") and soft[:-1] + "en" in lower)


def joined_imperative(word: str, particle: str, rest: str, kind: str, lower: set[str], particles) -> bool:
    if strong_preterite(word, lower, particle):
        return False
    if word.endswith("d") and word[:-1] in lower and word[:-1].endswith("n"):
        return False  # a present participle (aufweitend: aufweiten), whose inflections look like infinitives
    ends = ("en", "n") if word.endswith(("el", "er")) else ("en",)
    for end in ends:
        infinitive = word + end
        if infinitive not in lower:
            continue
        zu_infinitive = particle + "zu" + rest + end in lower
        # hin+zu+legten is hinzulegen's preterite: after hin, her, da (hinzu, herzu, dazu are particles
        # too) only the present participle proves an infinitive, so HINLEGT stays
        infinitive_shown = zu_infinitive and particle + "zu" not in particles
        if not (infinitive_shown or infinitive + "d" in lower):
            continue
        separable = zu_infinitive or any(particle + "ge" + rest + e in lower for e in ("t", "et", "en"))
        if not separable:
            continue
        if kind == "dual" and any(word + e in lower for e in INSEPARABLE_PARTICIPLE):
            continue
        return True
    return False


def joined_elision(word: str, lower: set[str]) -> bool:
    plain = word.translate(UMLAUT)
    if plain == word or word + "e" not in lower or not (plain in lower or plain + "e" in lower):
        return False
    if not (word + "st" in lower or word + "est" in lower):
        return False  # no Konjunktiv II paradigm (abkämst, zuhättest): auszählbar, ausgelötet
    stems = [word[:-1]] if word.endswith("t") else []
    stems += [word[:-2]] if word.endswith("et") else []
    return not any(stem + "en" in lower or stem + "n" in lower for stem in stems)


def junk_joined(candidates, lower: set[str], particles: dict[str, str]) -> dict[str, str]:
    """candidate lower-case form -> reason, for the candidates the rule refuses."""
    out = {}
    for word in candidates:
        if adjective(word, lower):
            continue
        for particle, rest, kind in splits(word, particles):
            if joined_imperative(word, particle, rest, kind, lower, particles):
                out[word] = "joined imperative of a particle verb"
                break
            if joined_elision(word, lower):
                out[word] = "joined elided subjunctive of a particle verb"
                break
    return out
