"""Mortgage costs (engine/mortgage.py): mortgaging, lifting, receiving, bankruptcy.

Expected values are worked out by hand from the rulebooks and the deeds in
shared/reference/board.md; each test names the clause it checks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.clauses import CLAUSES
from engine.editions import EDITIONS
from engine.errors import EngineError
from engine.mortgage import mortgage_cost

BOARD_EDITIONS = sorted(e.id for e in EDITIONS.values() if e.board is not None)


def m(edition: str, action: str, square: object, **kw: object) -> dict:
    return mortgage_cost({"edition": edition, "action": action, "square": square, **kw})


def keys(result: dict) -> list[str]:
    return [s["key"] for s in result["steps"]]


# --------------------------------------------------------------- mortgage-lift, mortgage-rounding

@pytest.mark.parametrize("edition, square, value, interest, cost", [
    ("nl-2001", "Kalverstraat", 200, 20, 220),      # 200 + 10% = 220
    ("nl-2001", "Elektriciteitsbedrijf", 75, 8, 83),  # 75 + 7.5 -> rounded up -> 83
    ("nl-modern", "Leidschestraat", 175, 18, 193),  # 175 + 17.5 -> 193
    ("classic-us", "Park Place", 175, 18, 193),
    ("classic-us", "Water Works", 75, 8, 83),
    ("nordic-2005", "Mediterranean Avenue", 30, 3, 33),
    ("nl-2001", "Station Zuid", 100, 10, 110),
])
def test_lift(edition: str, square: str, value: int, interest: int, cost: int) -> None:
    r = m(edition, "lift", square)
    assert (r["value"], r["interest"], r["cost"]) == (value, interest, cost)


def test_rounding_step_cites_the_ruling_only_when_needed() -> None:
    r = m("nl-2001", "lift", 12)  # Elektriciteitsbedrijf: 7.5 is not a whole amount
    step = next(s for s in r["steps"] if s["clause"] == "mortgage-rounding")
    assert step["key"] == "step.mortgage.rounding.up"
    assert (step["params"]["exact"], step["params"]["interest"]) == (7.5, 8)
    assert step["ruling"] == "ruling-interest-rounding"
    assert r["interest_exact"] == 7.5
    r = m("nl-2001", "lift", 39)  # 20 is whole: no rounding step
    assert all(s["clause"] != "mortgage-rounding" for s in r["steps"])


# --------------------------------------------------------------- mortgage-transfer

def test_receive_kalverstraat() -> None:
    # 000 «Hypotheek»: lift at once (200 + 20), or pay 20 now and 200 + 20 when lifting later
    r = m("nl-2001", "receive", "Kalverstraat")
    opts = {o["choice"]: (o["now"], o["later"], o["total"]) for o in r["options"]}
    assert opts == {"lift-now": (220, 0, 220), "keep": (20, 220, 240)}
    assert (r["cheaper"], r["saving"]) == ("lift-now", 20)


def test_receive_utility_rounded() -> None:
    # 75: interest 7.5 -> 8 (ruling); lift now 83; keep 8 now + 83 later = 91
    r = m("classic-us", "receive", "Electric Company")
    opts = {o["choice"]: (o["now"], o["later"], o["total"]) for o in r["options"]}
    assert opts == {"lift-now": (83, 0, 83), "keep": (8, 83, 91)}


# --------------------------------------------------------------- mortgage-buildings

def test_group_scope_sells_the_whole_group() -> None:
    # 002 «Een hypotheek nemen»: all buildings of the group first, at half price.
    # Brown: house 50 -> 25 each; 1 + 2 houses = 75; then Brink's value 30.
    r = m("nl-modern", "mortgage", "Brink", buildings={"1": 1, "3": 2})
    assert (r["sale_proceeds"], r["mortgage_value"], r["cash_received"]) == (75, 30, 105)
    assert r["scope"] == "group"
    assert {b["square"]["name"]: b["houses_sold"] for b in r["buildings_sold"]} == {"Dorpsstraat": 1,
                                                                        "Brink": 2}
    assert r["lift_cost"] == 33  # 30 + 3


def test_nl_2001_group_scope_is_a_ruling() -> None:
    # 000 only says "sell all buildings first": ruling-mortgage-scope reads it as the group
    r = m("nl-2001", "mortgage", 39, buildings={"37": 2, "39": 2})
    step = next(s for s in r["steps"] if s["clause"] == "mortgage-buildings")
    assert step["key"] == "step.mortgage.scope.group"
    assert step["ruling"] == "ruling-mortgage-scope"
    # dark blue: house 200 -> 100 each; 4 houses = 400; Kalverstraat 200
    assert (r["sale_proceeds"], r["cash_received"]) == (400, 600)


def test_classic_group_scope_is_a_ruling() -> None:
    # 003 names only the lot's own buildings; ruling-mortgage-scope follows the published
    # classic rules: the whole group is cleared. Boardwalk 2 x 100 + Park Place 2 x 100 = 400;
    # + Boardwalk's mortgage value 200
    r = m("classic-us", "mortgage", "Boardwalk", buildings={"37": 2, "39": 2})
    assert r["scope"] == "group"
    assert {b["square"]["name"]: (b["from"], b["to"]) for b in r["buildings_sold"]} == {
        "Park Place": (2, 0), "Boardwalk": (2, 0)}
    assert (r["sale_proceeds"], r["mortgage_value"], r["cash_received"]) == (400, 200, 600)
    scope = next(s for s in r["steps"] if s["clause"] == "mortgage-buildings")
    assert scope["ruling"] == "ruling-mortgage-scope"


def test_hotels_fetch_half_plus_half_the_houses() -> None:
    # 000 «Grond verkopen»: a hotel fetches half its price (200/2 = 100) plus half the price
    # of the four houses given in for it (4 x 100): 500 per hotel; two hotels + 200 = 1200
    r = m("nl-2001", "mortgage", 39, buildings={"37": 5, "39": 5})
    assert [b["proceeds"] for b in r["buildings_sold"]] == [500, 500]
    assert r["cash_received"] == 1200


def test_short_game_hotel_stands_on_three_houses() -> None:
    # short-hotel (000 kort spel): hotel after 3 houses; selling: half its price + 3 houses
    r = m("nl-2001-short", "mortgage", 39, buildings={"37": 5, "39": 5})
    assert [b["proceeds"] for b in r["buildings_sold"]] == [400, 400]
    assert r["cash_received"] == 1000
    with pytest.raises(EngineError) as err:
        m("nl-2001-short", "mortgage", 39, buildings={"37": 4, "39": 4})
    assert err.value.key == "error.building_level"


def test_classic_hotel_needs_bank_houses() -> None:
    # 003: a hotel broken down to houses needs the bank's houses (build-sell-hotel), unless
    # every lot of the group has one. Boardwalk hotel -> 0: 100 + 4 x 100 = 500; Park Place
    # 4 houses -> 0 (the whole group goes, ruling-mortgage-scope): 4 x 100 = 400
    r = m("classic-us", "mortgage", 39, buildings={"37": 4, "39": 5})
    assert {b["square"]["name"]: b["proceeds"] for b in r["buildings_sold"]} == {"Park Place": 400,
                                                                     "Boardwalk": 500}
    assert r["cash_received"] == 1100
    assert "step.mortgage.hotel_needs_bank_houses" in keys(r)
    # nl-2001 has no such condition
    assert "step.mortgage.hotel_needs_bank_houses" not in keys(
        m("nl-2001", "mortgage", 39, buildings={"37": 5, "39": 5}))


def test_station_and_utility_values() -> None:
    # mortgage-value: half the price on the deed's back (board.md)
    assert m("nl-2001", "mortgage", "Station Zuid")["cash_received"] == 100
    assert m("classic-us", "mortgage", "Water Works")["cash_received"] == 75


# --------------------------------------------------------------- bankruptcy

def test_bankrupt_to_a_player() -> None:
    # 000 «Faillissement»: the creditor pays 10% at once per mortgaged lot, then lifts or keeps.
    # Kalverstraat 200: 20 / 220 / 20 + 220; Elektriciteitsbedrijf 75: 8 / 83 / 8 + 83
    r = mortgage_cost({"edition": "nl-2001", "action": "bankruptcy", "creditor": "player",
                       "squares": ["Kalverstraat", 12]})
    lots = {lot["square"]["name"]: {o["choice"]: (o["now"], o["later"]) for o in lot["options"]}
            for lot in r["lots"]}
    assert lots == {"Kalverstraat": {"lift-now": (220, 0), "keep": (20, 220)},
                    "Elektriciteitsbedrijf": {"lift-now": (83, 0), "keep": (8, 83)}}
    assert r["totals"] == {"lift_all_now": 303, "keep_all_now": 28, "keep_all_later": 303}


@pytest.mark.parametrize("edition, outcome, key", [
    # 000 and 003 say only that the bank auctions the lots; ruling-bankrupt-mortgaged
    # follows 002: they go up for auction free of mortgage.
    ("nl-2001", "auctioned-unmortgaged", "step.mortgage.bankrupt_bank_lapse"),
    ("nl-modern", "auctioned-unmortgaged", "step.mortgage.bankrupt_bank_lapse"),  # 002: lapse
    ("classic-us", "auctioned-unmortgaged", "step.mortgage.bankrupt_bank_lapse"),
])
def test_bankrupt_to_the_bank(edition: str, outcome: str, key: str) -> None:
    r = mortgage_cost({"edition": edition, "action": "bankruptcy", "creditor": "bank",
                       "square": 39})
    assert [lot["outcome"] for lot in r["lots"]] == [outcome]
    assert key in keys(r)


# --------------------------------------------------------------- bad input

@pytest.mark.parametrize("request_, key, field", [
    ({"edition": "nl-2001", "action": "lift", "square": 39, "mortgaged": False},
     "error.not_mortgaged", "mortgaged"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 39, "mortgaged": True},
     "error.already_mortgaged", "mortgaged"),
    ({"edition": "nl-2001", "action": "lift", "square": 39, "buildings": {"39": 1, "37": 1}},
     "error.mortgaged_with_buildings", "buildings"),
    ({"edition": "nl-2001", "action": "lift", "square": 39, "buildings": {"37": 1}},
     "error.buildings_with_mortgage_in_group", "buildings"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 5, "buildings": {"5": 1}},
     "error.not_buildable", "buildings.5"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 39, "buildings": {"1": 1}},
     "error.not_in_group", "buildings.1"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 39, "buildings": {"37": 3, "39": 1}},
     "error.uneven_buildings", "buildings"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 39, "buildings": {"39": 6}},
     "error.out_of_range", "buildings.39"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 39, "buildings": [1]},
     "error.not_an_object", "buildings"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 0}, "error.not_a_property", "square"),
    ({"edition": "nl-2001", "action": "mortgage", "square": "Nergensstraat"},
     "error.unknown_square", "square"),
    ({"edition": "nl-2001", "action": "mortgage", "square": "9" * 5000},
     "error.unknown_square", "square"),
    ({"edition": "nl-2001", "action": "mortgage", "square": 40}, "error.unknown_square", "square"),
    ({"edition": "nl-2001", "action": "lift"}, "error.missing_field", "square"),
    ({"edition": "nl-2001", "action": "bankruptcy", "creditor": "bank"},
     "error.missing_field", "square"),
    ({"edition": "nl-2001", "action": "borrow", "square": 39}, "error.bad_choice", "action"),
    ({"edition": "nl-card-game", "action": "lift", "square": 39},
     "error.not_a_board_edition", "edition"),
    ({"edition": "nl-2001", "action": "bankruptcy", "creditor": "player", "squares": [39, "39"]},
     "error.duplicate_square", "squares.1"),
    ({"edition": "nl-2001", "action": "bankruptcy", "creditor": "aunt", "square": 39},
     "error.bad_choice", "creditor"),
    ({"edition": "nl-2001", "action": "bankruptcy", "creditor": "bank", "squares": []},
     "error.list_length", "squares"),
])
def test_bad_requests(request_: dict, key: str, field: str) -> None:
    with pytest.raises(EngineError) as err:
        mortgage_cost(request_)
    assert (err.value.key, err.value.field) == (key, field)


def test_no_edition_has_a_mortgage_beside_a_house() -> None:
    # ruling-mortgage-scope: classic-us too clears the group first, so Boardwalk mortgaged
    # beside a house on Park Place is a state no game reaches
    for edition in ("classic-us", "nl-2001"):
        with pytest.raises(EngineError) as err:
            m(edition, "lift", 39, buildings={"37": 1})
        assert err.value.key == "error.buildings_with_mortgage_in_group"


# --------------------------------------------------------------- properties

PROPERTY_REFS = [(e, s.index) for e in BOARD_EDITIONS for s in EDITIONS[e].board.properties]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PROPERTY_REFS))
def test_lifting_costs_more_than_the_mortgage_brought(ref: tuple[str, int]) -> None:
    edition, square = ref
    got = m(edition, "mortgage", square)["cash_received"]
    lift = m(edition, "lift", square)
    assert lift["cost"] > got
    assert lift["interest"] >= lift["interest_exact"]  # rounding never favours the borrower
    recv = {o["choice"]: o for o in m(edition, "receive", square)["options"]}
    assert recv["keep"]["total"] > recv["lift-now"]["total"]  # keeping costs the interest twice


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(BOARD_EDITIONS), st.sampled_from(["brown", "light-blue", "pink", "orange",
                                                         "red", "yellow", "green", "dark-blue"]),
       st.integers(0, 5), st.data())
def test_selling_first_never_loses_money(edition: str, group: str, base: int, data) -> None:
    ed = EDITIONS[edition]
    lots = [s for s in ed.board.squares if s.group == group]
    houses = ed.rules.houses_before_hotel.value
    top = houses + 1
    base = min(base, top)
    levels = [data.draw(st.sampled_from([base, max(0, base - 1)])) for _ in lots]
    request_levels = {str(s.index): (5 if lv == top else lv) for s, lv in zip(lots, levels)}
    target = data.draw(st.sampled_from(lots))
    r = m(edition, "mortgage", target.index, buildings=request_levels)
    assert r["cash_received"] == r["sale_proceeds"] + r["mortgage_value"]
    # half the house price for every level removed (a hotel's own price is one house price)
    removed = sum(b["houses_sold"] + (1 if b["hotel_sold"] else 0) for b in r["buildings_sold"])
    assert r["sale_proceeds"] == removed * target.house_cost // 2
    assert all(s["clause"] in CLAUSES for s in r["steps"])


@pytest.mark.parametrize("edition", ["nl-2001", "nordic-2005", "nl-modern", "classic-us"])
def test_no_buildings_step_for_stations_and_utilities(edition: str) -> None:
    """"First all houses of the group must go" is a street's step: a station or utility
    never carries buildings (a reader of the Dutch calculators met it for the
    Elektriciteitsbedrijf)."""
    board = EDITIONS[edition].board
    assert board is not None
    for sq in board.squares:
        if sq.kind not in ("street", "station", "utility"):
            continue
        r = mortgage_cost({"edition": edition, "square": sq.index, "action": "mortgage"})
        scope_steps = [s for s in r["steps"] if s["key"].startswith("step.mortgage.scope.")]
        assert len(scope_steps) == (1 if sq.kind == "street" else 0), (edition, sq.name)
        # nothing built in the group: nothing to sell, and the step does not say to sell
        assert all(s["key"] == "step.mortgage.scope.nothing_built" for s in scope_steps), sq.name
