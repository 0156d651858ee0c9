"""Numbers, amounts and percentages the way nl, sv, da and nb write them.

The symbols and patterns come from :data:`present.number_data.NUMBERS` (generated from
Babel's CLDR by ``tools/number_table.py``); rounding is half-even on the number's shortest
decimal spelling, as Babel rounds, so the build's pages and the browser's answers agree to
the character.

>>> number("sv", -1234.5), number("nl", 0.5), number("da", 7, 2)
('−1\\xa0234,5', '0,5', '7,00')
>>> amount("nl", 1500, "EUR"), amount("sv", -82.5, "USD"), amount("nb", 3, None)
('€\\xa01.500', '−82,50\\xa0$', '3')
>>> percent("nb", 0.5, 1), percent("nl", 0.125, 2)
('50,0\\xa0%', '12,50%')
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

from present.number_data import NUMBERS

LANGS: tuple[str, ...] = tuple(sorted(NUMBERS["decimal"]))


_BY_LANG: dict[str, dict[str, Any]] = {
    lang: {k: v[lang] for k, v in NUMBERS.items() if k != "symbols"} for lang in LANGS}


def _data(lang: str) -> dict[str, Any]:
    """The table's entries of one language."""
    found = _BY_LANG.get(lang)
    if found is None:
        raise ValueError(f"no number data for language {lang!r}")
    return found


# A page of answers writes the same few amounts again and again (the jail calculator's
# answer formats some 17 numbers), and the exact decimal rounding below is the presenter's
# largest cost in the browser's Python: memoised (pure, keyed by equal values only).
@lru_cache(maxsize=2048)
def _digits(lang: str, value: float | int | Fraction, decimals: int | None,
            max_decimals: int) -> tuple[bool, str]:
    """(negative?, the digits with group and decimal symbols) of ``value`` rounded to
    exactly ``decimals`` places, or at most ``max_decimals`` when ``decimals`` is None."""
    d = _data(lang)
    exact = value if isinstance(value, Fraction) else (
        Fraction(value) if isinstance(value, int) else Fraction(repr(float(value))))
    places = max_decimals if decimals is None else decimals
    scaled = round(abs(exact) * 10 ** places)  # Fraction rounds half to even, like Babel
    whole, frac = divmod(scaled, 10 ** places)
    fraction = str(frac).zfill(places) if places else ""
    if decimals is None:
        fraction = fraction.rstrip("0")
    text = str(whole)
    size = d["grouping"]
    groups = []
    while len(text) > size:
        groups.insert(0, text[-size:])
        text = text[:-size]
    text = d["group"].join([text, *groups])
    if fraction:
        text += d["decimal"] + fraction
    return exact < 0 and scaled != 0, text  # never "-0"


def finite(value: Any) -> bool:
    """An int or float that is a number (not a bool, not inf or NaN)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def number(lang: str, value: float | int, decimals: int | None = None,
           max_decimals: int = 2) -> str:
    """``value`` with exactly ``decimals`` places, else at most ``max_decimals``."""
    if not finite(value):
        return "—"
    negative, text = _digits(lang, value, decimals, max_decimals)
    return _data(lang)["minus"] + text if negative else text


def amount(lang: str, value: float | int, currency: str | None,
           decimals: int | None = None) -> str:
    """An amount with the currency's narrow symbol, placed the language's way: whole
    amounts without decimals, others with two (or exactly ``decimals``)."""
    if not finite(value):
        return "—"
    places = decimals if decimals is not None else (0 if float(value).is_integer() else 2)
    negative, text = _digits(lang, value, places, places)
    symbol = NUMBERS["symbols"].get(currency or "", currency or "")
    if not symbol:
        return _data(lang)["minus"] + text if negative else text
    pattern = _data(lang)["currency"]
    i = 1 if negative else 0
    return (pattern["prefix"][i] + text + pattern["suffix"][i]).replace("¤", symbol)


def percent(lang: str, fraction: float | int, digits: int | None = None,
            max_digits: int = 2) -> str:
    """A fraction (0.5) as a percentage with exactly ``digits`` places (else at most
    ``max_digits``) and the language's sign and spacing ("50,0 %").

    >>> percent("sv", 0.1), percent("nl", 0.453), percent("da", 0.4531, 1)
    ('10\xa0%', '45,3%', '45,3\xa0%')
    """
    if not finite(fraction):
        return "—"
    exact = (Fraction(fraction) if isinstance(fraction, int)
             else Fraction(repr(float(fraction)))) * 100
    negative, text = _digits(lang, exact, digits, max_digits)
    pattern = _data(lang)["percent"]
    i = 1 if negative else 0
    return pattern["prefix"][i] + text + pattern["suffix"][i]


def percent_points(lang: str, points: float | int, digits: int | None = None) -> str:
    """A percentage given in points (10 for 10 %), as :func:`percent` writes it.

    >>> percent_points("nb", 10), percent_points("nl", 45.3)
    ('10\xa0%', '45,3%')
    """
    if not finite(points):
        return "—"
    exact = Fraction(points) if isinstance(points, int) else Fraction(repr(float(points)))
    negative, text = _digits(lang, exact, digits, 2)
    pattern = _data(lang)["percent"]
    i = 1 if negative else 0
    return pattern["prefix"][i] + text + pattern["suffix"][i]
