"""Building and selling back (engine/building.py), per edition.

Expected values are worked out by hand from the deeds (house price 50 / 100 / 150 / 200
by group; a hotel costs the deed's house price, its houses go back) and the rulebooks.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.building import check_build, sell_buildings
from engine.clauses import CLAUSES
from engine.editions import EDITIONS
from engine.errors import EngineError

MAIN = ("nl-2001", "nordic-2005", "nl-modern", "classic-us")
BOARD_EDITIONS = ("nl-2001", "nl-2001-short", "nl-2001-timed", "nl-modern", "nl-modern-speed",
                  "nordic-2005", "classic-us", "classic-us-short")


def build(**request) -> dict:
    return check_build(request)


def sell(**request) -> dict:
    return sell_buildings(request)


def error(fn, request: dict) -> EngineError:
    with pytest.raises(EngineError) as info:
        fn(request)
    return info.value


# --- may I build? ----------------------------------------------------------------------

@pytest.mark.parametrize("edition", MAIN)
def test_first_house_on_a_complete_unbuilt_group(edition):
    # build-set: complete group, nothing mortgaged: a house on the dearest street costs 200.
    r = build(edition=edition, square=39)
    assert (r["allowed"], r["building"], r["cost"], r["reasons"]) == (True, "house", 200, [])
    assert r["buildings_after"] == {"37": 0, "39": 1}
    assert r["bank_houses_after"] == 31
    assert build(edition=edition, square=1)["cost"] == 50     # brown: 50
    assert build(edition=edition, square=21)["cost"] == 150   # red: 150
    assert build(edition=edition, square=13)["cost"] == 100   # pink: 100


@pytest.mark.parametrize("edition", MAIN)
def test_incomplete_group_is_refused(edition):
    # build-set: only on a complete group.
    r = build(edition=edition, square=39, owned_all=False)
    assert not r["allowed"] and r["reasons"] == ["reason.build.incomplete_group"]


@pytest.mark.parametrize("edition", MAIN)
def test_mortgage_in_the_group_is_refused(edition):
    # build-set: no building while any lot of the group is mortgaged.
    r = build(edition=edition, square=39, mortgaged=[37])
    assert not r["allowed"] and r["reasons"] == ["reason.build.mortgage_in_group"]
    assert build(edition=edition, square=39, mortgaged=["Kalverstraat" if edition.startswith("nl")
                                                        else "Boardwalk"])["reasons"] == \
        ["reason.build.mortgage_in_group"]


@pytest.mark.parametrize("edition,allowed", [
    ("nordic-2005", False),  # build-when: 001 «HUS»: only during your own turn
    ("nl-2001", True),       # 000 «Huizen»: at any moment
    ("nl-modern", True),     # 002 «Bouwen»: also outside your turn
    ("classic-us", True),    # ruling-build-outside-turn
])
def test_building_outside_your_own_turn(edition, allowed):
    r = build(edition=edition, square=39, own_turn=False)
    assert r["allowed"] is allowed
    assert r["reasons"] == ([] if allowed else ["reason.build.not_own_turn"])
    assert build(edition=edition, square=39, own_turn=True)["allowed"]
    when = [s for s in r["steps"] if s["clause"] == "build-when"][0]
    assert when["ruling"] == ("ruling-build-outside-turn" if edition == "classic-us" else None)


@pytest.mark.parametrize("edition", MAIN)
def test_even_building(edition):
    # build-even: a second house only when every lot of the group has one.
    r = build(edition=edition, square=39, buildings={"37": 1, "39": 1})
    assert r["allowed"] and r["cost"] == 200 and r["buildings_after"] == {"37": 1, "39": 2}
    r = build(edition=edition, square=39, buildings={"37": 1, "39": 2})
    assert not r["allowed"] and r["reasons"] == ["reason.build.uneven"]
    assert build(edition=edition, square=37, buildings={"37": 1, "39": 2})["allowed"]
    # Three lots (light blue, 50 a house): the unbuilt one comes first.
    r = build(edition=edition, square=6, buildings={"6": 1, "8": 1})
    assert r["reasons"] == ["reason.build.uneven"]
    r = build(edition=edition, square=9, buildings={"6": 1, "8": 1})
    assert (r["allowed"], r["cost"], r["buildings_after"]) == (True, 50, {"6": 1, "8": 1, "9": 1})


@pytest.mark.parametrize("edition", MAIN)
def test_hotel_after_four_houses(edition):
    # build-hotel: 4 houses on every lot; the hotel costs the deed's price (200) and the
    # 4 houses go back to the bank: 32 - 8 on the board = 24 in the bank, +4 = 28.
    r = build(edition=edition, square=39, buildings={"37": 4, "39": 4})
    assert (r["allowed"], r["building"], r["cost"]) == (True, "hotel", 200)
    assert r["buildings_after"] == {"37": 4, "39": 5}
    assert (r["bank_houses_after"], r["bank_hotels_after"]) == (28, 11)
    r = build(edition=edition, square=39, buildings={"37": 3, "39": 4})
    assert not r["allowed"] and r["reasons"] == ["reason.build.hotel_needs_houses"]
    r = build(edition=edition, square=39, buildings={"37": 4, "39": 5})
    assert r["reasons"] == ["reason.build.has_hotel"] and r["cost"] is None and r["building"] is None
    assert build(edition=edition, square=37, buildings={"37": 4, "39": 5})["building"] == "hotel"


def test_short_game_hotel_after_three_houses():
    # short-hotel: 000 short game: 3 houses, then the hotel (cost 200, 3 houses back).
    r = build(edition="nl-2001-short", square=39, buildings={"37": 3, "39": 3})
    assert (r["allowed"], r["building"], r["cost"], r["buildings_after"]) == (True, "hotel", 200, {"37": 3, "39": 5})
    assert r["bank_houses_after"] == 32 - 6 + 3
    assert [s["clause"] for s in r["steps"]].count("short-hotel") == 2
    assert build(edition="nl-2001-short", square=39, buildings={"37": 2, "39": 3})["reasons"] == \
        ["reason.build.hotel_needs_houses"]
    assert build(edition="nl-2001", square=39, buildings={"37": 3, "39": 3})["building"] == "house"
    assert build(edition="classic-us-short", square=39, buildings={"37": 3, "39": 3})["building"] == "house"
    err = error(check_build, {"edition": "nl-2001-short", "square": 39, "buildings": {"37": 4, "39": 4}})
    assert err.key == "error.building_level"


@pytest.mark.parametrize("edition", MAIN)
def test_bank_stock(edition):
    # build-limit: 32 houses and 12 hotels in the box.
    r = build(edition=edition, square=39, bank_houses=0)
    assert r["reasons"] == ["reason.build.no_houses"]
    r = build(edition=edition, square=39, buildings={"37": 4, "39": 4}, bank_hotels=0)
    assert r["reasons"] == ["reason.build.no_hotels"]
    # A hotel needs no house from the bank.
    assert build(edition=edition, square=39, buildings={"37": 4, "39": 4}, bank_houses=0)["allowed"]
    assert build(edition=edition, square=39, bank_houses=1)["allowed"]


def test_several_reasons_at_once():
    r = build(edition="nordic-2005", square=39, owned_all=False, own_turn=False, bank_houses=0)
    assert r["reasons"] == ["reason.build.incomplete_group", "reason.build.not_own_turn", "reason.build.no_houses"]


def test_no_house_beside_a_mortgage_and_no_building_while_it_runs():
    # every edition clears the group before a mortgage (classic-us by ruling-mortgage-scope):
    # a house beside a mortgaged lot is refused as input, and nothing is built meanwhile
    r = build(edition="classic-us", square=37, mortgaged=[39])
    assert r["reasons"] == ["reason.build.mortgage_in_group"]
    for edition in ("classic-us", "nl-2001"):
        err = error(check_build, {"edition": edition, "square": 37, "buildings": {"37": 1},
                                  "mortgaged": [39]})
        assert (err.key, err.field) == ("error.buildings_with_mortgage_in_group", "mortgaged")


@pytest.mark.parametrize("request_,key,field", [
    ({"buildings": {"37": 0, "39": 2}}, "error.uneven_buildings", "buildings"),
    ({"buildings": {"37": 3, "39": 5}}, "error.uneven_buildings", "buildings"),  # a hotel beside 3 houses
    ({"buildings": {"39": 1}, "mortgaged": [39]}, "error.mortgaged_with_buildings", "mortgaged"),
    ({"buildings": {"37": 1, "39": 1}, "owned_all": False}, "error.buildings_incomplete_group", "buildings"),
    ({"buildings": {"37": 4, "39": 4}, "bank_houses": 25}, "error.bank_stock_exceeded", "bank_houses"),
    ({"buildings": {"37": 5, "39": 5}, "bank_hotels": 11}, "error.bank_stock_exceeded", "bank_hotels"),
    ({"buildings": {"38": 1}}, "error.not_in_group", "buildings.38"),
    ({"buildings": {"1": 1}}, "error.not_in_group", "buildings.1"),
    ({"buildings": {"39": 1, "Kalverstraat": 1}}, "error.duplicate_square", "buildings.Kalverstraat"),
    ({"buildings": [1, 2]}, "error.not_an_object", "buildings"),
    ({"buildings": {"39": 6}}, "error.out_of_range", "buildings.39"),
    ({"buildings": {"39": "2"}}, "error.not_an_integer", "buildings.39"),
    ({"mortgaged": [37, 37]}, "error.duplicate_square", "mortgaged.1"),
    ({"mortgaged": "37"}, "error.not_a_list", "mortgaged"),
    ({"mortgaged": [[37]]}, "error.unknown_square", "mortgaged.0"),
    ({"bank_houses": 33}, "error.out_of_range", "bank_houses"),
    ({"own_turn": "yes"}, "error.not_a_boolean", "own_turn"),
    ({"square": 5}, "error.not_buildable", "square"),
    ({"square": 4}, "error.not_buildable", "square"),
    ({"square": None}, "error.missing_field", "square"),
])
def test_impossible_states_are_errors(request_, key, field):
    err = error(check_build, {"edition": "nl-2001", "square": 39, **request_})
    assert (err.key, err.field) == (key, field)


# --- selling back ---------------------------------------------------------------------------

@pytest.mark.parametrize("edition", MAIN)
def test_houses_sell_for_half_evenly(edition):
    # build-sell: half the house price (200 / 2 = 100), from the most built lot, this one first.
    r = sell(edition=edition, square=39, buildings={"37": 3, "39": 3}, sell=3)
    assert (r["allowed"], r["proceeds"]) == (True, 300)
    assert r["buildings_after"] == {"37": 2, "39": 1}
    assert r["bank_houses_after"] == 32 - 6 + 3
    r = sell(edition=edition, square=1, buildings={"1": 2, "3": 1})
    assert (r["proceeds"], r["buildings_after"]) == (25, {"1": 1, "3": 1})  # brown: 50 / 2


@pytest.mark.parametrize("edition", MAIN)
def test_uneven_selling_is_refused(edition):
    # build-sell: selling goes evenly, like building.
    r = sell(edition=edition, square=39, buildings={"37": 3, "39": 3}, sell={"39": 2})
    assert (r["allowed"], r["reasons"], r["proceeds"]) == (False, ["reason.sell.uneven"], 0)
    assert r["buildings_after"] == {"37": 3, "39": 3}


@pytest.mark.parametrize("edition", ("nl-2001", "nordic-2005", "nl-modern"))
def test_hotel_sold_with_its_houses(edition):
    # build-sell-hotel: half the hotel price (100) + half the price of its 4 houses (400)
    # = 500 a lot; both hotels of the group at once: 1000.
    r = sell(edition=edition, square=39, buildings={"37": 5, "39": 5}, sell={"37": 5, "39": 5})
    assert (r["allowed"], r["proceeds"], r["buildings_after"]) == (True, 1000, {"37": 0, "39": 0})
    assert (r["bank_houses_after"], r["bank_hotels_after"]) == (32, 12)


@pytest.mark.parametrize("edition", MAIN)
def test_hotel_swapped_back_for_houses(edition):
    # build-sell-hotel: the hotel alone goes for half its price (100); 4 houses come back on
    # the lot, and the bank must have them.
    r = sell(edition=edition, square=39, buildings={"37": 5, "39": 5}, bank_houses=4)
    assert (r["allowed"], r["proceeds"], r["buildings_after"]) == (True, 100, {"37": 5, "39": 4})
    assert (r["bank_houses_after"], r["bank_hotels_after"]) == (0, 11)
    r = sell(edition=edition, square=39, buildings={"37": 5, "39": 5}, bank_houses=3)
    assert (r["allowed"], r["reasons"]) == (False, ["reason.sell.bank_lacks_houses"])


@pytest.mark.parametrize("edition", MAIN)
def test_all_hotels_at_once_need_no_houses(edition):
    # build-sell-hotel: every lot of the green group has a hotel and all go at once:
    # no houses needed; 3 x (100 + 4 x 100) = 1500.
    r = sell(edition=edition, square=31, buildings={"31": 5, "32": 5, "34": 5}, bank_houses=0, sell=15)
    assert (r["allowed"], r["proceeds"]) == (True, 1500)


@pytest.mark.parametrize("edition,allowed,proceeds", [
    # build-sell-hotel with the bank out of houses, green group hotel / hotel / 4 houses, all sold:
    ("nl-2001", True, 1400),      # 000: half hotel + half houses, no houses needed (ruling-hotel-no-houses)
    ("nordic-2005", True, 1400),  # 001: same
    ("nl-modern", True, 1400),    # 002: same
    ("classic-us", False, 0),     # 003: a hotel needs bank houses unless every lot has one
])
def test_hotels_when_the_bank_has_no_houses(edition, allowed, proceeds):
    # 2 x (100 + 4 x 100) + 4 x 100 = 1400.
    r = sell(edition=edition, square=31, buildings={"31": 5, "32": 5, "34": 4}, bank_houses=0,
             sell={"31": 5, "32": 5, "34": 4})
    assert (r["allowed"], r["proceeds"]) == (allowed, proceeds)
    if not allowed:
        assert r["reasons"] == ["reason.sell.bank_lacks_houses"]
        assert r["buildings_after"] == r["buildings_before"]


def test_classic_us_needs_houses_for_every_hotel_broken_down():
    # build-sell-hotel: two hotels down to 4 houses each need 8 houses; 003 counts them all.
    r = sell(edition="classic-us", square=39, buildings={"37": 5, "39": 5}, sell=2, bank_houses=4)
    assert r["reasons"] == ["reason.sell.bank_lacks_houses"]
    r = sell(edition="classic-us", square=39, buildings={"37": 5, "39": 5}, sell=2, bank_houses=8)
    assert (r["allowed"], r["proceeds"], r["buildings_after"]) == (True, 200, {"37": 4, "39": 4})


def test_short_game_hotel_brings_half_and_three_houses():
    # build-sell-hotel, 000 short game: half the hotel price (100) plus 3 houses: either
    # back on the lot, or sold too (3 x 100): 400 a lot.
    r = sell(edition="nl-2001-short", square=39, buildings={"37": 5, "39": 5}, bank_houses=3)
    assert (r["proceeds"], r["buildings_after"], r["bank_houses_after"]) == (100, {"37": 5, "39": 3}, 0)
    r = sell(edition="nl-2001-short", square=39, buildings={"37": 5, "39": 5}, sell={"37": 4, "39": 4})
    assert (r["proceeds"], r["buildings_after"]) == (800, {"37": 0, "39": 0})


@pytest.mark.parametrize("request_,key,field", [
    ({"buildings": {"37": 3, "39": 3}, "sell": {"39": 4}}, "error.out_of_range", "sell.39"),
    ({"buildings": {"37": 3, "39": 3}, "sell": 7}, "error.out_of_range", "sell"),
    ({"buildings": {"37": 3, "39": 3}, "sell": 0}, "error.out_of_range", "sell"),
    ({"buildings": {"37": 3, "39": 3}, "sell": {"39": 0}}, "error.nothing_to_sell", "sell"),
    ({"buildings": {}}, "error.nothing_to_sell", "sell"),
    ({"buildings": {"37": 3, "39": 3}, "sell": "all"}, "error.not_an_integer", "sell"),
    ({"buildings": {"37": 3, "39": 3}, "sell": {"1": 1}}, "error.not_in_group", "sell.1"),
    ({"buildings": {"37": 1, "39": 3}}, "error.uneven_buildings", "buildings"),
    ({"square": 12, "buildings": {}}, "error.not_buildable", "square"),
])
def test_sell_errors(request_, key, field):
    err = error(sell_buildings, {"edition": "nl-2001", "square": 39, **request_})
    assert (err.key, err.field) == (key, field)


# --- properties -------------------------------------------------------------------------------

def group_states(edition: str):
    """A strategy for a valid, even group state on one of the edition's streets."""
    ed = EDITIONS[edition]
    hbh = ed.rules.houses_before_hotel.value
    streets = [sq for sq in ed.board.squares if sq.kind == "street"]

    @st.composite
    def draw(draw_):
        sq = draw_(st.sampled_from(streets))
        lots = ed.board.group(sq.group)
        low = draw_(st.integers(0, hbh))
        levels = [low + draw_(st.integers(0, 1)) for _ in lots]
        buildings = {str(lot.index): (5 if level == hbh + 1 else level) for lot, level in zip(lots, levels)}
        return sq.index, buildings
    return draw()


@settings(max_examples=200, deadline=None)
@given(data=st.data(), edition=st.sampled_from(BOARD_EDITIONS))
def test_selling_brings_half_of_what_was_paid_and_leaves_a_valid_state(data, edition):
    square, buildings = data.draw(group_states(edition))
    units = sum(EDITIONS[edition].rules.houses_before_hotel.value + 1 if b == 5 else b for b in buildings.values())
    if units == 0:
        return
    n = data.draw(st.integers(1, units))
    bank = data.draw(st.integers(0, 32 - sum(b for b in buildings.values() if b != 5)))
    r = sell_buildings({"edition": edition, "square": square, "buildings": buildings, "sell": n, "bank_houses": bank})
    json.dumps(r)
    ed = EDITIONS[edition]
    hbh = ed.rules.houses_before_hotel.value

    def paid(state: dict[str, int]) -> int:
        total = 0
        for idx, b in state.items():
            price = ed.board.squares[int(idx)].house_cost
            total += (price + hbh * price) if b == 5 else b * price
        return total
    if r["allowed"]:
        assert 2 * r["proceeds"] == paid(buildings) - paid(r["buildings_after"])
        # The new state is a possible one: asking about it raises nothing.
        check_build({"edition": edition, "square": square, "buildings": r["buildings_after"],
                     "bank_houses": r["bank_houses_after"]})
    else:
        assert r["proceeds"] == 0 and r["reasons"]


@settings(max_examples=200, deadline=None)
@given(data=st.data(), edition=st.sampled_from(BOARD_EDITIONS))
def test_an_allowed_building_leads_to_a_valid_state(data, edition):
    square, buildings = data.draw(group_states(edition))
    r = check_build({"edition": edition, "square": square, "buildings": buildings})
    for s in r["steps"]:
        assert s["clause"] in CLAUSES
    if r["allowed"]:
        after = check_build({"edition": edition, "square": square, "buildings": r["buildings_after"],
                             "bank_houses": r["bank_houses_after"], "bank_hotels": r["bank_hotels_after"]})
        assert isinstance(after["allowed"], bool)
        # Selling the building again brings half of what it cost.
        back = sell_buildings({"edition": edition, "square": square, "buildings": r["buildings_after"],
                               "sell": {str(square): 1}, "bank_houses": r["bank_houses_after"]})
        if back["allowed"]:
            assert back["proceeds"] * 2 == r["cost"]


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
LOT_REF = st.sampled_from([37, 39, "37", "39", "Kalverstraat", "Boardwalk", 1, "x", -1]) | JSONISH
FIELDS = {
    "edition": st.sampled_from(BOARD_EDITIONS + ("nl-card-game",)) | JSONISH,
    "square": st.sampled_from([37, 39, "Kalverstraat", 5, 40]) | JSONISH,
    "buildings": st.dictionaries(LOT_REF.filter(lambda v: isinstance(v, (int, str))),
                                 st.integers(-1, 6) | JSONISH, max_size=3) | JSONISH,
    "mortgaged": st.lists(LOT_REF, max_size=3) | JSONISH,
    "owned_all": st.booleans() | JSONISH,
    "own_turn": st.booleans() | JSONISH,
    "bank_houses": st.integers(-1, 33) | JSONISH,
    "bank_hotels": st.integers(-1, 13) | JSONISH,
    "sell": st.integers(-1, 12) | st.dictionaries(LOT_REF.filter(lambda v: isinstance(v, (int, str))),
                                                  st.integers(-1, 6) | JSONISH, max_size=3) | JSONISH,
}


@settings(max_examples=400, deadline=None)
@given(st.fixed_dictionaries({}, optional=FIELDS), st.booleans())
def test_any_request_gives_a_result_or_an_engine_error(request_, selling):
    fn = sell_buildings if selling else check_build
    if not selling:
        request_.pop("sell", None)
    try:
        r = fn(request_)
    except EngineError as err:
        assert err.key.startswith("error.")
        json.dumps(err.to_dict())
        return
    json.dumps(r)
    assert isinstance(r["allowed"], bool) and (r["allowed"] == (not r["reasons"]))
