"""Checking plain-data requests: every failure is an :class:`EngineError` with a field.

>>> integer({"cash": 5}, "cash", 0, 100)
5
>>> integer({"cash": "5"}, "cash", 0, 100)
Traceback (most recent call last):
...
engine.errors.EngineError: error.not_an_integer {'value': "'5'"}
"""

from __future__ import annotations

from typing import Any, Mapping

from .errors import EngineError

MAX_AMOUNT = 10_000_000
"""Amounts above this are absurd for any edition (the bank's IOUs included)."""


def show(value: object, limit: int = 40) -> str:
    """A short text of any value for an error message; never raises.

    (``repr`` itself fails on ints of more than 4300 digits and on very deep nesting.)

    >>> show("abc"), show(10**5000), show(7)
    ("'abc'", 'int', '7')
    """
    try:
        text = repr(value)
    except Exception:  # ValueError (huge int), RecursionError (deep nesting), broken __repr__
        text = type(value).__name__
    return text[:limit]


def request_mapping(request: object) -> Mapping[str, Any]:
    if not isinstance(request, Mapping):
        raise EngineError("error.request_not_object")
    for key in request:
        if not isinstance(key, str):
            raise EngineError("error.request_not_object")
    return request


def integer(req: Mapping[str, Any], name: str, lo: int, hi: int, default: int | None = None) -> int:
    """An integer field within [lo, hi]; booleans and floats are refused."""
    if name not in req or req[name] is None:
        if default is None:
            raise EngineError("error.missing_field", field=name, name=name)
        return default
    value = req[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("error.not_an_integer", field=name, value=show(value))
    if not lo <= value <= hi:
        raise EngineError("error.out_of_range", field=name, value=value if abs(value) < 10**12 else show(value, 20), min=lo, max=hi)
    return value


def boolean(req: Mapping[str, Any], name: str, default: bool = False) -> bool:
    if name not in req or req[name] is None:
        return default
    value = req[name]
    if not isinstance(value, bool):
        raise EngineError("error.not_a_boolean", field=name, value=show(value))
    return value


def choice(req: Mapping[str, Any], name: str, choices: tuple[str, ...], default: str | None = None) -> str:
    if name not in req or req[name] is None:
        if default is None:
            raise EngineError("error.missing_field", field=name, name=name)
        return default
    value = req[name]
    if not isinstance(value, str) or value not in choices:
        raise EngineError("error.bad_choice", field=name, value=show(value), choices=", ".join(choices))
    return value
