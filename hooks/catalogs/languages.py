"""The site's languages: the one table every other list of languages is derived from.

Adding a language is one :class:`Language` entry here plus its files (``docs/<code>/``, the
catalogs from ``python -m tools.catalogs --add <code>``, ``python -m tools.number_table``);
nothing else. ``mkdocs.yml`` lists no languages: the plugin ``monopoly-i18n``
(:mod:`hooks.entry.i18n_plugin`) gives static-i18n this table's languages, with each one's site
name, description, admonition titles and light/dark toggle names from its catalog
(``translations/<code>/site.po``), and the search plugin the lunr codes.
``tests/test_languages.py`` fails on any other list of languages, and
``tests/test_new_language.py`` adds a fifth this way.
This module imports nothing from the project, so anything may import it.

>>> [lang.code for lang in LANGUAGES]
['nl', 'sv', 'da', 'nb']
>>> BY_CODE["nb"].lunr, BY_CODE["sv"].alphabet_tail, BY_CODE["nl"].folder
('no', 'åäö', '')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """One language of the site."""

    code: str
    """The folder under ``docs/`` and ``translations/``, the ``lang`` attribute, the
    Material theme locale and the CLDR locale the number table is read from."""
    name: str
    """The language's name in that language (language switcher, column headers)."""
    short: str
    """Two letters for narrow column headers."""
    home_edition: str
    """The edition most readers of the language own: what its calculators start with and
    the rules sheet it shows before the reader chooses."""
    lunr: str
    """lunr's name for the language (the search plugin's ``lang``; Norwegian is ``no``)."""
    alphabet_tail: str
    """Letters sorted after z, in their order (the glossary's alphabet)."""
    source_word: str
    """The word the pages write before a booklet's number: "(bron 000, ‘Huur’)"."""
    quotes: tuple[str, str]
    """The language's quotation marks in prose and around a cited section."""
    and_word: str = ""
    """The word that joins two sections of one booklet in a citation ("‘Grond kopen’ en
    ‘Stations’"); without one, only a comma does."""
    several_words: str = r"(?!)"
    """A regular expression for words that speak of several editions or booklets at once
    ("alle vier de edities", "de andere boekjes"), or of both boards ("op beide borden"):
    the one-edition rules sheet leaves such sentences out (``hooks/render/edition_prose.py``)."""
    every_words: str = r"(?!)"
    """A regular expression for words that speak of every edition ("in elke editie"): such a
    sentence holds for all, whatever edition the sentence before it was about."""
    others_words: str = r"(?!)"
    """A regular expression for words that speak of the editions a sentence has not named
    ("de andere edities"): in "X says so. The other editions are silent." the second sentence
    is about the editions other than X, the first about all (``hooks/render/edition_prose.py``)."""

    list_words: tuple[str, str] = (r"(?!)", r"(?!)")
    """A regular expression for the prepositions and joining words around a list of editions
    in a phrase ("in `nl-2001`, `nl-modern` of `classic-us`", "de stapels van A en B"): the
    one-edition rules sheet says such a phrase of its own edition alone ("in A"). A list
    that is a sentence's subject ("A en B zeggen") is not narrowed: its verb would not agree.
    Two expressions: the prepositions before the list, the words between its names."""

    edition_article: str = ""
    """The article running prose may put before an edition's name ("in de `nordic-2005`":
    Dutch names the travel edition by a description); an edition list and a list of
    editions on the sheet still find the name after it."""

    @property
    def folder(self) -> str:
        """The language's folder in the built site: ``""`` for the source language (the
        first), which is at the root."""
        return "" if self is LANGUAGES[0] else self.code


LANGUAGES: tuple[Language, ...] = (
    Language("nl", "Nederlands", "NL", "nl-2001", "nl", "", "bron", ("‘", "’"), "en",
             r"\w*edities|\belke editie|\bboekjes|\bbronnen|\bbeide borden|"
             r"\bhet Nederlandse en het Amerikaanse bord",
             r"elke editie|alle (vier )?(de )?edities",
             r"andere (twee |drie )?(edities|boekjes|bronnen)",
             (r"\b(?i:in|van|voor|bij)\s+", r",\s+|\s+(?:en|of)\s+"), edition_article="de"),
    Language("sv", "Svenska", "SV", "nordic-2005", "sv", "åäö", "källa", ("”", "”"), "och",
             r"\w*utgåvor(na)?|\bvarje utgåva|\bhäftena|\bregelböcker(na)?|\bkällorna|"
             r"\bbåda spelplanerna|\bden nederländska och den amerikanska spelplanen",
             r"varje utgåva|alla (fyra )?(huvud)?utgåvor(na)?",
             r"(andra|övriga) (två |tre )?(utgåvor(na)?|häften(a)?|regelböcker(na)?|källor(na)?)",
             (r"\b(?i:i|för|hos)\s+", r",\s+|\s+(?:och|eller)\s+")),
    Language("da", "Dansk", "DA", "nordic-2005", "da", "æøå", "kilde", ("»", "«"), "og",
             r"\w*udgaver(ne)?|\bhver udgave|\bhæfterne|\bregelbøger(ne)?|\bkilderne|"
             r"\bbegge brætter|\bdet hollandske og det amerikanske bræt",
             r"hver udgave|alle (fire )?(hoved)?udgaver(ne)?",
             r"(andre|øvrige) (to |tre )?(udgaver(ne)?|hæfter(ne)?|regelbøger(ne)?|kilder(ne)?)",
             (r"\b(?i:i|for|hos)\s+", r",\s+|\s+(?:og|eller)\s+")),
    Language("nb", "Norsk bokmål", "NB", "nordic-2005", "no", "æøå", "kilde", ("«", "»"), "og",
             r"\w*utgaver|\w*utgavene|\bhver utgave|\bheftene|\bregelbøker|\bregelbøkene|"
             r"\bkildene|\bbegge brettene|\bdet nederlandske og det amerikanske brettet",
             r"hver utgave|alle (fire )?(hoved)?utgave(ne|r)",
             r"(andre|øvrige) (to |tre )?(utgaver|utgavene|hefter|heftene|regelbøker|regelbøkene|kilder|kildene)",
             (r"\b(?i:i|for|hos)\s+", r",\s+|\s+(?:og|eller)\s+")),
)
"""The site's languages; the first is the source language (Dutch, at the site's root)."""

BY_CODE: dict[str, Language] = {lang.code: lang for lang in LANGUAGES}
LANGS: tuple[str, ...] = tuple(BY_CODE)
ARTICLES: str = "|".join(a for lang in LANGUAGES if (a := lang.edition_article))
"""Every language's article before an edition's name, as one alternative ("de")."""
SOURCE_LANG: str = LANGS[0]
LANG_DIRS: tuple[str, ...] = LANGS[1:]
"""Languages in their own folder of the built site."""
