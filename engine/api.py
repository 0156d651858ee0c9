"""The one JSON-in / JSON-out entry of the engine: what the browser (Pyodide) calls.

:func:`calculate` dispatches a calculation by name and returns its result dict,
or, when the request is invalid, the error as data:
``{"error": key, "field": field, "params": {...}}`` (never an exception).
:func:`calculate_json` does the same from and to JSON text, and :func:`describe`
lists the editions with their boards' squares for the calculators' selectors.

Calculations (``kind``) are :data:`KINDS`; the request each takes is declared in
:data:`REQUESTS` (a frozen dataclass per kind, checked by :mod:`engine.validate`).
The site publishes their JSON Schemas next to the engine
(``assets/schemas/<kind>.schema.json``; :func:`describe` names them).

>>> calculate("mortgage", {"edition": "nl-2001", "action": "lift", "square": 39})["cost"]
220
>>> calculate("mortgage", {"edition": "xx", "action": "lift", "square": 39})
{'error': 'error.unknown_edition', 'field': 'edition', 'params': {'edition': 'xx'}}
>>> calculate_json("jail", "{not json")
'{"error": "error.request_not_json", "field": null, "params": {}}'
>>> [e["id"] for e in describe()][:3]
['nl-2001', 'nl-2001-short', 'nl-2001-timed']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from . import building, jail, markov, mortgage, rent, rent_odds, scoring, tax
from .calc import square_info
from .editions import EDITIONS
from .errors import EngineError

KINDS: Mapping[str, Callable[[object], dict[str, Any]]] = MappingProxyType({
    "rent": rent.rent,
    "check_build": building.check_build,
    "sell_buildings": building.sell_buildings,
    "income_tax": tax.income_tax,
    "jail": jail.jail_decision,
    "mortgage": mortgage.mortgage_cost,
    "score": scoring.score,
    "odds": markov.odds,
    "group_rents": rent_odds.group_rents_request,
})
"""Every calculation kind and the function that answers it."""

REQUESTS: Mapping[str, type] = MappingProxyType({
    "rent": rent.RentRequest,
    "check_build": building.BuildRequest,
    "sell_buildings": building.SellRequest,
    "income_tax": tax.TaxRequest,
    "jail": jail.JailRequest,
    "mortgage": mortgage.MortgageRequest,
    "score": scoring.ScoreRequest,
    "odds": markov.OddsRequest,
    "group_rents": rent_odds.GroupRentsRequest,
})
"""The declared request of every kind."""

SCHEMA_DIR = "schemas"
"""Where the site publishes the schemas, next to the engine (``<kind>.schema.json``)."""

def calculate(kind: str, request: object) -> dict[str, Any]:
    """Run calculation ``kind`` on ``request``; invalid input gives the error as a dict.

    >>> calculate("nope", {})["error"]
    'error.unknown_calculation'
    >>> calculate("jail", [])["error"]
    'error.request_not_object'
    """
    if not isinstance(kind, str) or kind not in KINDS:
        shown = kind[:40] if isinstance(kind, str) else type(kind).__name__
        return EngineError("error.unknown_calculation", field="kind", kind=shown).to_dict()
    try:
        # No pre-walk for huge numbers: every declared number has a range, and every value a
        # lookup checks (square, edition) is shown in errors through validate.show.
        return KINDS[kind](request)
    except EngineError as err:
        return err.to_dict()


def _reject_constant(name: str) -> object:
    raise ValueError(name)


def load_request(json_text: Any) -> Any:
    """The request in ``json_text``; text that is not JSON (or holds NaN / Infinity), or no
    text at all, raises ``error.request_not_json`` (what :func:`calculate_json` and the
    presenter's ``present.api.answer`` read requests with).

    >>> load_request('{"square": 39}')
    {'square': 39}
    >>> try:
    ...     load_request("NaN")
    ... except EngineError as err:
    ...     print(err.key)
    error.request_not_json
    """
    if not isinstance(json_text, (str, bytes, bytearray)):
        raise EngineError("error.request_not_json")
    try:
        return json.loads(json_text, parse_constant=_reject_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise EngineError("error.request_not_json") from None


def calculate_json(kind: str, json_text: str) -> str:
    """:func:`calculate` from and to JSON text (what the browser passes through Pyodide).

    Text that is not JSON (or holds NaN / Infinity) gives ``error.request_not_json``.

    >>> text = '{"edition": "classic-us", "action": "lift", "square": 37}'
    >>> json.loads(calculate_json("mortgage", text))["cost"]  # Park Place: 175 + 17.5, up
    193
    """
    try:
        request = load_request(json_text)
    except EngineError as err:
        return json.dumps(err.to_dict())
    return json.dumps(calculate(kind, request), ensure_ascii=False, allow_nan=False)


def describe() -> list[dict[str, Any]]:
    """Every edition with its board's squares, for the calculators' selectors.

    >>> d = {e["id"]: e for e in describe()}
    >>> d["classic-us"]["board"], d["classic-us"]["squares"][39]["name"]
    ('atlantic-city', 'Boardwalk')
    >>> d["nl-card-game"]["board"], d["nl-card-game"]["squares"]
    (None, [])
    """
    out: list[dict[str, Any]] = []
    for ed in EDITIONS.values():
        squares = [] if ed.board is None else [
            {**square_info(s), "price": s.price, "mortgage": s.mortgage, "house_cost": s.house_cost}
            for s in ed.board.squares]
        out.append({"id": ed.id, "source": ed.source, "language": ed.language, "mode": ed.mode,
                    "base": ed.base, "currency": ed.currency,
                    "board": None if ed.board is None else ed.board.id, "squares": squares,
                    "schemas": {kind: f"{SCHEMA_DIR}/{kind}.schema.json" for kind in KINDS}})
    return out


__all__ = ["calculate", "calculate_json", "describe", "load_request", "KINDS", "REQUESTS"]
