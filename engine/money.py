"""Money and building levels: the 10% amounts, their rounding, and a hotel as a level.

A request gives a lot's buildings as 0-4 houses or 5 (:data:`HOTEL`) for a
hotel, on every edition. Internally a hotel is one *level* above the houses it
needs (5, or 4 in the 3-house short game), so "even building" compares levels.

>>> from engine.editions import edition
>>> short = edition("nl-2001-short").rules
>>> level_of(HOTEL, short, "buildings"), request_level(4, short)
(4, 5)
>>> level_of(4, short, "buildings")
Traceback (most recent call last):
...
engine.errors.EngineError: error.building_level {'level': 4, 'max': 3}
>>> ten_percent(75, edition("nl-2001").rules), ten_percent(200, edition("classic-us").rules)
((7.5, 8), (20, 20))
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import TYPE_CHECKING, Annotated

from .errors import EngineError
from .validate import Check

if TYPE_CHECKING:
    from .editions import Rules

HOTEL = 5
"""The request's building level for a hotel (0-4 are houses), on every edition."""
Buildings = Annotated[int, Check(lo=0, hi=HOTEL)]
"""A request's buildings on one lot: 0-4 houses or 5 for a hotel."""

Amount = int | float
"""Amounts are ints; only an exact (unrounded) interest can be a fraction (as a float)."""


def hotel_level(rules: Rules) -> int:
    """Internal level of a hotel: one above the houses it needs (5, or 4 in the short game)."""
    return rules.houses_before_hotel.value + 1


def level_of(buildings: int, rules: Rules, field: str) -> int:
    """A request's buildings (0 .. houses before a hotel, or 5) as an internal level."""
    houses = rules.houses_before_hotel.value
    if buildings == HOTEL:
        return houses + 1
    if buildings > houses:  # four houses cannot stand in the 3-house short game
        raise EngineError("error.building_level", field=field, level=buildings, max=houses)
    return buildings


def request_level(level: int, rules: Rules) -> int:
    """An internal level as the request writes it (a hotel is 5)."""
    return HOTEL if level == hotel_level(rules) else level


def rounded(exact: Fraction, mode: str) -> Fraction:
    """An exact amount rounded by an edition's rule for 10% amounts (``interest_rounding``):
    ``up`` to a whole unit, the one rule every edition has (a ruling: the sources are
    silent, see ``ruling-interest-rounding``).

    >>> int(rounded(Fraction(35, 2), "up")), int(rounded(Fraction(170), "up"))
    (18, 170)
    """
    if mode != "up":
        raise ValueError(f"unknown rounding mode {mode!r}")  # editions declare only "up"
    return Fraction(ceil(exact))


def amount(x: Fraction) -> Amount:
    """A JSON amount: an int when whole, else a float."""
    return int(x) if x.denominator == 1 else float(x)


def ten_percent(value: int, rules: Rules) -> tuple[Amount, Amount]:
    """(exact, to pay): the edition's mortgage interest on ``value``, rounded by its rule."""
    exact = Fraction(value * rules.mortgage_interest_percent.value, 100)
    return amount(exact), amount(rounded(exact, rules.interest_rounding.value))


def decimal(numerator: int, denominator: int) -> str:
    """``numerator / denominator`` (a power of ten) as exact text, without float rounding.

    >>> decimal(12345, 100), decimal(1575, 10), decimal(300, 100)
    ('123.45', '157.5', '3')
    """
    whole, rest = divmod(numerator, denominator)
    if rest == 0:
        return str(whole)
    digits = len(str(denominator)) - 1
    return f"{whole}.{rest * 10 ** digits // denominator:0{digits}d}".rstrip("0")


MONEY_STEP_PARAMS: tuple[tuple[str, frozenset[str]], ...] = (
    ("step.rent.", frozenset({"rent", "base", "amount", "rents"})),
    ("step.build.", frozenset({"cost"})),
    ("step.sell.", frozenset({"price", "amount", "proceeds"})),
    ("step.tax.", frozenset({"amount", "flat"})),
    ("step.tax.worth", frozenset({"cash", "prices", "mortgages", "houses", "hotels", "worth"})),
    ("step.tax.hotel_value", frozenset({"value"})),
    ("step.tax.percent", frozenset({"worth", "amount", "exact"})),
    ("step.tax.choose_first", frozenset({"flat", "percent"})),
    ("step.jail.", frozenset({"fine", "cash", "shortfall", "price", "leave_cost", "cost_leave",
                              "cost_stay", "stay_saves", "saves", "leave_turn", "stay_turn",
                              "last_stay_turn", "free_turn"})),
    ("step.mortgage.", frozenset({"hotel_half", "half_price", "amount", "value", "total", "sale",
                                  "exact", "interest", "cost", "later", "lift_now", "keep_now",
                                  "keep_later", "lift_all_now", "keep_all_now",
                                  "keep_all_later"})),
    ("step.score.", frozenset({"cash", "properties", "mortgaged", "houses_amount",
                               "hotels_amount", "total", "money", "income", "target", "best",
                               "hotel_value", "value", "amount"})),
)
"""Which parameters of the engine's explanation steps are amounts of money, by message-key
prefix (the longest prefix wins, see :func:`money_params`): the engine writes the steps, so
the one table of what they mean lives next to its money rules. The same names can be
counts elsewhere (``mortgaged`` in rent steps)."""


PERCENT_STEP_PARAMS: tuple[tuple[str, frozenset[str]], ...] = (
    ("step.jail.", frozenset({"p_free_percent"})),
    ("step.mortgage.", frozenset({"percent"})),
    ("step.tax.percent", frozenset({"percent"})),
)
"""Which step parameters are percentages, in points (10 is "10 %"), by the same rule: the
message writes no ``%`` sign of its own, the presenter writes it the language's way. In
``step.tax.choose_first`` ``percent`` is the amount of the 10 % option, so money."""


def _longest(table: tuple[tuple[str, frozenset[str]], ...], key: str) -> frozenset[str]:
    best, found = "", frozenset()
    for prefix, names in table:
        if key.startswith(prefix) and len(prefix) > len(best):
            best, found = prefix, names
    return found


def money_params(key: str) -> frozenset[str]:
    """The money parameters of step message ``key`` (longest matching prefix).

    >>> sorted(money_params("step.tax.percent")), "rent" in money_params("step.rent.set_double")
    (['amount', 'exact', 'worth'], True)
    """
    return _longest(MONEY_STEP_PARAMS, key)


def percent_params(key: str) -> frozenset[str]:
    """The percentage parameters of step message ``key`` (longest matching prefix).

    >>> sorted(percent_params("step.tax.percent")), percent_params("step.tax.choose_first")
    (['percent'], frozenset())
    """
    return _longest(PERCENT_STEP_PARAMS, key)
