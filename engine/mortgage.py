"""Mortgage costs: mortgaging a lot, lifting a mortgage, receiving a mortgaged lot, bankruptcy.

One public function, :func:`mortgage_cost`, takes a plain dict and returns a
plain dict with the numbers and the steps (each citing a clause id) behind them.

* ``action: "mortgage"``: the buildings that must be sold first under the
  edition's ``mortgage_scope`` (``lot``: the buildings on that lot, keeping the
  group even; ``group``: every building of the colour group), what they fetch
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

from collections.abc import Mapping
from fractions import Fraction
from math import ceil
from typing import Any

from .boards import STREET, Board, Square
from .editions import Edition, Rules, board_edition, edition
from .errors import EngineError
from .explain import Step, step
from .sources import Value
from .validate import boolean, choice, request_mapping, show

HOTEL = 5
"""The request's building level for a hotel (0-4 are houses), on every edition."""

ACTIONS = ("mortgage", "lift", "receive", "bankruptcy")
CREDITORS = ("bank", "player")
MAX_LOTS = 28
"""A board has 28 properties: no list of lots can be longer."""

Amount = int | float
"""Amounts are ints; only an exact (unrounded) interest can be a fraction (as a float)."""


# --------------------------------------------------------------------------- shared helpers
# (also used by engine.scoring and engine.jail)


def cite(value: Value[Any]) -> dict[str, str]:
    """Step params naming where an edition value comes from: its citation and ruling, if any.

    >>> cite(edition("nl-2001").rules.interest_rounding)
    {'source': '000 · Hypotheek', 'ruling': 'ruling-interest-rounding'}
    """
    out = {"source": value.source.cite()}
    if value.source.ruling is not None:
        out["ruling"] = value.source.ruling
    return out


def edition_of(req: Mapping[str, Any], board: bool = True) -> Edition:
    """The request's ``edition`` (a board edition unless ``board`` is False)."""
    value = req.get("edition")
    if value is None:
        raise EngineError("error.missing_field", field="edition", name="edition")
    if not isinstance(value, str):
        raise EngineError("error.unknown_edition", field="edition", edition=show(value))
    return board_edition(value) if board else edition(value)


def refield(err: EngineError, field: str) -> EngineError:
    """The same error, naming a (nested) request field: ``players.0.cash``."""
    return EngineError(err.key, field=field, **err.params)


def nested(value: object, field: str) -> Mapping[str, Any]:
    """A nested request object (a player, a property, a set)."""
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise EngineError("error.item_not_object", field=field, value=show(value))
    return value


def listed(value: object, field: str, lo: int, hi: int) -> list[Any]:
    """A list field with between ``lo`` and ``hi`` items."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise EngineError("error.not_a_list", field=field, value=show(value))
    if not lo <= len(value) <= hi:
        raise EngineError("error.list_length", field=field, count=len(value), min=lo, max=hi)
    return list(value)


def find_square(board: Board, ref: object, field: str) -> Square:
    """A square by index or name; a bad reference is ``error.unknown_square`` naming ``field``.

    >>> from engine.boards import DUTCH
    >>> find_square(DUTCH, " kalverstraat ", "square").index
    39
    """
    if ref is None:
        raise EngineError("error.missing_field", field=field, name=field)
    if isinstance(ref, int) and not isinstance(ref, bool):
        if not 0 <= ref < len(board.squares):
            raise EngineError("error.unknown_square", field=field, square=show(ref))
        return board.squares[ref]
    if not isinstance(ref, str):
        raise EngineError("error.unknown_square", field=field, square=show(ref))
    key = " ".join(ref.split())
    if key.isdigit() and not (key.isascii() and len(key) <= 3):
        # only plain ASCII indices: int() fails on "²" and on thousands of digits
        raise EngineError("error.unknown_square", field=field, square=show(ref))
    try:
        return board.find(key)
    except EngineError as err:
        raise refield(err, field) from None


def property_square(board: Board, ref: object, field: str) -> Square:
    """A square that can be owned (street, station or utility)."""
    sq = find_square(board, ref, field)
    if not sq.is_property:
        raise EngineError("error.not_a_property", field=field, square=sq.name)
    return sq


def group_of(board: Board, sq: Square) -> tuple[Square, ...]:
    """The colour group of a street (the lot alone for a station or utility)."""
    if sq.kind != STREET or sq.group is None:
        return (sq,)
    return board.group(sq.group)


def hotel_level(rules: Rules) -> int:
    """Internal level of a hotel: one above the houses it needs (4, or 3 in the short game)."""
    return rules.houses_before_hotel.value + 1


def level_of(value: object, rules: Rules, field: str) -> int:
    """A request building level (0..houses before a hotel, or 5 = hotel) as an internal level."""
    houses = rules.houses_before_hotel.value
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("error.not_an_integer", field=field, value=show(value))
    if value == HOTEL:
        return houses + 1
    if not 0 <= value <= houses:
        raise EngineError("error.building_level", field=field, level=show(value), max=houses)
    return value


def check_even(board: Board, levels: Mapping[int, int], rules: Rules, field: str) -> None:
    """Even building: levels within a group differ by one at most (a hotel is one above 4 houses)."""
    if not rules.even_building.value:
        return
    groups: dict[str, list[int]] = {}
    for index, level in levels.items():
        sq = board.squares[index]
        if sq.group is not None and sq.kind == STREET:
            groups.setdefault(sq.group, [])
    for group in groups:
        lv = [levels.get(s.index, 0) for s in board.group(group)]
        if max(lv) - min(lv) > 1:
            raise EngineError("error.uneven_building", field=field, group=group,
                              levels=", ".join(str(x) for x in lv))


def interest(value: int, rules: Rules) -> tuple[Amount, Amount]:
    """(exact interest, interest to pay) for a mortgage ``value`` under the edition's rounding.

    Every edition has the same ruling, ``up``: up to a whole unit (the sources are silent).

    >>> interest(75, edition("nl-2001").rules)
    (7.5, 8)
    >>> interest(200, edition("classic-us").rules)
    (20, 20)
    """
    exact = Fraction(value * rules.mortgage_interest_percent.value, 100)
    paid = Fraction(ceil(exact))  # interest_rounding "up", the only mode (see editions.Rules)
    return _amount(exact), _amount(paid)


def _amount(x: Fraction) -> Amount:
    return int(x) if x.denominator == 1 else float(x)


def interest_steps(sq: Square, rules: Rules) -> tuple[Amount, Amount, list[Step]]:
    """The interest on one lot's mortgage, with the lift and (when it matters) rounding steps."""
    value = sq.mortgage or 0
    exact, paid = interest(value, rules)
    steps = [step("mortgage-lift", "step.mortgage.interest", square=sq.name, value=value,
                  percent=rules.mortgage_interest_percent.value, interest=exact,
                  **cite(rules.mortgage_interest_percent))]
    if exact != paid:
        mode = rules.interest_rounding.value.replace("-", "_")
        steps.append(step("mortgage-rounding", f"step.mortgage.rounding.{mode}", square=sq.name,
                          exact=exact, interest=paid, rounding=rules.interest_rounding.value,
                          **cite(rules.interest_rounding)))
    return exact, paid, steps


# --------------------------------------------------------------------------- the calculation


def mortgage_cost(request: object) -> dict[str, Any]:
    """Mortgage, lift, receive or bankruptcy costs for one edition; see the module docstring.

    Request: ``edition``, ``action``, ``square`` (index or name; for
    ``bankruptcy`` also ``squares``, a list), ``mortgaged`` (is the lot mortgaged
    now; default False for ``mortgage``, True otherwise), ``buildings``
    (``{"<index>": level}`` on the lot's group, 0-4 houses, 5 a hotel),
    ``creditor`` (``bank`` or ``player``, for ``bankruptcy``).

    >>> mortgage_cost({"edition": "nl-2001", "action": "lift", "square": 39, "mortgaged": False})
    Traceback (most recent call last):
    ...
    engine.errors.EngineError: error.not_mortgaged {'square': 'Kalverstraat'}
    """
    req = request_mapping(request)
    ed = edition_of(req)
    assert ed.board is not None and ed.rules is not None
    board, rules = ed.board, ed.rules
    action = choice(req, "action", ACTIONS)
    if action == "bankruptcy":
        return _bankruptcy(req, ed)
    sq = property_square(board, req.get("square"), "square")
    mortgaged = boolean(req, "mortgaged", default=action != "mortgage")
    levels = _buildings(req.get("buildings"), board, sq, rules)
    steps: list[Step] = []
    if action == "mortgage":
        if mortgaged:
            raise EngineError("error.already_mortgaged", field="mortgaged", square=sq.name)
        result = _mortgage(board, rules, sq, levels, steps)
    else:
        if not mortgaged:
            raise EngineError("error.not_mortgaged", field="mortgaged", square=sq.name)
        _check_no_buildings_when_mortgaged(board, rules, sq, levels)
        result = _lift(sq, rules, steps) if action == "lift" else _receive(sq, rules, steps)
    return {"edition": ed.id, "currency": ed.currency, "action": action, "square": sq.index,
            "name": sq.name, **result, "steps": [s.to_dict() for s in steps]}


def _buildings(raw: object, board: Board, sq: Square, rules: Rules) -> dict[int, int]:
    """Internal building levels on the lot's group (every lot present, default 0)."""
    group = group_of(board, sq)
    levels = {s.index: 0 for s in group if s.kind == STREET}
    if raw is None:
        return levels
    if not isinstance(raw, Mapping):
        raise EngineError("error.bad_buildings", field="buildings", value=show(raw))
    if len(raw) > len(board.squares):
        raise EngineError("error.list_length", field="buildings", count=len(raw), min=0,
                          max=len(board.squares))
    seen: set[int] = set()
    for key, value in raw.items():
        other = find_square(board, key, "buildings")
        if other.index in seen:
            raise EngineError("error.duplicate_square", field="buildings", square=other.name)
        seen.add(other.index)
        name = key[:40] if isinstance(key, str) else show(key)
        level = level_of(value, rules, f"buildings.{name}")
        if level == 0:
            continue
        if other.kind != STREET:
            raise EngineError("error.buildings_not_street", field="buildings", square=other.name)
        if other.index not in levels:
            raise EngineError("error.buildings_other_group", field="buildings", square=other.name,
                              group=str(sq.group))
        levels[other.index] = level
    check_even(board, levels, rules, "buildings")
    return levels


def _check_no_buildings_when_mortgaged(board: Board, rules: Rules, sq: Square,
                                       levels: Mapping[int, int]) -> None:
    if levels.get(sq.index, 0) > 0:
        raise EngineError("error.mortgaged_with_buildings", field="buildings", square=sq.name)
    if any(levels.values()):
        # No building on a group with a mortgaged lot (build-set); with the "lot" scope a
        # lot may be mortgaged while the rest of its group keeps at most one house each.
        if rules.mortgage_scope.value == "group" or max(levels.values()) > 1:
            raise EngineError("error.mortgaged_group_built", field="buildings", square=sq.name,
                              group=str(sq.group))


def _sale(sq: Square, rules: Rules, before: int, after: int) -> tuple[dict[str, Any], list[Step]]:
    """Selling one lot's buildings from level ``before`` down to ``after``: proceeds and steps."""
    top = hotel_level(rules)
    house = sq.house_cost or 0
    half_house = house // 2  # every printed house price is even: halves are whole
    steps: list[Step] = []
    hotel_part = 0
    houses_sold = before - after
    if before == top:
        returned = rules.houses_before_hotel.value
        hotel_part = (sq.hotel_cost or 0) // 2
        houses_sold = returned - after
        steps.append(step("build-sell-hotel", "step.mortgage.sell_hotel", square=sq.name,
                          hotel_half=hotel_part, houses_returned=returned,
                          **cite(rules.hotel_sale)))
    proceeds = hotel_part + houses_sold * half_house
    if houses_sold:
        steps.append(step("build-sell", "step.mortgage.sell_houses", square=sq.name,
                          houses=houses_sold, half_price=half_house,
                          amount=houses_sold * half_house))
    sold = {"square": sq.index, "name": sq.name, "from": _request_level(before, rules),
            "to": _request_level(after, rules), "hotel_sold": before == top,
            "houses_sold": houses_sold, "proceeds": proceeds}
    return sold, steps


def _request_level(level: int, rules: Rules) -> int:
    return HOTEL if level == hotel_level(rules) else level


def _mortgage(board: Board, rules: Rules, sq: Square, levels: dict[int, int],
              steps: list[Step]) -> dict[str, Any]:
    scope = rules.mortgage_scope.value
    steps.append(step("mortgage-buildings", f"step.mortgage.scope.{scope}", square=sq.name,
                      scope=scope, **cite(rules.mortgage_scope)))
    target: dict[int, int] = {}
    if scope == "group":
        target = {i: 0 for i in levels}
    else:
        target = dict(levels)
        target[sq.index] = 0
        if rules.even_building.value and levels.get(sq.index, 0) > 0:
            # selling evenly: no lot may keep two more than another, so the rest of the
            # group comes down to at most one house
            lowered = [i for i in levels if i != sq.index and levels[i] > 1]
            for i in lowered:
                target[i] = 1
            if lowered:
                steps.append(step("build-even", "step.mortgage.sell_even", square=sq.name,
                                  lots=len(lowered), **cite(rules.even_building)))
    top = hotel_level(rules)
    all_hotels_go = all(levels[i] == top and target[i] == 0 for i in levels) if levels else False
    sold: list[dict[str, Any]] = []
    for i in sorted(levels):
        if levels[i] > target[i]:
            item, item_steps = _sale(board.squares[i], rules, levels[i], target[i])
            sold.append(item)
            steps.extend(item_steps)
            if (item["hotel_sold"] and rules.hotel_sale.value == "needs-bank-houses"
                    and not all_hotels_go):
                steps.append(step("build-sell-hotel", "step.mortgage.hotel_needs_bank_houses",
                                  square=board.squares[i].name,
                                  houses=rules.houses_before_hotel.value,
                                  **cite(rules.hotel_sale)))
    proceeds = sum(s["proceeds"] for s in sold)
    value = sq.mortgage or 0
    _, paid = interest(value, rules)
    steps.append(step("mortgage-value", "step.mortgage.value", square=sq.name, value=value,
                      source=f"{board.source.file} · {board.source.section}"))
    steps.append(step("mortgage-value", "step.mortgage.cash_received", square=sq.name,
                      sale=proceeds, value=value, total=proceeds + value))
    return {"scope": scope, "buildings_sold": sold, "sale_proceeds": proceeds,
            "mortgage_value": value, "cash_received": proceeds + value, "lift_cost": value + paid}


def _lift(sq: Square, rules: Rules, steps: list[Step]) -> dict[str, Any]:
    value = sq.mortgage or 0
    exact, paid = interest(value, rules)
    _, _, lift_steps = interest_steps(sq, rules)
    steps.extend(lift_steps)
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
    value = sq.mortgage or 0
    exact, paid, lift_steps = interest_steps(sq, rules)
    steps.extend(lift_steps)
    options = _choices(value, paid, pays_now=True)
    steps.append(step("mortgage-transfer", "step.mortgage.receive_lift", square=sq.name,
                      value=value, interest=paid, total=options[0]["total"]))
    steps.append(step("mortgage-transfer", "step.mortgage.receive_keep", square=sq.name,
                      interest=paid, later=options[1]["later"], total=options[1]["total"]))
    return {"value": value, "interest_exact": exact, "interest": paid, "options": options,
            "cheaper": "lift-now" if paid > 0 else "either",
            "saving": options[1]["total"] - options[0]["total"]}


def _bankruptcy(req: Mapping[str, Any], ed: Edition) -> dict[str, Any]:
    assert ed.board is not None and ed.rules is not None
    board, rules = ed.board, ed.rules
    creditor = choice(req, "creditor", CREDITORS)
    if req.get("squares") is not None:
        refs = listed(req["squares"], "squares", 1, MAX_LOTS)
        fields = [f"squares.{i}" for i in range(len(refs))]
    else:
        refs, fields = [req.get("square")], ["square"]
    if not boolean(req, "mortgaged", default=True):
        raise EngineError("error.not_mortgaged", field="mortgaged", square=show(refs[0]))
    raw = req.get("buildings")
    if raw is not None:
        if not isinstance(raw, Mapping):
            raise EngineError("error.bad_buildings", field="buildings", value=show(raw))
        if any(v != 0 for v in raw.values()):  # a mortgaged lot carries no buildings
            raise EngineError("error.mortgaged_with_buildings", field="buildings",
                              square=show(refs[0]))
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
                          **cite(rules.bankrupt_bank_mortgages)))
        for sq in lots:
            out.append({"square": sq.index, "name": sq.name, "value": sq.mortgage or 0,
                        "outcome": "auctioned-unmortgaged" if lapse else "auctioned"})
        return {"edition": ed.id, "currency": ed.currency, "action": "bankruptcy",
                "creditor": creditor, "lots": out, "steps": [s.to_dict() for s in steps]}
    pays_now = rules.creditor_pays_interest.value
    steps.append(step("bankrupt-mortgaged", "step.mortgage.bankrupt_player" if pays_now
                      else "step.mortgage.bankrupt_player_no_interest", lots=len(lots),
                      pays_now=pays_now, **cite(rules.creditor_pays_interest)))
    totals = {"lift_all_now": 0, "keep_all_now": 0, "keep_all_later": 0}
    for sq in lots:
        value = sq.mortgage or 0
        _, paid, lift_steps = interest_steps(sq, rules)
        steps.extend(lift_steps)
        options = _choices(value, paid, pays_now)
        steps.append(step("bankrupt-mortgaged", "step.mortgage.bankrupt_lot", square=sq.name,
                          value=value, interest=paid, lift_now=options[0]["total"],
                          keep_now=options[1]["now"], keep_later=options[1]["later"]))
        out.append({"square": sq.index, "name": sq.name, "value": value, "interest": paid,
                    "options": options})
        totals["lift_all_now"] += options[0]["now"]
        totals["keep_all_now"] += options[1]["now"]
        totals["keep_all_later"] += options[1]["later"]
    steps.append(step("bankrupt-mortgaged", "step.mortgage.bankrupt_totals", **totals))
    return {"edition": ed.id, "currency": ed.currency, "action": "bankruptcy",
            "creditor": creditor, "lots": out, "totals": totals,
            "steps": [s.to_dict() for s in steps]}


__all__ = ["mortgage_cost", "interest", "HOTEL", "ACTIONS", "CREDITORS"]
