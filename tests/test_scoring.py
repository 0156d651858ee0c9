"""End-of-game scoring (engine/scoring.py): short games, timed game, card game.

Expected values are worked out by hand from the rulebooks (000 «SPELREGELS VOOR
EEN KORT SPEL», 003 «Einde van het spel», 004 «Scoren») and the deeds in
shared/reference/board.md; each test names the clause it checks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.clauses import CLAUSES
from engine.editions import EDITIONS
from engine.errors import EngineError
from engine.scoring import score


def player(name: str, cash: int, *props: dict) -> dict:
    return {"name": name, "cash": cash, "properties": list(props)}


def lot(square: object, buildings: int = 0, mortgaged: bool = False) -> dict:
    return {"square": square, "buildings": buildings, "mortgaged": mortgaged}


def totals(result: dict) -> dict[str, int]:
    return {p["name"]: p["total"] for p in result["players"]}


# --------------------------------------------------------------- short-score (000)

def test_nl_short_mortgaged_counts_half() -> None:
    # 300 cash + Kalverstraat 400 + Station Zuid mortgaged: half of 200 = 100 -> 800
    r = score({"edition": "nl-2001-short", "players": [
        player("An", 300, lot("Kalverstraat"), lot("Station Zuid", mortgaged=True)),
        player("Bo", 600)]})
    assert totals(r) == {"An": 800, "Bo": 600}
    assert r["winners"] == ["An"]
    assert r["steps"][0]["clause"] == "short-score"


def test_nl_short_houses_at_purchase_price() -> None:
    # Dorpsstraat + Brink (60 + 60), two houses each at 50: 4 x 50 = 200; cash 100 -> 420
    r = score({"edition": "nl-2001-short", "players": [
        player("An", 100, lot(1, 2), lot(3, 2)), player("Bo", 0)]})
    assert totals(r)["An"] == 420
    items = [i for i in r["players"][0]["breakdown"] if i["item"] == "houses"]
    assert [(i["count"], i["amount"]) for i in items] == [(2, 100), (2, 100)]


def test_nl_short_hotel_is_four_house_prices() -> None:
    # short-hotel: 3 houses, then the hotel (price = one house): 4 x 200 = 800 per hotel,
    # as 000 writes "(= de prijs van vier huizen)"; ruling-short-hotel-value
    r = score({"edition": "nl-2001-short", "players": [
        player("An", 0, lot(37, 5), lot(39, 5)), player("Bo", 0)]})
    assert totals(r)["An"] == 350 + 400 + 800 + 800
    step = next(s for s in r["steps"] if s["clause"] == "ruling-short-hotel-value")
    assert step["params"]["house_prices"] == 4


def test_timed_game_valued_like_the_short_game_with_four_houses() -> None:
    # timed-game / ruling-timed-valuation: 4 houses before a hotel -> hotel = 5 x 200 = 1000
    r = score({"edition": "nl-2001-timed", "players": [
        player("An", 0, lot(37, 5), lot(39, 5)), player("Bo", 0)]})
    assert totals(r)["An"] == 350 + 400 + 1000 + 1000
    assert r["steps"][0]["clause"] == "timed-game"
    assert r["steps"][0]["ruling"] == "ruling-timed-valuation"


# --------------------------------------------------------------- classic-us short game (003)

def test_classic_short_mortgage_value_and_hotels() -> None:
    # 003: unmortgaged at printed price, mortgaged at mortgage value, buildings at cost.
    # Park Place + Boardwalk hotels: 350 + 400 + 2 x (4 houses + hotel) x 200 = 2750.
    # Electric Company mortgaged: 75. Cash 50.
    r = score({"edition": "classic-us-short", "players": [
        player("Al", 50, lot("Park Place", 5), lot("Boardwalk", 5),
               lot("Electric Company", mortgaged=True)),
        player("Bea", 3000)]})
    assert totals(r) == {"Al": 50 + 2750 + 75, "Bea": 3000}
    mort = next(i for i in r["players"][0]["breakdown"] if i["item"] == "mortgaged")
    assert (mort["basis"], mort["amount"]) == ("mortgage-value", 75)
    assert r["currency"] == "USD"


# --------------------------------------------------------------- ranking, ties

def test_ties_share_a_rank_and_both_win() -> None:
    r = score({"edition": "classic-us-short", "players": [
        player("A", 500), player("B", 700), player("C", 700), player("D", 100)]})
    assert [(x["rank"], x["name"]) for x in r["ranking"]] == [(1, "B"), (1, "C"), (3, "A"),
                                                               (4, "D")]
    assert r["winners"] == ["B", "C"]
    assert r["steps"][-1]["key"] == "step.score.tie"


# --------------------------------------------------------------- card game (004)

def test_card_game_round() -> None:
    # cards-scoring: set 400 with 2 houses = 400 x 3 = 1200, token doubles -> 2400;
    # 9000 + 2400 = 11400 reaches 10000. Bo: set 300 -> 9500 + 300 = 9800, not yet.
    r = score({"edition": "nl-card-game", "players": [
        {"name": "An", "money": 9000, "sets": [{"value": 400, "houses": 2, "token": True}]},
        {"name": "Bo", "money": 9500, "sets": [{"value": 300}]}]})
    assert totals(r) == {"An": 11400, "Bo": 9800}
    assert r["winners"] == ["An"] and r["game_over"] is True
    assert [p["reached"] for p in r["players"]] == [True, False]
    assert r["players"][1]["progress"] == 0.98


def test_card_game_most_money_wins_among_those_who_reached() -> None:
    # cards-goal: several reach 10000 at the end of the round: the most money wins
    r = score({"edition": "nl-card-game", "players": [
        {"name": "An", "money": 9900, "sets": [{"value": 200}]},   # 10100
        {"name": "Bo", "money": 9900, "sets": [{"value": 350}]},   # 10250
        {"name": "Cas", "money": 100}]})
    assert r["winners"] == ["Bo"]


def test_card_game_eleven_sets_fit_on_the_table() -> None:
    # ruling-card-game-sets: stations make a set of 2, 3 or 4 (004), so two players can each
    # hold two: 8 colour sets + utilities + 2 station sets = 11; a 12th is one too many
    colours = [{"value": 100 + 10 * i} for i in range(8)]
    an = {"name": "An", "money": 0, "sets": colours + [{"value": 150, "kind": "utility"},
                                                       {"value": 100, "kind": "station"}]}
    bo = {"name": "Bo", "money": 0, "sets": [{"value": 100, "kind": "station"}]}
    r = score({"edition": "nl-card-game", "players": [an, bo]})
    assert sum(len(p["breakdown"]) - 1 for p in r["players"]) == 11
    with pytest.raises(EngineError) as err:
        score({"edition": "nl-card-game", "players": [an, {**bo, "sets": bo["sets"] * 2}]})
    assert (err.value.key, err.value.params["max"]) == ("error.too_many_sets", 11)


def test_card_game_steps_cite_the_rulings_they_rest_on() -> None:
    # a tie at the top is ruling-card-game-tie; the lost bonus cards ruling-card-game-gaps; a
    # token on a station set ruling-card-game-sets; a token on a street set is 004's own
    r = score({"edition": "nl-card-game", "players": [
        {"name": "An", "money": 9800, "sets": [{"value": 100, "token": True}]},
        {"name": "Bo", "money": 9800, "sets": [{"value": 100, "kind": "station", "token": True}]}]})
    assert r["winners"] == ["An", "Bo"]
    by_key = {s["key"]: s for s in r["steps"]}
    assert by_key["step.score.card_tie"]["ruling"] == "ruling-card-game-tie"
    assert by_key["step.score.card_bonus_lost"]["ruling"] == "ruling-card-game-gaps"
    sets = [s for s in r["steps"] if s["key"].startswith("step.score.card_set")]
    assert [s["ruling"] for s in sets] == [None, "ruling-card-game-sets"]
    # the figure card says what it adds: "met speelfiguurkaart × 2" (a Dutch reader could
    # not follow 150 -> 300)
    assert {s["key"] for s in sets} == {"step.score.card_set_token"}
    assert all(s["params"]["multiplier"] == 2 and s["params"]["amount"] == 200 for s in sets)
    assert sets[0]["source"] == "004 · Korte uitleg van de speelkaarten"


def test_card_game_no_winner_yet() -> None:
    r = score({"edition": "nl-card-game", "players": [{"money": 100}, {"money": 200}]})
    assert (r["winners"], r["game_over"]) == ([], False)
    assert [p["name"] for p in r["players"]] == ["P1", "P2"]


def test_card_game_hotel_value_is_an_input() -> None:
    # ruling-card-game-values: 4 houses on 100 = 500, hotel input 250 -> 750
    sets = [{"value": 100, "houses": 4, "hotel": True}]
    r = score({"edition": "nl-card-game", "hotel_value": 250,
               "players": [{"name": "A", "money": 0, "sets": sets}, {"name": "B", "money": 0}]})
    assert totals(r)["A"] == 750
    with pytest.raises(EngineError) as err:
        score({"edition": "nl-card-game",
               "players": [{"name": "A", "money": 0, "sets": sets}, {"name": "B", "money": 0}]})
    assert (err.value.key, err.value.field) == ("error.missing_field", "hotel_value")


# --------------------------------------------------------------- impossible states

def two(*props: dict, other: tuple = ()) -> list[dict]:
    return [player("A", 0, *props), player("B", 0, *other)]


@pytest.mark.parametrize("edition, players, key, field", [
    ("nl-2001-short", two(lot(39), other=(lot("Kalverstraat"),)), "error.duplicate_square",
     "players.1.properties.0.square"),
    ("nl-2001-short", two(lot(5, 1)), "error.not_buildable", "players.0.properties.0.buildings"),
    ("nl-2001-short", two(lot(37, 1), lot(39, 1, mortgaged=True)), "error.mortgaged_with_buildings",
     "players.0.properties.1.buildings"),
    ("nl-2001-short", two(lot(37, 1), lot(39, 0, mortgaged=True)), "error.buildings_with_mortgage_in_group",
     "players.0.properties.0"),
    ("nl-2001-short", two(lot(37, 1), other=(lot(39),)), "error.buildings_incomplete_group",
     "players.0.properties.0"),
    ("nl-2001-short", two(lot(39, 1)), "error.buildings_incomplete_group", "players.0.properties.0"),
    ("nl-2001-short", two(lot(37, 3), lot(39, 1)), "error.uneven_buildings", "players.0.properties.0"),
    ("nl-2001-short", two(lot(37, 4), lot(39, 4)), "error.building_level",
     "players.0.properties.0.buildings"),
    ("nl-2001-short", two(lot(0)), "error.not_a_property", "players.0.properties.0.square"),
    ("nl-2001-short", [player("A", 0)], "error.player_count", "players"),
    ("nl-2001", [player(str(i), 0) for i in range(9)], "error.player_count", "players"),
    ("nordic-2005", [player(str(i), 0) for i in range(7)], "error.player_count", "players"),
    ("nl-2001-short", [player("A", 0), player("A", 0)], "error.duplicate_name", "players.1.name"),
    ("nl-2001-short", [player("A", -5), player("B", 0)], "error.out_of_range", "players.0.cash"),
    ("nl-2001-short", [player("", 0), player("B", 0)], "error.bad_name", "players.0.name"),
    ("nl-2001-short", [{"name": "A", "cash": 0, "properties": "Kalverstraat"}, player("B", 0)],
     "error.not_a_list", "players.0.properties"),
    ("nl-2001-short", [[1], player("B", 0)], "error.not_an_object", "players.0"),
])
def test_impossible_states(edition: str, players: list, key: str, field: str) -> None:
    with pytest.raises(EngineError) as err:
        score({"edition": edition, "players": players})
    assert (err.value.key, err.value.field) == (key, field)


def test_classic_refuses_a_mortgage_beside_a_house() -> None:
    # ruling-mortgage-scope: Park Place with a house beside a mortgaged Boardwalk is unreachable
    with pytest.raises(EngineError) as err:
        score({"edition": "classic-us-short", "players": two(lot(37, 1), lot(39, mortgaged=True))})
    assert err.value.key == "error.buildings_with_mortgage_in_group"


def test_more_houses_than_the_bank_has() -> None:
    # setup-buildings: 32 houses, 12 hotels. Four houses on 17 lots = 68 houses.
    groups = ["brown", "light-blue", "pink", "orange", "red", "yellow"]
    board = EDITIONS["nl-2001"].board
    props = [lot(s.index, 4) for s in board.squares if s.group in groups]
    with pytest.raises(EngineError) as err:
        score({"edition": "nl-2001", "players": [player("A", 0, *props), player("B", 0)]})
    assert (err.value.key, err.value.params["houses"], err.value.params["total_houses"]) == (
        "error.bank_stock_exceeded", 68, 32)
    hotels = [lot(s.index, 5) for s in board.squares if s.kind == "street"]  # 22 hotels
    with pytest.raises(EngineError) as err:
        score({"edition": "nl-2001", "players": [player("A", 0, *hotels), player("B", 0)]})
    assert (err.value.key, err.value.params["hotels"]) == ("error.bank_stock_exceeded", 22)


@pytest.mark.parametrize("sets, key, field", [
    ([{"value": 40}], "error.out_of_range", "players.0.sets.0.value"),
    ([{"value": 100, "houses": 2, "hotel": True}], "error.hotel_needs_houses", "players.0.sets.0.hotel"),
    ([{"value": 100, "houses": 1, "kind": "station"}], "error.not_buildable",
     "players.0.sets.0.houses"),
    ([{"value": 100, "houses": 4}] * 4, "error.card_count.house", "players"),  # 16 > 14 cards
    ([{"value": 100, "token": True}] * 7, "error.card_count.token", "players"),  # 7 > 6 tokens
    ([{"value": 100}] * 12, "error.list_length", "players.0.sets"),
])
def test_card_game_impossible(sets: list, key: str, field: str) -> None:
    with pytest.raises(EngineError) as err:
        score({"edition": "nl-card-game", "hotel_value": 100,
               "players": [{"name": "A", "money": 0, "sets": sets}, {"name": "B", "money": 0}]})
    assert (err.value.key, err.value.field) == (key, field)


# --------------------------------------------------------------- properties

SCORED = ["nl-2001-short", "nl-2001-timed", "classic-us-short", "nl-2001", "nl-modern",
          "nordic-2005"]


@st.composite
def board_game(draw):
    """A random but possible table: whole groups per owner, even building, within the bank."""
    edition = draw(st.sampled_from(SCORED))
    ed = EDITIONS[edition]
    board, rules = ed.board, ed.rules
    n = draw(st.integers(rules.min_players.value, rules.max_players.value))
    players = [player(f"S{i}", draw(st.integers(0, 5000))) for i in range(n)]
    top = rules.houses_before_hotel.value + 1
    houses = hotels = 0
    for group in ("brown", "light-blue", "pink", "orange", "red", "yellow", "green", "dark-blue",
                  "stations", "utilities"):
        lots = [s for s in board.squares if s.group == group]
        if draw(st.booleans()):  # one owner for the whole group, maybe built
            owner = players[draw(st.integers(0, n - 1))]
            base = draw(st.integers(0, top)) if lots[0].kind == "street" else 0
            levels = [draw(st.sampled_from([base, max(0, base - 1)])) for _ in lots]
            h = sum(lv for lv in levels if lv < top)
            t = sum(1 for lv in levels if lv == top)
            if houses + h > 32 or hotels + t > 12:
                levels = [0] * len(lots)
                h = t = 0
            houses, hotels = houses + h, hotels + t
            for s, lv in zip(lots, levels):
                owner["properties"].append(lot(s.index, 5 if lv == top else lv,
                                               mortgaged=not any(levels) and draw(st.booleans())))
        else:  # scattered, unbuilt
            for s in lots:
                if draw(st.booleans()):
                    owner = players[draw(st.integers(0, n - 1))]
                    owner["properties"].append(lot(s.index, mortgaged=draw(st.booleans())))
    return {"edition": edition, "players": players}


@settings(max_examples=150, deadline=None)
@given(board_game())
def test_total_is_the_sum_of_the_breakdown(request_: dict) -> None:
    r = score(request_)
    for p in r["players"]:
        assert p["total"] == sum(i["amount"] for i in p["breakdown"])
        assert all(i["amount"] >= 0 for i in p["breakdown"])
    best = max(p["total"] for p in r["players"])
    assert sorted(r["winners"]) == sorted(p["name"] for p in r["players"] if p["total"] == best)
    ranks = [x["rank"] for x in r["ranking"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert all(s["clause"] in CLAUSES for s in r["steps"])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.fixed_dictionaries({
    "money": st.integers(0, 12000),
    "sets": st.lists(st.fixed_dictionaries({"value": st.integers(50, 400),
                                            "houses": st.integers(0, 2),
                                            "token": st.booleans()}), max_size=2)}),
    min_size=2, max_size=3))
def test_card_total_is_money_plus_income(players: list) -> None:
    # at most 3 x 2 = 6 sets, 12 houses and 6 tokens: within the box (004 «Inhoud»)
    r = score({"edition": "nl-card-game", "players": players})
    for p, given_ in zip(r["players"], players):
        assert p["total"] == sum(i["amount"] for i in p["breakdown"])
        assert p["total"] == given_["money"] + p["round_income"]
        assert p["reached"] == (p["total"] >= 10000)
