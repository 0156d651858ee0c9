"""The tax squares (engine/tax.py), per edition; worth and 10% worked out by hand."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.editions import EDITIONS
from engine.errors import EngineError
from engine.tax import income_tax

NO_OPTION = ("nl-2001", "nl-2001-short", "nl-2001-timed", "nl-modern", "nl-modern-speed", "nordic-2005")


def tax(**request) -> dict:
    return income_tax(request)


def error(request: dict) -> EngineError:
    with pytest.raises(EngineError) as info:
        income_tax(request)
    return info.value


@pytest.mark.parametrize("edition", NO_OPTION)
@pytest.mark.parametrize("square", (4, "income", "board name"))
def test_income_tax_is_the_amount_on_the_square(edition, square):
    # tax-income: 000 «Belastingen», 001, 002: pay the amount on the square, 200; no 10% option.
    if square == "board name":
        square = EDITIONS[edition].board.squares[4].name  # Inkomstenbelasting / Income Tax
    r = tax(edition=edition, square=square, cash=5000)
    assert (r["amount"], r["flat"], r["percent"], r["cheaper"]) == (200, 200, None, None)
    assert r["choose_before_counting"] is False
    assert [s["clause"] for s in r["steps"]] == ["tax-income"]


@pytest.mark.parametrize("edition,expected,ruling", [
    ("nl-2001", 100, None),                   # tax-luxury: Extra belasting 100 (Dutch board)
    ("nl-modern", 100, None),
    ("nordic-2005", 75, "ruling-luxury-tax"),  # Luxury Tax 75 on the older Atlantic City board
    ("classic-us", 75, "ruling-luxury-tax"),
    ("classic-us-short", 75, "ruling-luxury-tax"),
])
def test_second_tax_square(edition, expected, ruling):
    r = tax(edition=edition, square="luxury")
    assert (r["amount"], r["percent"], r["choose_before_counting"]) == (expected, None, False)
    assert r["steps"][0]["clause"] == "tax-luxury" and r["steps"][0]["ruling"] == ruling
    assert tax(edition=edition, square=38)["amount"] == expected


@pytest.mark.parametrize("edition", ("classic-us", "classic-us-short"))
def test_classic_us_both_options_cash_only(edition):
    # tax-income-percent: 10% of 1500 = 150 < 200; of 2000 = 200 (equal); of 3000 = 300 > 200.
    r = tax(edition=edition, square=4, cash=1500)
    assert (r["flat"], r["percent"], r["worth"], r["cheaper"], r["amount"]) == (200, 150, 1500, "percent", 150)
    assert r["choose_before_counting"] is True
    assert tax(edition=edition, square=4, cash=2000)["cheaper"] == "equal"
    r = tax(edition=edition, square=4, cash=3000)
    assert (r["percent"], r["cheaper"], r["amount"]) == (300, "flat", 200)


def test_classic_us_without_worth_shows_only_the_choice():
    # tax-income-percent: without the worth, the 10% cannot be counted; the rule to choose first stays.
    r = tax(edition="classic-us", square="income")
    assert (r["amount"], r["percent"], r["worth"], r["cheaper"]) == (200, None, None, None)
    assert r["steps"][-1]["key"] == "step.tax.choose_first"


def test_worth_counts_price_mortgage_value_and_cash():
    # tax-income-percent: Boardwalk unmortgaged 400 + Park Place mortgaged 175 + cash 1000
    # = 1575; 10% = 157.5, rounded up (ruling-silent-sources) to 158.
    r = tax(edition="classic-us", square=4, cash=1000,
            properties=[{"square": "Boardwalk"}, {"square": "Park Place", "mortgaged": True}])
    assert (r["worth"], r["percent"], r["cheaper"]) == (1575, 158, "percent")
    rounded = [s for s in r["steps"] if s["key"].startswith("step.tax.percent_rounded")][0]
    assert (rounded["params"]["exact"], rounded["ruling"], rounded["params"]["rounding"]) == (
        "157.5", "ruling-silent-sources", "up")


def test_worth_counts_houses_and_hotels_at_purchase_price():
    # Mediterranean + Baltic (60 + 60) with 2 houses each at 50 (200), cash 5: 325 -> 32.5 -> 33.
    r = tax(edition="classic-us", square=4, cash=5,
            properties=[{"square": 1, "buildings": 2}, {"square": 3, "buildings": 2}])
    assert (r["worth"], r["percent"]) == (325, 33)
    # Park Place + Boardwalk with hotels: 350 + 400 + 2 x (200 + 4 x 200) = 2750 -> 275;
    # a hotel counts as its price plus the 4 houses paid for it (ruling-income-tax).
    r = tax(edition="classic-us", square=4,
            properties=[{"square": 37, "buildings": 5}, {"square": 39, "buildings": 5}])
    assert (r["worth"], r["percent"], r["cheaper"]) == (2750, 275, "flat")
    assert "ruling-income-tax" in [s["clause"] for s in r["steps"]]


def test_worth_counts_stations_and_utilities():
    # Reading Railroad 200 + Electric Company mortgaged 75 = 275 -> 27.5 -> 28.
    r = tax(edition="classic-us", square=4,
            properties=[{"square": "Reading Railroad"}, {"square": 12, "mortgaged": True}])
    assert (r["worth"], r["percent"]) == (275, 28)


def test_exact_ten_percent_is_not_rounded():
    r = tax(edition="classic-us", square=4, cash=1230)
    assert r["percent"] == 123
    assert "step.tax.percent" in [s["key"] for s in r["steps"]]


@pytest.mark.parametrize("request_,key,field", [
    ({"square": 5}, "error.not_a_tax_square", "square"),
    ({"square": "Boardwalk"}, "error.not_a_tax_square", "square"),
    ({"square": "luxe"}, "error.unknown_square", "square"),
    ({"square": 4, "cash": -1}, "error.out_of_range", "cash"),
    ({"square": 4, "cash": 1.5}, "error.not_an_integer", "cash"),
    ({"square": 4, "properties": {"square": 39}}, "error.not_a_list", "properties"),
    ({"square": 4, "properties": [39]}, "error.not_an_object", "properties.0"),
    ({"square": 4, "properties": [{"square": 4}]}, "error.not_a_property", "properties.0.square"),
    ({"square": 4, "properties": [{"square": 39}, {"square": "Boardwalk"}]}, "error.duplicate_square", "properties.1.square"),
    ({"square": 4, "properties": [{"square": 5, "buildings": 1}]}, "error.not_buildable", "properties.0.buildings"),
    ({"square": 4, "properties": [{"square": 39, "buildings": 1}]}, "error.buildings_incomplete_group", "properties"),
    ({"square": 4, "properties": [{"square": 39, "buildings": 3}, {"square": 37, "buildings": 1}]},
     "error.uneven_buildings", "properties"),
    ({"square": 4, "properties": [{"square": 39, "buildings": 1, "mortgaged": True}, {"square": 37, "buildings": 1}]},
     "error.mortgaged_with_buildings", "properties"),
    ({"square": 4, "properties": [{"square": 39, "houses": 1}]}, "error.unknown_field", "properties.0.houses"),
    ({"square": 4, "properties": [{"square": 39, "mortgaged": "no"}]}, "error.not_a_boolean", "properties.0.mortgaged"),
    ({"square": 4, "properties": [{}]}, "error.missing_field", "properties.0.square"),
])
def test_bad_requests(request_, key, field):
    err = error({"edition": "classic-us", **request_})
    assert (err.key, err.field) == (key, field)


def test_errors_name_the_entry():
    err = error({"edition": "classic-us", "square": 4, "properties": [{"square": 39}, {"square": 39}]})
    assert err.field == "properties.1.square"


def test_more_houses_than_the_box_holds():
    # build-limit: 32 houses in the box; 11 streets with 4 houses each (44) is impossible.
    streets = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19]
    err = error({"edition": "classic-us", "square": 4,
                 "properties": [{"square": s, "buildings": 4} for s in streets]})
    assert err.key == "error.bank_stock_exceeded"


# --- properties ---------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(cash=st.integers(0, 10_000_000))
def test_ten_percent_of_cash_rounds_up(cash):
    r = tax(edition="classic-us", square=4, cash=cash)
    assert r["worth"] == cash
    assert r["percent"] * 10 >= cash > (r["percent"] - 1) * 10
    assert r["amount"] == min(200, r["percent"])


PROPERTIES = st.lists(st.fixed_dictionaries({"square": st.integers(0, 39) | st.text(max_size=6)},
                                            optional={"mortgaged": st.booleans() | st.integers(),
                                                      "buildings": st.integers(-1, 6)}), max_size=6)


@settings(max_examples=300, deadline=None)
@given(edition=st.sampled_from(NO_OPTION + ("classic-us", "x")), square=st.sampled_from([4, 38, "income", 5, None]),
       cash=st.none() | st.integers(-5, 10**9) | st.floats(), properties=st.none() | PROPERTIES | st.text())
def test_any_request_gives_a_result_or_an_engine_error(edition, square, cash, properties):
    request = {"edition": edition, "square": square, "cash": cash, "properties": properties}
    try:
        r = income_tax(request)
    except EngineError as err:
        json.dumps(err.to_dict())
        return
    json.dumps(r)
    assert r["amount"] in (r["flat"], r["percent"])
    if r["worth"] is not None:
        more = income_tax({**request, "cash": (cash or 0) + 10})
        assert more["worth"] == r["worth"] + 10 and more["percent"] == r["percent"] + 1
