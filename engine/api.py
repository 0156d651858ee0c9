"""The one JSON-in / JSON-out entry of the engine: what the browser (Pyodide) calls.

:func:`calculate` dispatches a calculation by name and returns its result dict,
or, when the request is invalid, the error as data:
``{"error": key, "field": field, "params": {...}}`` (never an exception).
:func:`calculate_json` does the same from and to JSON text, and :func:`describe`
lists the editions with their boards' squares for the calculators' selectors.

Calculations (``kind``):

==================  ==============================================  =====================
kind                function                                        module
==================  ==============================================  =====================
``rent``            ``rent(request)``                               ``engine.rent``
``check_build``     ``check_build(request)``                        ``engine.building``
``sell_buildings``  ``sell_buildings(request)``                     ``engine.building``
``income_tax``      ``income_tax(request)``                         ``engine.tax``
``jail``            :func:`engine.jail.jail_decision`               ``engine.jail``
``mortgage``        :func:`engine.mortgage.mortgage_cost`           ``engine.mortgage``
``score``           :func:`engine.scoring.score`                    ``engine.scoring``
``odds``            ``{board, jail_strategy, count, options}`` ->   ``engine.markov``
                    :func:`engine.markov.landing_odds`
``group_rents``     ``{board, jail_strategy, options}`` ->          ``engine.markov``
                    :func:`engine.markov.group_rent_table`
==================  ==============================================  =====================

Modules are imported when first called, so this module works while a
calculation module is still missing (its kind then answers
``error.unknown_calculation``); any other import error is a bug and propagates.

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

import importlib
import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from .editions import EDITIONS
from .errors import EngineError
from .validate import MAX_AMOUNT, request_mapping, show

KINDS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "rent": ("rent", "rent"),
    "check_build": ("building", "check_build"),
    "sell_buildings": ("building", "sell_buildings"),
    "income_tax": ("tax", "income_tax"),
    "jail": ("jail", "jail_decision"),
    "mortgage": ("mortgage", "mortgage_cost"),
    "score": ("scoring", "score"),
    "odds": ("api", "_odds"),
    "group_rents": ("api", "_group_rents"),
})
"""Every calculation kind: (module in this package, function name)."""

HUGE_BITS = 3000
"""Integers longer than this (about 900 digits) are refused before any calculation runs:
no amount comes near, and turning them into text can fail."""


def _function(kind: object) -> Callable[[object], dict[str, Any]]:
    if not isinstance(kind, str) or kind not in KINDS:
        shown = kind[:40] if isinstance(kind, str) else type(kind).__name__
        raise EngineError("error.unknown_calculation", field="kind", kind=shown)
    module_name, func = KINDS[kind]
    if module_name == "api":
        return globals()[func]  # type: ignore[no-any-return]
    full = f"{__package__}.{module_name}"
    try:
        module = importlib.import_module(full)
    except ModuleNotFoundError as err:
        if err.name != full:  # a missing dependency inside the module is a bug: propagate
            raise
        raise EngineError("error.unknown_calculation", field="kind", kind=kind) from None
    return getattr(module, func)  # type: ignore[no-any-return]


def _check_sizes(request: object) -> None:
    """Refuse absurdly long integers anywhere in the request (walked without recursion)."""
    stack: list[tuple[object, str]] = [(request, "")]
    seen: set[int] = set()
    while stack:
        value, path = stack.pop()
        if isinstance(value, int) and not isinstance(value, bool):
            if value.bit_length() > HUGE_BITS:
                raise EngineError("error.out_of_range", field=path or None, value="huge number",
                                  min=-MAX_AMOUNT, max=MAX_AMOUNT)
        elif isinstance(value, (Mapping, list, tuple)):
            if id(value) in seen:
                continue
            seen.add(id(value))
            if isinstance(value, Mapping):
                for k, v in value.items():
                    name = k[:40] if isinstance(k, str) else type(k).__name__
                    stack.append((v, f"{path}.{name}" if path else name))
            else:
                for i, v in enumerate(value):
                    stack.append((v, f"{path}.{i}" if path else str(i)))


def calculate(kind: str, request: object) -> dict[str, Any]:
    """Run calculation ``kind`` on ``request``; invalid input gives the error as a dict.

    >>> calculate("nope", {})["error"]
    'error.unknown_calculation'
    >>> calculate("jail", [])["error"]
    'error.request_not_object'
    """
    try:
        function = _function(kind)
        _check_sizes(request)
        return function(request)
    except EngineError as err:
        return err.to_dict()


def _reject_constant(name: str) -> object:
    raise ValueError(name)


def calculate_json(kind: str, json_text: str) -> str:
    """:func:`calculate` from and to JSON text (what the browser passes through Pyodide).

    Text that is not JSON (or holds NaN / Infinity) gives ``error.request_not_json``.

    >>> text = '{"edition": "classic-us", "action": "lift", "square": 37}'
    >>> json.loads(calculate_json("mortgage", text))["cost"]  # Park Place: 175 + 17.5, up
    193
    """
    if not isinstance(json_text, (str, bytes, bytearray)):
        return json.dumps(EngineError("error.request_not_json").to_dict())
    try:
        request = json.loads(json_text, parse_constant=_reject_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        return json.dumps(EngineError("error.request_not_json").to_dict())
    return json.dumps(calculate(kind, request), ensure_ascii=False, allow_nan=False)


def _markov_request(request: object) -> tuple[object, object, object, object]:
    """(board, jail_strategy, count, options) of an odds request, with containers refused
    here: engine.markov itself only accepts scalars there (and prints what it refuses)."""
    req = request_mapping(request)
    names = {"board": "error.unknown_board", "jail_strategy": "error.unknown_jail_strategy",
             "count": "error.unknown_count"}
    params = {"board": "board", "jail_strategy": "strategy", "count": "count"}
    for name, key in names.items():
        value = req.get(name)
        if value is not None and not isinstance(value, str):
            raise EngineError(key, field=name, **{params[name]: show(value)})
    options = req.get("options")
    if options is not None:
        if not isinstance(options, Mapping):
            raise EngineError("error.markov_option", field="options", option="options",
                              value=show(options))
        for key, value in options.items():
            if not isinstance(key, str) or isinstance(value, (Mapping, list, tuple)):
                name = key[:40] if isinstance(key, str) else show(key)
                raise EngineError("error.markov_option", field=f"options.{name}", option=name,
                                  value=show(value))
    def given(name: str, default: str) -> object:
        return default if req.get(name) is None else req[name]

    return (given("board", "atlantic-city"), given("jail_strategy", "leave"),
            given("count", "roll"), options)


def _odds(request: object) -> dict[str, Any]:
    """Long-run landing odds: ``{board, jail_strategy, count, options}`` (all optional)."""
    from . import markov
    board, strategy, count, options = _markov_request(request)
    return markov.landing_odds(board, strategy, count, options)  # type: ignore[arg-type]


def _group_rents(request: object) -> dict[str, Any]:
    """Expected rent per opponent turn, per group and level: ``{board, jail_strategy, options}``."""
    from . import markov
    board, strategy, _, options = _markov_request(request)
    return markov.group_rent_table(board, strategy, options)  # type: ignore[arg-type]


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
            {"index": s.index, "name": s.name, "kind": s.kind, "group": s.group,
             "price": s.price, "mortgage": s.mortgage, "house_cost": s.house_cost}
            for s in ed.board.squares]
        out.append({"id": ed.id, "source": ed.source, "language": ed.language, "mode": ed.mode,
                    "base": ed.base, "currency": ed.currency,
                    "board": None if ed.board is None else ed.board.id, "squares": squares})
    return out


__all__ = ["calculate", "calculate_json", "describe", "KINDS"]
