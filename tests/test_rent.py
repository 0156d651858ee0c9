"""Rent (engine/rent.py): every rent rule point of edition-differences.md, per edition.

Expected amounts are worked out by hand from the title deeds (shared/reference/board.md)
and the rulebooks; the comment on each case names the clause it checks.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.building import check_build, sell_buildings
from engine.clauses import CLAUSES
from engine.editions import EDITIONS
from engine.errors import EngineError
from engine.rent import rent
from engine.tax import income_tax
from hooks.catalogs.i18n import format_message

ROOT = Path(__file__).resolve().parents[1]
DUTCH_EDITIONS = ("nl-2001", "nl-2001-short", "nl-2001-timed", "nl-modern", "nl-modern-speed")
US_EDITIONS = ("nordic-2005", "classic-us", "classic-us-short")
BOARD_EDITIONS = DUTCH_EDITIONS + US_EDITIONS


def amount(**request) -> int:
    return rent(request)["amount"]


def clauses(result: dict) -> list[str]:
    return [s["clause"] for s in result["steps"]]


def step_of(result: dict, clause: str) -> dict:
    found = [s for s in result["steps"] if s["clause"] == clause]
    assert found, (clause, clauses(result))
    return found[0]


def error(fn, request: dict) -> EngineError:
    with pytest.raises(EngineError) as info:
        fn(request)
    return info.value


# --- streets ------------------------------------------------------------------------

@pytest.mark.parametrize("edition", DUTCH_EDITIONS)
def test_unbuilt_street_dutch_board(edition):
    # rent-street: Kalverstraat's deed says 50; Dorpsstraat 2; Heerestraat 20.
    assert amount(edition=edition, square="Kalverstraat") == 50
    assert amount(edition=edition, square=1) == 2
    assert amount(edition=edition, square="Heerestraat", owned=2) == 20  # 2 of 3: no double


@pytest.mark.parametrize("edition", US_EDITIONS)
def test_unbuilt_street_atlantic_city(edition):
    # rent-street: Boardwalk 50, Mediterranean Avenue 2, Illinois Avenue 20 (2 of 3 owned).
    assert amount(edition=edition, square="Boardwalk") == 50
    assert amount(edition=edition, square="mediterranean avenue") == 2
    assert amount(edition=edition, square=24, owned=2) == 20


@pytest.mark.parametrize("edition,square,expected", [
    ("nl-2001", "Kalverstraat", 100),      # rent-set-double: 000 «Huur», 2 x 50
    ("nl-modern", "Kalverstraat", 100),    # 002 «Straten»
    ("nordic-2005", "Boardwalk", 100),     # 001 «HAMNA PÅ EN ÄGD EGENDOM»
    ("classic-us", "Boardwalk", 100),      # 003 silent: ruling-silent-sources
    ("nl-2001", "Brink", 8),               # 2 x 4
    ("classic-us", "Marvin Gardens", 48),  # 2 x 24, group of three
])
def test_complete_group_doubles(edition, square, expected):
    group_size = 3 if square == "Marvin Gardens" else 2
    result = rent({"edition": edition, "square": square, "owned": group_size})
    assert result["amount"] == expected
    assert clauses(result)[:2] == ["rent-street", "rent-set-double"]


def test_complete_group_cites_its_source():
    # rent-set-double: the step says where the edition's rule comes from.
    us = step_of(rent({"edition": "classic-us", "square": 39, "owned": 2}), "rent-set-double")
    assert us["ruling"] == "ruling-silent-sources" and us["source"] == "003 · Rondom het bord bewegen"
    nl = step_of(rent({"edition": "nl-2001", "square": 39, "owned": 2}), "rent-set-double")
    assert (nl["params"], nl["source"], nl["ruling"]) == ({"base": 50, "rent": 100}, "000 · Huur", None)


@pytest.mark.parametrize("edition,square,expected,key", [
    # rent-mortgaged-group: the other lot of the group is mortgaged.
    ("nl-2001", "Kalverstraat", 50, "step.rent.mortgaged_group.none"),          # 000: no double at all
    ("nl-2001-short", "Kalverstraat", 50, "step.rent.mortgaged_group.none"),
    ("nordic-2005", "Boardwalk", 100, "step.rent.mortgaged_group.double"),      # 001: double allowed
    ("nl-modern", "Kalverstraat", 100, "step.rent.mortgaged_group.others_keep"),  # 002: others keep it
    ("classic-us", "Boardwalk", 100, "step.rent.mortgaged_group.others_keep"),  # ruling
])
def test_mortgaged_lot_in_group(edition, square, expected, key):
    result = rent({"edition": edition, "square": square, "owned": 2, "group_mortgaged": 1})
    assert result["amount"] == expected
    assert step_of(result, "rent-mortgaged-group")["key"] == key


def test_mortgaged_group_rule_on_a_three_lot_group():
    # rent-mortgaged-group: Neude (14) with Vreeburg mortgaged: 000 14, 002 28.
    assert amount(edition="nl-2001", square="Neude", owned=3, group_mortgaged=1) == 14
    assert amount(edition="nl-modern", square="Neude", owned=3, group_mortgaged=2) == 28


@pytest.mark.parametrize("edition,square,expected", [
    # rent-partly-built: an unbuilt lot of a complete, partly built group still doubles.
    ("nl-2001", "Steenstraat", 12),        # 000 «Huizen»: 2 x 6
    ("nordic-2005", "Oriental Avenue", 12),  # ruling-partly-built
    ("nl-modern", "Steenstraat", 12),
    ("classic-us", "Oriental Avenue", 12),
])
def test_partly_built_group(edition, square, expected):
    result = rent({"edition": edition, "square": square, "owned": 3, "group_built": True})
    assert result["amount"] == expected
    assert "rent-partly-built" in clauses(result)


@pytest.mark.parametrize("edition", ("nl-2001", "classic-us"))
def test_no_houses_beside_a_mortgaged_lot(edition):
    # rent-partly-built + rent-mortgaged-group: every edition clears the group before a
    # mortgage (classic-us by ruling-mortgage-scope), so houses beside a mortgage are no input
    err = error(rent, {"edition": edition, "square": 6, "owned": 3, "group_built": True,
                       "group_mortgaged": 1})
    assert err.key == "error.buildings_with_mortgage_in_group"


@pytest.mark.parametrize("edition", ("nl-2001", "nordic-2005", "nl-modern", "classic-us"))
@pytest.mark.parametrize("buildings,expected", [(1, 200), (2, 600), (3, 1400), (4, 1700), (5, 2000)])
def test_houses_and_hotel_on_the_dearest_street(edition, buildings, expected):
    # rent-houses: Kalverstraat / Boardwalk 200, 600, 1400, 1700, hotel 2000.
    result = rent({"edition": edition, "square": 39, "owned": 2, "buildings": buildings})
    assert result["amount"] == expected
    assert clauses(result)[0] == "rent-houses"


def test_velperplein_is_a_ruling_and_differs_from_connecticut():
    # rent-houses: Velperplein 2 houses 120, 3 houses 360 (ruling-velperplein); the US
    # board's Connecticut Avenue at the same index has 100 / 300.
    r2 = rent({"edition": "nl-2001", "square": "Velperplein", "owned": 3, "buildings": 2})
    assert r2["amount"] == 120 and r2["steps"][0]["ruling"] == "ruling-velperplein"
    assert amount(edition="nl-2001", square=9, owned=3, buildings=3) == 360
    assert amount(edition="classic-us", square=9, owned=3, buildings=2) == 100
    assert amount(edition="classic-us", square=9, owned=3, buildings=3) == 300
    # 1 house and the hotel are not disputed: no ruling.
    assert rent({"edition": "nl-2001", "square": 9, "owned": 3, "buildings": 1})["steps"][0]["ruling"] is None


def test_short_game_hotel_rent_unchanged_and_no_fourth_house():
    # short-hotel: 3 houses before a hotel; the hotel's rent stays 2000 (000, short game).
    assert amount(edition="nl-2001-short", square=39, owned=2, buildings=5) == 2000
    assert amount(edition="nl-2001-short", square=39, owned=2, buildings=3) == 1400
    err = error(rent, {"edition": "nl-2001-short", "square": 39, "owned": 2, "buildings": 4})
    assert (err.key, err.field, err.params["max"]) == ("error.building_level", "buildings", 3)
    assert amount(edition="classic-us-short", square=39, owned=2, buildings=4) == 1700


# --- stations ------------------------------------------------------------------------

@pytest.mark.parametrize("edition", BOARD_EDITIONS)
@pytest.mark.parametrize("owned,expected", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_station_rent_by_number_owned(edition, owned, expected):
    # rent-station: 25 / 50 / 100 / 200 in every edition.
    assert amount(edition=edition, square=15, owned=owned) == expected


@pytest.mark.parametrize("edition", ("nl-2001", "nordic-2005", "nl-modern", "classic-us"))
def test_mortgaged_stations_still_count(edition):
    # rent-station: 3 owned, one of the others mortgaged: still 100 (002 fact, others rulings).
    result = rent({"edition": edition, "square": 25, "owned": 3, "group_mortgaged": 1})
    assert result["amount"] == 100
    assert step_of(result, "rent-station")["params"]["counted"] == 3


def test_nearest_railroad_card_doubles_only_in_classic_us():
    # rent-card-arrival: classic-us "advance to the nearest railroad": 2 x 50 = 100;
    # the Reading Railroad card ("card") is an ordinary arrival: 50.
    assert amount(edition="classic-us", square=5, owned=2, arrival="nearest-card") == 100
    assert amount(edition="classic-us", square=5, owned=2, arrival="card") == 50
    assert amount(edition="classic-us", square=35, owned=4, arrival="nearest-card") == 400
    for edition in ("nl-2001", "nordic-2005", "nl-modern"):
        err = error(rent, {"edition": edition, "square": 5, "arrival": "nearest-card"})
        assert (err.key, err.field) == ("error.no_such_card", "arrival")
        assert amount(edition=edition, square=5, owned=2, arrival="card") == 50


# --- utilities -----------------------------------------------------------------------

@pytest.mark.parametrize("edition", ("nl-2001", "nordic-2005", "classic-us", "nl-2001-short"))
def test_utility_counts_the_arrival_roll(edition):
    # rent-utility: one utility 4 x 7 = 28, both 10 x 7 = 70.
    assert amount(edition=edition, square=12, owned=1, dice=[3, 4]) == 28
    assert amount(edition=edition, square=28, owned=2, dice=[6, 1]) == 70
    assert amount(edition=edition, square=28, owned=2, dice=[6, 6]) == 120


def test_utility_by_card_nl_2001_rolls_again():
    # rent-utility-card: 000 «Nutsbedrijven»: arrived by a card, roll the dice: 4 x 11.
    result = rent({"edition": "nl-2001", "square": 12, "arrival": "card", "dice": [1, 1], "reroll": [6, 5]})
    assert result["amount"] == 44
    assert step_of(result, "rent-utility-card")["key"] == "step.rent.utility_dice.reroll"
    assert error(rent, {"edition": "nl-2001", "square": 12, "arrival": "card", "dice": [1, 1]}).field == "reroll"


def test_utility_by_card_nordic_counts_the_arrival_roll():
    # rent-utility-card: 001 is silent, ruling-utility-dice: the roll that brought the player (3+4).
    result = rent({"edition": "nordic-2005", "square": 12, "arrival": "card", "dice": [3, 4], "reroll": [6, 6]})
    assert result["amount"] == 28
    assert step_of(result, "rent-utility-card")["ruling"] == "ruling-utility-dice"


def test_utility_nl_modern_always_rolls_again():
    # rent-utility: 002 «Nutsbedrijven»: roll again: 4 x (2+5) = 28, the arrival roll does not count.
    assert amount(edition="nl-modern", square=12, dice=[6, 6], reroll=[2, 5]) == 28
    assert amount(edition="nl-modern", square=12, owned=2, reroll=[2, 5]) == 70
    assert error(rent, {"edition": "nl-modern", "square": 12, "dice": [3, 4]}).field == "reroll"


def test_utility_by_nearest_card_classic_us_is_ten_times():
    # rent-utility-card: classic-us card "advance to the nearest utility": 10 x a new roll,
    # however many utilities the owner has: 10 x 7 = 70.
    result = rent({"edition": "classic-us", "square": 12, "owned": 1, "arrival": "nearest-card", "reroll": [3, 4]})
    assert result["amount"] == 70
    assert "step.rent.utility_card_10x" in [s["key"] for s in result["steps"]]
    assert amount(edition="classic-us", square=28, owned=1, arrival="card", reroll=[1, 2]) == 30
    err = error(rent, {"edition": "nl-2001", "square": 12, "arrival": "nearest-card", "reroll": [3, 4]})
    assert err.key == "error.no_such_card"


@pytest.mark.parametrize("face,expected", [("bus", 28), ("mr-monopoly", 28), (1, 32), (2, 36), (3, 40)])
def test_speed_die_counts_for_utilities(face, expected):
    # speed-die: 002 «Voor gevorderden»: roll all three, Bus and Mr. Monopoly count 0: 4 x (3+4+face).
    assert amount(edition="nl-modern-speed", square=28, reroll=[3, 4, face]) == expected
    assert amount(edition="nl-modern-speed", square=28, reroll=[3, 4], speed_face=face) == expected


def test_speed_die_both_utilities_and_errors():
    # speed-die: 10 x (6+6+3) = 150.
    result = rent({"edition": "nl-modern-speed", "square": 12, "owned": 2, "reroll": [6, 6, 3]})
    assert result["amount"] == 150
    assert step_of(result, "speed-die")["params"]["total"] == 15
    assert error(rent, {"edition": "nl-modern-speed", "square": 12, "reroll": [3, 4]}).field == "speed_face"
    assert error(rent, {"edition": "nl-modern", "square": 12, "reroll": [3, 4, 2]}).key == "error.no_speed_die"
    assert error(rent, {"edition": "nl-modern-speed", "square": 12, "reroll": [3, 4, 2],
                        "speed_face": 1}).key == "error.speed_face_conflict"
    assert error(rent, {"edition": "nl-modern-speed", "square": 12, "reroll": [3, 4, 4]}).key == "error.bad_choice"


# --- mortgaged square, owner in jail, claiming ------------------------------------------

@pytest.mark.parametrize("edition", BOARD_EDITIONS)
@pytest.mark.parametrize("square", (39, 5, 12))
def test_mortgaged_square_earns_nothing(edition, square):
    # rent-mortgaged: no rent on a mortgaged property (no dice needed for a utility).
    result = rent({"edition": edition, "square": square, "mortgaged": True})
    assert result["amount"] == 0
    assert clauses(result) == ["rent-mortgaged"]


@pytest.mark.parametrize("edition,ruling", [
    ("nl-2001", None), ("nordic-2005", None), ("nl-modern", None), ("classic-us", "ruling-jailed-nothing")])
def test_owner_in_jail_still_collects(edition, ruling):
    # rent-owner-in-jail: every edition lets a jailed owner collect; classic-us by ruling.
    result = rent({"edition": edition, "square": 39, "owned": 2, "owner_in_jail": True})
    assert result["amount"] == 100
    assert step_of(result, "rent-owner-in-jail")["ruling"] == ruling


@pytest.mark.parametrize("edition,key", [
    ("nl-2001", "step.rent.claim.before_next_roll"),           # 000 «Huur»
    ("nordic-2005", "step.rent.claim.owner_watches"),          # 001 «BEMÆRKNINGER TIL SPILLET»
    ("nl-modern", "step.rent.claim.before_second_next_roll"),  # 002 «Straten»
    ("classic-us", "step.rent.claim.before_next_roll"),        # ruling-rent-deadline
])
def test_claim_deadline_step(edition, key):
    # rent-claim: the last step says until when the owner may ask.
    last = rent({"edition": edition, "square": 1})["steps"][-1]
    assert (last["clause"], last["key"], last["params"]["amount"]) == ("rent-claim", key, 2)


def test_result_shape():
    result = rent({"edition": "nordic-2005", "square": "Park Place", "owned": 2})
    assert result["currency"] == "USD" and result["edition"] == "nordic-2005"
    assert result["square"] == {"index": 37, "name": "Park Place", "kind": "street", "group": "dark-blue"}
    assert result["amount"] == 70
    json.dumps(result)


# --- impossible states and bad input ----------------------------------------------------

@pytest.mark.parametrize("request_,key,field", [
    ({"square": 4}, "error.not_a_property", "square"),
    ({"square": 0}, "error.not_a_property", "square"),
    ({"square": 5, "buildings": 1}, "error.not_buildable", "buildings"),
    ({"square": 12, "group_built": True, "dice": [1, 1]}, "error.not_buildable", "group_built"),
    ({"square": 39, "owned": 1, "buildings": 2}, "error.buildings_incomplete_group", "buildings"),
    ({"square": 39, "owned": 1, "group_built": True}, "error.buildings_incomplete_group", "group_built"),
    ({"square": 39, "owned": 2, "buildings": 2, "mortgaged": True}, "error.mortgaged_with_buildings", "mortgaged"),
    ({"square": 39, "owned": 2, "buildings": 2, "group_mortgaged": 1}, "error.buildings_with_mortgage_in_group",
     "group_mortgaged"),
    ({"square": 39, "owned": 2, "buildings": 2, "group_built": False}, "error.group_built_conflict", "group_built"),
    ({"square": 39, "owned": 3}, "error.out_of_range", "owned"),
    ({"square": 15, "owned": 5}, "error.out_of_range", "owned"),
    ({"square": 39, "buildings": 6}, "error.out_of_range", "buildings"),
    ({"square": 39, "owned": 2, "group_mortgaged": 2}, "error.out_of_range", "group_mortgaged"),
    ({"square": 12, "dice": [0, 7]}, "error.out_of_range", "dice.0"),
    ({"square": 12, "dice": [3, True]}, "error.not_an_integer", "dice.1"),
    ({"square": 12}, "error.missing_field", "dice"),
    ({"square": 12, "speed_face": 2, "dice": [1, 2]}, "error.no_speed_die", "speed_face"),
    ({"square": 39, "arrival": "nearest-card"}, "error.no_such_card", "arrival"),
    ({"square": 39, "arrival": "teleport"}, "error.bad_choice", "arrival"),
    ({"square": 40}, "error.unknown_square", "square"),
    ({"square": "Boardwalk"}, "error.unknown_square", "square"),
    ({"square": 39, "houses": 2}, "error.unknown_field", "houses"),
    ({}, "error.missing_field", "square"),
    ({"square": 10**5000}, "error.unknown_square", "square"),
    ({"square": "²"}, "error.unknown_square", "square"),
    ({"square": 39, "owned": 10**5000}, "error.out_of_range", "owned"),
])
def test_impossible_or_bad_requests(request_, key, field):
    err = error(rent, {"edition": "nl-2001", **request_})
    assert (err.key, err.field) == (key, field)


def test_classic_us_has_no_house_beside_a_mortgage():
    # ruling-mortgage-scope: Boardwalk with a house while Park Place is mortgaged is unreachable
    err = error(rent, {"edition": "classic-us", "square": 39, "owned": 2, "buildings": 1, "group_mortgaged": 1})
    assert err.key == "error.buildings_with_mortgage_in_group"


@pytest.mark.parametrize("edition", [None, "xx", "nl-card-game", 3, ["nl-2001"]])
def test_bad_edition(edition):
    err = error(rent, {"edition": edition, "square": 39})
    assert err.field == "edition"


@pytest.mark.parametrize("request_", [None, [], "x", 3, {1: 2}])
def test_request_not_an_object(request_):
    assert error(rent, request_).key == "error.request_not_object"


# --- properties ---------------------------------------------------------------------------

STREETS = {ed: [i for i in range(40) if EDITIONS[ed].board.squares[i].kind == "street"] for ed in BOARD_EDITIONS}


@settings(max_examples=150, deadline=None)
@given(edition=st.sampled_from(BOARD_EDITIONS), data=st.data(), in_jail=st.booleans())
def test_rent_never_decreases_as_buildings_are_added(edition, data, in_jail):
    square = data.draw(st.sampled_from(STREETS[edition]))
    board = EDITIONS[edition].board
    size = len(board.group(board.squares[square].group))
    hbh = EDITIONS[edition].rules.houses_before_hotel.value
    levels = list(range(hbh + 1)) + [5]
    rents = [amount(edition=edition, square=square, owned=size, buildings=b, owner_in_jail=in_jail) for b in levels]
    assert rents == sorted(rents)
    assert rents[0] < rents[1]  # even one house beats the doubled unbuilt rent
    single = amount(edition=edition, square=square, owned=size - 1) if size > 1 else rents[0] // 2
    assert single * 2 == rents[0]


@settings(max_examples=100, deadline=None)
@given(edition=st.sampled_from(BOARD_EDITIONS), a=st.integers(1, 6), b=st.integers(1, 6))
def test_utility_and_station_rent_grow_with_what_the_owner_has(edition, a, b):
    roll = {"dice": [a, b], "reroll": [a, b, 1] if EDITIONS[edition].rules.speed_die.value else [a, b]}
    one, two = (amount(edition=edition, square=12, owned=n, **roll) for n in (1, 2))
    assert 0 < one < two
    stations = [amount(edition=edition, square=35, owned=n) for n in (1, 2, 3, 4)]
    assert stations == sorted(stations) and len(set(stations)) == 4


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
FIELD_VALUES = {
    "edition": st.sampled_from(BOARD_EDITIONS + ("nl-card-game", "x")) | JSONISH,
    "square": st.integers(-2, 41) | st.sampled_from(["Kalverstraat", "Boardwalk", "12", "income"]) | JSONISH,
    "owned": st.integers(-1, 5) | JSONISH,
    "mortgaged": st.booleans() | JSONISH,
    "group_mortgaged": st.integers(-1, 3) | JSONISH,
    "buildings": st.integers(-1, 6) | JSONISH,
    "group_built": st.booleans() | JSONISH,
    "arrival": st.sampled_from(["roll", "card", "nearest-card", "x"]) | JSONISH,
    "dice": st.lists(st.integers(0, 7), max_size=3) | JSONISH,
    "reroll": st.lists(st.integers(0, 7) | st.sampled_from(["bus", "mr-monopoly"]), max_size=3) | JSONISH,
    "speed_face": st.sampled_from([1, 2, 3, 4, "bus", "mr-monopoly", True]) | JSONISH,
    "owner_in_jail": st.booleans() | JSONISH,
    "house_rules": st.sampled_from([[], ["free-parking-pot"], ["x"], [[1]]]) | JSONISH,
}


def check_result(result: dict) -> None:
    json.dumps(result)
    assert isinstance(result["amount"], int) and result["amount"] >= 0
    for s in result["steps"]:
        assert s["clause"] in CLAUSES


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({}, optional=FIELD_VALUES))
def test_any_request_gives_a_result_or_an_engine_error(request_):
    try:
        result = rent(request_)
    except EngineError as err:
        assert err.key.startswith("error.")
        json.dumps(err.to_dict())
        return
    check_result(result)


# --- translations: every key these modules emit has a Dutch text -----------------------

GENERIC = {"error.missing_field", "error.not_an_integer", "error.out_of_range", "error.not_a_boolean",
           "error.bad_choice", "error.request_not_object", "error.unknown_edition", "error.unknown_square",
           "error.not_a_board_edition", "error.not_a_list", "error.list_length"}


def catalog() -> dict[str, str]:
    """Dutch engine messages (engine.po: the one catalog domain of the engine)."""
    with open(ROOT / "translations" / "nl" / "engine.po", "rb") as fh:
        messages = [m for m in read_po(fh, locale="nl") if m.id]
    # a plural message (step.rent.station: "waarvan er 1 meetelt") by its key, every form
    return {m.id[0] if isinstance(m.id, tuple) else m.id:
            " ".join(m.string) if isinstance(m.string, tuple) else m.string for m in messages}


def placeholders(text: str) -> set[str]:
    """The parameters a message's text needs (``{lots_words}``, a count in words, needs ``lots``)."""
    return {name.removesuffix("_words") for _, name, _, _ in string.Formatter().parse(text) if name}


def test_po_parses_and_every_literal_key_has_a_text():
    texts = catalog()
    assert all(texts.values())
    sources = "".join((ROOT / "engine" / f).read_text() for f in ("rent.py", "building.py", "tax.py"))
    literal = set(re.findall(r'"((?:step|error|reason)\.[a-z_.]+[a-z_])"', sources)) - GENERIC
    assert literal and literal <= set(texts), sorted(literal - set(texts))


CORPUS = [
    (rent, {"edition": e, "square": s, "owned": o, **extra})
    for e in BOARD_EDITIONS
    for s, o, extra in [
        (39, 1, {}), (39, 2, {}), (39, 2, {"group_mortgaged": 1}), (39, 2, {"buildings": 3}),
        (39, 2, {"buildings": 5, "owner_in_jail": True}), (6, 3, {"group_built": True}),
        (5, 3, {}), (5, 2, {"arrival": "nearest-card"}), (12, 1, {"dice": [3, 4], "reroll": [2, 2, "bus"]}),
        (12, 2, {"arrival": "card", "dice": [3, 4], "reroll": [2, 2, 3]}),
        (28, 1, {"arrival": "nearest-card", "reroll": [1, 2]}), (39, 1, {"mortgaged": True}),
    ]
] + [
    (check_build, {"edition": e, "square": 39, **extra})
    for e in BOARD_EDITIONS
    for extra in [{}, {"buildings": {"37": 1, "39": 2}}, {"owned_all": False}, {"mortgaged": [37]},
                  {"own_turn": False}, {"buildings": {"37": 4, "39": 4}}, {"buildings": {"37": 3, "39": 3}},
                  {"buildings": {"37": 5, "39": 5}}, {"bank_houses": 0}, {"buildings": {"37": 4, "39": 4},
                                                                          "bank_hotels": 0}]
] + [
    (sell_buildings, {"edition": e, "square": 39, **extra})
    for e in BOARD_EDITIONS
    for extra in [{"buildings": {"37": 2, "39": 2}, "sell": 2}, {"buildings": {"37": 5, "39": 5}},
                  {"buildings": {"37": 5, "39": 5}, "bank_houses": 0},
                  {"buildings": {"37": 5, "39": 5}, "sell": {"37": 5, "39": 5}},
                  {"buildings": {"37": 3, "39": 3}, "sell": {"39": 2}}]
] + [
    (income_tax, {"edition": e, "square": s, **extra})
    for e in BOARD_EDITIONS
    for s, extra in [(4, {}), (38, {}), (4, {"cash": 1005}), (4, {"cash": 2000}),
                     (4, {"cash": 5000, "properties": [{"square": 37, "buildings": 5}, {"square": 39, "buildings": 5}]})]
]


@pytest.mark.parametrize("fn,request_", CORPUS)
def test_every_emitted_key_has_a_dutch_text_with_known_placeholders(fn, request_):
    texts = catalog()
    try:
        result = fn(request_)
    except EngineError as err:
        if err.key not in GENERIC:
            assert err.key in texts
            assert placeholders(texts[err.key]) <= set(err.params), err.key
        return
    for s in result["steps"]:
        assert s["key"] in texts, s["key"]
        assert placeholders(texts[s["key"]]) <= set(s["params"]), s["key"]
        format_message(texts[s["key"]], s["params"])  # the catalogs' strict filler
    for reason in result.get("reasons", []):
        assert reason in texts, reason
