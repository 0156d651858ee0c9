"""Grammar as data: what a language needs around a name in running text.

Board names are the board's own words (:mod:`engine.boards`); how a sentence uses them is
the language's business, so it lives here, next to the words, not in the engine. Dutch
puts the definite article before a street in running text ("Op de Kalverstraat staat een
hotel"), as the rule pages write it; a table cell or heading keeps the bare name. The
other three languages use the names as they are.

>>> in_sentence("nl", "Kalverstraat"), in_sentence("nl", "Velperplein")
('de Kalverstraat', 'het Velperplein')
>>> in_sentence("sv", "Kalverstraat"), in_sentence("nl", "Boardwalk"), in_sentence("nl", "Station Zuid")
('Kalverstraat', 'Boardwalk', 'Station Zuid')
>>> capitalise_start("de Kalverstraat heeft al een hotel.")
'De Kalverstraat heeft al een hotel.'
>>> common_word("Lichtblauw")
'lichtblauw'
"""

from __future__ import annotations

from collections.abc import Mapping

ARTICLES: Mapping[str, Mapping[str, str]] = {
    "nl": {
        # the Dutch euro board (engine.boards.DUTCH): every street and utility; the stations
        # ("Station Zuid") are names that take no article, like Boardwalk and the others of
        # the American board
        "Dorpsstraat": "de", "Brink": "de", "Steenstraat": "de", "Ketelstraat": "de",
        "Velperplein": "het", "Barteljorisstraat": "de", "Elektriciteitsbedrijf": "het",
        "Zijlweg": "de", "Houtstraat": "de", "Neude": "de", "Biltstraat": "de",
        "Vreeburg": "het", "A-Kerkhof": "het", "Groote Markt": "de", "Heerestraat": "de",
        "Spui": "het", "Plein": "het", "Waterleiding": "de", "Lange Poten": "de",
        "Hofplein": "het", "Blaak": "de", "Coolsingel": "de", "Leidschestraat": "de",
        "Kalverstraat": "de",
        # the squares that are no property, named in an error ("De Inkomstenbelasting is
        # geen straat, station of nutsbedrijf"); Start, Kans and the others are names
        "Inkomstenbelasting": "de", "Extra belasting": "de",
    },
}
"""Language -> board name -> the article it takes in running text."""

SENTENCE_PARAMS = frozenset({"square", "lowest_square"})
"""Message parameters that hold one square's name inside a sentence."""


def in_sentence(lang: str, name: str) -> str:
    """A square's name as it stands inside a sentence of ``lang`` (with its article)."""
    article = ARTICLES.get(lang, {}).get(name)
    return f"{article} {name}" if article else name


def common_word(label: str) -> str:
    """A label's word inside a sentence: a colour group's name is a common word in all four
    languages, written small after the sentence's start ("in de steden van je tegenspelers
    (bruin: hotel, lichtblauw: hotel)"); the label itself ("Bruin") stands first in a field."""
    return label[:1].lower() + label[1:]


def capitalise_start(text: str) -> str:
    """A sentence that starts with an article put in front of a name gets its capital."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text
