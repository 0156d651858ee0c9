"""Rent: what a player owes on landing on someone else's property, edition by edition.

:func:`rent` takes a plain request and returns a plain result: the amount, the
currency of the edition's board, the square, and the steps that led there, each
citing the clause it applied (:mod:`engine.clauses`) and, where an edition rule
decided, that rule's source (``source`` = "file · section", ``ruling`` = the
ruling clause when the rulebook is silent, else ``None``).

Request fields (all but ``edition`` and ``square`` optional):

``edition``, ``house_rules``
    edition id (``nl-2001``, ``nordic-2005``, ...) and house rules of 000.
``square``
    index 0-39 or the square's name on that edition's board.
``owned``
    how many lots of this colour group / stations / utilities the owner has,
    this one included (default 1).
``mortgaged``
    this square is mortgaged: no rent (``rent-mortgaged``).
``group_mortgaged``
    how many of the owner's *other* lots of the group (or other stations /
    utilities) are mortgaged (default 0).
``buildings``
    0-4 houses, 5 = a hotel (streets only; in a 3-house short game 0-3 or 5).
``group_built``
    some lot of the group has buildings (default: ``buildings > 0``).
``arrival``
    ``"roll"`` (default), ``"card"`` (a card that moved the player here), or
    ``"nearest-card"`` (the classic-us "advance to the nearest railroad /
    utility" cards; only in editions that have them). On a utility, ``"card"``
    follows the edition's card rule; where that rule is the nearest-utility
    card (classic-us), it is the only card that reaches a utility.
``dice``
    ``[a, b]``, the roll that brought the player (utilities whose rule counts it).
``reroll``
    ``[a, b]`` (with the speed die ``[a, b, face]``): a new roll for the rent.
``speed_face``
    the speed die's face for that new roll: 1, 2, 3, ``"bus"`` or
    ``"mr-monopoly"`` (the last two count 0); speed-die editions only.
``owner_in_jail``
    the owner is in jail.

>>> r = rent({"edition": "nl-2001", "square": "Kalverstraat", "owned": 2})
>>> r["amount"], r["currency"], r["square"]["name"]
(100, 'EUR', 'Kalverstraat')
>>> [s["clause"] for s in r["steps"]]
['rent-street', 'rent-set-double', 'rent-claim']
>>> rent({"edition": "nl-2001", "square": 39, "owned": 2, "group_mortgaged": 1})["amount"]
50
>>> rent({"edition": "nordic-2005", "square": "Boardwalk", "owned": 2, "group_mortgaged": 1})["amount"]
100
>>> rent({"edition": "nl-2001", "square": 12, "owned": 1, "dice": [3, 4]})["amount"]
28
>>> rent({"edition": "nl-2001", "square": 4})
Traceback (most recent call last):
...
engine.errors.EngineError: error.not_a_property {'square': 'Inkomstenbelasting'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .boards import DUTCH, STATION, STREET, VELPERPLEIN_CHOICE, Board, Square
from .editions import Edition, Rules, board_edition, with_house_rules
from .errors import EngineError
from .explain import Step, step
from .sources import Source, Value
from .validate import boolean, choice, integer, request_mapping, show

__all__ = ["rent"]

COMMON_FIELDS = ("edition", "house_rules")
RENT_FIELDS = ("square", "owned", "mortgaged", "group_mortgaged", "buildings", "group_built",
               "arrival", "dice", "reroll", "speed_face", "owner_in_jail")
ARRIVALS = ("roll", "card", "nearest-card")
SPEED_FACES = (1, 2, 3, "bus", "mr-monopoly")
"""Faces of the speed die (002); for a utility's rent Bus and Mr. Monopoly count 0."""
HOTEL = 5
"""``buildings`` value of a hotel."""


# --- helpers shared with building.py and tax.py --------------------------------

@dataclass(frozen=True)
class Context:
    """A checked request with its edition, the rules (house rules applied) and board."""

    request: Mapping[str, Any]
    edition: Edition
    rules: Rules
    board: Board


def context(request: object, fields: tuple[str, ...]) -> Context:
    """Check the request's shape, refuse unknown fields, resolve edition and house rules.

    >>> context({"edition": "classic-us"}, ()).board.currency
    'USD'
    >>> context({"edition": "nl-2001", "sqaure": 3}, ("square",))
    Traceback (most recent call last):
    ...
    engine.errors.EngineError: error.unknown_field {'name': 'sqaure'}
    """
    req = request_mapping(request)
    unknown = sorted(k for k in req if k not in fields and k not in COMMON_FIELDS)
    if unknown:
        raise EngineError("error.unknown_field", field=unknown[0][:40], name=unknown[0][:40])
    if req.get("edition") is None:
        raise EngineError("error.missing_field", field="edition", name="edition")
    ed = board_edition(req["edition"])
    assert ed.rules is not None and ed.board is not None
    rules = with_house_rules(ed.rules, req.get("house_rules"))
    return Context(req, ed, rules, ed.board)


def find_square(board: Board, ref: object, field: str) -> Square:
    """A square by index or name; a failure names ``field``."""
    if ref is None:
        raise EngineError("error.missing_field", field=field, name=field)
    try:
        return board.find(ref)
    except EngineError as err:
        raise EngineError(err.key, field=field, **err.params) from None


def src(value: Value[Any]) -> dict[str, Any]:
    """Step params citing where an edition value comes from.

    >>> from engine.editions import edition
    >>> src(edition("nl-2001").rules.mortgaged_group_rent)
    {'source': '000 · Huur', 'ruling': None}
    """
    return cite(value.source)


def cite(source: Source) -> dict[str, Any]:
    return {"source": source.cite(), "ruling": source.ruling}


def square_info(sq: Square) -> dict[str, Any]:
    return {"index": sq.index, "name": sq.name, "kind": sq.kind, "group": sq.group}


def finish(ctx: Context, sq: Square, steps: list[Step], **fields: Any) -> dict[str, Any]:
    """The result dict every calculation returns."""
    out: dict[str, Any] = dict(fields)
    out.update(currency=ctx.board.currency, edition=ctx.edition.id, square=square_info(sq),
               steps=[s.to_dict() for s in steps])
    return out


def houses_before_hotel(rules: Rules) -> int:
    return rules.houses_before_hotel.value


def buildings_value(req: Mapping[str, Any], name: str, rules: Rules, default: int = 0) -> int:
    """0 .. houses before a hotel, or 5 for a hotel (4 is impossible in a 3-house game)."""
    value = integer(req, name, 0, HOTEL, default)
    limit = houses_before_hotel(rules)
    if limit < value < HOTEL:
        raise EngineError("error.too_many_houses", field=name, value=value, max=limit)
    return value


def dice_field(req: Mapping[str, Any], name: str, speed: bool = False) -> tuple[Any, ...] | None:
    """``[a, b]`` with each die 1-6, or with ``speed`` also ``[a, b, face]``; None if absent."""
    value = req.get(name)
    if value is None:
        return None
    sizes = (2, 3) if speed else (2,)
    if not isinstance(value, (list, tuple)) or len(value) not in sizes:
        raise EngineError("error.bad_dice", field=name, value=show(value))
    for die in value[:2]:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise EngineError("error.bad_dice", field=name, value=show(value))
    if len(value) == 3:
        speed_face(value[2], name)
    return tuple(value)


def speed_face(value: object, field: str) -> int | str:
    if isinstance(value, bool) or not (isinstance(value, (int, str)) and value in SPEED_FACES):
        raise EngineError("error.bad_speed_face", field=field, value=show(value),
                          choices="1, 2, 3, bus, mr-monopoly")
    return value  # type: ignore[return-value]


# --- rent ---------------------------------------------------------------------

def rent(request: object) -> dict[str, Any]:
    """The rent due on landing on an owned property (see the module docstring).

    >>> rent({"edition": "classic-us", "square": 5, "owned": 3})["amount"]
    100
    >>> rent({"edition": "nl-2001", "square": 39, "owned": 2, "buildings": 5})["amount"]
    2000
    >>> rent({"edition": "nl-modern-speed", "square": 28, "reroll": [3, 4, "bus"]})["amount"]
    28
    """
    ctx = context(request, RENT_FIELDS)
    req, rules, board = ctx.request, ctx.rules, ctx.board
    sq = find_square(board, req.get("square"), "square")
    if not sq.is_property:
        raise EngineError("error.not_a_property", field="square", square=sq.name)
    assert sq.group is not None
    group_size = len(board.group(sq.group))
    owned = integer(req, "owned", 1, group_size, 1)
    mortgaged = boolean(req, "mortgaged")
    group_mortgaged = integer(req, "group_mortgaged", 0, owned - 1, 0)
    owner_in_jail = boolean(req, "owner_in_jail")
    arrival = choice(req, "arrival", ARRIVALS, "roll")
    dice = dice_field(req, "dice")
    reroll = dice_field(req, "reroll", speed=True)
    face = None if req.get("speed_face") is None else speed_face(req["speed_face"], "speed_face")

    if sq.kind == STREET:
        compute = _street(ctx, sq, owned, group_size, mortgaged, group_mortgaged, arrival)
    else:
        if integer(req, "buildings", 0, HOTEL, 0):
            raise EngineError("error.no_buildings_here", field="buildings", square=sq.name)
        if boolean(req, "group_built"):
            raise EngineError("error.no_buildings_here", field="group_built", square=sq.name)
        if sq.kind == STATION:
            compute = _station(ctx, sq, owned, group_mortgaged, arrival)
        else:
            compute = _utility(ctx, sq, owned, group_mortgaged, arrival, dice, reroll, face)

    steps: list[Step] = []
    if mortgaged:
        steps.append(step("rent-mortgaged", "step.rent.mortgaged", square=sq.name, rent=0))
        return finish(ctx, sq, steps, amount=0)
    if owner_in_jail:
        collects = rules.owner_in_jail_collects
        steps.append(step("rent-owner-in-jail",
                          "step.rent.owner_in_jail" if collects.value else "step.rent.owner_in_jail_nothing",
                          **src(collects)))
        if not collects.value:
            return finish(ctx, sq, steps, amount=0)
    amount = compute(steps)
    deadline = rules.rent_claim_deadline
    steps.append(step("rent-claim", f"step.rent.claim.{deadline.value.replace('-', '_')}", amount=amount,
                      deadline=deadline.value, **src(deadline)))
    return finish(ctx, sq, steps, amount=amount)


def _street(ctx: Context, sq: Square, owned: int, group_size: int, mortgaged: bool,
            group_mortgaged: int, arrival: str):
    """Validate a street's state; return the function that computes its rent."""
    req, rules = ctx.request, ctx.rules
    buildings = buildings_value(req, "buildings", rules)
    group_built = boolean(req, "group_built", buildings > 0)
    lot_scope = rules.mortgage_scope.value == "lot"
    if arrival == "nearest-card":
        raise EngineError("error.no_such_card", field="arrival", square=sq.name)
    if buildings and not group_built:
        raise EngineError("error.group_built_conflict", field="group_built", buildings=buildings)
    if group_built and owned < group_size:
        raise EngineError("error.buildings_incomplete_group", field="buildings" if buildings else "group_built",
                          owned=owned, group_size=group_size)
    if buildings and mortgaged:
        raise EngineError("error.mortgaged_with_buildings", field="mortgaged", square=sq.name)
    if group_built and (group_mortgaged or mortgaged):
        # 000, 001, 002 sell every building of the group before a mortgage; classic-us only
        # the lot's own, so its other lots may keep houses (at most one: even building).
        fld = "mortgaged" if mortgaged else "group_mortgaged"
        if not lot_scope:
            raise EngineError("error.buildings_with_mortgage_in_group", field=fld, square=sq.name)
        if buildings > 1:
            raise EngineError("error.uneven_buildings", field="buildings", levels=f"0, {buildings}")

    def compute(steps: list[Step]) -> int:
        board_src = cite(ctx.board.source)
        if buildings:
            key = "step.rent.hotel" if buildings == HOTEL else "step.rent.houses"
            figure = cite(VELPERPLEIN_CHOICE) if ctx.board is DUTCH and sq.index == 9 and buildings in (2, 3) \
                else board_src
            counts = {"houses": buildings} if buildings < HOTEL else {}
            steps.append(step("rent-houses", key, **counts, rent=sq.rents[buildings], **figure))
            return sq.rents[buildings]
        base = sq.rents[0]
        steps.append(step("rent-street", "step.rent.street", rent=base, **board_src))
        if owned < group_size:
            steps.append(step("rent-set-double", "step.rent.incomplete_group", owned=owned,
                              group_size=group_size, rent=base))
            return base
        if not rules.set_double_rent.value:
            steps.append(step("rent-set-double", "step.rent.no_set_double", rent=base,
                              **src(rules.set_double_rent)))
            return base
        double = True
        if group_mortgaged:
            rule = rules.mortgaged_group_rent
            double = rule.value != "none"
            steps.append(step("rent-mortgaged-group", f"step.rent.mortgaged_group.{rule.value.replace('-', '_')}",
                              mortgaged=group_mortgaged, rule=rule.value, **src(rule)))
        if group_built:
            rule = rules.partly_built_double
            double = double and rule.value
            steps.append(step("rent-partly-built",
                              "step.rent.partly_built_double" if rule.value else "step.rent.partly_built_single",
                              **src(rule)))
        if not double:
            return base
        steps.append(step("rent-set-double", "step.rent.set_double", base=base, rent=2 * base,
                          **src(rules.set_double_rent)))
        return 2 * base

    return compute


def _counted(rules: Rules, owned: int, group_mortgaged: int) -> int:
    """How many stations / utilities count for the rent: mortgaged ones too where the edition says so."""
    return owned if rules.mortgaged_count_for_set.value else owned - group_mortgaged


def _station(ctx: Context, sq: Square, owned: int, group_mortgaged: int, arrival: str):
    rules = ctx.rules
    doubled = arrival == "nearest-card"
    if doubled and not rules.station_card_double.value:
        raise EngineError("error.no_such_card", field="arrival", square=sq.name)

    def compute(steps: list[Step]) -> int:
        counted = _counted(rules, owned, group_mortgaged)
        table = rules.station_rents.value
        amount = table[counted - 1]
        steps.append(step("rent-station", "step.rent.station", owned=owned, mortgaged=group_mortgaged,
                          counted=counted, rents=list(table), rent=amount,
                          count_mortgaged=rules.mortgaged_count_for_set.value,
                          **src(rules.mortgaged_count_for_set if group_mortgaged else rules.station_rents)))
        if doubled:
            steps.append(step("rent-card-arrival", "step.rent.station_card_double", base=amount,
                              rent=2 * amount, **src(rules.station_card_double)))
            amount *= 2
        return amount

    return compute


def _utility(ctx: Context, sq: Square, owned: int, group_mortgaged: int, arrival: str,
             dice: tuple[Any, ...] | None, reroll: tuple[Any, ...] | None, face: int | str | None):
    rules = ctx.rules
    by_card = arrival != "roll"
    rule = rules.utility_dice_by_card if by_card else rules.utility_dice
    mode = rule.value
    if arrival == "nearest-card" and mode != "card-10x":
        raise EngineError("error.no_such_card", field="arrival", square=sq.name)
    speed = rules.speed_die.value
    name = "dice" if mode == "arrival-roll" else "reroll"
    roll = dice if mode == "arrival-roll" else reroll
    if not speed and (face is not None or (roll is not None and len(roll) == 3)):
        raise EngineError("error.no_speed_die", field="speed_face" if face is not None else "reroll",
                          edition=ctx.edition.id)
    if speed and roll is not None and len(roll) == 3 and face is not None and roll[2] != face:
        raise EngineError("error.speed_face_conflict", field="speed_face", reroll=str(roll[2]),
                          speed_face=str(face))

    def compute(steps: list[Step]) -> int:
        # The roll is only needed when rent is actually due (not for a mortgaged utility).
        if roll is None:
            raise EngineError("error.missing_field", field=name, name=name)
        whites = [int(d) for d in roll[:2]]
        speed_value = (roll[2] if len(roll) == 3 else face) if speed else None
        if speed and speed_value is None:
            raise EngineError("error.missing_field", field="speed_face", name="speed_face")
        counted = _counted(rules, owned, group_mortgaged)
        clause = "rent-utility-card" if by_card else "rent-utility"
        steps.append(step(clause, f"step.rent.utility_dice.{mode.replace('-', '_')}", dice=list(whites), **src(rule)))
        total = sum(whites)
        if speed_value is not None:
            counts = speed_value if isinstance(speed_value, int) else 0
            steps.append(step("speed-die", "step.rent.utility_speed_die", face=str(speed_value),
                              counts=counts, dice=sum(whites), total=sum(whites) + counts,
                              **src(rules.speed_die)))
            total += counts
        if mode == "card-10x":
            multiplier = 10
            steps.append(step("rent-utility-card", "step.rent.utility_card_10x", total=total,
                              multiplier=multiplier, rent=multiplier * total, **src(rule)))
        else:
            multiplier = rules.utility_multipliers.value[counted - 1]
            steps.append(step("rent-utility", "step.rent.utility", owned=owned, mortgaged=group_mortgaged,
                              counted=counted, total=total, multiplier=multiplier, rent=multiplier * total,
                              **src(rules.utility_multipliers)))
        return multiplier * total

    return compute
