"""End-of-game valuation: the short games, the time-limited game, and a card-game round.

:func:`score` values every player's holdings under the edition's scoring rule
and returns a per-player breakdown (its items sum to the total), the ranking
(ties share a rank) and the winners (all players tied at the top).

Board editions (``short-score``):

* cash;
* every unmortgaged lot at its printed price;
* a mortgaged lot by ``score_mortgaged``: ``half-price`` (half the printed
  price; nl-2001 short game, 000 «SPELREGELS VOOR EEN KORT SPEL») or
  ``mortgage-value`` (the value on the deed; classic-us short game, 003);
* houses at their purchase price (the deed's house price each);
* hotels by ``score_hotel``. ``hotel-price-plus-houses``: what the hotel cost,
  i.e. its printed price plus the houses given in for it. In the nl-2001 short
  game three houses come before a hotel, so a hotel is 3 houses + its price (=
  one house price) = four house prices: exactly what 000 writes in brackets
  ("= de prijs van vier huizen"); both readings of 000 agree there, and the
  ruling ``ruling-short-hotel-value`` records it. With four houses before a hotel
  (classic-us short game, the time-limited game) a hotel is five house prices.
  ``four-houses`` (not used by any edition) would count four house prices.

The time-limited game of 000 only says "the richest player wins"; it is valued
like the short game (``ruling-timed-valuation``), and so is the standard game
of a board edition when it is stopped early.

Card game (004, ``cards-scoring``): each complete set scores its set value
(50-400: the values are not in the source, so they are inputs,
``ruling-card-game-values``), each house on it adds the value again, a token
card doubles that set's income; a hotel adds ``hotel_value`` (an input: the
source is silent). The round's income is added to the money a player already
has; at the end of a round a player with 10,000 or more has reached the goal,
and if several have, the one with the most money wins.

>>> r = score({"edition": "nl-2001-short", "players": [
...     {"name": "An", "cash": 300, "properties": [
...         {"square": "Kalverstraat"}, {"square": "Station Zuid", "mortgaged": True}]},
...     {"name": "Bo", "cash": 600, "properties": []}]})
>>> [(p["name"], p["total"]) for p in r["players"]]   # 300 + 400 + 200/2
[('An', 800), ('Bo', 600)]
>>> r["winners"]
['An']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .boards import STREET, Board, Square
from .editions import CardGameRules, Edition, Rules
from .errors import EngineError
from .explain import Step, step
from .mortgage import (HOTEL, cite, edition_of, hotel_level, level_of, listed, nested,
                       property_square, refield)
from .sources import fact
from .validate import MAX_AMOUNT, boolean, integer, request_mapping, show

MAX_NAME = 40
CARD_SET_VALUE = (50, 400)
"""The range of printed set values in the card game (004 «Scoren»)."""
CARD_COUNTS = {
    "house": fact(14, "004", "Inhoud", "14 Huis- en 2 Hotel-kaarten"),
    "hotel": fact(2, "004", "Inhoud", "14 Huis- en 2 Hotel-kaarten"),
    "token": fact(6, "004", "Inhoud", "6 Speelfiguur-kaarten"),
}
"""Card-game cards in the box (004 «Inhoud»): no table can hold more."""
CARD_MAX_HOUSES = 4
"""A set takes the 1st to 4th house card, then a hotel (004, the card list)."""
CARD_MAX_SETS = 10
"""Eight colour sets, the stations and the utilities: at most ten sets on the table."""
SET_KINDS = ("street", "station", "utility")


def score(request: object) -> dict[str, Any]:
    """Score the players of one edition; see the module docstring.

    Request (board editions): ``edition``, ``players``: a list of
    ``{"name", "cash", "properties": [{"square", "mortgaged", "buildings"}]}``
    (``buildings`` 0-4 houses, 5 a hotel). Card game (``nl-card-game``):
    ``players``: ``{"name", "money", "sets": [{"value", "houses", "hotel",
    "token", "kind"}]}`` and ``hotel_value`` when a set has a hotel.

    >>> score({"edition": "nl-2001-short", "players": [
    ...     {"name": "A", "cash": 0, "properties": [{"square": 39}]},
    ...     {"name": "B", "cash": 0, "properties": [{"square": 39}]}]})
    Traceback (most recent call last):
    ...
    engine.errors.EngineError: error.square_owned_twice {'square': 'Kalverstraat'}
    """
    req = request_mapping(request)
    ed = edition_of(req, board=False)
    if ed.card_game is not None:
        return _card_game(req, ed, ed.card_game)
    assert ed.board is not None and ed.rules is not None
    return _board_game(req, ed, ed.board, ed.rules)


def _field_int(obj: Mapping[str, Any], name: str, lo: int, hi: int, path: str,
               default: int | None = None) -> int:
    try:
        return integer(obj, name, lo, hi, default)
    except EngineError as err:
        raise refield(err, f"{path}.{name}") from None


def _field_bool(obj: Mapping[str, Any], name: str, path: str) -> bool:
    try:
        return boolean(obj, name)
    except EngineError as err:
        raise refield(err, f"{path}.{name}") from None


def _players(req: Mapping[str, Any], lo: int, hi: int) -> list[tuple[str, Mapping[str, Any]]]:
    """The players as (name, object); names default to P1, P2, ... and must differ."""
    raw = req.get("players")
    if raw is None:
        raise EngineError("error.missing_field", field="players", name="players")
    items = listed(raw, "players", 0, 10 ** 6)
    if not lo <= len(items) <= hi:
        raise EngineError("error.player_count", field="players", count=len(items), min=lo, max=hi)
    out: list[tuple[str, Mapping[str, Any]]] = []
    for i, item in enumerate(items):
        path = f"players.{i}"
        player = nested(item, path)
        name = player.get("name", f"P{i + 1}")
        if name is None:
            name = f"P{i + 1}"
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise EngineError("error.bad_name", field=f"{path}.name", value=show(name),
                              max=MAX_NAME)
        name = name.strip()
        if any(name == n for n, _ in out):
            raise EngineError("error.duplicate_name", field=f"{path}.name", name=name)
        out.append((name, player))
    return out


def _ranking(totals: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """Standard competition ranking: ties share a rank, the next rank skips (1, 1, 3)."""
    ordered = sorted(totals, key=lambda t: -t[1])
    out: list[dict[str, Any]] = []
    for pos, (name, total) in enumerate(ordered):
        rank = out[-1]["rank"] if out and out[-1]["total"] == total else pos + 1
        out.append({"rank": rank, "name": name, "total": total})
    return out


# --------------------------------------------------------------------------- board editions


def _valuation_clause(ed: Edition) -> str:
    if ed.mode == "short":
        return "short-score"
    if ed.mode == "timed":
        return "timed-game"
    return "ruling-timed-valuation"


def _board_game(req: Mapping[str, Any], ed: Edition, board: Board, rules: Rules) -> dict[str, Any]:
    players = _players(req, rules.min_players.value, rules.max_players.value)
    top = hotel_level(rules)
    owned: dict[int, tuple[str, bool, int, str]] = {}  # index -> (owner, mortgaged, level, path)
    holdings: list[list[tuple[Square, bool, int]]] = []
    for p, (name, player) in enumerate(players):
        path = f"players.{p}"
        raw = player.get("properties")
        props = [] if raw is None else listed(raw, f"{path}.properties", 0, len(board.properties))
        mine: list[tuple[Square, bool, int]] = []
        for j, item in enumerate(props):
            ipath = f"{path}.properties.{j}"
            prop = nested(item, ipath)
            sq = property_square(board, prop.get("square"), f"{ipath}.square")
            if sq.index in owned:
                raise EngineError("error.square_owned_twice", field=f"{ipath}.square",
                                  square=sq.name)
            mortgaged = _field_bool(prop, "mortgaged", ipath)
            raw_level = prop.get("buildings", 0)
            level = 0 if raw_level is None else level_of(raw_level, rules, f"{ipath}.buildings")
            if level and sq.kind != STREET:
                raise EngineError("error.buildings_not_street", field=f"{ipath}.buildings",
                                  square=sq.name)
            if level and mortgaged:
                raise EngineError("error.mortgaged_with_buildings", field=f"{ipath}.buildings",
                                  square=sq.name)
            owned[sq.index] = (name, mortgaged, level, ipath)
            mine.append((sq, mortgaged, level))
        holdings.append(mine)
    _check_groups(board, rules, owned)
    houses = sum(lv for _, _, lv, _ in owned.values() if lv < top)
    hotels = sum(1 for _, _, lv, _ in owned.values() if lv == top)
    if houses > rules.houses_in_bank.value:
        raise EngineError("error.bank_houses", field="players", count=houses,
                          max=rules.houses_in_bank.value)
    if hotels > rules.hotels_in_bank.value:
        raise EngineError("error.bank_hotels", field="players", count=hotels,
                          max=rules.hotels_in_bank.value)

    clause = _valuation_clause(ed)
    basis = rules.score_mortgaged.value
    hotel_rule = rules.score_hotel.value
    basis_key = basis.replace("-", "_")
    hotel_key = hotel_rule.replace("-", "_")
    steps: list[Step] = [step(clause, f"step.score.rule.{basis_key}", edition=ed.id,
                              mode=ed.mode, mortgaged=basis, hotel=hotel_rule,
                              **cite(rules.score_mortgaged))]
    if hotels:
        steps.append(step("ruling-short-hotel-value", f"step.score.hotel.{hotel_key}",
                          hotel=hotel_rule, houses_before_hotel=rules.houses_before_hotel.value,
                          house_prices=_hotel_house_prices(rules), **cite(rules.score_hotel)))
    results: list[dict[str, Any]] = []
    for (name, player), mine, p in zip(players, holdings, range(len(players))):
        cash = _field_int(player, "cash", 0, MAX_AMOUNT, f"players.{p}")
        breakdown: list[dict[str, Any]] = [{"item": "cash", "amount": cash}]
        at_price = half = n_houses = n_hotels = house_total = hotel_total = 0
        for sq, mortgaged, level in sorted(mine, key=lambda t: t[0].index):
            price = sq.price or 0
            if mortgaged:
                amount = price // 2 if basis == "half-price" else (sq.mortgage or 0)
                half += amount
                breakdown.append({"item": "mortgaged", "square": sq.index, "name": sq.name,
                                  "basis": basis, "amount": amount})
            else:
                at_price += price
                breakdown.append({"item": "property", "square": sq.index, "name": sq.name,
                                  "amount": price})
            if level == top:
                amount = _hotel_house_prices(rules) * (sq.house_cost or 0)
                n_hotels += 1
                hotel_total += amount
                breakdown.append({"item": "hotel", "square": sq.index, "name": sq.name,
                                  "count": 1, "amount": amount})
            elif level:
                amount = level * (sq.house_cost or 0)
                n_houses += level
                house_total += amount
                breakdown.append({"item": "houses", "square": sq.index, "name": sq.name,
                                  "count": level, "amount": amount})
        total = sum(item["amount"] for item in breakdown)
        steps.append(step(clause, "step.score.player", player=name, cash=cash,
                          properties=at_price, mortgaged=half, houses=n_houses,
                          houses_amount=house_total, hotels=n_hotels, hotels_amount=hotel_total,
                          total=total))
        results.append({"name": name, "breakdown": breakdown, "total": total})
    ranking = _ranking([(r["name"], r["total"]) for r in results])
    best = ranking[0]["total"]
    winners = [r["name"] for r in ranking if r["total"] == best]
    steps.append(step(clause, "step.score.tie" if len(winners) > 1 else "step.score.winner",
                      winners=", ".join(winners), total=best))
    return {"edition": ed.id, "currency": ed.currency, "mode": ed.mode, "players": results,
            "ranking": ranking, "winners": winners, "steps": [s.to_dict() for s in steps]}


def _hotel_house_prices(rules: Rules) -> int:
    """How many house prices a hotel counts for (a hotel's own price is one house price)."""
    if rules.score_hotel.value == "four-houses":
        return 4
    return rules.houses_before_hotel.value + 1


def _check_groups(board: Board, rules: Rules,
                  owned: Mapping[int, tuple[str, bool, int, str]]) -> None:
    """Buildings need the whole group in one hand, no mortgage in the group, even building."""
    built_groups = {board.squares[i].group for i, (_, _, lv, _) in owned.items() if lv}
    for group in sorted(g for g in built_groups if g is not None):
        lots = board.group(group)
        first = next(owned[s.index] for s in lots if s.index in owned and owned[s.index][2])
        owner, path = first[0], first[3]
        for s in lots:
            if s.index not in owned or owned[s.index][0] != owner:
                raise EngineError("error.incomplete_group", field=path, group=group,
                                  square=s.name)
        levels = {s.index: owned[s.index][2] for s in lots}
        mortgaged = [s for s in lots if owned[s.index][1]]
        if mortgaged and (rules.mortgage_scope.value == "group" or max(levels.values()) > 1):
            raise EngineError("error.mortgaged_group_built", field=path,
                              square=mortgaged[0].name, group=group)
        if rules.even_building.value and max(levels.values()) - min(levels.values()) > 1:
            raise EngineError("error.uneven_building", field=path, group=group,
                              levels=", ".join(str(levels[s.index]) for s in lots))


# --------------------------------------------------------------------------- card game


def _card_game(req: Mapping[str, Any], ed: Edition, cg: CardGameRules) -> dict[str, Any]:
    players = _players(req, cg.min_players.value, cg.max_players.value)
    target = cg.target.value
    mult = cg.token_multiplier.value
    hotel_value: int | None = None
    counts = {"house": 0, "hotel": 0, "token": 0}
    parsed: list[list[dict[str, Any]]] = []
    n_sets = 0
    for p, (_, player) in enumerate(players):
        path = f"players.{p}"
        raw = player.get("sets")
        sets = [] if raw is None else listed(raw, f"{path}.sets", 0, CARD_MAX_SETS)
        mine: list[dict[str, Any]] = []
        for j, item in enumerate(sets):
            spath = f"{path}.sets.{j}"
            s = nested(item, spath)
            value = _field_int(s, "value", CARD_SET_VALUE[0], CARD_SET_VALUE[1], spath)
            houses = _field_int(s, "houses", 0, CARD_MAX_HOUSES, spath, default=0)
            hotel = _field_bool(s, "hotel", spath)
            token = _field_bool(s, "token", spath)
            kind = s.get("kind", "street")
            if kind is None:
                kind = "street"
            if not isinstance(kind, str) or kind not in SET_KINDS:
                raise EngineError("error.bad_choice", field=f"{spath}.kind", value=show(kind),
                                  choices=", ".join(SET_KINDS))
            if (houses or hotel) and kind != "street":
                raise EngineError("error.buildings_not_street", field=f"{spath}.houses",
                                  square=kind)
            if hotel and houses < CARD_MAX_HOUSES:
                raise EngineError("error.hotel_needs_houses", field=f"{spath}.hotel",
                                  houses=houses, needed=CARD_MAX_HOUSES)
            counts["house"] += houses
            counts["hotel"] += int(hotel)
            counts["token"] += int(token)
            mine.append({"value": value, "houses": houses, "hotel": hotel, "token": token,
                         "kind": kind})
        n_sets += len(mine)
        parsed.append(mine)
    if n_sets > CARD_MAX_SETS:
        raise EngineError("error.too_many_sets", field="players", count=n_sets, max=CARD_MAX_SETS)
    for card, n in counts.items():
        if n > CARD_COUNTS[card].value:
            raise EngineError(f"error.card_count.{card}", field="players", count=n,
                              max=CARD_COUNTS[card].value)
    if counts["hotel"]:
        hotel_value = integer(req, "hotel_value", 0, 10 * CARD_SET_VALUE[1])

    steps: list[Step] = [step("cards-scoring", "step.score.card_rule", multiplier=mult,
                              house_adds_value=cg.house_adds_set_value.value,
                              **cite(cg.token_multiplier))]
    steps.append(step("ruling-card-game-values", "step.score.card_values_input",
                      min=CARD_SET_VALUE[0], max=CARD_SET_VALUE[1], **cite(cg.set_values)))
    if hotel_value is not None:
        steps.append(step("ruling-card-game-values", "step.score.card_hotel_input",
                          hotel_value=hotel_value, **cite(cg.hotel_value)))
    results: list[dict[str, Any]] = []
    for p, ((name, player), mine) in enumerate(zip(players, parsed)):
        money = _field_int(player, "money", 0, MAX_AMOUNT, f"players.{p}")
        breakdown: list[dict[str, Any]] = [{"item": "money", "amount": money}]
        income = 0
        for j, s in enumerate(mine):
            base = s["value"] * (1 + s["houses"] if cg.house_adds_set_value.value else 1)
            if s["hotel"]:
                base += hotel_value or 0
            amount = base * mult if s["token"] else base
            income += amount
            breakdown.append({"item": "set", "set": j, **s, "amount": amount})
            steps.append(step("cards-scoring", "step.score.card_set", player=name, set=j + 1,
                              value=s["value"], houses=s["houses"], hotel=s["hotel"],
                              token=s["token"], amount=amount))
        total = sum(item["amount"] for item in breakdown)
        reached = total >= target
        steps.append(step("cards-goal", "step.score.card_player", player=name, money=money,
                          income=income, total=total, target=target, reached=reached,
                          **cite(cg.target)))
        results.append({"name": name, "breakdown": breakdown, "round_income": income,
                        "total": total, "progress": round(total / target, 4),
                        "reached": reached})
    ranking = _ranking([(r["name"], r["total"]) for r in results])
    reached = [r for r in ranking if r["total"] >= target]
    winners = [r["name"] for r in reached if r["total"] == reached[0]["total"]] if reached else []
    if winners:
        steps.append(step("cards-goal", "step.score.card_tie" if len(winners) > 1
                          else "step.score.card_winner", winners=", ".join(winners),
                          total=reached[0]["total"]))
    else:
        steps.append(step("cards-goal", "step.score.card_no_winner", target=target,
                          best=ranking[0]["total"]))
    return {"edition": ed.id, "currency": ed.currency, "mode": ed.mode, "target": target,
            "players": results, "ranking": ranking, "winners": winners,
            "game_over": bool(winners), "steps": [s.to_dict() for s in steps]}


__all__ = ["score", "CARD_COUNTS", "CARD_SET_VALUE", "HOTEL"]
