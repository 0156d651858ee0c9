"""Tests of the exact Markov model of landing odds (engine/markov.py) and the card decks."""

from __future__ import annotations

import json
import time

import pytest

from engine import cards, markov, rent_odds
from engine.api import calculate
from engine.errors import EngineError
from engine.markov import JAIL, MarkovModel, solve

US_LEAVE = MarkovModel()
US_STAY = MarkovModel(jail_strategy="stay")
ALL_MODELS = [MarkovModel(board=b, jail_strategy=s)
              for b in markov.BOARD_IDS for s in markov.JAIL_STRATEGIES]


# --------------------------------------------------------------- published figures

def test_mean_rolls_per_turn_leaving_jail_at_once() -> None:
    assert solve(US_LEAVE).mean_rolls_per_turn == pytest.approx(1.1866239585, abs=1e-10)


def test_mean_rolls_per_turn_staying_in_jail() -> None:
    assert solve(US_STAY).mean_rolls_per_turn == pytest.approx(1.1658963640, abs=1e-10)


def test_per_roll_illinois_and_jail_leaving_at_once() -> None:
    sol = solve(US_LEAVE)
    assert round(100 * sol.per_roll[24], 2) == 3.19  # Illinois Avenue
    assert round(100 * sol.per_roll[JAIL], 2) == 3.95  # in jail
    # Illinois is the most landed-on street.
    streets = [s.index for s in markov._board("atlantic-city").squares if s.kind == "street"]
    assert max(streets, key=lambda i: sol.per_roll[i]) == 24


def test_json_form_carries_the_same_figures() -> None:
    data = markov.landing_odds("atlantic-city", "leave", "roll")
    json.dumps(data)
    assert data["mean_rolls_per_turn"] == pytest.approx(1.1866239585, abs=1e-10)
    positions = data["positions"]
    assert len(positions) == 41
    assert positions[40]["in_jail"] and positions[40]["square"] == 10
    assert positions[10]["name"] == "Jail / Just Visiting" and not positions[10]["in_jail"]
    assert round(100 * positions[24]["probability"], 2) == 3.19
    assert positions[24]["name"] == "Illinois Avenue"
    assert any("US Chance" in s for s in data["sources"])


def test_long_stay_per_roll_with_the_published_release_convention() -> None:
    """Collins / Durrett, per roll, long stay: in jail 9.46 %, just visiting 2.14 %.

    Those tables let the double that frees a player start a run of doubles (the player
    rolls again); the rulebooks end the turn there, which is the default.
    """
    request = {"board": "atlantic-city", "jail_strategy": "stay", "count": "roll",
               "options": {"jail_release_rolls_again": True}}
    data = calculate("odds", request)
    positions = data["positions"]
    assert round(100 * positions[JAIL]["probability"], 2) == 9.46
    assert round(100 * positions[10]["probability"], 2) == 2.14
    assert data["model"]["jail_release_rolls_again"] is True
    # the default stays the rulebook rule, and differs from the published table
    default = calculate("odds", {k: v for k, v in request.items() if k != "options"})
    assert default["model"]["jail_release_rolls_again"] is False
    assert round(100 * default["positions"][JAIL]["probability"], 2) == 9.39
    assert default["mean_rolls_per_turn"] == pytest.approx(1.1658963640, abs=1e-10)
    # with strategy leave the option changes nothing (nobody rolls for doubles in jail)
    leave = {"board": "atlantic-city", "jail_strategy": "leave", "count": "roll"}
    assert (calculate("odds", {**leave, "options": {"jail_release_rolls_again": True}})["positions"]
            == calculate("odds", leave)["positions"])


@pytest.mark.parametrize("doubles", [1, 2, 3, 6])
def test_jail_release_option_with_any_doubles_limit(doubles: int) -> None:
    """The option terminates and sums to one for every doubles limit (1: a double is jail)."""
    sol = solve(MarkovModel(jail_strategy="stay", doubles_to_jail=doubles,
                            jail_release_rolls_again=True))
    assert sum(sol.per_roll) == pytest.approx(1.0, abs=1e-12)
    if doubles == 1:  # nothing to roll again for: the same as the rulebook convention
        assert sol.per_roll == pytest.approx(
            solve(MarkovModel(jail_strategy="stay", doubles_to_jail=1)).per_roll, abs=1e-15)


def test_jail_release_option_must_be_a_bool() -> None:
    result = calculate("odds", {"board": "atlantic-city", "jail_strategy": "stay",
                                "options": {"jail_release_rolls_again": "yes"}})
    assert (result["error"], result["field"]) == ("error.not_a_boolean", "options.jail_release_rolls_again")
    with pytest.raises(EngineError):
        MarkovModel(jail_strategy="stay", jail_release_rolls_again=1)  # type: ignore[arg-type]


# --------------------------------------------------------------- sanity

@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: f"{m.board}-{m.jail_strategy}")
def test_probabilities_sum_to_one(model: MarkovModel) -> None:
    sol = solve(model)
    for probs in (sol.per_roll, sol.per_turn):
        assert len(probs) == 41
        assert sum(probs) == pytest.approx(1.0, abs=1e-12)
        assert all(p >= 0.0 for p in probs)
    assert sum(sol.landings_per_turn) == pytest.approx(sol.mean_rolls_per_turn, abs=1e-12)


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: f"{m.board}-{m.jail_strategy}")
def test_go_to_jail_square_is_never_a_position(model: MarkovModel) -> None:
    sol = solve(model)
    assert sol.per_turn[30] == 0.0
    assert sol.per_roll[30] == 0.0
    # every other square can be reached
    assert all(sol.per_roll[k] > 0.0 for k in range(41) if k != 30)


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: f"{m.board}-{m.jail_strategy}")
def test_mean_rolls_bounds(model: MarkovModel) -> None:
    # Without jail a turn has 1 + 1/6 + 1/36 rolls on average; jail can only shorten it.
    assert 1.0 < solve(model).mean_rolls_per_turn < 1.0 + 1 / 6 + 1 / 36


def test_staying_in_jail_means_more_time_in_jail() -> None:
    for board in markov.BOARD_IDS:
        leave = solve(MarkovModel(board=board))
        stay = solve(MarkovModel(board=board, jail_strategy="stay"))
        assert stay.per_roll[JAIL] > 2 * leave.per_roll[JAIL]
        assert stay.per_turn[JAIL] > leave.per_turn[JAIL]
        assert stay.mean_rolls_per_turn < leave.mean_rolls_per_turn


def test_per_turn_jail_share_from_rolls() -> None:
    # Leaving at once, each visit to jail is exactly one turn there: share of turns in jail
    # = rate of being sent to jail per turn = (rolls per turn ending in jail).
    sol = solve(US_LEAVE)
    assert sol.per_turn[JAIL] == pytest.approx(sol.landings_per_turn[JAIL], abs=1e-12)


def test_advance_to_go_cards_lift_go() -> None:
    # GO gets the two Advance-to-GO cards on top of the dice; Mediterranean Avenue only dice.
    sol = solve(US_LEAVE)
    assert sol.per_roll[0] > sol.per_roll[1]


def test_dutch_board_runs_and_differs() -> None:
    nl = solve(MarkovModel(board="nl-euro"))
    us = solve(US_LEAVE)
    # No nearest-station cards on the Dutch Kans deck: Station Noord (25) gets less.
    assert nl.per_roll[25] < us.per_roll[25]
    # "Back to Dorpsstraat" makes square 1 more likely than Mediterranean Avenue.
    assert nl.per_roll[1] > us.per_roll[1]
    data = markov.landing_odds("nl-euro", "stay", "turn")
    assert data["positions"][39]["name"] == "Kalverstraat"
    assert any("Kans" in s for s in data["sources"])


def test_kans_choice_probability_changes_only_the_dutch_board() -> None:
    base = solve(MarkovModel(board="nl-euro"))
    draw = solve(MarkovModel(board="nl-euro", kans_choice_draw_probability=1.0))
    assert draw.per_roll[15] > base.per_roll[15]  # Kans: trip to Station West
    assert sum(draw.per_roll) == pytest.approx(1.0, abs=1e-12)
    us = solve(MarkovModel(kans_choice_draw_probability=1.0))
    assert us.per_roll == solve(US_LEAVE).per_roll


def test_model_parameters_have_effects() -> None:
    base = solve(US_LEAVE)
    nine = solve(MarkovModel(us_chance_moving_cards=9))
    assert nine.per_roll[25] < base.per_roll[25]
    nochain = solve(MarkovModel(back_three_draws=False))
    assert nochain.per_roll[33] > base.per_roll[33]
    four = solve(MarkovModel(doubles_to_jail=4))
    assert four.per_roll[JAIL] < base.per_roll[JAIL]
    assert four.mean_rolls_per_turn > base.mean_rolls_per_turn
    again = solve(MarkovModel(jail_strategy="stay", third_failed_roll_moves=False))
    assert again.mean_rolls_per_turn > solve(US_STAY).mean_rolls_per_turn
    # One jail turn, moving by that roll: every jail turn is exactly one roll.
    short = solve(MarkovModel(jail_strategy="stay", jail_max_turns=1))
    assert sum(short.per_roll) == pytest.approx(1.0, abs=1e-12)
    assert short.per_turn[JAIL] == pytest.approx(short.landings_per_turn[JAIL], abs=1e-12)


def test_results_are_cached_and_immutable() -> None:
    assert solve(MarkovModel()) is solve(MarkovModel())
    with pytest.raises(AttributeError):
        US_LEAVE.board = "nl-euro"  # type: ignore[misc]


# --------------------------------------------------------------- rent

def test_group_rent_table() -> None:
    data = rent_odds.group_rent_table("atlantic-city", "leave")
    json.dumps(data)
    groups = {g["group"]: g for g in data["groups"]}
    assert list(groups) == list(markov._boards.GROUPS)
    sol = solve(US_LEAVE)
    red = groups["red"]
    # unbuilt complete set: double rent
    expected0 = sol.landings_per_turn[21] * 36 + sol.landings_per_turn[23] * 36 \
        + sol.landings_per_turn[24] * 40
    assert red["expected_rent"][0] == pytest.approx(expected0)
    assert red["expected_rent"] == sorted(red["expected_rent"])
    assert len(red["steps"]) == 5
    step = red["steps"][2]  # 2 -> 3 houses: the classic best buy
    assert step["cost"] == 450
    assert step["break_even_turns"] == pytest.approx(450 / step["added_rent"])
    best = min(red["steps"], key=lambda s: s["break_even_turns"])
    assert (best["from_level"], best["to_level"]) == (2, 3)
    for g in groups.values():
        for s in g["steps"]:
            assert s["added_rent"] > 0 and s["break_even_turns"] > 0


def test_group_rents_dutch_board() -> None:
    table = rent_odds.group_rents(MarkovModel(board="nl-euro", jail_strategy="stay"))
    assert len(table) == 8
    dark_blue = table[-1]
    assert dark_blue.squares == (37, 39) and dark_blue.house_cost == 200


# --------------------------------------------------------------- jail advice

def test_jail_advice_inputs() -> None:
    data = rent_odds.jail_advice_inputs([("orange", 3), {"group": "red", "level": 5}])
    json.dumps(data)
    assert data["built"] == [{"group": "orange", "level": 3}, {"group": "red", "level": 5}]
    assert data["stay_turn"] < data["leave_turn"]
    assert data["stay_saves"] == pytest.approx(data["leave_turn"] - data["stay_turn"])
    assert data["long_run_stay"] < data["long_run_leave"]
    assert data["last_stay_turn"] > data["stay_turn"]


def test_jail_advice_nothing_built_costs_nothing() -> None:
    data = rent_odds.jail_advice_inputs([], board="nl-euro")
    assert data["leave_turn"] == data["stay_turn"] == data["long_run_leave"] == 0.0


def test_jail_stay_turn_is_doubles_only() -> None:
    # Staying: only doubles move you (1/6 of rolls), once. With a hotel on Orange,
    # the stay turn's rent is the doubles' landings there times the hotel rents.
    r = rent_odds.jail_rents(US_LEAVE, [("orange", 5)])
    land = markov._landings(US_LEAVE)
    manual = 0.0
    for total in (2, 4, 6, 8, 10, 12):
        for sq, p in land[(10 + total) % 40]:
            manual += p / 36 * {16: 950, 18: 950, 19: 1000}.get(sq, 0)
    assert r.stay_turn == pytest.approx(manual, abs=1e-9)


# --------------------------------------------------------------- invalid input

@pytest.mark.parametrize("call", [
    lambda: markov.landing_odds("monaco"),
    lambda: markov.landing_odds(jail_strategy="bribe"),
    lambda: markov.landing_odds(count="week"),
    lambda: markov.landing_odds(options={"doubles_to_jail": 0}),
    lambda: markov.landing_odds(options={"doubles_to_jail": "3"}),
    lambda: markov.landing_odds(options={"kans_choice_draw_probability": 1.5}),
    lambda: markov.landing_odds(options={"kans_choice_draw_probability": True}),
    lambda: markov.landing_odds(options={"cards_with_replacement": False}),
    lambda: markov.landing_odds(options={"us_chance_moving_cards": 8}),
    lambda: markov.landing_odds(options={"no_such_option": 1}),
    lambda: markov.landing_odds(options=[1, 2]),  # type: ignore[arg-type]
    lambda: rent_odds.group_rent_table(board=None),
    lambda: rent_odds.jail_advice_inputs([("purple", 2)]),
    lambda: rent_odds.jail_advice_inputs([("red", 6)]),
    lambda: rent_odds.jail_advice_inputs([("red", True)]),
    lambda: rent_odds.jail_advice_inputs([("red", 2), ("red", 3)]),
    lambda: rent_odds.jail_advice_inputs("red"),
    lambda: rent_odds.jail_advice_inputs([("red",)]),
    lambda: markov.solve({"board": "atlantic-city"}),  # type: ignore[arg-type]
    lambda: rent_odds.jail_rents(MarkovModel(), [["red", 2, 1]]),
    lambda: MarkovModel(jail_max_turns=0),
    lambda: cards.deck("uk-chance"),
    lambda: cards.deck("nl-kans").card("nope"),
])
def test_invalid_input_raises_engine_error(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(EngineError) as err:
        call()
    assert err.value.key.startswith("error.")


# --------------------------------------------------------------- decks

def test_decks() -> None:
    assert cards.deck("us-chance").moving_count == 10
    assert cards.deck("us-chance-9").moving_count == 9
    assert cards.deck("us-community-chest").moving_count == 2
    assert cards.deck("nl-kans").moving_count == 7
    assert cards.deck("nl-algemeen-fonds").moving_count == 3
    for d in cards.DECKS:
        assert len(d.cards) == 16
        assert len({c.id for c in d.cards}) == 16
        assert d.source.startswith("shared/reference/board.md")
        assert all(c.kind in cards.KINDS for c in d.cards)
        json.dumps(d.to_dict())
    targets = sorted(c.target for c in cards.deck("nl-kans").cards if c.kind == cards.MOVE_TO)
    assert targets == [0, 11, 15, 24, 39]
    assert cards.deck("nl-algemeen-fonds").card("af-back-dorpsstraat").backwards


# --------------------------------------------------------------- speed (reported; the answers checked)

def test_report_solve_time(capsys: pytest.CaptureFixture[str]) -> None:
    lines = []
    for i, model in enumerate(ALL_MODELS):
        fresh = MarkovModel(board=model.board, jail_strategy=model.jail_strategy,
                            kans_choice_draw_probability=0.123456789 + i * 1e-9)
        start = time.perf_counter()
        solved = solve(fresh)
        # the timed run solved the chain it was given (not a cached or empty answer)
        assert solved.model is fresh and solved.model != model
        assert sum(solved.per_roll) == pytest.approx(1.0, abs=1e-9)
        assert solved.mean_rolls_per_turn > 1.0
        lines.append(f"{model.board}/{model.jail_strategy}: "
                     f"{1000 * (time.perf_counter() - start):.1f} ms (uncached)")
    with capsys.disabled():
        print("\nMarkov solve times: " + "; ".join(lines))
