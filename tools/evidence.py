"""Sections of the source rulebooks, and the check that a citation's evidence stands inside one.

A *section* is the text from a heading to the next heading of the same file (the
heading line itself included). The rulebook files are plain text without markup, so
every heading of every file is listed here, as the file writes it:

* ``line`` files (000, 002, 003): a heading is a whole line equal to one of the listed
  headings (after trimming);
* ``inline`` files (001, 004): the text runs on without line breaks, so a heading is an
  exact, case-sensitive occurrence of a listed heading between word boundaries (001
  writes its headings in capitals, so ``HUS`` is never the word ``hus``); an occurrence
  inside a longer heading's occurrence (``Uitkomen`` in ``3. Uitkomen``) does not count.
* ``board.md`` (``shared/reference``): Markdown, a heading is a line starting with ``#``.

Matching the evidence normalises whitespace and case, nothing more (quotes, accents,
punctuation and Markdown stay as the source writes them).

>>> norm("  Er  mag\\nmaar 1 HOTEL ")
'er mag maar 1 hotel'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.sources import BOARD_FILE, SOURCE_FILES, Source
from hooks.catalogs.languages import LANGUAGES

def _shared() -> Path:
    """The project's ``shared`` folder: beside the checkout (``../shared``), or beside a folder
    that holds the checkout (a worktree in ``wt/<name>``)."""
    here = Path(__file__).resolve().parents[1]
    for parent in here.parents:
        if (parent / "shared" / "sources").is_dir():
            return parent / "shared"
    return here.parent / "shared"


SHARED = _shared()
SOURCES_DIR = SHARED / "sources"
REFERENCE_DIR = SHARED / "reference"

LINE, INLINE, MARKDOWN = "line", "inline", "markdown"

HEADINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "000": (LINE, (
        "Friday, April 27, 2007", "Friday, March 23, 2007", "spelregels uitgebreid",
        "Tekort aan huizen en hotels", "Grond verkopen", "Hypotheek", "Faillissement",
        "Opmerkingen", "De winnaar", "SPELREGELS VOOR EEN KORT SPEL",
        "SPEL MET BEPERKTE SPEELTIJD", "© 2001 Hasbro Inc. Alle rechten voorbehouden.",
        "4. De bankier en de bank", "HET SPEL", "Dubbel gooien", "\u201cSTART\u201d passeren",
        "Grond kopen", "Verkochte grond", "Huur", "Nutsbedrijven", "Stations",
        "\u201cKans\u201d en \u201cAlgemeen Fonds\u201d", "Belastingen", "Vrij parkeren",
        "Gevangenis", "Huizen", "Hotels", "varianten", "andere uitvoeringen", "Strategie",
        "spelregels", "Geschiedenis", "Subscribe to:",
    )),
    "001": (INLINE, (
        # the Swedish text
        "Innehåll", "SPELET I KORTHET", "FÖRBEREDELSER", "BANKEN", "SÅ HÄR SPELAR DU",
        "FLYTTA RUNT SPELPLANEN", "DUBBELSLAG", "PASSERA GO (GÅ)", "HAMNA PÅ EN LEDIG EGENDOM",
        "HAMNA PÅ EN ÄGD EGENDOM", "HAMNA PÅ STATLIGA VERK", "HAMNA PÅ TÅGSTATIONER",
        "HAMNA PÅ CHANCE (CHANS) ELLER COMMUNITY CHEST (ALLMÄNNING)",
        "FREE PARKING (FRI PARKERING)", "FÄNGELSE", "HUS", "HOTELL", "SÄLJA EGENDOM",
        "INTECKNINGAR", "KONKURS", "SÅ HÄR VINNER DU", "ANMÄRKNINGAR",
        # the Danish text
        "Indhold", "SPILLET I KORTE TRÆK", "FORBEREDELSER", "SÅDAN SPILLES SPILLET", "TRÆK",
        "TO ENS", "PASSÉR GO (START)", "HVIS EN SPILLER LANDER PÅ EN EJENDOM, DER IKKE EJES AF NOGEN",
        "HVIS EN SPILLER LANDER PÅ EN EJENDOM, DER EJES AF EN ANDEN SPILLER",
        "HVIS EN SPILLER LANDER PÅ FORSYNINGSSELSKABER", "HVIS EN SPILLER LANDER PÅ STATIONER",
        "HVIS EN SPILLER LANDER PÅ CHANCE ELLER COMMUNITY CHEST (KOMMUNEKASSEN)",
        "FREE PARKING (GRATIS PARKERING)", "FÆNGSEL", "HUSE", "HOTELLER", "SALG AF EJENDOMME",
        "BELÅNING", "FALLIT", "SEJR", "BEMÆRKNINGER TIL SPILLET",
        # the Norwegian text
        "Innhold", "SPILLET I KORTE TREKK", "SLIK SPILLER DERE", "FLYTTE", "TO LIKE",
        "PASSERE START", "LANDE PÅ EIENDOM INGEN HAR KJØPT", "NÅR DU LANDER PÅ EN EIENDOM NOEN EIER",
        "NÅR DU LANDER PÅ SELSKAPER", "NÅR DU LANDER PÅ STASJONER",
        "NÅR DU LANDER PÅ CHANCE (SJANSE) ELLER COMMUNITY CHEST (PRØV LYKKEN)", "FENGSEL",
        "SELGE EIENDOM", "PANTSETTING",
    )),
    "002": (LINE, (
        "Monopoly – Spelregels en Speluitleg", "Doel van het spel", "Voorbereiding", "Spelverloop",
        "Een beurt", "De vakjes op het bord", "Straten", "Stations", "Nutsbedrijven", "START",
        "Kans en Algemeen Fonds", "Inkomstenbelasting en Extra belasting", "Vrij Parkeren",
        "Op bezoek", "Naar de gevangenis", "Uit de gevangenis komen", "Veilingen", "Bouwen",
        "Huizen", "Hotels", "Beperkingen", "Handelen", "Geldgebrek", "Gebouwen verkopen",
        "Een hypotheek nemen", "Faillissement", "Einde van het spel",
        "Voor gevorderden: de geluksdobbelsteen", "De zijden van de geluksdobbelsteen",
        "Aanvullende regels", "Officiële tips van Hasbro",
    )),
    "003": (LINE, (
        "Monopoly | bordspel gespeeld door twee tot acht spelers", "Geschiedenis", "De Raad",
        "Het spel instellen", "Regels", "Rondom het bord bewegen", "Gevangenis",
        "Bouwen en handelen", "Einde van het spel", "Verschillende edities",
        "Toepassingen voor Monopoly", "Willekeurige feiten",
    )),
    "004": (INLINE, (
        "Phil Orbanes De snelle NIEUWE spelvariant Spelregels",
        "Phil Orbanes MONOPOLY Het Kaartspel", "Inhoud", "Het spel in het kort",
        "Korte uitleg van de speelkaarten", "Een geldig ‘monopolie’", "De Speelbeurt",
        "3. Uitkomen", "Ronde beëindigen", "A) De Beloning",
        "C) Het uitleggen door de overige spelers", "Scoren", "Volgende ronde",
        "Het winnen van het spel", "Regels voor drie spelers", "Uitkomen", "Beloning",
    )),
}
"""Every heading of every rulebook, by file number, with how the file marks a heading."""


def norm(text: str) -> str:
    """Whitespace collapsed to single spaces and case folded: the only normalisation."""
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Section:
    """One occurrence of a heading and its text (heading included) up to the next heading."""

    heading: str
    start: int
    text: str


def path_of(file: str) -> Path:
    """The file behind a source number (``000``) or ``board.md``."""
    if file == BOARD_FILE:
        return REFERENCE_DIR / BOARD_FILE
    return SOURCES_DIR / SOURCE_FILES[file]


def _starts(text: str, mode: str, headings: tuple[str, ...]) -> list[tuple[int, int, str]]:
    """(start, end, heading) of every heading occurrence, in text order."""
    found: list[tuple[int, int, str]] = []
    if mode == INLINE:
        for heading in headings:
            pattern = r"(?<!\S)" + re.escape(heading) + r"(?=[\s:]|$)"
            found += [(m.start(), m.end(), heading) for m in re.finditer(pattern, text)]
        found.sort(key=lambda f: (f[0], -f[1]))
        kept: list[tuple[int, int, str]] = []
        for f in found:  # an occurrence inside a longer one is part of that heading
            if kept and f[0] < kept[-1][1]:
                continue
            kept.append(f)
        return kept
    wanted = set(headings)
    pos = 0
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if mode == MARKDOWN:
            if stripped.startswith("#"):
                found.append((pos, pos + len(line), stripped.lstrip("#").strip()))
        elif stripped in wanted:
            found.append((pos, pos + len(line), stripped))
        pos += len(line)
    return found


@lru_cache(maxsize=None)
def sections(file: str) -> tuple[Section, ...]:
    """Every section of a rulebook (``000`` ... ``004``) or of ``board.md``, in text order."""
    text = path_of(file).read_text(encoding="utf-8")
    mode, headings = (MARKDOWN, ()) if file == BOARD_FILE else HEADINGS[file]
    starts = _starts(text, mode, headings)
    out = []
    for i, (start, _, heading) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        out.append(Section(heading, start, text[start:end]))
    return tuple(out)


def section_texts(file: str, heading: str) -> tuple[str, ...]:
    """The texts of every occurrence of ``heading`` in ``file`` (000 repeats whole sections)."""
    return tuple(s.text for s in sections(file) if s.heading == heading)


def evidence_problem(source: Source) -> str | None:
    """Why ``source``'s evidence is not proven inside its section, or None when it is."""
    if not source.evidence or not source.evidence.strip():
        return "no evidence phrase"
    texts = section_texts(source.file, source.section)
    if not texts:
        return f"no section {source.section!r} in {source.file}"
    phrase = norm(source.evidence)
    if not any(phrase in norm(t) for t in texts):
        return f"{source.evidence!r} is not in {source.file} «{source.section}»"
    return None


# --------------------------------------------------------------------------- prose citations

CITE_WORDS = {lang.code: lang.source_word for lang in LANGUAGES}
"""How each language's pages write "(bron 000, ‘Huur’)"."""

CITE_QUOTES = {lang.code: lang.quotes for lang in LANGUAGES}
"""Each language's quotation marks, in prose and around a cited section: Dutch ‘…’ (a quote
inside one, as in 000's ‘“START” passeren’, takes “…”), Swedish ”…”, Danish »…«, Norwegian
«…». One citation pattern per language: ``(bron 000, ‘Huur’)``, ``(källa 001, ”HUS”)``,
``(kilde 001, »HUSE«)``, ``(kilde 001, «HUS»)``; several sections of one file are joined with
the language's "and" (``‘A’ en ‘B’``), several files with ``;``."""

NUMBER_WORDS = {
    "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "tien": 10,
    "två": 2, "tre": 3, "fyra": 4, "fem": 5, "sex": 6, "sju": 7, "åtta": 8, "tio": 10,
    "to": 2, "fire": 4, "seks": 6, "syv": 7, "sju": 7, "otte": 8, "åtte": 8, "ti": 10,
}
"""Small numbers the rulebooks spell out ("twee tot zes spelers"): read as digits."""

_NUMBER = re.compile(r"(?<![\w.,-])(\d{1,3}(?:[.\s]\d{3})+|\d+)(?:[.,]\d+)?(?![\w-])")


def numbers(text: str, words: bool = True) -> set[int]:
    """The whole numbers a text states, in digits (1.500, 1 500 and 1500 alike) or, with
    ``words``, as a small number word (the rulebooks spell some out; the site's pages write
    amounts in digits, and "all four editions" is no amount)."""
    found = set()
    for m in _NUMBER.finditer(text):
        if re.fullmatch(r"00\d", m.group()):
            continue  # a source number (000 ... 004), not an amount
        found.add(int(re.sub(r"[.\s]", "", m.group(1))))
    if words:
        for word in re.findall(r"[^\W\d_]+", text.casefold()):
            if word in NUMBER_WORDS:
                found.add(NUMBER_WORDS[word])
    return found


@dataclass(frozen=True)
class ProseCitation:
    """One citation group ``(bron 000, «A»; bron 002, «B»)`` on a page and the claim before it."""

    line: int
    claim: str
    cited: tuple[tuple[str, str], ...]  # (file, section heading)
    unknown: tuple[str, ...]  # "000, «Nope»": a section that is not a heading of that file


_INNER = str.maketrans({"‘": '"', "’": '"', "“": '"', "”": '"', "'": '"'})


def _qn(text: str) -> str:
    """Inner quotation marks made alike: a heading quoted inside a quote alternates its marks
    (Dutch ‘Een geldig “monopolie”’ cites 004's «Een geldig ‘monopolie’»)."""
    return text.translate(_INNER)


def _sections_after(file: str, text: str) -> tuple[list[str], list[str]]:
    """The headings of ``file`` quoted «like this» in ``text`` (the page's marks already read
    as «»), and the quoted names that are no heading."""
    headings = sorted({s.heading for s in sections(file)}, key=len, reverse=True)
    found, unknown = [], []
    flat = _qn(" ".join(text.split()))
    for m in re.finditer(r"«", flat):
        rest = flat[m.end():]
        hit = next((hd for hd in headings
                    if re.match(re.escape(_qn(" ".join(hd.split()))) + r"\s?»", rest)), None)
        if hit:
            found.append(hit)
        else:
            unknown.append(f"{file}, «{re.match(r'[^»]*', rest).group()}»")
    return found, unknown


def as_guillemets(text: str, lang: str) -> str:
    """The page's quotation marks read as «…», one character for one (offsets stay).

    >>> as_guillemets("(bron 000, ‘Huur’) en ”HUS” en »HUSE«", "nl")
    '(bron 000, «Huur») en ”HUS” en »HUSE«'
    >>> as_guillemets("(källa 001, ”HUS”)", "sv"), as_guillemets("(kilde 001, »HUSE«)", "da")
    ('(källa 001, «HUS»)', '(kilde 001, «HUSE»)')
    """
    if lang == "nl":  # ‘…’, a quote inside it “…”; no paragraph break inside
        return re.sub(r"‘((?:[^‘’“\n]|\n(?!\n)|“[^”\n]*”)*)’", lambda q: f"«{q.group(1)}»", text)
    if lang == "sv":  # ”…”, a heading's own “…” inside it
        return re.sub(r"”((?:[^”“\n]|\n(?!\n)|“[^”\n]*”)*)”", lambda q: f"«{q.group(1)}»", text)
    if lang == "da":
        return re.sub(r"»((?:[^«»\n]|\n(?!\n))*)«", lambda q: f"«{q.group(1)}»", text)
    return text


def prose_citations(text: str, lang: str) -> list[ProseCitation]:
    """Every parenthesised citation group of a page, with the text it stands behind.

    The claim of a group is the text since the previous group or the start of its
    paragraph (list item), without code spans, directives and anchors.
    """
    word = CITE_WORDS[lang]
    text = as_guillemets(text, lang)
    out = []
    group = re.compile(r"\((?:[^()]*?\b" + word + r"(?:en|or|r)?\s+\d{3}[^()]*)\)")
    # brackets inside a quoted heading («A) De Beloning») do not end the citation group
    masked = re.sub(r"«[^»]*»", lambda q: q.group().replace("(", "\x01").replace(")", "\x02"), text)
    start = 0
    for m in group.finditer(masked):
        para_start = max(text.rfind("\n\n", 0, m.start()), text.rfind("\n- ", 0, m.start()))
        claim = text[max(start, para_start + 1):m.start()]
        claim = re.sub(r"`[^`]*`|\[\[[^\]]*\]\]|\{#[^}]*\}|\([^()]*\)", " ", claim)
        cited, unknown = [], []
        for part in re.split(r";", text[m.start():m.end()]):
            f = re.search(r"\b" + word + r"(?:en|or|r)?\s+(\d{3})", part)
            if not f or f.group(1) not in SOURCE_FILES:
                continue
            got, bad = _sections_after(f.group(1), part[f.end():])
            cited += [(f.group(1), hd) for hd in got]
            unknown += bad
        out.append(ProseCitation(text.count("\n", 0, m.start()) + 1, claim, tuple(cited),
                                 tuple(unknown)))
        start = m.end()
    return out


_SQUARE_NO = re.compile(r"\b(?:vakje|vakjes|ruta|rutan|rutorna|felt|feltet|felterne|feltene|rute|ruten)"
                        r"\s+\d+", re.IGNORECASE)


def prose_problems(text: str, lang: str) -> list[str]:
    """Citations that name no real section, and amounts a cited section does not state.

    A claim that states an amount (a number other than a year) must find one of its
    numbers in *each* section its citation names: a section cited for an amount must
    give that amount. Board data are written as such, not as a rulebook citation.
    """
    problems = []
    for c in prose_citations(text, lang):
        problems += [f"line {c.line}: {u} is not a section of that file" for u in c.unknown]
        for file, heading in c.cited:  # a chapter heading right above its first subsection
            body = [t[len(t.split("\n", 1)[0]) if file not in ("001", "004") else len(heading):].strip()
                    for t in section_texts(file, heading)]
            if not any(body) and len(heading.split()) < 5:  # a long title line says it itself
                problems.append(f"line {c.line}: {file} «{heading}» has no text of its own "
                                f"(cite the subsection that says it)")
        claim = _SQUARE_NO.sub(" ", c.claim)  # "vakje 38" names a square, it is no amount
        amounts = {n for n in numbers(claim, words=False) if not 1900 <= n <= 2100}
        if not amounts:
            continue
        for file, heading in c.cited:
            stated = set().union(*(numbers(t) for t in section_texts(file, heading)))
            if not amounts & stated:
                problems.append(f"line {c.line}: {file} «{heading}» states none of "
                                f"{sorted(amounts)} ({' '.join(c.claim.split())[-90:]!r})")
    return problems
