"""The jail decision (engine/jail.py): options, odds and advice, per edition.

Expected values are worked out by hand from the rulebooks; each test names the
clause it checks. Chance of doubles with two dice: 6 of 36 rolls = 1/6.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from engine import markov, rent_odds
from engine.clauses import CLAUSES
from engine.errors import EngineError
from engine.jail import jail_decision, max_get_out_cards, p_free

BOARD_EDITIONS = ["nl-2001", "nl-2001-short", "nl-2001-timed", "nordic-2005", "nl-modern",
                  "nl-modern-speed", "classic-us", "classic-us-short"]


def req(edition: str = "nl-modern", turn: int = 1, cash: int = 500, **kw: object) -> dict:
    return {"edition": edition, "turn_in_jail": turn, "cash": cash, **kw}


def option(result: dict, name: str) -> dict:
    found = [o for o in result["options"] if o["option"] == name]
    assert len(found) == 1, [o["option"] for o in result["options"]]
    return found[0]


def keys(result: dict) -> list[str]:
    return [s["key"] for s in result["steps"]]


# --------------------------------------------------------------- jail-doubles: the odds

def test_p_free_by_hand() -> None:
    # jail-doubles: no double in k tries = (5/6)^k; 1 - 125/216 = 91/216, 1 - 25/36 = 11/36
    assert p_free(3) == Fraction(91, 216)
    assert p_free(2) == Fraction(11, 36)
    assert p_free(1) == Fraction(1, 6)


@pytest.mark.parametrize("turn, fraction, expected_fine", [
    (1, "91/216", 50 * 125 / 216),  # jail-doubles: pay only if all three attempts fail
    (2, "11/36", 50 * 25 / 36),
    (3, "1/6", 50 * 5 / 6),          # jail-third-failure: last attempt, fine with chance 5/6
])
def test_roll_option_odds(turn: int, fraction: str, expected_fine: float) -> None:
    roll = option(jail_decision(req(turn=turn)), "roll")
    assert roll["p_doubles_fraction"] == "1/6"
    assert roll["p_free_remaining_fraction"] == fraction
    assert roll["attempts_left"] == 4 - turn
    assert roll["expected_fine"] == pytest.approx(expected_fine, abs=0.01)
    assert roll["cost"] == 0


# --------------------------------------------------------------- jail-pay: timing per edition

@pytest.mark.parametrize("edition, leads_to", [
    ("nl-2001", "move-next-turn"),      # 000 «Gevangenis»: pay 50 and play on at your next turn
    ("nordic-2005", "move-next-turn"),  # 001 «FÄNGELSE»: same reading (ruling-silent-sources)
    ("nl-modern", "roll-and-move"),     # 002: pay at the start of the turn, then roll and move
    ("classic-us", "roll-and-move"),    # 003: pay and proceed by your roll
])
def test_pay_option_timing(edition: str, leads_to: str) -> None:
    pay = option(jail_decision(req(edition)), "pay")
    assert (pay["cost"], pay["leads_to"], pay["clause"], pay["available"]) == (50, leads_to,
                                                                              "jail-pay", True)


def test_cannot_pay_must_raise_money() -> None:
    # jail-pay + bankrupt-raise: 30 in cash, fine 50 -> 20 short
    r = jail_decision(req(cash=30))
    pay = option(r, "pay")
    assert (pay["available"], pay["leads_to"], pay["clause"], pay["shortfall"]) == (
        False, "must-raise-money", "bankrupt-raise", 20)
    assert "step.jail.must_raise" in keys(r)


def test_third_failure_pays_then_moves() -> None:
    # jail-third-failure: 002 «Uit de gevangenis komen»: pay 50 and move by that last roll
    roll = option(jail_decision(req(turn=3)), "roll")
    assert (roll["on_failure"], roll["on_failure_clause"]) == ("pay-then-move", "jail-third-failure")
    # first and second attempts: a failure keeps you in jail
    roll = option(jail_decision(req(turn=2)), "roll")
    assert roll["on_failure"] == "stay-in-jail"


def test_third_failure_without_the_fine() -> None:
    # jail-third-failure + bankrupt-raise: 10 in cash, the forced fine of 50 is 40 short
    r = jail_decision(req(turn=3, cash=10))
    assert option(r, "roll")["on_failure"] == "must-raise-money"
    step = next(s for s in r["steps"] if s["key"] == "step.jail.must_raise_after_roll")
    assert step["params"]["shortfall"] == 40


def test_last_step_with_own_card_follows_the_ruling() -> None:
    # ruling-card-after-third-roll: 000 and 001 are silent on an owned card after the third
    # failed roll; the ruling lets the card stand in for the fine, so leaving costs nothing
    for edition in ("nl-2001", "nordic-2005"):
        r = jail_decision(req(edition, turn=3, cash=10, cards_owned=1))
        roll = option(r, "roll")
        assert (roll["on_failure"], roll["on_failure_clause"], roll["expected_fine"]) == (
            "card-then-move", "jail-third-failure", 0)
        last = next(s for s in r["steps"] if s["clause"] == "jail-third-failure")
        assert last["key"] == "step.jail.third_failure_card"
        assert last["ruling"] == "ruling-card-after-third-roll"
        assert "step.jail.third_failure" not in keys(r)
        assert "step.jail.must_raise_after_roll" not in keys(r)  # no fine to raise money for
        assert r["advice"]["reason_key"] == "step.jail.advice.last_attempt_card"
    # 002 and 003: the fine is paid after the third failure; the card only helps before the roll
    for edition in ("nl-modern", "classic-us"):
        r = jail_decision(req(edition, turn=3, cash=500, cards_owned=1))
        assert option(r, "roll")["on_failure"] == "pay-then-move"
        assert "step.jail.third_failure_card_before" in keys(r)
        step = next(s for s in r["steps"] if s["key"] == "step.jail.third_failure_card_before")
        assert step["ruling"] is None and step["source"]
        # short of the fine, the card is best used now, before the roll
        short = jail_decision(req(edition, turn=3, cash=10, cards_owned=1))
        assert (short["advice"]["choice"], short["advice"]["option"], short["advice"]["reason_key"]) \
            == ("leave", "card", "step.jail.advice.card_before_last_roll")
    # without a card nothing changes
    r = jail_decision(req("nl-2001", turn=3))
    assert option(r, "roll")["on_failure"] == "pay-then-move"
    assert "step.jail.third_failure_card" not in keys(r)


def test_doubles_move_without_extra_roll() -> None:
    # jail-doubles: 002 and 003 say no extra roll after leaving by doubles
    for edition in ("nl-modern", "classic-us"):
        assert option(jail_decision(req(edition)), "roll")["leads_to"] == "move-by-roll"


# --------------------------------------------------------------- jail-card

def test_own_card_is_free() -> None:
    r = jail_decision(req("nl-2001", cards_owned=1))
    card = option(r, "card")
    assert (card["cost"], card["clause"], card["leads_to"]) == (0, "jail-card", "move-next-turn")


def test_card_counts_per_edition() -> None:
    # cards-get-out: one get-out card in each deck (board.md), the Nordic box has 6 keys (001)
    from engine.editions import edition
    assert max_get_out_cards(edition("nl-2001")) == 2
    assert max_get_out_cards(edition("classic-us")) == 2
    assert max_get_out_cards(edition("nordic-2005")) == 6
    with pytest.raises(EngineError) as err:
        jail_decision(req("nl-2001", cards_owned=3))
    assert (err.value.key, err.value.field) == ("error.out_of_range", "cards_owned")
    r = jail_decision(req("nordic-2005", cards_owned=6))
    assert r["card_kind"] == "key" and option(r, "card")["cost"] == 0


def test_buying_a_card() -> None:
    # jail-card: 000 / 001 / 002 let you buy a card from another player
    r = jail_decision(req(cash=500, card_offer=30))
    buy = option(r, "buy-card")
    assert (buy["cost"], buy["available"]) == (30, True)
    r = jail_decision(req(cash=20, card_offer=30))
    buy = option(r, "buy-card")
    assert (buy["available"], buy["shortfall"], buy["leads_to"]) == (False, 10, "must-raise-money")
    assert [o["option"] for o in jail_decision(req())["options"]] == ["pay", "roll"]


def test_speed_die_not_used_in_jail() -> None:
    # speed-die-jail: 002 «Voor gevorderden»: not rolled while trying for doubles
    assert "step.jail.speed_die" in keys(jail_decision(req("nl-modern-speed")))
    assert "step.jail.speed_die" not in keys(jail_decision(req("nl-modern")))


# --------------------------------------------------------------- advice

def test_heuristic_advice_without_built_groups() -> None:
    r = jail_decision(req(turn=1))
    assert r["advice"]["heuristic"] is True
    assert (r["advice"]["choice"], r["advice"]["option"]) == ("leave", "pay")
    assert r["advice"]["reason_key"] == "step.jail.advice.heuristic_leave"
    r = jail_decision(req(turn=3))  # last attempt: you move anyway, rolling may save the fine
    assert (r["advice"]["choice"], r["advice"]["reason_key"]) == ("stay", "step.jail.advice.last_attempt")
    r = jail_decision(req(turn=1, cash=10))  # no card, cannot pay
    assert (r["advice"]["choice"], r["advice"]["reason_key"]) == ("stay", "step.jail.advice.cannot_pay")


def test_advice_prefers_own_card_and_cheap_offer() -> None:
    assert jail_decision(req(cards_owned=1))["advice"]["option"] == "card"
    assert jail_decision(req(card_offer=20))["advice"]["option"] == "buy-card"  # 20 < fine 50
    assert jail_decision(req(card_offer=80))["advice"]["option"] == "pay"


def test_roll_first_where_paying_is_allowed_any_time() -> None:
    # jail-pay: in 000 paying lets you play on at the NEXT turn, so rolling first loses nothing
    assert jail_decision(req("nl-2001"))["advice"]["roll_first"] is True
    assert jail_decision(req("nl-modern"))["advice"]["roll_first"] is False


def test_markov_advice_last_attempt_by_hand() -> None:
    # With one attempt left the two plans are, per engine.markov's expected rents:
    #   leave: fine 50 + rent of a turn that starts by leaving
    #   stay:  rent of the last jail turn (you move anyway) + 5/6 x 50
    built = [["orange", 5], ["red", 5]]
    inputs = rent_odds.jail_advice_inputs(built, "nl-euro")
    leave = 50 + inputs["leave_turn"]
    stay = inputs["last_stay_turn"] + 50 * 5 / 6
    r = jail_decision(req("nl-2001", turn=3, opponents_built=built))
    adv = r["advice"]
    assert adv["heuristic"] is False
    assert adv["params"]["cost_leave"] == pytest.approx(leave, abs=0.01)
    assert adv["params"]["cost_stay"] == pytest.approx(stay, abs=0.01)
    assert adv["choice"] == ("stay" if stay < leave else "leave")
    assert adv["params"]["saves"] == pytest.approx(leave - stay, abs=0.02)
    # the last attempt: no "stay put" (the pawn moves either way), the advice is to roll
    assert adv["reason_key"] == ("step.jail.advice.last_attempt_rents" if stay < leave
                                 else "step.jail.advice.leave_cheaper")


def test_markov_advice_three_attempts_by_hand() -> None:
    # k = 3: stay = s + (5/6)s + (5/6)^2 (last + 5/6 x 50) + (1/6) f + (11/36) f
    #        leave = 50 + l + 2 f      (s stay turn, l leave turn, f ordinary turn)
    built = [["dark-blue", 5], ["green", 4]]
    i = rent_odds.jail_advice_inputs(built, "atlantic-city")
    s, l, f, last = i["stay_turn"], i["leave_turn"], i["free_turn"], i["last_stay_turn"]
    stay = s + 5 / 6 * s + 25 / 36 * (last + 50 * 5 / 6) + f / 6 + 11 / 36 * f
    leave = 50 + l + 2 * f
    adv = jail_decision(req("classic-us", turn=1, opponents_built=built))["advice"]
    assert adv["params"]["cost_stay"] == pytest.approx(stay, abs=0.01)
    assert adv["params"]["cost_leave"] == pytest.approx(leave, abs=0.01)
    # with hotels on both expensive groups, staying is far cheaper
    assert adv["choice"] == "stay" and adv["reason_key"] == "step.jail.advice.stay_saves"
    # the saving it states is the difference of the two totals it states
    assert adv["params"]["saves"] == pytest.approx(leave - stay, abs=0.02)


def test_markov_advice_with_own_card_says_what_the_card_counts_as() -> None:
    # leaving with one's own card costs no money: the steps say it counts as the fine it
    # would save later (issue 23's "the last jail step still says leaving costs 50")
    built = [["orange", 3]]
    r = jail_decision(req("nl-2001", turn=3, opponents_built=built, cards_owned=1))
    keys = [s["key"] for s in r["steps"]]
    assert "step.jail.advice_card_value" in keys, keys
    assert r["advice"]["reason_key"] in ("step.jail.advice.last_attempt_rents",
                                         "step.jail.advice.leave_cheaper")


def test_markov_advice_uses_the_edition_board() -> None:
    built = [["orange", 3]]
    nl = jail_decision(req("nl-2001", opponents_built=built))
    us = jail_decision(req("classic-us", opponents_built=built))
    rents = {r["edition"]: next(s for s in r["steps"] if s["key"] == "step.jail.advice_rents")
             for r in (nl, us)}
    assert rents["nl-2001"]["params"]["board"] == "nl-euro"
    assert rents["classic-us"]["params"]["board"] == "atlantic-city"


# --------------------------------------------------------------- bad input

@pytest.mark.parametrize("request_, key, field", [
    (req(turn=0), "error.out_of_range", "turn_in_jail"),
    (req(turn=4), "error.out_of_range", "turn_in_jail"),
    ({"edition": "nl-2001", "cash": 5}, "error.missing_field", "turn_in_jail"),
    (req(cash=-1), "error.out_of_range", "cash"),
    (req(cash="5"), "error.not_an_integer", "cash"),
    (req(card_offer=True), "error.not_an_integer", "card_offer"),
    (req("nl-card-game"), "error.not_a_board_edition", "edition"),
    ({"turn_in_jail": 1, "cash": 0}, "error.missing_field", "edition"),
    (req(opponents_built=[["purple", 3]]), "error.unknown_group", "opponents_built.0"),
    (req(opponents_built=[["red", 6]]), "error.out_of_range", "opponents_built.0.1"),
    (req("nl-2001-short", opponents_built=[["red", 4]]), "error.building_level", "opponents_built.0"),
    (req(opponents_built=[["red", 1], ["red", 2]]), "error.duplicate_group", "opponents_built.1"),
    (req(opponents_built="red"), "error.not_a_list", "opponents_built"),
    (req(opponents_built=[["red"]]), "error.list_length", "opponents_built.0"),
])
def test_bad_requests(request_: dict, key: str, field: str) -> None:
    with pytest.raises(EngineError) as err:
        jail_decision(request_)
    assert (err.value.key, err.value.field) == (key, field)


@pytest.mark.parametrize("edition", BOARD_EDITIONS)
def test_every_edition_answers_and_cites_clauses(edition: str) -> None:
    for turn in (1, 2, 3):
        r = jail_decision(req(edition, turn=turn, cash=40, cards_owned=1, card_offer=25,
                              opponents_built=[["yellow", 2]]))
        assert r["edition"] == edition and r["currency"] in ("EUR", "USD")
        assert all(s["clause"] in CLAUSES for s in r["steps"])
        assert all(o["clause"] in CLAUSES for o in r["options"])
        assert any(s["source"] for s in r["steps"])


# --------------------------------------------------------------- one story


def _stories():
    from engine.editions import EDITIONS
    for ed in EDITIONS.values():
        if ed.rules is None or ed.board is None:
            continue
        for turn in range(1, ed.rules.jail_max_turns.value + 1):
            for built in ([], [["orange", 5], ["red", 5], ["yellow", 5]], [["brown", 1]]):
                for cash, cards in ((500, 0), (500, 1), (10, 0), (10, 1)):
                    yield ed, {"edition": ed.id, "turn_in_jail": turn, "cash": cash,
                               "cards_owned": cards, "opponents_built": built}


def test_jail_advice_tells_one_story_in_every_edition_and_turn() -> None:
    """Headline, steps and options table agree: where the fine may be paid at any time and
    play resumes next turn, advice to leave is "roll first, leave if it fails" everywhere
    (never a bare "leave now"); where it is paid before the roll, leaving means now."""
    from hooks.render import calculator_data as cdata
    from present import render as present_render
    from present import views as present_views
    from hooks.catalogs.i18n import LANGS
    problems, n = [], 0
    for ed, request in _stories():
        n += 1
        r = jail_decision(request)
        adv, any_time = r["advice"], ed.rules.jail_pay_when.value == "any-time-then-next-turn"
        advice_steps = [s["key"] for s in r["steps"] if s["key"].startswith("step.jail.advice.")]
        where = f"{ed.id} {request}"
        if len(advice_steps) != 1 or advice_steps[0] != adv["reason_key"]:
            problems.append(f"{where}: advice steps {advice_steps} vs reason {adv['reason_key']}")
        if adv["roll_first"] != (adv["choice"] == "leave" and any_time):
            problems.append(f"{where}: roll_first {adv['roll_first']} with choice {adv['choice']}")
        if adv["roll_first"] and not adv["reason_key"].endswith("_roll_first"):
            problems.append(f"{where}: roll first, but the reason says {adv['reason_key']}")
        if not adv["roll_first"] and adv["reason_key"].endswith("_roll_first"):
            problems.append(f"{where}: reason {adv['reason_key']} without roll_first")
        if adv["choice"] == "stay" and adv["option"] != "roll":
            problems.append(f"{where}: stay with option {adv['option']}")
        leave = option(r, adv["option"]) if adv["choice"] == "leave" else None
        if leave is not None and leave["available"]:
            want = "move-next-turn" if any_time else "roll-and-move"
            if leave["leads_to"] != want:
                problems.append(f"{where}: leaving leads to {leave['leads_to']}, not {want}")
        roll = option(r, "roll")
        if adv["roll_first"] and r["attempts_left"] > 1 and roll["on_failure"] != "stay-or-leave":
            problems.append(f"{where}: roll first, but a failed roll is {roll['on_failure']}")
        for lang in LANGS:
            fmt = cdata.Formatter(lang)
            html = present_render.render_output(fmt, present_views.VIEWS["jail"], r, {})
            headline = html.split('<p class="calc-headline">', 1)[1].split("</p>", 1)[0]
            how = f"calc.jail.how.{adv['option']}"
            if r["card_kind"] == "key":  # the travel edition's words: a key, not a card
                how += ".key" if fmt.has(f"{how}.key") else ""
            roll_first_text = fmt.t("calc.jail.advice.roll-first", {
                "option": fmt.plain(how)}).html(lang)
            if (headline == roll_first_text) != adv["roll_first"]:
                problems.append(f"{where} [{lang}]: headline {headline!r}")
            # the last attempt has no "stay put": its headline says it is the last roll
            last_roll = fmt.t("calc.jail.advice.last-roll", {}).html(lang)
            # (also without money or a card: a Dutch reader met "blijf zitten" there)
            if (headline == last_roll) != (adv["choice"] == "stay" and not adv["roll_first"]
                                           and r["attempts_left"] == 1):
                problems.append(f"{where} [{lang}]: last attempt {r['attempts_left']}, "
                                f"headline {headline!r}")
            if html.count('class="calc-headline"') != 1:
                problems.append(f"{where} [{lang}]: not exactly one headline")
    assert n == 288  # 8 board editions x 3 turns x 3 boards of built groups x 4 purses
    assert not problems, "\n".join(problems[:40])


# the get-out "card" in each language: the travel edition has keys and no cards, the others
# cards and no keys (native readers met "1 kaart of sleutel" in a Nederland 2001 answer and
# "you keep the card" beside "type: key")
CARD_WORDS = {"nl": ("kaart",), "sv": ("frikort", "kortet"), "da": ("kort",), "nb": ("frikort", "kortet")}
KEY_WORDS = {"nl": ("sleutel",), "sv": ("nyckel",), "da": ("nøgle",), "nb": ("nøkkel",)}


def test_a_jail_answer_names_the_editions_own_get_out_card() -> None:
    """Every story of :func:`_stories`, with a card owned and one offered, rendered in the
    four languages (headline, options table, every step but the one about the travel
    edition's Chance decks): the travel edition's answer speaks of keys and never of a
    card; every other edition's of cards and never of a key."""
    from hooks.catalogs.i18n import LANGS
    from hooks.render import calculator_data as cdata
    from present import render as present_render
    from present import views as present_views

    problems, checked = [], 0
    for ed, request in _stories():
        for owned, offer in ((request["cards_owned"], None), (0, 30)):
            req = {**request, "cards_owned": owned, **({"card_offer": offer} if offer else {})}
            r = jail_decision(req)
            keys = r["card_kind"] == "key"
            for lang in LANGS:
                fmt = cdata.Formatter(lang)
                html = present_render.render_output(fmt, present_views.VIEWS["jail"], r, {})
                html = re.sub(r'<li data-clause="cards-dice-task">.*?</li>', "", html)
                text = re.sub(r"<[^>]+>", " ", html).casefold()
                wrong = KEY_WORDS[lang] if not keys else CARD_WORDS[lang]
                right = CARD_WORDS[lang] if not keys else KEY_WORDS[lang]
                checked += 1
                if any(w in text for w in wrong):
                    problems.append(f"{ed.id} {req} [{lang}]: {[w for w in wrong if w in text]}")
                if (owned or offer) and not any(w in text for w in right):
                    problems.append(f"{ed.id} {req} [{lang}]: names no {right}")
    assert checked == 288 * 2 * 4
    assert not problems, "\n".join(problems[:20])
