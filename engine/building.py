"""Building: may a house or hotel go on a lot now, and what selling buildings back brings.

A colour group's state is given per lot: ``buildings`` maps a lot (index or
name) to 0-4 houses or 5 for a hotel (lots left out have none); ``mortgaged``
lists the group's mortgaged lots. A *level* counts a hotel as one more than
the houses it needs (5 in the normal game, 4 in the 3-house short game), so
"even" means the levels of a group differ by at most one.

:func:`check_build` answers "may the next building go on this lot?". A
refusal is a normal result (``allowed`` false, ``reasons`` keys, steps); an
impossible state (uneven group, buildings on a mortgaged lot, more buildings
than the box holds) is an :class:`~engine.errors.EngineError`.

>>> r = check_build({"edition": "nl-2001", "square": 39, "buildings": {"37": 2, "39": 2}})
>>> r["allowed"], r["building"], r["cost"]
(True, 'house', 200)
>>> r = check_build({"edition": "nl-2001", "square": 39, "buildings": {"37": 1, "39": 2}})
>>> r["allowed"], r["reasons"]
(False, ['reason.build.uneven'])
>>> check_build({"edition": "nordic-2005", "square": 39, "own_turn": False})["reasons"]
['reason.build.not_own_turn']

:func:`sell_buildings` sells ``sell`` buildings of the group back to the bank
(an int: that many, always from the most built lot, this square first among
equals; or a map lot -> how many from that lot). A hotel is one building: sold
alone it is swapped back for its houses; sold with them it brings half the
hotel price plus half the price of those houses.

>>> r = sell_buildings({"edition": "nl-2001", "square": 39, "buildings": {"37": 5, "39": 5},
...                     "sell": {"37": 5, "39": 5}})
>>> r["proceeds"], r["buildings_after"]
(1000, {'37': 0, '39': 0})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from .boards import STREET, Square
from .calc import (BOX, GROUP_MAX, BoardRequest, Context, check_group, context, find_square,
                   result, square_field)
from .errors import EngineError
from .explain import Step, step
from .money import HOTEL, Buildings, level_of
from .validate import Check, parse, spec

__all__ = ["check_build", "sell_buildings", "BuildRequest", "SellRequest"]



@dataclass(frozen=True, kw_only=True)
class GroupState(BoardRequest):
    """A street and the state of its colour group."""

    square: object = square_field(doc="the street: board index or name")
    buildings: dict[str, Buildings] = spec((), max_items=GROUP_MAX, doc=(
        "the group's buildings: lot (index or name) -> 0-4 houses or 5 for a hotel; lots "
        "left out have none"))
    mortgaged: list[object] = spec((), max_items=GROUP_MAX, doc="the group's mortgaged lots")
    bank_houses: int | None = spec(None, lo=0, hi=BOX["houses_in_bank"], doc=(
        "houses left in the bank (default: the box minus those on this group)"))
    bank_hotels: int | None = spec(None, lo=0, hi=BOX["hotels_in_bank"], doc=(
        "hotels left in the bank (default likewise)"))


@dataclass(frozen=True, kw_only=True)
class BuildRequest(GroupState):
    """May the next house or hotel go on this street now?"""

    owned_all: bool = spec(True, doc="the player owns the whole group")
    own_turn: bool = spec(True, doc="it is the player's own turn")


@dataclass(frozen=True, kw_only=True)
class SellRequest(GroupState):
    """Selling buildings of a group back to the bank."""

    sell: Annotated[int, Check(lo=1, hi=HOTEL * GROUP_MAX)] | dict[str, Buildings] = spec(
        1, max_items=GROUP_MAX, doc="how many buildings to sell (from the most built lot, this "
        "street first among equals), or lot -> how many from that lot")


@dataclass(frozen=True)
class Group:
    """A colour group's state: per lot, in board order, its buildings (5 = hotel) and mortgage."""

    lots: tuple[Square, ...]
    buildings: tuple[int, ...]
    mortgaged: tuple[bool, ...]
    hbh: int  # houses before a hotel

    def level(self, buildings: int) -> int:
        return self.hbh + 1 if buildings == HOTEL else buildings

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(self.level(b) for b in self.buildings)

    @property
    def houses(self) -> int:
        return sum(b for b in self.buildings if b != HOTEL)

    def position(self, sq: Square) -> int:
        return self.lots.index(sq)

    def as_map(self, buildings: tuple[int, ...] | None = None, names: bool = False) -> dict[str, int]:
        """JSON-friendly ``{"37": 2, "39": 3}`` (``names``: by the lots' names, for the steps)."""
        return {lot.name if names else str(lot.index): b
                for lot, b in zip(self.lots, buildings or self.buildings)}


def _lots(ctx: Context, lots: tuple[Square, ...], refs: Any, field: str) -> dict[int, tuple[Any, str]]:
    """Lot references (a list, or a map's ``(ref, value)`` pairs) as board index -> (value,
    the item's path): every lot in the group, none twice."""
    out: dict[int, tuple[Any, str]] = {}
    for i, item in enumerate(refs):
        ref, value = (item, True) if field == "mortgaged" else item
        path = f"{field}.{i if field == 'mortgaged' else str(ref)[:40]}"
        sq = find_square(ctx.board, ref, path)
        if sq not in lots:
            raise EngineError("error.not_in_group", field=path, square=sq.name, group=lots[0].group)
        if sq.index in out:
            raise EngineError("error.duplicate_square", field=path, square=sq.name)
        out[sq.index] = (value, path)
    return out


def read_group(ctx: Context, req: GroupState, sq: Square, owned_all: bool) -> Group:
    """The group state from the request's ``buildings`` and ``mortgaged`` fields, checked."""
    assert sq.group is not None
    lots = ctx.board.group(sq.group)
    buildings = _lots(ctx, lots, req.buildings, "buildings")
    for b, path in buildings.values():
        level_of(b, ctx.rules, path)
    mortgaged = _lots(ctx, lots, req.mortgaged, "mortgaged")
    group = Group(lots, tuple(buildings.get(lot.index, (0, ""))[0] for lot in lots),
                  tuple(lot.index in mortgaged for lot in lots), ctx.rules.houses_before_hotel.value)
    check_group(ctx.rules, lots, group.levels, group.mortgaged, owned_all,
                {"built": "buildings", "mortgaged": "mortgaged", "lot_mortgaged": "mortgaged"})
    return group


def bank_stock(ctx: Context, req: GroupState, group: Group) -> tuple[int, int]:
    """Houses and hotels left in the bank (default: the box minus those on the group)."""
    rules = ctx.rules
    total = {"houses": rules.houses_in_bank.value, "hotels": rules.hotels_in_bank.value}
    out = {"houses": group.houses, "hotels": group.buildings.count(HOTEL)}
    given = {"houses": req.bank_houses, "hotels": req.bank_hotels}
    left = {k: total[k] - out[k] if given[k] is None else given[k] for k in total}
    for k in total:  # more on the board than the box holds, or than the box minus the bank's
        if out[k] > total[k] or left[k] + out[k] > total[k]:
            seen = out if out[k] > total[k] else {n: out[n] + left[n] for n in out}
            raise EngineError("error.bank_stock_exceeded", field="buildings" if seen is out else f"bank_{k}",
                              houses=seen["houses"], hotels=seen["hotels"],
                              total_houses=total["houses"], total_hotels=total["hotels"])
    return left["houses"], left["hotels"]


def _hotel_clause(group: Group) -> str:
    return "short-hotel" if group.hbh != 4 else "build-hotel"


# --- may I build? -------------------------------------------------------------

def check_build(request: object) -> dict[str, Any]:
    """May the next building (house, or hotel after the last house) go on ``square`` now?

    The request is :class:`BuildRequest`.

    >>> r = check_build({"edition": "nl-2001-short", "square": 39, "buildings": {"37": 3, "39": 3}})
    >>> r["building"], r["cost"], r["bank_houses_after"]
    ('hotel', 200, 29)
    """
    req = parse(BuildRequest, request)
    ctx = context(req.edition, req.house_rules)
    rules = ctx.rules
    sq = find_square(ctx.board, req.square, "square", (STREET,), "error.not_buildable")
    owned_all, own_turn = req.owned_all, req.own_turn
    group = read_group(ctx, req, sq, owned_all)
    bank_houses, bank_hotels = bank_stock(ctx, req, group)
    hbh = group.hbh
    steps: list[Step] = []
    reasons: list[str] = []

    mortgaged = [lot.name for lot, m in zip(group.lots, group.mortgaged) if m]
    if owned_all and not mortgaged:
        steps.append(step("build-set", "step.build.set", group=sq.group, lots=len(group.lots)))
    if not owned_all:
        steps.append(step("build-set", "step.build.set_incomplete", group=sq.group, lots=len(group.lots)))
        reasons.append("reason.build.incomplete_group")
    if mortgaged and rules.build_unmortgaged_group.value:
        steps.append(step("build-set", "step.build.set_mortgaged", mortgaged=tuple(mortgaged),
                          count=len(mortgaged), cite=rules.build_unmortgaged_group))
        reasons.append("reason.build.mortgage_in_group")

    when = rules.build_when
    refused = when.value == "own-turn" and not own_turn
    key = "step.build.when.not_own_turn" if refused else f"step.build.when.{when.value.replace('-', '_')}"
    steps.append(step("build-when", key, own_turn=own_turn, cite=when))
    if refused:
        reasons.append("reason.build.not_own_turn")

    current = group.buildings[group.position(sq)]
    building: str | None
    cost: int | None
    if current == HOTEL:
        building, cost = None, None
        steps.append(step(_hotel_clause(group), "step.build.has_hotel", square=sq.name,
                          cite=rules.houses_before_hotel))
        reasons.append("reason.build.has_hotel")
    elif current == hbh:
        building, cost = "hotel", sq.hotel_cost
        ready = all(level >= hbh for level in group.levels)
        steps.append(step(_hotel_clause(group), "step.build.hotel_ready" if ready else "step.build.hotel_not_ready",
                          houses=hbh, lowest=min(group.levels), buildings=group.as_map(names=True),
                          cite=rules.houses_before_hotel))
        if not ready:
            reasons.append("reason.build.hotel_needs_houses")
    else:
        building, cost = "house", sq.house_cost
        lowest = min(group.levels)
        if rules.even_building.value:
            steps.append(step("build-even", "step.build.even" if current <= lowest else "step.build.uneven",
                              square=sq.name, houses=current, lowest=lowest, buildings=group.as_map(names=True),
                              cite=rules.even_building))
            if current > lowest:
                reasons.append("reason.build.uneven")

    if building == "house":
        steps.append(step("build-limit", "step.build.bank_houses" if bank_houses else "step.build.no_houses_left",
                          bank_houses=bank_houses, cite=rules.houses_in_bank))
        if bank_houses < 1:
            reasons.append("reason.build.no_houses")
        steps.append(step("build-set", "step.build.house_cost", square=sq.name, cost=cost))
    elif building == "hotel":
        steps.append(step("build-limit", "step.build.bank_hotels" if bank_hotels else "step.build.no_hotels_left",
                          bank_hotels=bank_hotels, cite=rules.hotels_in_bank))
        if bank_hotels < 1:
            reasons.append("reason.build.no_hotels")
        steps.append(step(_hotel_clause(group), "step.build.hotel_cost", square=sq.name, cost=cost,
                          houses_back=hbh, cite=rules.houses_before_hotel))

    allowed = not reasons
    after: dict[str, int] | None = None
    houses_after, hotels_after = bank_houses, bank_hotels
    if allowed:
        new = list(group.buildings)
        new[group.position(sq)] = HOTEL if building == "hotel" else current + 1
        after = group.as_map(tuple(new))
        if building == "hotel":
            houses_after, hotels_after = bank_houses + hbh, bank_hotels - 1
        else:
            houses_after = bank_houses - 1
    return result(ctx, steps, sq, allowed=allowed, reasons=reasons, building=building, cost=cost,
                  buildings_before=group.as_map(), buildings_after=after,
                  bank_houses_after=houses_after, bank_hotels_after=hotels_after)


# --- selling back -----------------------------------------------------------------

def _sell_levels(ctx: Context, sell: int | tuple[tuple[str, int], ...], sq: Square,
                 group: Group) -> list[int]:
    """Target levels after the sale, from the request's ``sell`` (int or lot map)."""
    levels = list(group.levels)
    if not isinstance(sell, int):
        counts = _lots(ctx, group.lots, sell, "sell")
        for i, lot in enumerate(group.lots):
            n, path = counts.get(lot.index, (0, ""))
            if n > levels[i]:
                raise EngineError("error.out_of_range", field=path, value=n, min=0, max=levels[i])
            levels[i] -= n
        if levels == list(group.levels):
            raise EngineError("error.nothing_to_sell", field="sell", square=sq.name)
        return levels
    if sum(levels) == 0:
        raise EngineError("error.nothing_to_sell", field="sell", square=sq.name)
    if sell > sum(levels):
        raise EngineError("error.out_of_range", field="sell", value=sell, min=1, max=sum(levels))
    first = group.position(sq)
    order = [first] + [i for i in range(len(levels)) if i != first]
    for _ in range(sell):
        top = max(levels)
        i = next(j for j in order if levels[j] == top)
        levels[i] -= 1
    return levels


def sell_buildings(request: object) -> dict[str, Any]:
    """Sell buildings of ``square``'s group back to the bank, at half price and evenly.

    The request is :class:`SellRequest`.

    >>> r = sell_buildings({"edition": "classic-us", "square": 39, "buildings": {"37": 5, "39": 5},
    ...                     "bank_houses": 0})
    >>> r["allowed"], r["reasons"]
    (False, ['reason.sell.bank_lacks_houses'])
    >>> sell_buildings({"edition": "nl-2001", "square": 39, "buildings": {"37": 3, "39": 3}, "sell": 3})["proceeds"]
    300
    """
    req = parse(SellRequest, request)
    ctx = context(req.edition, req.house_rules)
    rules = ctx.rules
    sq = find_square(ctx.board, req.square, "square", (STREET,), "error.not_buildable")
    group = read_group(ctx, req, sq, owned_all=True)
    bank_houses, bank_hotels = bank_stock(ctx, req, group)
    hbh = group.hbh
    target = _sell_levels(ctx, req.sell, sq, group)
    after = tuple(HOTEL if level == hbh + 1 else level for level in target)
    steps: list[Step] = []
    reasons: list[str] = []

    if rules.even_building.value:
        even = max(target) - min(target) <= 1
        steps.append(step("build-sell", "step.sell.even" if even else "step.sell.uneven", before=group.as_map(names=True),
                          after=group.as_map(after, names=True), cite=rules.even_building))
        if not even:
            reasons.append("reason.sell.uneven")

    broken = sum(1 for b0, b1 in zip(group.buildings, after) if b0 == HOTEL and b1 != HOTEL)
    houses_after = sum(b for b in after if b != HOTEL)
    if broken:
        rule = rules.hotel_sale
        if rule.value == "needs-bank-houses":
            at_once = all(b == HOTEL for b in group.buildings) and not any(after)
            needed = 0 if at_once else hbh * broken
            steps.append(step("build-sell-hotel",
                              "step.sell.hotels_all_at_once" if at_once else "step.sell.hotel_needs_bank_houses",
                              hotels=broken,
                              houses=hbh, needed=needed, bank_houses=bank_houses, all_at_once=at_once,
                              cite=rule))
        else:
            needed = max(0, houses_after - group.houses)
            # none needed: say so, not "0 more houses must come from the bank"
            steps.append(step("ruling-hotel-no-houses", "step.sell.hotel_bank_houses_net" if needed
                              else "step.sell.hotel_bank_houses_none", hotels=broken,
                              needed=needed, bank_houses=bank_houses, cite=rule))
        if needed > bank_houses:
            reasons.append("reason.sell.bank_lacks_houses")

    proceeds = 0
    if not reasons:
        # Every deed's house price is even, so the halves are whole.
        for lot, b0, b1 in zip(group.lots, group.buildings, after):
            if b0 == b1:
                continue
            houses_from = b0
            if b0 == HOTEL and b1 != HOTEL:
                half = lot.hotel_cost // 2
                steps.append(step("build-sell-hotel", "step.sell.hotel", square=lot.name, price=lot.hotel_cost,
                                  amount=half, houses=hbh, cite=rules.hotel_sale_price))
                proceeds += half
                houses_from = hbh
            sold = houses_from - b1
            if sold:
                amount = sold * (lot.house_cost // 2)
                steps.append(step("build-sell", "step.sell.houses", square=lot.name, houses=sold,
                                  price=lot.house_cost, amount=amount))
                proceeds += amount
        steps.append(step("build-sell", "step.sell.total", proceeds=proceeds))
    ok = not reasons
    return result(ctx, steps, sq, allowed=ok, reasons=reasons, proceeds=proceeds,
                  buildings_before=group.as_map(), buildings_after=group.as_map(after if ok else None),
                  bank_houses_after=bank_houses - (houses_after - group.houses) if ok else bank_houses,
                  bank_hotels_after=bank_hotels + broken if ok else bank_hotels)
