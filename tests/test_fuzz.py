"""The engine fuzzed and its rules checked as properties (Hypothesis): the one fuzz module.

Four families of requests per calculation kind (:data:`engine.api.KINDS`):

* ``valid`` (half): built from the engine's own declarations (:data:`engine.api.REQUESTS`,
  compiled by :mod:`engine.validate`: ranges, choices, list lengths) and from the editions
  and boards (real square indexes and names, group members, even building levels 0-5, the
  edition's jail turns and card counts), so that they reach the rules;
* ``schema``: from the declarations alone (any edition, any square): never rejected for
  their shape, but the cross-field rules turn most of them away;
* ``mutated``: a valid request with one field broken (dropped, one past its declared
  range, of the wrong type, too long, an unknown field added), whose error must name that
  field; or one field replaced by junk;
* ``junk``: anything (deep, huge, wrong types, half-right requests).

What share of each family reaches the rules (an answer, not an input error) is printed at
the end of the run (``tests/conftest.py``), and a floor is asserted: at least
:data:`VALID_FLOOR` of the valid requests of every kind must be answered, so a strategy
that degenerates into input errors fails.

On every case: ``engine.api.calculate`` never raises; the calculation called directly
gives the same answer or raises :class:`EngineError` (nothing else) whose key exists in
every locale's catalog and whose parameters fill that message; results are plain JSON (no
NaN, no infinity) whose steps cite existing clauses; the JSON entry gives the same answer.

The properties further down are rules of the rulebooks (``shared/sources``) as the
editions encode them, each naming the clause id (:mod:`engine.clauses`) it checks.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import MISSING
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import api, boards, cards, clauses, editions, markov, rent_odds
from engine.clauses import CLAUSES
from engine.editions import EDITIONS, Edition
from engine.errors import EngineError
from engine.jail import max_get_out_cards
from engine.money import HOTEL
from engine.validate import Node, compiled, show
from hooks.catalogs.i18n import LANGS, Translations, format_message

VALID_FLOOR = 0.6
"""The least share of valid requests of every kind that must reach the rules."""

SETTINGS = settings(deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])
FUZZ_EXAMPLES = 250
"""Fuzz cases per kind (all four families)."""
PROPERTY = settings(SETTINGS, max_examples=60)
"""Examples per property (every one reaches the rules)."""

KINDS = sorted(api.KINDS)
BOARD_EDITIONS = [e for e in sorted(EDITIONS) if EDITIONS[e].board is not None]

# --------------------------------------------------------------------------- catalogs and checks


class Catalogs:
    """The message texts of every locale (no Dutch fallback: a key must exist everywhere)."""

    def __init__(self) -> None:
        t = Translations()
        self.texts: dict[str, dict[str, tuple[str, ...]]] = {}
        for lang in LANGS:
            cat = t.catalog(lang)
            assert not cat.problems, cat.problems
            self.texts[lang] = {k: e.forms for k, e in cat.entries.items() if e.usable}

    def check(self, key: object, params: Mapping[str, object], what: str) -> None:
        """``key`` is usable in every locale and ``params`` fill every placeholder."""
        assert isinstance(key, str), (what, key)
        for lang in LANGS:
            forms = self.texts[lang].get(key)
            assert forms is not None, f"{what}: message key {key!r} is missing in {lang}"
            for form in forms:
                try:
                    format_message(form, {"n": 1, **params})
                except KeyError as exc:
                    raise AssertionError(f"{what}: {lang} message {key!r} needs {exc} but the "
                                         f"engine gives only {sorted(params)}") from None


CATALOGS = Catalogs()


def plain_json(value: object) -> object:
    """``value`` as JSON gives it back; fails on NaN, infinity, a value JSON cannot hold, or
    a key that is not a string (JSON would turn it into one)."""
    back = json.loads(json.dumps(value, allow_nan=False))
    assert back == _lists(value), f"not plain JSON: {show(value, 200)}"
    return back


def _lists(value: object) -> object:
    """``value`` with tuples as lists (what JSON gives back for them)."""
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


def check_answer(result: Mapping[str, Any], what: str) -> None:
    """A result: plain JSON, every step a known clause (rulings on the rulings page) with a
    message in every locale that its parameters fill."""
    plain_json(result)
    steps = result["steps"]
    assert isinstance(steps, list) and {"edition", "currency"} <= set(result), (what, result)
    for s in steps:
        assert s["clause"] in CLAUSES, (what, s)
        if s["ruling"] is not None:
            assert s["ruling"] in CLAUSES and CLAUSES[s["ruling"]].page == "rulings", (what, s)
        CATALOGS.check(s["key"], s["params"], what)


def check_error(err: Mapping[str, Any], what: str) -> None:
    """An error as data: its three fields, a translated key, parameters that fill it."""
    plain_json(err)
    assert set(err) == {"error", "field", "params"}, (what, err)
    assert isinstance(err["error"], str) and err["error"].startswith("error."), (what, err)
    assert err["field"] is None or isinstance(err["field"], str), (what, err)
    CATALOGS.check(err["error"], err["params"], what)


def run(what: str, call: Callable[[], object]) -> tuple[str, object]:
    """Call; an EngineError (and nothing else) is checked as an error. ``("ok", result)``
    or ``("error", error dict)``."""
    try:
        result = call()
    except EngineError as err:
        assert type(err) is EngineError and isinstance(err.key, str), (what, err)
        check_error(err.to_dict(), what)
        return "error", err.to_dict()
    return "ok", result


def answer(kind: str, request: object) -> dict[str, Any]:
    """The answer of ``kind`` to a request that must reach the rules (the properties' call)."""
    result = api.calculate(kind, request)
    assert "error" not in result, (kind, request, result)
    check_answer(result, f"{kind}({show(request, 300)})")
    return result


# --------------------------------------------------------------------------- junk

NASTY: list[object] = [
    None, True, False, 0, 1, -1, 2, 3, 4, 5, 6, 39, 40, -40, 2 ** 31, 2 ** 63, 10 ** 12, 0.5, -0.0,
    1e308, "", " ", "39", " 39 ", "0039", "٣", "²", "9" * 5000, "Kalverstraat", "kalverstraat",
    "Boardwalk", "Station Zuid", "Go", "x" * 10_000, "\x00", "💥", [], {}, [[]], {"": None}, [None],
    ["39"], {"39": 5},
]
# Integers too long to print (repr fails above 4300 digits): built, so Hypothesis never shows them.
HUGE = st.one_of(st.builds(pow, st.just(10), st.just(5000)), st.builds(lambda: -(10 ** 5000)))
LEAVES = st.one_of(st.sampled_from(NASTY), HUGE, st.integers(), st.text(max_size=10),
                   st.floats(allow_nan=True, allow_infinity=True),
                   st.sampled_from(sorted(EDITIONS)), st.sampled_from(boards.GROUPS))
JUNK = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def junk_request(kind: str) -> st.SearchStrategy[object]:
    """Half-right requests (the kind's field names, junk values) and plain junk."""
    names = [f[0] for f in compiled(api.REQUESTS[kind]).fields]
    return st.one_of(st.dictionaries(st.sampled_from(names + ["zz"]), JUNK, max_size=5), JUNK)


# --------------------------------------------------------------------------- valid requests


def field_node(kind: str, name: str) -> Node:
    """The compiled declaration of one field of a kind's request."""
    for fname, node, _, _ in compiled(api.REQUESTS[kind]).fields:
        if fname == name:
            return node
    raise KeyError(name)


SQUARE_NAMES = sorted({s.name for b in (boards.ATLANTIC_CITY, boards.DUTCH) for s in b.squares})
ANY_SQUARE = st.one_of(st.integers(0, 39), st.sampled_from(SQUARE_NAMES))
"""A square of either board, by index or name (what an ``object`` square field may hold)."""


def declared(node: Node, cap: int | None = None) -> st.SearchStrategy[Any]:
    """Values that fit a declared type: its range (capped at ``cap``, to keep amounts
    plausible), choices, list lengths, nested objects (optional fields sometimes absent).
    An ``object`` field (checked by a lookup) takes a value of its ``enum``, a text where
    the schema says string, else a square of either board; a lot map's keys are squares."""
    c = node.check
    if node.kind == "int":
        hi = c.hi if cap is None or c.hi is None else min(c.hi, cap)
        return st.integers(int(c.lo) if c.lo is not None else -1000, int(hi) if hi is not None else 1000)
    if node.kind == "float":
        return st.floats(c.lo, c.hi, allow_nan=False)
    if node.kind == "bool":
        return st.booleans()
    if node.kind == "choice":
        return st.sampled_from(node.choices)
    if node.kind == "any":
        if c.enum:
            return st.sampled_from(c.enum)
        return st.text(min_size=1, max_size=12) if c.json == "string" else ANY_SQUARE
    if node.kind == "map":
        return st.dictionaries(ANY_SQUARE.map(str), declared(node.items[0], cap),
                               max_size=min(c.max_items or 4, 4))
    if node.kind == "list":
        hi = 4 if c.max_items is None else min(c.max_items, max(c.min_items, 4))
        return st.lists(declared(node.items[0], cap), min_size=c.min_items, max_size=hi)
    if node.kind == "tuple":
        return st.tuples(*(declared(i, cap) for i in node.items)).map(list)
    if node.kind == "union":
        return st.one_of([declared(i, cap) for i in node.items])
    if node.kind == "object":
        required = {n: declared(t, cap) for n, t, d, _ in node.fields if d is MISSING}
        optional = {n: declared(t, cap) for n, t, d, _ in node.fields if d is not MISSING}
        return st.fixed_dictionaries(required, optional=optional)
    raise AssertionError(f"no strategy for {node.kind}")


def decl(kind: str, name: str, cap: int | None = None) -> st.SearchStrategy[Any]:
    """A declared value of a kind's field."""
    return declared(field_node(kind, name), cap)


def ref(sq: boards.Square) -> st.SearchStrategy[object]:
    """Ways of naming a square: its index, its name (other case, extra spaces), the index as text."""
    return st.sampled_from([sq.index, sq.name, str(sq.index), f"  {sq.name.upper()} "])


def levels_of(ed: Edition) -> list[int]:
    """A lot's possible buildings in a request: 0 .. houses before a hotel, 5 a hotel."""
    assert ed.rules is not None
    return list(range(ed.rules.houses_before_hotel.value + 1)) + [HOTEL]


def level(ed: Edition, buildings: int) -> int:
    """Internal level: a hotel is one above its houses."""
    assert ed.rules is not None
    return ed.rules.houses_before_hotel.value + 1 if buildings == HOTEL else buildings


def as_buildings(ed: Edition, lv: int) -> int:
    """An internal level as a request writes it."""
    assert ed.rules is not None
    return HOTEL if lv == ed.rules.houses_before_hotel.value + 1 else lv


@st.composite
def even_group(draw, ed: Edition, group: str, built: bool = False) -> dict[int, int]:
    """Even buildings on a colour group, index -> buildings: levels ``lo`` or ``lo + 1``
    (``built``: at least one building on every lot)."""
    top = level(ed, HOTEL)
    lo = draw(st.integers(1 if built else 0, top))
    return {lot.index: as_buildings(ed, min(top, lo + draw(st.integers(0, 1))))
            for lot in ed.board.group(group)}  # type: ignore[union-attr]


def board_edition() -> st.SearchStrategy[Edition]:
    """Any edition played on a board."""
    return st.sampled_from(BOARD_EDITIONS).map(EDITIONS.__getitem__)


def streets(ed: Edition) -> list[boards.Square]:
    """The streets of an edition's board."""
    return [s for s in ed.board.properties if s.kind == "street"]  # type: ignore[union-attr]


@st.composite
def valid_rent(draw) -> dict:
    """A rent request that reaches the rules: a built street has its whole group, a lot
    mortgaged at most with the others, the arrivals the edition has."""
    ed = draw(board_edition())
    kind = draw(st.sampled_from(["street", "street", "station", "utility"]))  # 22, 4 and 2 squares
    sq = draw(st.sampled_from([s for s in ed.board.properties if s.kind == kind]))
    size = len(ed.board.group(sq.group))
    req: dict[str, Any] = {"edition": ed.id, "square": draw(ref(sq)),
                           "dice": draw(decl("rent", "dice")), "owner_in_jail": draw(decl("rent", "owner_in_jail"))}
    if draw(st.booleans()):
        req["house_rules"] = draw(decl("rent", "house_rules"))
    arrivals = ["roll", "card"]
    if sq.kind == "street" and draw(st.booleans()):  # built: the whole group, unmortgaged
        req.update(owned=size, buildings=draw(st.sampled_from(levels_of(ed))))
        if req["buildings"] == 0:
            req["group_built"] = True
    else:
        owned = draw(st.integers(1, size))
        req.update(owned=owned, mortgaged=draw(st.sampled_from([False, False, True])),  # 0 rent
                   group_mortgaged=draw(st.integers(0, owned - 1)))
        if sq.kind == "station" and ed.rules.station_card_double.value:
            arrivals.append("nearest-card")
        if sq.kind == "utility" and ed.rules.utility_dice_by_card.value == "card-10x":
            arrivals.append("nearest-card")
    req["arrival"] = draw(st.sampled_from(arrivals))
    if ed.rules.speed_die.value:
        req["reroll"] = draw(decl("rent", "dice")) + [draw(decl("rent", "speed_face"))]
    else:
        req["reroll"] = draw(decl("rent", "dice"))
    return req


def stock(ed: Edition, houses: int, hotels: int) -> st.SearchStrategy[dict]:
    """``bank_houses`` / ``bank_hotels`` sometimes given: at most the box minus the board's."""
    r = ed.rules
    return st.fixed_dictionaries({}, optional={
        "bank_houses": st.integers(0, r.houses_in_bank.value - houses),  # type: ignore[union-attr]
        "bank_hotels": st.integers(0, r.hotels_in_bank.value - hotels)})  # type: ignore[union-attr]


def on_board(group: dict[int, int]) -> tuple[int, int]:
    """(houses, hotels) standing on a group."""
    return sum(b for b in group.values() if b != HOTEL), sum(b == HOTEL for b in group.values())


@st.composite
def valid_build(draw, sell: bool = False) -> dict:
    """A building (or, ``sell``, selling) request on an evenly built group, the bank's
    stock within the box, mortgaged lots only where nothing is built."""
    ed = draw(board_edition())
    lots = ed.board.group(draw(st.sampled_from(streets(ed))).group)
    group = draw(even_group(ed, lots[0].group, built=sell))
    top = max(level(ed, b) for b in group.values())
    # half the time a most built lot: where building on is uneven, selling first is even
    sq = draw(st.sampled_from([lot for lot in lots if level(ed, group[lot.index]) == top]
                              if draw(st.booleans()) else lots))
    kind = "sell_buildings" if sell else "check_build"
    req: dict[str, Any] = {"edition": ed.id, "square": draw(ref(sq)),
                           "buildings": {str(draw(ref(ed.board.squares[i]))): b
                                         for i, b in group.items() if b or draw(st.booleans())}}
    req.update(draw(stock(ed, *on_board(group))))
    if draw(st.booleans()):
        req["house_rules"] = draw(decl(kind, "house_rules"))
    if not any(group.values()) and draw(st.booleans()):
        req["mortgaged"] = [draw(ref(lot)) for lot in draw(st.lists(st.sampled_from(lots), max_size=2,
                                                                   unique=True))]
        if not sell:
            req["owned_all"] = draw(decl(kind, "owned_all"))
    if sell:
        total = sum(level(ed, b) for b in group.values())
        if draw(st.booleans()):
            req["sell"] = draw(st.integers(1, total))
        else:
            counts = {i: draw(st.integers(0, level(ed, b))) for i, b in group.items()}
            if not any(counts.values()):
                counts[max(group, key=lambda i: level(ed, group[i]))] = 1
            req["sell"] = {str(i): n for i, n in counts.items() if n}
    else:
        req["own_turn"] = draw(decl(kind, "own_turn"))
    return req


PERCENT_TAX = [e for e in BOARD_EDITIONS if EDITIONS[e].rules.income_tax_percent.value is not None]
TAX_REFS = {4: [4, "income", " Income "], 38: [38, "luxury", "LUXURY"]}


@st.composite
def position(draw, ed: Edition, owners: int = 1) -> list[list[dict]]:
    """Properties of ``owners`` players: each group whole in one hand (and then maybe built
    evenly) or spread; a mortgaged lot only where its group has no buildings."""
    out: list[list[dict]] = [[] for _ in range(owners)]
    houses = hotels = 0
    for group in list(boards.GROUPS) + ["stations", "utilities"]:
        lots = ed.board.group(group)
        if not draw(st.booleans()):
            continue
        if draw(st.booleans()):  # the whole group in one hand
            who = draw(st.integers(0, owners - 1))
            built = {}
            if group in boards.GROUPS and draw(st.booleans()):
                built = draw(even_group(ed, group))
                h, t = on_board(built)
                if houses + h > ed.rules.houses_in_bank.value or hotels + t > ed.rules.hotels_in_bank.value:
                    built = {}
                else:
                    houses, hotels = houses + h, hotels + t
            for lot in lots:
                b = built.get(lot.index, 0)
                item: dict[str, Any] = {"square": draw(ref(lot))}
                if b:
                    item["buildings"] = b
                elif not any(built.values()) and draw(st.booleans()):
                    item["mortgaged"] = True
                out[who].append(item)
        else:
            for lot in draw(st.lists(st.sampled_from(lots), unique=True, max_size=len(lots))):
                out[draw(st.integers(0, owners - 1))].append(
                    {"square": draw(ref(lot)), "mortgaged": draw(st.booleans())})
    return out


@st.composite
def valid_tax(draw) -> dict:
    """A tax request: a tax square, sometimes the cash and a position for the 10 %."""
    # half the time an edition with the 10 % choice (classic-us): the rest are flat amounts
    ed = draw(st.one_of(board_edition(), st.sampled_from(PERCENT_TAX).map(EDITIONS.__getitem__)))
    req: dict[str, Any] = {"edition": ed.id, "square": draw(st.sampled_from(TAX_REFS[draw(st.sampled_from([4, 38]))]))}
    if draw(st.booleans()):
        req["cash"] = draw(decl("income_tax", "cash", cap=5000))
    if draw(st.booleans()):
        req["properties"] = draw(position(ed))[0]
    return req


@st.composite
def valid_jail(draw) -> dict:
    """A jail request within the edition's jail turns and get-out cards."""
    ed = draw(board_edition())
    req: dict[str, Any] = {"edition": ed.id,
                           "turn_in_jail": draw(st.integers(1, ed.rules.jail_max_turns.value)),
                           "cash": draw(decl("jail", "cash", cap=800)),
                           "cards_owned": draw(st.integers(0, max_get_out_cards(ed)))}
    if draw(st.booleans()):
        req["card_offer"] = draw(decl("jail", "card_offer", cap=150))
    if draw(st.booleans()):
        groups = draw(st.lists(st.sampled_from(boards.GROUPS), unique=True, max_size=4))
        pairs = [[g, draw(st.sampled_from(levels_of(ed)))] for g in groups]
        req["opponents_built"] = [p if draw(st.booleans()) else {"group": p[0], "level": p[1]}
                                  for p in pairs]
    return req


@st.composite
def valid_mortgage(draw) -> dict:
    """A mortgage, lift, receive or bankruptcy request on real lots."""
    ed = draw(board_edition())
    sq = draw(st.sampled_from(ed.board.properties))
    action = draw(decl("mortgage", "action"))
    req: dict[str, Any] = {"edition": ed.id, "action": action}
    if action == "bankruptcy":
        lots = draw(st.lists(st.sampled_from(ed.board.properties), min_size=1, max_size=4, unique=True))
        req["creditor"] = draw(decl("mortgage", "creditor"))
        if len(lots) == 1 and draw(st.booleans()):
            req["square"] = draw(ref(lots[0]))
        else:
            req["squares"] = [draw(ref(s)) for s in lots]
        return req
    req["square"] = draw(ref(sq))
    if action == "mortgage" and sq.kind == "street":
        group = draw(even_group(ed, sq.group))
        req["buildings"] = {str(i): b for i, b in group.items() if b}
    return req


@st.composite
def valid_score(draw) -> dict:
    """A score request: the edition's player count, a possible position (card game: sets
    within the box's cards)."""
    edition = draw(st.sampled_from(sorted(EDITIONS)))
    ed = EDITIONS[edition]
    if ed.card_game is not None:
        n = draw(st.integers(ed.card_game.min_players.value, ed.card_game.max_players.value))
        hotels = draw(st.integers(0, 1))
        players = []
        for i in range(n):
            sets = []
            for _ in range(draw(st.integers(0, 1))):
                s = {"value": draw(st.integers(50, 400)), "token": draw(st.booleans())}
                if hotels and not any(x.get("hotel") for p in players for x in p["sets"]):
                    s.update(houses=4, hotel=True)
                else:
                    s["houses"] = draw(st.integers(0, 2))
                sets.append(s)
            players.append({"name": f"K{i}", "money": draw(st.integers(0, 11000)), "sets": sets})
        req = {"edition": edition, "players": players}
        if any(s.get("hotel") for p in players for s in p["sets"]):
            req["hotel_value"] = draw(decl("score", "hotel_value", cap=800))
        return req
    n = draw(st.integers(ed.rules.min_players.value, ed.rules.max_players.value))
    holdings = draw(position(ed, n))
    return {"edition": edition, "players": [
        {"name": f"S{i}", "cash": draw(st.integers(0, 3000)), "properties": holdings[i]}
        for i in range(n)]}


OPTIONS_NODE = field_node("odds", "options")


@st.composite
def valid_chain(draw, kind: str) -> dict:
    """An odds or group-rents request: board, strategy and declared options."""
    req: dict[str, Any] = draw(st.fixed_dictionaries({}, optional={
        "board": decl(kind, "board"), "jail_strategy": decl(kind, "jail_strategy")}))
    if draw(st.booleans()):
        options = draw(declared(OPTIONS_NODE))
        options.pop("cards_with_replacement", None)  # declared bool, but only true is supported
        req["options"] = options
    if kind == "odds" and draw(st.booleans()):
        req["count"] = draw(decl(kind, "count"))
    return req


VALID: dict[str, st.SearchStrategy[dict]] = {
    "rent": valid_rent(), "check_build": valid_build(), "sell_buildings": valid_build(sell=True),
    "income_tax": valid_tax(), "jail": valid_jail(), "mortgage": valid_mortgage(),
    "score": valid_score(), "odds": valid_chain("odds"), "group_rents": valid_chain("group_rents"),
}
assert set(VALID) == set(api.KINDS), "a new calculation kind needs a valid-request strategy"

# --------------------------------------------------------------------------- mutations

SHAPE_KEYS = {"error.unknown_field", "error.not_an_integer", "error.not_a_number",
              "error.not_a_boolean", "error.not_a_list", "error.not_an_object",
              "error.request_not_object"}
"""Mistakes of a request's shape: a request that fits its declaration never gets one."""


def breakages(node: Node) -> list[tuple[object, set[str]]]:
    """Values a declared type rejects, with the keys the walker may give: the wrong JSON
    type, one past the declared range, one item too many."""
    c = node.check
    out: list[tuple[object, set[str]]] = []
    if node.kind in ("int", "float"):
        want = {"error.not_an_integer" if node.kind == "int" else "error.not_a_number"}
        out += [("7", want), (True, want), ([1], want)]
        if c.lo is not None:
            out.append((c.lo - 1, {"error.out_of_range"}))
        if c.hi is not None:
            out.append((c.hi + 1, {"error.out_of_range"}))
    elif node.kind == "bool":
        out += [(1, {"error.not_a_boolean"}), ("true", {"error.not_a_boolean"})]
    elif node.kind == "choice":
        out += [("zz-no-choice", {"error.bad_choice"}), (True, {"error.bad_choice"})]
    elif node.kind in ("list", "tuple"):
        out.append(("x", {"error.not_a_list"}))
        n = c.max_items if node.kind == "list" else len(node.items)
        if n is not None:
            out.append(([0] * (n + 1), {"error.list_length"}))
    elif node.kind in ("map", "object"):
        out += [("x", {"error.not_an_object"}), ([1], {"error.not_an_object"})]
        if node.kind == "map" and c.max_items is not None:
            out.append(({str(i): 0 for i in range(c.max_items + 1)}, {"error.list_length"}))
    elif node.kind == "union":
        out.append((1.5, {"error.not_an_integer", "error.not_a_list", "error.bad_choice",
                          "error.not_an_object"}))
    return out


@st.composite
def mutated(draw, kind: str) -> tuple[dict, str | None, set[str]]:
    """(request, field that must be named, keys it may give): a valid request with one
    field broken. A field junk replaced (or an ``object`` field, which a lookup checks)
    may still be fine: then no expectation (``None``)."""
    req = dict(draw(VALID[kind]))
    fields = {n: (t, d) for n, t, d, _ in compiled(api.REQUESTS[kind]).fields}
    op = draw(st.sampled_from(["break", "break", "break", "drop", "unknown", "junk"]))
    if op == "unknown":
        name = draw(st.sampled_from(["zz", "Square", "edition ", "hotel"]))
        req[name] = draw(JUNK)
        return req, name, {"error.unknown_field"}
    if op == "drop":
        required = [n for n, (_, d) in fields.items() if d is MISSING and n in req]
        if required:
            name = draw(st.sampled_from(required))
            del req[name]
            return req, name, {"error.missing_field"}
        op = "junk"
    if op == "break":
        name = draw(st.sampled_from(sorted(n for n, (t, _) in fields.items() if breakages(t))))
        value, keys = draw(st.sampled_from(breakages(fields[name][0])))
        req[name] = value
        return req, name, keys
    name = draw(st.sampled_from(sorted(fields)))
    req[name] = draw(JUNK)
    return req, None, set()


FAMILIES = ["valid"] * 5 + ["schema"] * 2 + ["mutated"] * 2 + ["junk"]
"""In ten requests: five valid, two that only fit the declaration (values in range, any
square, any edition: the cross-field rules decide), two mutated, one junk (sampled:
one_of would merge repeated branches)."""


def cases(kind: str) -> st.SearchStrategy[tuple[str, object, str | None, set[str]]]:
    """(family, request, field its error must name or None, keys that error may have)."""
    def family(name: str) -> st.SearchStrategy[tuple[str, object, str | None, set[str]]]:
        if name == "valid":
            return VALID[kind].map(lambda r: ("valid", r, None, set()))
        if name == "schema":
            return declared(compiled(api.REQUESTS[kind]), cap=5000).map(lambda r: ("schema", r, None, set()))
        if name == "mutated":
            return mutated(kind).map(lambda m: ("mutated", *m))
        return junk_request(kind).map(lambda r: ("junk", r, None, set()))
    return st.sampled_from(FAMILIES).flatmap(family)


# --------------------------------------------------------------------------- the fuzzing


@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_calculations(kind: str, report) -> None:
    """Every case: no exception but EngineError, a translated error or a checked answer,
    the same through the direct call, ``calculate`` and ``calculate_json``; a broken field
    is named; and the share of valid requests reaching the rules is at least the floor."""
    seen: Counter[str] = Counter()

    @settings(SETTINGS, max_examples=FUZZ_EXAMPLES)
    @given(case=cases(kind))
    def fuzz(case: tuple[str, object, str | None, set[str]]) -> None:
        family, request, field, keys = case
        what = f"{kind}({show(request, 300)})"
        outcome, direct = run(what, lambda: api.KINDS[kind](request))
        via_api = api.calculate(kind, request)
        assert plain_json(via_api) == plain_json(direct), what
        if outcome == "ok":
            check_answer(via_api, what)
        if field is not None:
            assert outcome == "error" and direct["field"] == field and direct["error"] in keys, \
                (what, field, keys, direct)
        if family in ("valid", "schema") and outcome == "error":
            # a request that fits its declaration may break a rule, never its declared shape
            assert direct["error"] not in SHAPE_KEYS, (what, direct)
        try:
            text = json.dumps(request, allow_nan=False)
        except (ValueError, TypeError, RecursionError):
            text = None
        if text is not None:
            assert json.loads(api.calculate_json(kind, text)) == plain_json(via_api), what
        seen[family] += 1
        seen[f"{family} ({'answered' if outcome == 'ok' else 'error'})"] += 1

    fuzz()
    for name, n in seen.items():  # "valid (answered)": in "engine fuzz, valid requests", "rent (answered)"
        family, _, outcome = name.partition(" ")
        report(f"engine fuzz, {family} requests", f"{kind} {outcome}".strip(), n)
    share = seen["valid (answered)"] / max(1, seen["valid"])
    assert seen["valid"] >= FUZZ_EXAMPLES // 4, f"only {seen['valid']} valid cases ran"
    assert share >= VALID_FLOOR, f"{kind}: only {share:.0%} of {seen['valid']} valid requests reach the rules"


def deep(depth: int, as_dict: bool = False) -> object:
    """A list (or object) nested ``depth`` deep."""
    value: object = 1
    for _ in range(depth):
        value = {"x": value} if as_dict else [value]
    return value


@pytest.mark.parametrize("kind", KINDS + ["nope"])
def test_deep_huge_and_broken_json(kind: str) -> None:
    """Nesting deeper than the recursion limit, ints too long to print or parse, NaN and
    infinity, text that is not JSON: a translated error, never a crash."""
    requests: list[object] = [
        deep(50_000), deep(50_000, as_dict=True),
        {"edition": "nl-2001", "players": deep(20_000), "square": deep(20_000, as_dict=True),
         "opponents_built": deep(20_000), "options": deep(20_000, as_dict=True)},
        {"edition": "nl-2001", "square": 10 ** 5000, "cash": -(10 ** 5000), "turn_in_jail": 2},
        {"edition": 10 ** 5000}, {"edition": "9" * 5000, "square": "9" * 5000},
        {"edition": "nl-2001", "square": "9" * 5000, "action": "lift", "turn_in_jail": 1,
         "cash": 1, "players": [{"properties": [{"square": "9" * 5000}]}, {}]},
        {"edition": "nl-2001", "cash": math.inf, "turn_in_jail": math.nan, "square": math.nan},
        {"edition": "classic-us", "square": "²", "action": "lift", "players": [{"cash": "²"}]},
        {"edition": "nl-2001", "buildings": {"9" * 5000: 1}, "action": "mortgage", "square": 39},
        {"edition": "nl-2001", "opponents_built": [[10 ** 5000, 10 ** 5000]], "cash": 1, "turn_in_jail": 1},
        {"board": "nl-euro", "options": {"doubles_to_jail": 10 ** 5000}},
    ]
    for request in requests:
        result = api.calculate(kind, request)
        if "error" in result:
            check_error(result, kind)
        else:
            check_answer(result, kind)
    for text in ("[" * 200_000 + "]" * 200_000, '{"a":' * 100_000 + "1" + "}" * 100_000,
                 '{"cash": ' + "9" * 5000 + "}", "{", "NaN", '{"a": Infinity}', "1e999", "\udcff", "",
                 b"\xff\xfe", None, 7):
        out = json.loads(api.calculate_json(kind, text))  # type: ignore[arg-type]
        check_error(out, kind) if "error" in out else check_answer(out, kind)
    if kind == "nope":
        for bad_kind in (None, 7, "", "RENT", "x" * 10_000, ["rent"]):
            check_error(api.calculate(bad_kind, {}), "kind")  # type: ignore[arg-type]


@settings(SETTINGS, max_examples=80)
@given(kind=st.one_of(st.sampled_from(KINDS), st.text(max_size=12)),
       text=st.one_of(st.text(max_size=40), st.binary(max_size=20), st.sampled_from(
           ['{"edition": "nl-2001"}', '{"edition": "nl-2001", "square": 39}', "[]", "{}", "null"])))
def test_json_entry_with_any_text(kind: str, text: str | bytes) -> None:
    """``calculate_json`` with any text or bytes for any kind name: always JSON back, an
    error that is translated, or a checked answer."""
    out = json.loads(api.calculate_json(kind, text))
    check_error(out, kind) if "error" in out else check_answer(out, kind)


TEXT = st.text(max_size=12)
SCALARS = st.one_of(st.sampled_from(NASTY), st.integers(), TEXT, st.booleans(), st.none(),
                    st.floats(allow_nan=True, allow_infinity=True))
OPTIONS = st.one_of(st.none(), declared(OPTIONS_NODE), st.dictionaries(
    st.sampled_from([f[0] for f in OPTIONS_NODE.fields] + ["board", "nonsense"]),
    st.one_of(st.integers(-3, 12), st.floats(allow_nan=True, allow_infinity=True), SCALARS),
    max_size=3), JUNK)
BOARD_IDS = st.one_of(st.sampled_from(markov.BOARD_IDS), st.sampled_from(["dutch", "NL-EURO"]), SCALARS)
GROUP_LEVEL = st.tuples(st.one_of(st.sampled_from(boards.GROUPS), SCALARS),
                        st.one_of(st.integers(-1, 6), SCALARS)).map(list)


@settings(SETTINGS, max_examples=80)
@given(board=BOARD_IDS, strategy=st.one_of(st.sampled_from(markov.JAIL_STRATEGIES), SCALARS),
       count=st.one_of(st.sampled_from(markov.COUNTS), SCALARS), options=OPTIONS,
       built=st.one_of(st.lists(GROUP_LEVEL, max_size=4), JUNK))
def test_markov_functions(board, strategy, count, options, built) -> None:
    """The chain's public functions called directly: an answer or EngineError, nothing else;
    odds are probabilities summing to 1; expected rents are finite and not negative."""
    outcome, odds = run("landing_odds", lambda: markov.landing_odds(board, strategy, count, options))
    if outcome == "ok":
        probs = [p["probability"] for p in odds["positions"]]  # type: ignore[index]
        assert len(probs) == 41 and all(0 <= p <= 1 for p in probs)
        assert math.isclose(sum(probs), 1.0, abs_tol=1e-9)
        plain_json(odds)
    outcome, table = run("group_rent_table", lambda: rent_odds.group_rent_table(board, strategy, options))
    if outcome == "ok":
        plain_json(table)
    outcome, advice = run("jail_advice_inputs", lambda: rent_odds.jail_advice_inputs(built, board, options))
    if outcome == "ok":
        for name in ("leave_turn", "stay_turn", "last_stay_turn", "free_turn"):
            assert math.isfinite(advice[name]) and advice[name] >= 0  # type: ignore[index]


@settings(SETTINGS, max_examples=80)
@given(ref_=st.one_of(st.sampled_from(sorted(EDITIONS)), st.integers(-45, 45), st.sampled_from(
           ["Kalverstraat", " kalverstraat ", "BOARDWALK", "  Station   Zuid ", "040", "0039", "٣",
            "²", "-1", "1e1", "9" * 400, "Gevangenis"] + [d.id for d in cards.DECKS]
           + sorted(CLAUSES)[:5]), SCALARS, JUNK),
       group=st.one_of(st.sampled_from(list(boards.GROUPS) + ["stations", "utilities"]), SCALARS),
       house_rules=st.one_of(st.lists(st.one_of(st.sampled_from(editions.HOUSE_RULES), SCALARS),
                                      max_size=4), SCALARS))
@example(ref_=None, group=None, house_rules=None)  # once gave the 12 squares without a group
def test_lookups(ref_, group, house_rules) -> None:
    """Editions, squares, groups, decks, clauses and house rules looked up with anything:
    the thing itself or a translated EngineError."""
    if run("edition", lambda: editions.edition(ref_))[0] == "ok":
        assert editions.edition(ref_) is EDITIONS[ref_]
    run("board_edition", lambda: editions.board_edition(ref_))
    run("with_house_rules", lambda: editions.with_house_rules(EDITIONS["nl-2001"].rules, house_rules))
    for board in (boards.ATLANTIC_CITY, boards.DUTCH):
        outcome, sq = run("Board.find", lambda: board.find(ref_))
        if outcome == "ok":
            assert board.squares[sq.index] is sq  # type: ignore[attr-defined]
        run("Board.square", lambda: board.square(ref_))  # type: ignore[arg-type]
        outcome, lots = run("Board.group", lambda: board.group(group))
        if outcome == "ok":
            assert lots and all(s.is_property and s.group == group for s in lots)  # type: ignore[union-attr]
    run("deck", lambda: cards.deck(ref_))  # type: ignore[arg-type]
    if run("clause", lambda: clauses.clause(ref_))[0] == "ok":
        assert clauses.clause(ref_).id == ref_  # type: ignore[arg-type]


def test_every_error_key_of_the_engine_is_translated(report) -> None:
    """Static complement: every ``error.*`` key written in engine/ exists in every locale."""
    keys: set[str] = set()
    for path in Path(api.__file__).parent.glob("*.py"):
        keys |= set(re.findall(r'"(error\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    keys |= {f"error.card_count.{c}" for c in ("house", "hotel", "token")}  # built as f-strings
    assert len(keys) > 10, "the scan found no error keys: the pattern is wrong"
    for key in sorted(keys):
        for lang in LANGS:
            assert key in CATALOGS.texts[lang], f"{key} missing in {lang}"
    report("engine catalogs", "error keys in every locale", len(keys))


def test_describe() -> None:
    described = api.describe()
    plain_json(described)
    assert {e["id"] for e in described} == set(EDITIONS)


# --------------------------------------------------------------------------- properties: rent


def rent_of(ed: Edition, sq: boards.Square, **fields: Any) -> int:
    """The rent of one square with these request fields (it must be answered)."""
    return answer("rent", {"edition": ed.id, "square": sq.index, **fields})["amount"]


@pytest.mark.parametrize("edition", BOARD_EDITIONS)
def test_rent_rises_with_every_building(edition: str) -> None:
    """rent-houses, rent-set-double: on every street of every edition, the whole group owned,
    the rent rises with each building: unbuilt (doubled) < 1 house < ... < hotel, and a
    built lot earns its deed's figure (the short game's hotel after three houses too)."""
    ed = EDITIONS[edition]
    for sq in streets(ed):
        size = len(ed.board.group(sq.group))
        amounts = [rent_of(ed, sq, owned=size, buildings=b) for b in levels_of(ed)]
        assert amounts == sorted(set(amounts)), (edition, sq.name, amounts)
        assert amounts[1:] == [sq.rents[b] for b in levels_of(ed)[1:]], (edition, sq.name)


@pytest.mark.parametrize("edition", BOARD_EDITIONS)
def test_unbuilt_street_rent(edition: str) -> None:
    """rent-street, rent-set-double, rent-mortgaged-group, rent-partly-built: an unbuilt
    street earns its base rent, double once the owner has the whole group (where the
    edition doubles); a mortgaged lot in the group cancels the doubling only where the
    edition says so (000: none; 001: double; 002, 003: the others keep it); a group with
    buildings elsewhere still doubles the unbuilt lot where ``partly_built_double``."""
    ed = EDITIONS[edition]
    r = ed.rules
    for sq in streets(ed):
        size, base = len(ed.board.group(sq.group)), sq.rents[0]
        double = 2 * base if r.set_double_rent.value else base
        for owned in range(1, size + 1):
            assert rent_of(ed, sq, owned=owned) == (double if owned == size else base)
        for mortgaged in range(1, size):
            expected = base if r.mortgaged_group_rent.value == "none" else double
            assert rent_of(ed, sq, owned=size, group_mortgaged=mortgaged) == expected, (edition, sq.name)
        built = double if r.partly_built_double.value else base
        assert rent_of(ed, sq, owned=size, group_built=True) == built


@pytest.mark.parametrize("edition", BOARD_EDITIONS)
def test_station_rent(edition: str) -> None:
    """rent-station, rent-card-arrival: a station's rent is the deed's figure for the number
    the owner has (mortgaged ones counting where ``mortgaged_count_for_set``), rising with
    each station; the nearest-railroad card doubles it where the edition has that card."""
    ed = EDITIONS[edition]
    r = ed.rules
    table = r.station_rents.value
    for sq in ed.board.group("stations"):
        amounts = [rent_of(ed, sq, owned=n) for n in range(1, 5)]
        assert amounts == list(table) and amounts == sorted(set(amounts)), (edition, amounts)
        for n in range(2, 5):
            for m in range(1, n):
                counted = n if r.mortgaged_count_for_set.value else n - m
                assert rent_of(ed, sq, owned=n, group_mortgaged=m) == table[counted - 1]
        card = {"edition": ed.id, "square": sq.index, "owned": 2, "arrival": "nearest-card"}
        if r.station_card_double.value:
            assert answer("rent", card)["amount"] == 2 * table[1]
        else:
            assert api.calculate("rent", card)["error"] == "error.no_such_card"


@pytest.mark.parametrize("edition", BOARD_EDITIONS)
def test_utility_rent(edition: str) -> None:
    """rent-utility, rent-utility-card, speed-die: a utility earns the edition's multiplier
    for the number owned (4 or 10) times the dice that count: the arrival roll or a new
    roll as the edition says, by a roll or by a card (classic-us's nearest-utility card:
    ten times a new roll); with the speed die its number is added (bus, Mr. Monopoly 0)."""
    ed = EDITIONS[edition]
    r = ed.rules
    faces: list[object] = [1, 2, 3, "bus", "mr-monopoly"] if r.speed_die.value else [None]
    arrivals = ["roll", "card"] + (["nearest-card"] if r.utility_dice_by_card.value == "card-10x" else [])
    for sq in ed.board.group("utilities"):
        for owned in (1, 2):
            for arrival in arrivals:
                mode = (r.utility_dice if arrival == "roll" else r.utility_dice_by_card).value
                multiplier = 10 if mode == "card-10x" else r.utility_multipliers.value[owned - 1]
                for a in range(1, 7):
                    for b in range(1, 7):
                        face = faces[(a + b) % len(faces)]
                        roll = [a, b] if face is None else [a, b, face]
                        field = "dice" if mode == "arrival-roll" else "reroll"
                        request = {field: roll, "arrival": arrival, "owned": owned}
                        if face is not None and field == "dice":
                            request["speed_face"] = face
                        extra = face if isinstance(face, int) else 0
                        assert rent_of(ed, sq, **request) == multiplier * (a + b + extra), request


@PROPERTY
@given(request=valid_rent())
def test_rent_answers(request: dict) -> None:
    """Every answered rent: rent-claim closes the explanation with the amount; a mortgaged
    property earns nothing (rent-mortgaged); the owner in jail collects as the edition says
    (rent-owner-in-jail); a utility earns its multiplier times the dice that count
    (rent-utility, rent-utility-card; the speed die's number added, bus and Mr. Monopoly 0)."""
    result = answer("rent", request)
    ed, amount, steps = EDITIONS[request["edition"]], result["amount"], result["steps"]
    r = ed.rules
    sq = ed.board.find(request["square"])
    if request.get("mortgaged"):
        assert amount == 0 and steps[-1]["clause"] == "rent-mortgaged"
        return
    if request["owner_in_jail"] and not r.owner_in_jail_collects.value:
        assert amount == 0 and steps[-1]["clause"] == "rent-owner-in-jail"
        return
    assert steps[-1]["clause"] == "rent-claim" and steps[-1]["params"]["amount"] == amount > 0
    assert [s["params"]["rent"] for s in steps if "rent" in s["params"]][-1] == amount
    if request["owner_in_jail"]:
        assert api.calculate("rent", {**request, "owner_in_jail": False})["amount"] == amount
    if sq.kind == "utility":
        mode = (r.utility_dice if request["arrival"] == "roll" else r.utility_dice_by_card).value
        roll = request["dice"] if mode == "arrival-roll" else request["reroll"]
        total = roll[0] + roll[1]
        if r.speed_die.value:
            face = roll[2] if len(roll) == 3 else request.get("speed_face")
            total += face if isinstance(face, int) else 0
        owned, gm = request["owned"], request.get("group_mortgaged", 0)
        counted = owned if r.mortgaged_count_for_set.value else owned - gm
        multiplier = 10 if mode == "card-10x" else r.utility_multipliers.value[counted - 1]
        assert amount == multiplier * total, (request, result)


# --------------------------------------------------------------------------- properties: building


def group_of(result: Mapping[str, Any], key: str) -> dict[int, int]:
    """A result's ``buildings_before`` / ``_after`` by board index."""
    return {int(i): b for i, b in result[key].items()}


def bank_before(ed: Edition, request: Mapping[str, Any], group: dict[int, int]) -> tuple[int, int]:
    houses, hotels = on_board(group)
    return (request.get("bank_houses", ed.rules.houses_in_bank.value - houses),
            request.get("bank_hotels", ed.rules.hotels_in_bank.value - hotels))


def purchase(ed: Edition, group: Mapping[int, int]) -> int:
    """What the buildings on a group cost to buy: houses, and a hotel's price plus the
    houses paid for before it."""
    out = 0
    for i, b in group.items():
        sq = ed.board.squares[i]
        out += sq.house_cost * level(ed, b) if b != HOTEL else \
            sq.hotel_cost + ed.rules.houses_before_hotel.value * sq.house_cost
    return out


@PROPERTY
@given(request=valid_build())
@example(request={"edition": "nl-2001", "square": 39, "buildings": {"37": 1, "39": 2}})
def test_build_keeps_the_group_even_and_the_bank_whole(request: dict) -> None:
    """build-even, build-hotel, build-limit: an accepted building adds one level to the
    square alone and leaves the group even (levels differ by at most one); a house costs
    the deed's house price and takes one of the bank's houses, a hotel hands the houses
    back and takes a hotel; the bank never goes below zero; a refusal says why."""
    result = answer("check_build", request)
    ed = EDITIONS[request["edition"]]
    sq = ed.board.find(request["square"])
    before = group_of(result, "buildings_before")
    houses, hotels = bank_before(ed, request, before)
    assert result["bank_houses_after"] >= 0 and result["bank_hotels_after"] >= 0
    if not result["allowed"]:
        assert result["reasons"] and result["buildings_after"] is None
        assert (result["bank_houses_after"], result["bank_hotels_after"]) == (houses, hotels)
        return
    after = group_of(result, "buildings_after")
    changed = {i for i in before if before[i] != after[i]}
    assert changed == {sq.index} and level(ed, after[sq.index]) == level(ed, before[sq.index]) + 1
    levels = [level(ed, b) for b in after.values()]
    assert max(levels) - min(levels) <= 1
    assert result["cost"] == sq.house_cost
    if result["building"] == "hotel":
        hbh = ed.rules.houses_before_hotel.value
        assert (result["bank_houses_after"], result["bank_hotels_after"]) == (houses + hbh, hotels - 1)
    else:
        assert (result["bank_houses_after"], result["bank_hotels_after"]) == (houses - 1, hotels)


@PROPERTY
@given(request=valid_build(sell=True))
@example(request={"edition": "nl-2001", "square": 39, "buildings": {"37": 5, "39": 5},
                  "sell": {"37": 5, "39": 5}})  # two hotels and their houses back: 1000
def test_selling_back_brings_half_the_price(request: dict) -> None:
    """build-sell, build-sell-hotel: buildings sold back bring half what they cost (a hotel:
    half its price plus half the houses paid before it); the bank's houses and hotels
    change by exactly what leaves the board (never below zero); an accepted sale leaves the
    group even; the steps' amounts add up to the proceeds."""
    result = answer("sell_buildings", request)
    ed = EDITIONS[request["edition"]]
    before = group_of(result, "buildings_before")
    houses, hotels = bank_before(ed, request, before)
    assert result["bank_houses_after"] >= 0 and result["bank_hotels_after"] >= 0
    if not result["allowed"]:
        assert result["reasons"] and result["proceeds"] == 0
        return
    after = group_of(result, "buildings_after")
    assert 2 * result["proceeds"] == purchase(ed, before) - purchase(ed, after)
    levels = [level(ed, b) for b in after.values()]
    assert max(levels) - min(levels) <= 1
    (h0, t0), (h1, t1) = on_board(before), on_board(after)
    assert result["bank_houses_after"] - houses == h0 - h1
    assert result["bank_hotels_after"] - hotels == t0 - t1
    parts = [s["params"]["amount"] for s in result["steps"] if s["key"] in ("step.sell.houses", "step.sell.hotel")]
    assert sum(parts) == result["proceeds"] == result["steps"][-1]["params"]["proceeds"]


# --------------------------------------------------------------------------- properties: mortgage, tax


def step_params(result: Mapping[str, Any], key: str) -> dict[str, Any]:
    """The parameters of the one step with message ``key``."""
    found = [s["params"] for s in result["steps"] if s["key"] == key]
    assert len(found) == 1, (key, result["steps"])
    return found[0]


def interest(ed: Edition, value: int) -> tuple[Fraction, int]:
    """(exact, paid): the edition's interest, rounded up to a whole unit (ruling-interest-rounding)."""
    exact = Fraction(value * ed.rules.mortgage_interest_percent.value, 100)
    return exact, math.ceil(exact)


@PROPERTY
@given(request=valid_mortgage())
@example(request={"edition": "nl-2001", "action": "lift", "square": 12})  # 75 + 7.5, up: 83
def test_mortgage_amounts(request: dict) -> None:
    """mortgage-value, mortgage-lift, mortgage-rounding, mortgage-transfer,
    mortgage-buildings, bankrupt-mortgaged: the value is the deed's (half the price);
    lifting costs the value plus the edition's interest rounded up; keeping a received
    lot costs the interest twice; mortgaging sells the buildings the edition's scope names
    at half their price first; a player creditor's totals are the sums of the lots."""
    result = answer("mortgage", request)
    ed = EDITIONS[request["edition"]]
    action = request["action"]
    if action == "bankruptcy":
        lots = result["lots"]
        for lot in lots:
            sq = ed.board.squares[lot["square"]["index"]]
            assert lot["value"] == sq.mortgage == sq.price // 2
        if request["creditor"] == "player":
            now = {True: 1, False: 0}[ed.rules.creditor_pays_interest.value]
            for lot in lots:
                paid = interest(ed, lot["value"])[1]
                lift, keep = lot["options"]
                assert lift["total"] == lot["value"] + paid and keep["now"] == now * paid
            t = result["totals"]
            assert t["lift_all_now"] == sum(lot["options"][0]["now"] for lot in lots)
            assert t["keep_all_now"] == sum(lot["options"][1]["now"] for lot in lots)
        return
    sq = ed.board.find(request["square"])
    exact, paid = interest(ed, sq.mortgage)
    assert sq.mortgage == sq.price // 2
    if action == "lift":
        assert (result["value"], result["interest"], result["cost"]) == (sq.mortgage, paid, sq.mortgage + paid)
        assert result["interest_exact"] == exact and paid - 1 < exact <= paid
        assert step_params(result, "step.mortgage.lift_total")["cost"] == result["cost"]
    elif action == "receive":
        lift, keep = result["options"]
        assert lift["total"] == sq.mortgage + paid and keep["total"] == sq.mortgage + 2 * paid
        assert result["saving"] == paid
    else:
        sold = result["buildings_sold"]
        assert result["sale_proceeds"] == sum(s["proceeds"] for s in sold)
        assert result["cash_received"] == result["sale_proceeds"] + result["mortgage_value"]
        assert result["mortgage_value"] == sq.mortgage and result["lift_cost"] == sq.mortgage + paid
        if result["sale_proceeds"]:  # the sum of sale and value, as a step of its own
            assert step_params(result, "step.mortgage.cash_received")["total"] == result["cash_received"]
        else:  # nothing sold: the value step says it all (not "€ 0 for the buildings")
            assert not any(s["key"] == "step.mortgage.cash_received" for s in result["steps"])
            assert step_params(result, "step.mortgage.value")["value"] == result["cash_received"]
        for s in sold:
            lot = s["square"]["index"]
            assert 2 * s["proceeds"] == purchase(ed, {lot: s["from"]}) - purchase(ed, {lot: s["to"]})
        own = request.get("buildings", {}).get(str(sq.index), 0)
        assert not own or any(s["square"]["index"] == sq.index and s["to"] == 0 for s in sold)
        assert ed.rules.mortgage_scope.value == "group"  # every edition clears the group
        assert all(s["to"] == 0 for s in sold)


def worth(ed: Edition, cash: int, properties: list[dict]) -> int:
    """003 «Regels»: printed price of each unmortgaged property, mortgage value of each
    mortgaged one, what the buildings cost, and cash."""
    out = cash
    for p in properties:
        sq = ed.board.find(p["square"])
        out += sq.mortgage if p.get("mortgaged") else sq.price
        out += purchase(ed, {sq.index: p["buildings"]}) if p.get("buildings") else 0
    return out


@PROPERTY
@given(request=valid_tax())
@example(request={"edition": "classic-us", "square": 4, "cash": 1000})  # 10 % = 100, below 200
def test_tax(request: dict) -> None:
    """tax-income, tax-income-percent, tax-luxury: a luxury tax is the square's amount;
    income tax the edition's flat amount, and where the edition offers 10 % of the worth
    (classic-us) the worth is counted as 003 says, the 10 % rounded up, the lower of the
    two due, and the player chooses before counting."""
    result = answer("income_tax", request)
    ed = EDITIONS[request["edition"]]
    r = ed.rules
    sq = result["square"]["index"]
    if sq == 38:
        assert result["amount"] == ed.board.squares[38].tax and result["percent"] is None
        return
    flat = r.income_tax.value
    assert result["flat"] == flat
    counted = "cash" in request or "properties" in request
    if r.income_tax_percent.value is None or not counted:
        assert result["amount"] == flat and result["percent"] is None
        return
    w = worth(ed, request.get("cash", 0), request.get("properties", []))
    percent = math.ceil(Fraction(w * r.income_tax_percent.value, 100))
    assert (result["worth"], result["percent"], result["amount"]) == (w, percent, min(flat, percent))
    assert step_params(result, "step.tax.worth")["worth"] == w
    assert result["cheaper"] == ("equal" if percent == flat else "percent" if percent < flat else "flat")
    assert result["choose_before_counting"] is True


# --------------------------------------------------------------------------- properties: jail, score, odds


@PROPERTY
@given(request=valid_jail())
def test_jail_decision(request: dict) -> None:
    """jail-doubles, jail-pay, jail-card: the attempts left count down from the edition's
    jail turns; the chance of getting out free is 1 - (5/6)^attempts, every probability in
    [0, 1]; paying is possible with the fine in cash, a card only with one; the advice is
    one of the options on offer; the same request gives the same answer."""
    result = answer("jail", request)
    ed = EDITIONS[request["edition"]]
    r = ed.rules
    left = r.jail_max_turns.value - request["turn_in_jail"] + 1
    assert result["attempts_left"] == left and result["fine"] == r.jail_fine.value
    options = {o["option"]: o for o in result["options"]}
    roll = options["roll"]
    p = 1 - Fraction(5, 6) ** left
    assert roll["p_free_remaining_fraction"] == f"{p.numerator}/{p.denominator}"
    assert math.isclose(roll["p_free_remaining"], float(p)) and math.isclose(roll["p_doubles"], 1 / 6)
    for o in result["options"]:
        for name in ("p_doubles", "p_free_remaining"):
            assert name not in o or 0 <= o[name] <= 1
    assert 0 <= roll["expected_fine"] <= result["fine"]
    assert options["pay"]["available"] == (request["cash"] >= r.jail_fine.value)
    assert ("card" in options) == (request.get("cards_owned", 0) > 0)
    advice = result["advice"]
    assert advice["choice"] in ("stay", "leave") and advice["option"] in options
    assert advice["choice"] == "stay" or options[advice["option"]]["available"]
    assert api.calculate("jail", json.loads(json.dumps(request))) == result


@PROPERTY
@given(request=valid_score())
@example(request={"edition": "nl-card-game", "players": [  # a token doubles the set: 100
    {"name": "A", "sets": [{"value": 50, "token": True}]}, {"name": "B"}]})
def test_score(request: dict) -> None:
    """short-score, timed-game, cards-scoring, cards-goal: each player's total is the sum of
    the parts and what the edition's valuation gives (board: cash, printed prices, mortgaged
    lots at the edition's basis, buildings at their price, a hotel as its houses plus
    itself; card game: money plus each set's value, again per house, a hotel's value,
    doubled by a token); the ranking follows the totals and the winners share the top."""
    result = answer("score", request)
    ed = EDITIONS[request["edition"]]
    by_name = {p["name"]: p for p in request["players"]}
    for p in result["players"]:
        assert p["total"] == sum(item["amount"] for item in p["breakdown"])
        given_ = by_name[p["name"]]
        if ed.card_game is not None:
            sets = sum((s["value"] * (1 + s.get("houses", 0)) + (request.get("hotel_value", 0) if s.get("hotel") else 0))
                       * (ed.card_game.token_multiplier.value if s.get("token") else 1)
                       for s in given_.get("sets", []))
            assert p["total"] == given_.get("money", 0) + sets and p["reached"] == (p["total"] >= 10_000)
            continue
        expected = given_.get("cash", 0)
        for item in given_.get("properties", []):
            sq = ed.board.find(item["square"])
            if item.get("mortgaged"):
                expected += sq.price // 2 if ed.rules.score_mortgaged.value == "half-price" else sq.mortgage
            else:
                expected += sq.price
            b = item.get("buildings", 0)
            if b:
                expected += sq.house_cost * (ed.rules.houses_before_hotel.value + 1 if b == HOTEL else b)
        assert p["total"] == expected, (p, given_)
    totals = [p["total"] for p in result["ranking"]]
    assert totals == sorted(totals, reverse=True)
    top = [p["name"] for p in result["players"] if p["total"] == totals[0]]
    if ed.card_game is None or totals[0] >= ed.card_game.target.value:
        assert sorted(result["winners"]) == sorted(top)
    else:
        assert result["winners"] == []


@settings(PROPERTY, max_examples=30)
@given(request=valid_chain("odds"))
def test_landing_odds(request: dict) -> None:
    """jail-sent, turn-doubles: the long-run odds over the 41 positions (40: in jail) are
    probabilities summing to 1; nobody ends a roll or a turn on Go To Jail; per roll, the
    landings per turn are the odds times the rolls per turn (at least one)."""
    result = answer("odds", request)
    probs = [p["probability"] for p in result["positions"]]
    assert len(probs) == 41 and all(0 <= p <= 1 for p in probs)
    assert math.isclose(sum(probs), 1.0, abs_tol=1e-9) and probs[30] == 0
    assert result["mean_rolls_per_turn"] >= 1
    if result["count"] == "roll":
        for p in result["positions"]:
            assert math.isclose(p["landings_per_turn"], p["probability"] * result["mean_rolls_per_turn"],
                                rel_tol=1e-9, abs_tol=1e-12)


@settings(PROPERTY, max_examples=20)
@given(request=valid_chain("group_rents"))
def test_group_rents(request: dict) -> None:
    """rent-houses, build-even: a group's expected rent per opponent turn rises with every
    level (unbuilt doubled, 1-4 houses, hotel), and each building step breaks even after
    its cost divided by the rent it adds."""
    result = answer("group_rents", request)
    for g in result["groups"]:
        rents = g["expected_rent"]
        assert len(rents) == 6 and all(a < b for a, b in zip(rents, rents[1:])), g
        for s in g["steps"]:
            assert math.isclose(s["break_even_turns"], s["cost"] / s["added_rent"])
            assert s["cost"] == g["house_cost"] * len(g["squares"])
