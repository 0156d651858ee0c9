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

from dataclasses import asdict, dataclass
from typing import Any, Literal

from .boards import STREET, Board, Square
from .calc import (MAX_LOTS, Holding, check_position, edition_field, property_square,
                   result, square_info)
from .editions import EDITIONS, CardGameRules, Edition, Rules, edition
from .errors import EngineError
from .explain import Step, step
from .money import hotel_level, level_of
from .sources import fact, ruled
from .validate import MAX_AMOUNT, parse, required, show, spec

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
CARD_MAX_SETS: int = EDITIONS["nl-card-game"].card_game.max_sets.value  # type: ignore[union-attr]
"""Eight colour sets, the utilities and the stations split 2 + 2: at most eleven sets on the
table (``max_sets``, a ruling: ``ruling-card-game-sets``)."""
OTHER_SET = ruled(True, "ruling-card-game-sets", "004", "Korte uitleg van de speelkaarten",
                  "In combinatie met een stratenset")
"""A station or utility set, and a token doubling it: the text names street sets only."""


@dataclass(frozen=True)
class CardSet:
    """A complete set on the table (card game)."""

    value: int = spec(lo=CARD_SET_VALUE[0], hi=CARD_SET_VALUE[1], doc="the set's printed value")
    houses: int = spec(0, lo=0, hi=CARD_MAX_HOUSES, doc="house cards on the set")
    hotel: bool = spec(False, doc="a hotel card on the set (after four houses)")
    token: bool = spec(False, doc="a token card doubles the set's income")
    kind: Literal["street", "station", "utility"] = spec("street", doc="what the set is")


@dataclass(frozen=True)
class Player:
    """One player: ``cash`` and ``properties`` on a board, ``money`` and ``sets`` in the card game."""

    name: object = spec(None, json="string", doc="the player's name (default P1, P2, ...), "
                                                 "1-40 characters")
    cash: int = spec(0, lo=0, hi=MAX_AMOUNT, doc="board editions: cash")
    properties: list[Holding] = spec((), max_items=MAX_LOTS, doc="board editions: the properties")
    money: int = spec(0, lo=0, hi=MAX_AMOUNT, doc="card game: the money a player has")
    sets: list[CardSet] = spec((), max_items=CARD_MAX_SETS, doc="card game: the sets on the table")


@dataclass(frozen=True)
class ScoreRequest:
    """End-of-game valuation of every player."""

    edition: object = edition_field()
    players: list[Player] = spec(doc="the players, as many as the edition allows")
    hotel_value: int | None = spec(None, lo=0, hi=10 * CARD_SET_VALUE[1], doc=(
        "card game: what a hotel adds to a set (required when a set has one)"))


def score(request: object) -> dict[str, Any]:
    """Score the players of one edition; see the module docstring and :class:`ScoreRequest`.

    >>> score({"edition": "nl-2001-short", "players": [
    ...     {"name": "A", "cash": 0, "properties": [{"square": 39}]},
    ...     {"name": "B", "cash": 0, "properties": [{"square": 39}]}]})
    Traceback (most recent call last):
    ...
    engine.errors.EngineError: error.duplicate_square {'square': 'Kalverstraat'}
    """
    req = parse(ScoreRequest, request)
    ed = edition(req.edition)
    if ed.card_game is not None:
        return _card_game(req, ed, ed.card_game)
    assert ed.board is not None and ed.rules is not None
    return _board_game(req, ed, ed.board, ed.rules)


def _players(req: ScoreRequest, lo: int, hi: int) -> list[tuple[str, Player]]:
    """The players as (name, player); names default to P1, P2, ... and must differ."""
    if not lo <= len(req.players) <= hi:
        raise EngineError("error.player_count", field="players", count=len(req.players), min=lo, max=hi)
    out: list[tuple[str, Player]] = []
    for i, player in enumerate(req.players):
        name = f"P{i + 1}" if player.name is None else player.name
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise EngineError("error.bad_name", field=f"players.{i}.name", value=show(name),
                              max=MAX_NAME)
        name = name.strip()
        if any(name == n for n, _ in out):
            raise EngineError("error.duplicate_name", field=f"players.{i}.name", name=name)
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


VALUATION_CLAUSE = {"short": "short-score", "timed": "timed-game"}
"""The clause valuing a board game by its mode (a standard game stopped early: a ruling)."""


def _board_game(req: ScoreRequest, ed: Edition, board: Board, rules: Rules) -> dict[str, Any]:
    players = _players(req, rules.min_players.value, rules.max_players.value)
    top = hotel_level(rules)
    owned: dict[int, tuple[str, bool, int, str]] = {}  # index -> (owner, mortgaged, level, path)
    holdings: list[list[tuple[Square, bool, int]]] = []
    for p, (name, player) in enumerate(players):
        mine: list[tuple[Square, bool, int]] = []
        for j, prop in enumerate(player.properties):
            ipath = f"players.{p}.properties.{j}"
            sq = property_square(board, prop.square, f"{ipath}.square")
            if sq.index in owned:
                raise EngineError("error.duplicate_square", field=f"{ipath}.square", square=sq.name)
            level = level_of(prop.buildings, rules, f"{ipath}.buildings")
            if level and sq.kind != STREET:
                raise EngineError("error.not_buildable", field=f"{ipath}.buildings", square=sq.name)
            if level and prop.mortgaged:
                raise EngineError("error.mortgaged_with_buildings", field=f"{ipath}.buildings",
                                  square=sq.name)
            owned[sq.index] = (name, prop.mortgaged, level, ipath)
            mine.append((sq, prop.mortgaged, level))
        holdings.append(mine)
    check_position(board, rules, owned, None, "players")
    hotels = sum(1 for _, _, lv, _ in owned.values() if lv == top)

    clause = VALUATION_CLAUSE.get(ed.mode, "ruling-timed-valuation")
    basis = rules.score_mortgaged.value
    hotel_rule = rules.score_hotel.value
    basis_key = basis.replace("-", "_")
    hotel_key = hotel_rule.replace("-", "_")
    steps: list[Step] = []
    if rules.game_end.value == "last-player":
        # a game that ends with one player left: counting only names the richest when the
        # players stop early (the winner by the rules is whoever is left)
        steps.append(step("end-winner", "step.score.stopped_early", cite=rules.game_end))
    steps.append(step(clause, f"step.score.rule.{basis_key}", edition=ed.id,
                      mode=ed.mode, mortgaged=basis, hotel=hotel_rule,
                      cite=rules.score_mortgaged))
    if hotels:
        steps.append(step("ruling-short-hotel-value", f"step.score.hotel.{hotel_key}",
                          hotel=hotel_rule, houses_before_hotel=rules.houses_before_hotel.value,
                          house_prices=_hotel_house_prices(rules), cite=rules.score_hotel))
    results: list[dict[str, Any]] = []
    for (name, player), mine in zip(players, holdings):
        cash = player.cash
        breakdown: list[dict[str, Any]] = [{"item": "cash", "amount": cash}]
        for sq, mortgaged, level in sorted(mine, key=lambda t: t[0].index):
            lot, price, house = square_info(sq), sq.price or 0, sq.house_cost or 0
            if mortgaged:
                breakdown.append({"item": "mortgaged", "square": lot, "basis": basis, "amount":
                                  price // 2 if basis == "half-price" else (sq.mortgage or 0)})
            else:
                breakdown.append({"item": "property", "square": lot, "amount": price})
            if level == top:
                breakdown.append({"item": "hotel", "square": lot, "count": 1,
                                  "amount": _hotel_house_prices(rules) * house})
            elif level:
                breakdown.append({"item": "houses", "square": lot, "count": level,
                                  "amount": level * house})
        total = sum(item["amount"] for item in breakdown)
        part = {k: sum(i.get(key, 0) for i in breakdown if i["item"] == item) for k, item, key in (
            ("properties", "property", "amount"), ("mortgaged", "mortgaged", "amount"),
            ("houses", "houses", "count"), ("houses_amount", "houses", "amount"),
            ("hotels", "hotel", "count"), ("hotels_amount", "hotel", "amount"))}
        steps.append(step(clause, "step.score.player", player=name, cash=cash, **part, total=total))
        results.append({"name": name, "breakdown": breakdown, "total": total})
    ranking = _ranking([(r["name"], r["total"]) for r in results])
    best = ranking[0]["total"]
    winners = [r["name"] for r in ranking if r["total"] == best]
    steps.append(step(clause, "step.score.tie" if len(winners) > 1 else "step.score.winner",
                      winners=tuple(winners), total=best))
    return result(ed, steps, mode=ed.mode, players=results, ranking=ranking, winners=winners)


def _hotel_house_prices(rules: Rules) -> int:
    """How many house prices a hotel counts for (a hotel's own price is one house price)."""
    if rules.score_hotel.value == "four-houses":
        return 4
    return rules.houses_before_hotel.value + 1


# --------------------------------------------------------------------------- card game


def _card_game(req: ScoreRequest, ed: Edition, cg: CardGameRules) -> dict[str, Any]:
    players = _players(req, cg.min_players.value, cg.max_players.value)
    target = cg.target.value
    mult = cg.token_multiplier.value
    for p, (_, player) in enumerate(players):
        for j, s in enumerate(player.sets):
            spath = f"players.{p}.sets.{j}"
            if (s.houses or s.hotel) and s.kind != "street":
                raise EngineError("error.not_buildable", field=f"{spath}.houses", square=s.kind)
            if s.hotel and s.houses < CARD_MAX_HOUSES:
                raise EngineError("error.hotel_needs_houses", field=f"{spath}.hotel",
                                  houses=s.houses, needed=CARD_MAX_HOUSES)
    table = [s for _, player in players for s in player.sets]
    if len(table) > CARD_MAX_SETS:
        raise EngineError("error.too_many_sets", field="players", count=len(table), max=CARD_MAX_SETS)
    counts = {"house": sum(s.houses for s in table), "hotel": sum(s.hotel for s in table),
              "token": sum(s.token for s in table)}
    for card, n in counts.items():
        if n > CARD_COUNTS[card].value:
            raise EngineError(f"error.card_count.{card}", field="players", count=n,
                              max=CARD_COUNTS[card].value)
    hotel_value = required(req.hotel_value, "hotel_value") if counts["hotel"] else None

    steps: list[Step] = [step("cards-scoring", "step.score.card_rule", multiplier=mult,
                              house_adds_value=cg.house_adds_set_value.value,
                              cite=cg.token_multiplier)]
    steps.append(step("ruling-card-game-values", "step.score.card_values_input",
                      min=CARD_SET_VALUE[0], max=CARD_SET_VALUE[1], cite=cg.set_values))
    if hotel_value is not None:
        steps.append(step("ruling-card-game-values", "step.score.card_hotel_input",
                          hotel_value=hotel_value, cite=cg.hotel_value))
    steps.append(step("ruling-card-game-gaps", "step.score.card_bonus_lost",
                      cite=cg.bonus_card_effects))
    results: list[dict[str, Any]] = []
    for name, player in players:
        money = player.money
        breakdown: list[dict[str, Any]] = [{"item": "money", "amount": money}]
        income = 0
        for j, s in enumerate(player.sets):
            base = s.value * (1 + s.houses if cg.house_adds_set_value.value else 1)
            if s.hotel:
                base += hotel_value or 0
            amount = base * mult if s.token else base
            income += amount
            breakdown.append({"item": "set", "set": j, **asdict(s), "amount": amount})
            # a token on a street set is the rulebook's; any other set rests on the ruling
            cite = OTHER_SET if s.kind != "street" else cg.token_multiplier if s.token else None
            # the hotel card and the figure card say what they add, so the sum can be followed
            extra = "_hotel" if s.hotel else ""
            extra += "_token" if s.token else ""
            steps.append(step("cards-scoring", f"step.score.card_set{extra}", player=name,
                              set=j + 1, value=s.value, houses=s.houses, hotel=s.hotel,
                              token=s.token, hotel_value=hotel_value or 0, multiplier=mult,
                              amount=amount, cite=cite))
        total = sum(item["amount"] for item in breakdown)
        reached = total >= target
        steps.append(step("cards-goal", "step.score.card_player", player=name, money=money,
                          income=income, total=total, target=target, reached=reached,
                          cite=cg.target))
        results.append({"name": name, "breakdown": breakdown, "round_income": income,
                        "total": total, "progress": round(total / target, 4),
                        "reached": reached})
    ranking = _ranking([(r["name"], r["total"]) for r in results])
    reached = [r for r in ranking if r["total"] >= target]
    winners = [r["name"] for r in reached if r["total"] == reached[0]["total"]] if reached else []
    if winners:
        tie = len(winners) > 1
        steps.append(step("ruling-card-game-tie" if tie else "cards-goal",
                          "step.score.card_tie" if tie else "step.score.card_winner",
                          cg.tie_at_target if tie else cg.target, winners=tuple(winners),
                          total=reached[0]["total"]))
    else:
        steps.append(step("cards-goal", "step.score.card_no_winner", target=target,
                          best=ranking[0]["total"]))
    return result(ed, steps, mode=ed.mode, target=target, players=results, ranking=ranking,
                  winners=winners, game_over=bool(winners))


__all__ = ["score", "ScoreRequest", "CARD_COUNTS", "CARD_SET_VALUE"]
