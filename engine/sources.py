"""Where every value comes from.

Each edition value and board figure carries a :class:`Source`: the rulebook file
(``000`` ... ``004`` in ``shared/sources``, or a file of ``shared/reference``) and
the section heading. Three kinds of value, and the site shows which is which:

* a *fact* of a rulebook (:func:`fact`): the cited section states it, and
  ``evidence`` holds a few words of that section, exactly as the rulebook writes
  them (the number or the key words), so a test can prove the value stands
  *inside that section* (``tests/test_sources.py``);
* *board data* (:func:`deed`): the rulebook only says "the amount on the deed /
  on the square"; the figure comes from the board and deed data
  (``shared/reference/board.md``, :mod:`engine.boards`), cited as such;
* a *ruling* (:func:`ruled`): the source is silent or contradicts itself;
  ``ruling`` names the ruling clause that says what the source says and what
  the site does. The site never shows a ruling as a fact.

>>> fact(1500, "000", "4. De bankier en de bank", "E 1500").kind
'fact'
>>> deed(200, "Board and card facts", "Taxes: square 4 (200)").source.cite()
'board.md · Board and card facts'
>>> ruled(True, "ruling-rent-in-jail", "003", "Gevangenis").source.ruling
'ruling-rent-in-jail'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, TypeVar

T = TypeVar("T")

SOURCE_FILES = {
    "000": "000_b9eb1eb15ad88e54.txt",
    "001": "001_a3e3726c3768c6b6.txt",
    "002": "002_f822be5cba84207d.txt",
    "003": "003_d97b22aaf481f3b9.txt",
    "004": "004_062e1aacd43a3070.txt",
}
"""The rulebook files of ``shared/sources`` by their short number."""


BOARD_FILE = "board.md"
"""The board and deed data of ``shared/reference``: the source of "the amount on the deed"."""

RULEBOOK, BOARD = "rulebook", "board"
"""The two kinds of source: a rulebook of ``shared/sources``, or the board and deed data."""


NORDIC_SECTIONS: tuple[tuple[str, str, str | None], ...] = (
    ("Innehåll", "Indhold", "Innhold"),
    ("SPELET I KORTHET", "SPILLET I KORTE TRÆK", "SPILLET I KORTE TREKK"),
    ("FÖRBEREDELSER", "FORBEREDELSER", "FORBEREDELSER"),
    ("BANKEN", "BANKEN", "BANKEN"),
    ("SÅ HÄR SPELAR DU", "SÅDAN SPILLES SPILLET", "SLIK SPILLER DERE"),
    ("FLYTTA RUNT SPELPLANEN", "TRÆK", "FLYTTE"),
    ("DUBBELSLAG", "TO ENS", "TO LIKE"),
    ("PASSERA GO (GÅ)", "PASSÉR GO (START)", "PASSERE START"),
    ("HAMNA PÅ EN LEDIG EGENDOM", "HVIS EN SPILLER LANDER PÅ EN EJENDOM, DER IKKE EJES AF NOGEN",
     "LANDE PÅ EIENDOM INGEN HAR KJØPT"),
    ("HAMNA PÅ EN ÄGD EGENDOM", "HVIS EN SPILLER LANDER PÅ EN EJENDOM, DER EJES AF EN ANDEN SPILLER",
     "NÅR DU LANDER PÅ EN EIENDOM NOEN EIER"),
    ("HAMNA PÅ STATLIGA VERK", "HVIS EN SPILLER LANDER PÅ FORSYNINGSSELSKABER",
     "NÅR DU LANDER PÅ SELSKAPER"),
    ("HAMNA PÅ TÅGSTATIONER", "HVIS EN SPILLER LANDER PÅ STATIONER", "NÅR DU LANDER PÅ STASJONER"),
    ("HAMNA PÅ CHANCE (CHANS) ELLER COMMUNITY CHEST (ALLMÄNNING)",
     "HVIS EN SPILLER LANDER PÅ CHANCE ELLER COMMUNITY CHEST (KOMMUNEKASSEN)",
     "NÅR DU LANDER PÅ CHANCE (SJANSE) ELLER COMMUNITY CHEST (PRØV LYKKEN)"),
    ("FREE PARKING (FRI PARKERING)", "FREE PARKING (GRATIS PARKERING)",
     "FREE PARKING (GRATIS PARKERING)"),
    ("FÄNGELSE", "FÆNGSEL", "FENGSEL"),
    ("HUS", "HUSE", "HUS"),
    ("HOTELL", "HOTELLER", "HOTELLER"),
    ("SÄLJA EGENDOM", "SALG AF EJENDOMME", "SELGE EIENDOM"),
    ("INTECKNINGAR", "BELÅNING", "PANTSETTING"),
    ("KONKURS", "FALLIT", None),
    ("SÅ HÄR VINNER DU", "SEJR", None),
    ("ANMÄRKNINGAR", "BEMÆRKNINGER TIL SPILLET", None),
)
"""001's sections in its Swedish, Danish and Norwegian texts, row by row (the same leaflet
three times; the Norwegian text stops before bankruptcy: None)."""

_NORDIC_COLUMN = {"nl": 0, "sv": 0, "da": 1, "nb": 2}
"""Which of 001's texts a page cites: its own language's, and on Dutch pages the Swedish
text, the leaflet's first (as the Dutch prose does: ‘FÄNGELSE’, ‘ANMÄRKNINGAR’)."""


TEXT_LANGUAGES: dict[str, tuple[str, ...]] = {
    "000": ("nl",), "001": ("sv", "da", "nb"), "002": ("nl",), "003": ("nl",), "004": ("nl",),
}
"""The languages each rulebook is written in (``shared/sources/README.md``); 001's in the
order of :data:`NORDIC_SECTIONS`' columns."""


def heading_language(file: str, section: str, lang: str) -> str:
    """The language a rulebook's section heading is written in, as a page of ``lang``
    cites it: ``lang`` where it is the page's own, else the text that has the heading.

    >>> heading_language("001", "KONKURS", "nb"), heading_language("001", "FENGSEL", "nb")
    ('sv', 'nb')
    >>> heading_language("001", "FREE PARKING (GRATIS PARKERING)", "nb")
    'nb'
    >>> heading_language("000", "Huur", "sv"), heading_language("003", "Gevangenis", "nl")
    ('nl', 'nl')
    """
    texts = TEXT_LANGUAGES.get(file, (lang,))
    if len(texts) > 1:
        found = [texts[i] for row in NORDIC_SECTIONS for i, h in enumerate(row) if h == section]
        return lang if lang in found or not found else found[0]
    return texts[0]


def section_in(file: str, section: str, lang: str) -> str:
    """The heading of the same section in the page language's text, where the rulebook has
    that language (001: Swedish, Danish, Norwegian; Dutch pages read its Swedish text). Where
    the Norwegian text has stopped (bankruptcy and after), a Norwegian page reads the
    Swedish heading, the leaflet's first text, as its prose does (not sometimes the Danish
    and sometimes the Swedish name of one section); in any other case: ``section`` itself.

    >>> section_in("001", "HAMNA PÅ EN ÄGD EGENDOM", "da")
    'HVIS EN SPILLER LANDER PÅ EN EJENDOM, DER EJES AF EN ANDEN SPILLER'
    >>> section_in("001", "KONKURS", "nb"), section_in("001", "FALLIT", "sv")
    ('KONKURS', 'KONKURS')
    >>> section_in("001", "BEMÆRKNINGER TIL SPILLET", "nl"), section_in("000", "Huur", "da")
    ('ANMÄRKNINGAR', 'Huur')
    >>> section_in("001", "BEMÆRKNINGER TIL SPILLET", "nb")
    'ANMÄRKNINGAR'
    """
    column = _NORDIC_COLUMN.get(lang)
    if file != "001" or column is None:
        return section
    row = next((r for r in NORDIC_SECTIONS if section in r), None)
    if row is None:
        return section
    return row[column] or row[0] or section


def localized_cite(cite: str, lang: str) -> str:
    """A step's ``source`` string ("001 · KONKURS") with the section in the page's language.

    >>> localized_cite("001 · HUS", "da"), localized_cite("000 · Huur", "sv")
    ('001 · HUSE', '000 · Huur')
    """
    file, sep, section = cite.partition(" · ")
    return f"{file}{sep}{section_in(file, section, lang)}" if sep else cite


@dataclass(frozen=True)
class Source:
    """A reference: file and section; ``ruling`` is set when the value is the project's ruling.

    ``evidence`` is a short phrase of that section, exactly as the source writes it
    (checked, never shown as site prose); ``kind`` is :data:`RULEBOOK` or :data:`BOARD`.
    """

    file: str
    section: str
    ruling: str | None = None
    evidence: str | None = None
    kind: str = RULEBOOK

    @classmethod
    def board(cls, section: str, evidence: str | None = None,
              ruling: str | None = None) -> "Source":
        """A section of the board and deed data (``shared/reference/board.md``)."""
        return cls(BOARD_FILE, section, ruling, evidence, BOARD)

    def cite(self) -> str:
        """Short citation, as the site shows it: ``000 · Huur``."""
        return f"{self.file} · {self.section}"

    def in_language(self, lang: str) -> "Source":
        """The same source with its section named in ``lang``'s text (:func:`section_in`)."""
        section = section_in(self.file, self.section, lang)
        return self if section == self.section else replace(self, section=section)


@dataclass(frozen=True)
class Value(Generic[T]):
    """A value with its source."""

    value: T
    source: Source

    @property
    def is_ruling(self) -> bool:
        return self.source.ruling is not None

    @property
    def kind(self) -> str:
        """``fact``, ``ruling`` or ``board`` (board and deed data): how the site marks it."""
        if self.is_ruling:
            return "ruling"
        return "board" if self.source.kind == BOARD else "fact"


def fact(value: T, file: str, section: str, evidence: str | None = None) -> Value[T]:
    """A value the rulebook states; ``evidence``: a few of its words from that section."""
    return Value(value, Source(file, section, evidence=evidence))


def deed(value: T, section: str, evidence: str) -> Value[T]:
    """A value the rulebook leaves to the deed or the square: the board data give it."""
    return Value(value, Source.board(section, evidence))


def ruled(value: T, ruling: str, file: str, section: str,
          evidence: str | None = None) -> Value[T]:
    """A value the source leaves open (or contradicts): the project's ruling decides it.

    ``evidence``, when given, is what the source does say there (checked like a fact's).
    """
    return Value(value, Source(file, section, ruling, evidence))
