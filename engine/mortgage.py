"""Mortgage costs: mortgaging a lot, lifting a mortgage, receiving a mortgaged lot, bankruptcy.

One public function, :func:`mortgage_cost`, takes a plain dict and returns a
plain dict with the numbers and the steps (each citing a clause id) behind them.

* ``action: "mortgage"``: the buildings that must be sold first under the
  edition's ``mortgage_scope`` (every edition: every building of the colour group;
  for classic-us a ruling, ``ruling-mortgage-scope``), what they fetch
  (half the house price each; a hotel half its price plus half the price of the
  houses given in for it), then the mortgage value printed on the deed.
* ``action: "lift"``: the value plus the edition's interest (10%), rounded by
  ``interest_rounding`` (all editions: up to a whole unit, a ruling: 75 -> 82.5 -> 83).
* ``action: "receive"``: a mortgaged lot received in a trade: lift now (value
  plus interest) or keep it (interest now, value plus interest again when lifted later).
* ``action: "bankruptcy"``: mortgaged lots of a bankrupt player, to a player
  (the creditor pays the interest at once for each lot, then lifts or keeps) or
  to the bank (the bank auctions the lots; in nl-modern the mortgages lapse first).

>>> r = mortgage_cost({"edition": "nl-2001", "action": "lift", "square": "Kalverstraat"})
>>> r["value"], r["interest"], r["cost"]
(200, 20, 220)
>>> mortgage_cost({"edition": "nl-2001", "action": "lift", "square": 12})["cost"]  # 75 + 7.5, up
83
>>> r = mortgage_cost({"edition": "nl-2001", "action": "receive", "square": 39})
>>> [(o["choice"], o["now"], o["later"], o["total"]) for o in r["options"]]
[('lift-now', 220, 0, 220), ('keep', 20, 220, 240)]
>>> r = mortgage_cost({"edition": "nl-modern", "action": "mortgage", "square": "Brink",
...                    "buildings": {"1": 1, "3": 2}})
>>> r["sale_proceeds"], r["mortgage_value"], r["cash_received"]  # 3 houses x 25, then 30
(75, 30, 105)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .boards import STREET, Board, Square
from .calc import (MAX_LOTS, Context, check_group, context, edition_field, find_square, group_lots,
                   property_square, result, square_field, square_info)
from .editions import Rules
from .errors import EngineError
from .explain import Step, step
from .money import Amount, Buildings, hotel_level, level_of, request_level, ten_percent
from .validate import parse, required, show, spec

@dataclass(frozen=True)
class MortgageRequest:
    """Mortgaging a lot, lifting a mortgage, receiving a mortgaged lot, or bankruptcy."""

    edition: object = edition_field()
    action: Literal["mortgage", "lift", "receive", "bankruptcy"] = spec(doc="what happens")
    square: object = square_field(optional=True, doc="the lot: board index or name")
    squares: list[object] | None = spec(None, min_items=1, max_items=MAX_LOTS, doc=(
        "bankruptcy: the bankrupt player's mortgaged lots (instead of square)"))
    mortgaged: bool | None = spec(None, doc="the lot is mortgaged now (default: false for "
                                            "mortgage, true otherwise)")
    buildings: dict[str, Buildings] = spec((), max_items=40, doc=(
        "the buildings on the lot's group: lot -> 0-4 houses or 5 for a hotel"))
    creditor: Literal["bank", "player"] | None = spec(None, doc="bankruptcy: who the player "
                                                               "owes (required there)")


def interest_steps(sq: Square, rules: Rules, steps: list[Step]) -> tuple[int, Amount, Amount]:
    """(value, exact interest, interest to pay) of one lot's mortgage; adds the interest step
    and (when it matters) the rounding step to ``steps``."""
    value = sq.mortgage or 0
    exact, paid = ten_percent(value, rules)
    steps.append(step("mortgage-lift", "step.mortgage.interest", square=sq.name, value=value,
                      percent=rules.mortgage_interest_percent.value, interest=exact,
                      cite=rules.mortgage_interest_percent))
    if exact != paid:
        mode = rules.interest_rounding.value.replace("-", "_")
        steps.append(step("mortgage-rounding", f"step.mortgage.rounding.{mode}", square=sq.name,
                          exact=exact, interest=paid, rounding=rules.interest_rounding.value,
                          cite=rules.interest_rounding))
    return value, exact, paid


# --------------------------------------------------------------------------- the calculation


def mortgage_cost(request: object) -> dict[str, Any]:
    """Mortgage, lift, receive or bankruptcy costs for one edition; see the module docstring.

    >>> mortgage_cost({"edition": "nl-2001", "action": "lift", "square": 39, "mortgaged": False})
    Traceback (most recent call last):
    ...
    engine.errors.EngineError: error.not_mortgaged {'square': 'Kalverstraat'}
    """
    req = parse(MortgageRequest, request)
    ctx = context(req.edition)
    board, rules = ctx.board, ctx.rules
    if req.action == "bankruptcy":
        return _bankruptcy(req, ctx)
    sq = property_square(board, required(req.square, "square"), "square")
    mortgaged = req.action != "mortgage" if req.mortgaged is None else req.mortgaged
    levels = _buildings(req, board, sq, rules)
    steps: list[Step] = []
    if req.action == "mortgage":
        if mortgaged:
            raise EngineError("error.already_mortgaged", field="mortgaged", square=sq.name)
        out = _mortgage(board, rules, sq, levels, steps)
    else:
        if not mortgaged:
            raise EngineError("error.not_mortgaged", field="mortgaged", square=sq.name)
        lots = group_lots(board, sq)
        check_group(rules, lots, [levels.get(s.index, 0) for s in lots], [s is sq for s in lots],
                    True, "buildings")
        out = _lift(sq, rules, steps) if req.action == "lift" else _receive(sq, rules, steps)
    return result(ctx, steps, sq, action=req.action, **out)


def _buildings(req: MortgageRequest, board: Board, sq: Square, rules: Rules) -> dict[int, int]:
    """Internal building levels on the lot's group (every lot present, default 0), checked."""
    group = group_lots(board, sq)
    levels = {s.index: 0 for s in group if s.kind == STREET}
    seen: set[int] = set()
    for key, value in req.buildings:
        path = f"buildings.{key[:40]}"
        other = find_square(board, key, path)
        if other.index in seen:
            raise EngineError("error.duplicate_square", field=path, square=other.name)
        seen.add(other.index)
        level = level_of(value, rules, path)
        if level == 0:
            continue
        if other.kind != STREET:
            raise EngineError("error.not_buildable", field=path, square=other.name)
        if other.index not in levels:
            raise EngineError("error.not_in_group", field=path, square=other.name,
                              group=str(sq.group))
        levels[other.index] = level
    if sq.kind == STREET:
        check_group(rules, group, [levels[s.index] for s in group], [False] * len(group), True,
                    "buildings")
    return levels


def _sale(sq: Square, rules: Rules, before: int, after: int, steps: list[Step]) -> dict[str, Any]:
    """Selling one lot's buildings from level ``before`` down to ``after``: what was sold and
    its proceeds (the steps are added to ``steps``)."""
    top = hotel_level(rules)
    half_house = (sq.house_cost or 0) // 2  # every printed house price is even: halves are whole
    hotel_part = 0
    houses_sold = before - after
    if before == top:
        returned = rules.houses_before_hotel.value
        hotel_part = (sq.hotel_cost or 0) // 2
        houses_sold = returned - after
        steps.append(step("build-sell-hotel", "step.mortgage.sell_hotel", square=sq.name,
                          hotel_half=hotel_part, houses_returned=returned,
                          cite=rules.hotel_sale_price))
    proceeds = hotel_part + houses_sold * half_house
    if houses_sold:
        steps.append(step("build-sell", "step.mortgage.sell_houses", square=sq.name,
                          houses=houses_sold, half_price=half_house,
                          amount=houses_sold * half_house, cite=rules.handback_price))
    return {"square": square_info(sq), "from": request_level(before, rules),
            "to": request_level(after, rules), "hotel_sold": before == top,
            "houses_sold": houses_sold, "proceeds": proceeds}


def _mortgage(board: Board, rules: Rules, sq: Square, levels: dict[int, int],
              steps: list[Step]) -> dict[str, Any]:
    scope = rules.mortgage_scope.value
    if sq.kind == "street":  # stations and utilities never carry buildings
        # with nothing built in the group the rule still holds, but nothing is sold
        key = f"step.mortgage.scope.{scope}" if any(levels.values()) \
            else "step.mortgage.scope.nothing_built"
        steps.append(step("mortgage-buildings", key, square=sq.name, scope=scope,
                          cite=rules.mortgage_scope))
    target = {i: 0 for i in levels}  # the whole group: the only scope an edition has
    top = hotel_level(rules)
    all_hotels_go = all(levels[i] == top and target[i] == 0 for i in levels) if levels else False
    sold: list[dict[str, Any]] = []
    for i in sorted(levels):
        if levels[i] > target[i]:
            item = _sale(board.squares[i], rules, levels[i], target[i], steps)
            sold.append(item)
            if (item["hotel_sold"] and rules.hotel_sale.value == "needs-bank-houses"
                    and not all_hotels_go):
                steps.append(step("build-sell-hotel", "step.mortgage.hotel_needs_bank_houses",
                                  square=board.squares[i].name,
                                  houses=rules.houses_before_hotel.value,
                                  cite=rules.hotel_sale))
    proceeds = sum(s["proceeds"] for s in sold)
    value = sq.mortgage or 0
    _, paid = ten_percent(value, rules)
    steps.append(step("mortgage-value", "step.mortgage.value", board.source, square=sq.name,
                      value=value))
    if proceeds:  # with nothing sold the value step says it all
        steps.append(step("mortgage-value", "step.mortgage.cash_received", square=sq.name,
                          sale=proceeds, value=value, total=proceeds + value))
    return {"scope": scope, "buildings_sold": sold, "sale_proceeds": proceeds,
            "mortgage_value": value, "cash_received": proceeds + value, "lift_cost": value + paid}


def _lift(sq: Square, rules: Rules, steps: list[Step]) -> dict[str, Any]:
    value, exact, paid = interest_steps(sq, rules, steps)
    steps.append(step("mortgage-lift", "step.mortgage.lift_total", square=sq.name, value=value,
                      interest=paid, cost=value + paid))
    return {"value": value, "interest_exact": exact, "interest": paid, "cost": value + paid}


def _choices(value: int, paid: Amount, pays_now: bool) -> list[dict[str, Any]]:
    keep_now = paid if pays_now else 0
    return [
        {"choice": "lift-now", "now": value + paid, "later": 0, "total": value + paid},
        {"choice": "keep", "now": keep_now, "later": value + paid,
         "total": keep_now + value + paid},
    ]


def _receive(sq: Square, rules: Rules, steps: list[Step]) -> dict[str, Any]:
    value, exact, paid = interest_steps(sq, rules, steps)
    options = _choices(value, paid, pays_now=True)
    steps.append(step("mortgage-transfer", "step.mortgage.receive_lift", square=sq.name,
                      value=value, interest=paid, total=options[0]["total"]))
    steps.append(step("mortgage-transfer", "step.mortgage.receive_keep", square=sq.name,
                      interest=paid, later=options[1]["later"], total=options[1]["total"]))
    return {"value": value, "interest_exact": exact, "interest": paid, "options": options,
            "cheaper": "lift-now" if paid > 0 else "either",
            "saving": options[1]["total"] - options[0]["total"]}


def _bankruptcy(req: MortgageRequest, ctx: Context) -> dict[str, Any]:
    board, rules = ctx.board, ctx.rules
    creditor = required(req.creditor, "creditor")
    if req.squares is not None:
        refs, fields = list(req.squares), [f"squares.{i}" for i in range(len(req.squares))]
    else:
        refs, fields = [required(req.square, "square")], ["square"]
    if req.mortgaged is False:
        raise EngineError("error.not_mortgaged", field="mortgaged", square=show(refs[0]))
    if any(v != 0 for _, v in req.buildings):  # a mortgaged lot carries no buildings
        raise EngineError("error.mortgaged_with_buildings", field="buildings", square=show(refs[0]))
    lots: list[Square] = []
    for ref, field in zip(refs, fields):
        sq = property_square(board, ref, field)
        if any(sq.index == s.index for s in lots):
            raise EngineError("error.duplicate_square", field=field, square=sq.name)
        lots.append(sq)
    steps: list[Step] = []
    out: list[dict[str, Any]] = []
    if creditor == "bank":
        lapse = rules.bankrupt_bank_mortgages.value == "lapse"
        steps.append(step("bankrupt-bank", "step.mortgage.bankrupt_bank_lapse" if lapse
                          else "step.mortgage.bankrupt_bank_auction", lots=len(lots),
                          cite=rules.bankrupt_bank_mortgages))
        for sq in lots:
            out.append({"square": square_info(sq), "value": sq.mortgage or 0,
                        "outcome": "auctioned-unmortgaged" if lapse else "auctioned"})
        return result(ctx, steps, action="bankruptcy", creditor=creditor, lots=out)
    pays_now = rules.creditor_pays_interest.value
    steps.append(step("bankrupt-mortgaged", "step.mortgage.bankrupt_player" if pays_now
                      else "step.mortgage.bankrupt_player_no_interest", lots=len(lots),
                      pays_now=pays_now, cite=rules.creditor_pays_interest))
    totals = {"lift_all_now": 0, "keep_all_now": 0, "keep_all_later": 0}
    for sq in lots:
        value, _, paid = interest_steps(sq, rules, steps)
        options = _choices(value, paid, pays_now)
        # lifting at once costs the value plus 10% once: 002's words, a ruling elsewhere
        steps.append(step("bankrupt-mortgaged", "step.mortgage.bankrupt_lot",
                          rules.creditor_lift_interest, square=sq.name,
                          value=value, interest=paid, lift_now=options[0]["total"],
                          keep_now=options[1]["now"], keep_later=options[1]["later"]))
        out.append({"square": square_info(sq), "value": value, "interest": paid,
                    "options": options})
        totals["lift_all_now"] += options[0]["now"]
        totals["keep_all_now"] += options[1]["now"]
        totals["keep_all_later"] += options[1]["later"]
    steps.append(step("bankrupt-mortgaged", "step.mortgage.bankrupt_totals", **totals))
    return result(ctx, steps, action="bankruptcy", creditor=creditor, lots=out, totals=totals)


__all__ = ["mortgage_cost", "MortgageRequest", "interest_steps"]
