"""Fuzzing every public calculation through engine.api.calculate.

Every random or malformed request (deep junk, wrong types, huge numbers, half-right
requests) must either succeed with a JSON-friendly result or give the documented
error as data; no other exception may escape. The public functions of the jail,
mortgage and scoring modules are also called directly: they may raise EngineError
only. Run with ``pytest -s`` to see how many cases ran per calculation.
"""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api
from engine.editions import EDITIONS
from engine.errors import EngineError
from engine.jail import jail_decision
from engine.mortgage import mortgage_cost
from engine.scoring import score
from hooks.i18n import Translations

CASES: Counter[str] = Counter()
MINE = {"jail", "mortgage", "score"}

EDITION_IDS = sorted(EDITIONS)
GROUPS = ["brown", "light-blue", "pink", "orange", "red", "yellow", "green", "dark-blue",
          "stations", "utilities", "purple"]
NASTY = [
    None, True, False, 0, 1, -1, 2, 3, 4, 5, 6, 39, 40, -40, 2 ** 31, 2 ** 63, 10 ** 12, 0.5, -0.0, 1e308, "", " ", "39", " 39 ", "0039", "٣", "²",
    "9" * 5000, "Kalverstraat", "kalverstraat", "Boardwalk", "Station Zuid", "Go",
    "x" * 10_000, "\x00", "💥", [], {}, [[]], {"": None}, [None], ["39"], {"39": 5},
]


# Integers too long to print (repr fails above 4300 digits): built, so Hypothesis never shows them.
HUGE = st.one_of(st.builds(pow, st.just(10), st.just(5000)),
                 st.builds(lambda: -(10 ** 5000)), st.builds(pow, st.just(2), st.just(3001)))


def leaves() -> st.SearchStrategy[object]:
    return st.one_of(st.sampled_from(NASTY), HUGE, st.none(), st.booleans(),
                     st.integers(-(10 ** 6), 10 ** 6), st.integers(),
                     st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=10),
                     st.sampled_from(EDITION_IDS), st.sampled_from(GROUPS))


JUNK = st.recursive(leaves(), lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=15)


def ints(lo: int, hi: int) -> st.SearchStrategy[object]:
    """Mostly plausible integers, sometimes junk."""
    return st.one_of(st.integers(lo, hi), st.integers(lo, hi), st.integers(lo, hi), JUNK)


def maybe(fields: dict[str, st.SearchStrategy[object]]) -> st.SearchStrategy[dict]:
    """A request with any subset of the fields, plus sometimes an unknown field."""
    return st.fixed_dictionaries({}, optional={**fields, "zz_unknown": JUNK})


def pick(*values: object) -> st.SearchStrategy[object]:
    return st.one_of(st.sampled_from(values), JUNK)


SQUARE = st.one_of(st.integers(-2, 41), st.sampled_from(["Kalverstraat", "Boardwalk", "Brink",
                                                         "Station Zuid", "12", "39"]), JUNK)
LEVEL = st.one_of(st.integers(0, 5), JUNK)
BUILDINGS = st.one_of(st.dictionaries(st.sampled_from(["1", "3", "37", "39", "5", "12", "6",
                                                       "Kalverstraat", "0", "x"]), LEVEL,
                                      max_size=4), JUNK)
BUILT = st.one_of(st.lists(st.one_of(st.tuples(st.sampled_from(GROUPS), LEVEL).map(list),
                                     st.fixed_dictionaries({"group": st.sampled_from(GROUPS),
                                                            "level": LEVEL}), JUNK),
                           max_size=5), JUNK)
PROPERTY = maybe({"square": SQUARE, "mortgaged": pick(True, False), "buildings": LEVEL})
CARD_SET = maybe({"value": ints(0, 500), "houses": ints(0, 5), "hotel": pick(True, False),
                  "token": pick(True, False), "kind": pick("street", "station", "utility")})
PLAYER = maybe({"name": st.one_of(st.text(max_size=6), JUNK), "cash": ints(0, 5000),
                "money": ints(0, 12000), "properties": st.one_of(st.lists(PROPERTY, max_size=6),
                                                                 JUNK),
                "sets": st.one_of(st.lists(CARD_SET, max_size=3), JUNK)})
MARKOV_OPTIONS = st.one_of(maybe({"doubles_to_jail": ints(0, 7), "jail_max_turns": ints(0, 7),
                                  "third_failed_roll_moves": pick(True, False),
                                  "back_three_draws": pick(True, False),
                                  "kans_choice_draw_probability": st.one_of(
                                      st.floats(-1, 2, allow_nan=False), JUNK),
                                  "us_chance_moving_cards": ints(8, 11),
                                  "jail_release_rolls_again": pick(True, False)}), JUNK)
EDITION = st.one_of(st.sampled_from(EDITION_IDS), st.sampled_from(EDITION_IDS), JUNK)

REQUESTS: dict[str, st.SearchStrategy[object]] = {
    "jail": maybe({"edition": EDITION, "turn_in_jail": ints(0, 4), "cash": ints(0, 1000),
                   "cards_owned": ints(0, 7), "card_offer": ints(0, 100),
                   "opponents_built": BUILT}),
    "mortgage": maybe({"edition": EDITION,
                       "action": pick("mortgage", "lift", "receive", "bankruptcy"),
                       "square": SQUARE, "squares": st.one_of(st.lists(SQUARE, max_size=4), JUNK),
                       "mortgaged": pick(True, False), "buildings": BUILDINGS,
                       "creditor": pick("bank", "player")}),
    "score": maybe({"edition": EDITION, "players": st.one_of(st.lists(PLAYER, max_size=9), JUNK),
                    "hotel_value": ints(0, 500)}),
    "odds": maybe({"board": pick("atlantic-city", "nl-euro"), "jail_strategy": pick("leave", "stay"),
                   "count": pick("roll", "turn"), "options": MARKOV_OPTIONS}),
    "group_rents": maybe({"board": pick("atlantic-city", "nl-euro"),
                          "jail_strategy": pick("leave", "stay"), "options": MARKOV_OPTIONS}),
    "rent": maybe({"edition": EDITION, "square": SQUARE, "owned": ints(0, 4),
                   "mortgaged": pick(True, False), "group_mortgaged": ints(0, 3),
                   "owner_in_jail": pick(True, False),
                   "arrival": pick("roll", "card", "chance", "speed"), "buildings": LEVEL,
                   "group_built": pick(True, False),
                   "dice": st.one_of(st.lists(st.integers(0, 7), max_size=3), JUNK),
                   "speed_face": pick(1, 2, 3, "bus", "mr-monopoly"),
                   "house_rules": pick(["free-parking-pot"], ["auction-every-sale"], ["x"])}),
    "check_build": maybe({"edition": EDITION, "square": SQUARE, "buildings": BUILDINGS,
                          "mortgaged": st.one_of(st.lists(SQUARE, max_size=2), JUNK),
                          "owned_all": pick(True, False), "own_turn": pick(True, False),
                          "bank_houses": ints(0, 33), "bank_hotels": ints(0, 13)}),
    "sell_buildings": maybe({"edition": EDITION, "square": SQUARE, "buildings": BUILDINGS,
                             "mortgaged": st.one_of(st.lists(SQUARE, max_size=2), JUNK),
                             "bank_houses": ints(0, 33), "bank_hotels": ints(0, 13),
                             "sell": ints(0, 5)}),
    "income_tax": maybe({"edition": EDITION, "cash": ints(0, 5000),
                         "properties": st.one_of(st.lists(PROPERTY, max_size=5), JUNK),
                         "square": SQUARE}),
}

# --------------------------------------------------------------- mostly valid requests
# (so the fuzzing reaches the calculations themselves, not only the first field check)

BOARD_EDITIONS = [e for e in EDITION_IDS if EDITIONS[e].board is not None]
COLOURS = GROUPS[:8]


@st.composite
def group_levels(draw, ed, sq) -> dict[str, int]:
    """Even building levels on a street's group, as a request ``buildings`` map."""
    if sq.kind != "street":
        return {}
    top = ed.rules.houses_before_hotel.value + 1
    base = draw(st.integers(0, top))
    out = {}
    for lot in ed.board.group(sq.group):
        level = draw(st.sampled_from([base, max(0, base - 1)]))
        out[str(lot.index)] = 5 if level == top else level
    return out


def square_ref(sq) -> st.SearchStrategy[object]:
    return st.sampled_from([sq.index, sq.name, str(sq.index), sq.name.upper()])


@st.composite
def valid_jail(draw) -> dict:
    ed = EDITIONS[draw(st.sampled_from(BOARD_EDITIONS))]
    built = draw(st.lists(st.sampled_from(COLOURS), unique=True, max_size=4))
    return {"edition": ed.id, "turn_in_jail": draw(st.integers(1, 3)),
            "cash": draw(st.integers(0, 600)), "cards_owned": draw(st.integers(0, 2)),
            "card_offer": draw(st.one_of(st.none(), st.integers(0, 120))),
            "opponents_built": [[g, draw(st.sampled_from([0, 1, 2, 3, 5]))] for g in built]}


@st.composite
def valid_mortgage(draw) -> dict:
    ed = EDITIONS[draw(st.sampled_from(BOARD_EDITIONS))]
    sq = draw(st.sampled_from(ed.board.properties))
    action = draw(st.sampled_from(["mortgage", "lift", "receive", "bankruptcy"]))
    req = {"edition": ed.id, "action": action, "square": draw(square_ref(sq))}
    if action == "mortgage":
        req["buildings"] = draw(group_levels(ed, sq))
    if action == "bankruptcy":
        req["creditor"] = draw(st.sampled_from(["bank", "player"]))
        lots = draw(st.lists(st.sampled_from(ed.board.properties), min_size=1, max_size=4,
                             unique_by=lambda s: s.index))
        req["squares"] = [draw(square_ref(s)) for s in lots]
    return req


@st.composite
def valid_score(draw) -> dict:
    edition = draw(st.sampled_from(EDITION_IDS))
    ed = EDITIONS[edition]
    if ed.card_game is not None:
        n = draw(st.integers(2, 6))
        players = [{"name": f"K{i}", "money": draw(st.integers(0, 11000)),
                    "sets": [{"value": draw(st.integers(50, 400)), "houses": draw(st.integers(0, 1)),
                              "token": draw(st.booleans())}
                             for _ in range(draw(st.integers(0, 1)))]} for i in range(n)]
        return {"edition": edition, "players": players}
    n = draw(st.integers(ed.rules.min_players.value, ed.rules.max_players.value))
    players = [{"name": f"S{i}", "cash": draw(st.integers(0, 3000)), "properties": []}
               for i in range(n)]
    for group in COLOURS + ["stations", "utilities"]:
        lots = ed.board.group(group)
        if draw(st.booleans()):
            owner = draw(st.sampled_from(players))
            levels = draw(group_levels(ed, lots[0])) if draw(st.booleans()) else {}
            for lot in lots:
                level = levels.get(str(lot.index), 0)
                owner["properties"].append({"square": lot.index, "buildings": level,
                                            "mortgaged": not levels and draw(st.booleans())})
    return {"edition": edition, "players": players}


@st.composite
def valid_rent(draw) -> dict:
    ed = EDITIONS[draw(st.sampled_from(BOARD_EDITIONS))]
    sq = draw(st.sampled_from(ed.board.properties))
    die = st.integers(1, 6)
    req = {"edition": ed.id, "square": draw(square_ref(sq)),
           "owned": draw(st.integers(1, len(ed.board.group(sq.group)))),
           "dice": [draw(die), draw(die)], "mortgaged": draw(st.booleans()),
           "owner_in_jail": draw(st.booleans()),
           "arrival": draw(st.sampled_from(["roll", "card", "nearest-card"]))}
    if sq.kind == "street":
        req["buildings"] = draw(st.integers(0, 5))
    if ed.rules.speed_die.value and draw(st.booleans()):
        req["reroll"] = [draw(die), draw(die), draw(st.sampled_from([1, 2, 3, "bus", "mr-monopoly"]))]
    return req


@st.composite
def valid_building(draw, sell: bool = False) -> dict:
    ed = EDITIONS[draw(st.sampled_from(BOARD_EDITIONS))]
    sq = draw(st.sampled_from([s for s in ed.board.properties if s.kind == "street"]))
    req = {"edition": ed.id, "square": draw(square_ref(sq)), "buildings": draw(group_levels(ed, sq))}
    if not sell:
        req["own_turn"] = draw(st.booleans())
    if draw(st.booleans()):
        req["bank_houses"] = draw(st.integers(0, 20))
    if sell:
        req["sell"] = draw(st.integers(1, 3))
    return req


@st.composite
def valid_tax(draw) -> dict:
    ed = EDITIONS[draw(st.sampled_from(BOARD_EDITIONS))]
    lots = draw(st.lists(st.sampled_from(ed.board.properties), max_size=5,
                         unique_by=lambda s: s.index))
    return {"edition": ed.id, "square": draw(st.sampled_from([4, 38])),
            "cash": draw(st.integers(0, 3000)),
            "properties": [{"square": s.index, "mortgaged": draw(st.booleans())} for s in lots]}


@st.composite
def valid_odds(draw, count: bool = True) -> dict:
    req = {"board": draw(st.sampled_from(["atlantic-city", "nl-euro"])),
           "jail_strategy": draw(st.sampled_from(["leave", "stay"])),
           "options": draw(st.fixed_dictionaries({}, optional={
               "jail_max_turns": st.integers(1, 4), "doubles_to_jail": st.integers(2, 4),
               "third_failed_roll_moves": st.booleans(),
               "kans_choice_draw_probability": st.sampled_from([0.0, 0.5, 1.0]),
               "us_chance_moving_cards": st.sampled_from([9, 10]),
               "jail_release_rolls_again": st.booleans()}))}
    if count:
        req["count"] = draw(st.sampled_from(["roll", "turn"]))
    return req


VALID: dict[str, st.SearchStrategy[dict]] = {
    "jail": valid_jail(), "mortgage": valid_mortgage(), "score": valid_score(),
    "rent": valid_rent(), "check_build": valid_building(),
    "sell_buildings": valid_building(sell=True), "income_tax": valid_tax(),
    "odds": valid_odds(), "group_rents": valid_odds(count=False),
}


@st.composite
def mutated(draw, kind: str) -> dict:
    """A valid request with one field dropped, replaced by junk, or a junk field added."""
    req = dict(draw(VALID[kind]))
    key = draw(st.sampled_from(sorted(req)))
    op = draw(st.sampled_from(["drop", "junk", "junk", "add"]))
    if op == "drop":
        del req[key]
    elif op == "junk":
        req[key] = draw(JUNK)
    else:
        req[draw(st.text(max_size=6))] = draw(JUNK)
    return req


def requests(kind: str) -> st.SearchStrategy[object]:
    return st.one_of(VALID[kind], VALID[kind], mutated(kind), mutated(kind), REQUESTS[kind], JUNK)


assert set(REQUESTS) == set(VALID) == set(api.KINDS), "a new calculation kind needs a fuzz strategy"


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    total = sum(CASES.values())
    print(f"\nengine fuzz: {total} cases run: "
          + ", ".join(f"{k} {n}" for k, n in sorted(CASES.items())))


@pytest.fixture(scope="module")
def nl_keys() -> set[str]:
    return set(Translations().catalog("nl").entries)


def _is_json_safe(value: object) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        return False
    return True


def check_result(kind: str, request: object, result: object, nl: set[str]) -> None:
    assert isinstance(result, dict)
    json.dumps(result, allow_nan=False)  # JSON-friendly, no NaN
    if "error" in result:
        assert set(result) == {"error", "field", "params"}
        assert result["error"].startswith("error.")
        if kind in MINE:
            assert result["error"] in nl, result["error"]
    elif kind in MINE:
        assert "steps" in result and "currency" in result and "edition" in result
        for s in result["steps"]:
            assert s["key"] in nl, s["key"]


@pytest.mark.parametrize("kind", sorted(api.KINDS))
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(data=st.data())
def test_fuzz_calculate(kind: str, data: st.DataObject, nl_keys: set[str]) -> None:
    request = data.draw(requests(kind))
    CASES[kind] += 1
    result = api.calculate(kind, request)
    check_result(kind, request, result, nl_keys)
    if "error" not in result:
        CASES[f"{kind} (answered)"] += 1
    if _is_json_safe(request):
        out = api.calculate_json(kind, json.dumps(request))
        assert isinstance(json.loads(out), dict)


@pytest.mark.parametrize("function", [jail_decision, mortgage_cost, score],
                         ids=["jail", "mortgage", "score"])
@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_public_functions_raise_engine_error_only(function, data: st.DataObject) -> None:
    kind = {"jail_decision": "jail", "mortgage_cost": "mortgage", "score": "score"}[function.__name__]
    request = data.draw(requests(kind))
    CASES[f"{kind} (direct)"] += 1
    try:
        result = function(request)
    except EngineError as err:
        assert err.key.startswith("error.")
        return
    json.dumps(result, allow_nan=False)


def deep(depth: int, leaf: object = 1, as_dict: bool = False) -> object:
    value = leaf
    for _ in range(depth):
        value = {"x": value} if as_dict else [value]
    return value


@pytest.mark.parametrize("kind", sorted(api.KINDS))
def test_deep_and_huge_junk(kind: str, nl_keys: set[str]) -> None:
    cases: list[object] = [
        deep(50_000), deep(50_000, as_dict=True),
        {"edition": "nl-2001", "players": deep(20_000), "square": deep(20_000, as_dict=True),
         "opponents_built": deep(20_000), "options": deep(20_000, as_dict=True)},
        {"edition": "nl-2001", "square": 10 ** 5000, "cash": -(10 ** 5000), "turn_in_jail": 2},
        {"edition": 10 ** 5000}, {"edition": "9" * 5000, "square": "9" * 5000},
        # a square "index" too long for int() (Python refuses more than 4300 digits)
        {"edition": "nl-2001", "square": "9" * 5000, "action": "lift", "turn_in_jail": 1,
         "cash": 1, "players": [{"properties": [{"square": "9" * 5000}]}, {}]},
        {"edition": "nl-2001", "square": "9" * 5000},
        {"edition": "nl-2001", "cash": math.inf, "turn_in_jail": math.nan, "square": math.nan},
        {"edition": "classic-us", "square": "²", "action": "lift", "players": [{"cash": "²"}]},
        {"edition": "nl-2001", "buildings": {"9" * 5000: 1}, "action": "mortgage", "square": 39},
        {"edition": "nl-2001", "opponents_built": [[10 ** 5000, 10 ** 5000]], "cash": 1,
         "turn_in_jail": 1},
        {"board": "nl-euro", "options": {"doubles_to_jail": 10 ** 5000}},
    ]
    for request in cases:
        CASES[f"{kind} (deep/huge)"] += 1
        check_result(kind, request, api.calculate(kind, request), nl_keys)
    for text in ("[" * 200_000 + "]" * 200_000, '{"a":' * 100_000 + "1" + "}" * 100_000,
                 '{"cash": ' + "9" * 5000 + "}"):
        assert isinstance(json.loads(api.calculate_json(kind, text)), dict)
