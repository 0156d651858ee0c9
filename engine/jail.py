"""The jail decision: what a jailed player may do now, what each option costs, and advice.

:func:`jail_decision` lists the legal options at this moment of the turn in
jail (pay the fine, use a get-out card or key, buy one from another player,
roll for doubles), with what each costs and leads to under the edition's
rules, the chance of getting out free in the attempts left, and advice on
staying or leaving that states its reasoning as steps.

The chance of doubles is 1/6 per attempt, so with ``k`` attempts left
(this one included) the chance of getting out free is ``1 - (5/6)^k``:
91/216 with three attempts, 11/36 with two, 1/6 with the last.

Advice. With ``opponents_built`` (the colour groups opponents have completed,
as ``[group, level]``, level 0 unbuilt .. 5 hotel), the expected rent per turn
comes from the exact Markov chain of :mod:`engine.markov`
(:func:`~engine.rent_odds.jail_advice_inputs`) on the edition's board, and the two
plans are compared over the attempts left:

* leave now: the cost of leaving (the fine, an offered card's price, or an
  owned card valued at the fine it saves later) + the rent of a turn that
  starts by leaving + the rent of ordinary turns for the other attempts;
* stay: the rent of the turns spent rolling (only doubles move), weighted by the
  chance of still being in jail, + the last attempt's rent and its fine
  (paid with chance 5/6 there) + ordinary turns once out.

The comparison counts rent and fines only, not the chance to buy property.
Without built groups there is no rent to compare, and the advice follows a
documented heuristic (``"heuristic": true``): leave early (buying and dealing
on the board is worth more than the fine), except on the last attempt, where
rolling costs nothing extra (you move this turn anyway) and saves the fine
with chance 1/6. Where paying is allowed at any time and the player then plays
on at the next turn (nl-2001, nordic-2005), leaving is best done after a
failed roll: the advice then says ``"roll_first": true``.

>>> r = jail_decision({"edition": "nl-modern", "turn_in_jail": 1, "cash": 500,
...                    "cards_owned": 0, "card_offer": None})
>>> [o["option"] for o in r["options"]]
['pay', 'roll']
>>> r["options"][1]["p_free_remaining_fraction"]
'91/216'
>>> r["advice"]["choice"], r["advice"]["heuristic"]
('leave', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import markov, rent_odds
from .calc import context, edition_field, result
from .cards import GET_OUT_OF_JAIL, deck
from .editions import Edition, Rules
from .errors import EngineError
from .explain import Step, step
from .sources import fact
from .validate import MAX_AMOUNT, parse, spec

KEYS_IN_BOX = fact(6, "001", "Innehåll", "6 plastnycklar")
"""The Nordic travel edition (001) has get-out *keys*: six in the box."""

P_DOUBLES = Fraction(1, 6)
"""Six of the 36 rolls of two dice are doubles."""

_DECKS = {"atlantic-city": ("us-chance", "us-community-chest"),
          "nl-euro": ("nl-kans", "nl-algemeen-fonds")}


@dataclass(frozen=True)
class JailRequest:
    """What a player in jail may do now, what each option costs, and advice."""

    edition: object = edition_field()
    turn_in_jail: int = spec(lo=1, hi=6, doc="which attempt this turn is (at most the "
                                             "edition's jail turns)")
    cash: int = spec(lo=0, hi=MAX_AMOUNT, doc="the player's cash")
    cards_owned: int = spec(0, lo=0, hi=6, doc="get-out cards (or keys) the player owns")
    card_offer: int | None = spec(None, lo=0, hi=MAX_AMOUNT, doc="the price another player "
                                                                "asks for a get-out card")
    opponents_built: rent_odds.Built | None = spec(None, doc=(
        "colour groups opponents have completed, with their level (0 unbuilt .. 5 hotel)"))


def card_kind(rules: Rules) -> str:
    """What gets a player out of jail for free in the edition: a ``"key"`` where the
    decks are a three-dice task (the travel edition's keys), else a ``"card"``.

    >>> from engine.editions import edition
    >>> card_kind(edition("nordic-2005").rules), card_kind(edition("nl-2001").rules)
    ('key', 'card')
    """
    return "key" if rules.card_mode.value == "three-dice-task" else "card"


def edition_card_kind(ed: Edition) -> str:
    """:func:`card_kind` of any edition: the card game, without board rules, has cards.

    >>> from engine.editions import edition
    >>> edition_card_kind(edition("nordic-2005")), edition_card_kind(edition("nl-card-game"))
    ('key', 'card')
    """
    return card_kind(ed.rules) if ed.rules is not None else "card"


def max_get_out_cards(ed: Edition) -> int:
    """How many get-out cards (or keys) exist in the edition: a player cannot own more.

    >>> from engine.editions import edition
    >>> max_get_out_cards(edition("nl-2001")), max_get_out_cards(edition("nordic-2005"))
    (2, 6)
    """
    assert ed.rules is not None and ed.board is not None
    if card_kind(ed.rules) == "key":
        return KEYS_IN_BOX.value
    return sum(1 for d in _DECKS[ed.board.id] for c in deck(d).cards if c.kind == GET_OUT_OF_JAIL)


def p_free(attempts: int) -> Fraction:
    """Chance of at least one double in ``attempts`` tries.

    >>> p_free(3), p_free(2), p_free(1)
    (Fraction(91, 216), Fraction(11, 36), Fraction(1, 6))
    """
    return 1 - (1 - P_DOUBLES) ** attempts


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def jail_decision(request: object) -> dict[str, Any]:
    """Options, odds and advice for a player in jail; see the module docstring.

    The request is :class:`JailRequest`.

    >>> jail_decision({"edition": "nl-2001", "turn_in_jail": 4, "cash": 0})
    Traceback (most recent call last):
    ...
    engine.errors.EngineError: error.out_of_range {'value': 4, 'min': 1, 'max': 3}
    """
    req = parse(JailRequest, request)
    ed = context(req.edition).edition
    assert ed.rules is not None and ed.board is not None
    r = ed.rules
    max_turns = r.jail_max_turns.value
    turn, cash, owned, offer = req.turn_in_jail, req.cash, req.cards_owned, req.card_offer
    for name, value, top in (("turn_in_jail", turn, max_turns),
                             ("cards_owned", owned, max_get_out_cards(ed))):
        if value > top:
            raise EngineError("error.out_of_range", field=name, value=value, min=int(name == "turn_in_jail"),
                              max=top)
    built = rent_odds.built_groups(req.opponents_built or (), "opponents_built",
                                r.houses_before_hotel.value)

    fine = r.jail_fine.value
    left = max_turns - turn + 1
    last = left == 1
    timing = r.jail_pay_when.value
    leave_to = "roll-and-move" if timing == "before-roll" else "move-next-turn"
    when = "before_roll" if timing == "before-roll" else "next_turn"
    kind = card_kind(r)
    steps: list[Step] = [step("jail-doubles", "step.jail.attempt", turn=turn, max_turns=max_turns,
                              attempts_left=left, cite=r.jail_max_turns)]
    options: list[dict[str, Any]] = []

    # Paying the fine.
    can_pay = cash >= fine
    steps.append(step("jail-pay", f"step.jail.pay.{when}", fine=fine, leads_to=leave_to,
                      fine_source=r.jail_fine.source.cite(), cite=r.jail_pay_when))
    pay = {"option": "pay", "cost": fine, "leads_to": leave_to, "clause": "jail-pay",
           "available": can_pay, "shortfall": max(0, fine - cash)}
    if not can_pay:
        pay.update(leads_to="must-raise-money", clause="bankrupt-raise")
        # with one's own card (or key) leaving costs nothing: not paying is no bankruptcy
        steps.append(step("bankrupt-raise", "step.jail.must_raise_card" if owned else "step.jail.must_raise",
                          fine=fine, cash=cash, shortfall=fine - cash, kind=kind))
    options.append(pay)

    # Using an owned card or key.
    if owned:
        steps.append(step("jail-card", f"step.jail.card.{when}", kind=kind, cards_owned=owned,
                          leads_to=leave_to, cite=r.jail_pay_when))
        options.append({"option": "card", "cost": 0, "leads_to": leave_to, "clause": "jail-card",
                        "available": True, "shortfall": 0})

    # Buying one from another player.
    offer_ok = False
    if offer is not None:
        if not r.jail_card_buyable.value:
            steps.append(step("jail-card", "step.jail.card_not_buyable", kind=kind,
                              cite=r.jail_card_buyable))
        else:
            offer_ok = cash >= offer
            steps.append(step("jail-card", "step.jail.buy_card", kind=kind, price=offer,
                              leads_to=leave_to, cite=r.jail_card_buyable))
            options.append({"option": "buy-card", "cost": offer,
                            "leads_to": leave_to if offer_ok else "must-raise-money",
                            "clause": "jail-card", "available": offer_ok,
                            "shortfall": max(0, offer - cash)})

    # Rolling for doubles.
    p_left = p_free(left)
    card_last = last and bool(owned) and r.jail_card_after_third_roll.value
    on_doubles = "move-and-roll-again" if r.jail_doubles_extra_roll.value else "move-by-roll"
    if not last and timing != "before-roll" and (can_pay or owned):
        # paying is allowed at any time: after a failed roll you may still leave
        on_failure, failure_clause = "stay-or-leave", "jail-pay"
    elif not last:
        on_failure, failure_clause = "stay-in-jail", "jail-doubles"
    elif card_last:
        # an owned card (or key) stands in for the fine after the last failed roll
        on_failure, failure_clause = "card-then-move", "jail-third-failure"
    elif can_pay:
        on_failure, failure_clause = "pay-then-move", "jail-third-failure"
    else:
        on_failure, failure_clause = "must-raise-money", "bankrupt-raise"
    roll_key = "step.jail.roll_again" if r.jail_doubles_extra_roll.value else "step.jail.roll"
    steps.append(step("jail-doubles", roll_key, p_doubles=_frac(P_DOUBLES),
                      attempts_left=left, p_free=_frac(p_left),
                      p_free_percent=round(100 * float(p_left), 1), leads_to=on_doubles, cite=r.jail_doubles_extra_roll))
    if last:
        if card_last:
            steps.append(step("jail-third-failure", "step.jail.third_failure_card", fine=fine,
                              kind=kind, cite=r.jail_card_after_third_roll))
        else:
            steps.append(step("jail-third-failure", "step.jail.third_failure", fine=fine,
                              cite=r.jail_third_failure))
            if owned:
                steps.append(step("jail-third-failure", "step.jail.third_failure_card_before",
                                  fine=fine, kind=kind, cite=r.jail_card_after_third_roll))
        if not can_pay and not card_last:
            steps.append(step("bankrupt-raise", "step.jail.must_raise_after_roll", fine=fine,
                              cash=cash, shortfall=fine - cash))
    if r.speed_die.value:
        steps.append(step("speed-die-jail", "step.jail.speed_die", cite=r.speed_die))
    options.append({
        "option": "roll", "cost": 0, "leads_to": on_doubles, "clause": "jail-doubles",
        "available": True, "shortfall": 0,
        "p_doubles": float(P_DOUBLES), "p_doubles_fraction": _frac(P_DOUBLES),
        "attempts_left": left, "p_free_remaining": float(p_left),
        "p_free_remaining_fraction": _frac(p_left),
        "on_failure": on_failure, "on_failure_clause": failure_clause,
        "expected_fine": 0 if card_last else round(fine * float((1 - P_DOUBLES) ** left), 2),
    })

    # Advice.
    if owned:
        leave_option: str | None = "card"
    elif offer_ok and offer is not None and (offer < fine or not can_pay):
        leave_option = "buy-card"
    elif can_pay:
        leave_option = "pay"
    else:
        leave_option = None
    leave_cost = offer if leave_option == "buy-card" else fine  # an owned card saves a fine later
    # where the card no longer helps after the last roll and the fine cannot be paid: use it now
    card_now = last and bool(owned) and not card_last and not can_pay
    advice = _advice(ed, built, left, fine, leave_option, leave_cost or 0, steps, card_last, card_now)

    return result(ed, steps, turn_in_jail=turn, max_turns=max_turns, attempts_left=left,
                  fine=fine, cash=cash, card_kind=kind, cards_owned=owned,
                  jail_pay_when=timing, options=options, advice=advice)


def _advice(ed: Edition, built: tuple[tuple[str, int], ...], left: int, fine: int, leave_option: str | None,
            leave_cost: int, steps: list[Step], card_last: bool = False,
            card_now: bool = False) -> dict[str, Any]:
    assert ed.rules is not None and ed.board is not None
    r = ed.rules
    q = 5.0 / 6.0  # 1 - P_DOUBLES, as a float (Fraction arithmetic is slow here)
    any_time = r.jail_pay_when.value == "any-time-then-next-turn"
    # expected rents per turn from the exact chain on this board (none without built groups)
    rents = rent_odds.jail_rents(markov.MarkovModel(
        board=ed.board.id, jail_max_turns=r.jail_max_turns.value, doubles_to_jail=r.doubles_to_jail.value,
        third_failed_roll_moves=r.jail_third_failure.value == "pay-then-move"), built) if built else None
    advice: dict[str, Any] = {"heuristic": rents is None, "roll_first": False}
    kind = card_kind(r)  # the travel edition's get-out "card" is a key: the words say which
    if rents is not None:
        leave_turn, stay_turn = rents.leave_turn, rents.stay_turn
        last_turn, free_turn = rents.last_stay_turn, rents.free_turn
        cost_leave = leave_cost + leave_turn + (left - 1) * free_turn
        cost_stay = (sum(q ** (i - 1) * stay_turn for i in range(1, left))
                     + q ** (left - 1) * (last_turn + q * fine)
                     + sum((1 - q ** (i - 1)) * free_turn for i in range(2, left + 1)))
        groups = ", ".join(f"{group} {level}" for group, level in rents.built)
        steps.append(step("jail-doubles", "step.jail.advice_rents", groups=groups,
                          board=ed.board.id, leave_turn=round(leave_turn, 2),
                          stay_turn=round(stay_turn, 2), last_stay_turn=round(last_turn, 2),
                          free_turn=round(free_turn, 2),
                          stay_saves=round(leave_turn - stay_turn, 2)))
        if r.card_mode.value == "three-dice-task":
            steps.append(step("cards-dice-task", "step.jail.advice_decks_stand_in",
                              cite=r.card_mode))
        steps.append(step("jail-doubles", "step.jail.advice_compare", attempts_left=left,
                          leave_cost=leave_cost, cost_leave=round(cost_leave, 2),
                          cost_stay=round(cost_stay, 2)))
        if leave_option == "card":  # no money leaves the hand: say what the card is counted as
            steps.append(step("jail-card", "step.jail.advice_card_value", leave_cost=leave_cost,
                              kind=kind))
        # the advice weighs the two totals; on the last attempt there is no staying put (the
        # pawn moves either way), so that advice is to roll, with the same totals
        params: dict[str, Any] = {"saves": round(cost_leave - cost_stay, 2),
                                  "cost_stay": round(cost_stay, 2),
                                  "cost_leave": round(cost_leave, 2), "attempts_left": left,
                                  "kind": kind}
        stay_key = "step.jail.advice.last_attempt_rents" if left == 1 \
            else "step.jail.advice.stay_saves"
        choice, key = ("stay", stay_key) if cost_stay < cost_leave \
            else ("leave", "step.jail.advice.leave_cheaper")
    else:
        params = {"fine": fine, "attempts_left": left, "leave_cost": leave_cost, "kind": kind}
        last_key = "step.jail.advice.last_attempt_card" if card_last else "step.jail.advice.last_attempt"
        # with one's own card no money leaves the hand: the advice says to use it
        leave_key = "step.jail.advice.heuristic_leave_card" if leave_option == "card" \
            else "step.jail.advice.heuristic_leave"
        choice, key = ("stay", last_key) if left == 1 else ("leave", leave_key)
    if leave_option is None:
        # no fine to pay and no card: roll; on the last attempt a failed roll means raising
        # the fine first (bankruptcy.md), so the step says so
        choice, key = "stay", ("step.jail.advice.cannot_pay_last" if left == 1
                               else "step.jail.advice.cannot_pay")
        params = {**params, "fine": fine}
    elif card_now:
        choice, key = "leave", "step.jail.advice.card_before_last_roll"
        params = {**params, "fine": fine}
    option = "roll" if choice == "stay" else leave_option
    if choice == "leave" and any_time and not card_now:
        # Paying now or after a failed roll both end with play resuming next turn, so the
        # advice to leave is one plan: roll first, leave (pay, use a card) only if it fails.
        advice["roll_first"] = True
        key = f"{key}_roll_first"
        params = {**params, "fine": fine}
        steps.append(step("jail-pay", key, option=option, cite=r.jail_pay_when, **params))
    else:
        steps.append(step("jail-doubles", key, option=option, **params))
    # the headline's words: on the last attempt there is no staying put, only a last roll
    headline = "last-roll" if choice == "stay" and left == 1 else choice
    advice.update(choice=choice, option=option, reason_key=key, params=params, headline=headline)
    return advice


__all__ = ["jail_decision", "p_free", "card_kind", "max_get_out_cards", "P_DOUBLES", "KEYS_IN_BOX"]
