"""Rent: what a player owes on landing on someone else's property, edition by edition.

:func:`rent` takes a plain request and returns a plain result: the amount, the
currency of the edition's board, the square, and the steps that led there, each
citing the clause it applied (:mod:`engine.clauses`) and, where an edition rule
decided, that rule's source (``source`` = "file · section", ``ruling`` = the
ruling clause when the rulebook is silent, else ``None``).

The request is :class:`RentRequest` (its fields are listed on the API page and in
``rent.schema.json``). On a utility, ``arrival: "card"`` follows the edition's
card rule; where that rule is the nearest-utility card (classic-us), it is the
only card that reaches a utility.

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
from typing import Annotated, Any, Literal, get_args

from .boards import DUTCH, STATION, STREET, UTILITY, VELPERPLEIN_CHOICE, Square
from .calc import (GROUP_MAX, BoardRequest, Context, check_group, context, property_square,
                   result, square_field)
from .editions import Rules
from .errors import EngineError
from .explain import Step, step
from .money import HOTEL, level_of
from .sources import Value
from .validate import Check, parse, required, spec

__all__ = ["rent", "RentRequest", "ARRIVALS", "SITUATIONAL", "arrivals", "rent_reads",
           "utility_dice"]

Die = Annotated[int, Check(lo=1, hi=6)]
SpeedFace = Literal[1, 2, 3, "bus", "mr-monopoly"]
"""Faces of the speed die (002); for a utility's rent Bus and Mr. Monopoly count 0."""
Arrival = Literal["roll", "card", "nearest-card"]
ARRIVALS: tuple[str, ...] = get_args(Arrival)
"""How a player can arrive on a property (``RentRequest.arrival``)."""
BUILDING_FIELDS = ("buildings", "group_built")
DICE_FIELDS = ("dice", "reroll", "speed_face")
SITUATIONAL: tuple[str, ...] = BUILDING_FIELDS + DICE_FIELDS
"""The request fields the rent calculation reads only in some situations (:func:`rent_reads`);
it reads the others always."""


@dataclass(frozen=True, kw_only=True)
class RentRequest(BoardRequest):
    """What a player owes on landing on someone else's property."""

    square: object = square_field(doc="the property landed on: board index 0-39 or its name")
    owned: int = spec(1, lo=1, hi=GROUP_MAX, doc="lots of this group (or stations, utilities) the owner "
                                         "has, this one included; at most the group's size")
    mortgaged: bool = spec(False, doc="this lot is mortgaged: no rent")
    group_mortgaged: int = spec(0, lo=0, hi=GROUP_MAX - 1, doc="how many of the owner's other lots of the "
                                                   "group are mortgaged (below owned)")
    buildings: int = spec(0, lo=0, hi=HOTEL, doc="0-4 houses (0-3 in a 3-house game), 5 a hotel")
    group_built: bool | None = spec(None, doc="some lot of the group has buildings "
                                              "(default: buildings > 0)")
    arrival: Arrival = spec(
        "roll", doc="how the player arrived: by a roll, a card, or a nearest-railroad / "
                    "nearest-utility card (editions that have them)")
    dice: tuple[Die, Die] | None = spec(None, doc="the roll that brought the player "
                                                  "(utilities that count it)")
    reroll: tuple[Die, Die] | tuple[Die, Die, SpeedFace] | None = spec(
        None, doc="a new roll for a utility's rent (with the speed die: a third item, its face)")
    speed_face: SpeedFace | None = spec(None, doc="the speed die's face for that new roll "
                                                  "(bus and mr-monopoly count 0)")
    owner_in_jail: bool = spec(False, doc="the owner is in jail")


# --- which fields a situation reads ------------------------------------------

def _utility_rule(rules: Rules, arrival: str) -> Value[str]:
    """The edition rule that says which dice a utility's rent counts for this arrival."""
    return rules.utility_dice_by_card if arrival != "roll" else rules.utility_dice


def utility_dice(rules: Rules, arrival: str) -> tuple[str, ...]:
    """The dice fields a utility's rent reads: ``("dice",)`` (the roll that brought the
    player), ``("reroll",)`` (a new roll), either with ``"speed_face"`` where the speed die
    is played, or ``()`` where no card of that kind reaches a utility (the request fails).

    :func:`rent` reads exactly these, so a form that shows them cannot drift from it.

    >>> from engine.editions import EDITIONS
    >>> nl, speed = EDITIONS["nl-2001"].rules, EDITIONS["nl-modern-speed"].rules
    >>> utility_dice(nl, "roll"), utility_dice(nl, "card"), utility_dice(nl, "nearest-card")
    (('dice',), ('reroll',), ())
    >>> utility_dice(speed, "roll")
    ('reroll', 'speed_face')
    """
    mode = _utility_rule(rules, arrival).value
    if arrival == "nearest-card" and mode != "card-10x":
        return ()
    roll = "dice" if mode == "arrival-roll" else "reroll"
    return (roll, "speed_face") if rules.speed_die.value else (roll,)


def arrivals(rules: Rules, kind: str) -> tuple[str, ...]:
    """The ways a player can arrive on a square of ``kind`` under ``rules`` (of
    :data:`ARRIVALS`): by a roll, by a card (or a task), and by a "nearest station / utility"
    card only where the edition has one that reaches that kind of square. :func:`rent`
    refuses the others (``error.no_such_card``); the calculators offer only these.

    >>> from engine.editions import EDITIONS
    >>> arrivals(EDITIONS["classic-us"].rules, "station"), arrivals(EDITIONS["classic-us"].rules, "street")
    (('roll', 'card', 'nearest-card'), ('roll', 'card'))
    >>> arrivals(EDITIONS["nordic-2005"].rules, "utility")
    ('roll', 'card')
    """
    if kind == STATION:
        nearest = bool(rules.station_card_double.value)
    elif kind == UTILITY:
        nearest = bool(utility_dice(rules, "nearest-card"))
    else:
        nearest = False
    return ARRIVALS if nearest else tuple(a for a in ARRIVALS if a != "nearest-card")


def rent_reads(rules: Rules, arrival: str, kind: str) -> tuple[str, ...]:
    """The fields of :data:`SITUATIONAL` the rent calculation reads for a square of
    ``kind`` (street, station, utility) reached by ``arrival`` under ``rules``: a street's
    buildings, a utility's dice (:func:`utility_dice`), nothing more for a station. The
    calculators' forms show exactly these (the page gets them as a table per edition).

    >>> from engine.editions import EDITIONS
    >>> rules = EDITIONS["nl-2001"].rules
    >>> rent_reads(rules, "roll", "street"), rent_reads(rules, "card", "station")
    (('buildings', 'group_built'), ())
    """
    if kind == STREET:
        return BUILDING_FIELDS
    if kind == UTILITY:
        return utility_dice(rules, arrival)
    return ()


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
    req = parse(RentRequest, request)
    ctx = context(req.edition, req.house_rules)
    rules, board = ctx.rules, ctx.board
    sq = property_square(board, req.square, "square")
    assert sq.group is not None
    group_size = len(board.group(sq.group))
    if req.owned > group_size:
        raise EngineError("error.out_of_range", field="owned", value=req.owned, min=1, max=group_size)
    if req.group_mortgaged > req.owned - 1:
        raise EngineError("error.out_of_range", field="group_mortgaged", value=req.group_mortgaged,
                          min=0, max=req.owned - 1)

    reads = rent_reads(rules, req.arrival, sq.kind)
    for name in BUILDING_FIELDS:
        # buildings on a square that takes none are refused, not ignored
        if name not in reads and getattr(req, name):
            raise EngineError("error.not_buildable", field=name, square=sq.name)
    if sq.kind == STREET:
        compute = _street(ctx, req, sq, group_size)
    elif sq.kind == STATION:
        compute = _station(ctx, sq, req.owned, req.group_mortgaged, req.arrival)
    else:
        compute = _utility(ctx, req, sq, reads)

    steps: list[Step] = []
    if req.mortgaged:
        steps.append(step("rent-mortgaged", "step.rent.mortgaged", square=sq.name, rent=0))
        return result(ctx, steps, sq, amount=0)
    if req.owner_in_jail:
        collects = rules.owner_in_jail_collects
        steps.append(step("rent-owner-in-jail",
                          "step.rent.owner_in_jail" if collects.value else "step.rent.owner_in_jail_nothing",
                          cite=collects))
        if not collects.value:
            return result(ctx, steps, sq, amount=0)
    amount = compute(steps)
    deadline = rules.rent_claim_deadline
    steps.append(step("rent-claim", f"step.rent.claim.{deadline.value.replace('-', '_')}", amount=amount,
                      deadline=deadline.value, cite=deadline))
    return result(ctx, steps, sq, amount=amount, claim_deadline=deadline.value)


def _street(ctx: Context, req: RentRequest, sq: Square, group_size: int):
    """Validate a street's state; return the function that computes its rent."""
    rules = ctx.rules
    buildings = req.buildings
    level = level_of(buildings, rules, "buildings")
    group_built = buildings > 0 if req.group_built is None else req.group_built
    owned, mortgaged, group_mortgaged = req.owned, req.mortgaged, req.group_mortgaged
    if req.arrival == "nearest-card":
        raise EngineError("error.no_such_card", field="arrival", square=sq.name)
    if buildings and not group_built:
        raise EngineError("error.group_built_conflict", field="group_built", buildings=buildings)
    # The group as the request describes it: this lot first, then the owner's mortgaged lots
    # (no buildings), then the rest at this lot's level (or one house: the group is built).
    others = level if level else int(group_built)
    lots = (sq,) + tuple(lot for lot in ctx.board.group(sq.group) if lot is not sq)  # type: ignore[arg-type]
    check_group(rules, lots, [level] + [0] * group_mortgaged + [others] * (group_size - 1 - group_mortgaged),
                [mortgaged] + [True] * group_mortgaged + [False] * (group_size - 1 - group_mortgaged),
                owned == group_size,
                {"built": "buildings" if buildings else "group_built", "lot_mortgaged": "mortgaged",
                 "mortgaged": "mortgaged" if mortgaged else "group_mortgaged"})

    def compute(steps: list[Step]) -> int:
        board_src = ctx.board.source
        if buildings:
            key = "step.rent.hotel" if buildings == HOTEL else "step.rent.houses"
            figure = VELPERPLEIN_CHOICE if ctx.board is DUTCH and sq.index == 9 and buildings in (2, 3) \
                else board_src
            counts = {"houses": buildings} if buildings < HOTEL else {}
            steps.append(step("rent-houses", key, figure, **counts, rent=sq.rents[buildings]))
            return sq.rents[buildings]
        base = sq.rents[0]
        steps.append(step("rent-street", "step.rent.street", board_src, rent=base))
        if owned < group_size:
            steps.append(step("rent-set-double", "step.rent.incomplete_group", owned=owned,
                              group_size=group_size, rent=base))
            return base
        if not rules.set_double_rent.value:
            steps.append(step("rent-set-double", "step.rent.no_set_double", rent=base,
                              cite=rules.set_double_rent))
            return base
        double = True
        if group_mortgaged:
            rule = rules.mortgaged_group_rent
            double = rule.value != "none"
            steps.append(step("rent-mortgaged-group", f"step.rent.mortgaged_group.{rule.value.replace('-', '_')}",
                              mortgaged=group_mortgaged, rule=rule.value, cite=rule))
        if group_built:
            rule = rules.partly_built_double
            double = double and rule.value
            steps.append(step("rent-partly-built",
                              "step.rent.partly_built_double" if rule.value else "step.rent.partly_built_single",
                              cite=rule))
        if not double:
            return base
        steps.append(step("rent-set-double", "step.rent.set_double", base=base, rent=2 * base,
                          cite=rules.set_double_rent))
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
                          cite=rules.mortgaged_count_for_set if group_mortgaged else rules.station_rents))
        if doubled:
            steps.append(step("rent-card-arrival", "step.rent.station_card_double", base=amount,
                              rent=2 * amount, cite=rules.station_card_double))
            amount *= 2
        return amount

    return compute


def _utility(ctx: Context, req: RentRequest, sq: Square, reads: tuple[str, ...]):
    """Validate a utility's request; return the function that computes its rent. ``reads``:
    the dice fields :func:`utility_dice` names, the only ones read here."""
    rules = ctx.rules
    owned, group_mortgaged, arrival = req.owned, req.group_mortgaged, req.arrival
    face = req.speed_face
    by_card = arrival != "roll"
    rule = _utility_rule(rules, arrival)
    mode = rule.value
    if not reads:
        raise EngineError("error.no_such_card", field="arrival", square=sq.name)
    name = reads[0]
    roll = getattr(req, name)
    speed = "speed_face" in reads
    if not speed and (face is not None or (roll is not None and len(roll) == 3)):
        raise EngineError("error.no_speed_die", field="speed_face" if face is not None else "reroll",
                          edition=ctx.edition.id)
    if speed and roll is not None and len(roll) == 3 and face is not None and roll[2] != face:
        raise EngineError("error.speed_face_conflict", field="speed_face", reroll=str(roll[2]),
                          speed_face=str(face))

    def compute(steps: list[Step]) -> int:
        # The roll is only needed when rent is actually due (not for a mortgaged utility).
        whites = [int(d) for d in required(roll, name)[:2]]
        speed_value = required(roll[2] if len(roll) == 3 else face, "speed_face") if speed else None
        counted = _counted(rules, owned, group_mortgaged)
        clause = "rent-utility-card" if by_card else "rent-utility"
        steps.append(step(clause, f"step.rent.utility_dice.{mode.replace('-', '_')}", dice=list(whites), cite=rule))
        total = sum(whites)
        if speed_value is not None:
            counts = speed_value if isinstance(speed_value, int) else 0
            steps.append(step("speed-die", "step.rent.utility_speed_die", face=str(speed_value),
                              counts=counts, dice=sum(whites), total=sum(whites) + counts,
                              cite=rules.speed_die))
            total += counts
        if mode == "card-10x":
            multiplier = 10
            steps.append(step("rent-utility-card", "step.rent.utility_card_10x", total=total,
                              multiplier=multiplier, rent=multiplier * total, cite=rule))
        else:
            multiplier = rules.utility_multipliers.value[counted - 1]
            steps.append(step("rent-utility", "step.rent.utility", owned=owned, mortgaged=group_mortgaged,
                              counted=counted, total=total, multiplier=multiplier, rent=multiplier * total,
                              cite=rules.utility_multipliers))
        return multiplier * total

    return compute
