"""The two tax squares, with classic-us's choice between 10% of your worth and the flat 200.

Fields: ``edition``; ``square`` (4 or 38, their names, or ``"income"`` /
``"luxury"``); for the 10% option (classic-us only) the player's worth:
``cash`` and ``properties`` (a list of ``{"square", "mortgaged", "buildings"}``,
buildings 0-4 houses or 5 for a hotel).

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

import math
from fractions import Fraction
from typing import Any, Callable, Mapping, TypeVar

from .boards import ATLANTIC_CITY, STREET, TAX, Square
from .building import make_group
from .errors import EngineError
from .explain import Step, step
from .rent import HOTEL, Context, buildings_value, cite, context, finish, find_square, houses_before_hotel, src
from .sources import Source
from .validate import MAX_AMOUNT, boolean, integer, show

__all__ = ["income_tax"]

TAX_FIELDS = ("square", "cash", "properties")
PROPERTY_FIELDS = ("square", "mortgaged", "buildings")
SHORTHANDS = {"income": 4, "luxury": 38}
T = TypeVar("T")


def round_amount(exact: Fraction, mode: str) -> int:
    """A whole amount from an exact one, by an edition's rounding rule for 10% amounts.

    ``up`` is the one rule every edition has (``interest_rounding``, a ruling).

    >>> round_amount(Fraction(35, 2), "up"), round_amount(Fraction(170), "up")
    (18, 170)
    """
    if exact.denominator == 1:
        return int(exact)
    return math.ceil(exact)  # "up"


def _decimal(numerator: int, denominator: int) -> str:
    """``12345 / 100`` as ``"123.45"`` (no float rounding; exact for a power-of-ten denominator).

    >>> _decimal(12345, 100), _decimal(1575, 10), _decimal(300, 100)
    ('123.45', '157.5', '3')
    """
    whole, rest = divmod(numerator, denominator)
    if rest == 0:
        return str(whole)
    digits = len(str(denominator)) - 1
    return f"{whole}.{rest * 10 ** digits // denominator:0{digits}d}".rstrip("0")


def _tax_square(ctx: Context) -> Square:
    ref = ctx.request.get("square")
    if isinstance(ref, str) and ref.strip().casefold() in SHORTHANDS:
        ref = SHORTHANDS[ref.strip().casefold()]
    sq = find_square(ctx.board, ref, "square")
    if sq.kind != TAX:
        raise EngineError("error.not_a_tax_square", field="square", square=sq.name)
    return sq


def _in_property(position: int, read: Callable[[], T]) -> T:
    """Run a field check on one entry of ``properties``; its errors name that field and entry."""
    try:
        return read()
    except EngineError as err:
        params = {k: v for k, v in err.params.items() if k != "position"}
        raise EngineError(err.key, field="properties", position=position, **params) from None


def _holdings(ctx: Context) -> list[tuple[Square, bool, int]]:
    """The ``properties`` list as (square, mortgaged, buildings), checked as a whole position."""
    value = ctx.request.get("properties")
    if value is None:
        return []
    board, rules = ctx.board, ctx.rules
    if not isinstance(value, (list, tuple)) or len(value) > len(board.properties):
        raise EngineError("error.not_a_property_list", field="properties", value=show(value))
    out: list[tuple[Square, bool, int]] = []
    seen: set[int] = set()
    for n, item in enumerate(value, start=1):  # n: 1-based position, as a reader counts
        if not isinstance(item, Mapping):
            raise EngineError("error.not_a_property_entry", field="properties", position=n, value=show(item))
        for key in item:
            if not isinstance(key, str) or key not in PROPERTY_FIELDS:
                raise EngineError("error.unknown_field", field="properties", position=n, name=show(key))
        sq = _in_property(n, lambda: find_square(board, item.get("square"), "square"))
        if not sq.is_property:
            raise EngineError("error.not_a_property", field="properties", position=n, square=sq.name)
        if sq.index in seen:
            raise EngineError("error.duplicate_square", field="properties", position=n, square=sq.name)
        seen.add(sq.index)
        mortgaged = _in_property(n, lambda: boolean(item, "mortgaged"))
        if sq.kind == STREET:
            buildings = _in_property(n, lambda: buildings_value(item, "buildings", rules))
        else:
            buildings = _in_property(n, lambda: integer(item, "buildings", 0, HOTEL, 0))
            if buildings:
                raise EngineError("error.no_buildings_here", field="properties", position=n, square=sq.name)
        out.append((sq, mortgaged, buildings))
    # Each colour group must be a possible state: buildings only on a complete, even group, ...
    owned = {sq.index for sq, _, _ in out}
    for group in {sq.group for sq, _, _ in out if sq.kind == STREET}:
        lots = board.group(group)  # type: ignore[arg-type]
        mine = [(sq, m, b) for sq, m, b in out if sq.group == group]
        make_group(ctx, mine[0][0], {sq.index: b for sq, _, b in mine}, {sq.index for sq, m, _ in mine if m},
                   owned_all=all(lot.index in owned for lot in lots), fields=("properties", "properties"))
    houses = sum(b for _, _, b in out if b != HOTEL)
    hotels = sum(1 for _, _, b in out if b == HOTEL)
    if houses > rules.houses_in_bank.value or hotels > rules.hotels_in_bank.value:
        raise EngineError("error.bank_stock_exceeded", field="properties", houses=houses, hotels=hotels,
                          total_houses=rules.houses_in_bank.value, total_hotels=rules.hotels_in_bank.value)
    return out


def income_tax(request: object) -> dict[str, Any]:
    """What a tax square costs; on classic-us's Income Tax both options and which is cheaper.

    >>> r = income_tax({"edition": "classic-us", "square": 4, "cash": 1000,
    ...                 "properties": [{"square": "Boardwalk"}, {"square": 37, "mortgaged": True}]})
    >>> r["worth"], r["percent"], r["amount"], r["cheaper"]
    (1575, 158, 158, 'percent')
    """
    ctx = context(request, TAX_FIELDS)
    rules, req = ctx.rules, ctx.request
    sq = _tax_square(ctx)
    cash = integer(req, "cash", 0, MAX_AMOUNT, 0)
    holdings = _holdings(ctx)
    counted = req.get("cash") is not None or req.get("properties") is not None
    steps: list[Step] = []

    if sq.index != 4:
        source = Source(ctx.board.source.file, ctx.board.source.section,
                        "ruling-luxury-tax" if ctx.board is ATLANTIC_CITY else None)
        steps.append(step("tax-luxury", "step.tax.luxury", square=sq.name, amount=sq.tax, **cite(source)))
        return finish(ctx, sq, steps, amount=sq.tax, flat=sq.tax, percent=None, worth=None, cheaper=None,
                      choose_before_counting=False)

    flat = rules.income_tax.value
    steps.append(step("tax-income", "step.tax.flat", square=sq.name, amount=flat, **src(rules.income_tax)))
    pct = rules.income_tax_percent.value
    if pct is None:
        return finish(ctx, sq, steps, amount=flat, flat=flat, percent=None, worth=None, cheaper=None,
                      choose_before_counting=False)

    percent: int | None = None
    worth: int | None = None
    cheaper: str | None = None
    if counted:
        hbh = houses_before_hotel(rules)
        prices = sum(s.price or 0 for s, m, _ in holdings if not m)
        mortgages = sum(s.mortgage or 0 for s, m, _ in holdings if m)
        houses = sum(b * (s.house_cost or 0) for s, _, b in holdings if b != HOTEL)
        hotels = [(s.hotel_cost or 0) + hbh * (s.house_cost or 0) for s, _, b in holdings if b == HOTEL]
        worth = cash + prices + mortgages + houses + sum(hotels)
        steps.append(step("tax-income-percent", "step.tax.worth", cash=cash, prices=prices,
                          mortgages=mortgages, houses=houses, hotels=sum(hotels), worth=worth,
                          **src(rules.income_tax_percent)))
        if hotels:
            steps.append(step("ruling-income-tax", "step.tax.hotel_value", hotels=len(hotels), houses=hbh,
                              value=sum(hotels)))
        exact = Fraction(worth * pct, 100)
        percent = round_amount(exact, rules.interest_rounding.value)
        if exact.denominator == 1:
            steps.append(step("tax-income-percent", "step.tax.percent", percent=pct, worth=worth, amount=percent))
        else:
            rounding = rules.interest_rounding
            steps.append(step("tax-income-percent",
                              f"step.tax.percent_rounded.{rules.interest_rounding.value.replace('-', '_')}",
                              percent=pct, worth=worth,
                              exact=_decimal(worth * pct, 100), amount=percent, rounding=rounding.value,
                              source=rounding.source.cite(), ruling="ruling-silent-sources"))
        cheaper = "equal" if percent == flat else "percent" if percent < flat else "flat"
    steps.append(step("tax-income-percent", "step.tax.choose_first" + (f".{cheaper}" if cheaper else ""),
                      flat=flat, percent=percent,
                      cheaper=cheaper, **src(rules.income_tax_percent)))
    amount = flat if percent is None else min(flat, percent)
    return finish(ctx, sq, steps, amount=amount, flat=flat, percent=percent, worth=worth, cheaper=cheaper,
                  choose_before_counting=True)
