"""What each calculator shows of its result, as data (interpreted by :mod:`present.render`).

A view is a list of blocks, each a line (a message with parameters) or a table. Values:

- ``{"path": "a.b.0"}``: the raw value (text / number / list / yes-no);
- ``{"path": ..., "fmt": "amount"}``: money in the result's currency;
- ``{"path": ..., "fmt": "percent"}``: 0.42 -> "42 %" (the language's sign and space);
- ``{"path": ..., "enum": "calc.x."}``: message ``calc.x.<value>``;
- ``{"path": ..., "count": True}``: the length of a list;
- ``{"sum": "list", "where": {"item": [..]}, "field": "amount", "fmt": "amount"}``;
- ``{"lookup": "ranking", "match": "name", "field": "rank"}`` (row value matched in a list).

Conditions (``when``): ``{"path", "eq" | "ne" | "in" | "truthy" | "falsy" | "len" |
"len_gt" | "ne_path"}``; a list of conditions must all hold.

Which step parameters are money or percentages is the engine's table
(:func:`engine.money.money_params`, :func:`engine.money.percent_params`).

The calculators (the engine calculation kinds a player fills in a form for) are the
keys of :data:`VIEWS`, in page order: :data:`CALCULATORS` is the one list of them; the
hooks, the forms and the tests derive theirs from it.

>>> VIEWS["rent"][0]["params"]["amount"]
{'path': 'amount', 'fmt': 'amount'}
>>> CALCULATORS
('rent', 'jail', 'mortgage', 'score')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

View = list[dict[str, Any]]

AMOUNT = "amount"


def _v(path: str, fmt: str | None = None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"path": path}
    if fmt:
        out["fmt"] = fmt
    out.update(kw)
    return out


_PLAYER_COLUMNS: list[dict[str, Any]] = [
    {"label": "calc.score.col.player", "path": "name"},
    {"label": "calc.score.col.rank", "lookup": "ranking", "match": "name", "field": "rank"},
]
"""The first columns of both score tables (board game and card game)."""

VIEWS: Mapping[str, View] = {
    "rent": [
        {"key": "calc.rent.result", "class": "calc-headline",
         "params": {"amount": _v("amount", AMOUNT), "square": _v("square.name")}},
    ],
    "jail": [
        {"key": "calc.jail.advice.{advice.headline}", "class": "calc-headline",
         "when": {"path": "advice.roll_first", "falsy": True},
         "params": {"option": _v("advice.option", enum="calc.jail.how.")}},
        {"key": "calc.jail.advice.roll-first", "class": "calc-headline",
         "when": {"path": "advice.roll_first", "truthy": True},
         "params": {"option": _v("advice.option", enum="calc.jail.how.")}},
        {"key": "calc.jail.attempt",
         "params": {"turn": _v("turn_in_jail"), "max": _v("max_turns"),
                    "fine": _v("fine", AMOUNT), "cash": _v("cash", AMOUNT)}},
        {"table": "options", "caption": "calc.jail.options", "columns": [
            {"label": "calc.jail.col.option", "path": "option", "enum": "calc.jail.option."},
            {"label": "calc.jail.col.cost", "path": "cost", "fmt": AMOUNT},
            {"label": "calc.jail.col.leads_to", "lines": [
                {"key": "calc.jail.leads_to.{leads_to}"},
                {"key": "calc.jail.shortfall", "when": {"path": "shortfall", "truthy": True},
                 "params": {"shortfall": _v("shortfall", AMOUNT)}},
                {"key": "calc.jail.chance", "when": {"path": "option", "eq": "roll"},
                 "params": {"fraction": _v("p_free_remaining_fraction"),
                            "percent": _v("p_free_remaining", "percent"),
                            "attempts": _v("attempts_left")}},
                {"key": "calc.jail.on_failure.{on_failure}",
                 "when": {"path": "option", "eq": "roll"}},
            ]},
        ]},
    ],
    "mortgage": [
        {"key": "calc.mortgage.received", "class": "calc-headline",
         "when": {"path": "action", "eq": "mortgage"},
         "params": {"total": _v("cash_received", AMOUNT), "square": _v("square.name")}},
        # the parts only where buildings were sold (not "Gebouwen verkocht: € 0")
        {"key": "calc.mortgage.received_parts",
         "when": [{"path": "action", "eq": "mortgage"}, {"path": "sale_proceeds", "truthy": True}],
         "params": {"sale": _v("sale_proceeds", AMOUNT), "value": _v("mortgage_value", AMOUNT)}},
        {"table": "buildings_sold", "caption": "calc.mortgage.sold",
         "when": [{"path": "action", "eq": "mortgage"},
                  {"path": "buildings_sold", "len_gt": 0}],
         "columns": [
             {"label": "calc.col.square", "path": "square.name"},
             {"label": "calc.mortgage.col.from", "path": "from", "enum": "calc.level."},
             {"label": "calc.mortgage.col.to", "path": "to", "enum": "calc.level."},
             {"label": "calc.mortgage.col.proceeds", "path": "proceeds", "fmt": AMOUNT},
         ]},
        {"key": "calc.mortgage.lift_later", "when": {"path": "action", "eq": "mortgage"},
         "params": {"cost": _v("lift_cost", AMOUNT)}},
        {"key": "calc.mortgage.lift_cost", "class": "calc-headline",
         "when": {"path": "action", "eq": "lift"},
         "params": {"cost": _v("cost", AMOUNT), "square": _v("square.name")}},
        # the answer first, then what it is made of (a Norwegian reader met the parts first)
        {"key": "calc.mortgage.receive_cheaper.{cheaper}", "class": "calc-headline",
         "when": {"path": "action", "eq": "receive"},
         "params": {"saving": _v("saving", AMOUNT), "square": _v("square.name")}},
        {"key": "calc.mortgage.lift_parts", "when": {"path": "action", "in": ["lift", "receive"]},
         "params": {"value": _v("value", AMOUNT), "interest": _v("interest", AMOUNT)}},
        {"key": "calc.mortgage.interest_exact",
         "when": [{"path": "action", "in": ["lift", "receive"]},
                  {"path": "interest", "ne_path": "interest_exact"}],
         "params": {"exact": _v("interest_exact", AMOUNT), "interest": _v("interest", AMOUNT)}},
        {"table": "options", "caption": "calc.mortgage.choices",
         "when": {"path": "action", "eq": "receive"},
         "columns": [
             {"label": "calc.mortgage.col.choice", "path": "choice",
              "enum": "calc.mortgage.choice."},
             {"label": "calc.mortgage.col.now", "path": "now", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.later", "path": "later", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.total", "path": "total", "fmt": AMOUNT},
         ]},
        {"key": "calc.mortgage.bankruptcy.{creditor}", "class": "calc-headline",
         "when": {"path": "action", "eq": "bankruptcy"},
         "params": {"lots": {"path": "lots", "count": True}}},
        {"table": "lots", "caption": "calc.mortgage.lots",
         "when": [{"path": "action", "eq": "bankruptcy"}, {"path": "creditor", "eq": "bank"}],
         "columns": [
             {"label": "calc.col.square", "path": "square.name"},
             {"label": "calc.mortgage.col.value", "path": "value", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.outcome", "path": "outcome",
              "enum": "calc.mortgage.outcome."},
         ]},
        {"table": "lots", "caption": "calc.mortgage.lots",
         "when": [{"path": "action", "eq": "bankruptcy"}, {"path": "creditor", "eq": "player"}],
         "columns": [
             {"label": "calc.col.square", "path": "square.name"},
             {"label": "calc.mortgage.col.value", "path": "value", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.lift_now", "path": "options.0.total", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.keep_now", "path": "options.1.now", "fmt": AMOUNT},
             {"label": "calc.mortgage.col.keep_later", "path": "options.1.later", "fmt": AMOUNT},
         ]},
        {"key": "calc.mortgage.totals",
         "when": [{"path": "action", "eq": "bankruptcy"}, {"path": "creditor", "eq": "player"}],
         "params": {"lift": _v("totals.lift_all_now", AMOUNT),
                    "keep_now": _v("totals.keep_all_now", AMOUNT),
                    "keep_later": _v("totals.keep_all_later", AMOUNT)}},
    ],
    "score": [
        {"key": "calc.score.winner", "class": "calc-headline", "when": {"path": "winners", "len": 1},
         "params": {"names": _v("winners"), "total": _v("ranking.0.total", AMOUNT)}},
        {"key": "calc.score.tie", "class": "calc-headline", "when": {"path": "winners", "len_gt": 1},
         "params": {"names": _v("winners"), "total": _v("ranking.0.total", AMOUNT)}},
        {"key": "calc.score.no_winner", "class": "calc-headline", "when": {"path": "winners", "len": 0},
         "params": {"target": _v("target", AMOUNT), "best": _v("ranking.0.total", AMOUNT)}},
        {"table": "players", "caption": "calc.score.table",
         "when": {"path": "mode", "ne": "card-game"},
         "columns": [
             *_PLAYER_COLUMNS,
             {"label": "calc.score.col.cash", "sum": "breakdown", "where": {"item": ["cash"]},
              "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.properties", "sum": "breakdown",
              "where": {"item": ["property"]}, "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.mortgaged", "sum": "breakdown",
              "where": {"item": ["mortgaged"]}, "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.buildings", "sum": "breakdown",
              "where": {"item": ["houses", "hotel"]}, "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.total", "path": "total", "fmt": AMOUNT},
         ]},
        {"table": "players", "caption": "calc.score.table",
         "when": {"path": "mode", "eq": "card-game"},
         "columns": [
             *_PLAYER_COLUMNS,
             {"label": "calc.score.col.money", "sum": "breakdown", "where": {"item": ["money"]},
              "field": "amount", "fmt": AMOUNT},
             {"label": "calc.score.col.income", "path": "round_income", "fmt": AMOUNT},
             {"label": "calc.score.col.total", "path": "total", "fmt": AMOUNT},
             {"label": "calc.score.col.reached", "path": "reached"},
         ]},
    ],
}
"""How each calculator shows its result (interpreted by :func:`present.render.render_output`)."""

CALCULATORS: tuple[str, ...] = tuple(VIEWS)
"""The calculators, by engine calculation kind, in page order (the one list of them)."""
