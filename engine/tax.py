"""The two tax squares, with classic-us's choice between 10% of your worth and the flat 200.

The request is :class:`TaxRequest`: the square, and for the 10% option
(classic-us only) the player's worth: ``cash`` and ``properties``.

Worth (source 003, «Regels»): printed price of each unmortgaged property +
mortgage value of each mortgaged one + purchase price of the buildings + cash.
A hotel's purchase price is the hotel price plus the houses paid for before it
(ruling ``ruling-income-tax``). A 10% that is not whole is rounded with the
edition's rounding for 10% amounts (``interest_rounding``; the sources are silent:
``ruling-silent-sources``). The player must choose *before* counting, so
``cheaper`` tells which option would have been cheaper, not what to pay.

>>> income_tax({"edition": "nl-2001", "square": 4})["amount"]
200
>>> income_tax({"edition": "nl-2001", "square": "luxury"})["amount"]
100
>>> income_tax({"edition": "classic-us", "square": 38})["amount"]
75
>>> r = income_tax({"edition": "classic-us", "square": "income", "cash": 1500})
>>> r["flat"], r["percent"], r["cheaper"], r["choose_before_counting"]
(200, 150, 'percent', True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from .boards import ATLANTIC_CITY, STREET, TAX, Square
from .calc import (MAX_LOTS, BoardRequest, Context, Holding, Lot, check_position, context,
                   find_square, property_square, result, square_field)
from .errors import EngineError
from .explain import Step, step
from .money import HOTEL, amount, decimal, level_of, rounded
from .validate import MAX_AMOUNT, parse, spec

__all__ = ["income_tax", "TaxRequest"]

SHORTHANDS = {"income": 4, "luxury": 38}

LUXURY_TAX_US = replace(ATLANTIC_CITY.source, ruling="ruling-luxury-tax")
"""The Luxury Tax of the Atlantic City board: the deed figure, chosen by a ruling (pre-2008)."""


@dataclass(frozen=True, kw_only=True)
class TaxRequest(BoardRequest):
    """What a tax square costs (classic-us: 10% of the worth or the flat amount)."""

    square: object = square_field(doc="4 or 38, their names, or income / luxury")
    cash: int | None = spec(None, lo=0, hi=MAX_AMOUNT, doc="the player's cash (for the 10%)")
    properties: list[Holding] | None = spec(None, max_items=MAX_LOTS, doc="the player's properties "
                                                                    "(for the 10%)")


def _holdings(ctx: Context, properties: tuple[Holding, ...]) -> list[tuple[Square, bool, int]]:
    """The ``properties`` list as (square, mortgaged, buildings), checked as a whole position."""
    board, rules = ctx.board, ctx.rules
    out: list[tuple[Square, bool, int]] = []
    lots: dict[int, Lot] = {}
    for n, item in enumerate(properties):
        path = f"properties.{n}"
        sq = property_square(board, item.square, f"{path}.square")
        if sq.index in lots:
            raise EngineError("error.duplicate_square", field=f"{path}.square", square=sq.name)
        if item.buildings and sq.kind != STREET:
            raise EngineError("error.not_buildable", field=f"{path}.buildings", square=sq.name)
        lots[sq.index] = (None, item.mortgaged, level_of(item.buildings, rules, f"{path}.buildings"), path)
        out.append((sq, item.mortgaged, item.buildings))
    check_position(board, rules, lots, "properties", "properties")  # one player owns every lot
    return out


def income_tax(request: object) -> dict[str, Any]:
    """What a tax square costs; on classic-us's Income Tax both options and which is cheaper.

    >>> r = income_tax({"edition": "classic-us", "square": 4, "cash": 1000,
    ...                 "properties": [{"square": "Boardwalk"}, {"square": 37, "mortgaged": True}]})
    >>> r["worth"], r["percent"], r["amount"], r["cheaper"]
    (1575, 158, 158, 'percent')
    """
    req = parse(TaxRequest, request)
    ctx = context(req.edition, req.house_rules)
    rules = ctx.rules
    ref = req.square  # a square, or the shorthand income / luxury
    ref = SHORTHANDS.get(ref.strip().casefold(), ref) if isinstance(ref, str) else ref
    sq = find_square(ctx.board, ref, "square", (TAX,), "error.not_a_tax_square")
    cash = req.cash or 0
    holdings = _holdings(ctx, req.properties or ())
    counted = req.cash is not None or req.properties is not None
    steps: list[Step] = []

    flat_only = {"percent": None, "worth": None, "cheaper": None, "choose_before_counting": False}
    if sq.index != 4:
        source = LUXURY_TAX_US if ctx.board is ATLANTIC_CITY else ctx.board.source
        steps.append(step("tax-luxury", "step.tax.luxury", source, square=sq.name, amount=sq.tax))
        return result(ctx, steps, sq, amount=sq.tax, flat=sq.tax, **flat_only)

    flat = rules.income_tax.value
    steps.append(step("tax-income", "step.tax.flat", square=sq.name, amount=flat, cite=rules.income_tax))
    pct = rules.income_tax_percent.value
    if pct is None:
        return result(ctx, steps, sq, amount=flat, flat=flat, **flat_only)

    percent: int | None = None
    worth: int | None = None
    cheaper: str | None = None
    if counted:
        hbh = rules.houses_before_hotel.value
        prices = sum(s.price or 0 for s, m, _ in holdings if not m)
        mortgages = sum(s.mortgage or 0 for s, m, _ in holdings if m)
        houses = sum(b * (s.house_cost or 0) for s, _, b in holdings if b != HOTEL)
        hotels = [(s.hotel_cost or 0) + hbh * (s.house_cost or 0) for s, _, b in holdings if b == HOTEL]
        worth = cash + prices + mortgages + houses + sum(hotels)
        steps.append(step("tax-income-percent", "step.tax.worth", cash=cash, prices=prices,
                          mortgages=mortgages, houses=houses, hotels=sum(hotels), worth=worth,
                          cite=rules.income_tax_percent))
        if hotels:
            steps.append(step("ruling-income-tax", "step.tax.hotel_value", hotels=len(hotels), houses=hbh,
                              value=sum(hotels)))
        exact = Fraction(worth * pct, 100)
        percent = amount(rounded(exact, rules.interest_rounding.value))
        if exact.denominator == 1:
            steps.append(step("tax-income-percent", "step.tax.percent", percent=pct, worth=worth, amount=percent))
        else:  # the rounding's own source, but the sources are silent on rounding a tax
            rounding = rules.interest_rounding
            steps.append(step("tax-income-percent", f"step.tax.percent_rounded.{rounding.value.replace('-', '_')}",
                              replace(rounding.source, ruling="ruling-silent-sources"), percent=pct,
                              worth=worth, exact=decimal(worth * pct, 100), amount=percent,
                              rounding=rounding.value))
        cheaper = "equal" if percent == flat else "percent" if percent < flat else "flat"
    steps.append(step("tax-income-percent", "step.tax.choose_first" + (f".{cheaper}" if cheaper else ""),
                      flat=flat, percent=percent,
                      cheaper=cheaper, cite=rules.income_tax_percent))
    due = flat if percent is None else min(flat, percent)
    return result(ctx, steps, sq, amount=due, flat=flat, percent=percent, worth=worth, cheaper=cheaper,
                  choose_before_counting=True)
