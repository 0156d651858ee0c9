"""What every calculation shares: its edition, square lookups, the group-state check, the result.

Every calculation returns one shape: its own fields plus ``edition`` (the
edition id, ``None`` where a calculation takes a board instead), ``currency``
(of the edition's board), ``steps`` (see :mod:`engine.explain`) and, where the
calculation is about one square, ``square`` as :func:`square_info`
(``{index, name, kind, group}``). Lots inside a result (sold buildings,
bankrupt lots, score items) carry the same ``square`` object.

>>> ctx = context("nl-2001", ())
>>> find_square(ctx.board, " kalverstraat ", "square").index
39
>>> result(ctx, [], ctx.board.squares[39], amount=5)
{'amount': 5, 'edition': 'nl-2001', 'currency': 'EUR', 'square': {'index': 39, 'name': 'Kalverstraat', 'kind': 'street', 'group': 'dark-blue'}, 'steps': []}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from .boards import PROPERTY_KINDS, STREET, Board, Square
from .editions import EDITIONS, HOUSE_RULES, Edition, Rules, board_edition, with_house_rules
from .errors import EngineError
from .explain import Step
from .money import Buildings, hotel_level, request_level
from .validate import spec

MAX_LOTS = 28
"""A board has 28 properties: no list of lots can be longer."""
GROUP_MAX = 4
"""No colour group has more than three lots; the stations are four."""
BOX = {name: max(getattr(e.rules, name).value for e in EDITIONS.values() if e.rules)
       for name in ("houses_in_bank", "hotels_in_bank")}
"""The most houses and hotels any edition's box holds (an edition's own check follows)."""

HouseRule = Literal["free-parking-pot", "auction-every-sale"]
assert get_args(HouseRule) == HOUSE_RULES  # a Literal needs the names written out


def edition_field() -> Any:
    """The ``edition`` field every request starts with (required)."""
    return spec(doc="edition id", enum=tuple(EDITIONS), json="string")


def square_field(optional: bool = False, doc: str = "") -> Any:
    """A square reference field: index 0-39 or the square's name on the edition's board."""
    kw = {"default": None} if optional else {}
    return spec(**kw, json="integer|string", doc=doc or "board index 0-39 or the square's name")


@dataclass(frozen=True)
class Holding:
    """A property a player owns (for a worth or a score)."""

    square: object = square_field(doc="the property: board index or name")
    mortgaged: bool = spec(False, doc="the property is mortgaged")
    buildings: Buildings = spec(0, doc="0-4 houses (0-3 in a 3-house game) or 5 for a hotel")


@dataclass(frozen=True, kw_only=True)
class BoardRequest:
    """The fields of every request on one board edition with house rules."""

    edition: object = edition_field()
    house_rules: list[HouseRule] = spec((), max_items=len(HOUSE_RULES),
                                         doc="house rules of 000 switched on")


@dataclass(frozen=True)
class Context:
    """A board edition with its rules (house rules applied) and board."""

    edition: Edition
    rules: Rules
    board: Board


def context(edition_id: object, house_rules: Sequence[str] = ()) -> Context:
    """The board edition of a request, with the named house rules switched on."""
    ed = board_edition(edition_id)
    assert ed.rules is not None and ed.board is not None
    return Context(ed, with_house_rules(ed.rules, list(house_rules)) if house_rules else ed.rules,
                   ed.board)


def find_square(board: Board, ref: object, field: str, kinds: tuple[str, ...] | None = None,
                error: str = "error.not_a_property") -> Square:
    """A square by index or name, and (given ``kinds``) of one of those kinds: else
    ``error.unknown_square`` or ``error`` naming ``field``."""
    try:
        sq = board.find(ref)
    except EngineError as err:
        raise EngineError(err.key, field=field, **err.params) from None
    if kinds is not None and sq.kind not in kinds:
        raise EngineError(error, field=field, square=sq.name)
    return sq


def property_square(board: Board, ref: object, field: str) -> Square:
    """A square that can be owned (street, station or utility)."""
    return find_square(board, ref, field, PROPERTY_KINDS)


def square_info(sq: Square) -> dict[str, Any]:
    """The one JSON form of a square in every result."""
    return {"index": sq.index, "name": sq.name, "kind": sq.kind, "group": sq.group}


def result(ctx: Context | Edition, steps: list[Step], sq: Square | None = None,
           **fields: Any) -> dict[str, Any]:
    """The result dict of a calculation: its fields, then edition, currency, square, steps."""
    ed = ctx.edition if isinstance(ctx, Context) else ctx
    out: dict[str, Any] = dict(fields)
    out.update(edition=ed.id, currency=ed.currency)
    if sq is not None:
        out["square"] = square_info(sq)
    out["steps"] = [s.to_dict() for s in steps]
    return out


def check_group(rules: Rules, lots: Sequence[Square], levels: Sequence[int],
                mortgaged: Sequence[bool], complete: bool, fields: str | dict[str, str]) -> None:
    """Is this state of one colour group possible under the edition? Else the EngineError.

    ``levels`` are internal levels (a hotel one above its houses), ``mortgaged`` per lot,
    ``complete`` whether one player owns the whole group; ``fields`` names the request field
    of each mistake (``built`` for the group's buildings, ``mortgaged`` for its mortgages,
    ``lot_mortgaged`` for a mortgaged lot that carries buildings), or one field for all three.
    """
    if isinstance(fields, str):
        fields = dict.fromkeys(("built", "mortgaged", "lot_mortgaged"), fields)
    for lot, level, m in zip(lots, levels, mortgaged):
        if level and m:
            raise EngineError("error.mortgaged_with_buildings", field=fields["lot_mortgaged"],
                              square=lot.name)
    if not any(levels):
        return
    group = lots[0].group
    if not complete:
        raise EngineError("error.buildings_incomplete_group", field=fields["built"], group=group)
    first_mortgaged = next((lot for lot, m in zip(lots, mortgaged) if m), None)
    # every edition sells all buildings of the group before a mortgage (mortgage_scope
    # "group"; for classic-us a ruling): no building stands beside a mortgage
    if first_mortgaged is not None:
        raise EngineError("error.buildings_with_mortgage_in_group", field=fields["mortgaged"],
                          square=first_mortgaged.name, group=group)
    if rules.even_building.value and max(levels) - min(levels) > 1:
        raise EngineError("error.uneven_buildings", field=fields["built"], group=group,
                          levels=[[lot.name, request_level(lv, rules)]
                                  for lot, lv in zip(lots, levels)])


Lot = tuple[object, bool, int, str]
"""A lot of a position: (owner, mortgaged, internal level, the request path of the lot)."""


def check_position(board: Board, rules: Rules, lots: Mapping[int, Lot], field: str | None,
                   stock_field: str) -> None:
    """Is this position (``lots`` by board index) possible? Else the EngineError.

    Every built colour group must be a state :func:`check_group` allows (complete in one
    owner's hands; its mistakes name ``field``, or, for ``None``, the path of the group's first
    built lot), and the board holds no more buildings than the edition's box (``stock_field``).
    """
    for group in sorted({board.squares[i].group for i, (_, _, lv, _) in lots.items() if lv}):  # type: ignore[type-var]
        members = board.group(group)  # type: ignore[arg-type]
        state = [lots.get(s.index) for s in members]
        first = next(s for s in state if s and s[2])
        check_group(rules, members, [s[2] if s else 0 for s in state], [bool(s and s[1]) for s in state],
                    all(s and s[0] == first[0] for s in state), field or first[3])
    top = hotel_level(rules)
    houses = sum(lv for _, _, lv, _ in lots.values() if lv < top)
    hotels = sum(1 for _, _, lv, _ in lots.values() if lv == top)
    total_houses, total_hotels = rules.houses_in_bank.value, rules.hotels_in_bank.value
    if houses > total_houses or hotels > total_hotels:
        raise EngineError("error.bank_stock_exceeded", field=stock_field, houses=houses, hotels=hotels,
                          total_houses=total_houses, total_hotels=total_hotels)


def group_lots(board: Board, sq: Square) -> tuple[Square, ...]:
    """The colour group of a street (the lot alone for a station or utility)."""
    if sq.kind != STREET or sq.group is None:
        return (sq,)
    return board.group(sq.group)
