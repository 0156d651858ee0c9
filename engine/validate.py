"""Declared requests: one small walker turns plain JSON data into a frozen request dataclass.

Every calculation declares its request as a frozen dataclass whose type hints
say what each field holds (``int``, ``bool``, ``float``, ``Literal[...]`` for
a choice, ``list[T]``, ``tuple[A, B]``, ``dict[str, T]`` for a lot map, a
nested request dataclass, ``A | B`` for alternatives, ``X | None`` for an
optional field, ``object`` for a value a lookup in the calculation checks) and
whose :func:`spec` metadata adds ranges, list lengths, a default and a short
description. :func:`parse` checks a request against its declaration and reports
the first mistake as an :class:`EngineError` naming the field's full path
(``players.0.properties.1.square``), with one key per kind of mistake:

====================  =======================================================
key                   mistake
====================  =======================================================
``unknown_field``     a field the declaration does not have
``missing_field``     a required field is absent (or ``null``)
``not_an_integer``    an ``int`` field holds something else (``true`` too)
``not_a_number``      a ``float`` field holds something else
``not_a_boolean``     a ``bool`` field holds something else
``bad_choice``        a value outside a ``Literal[...]`` choice
``not_a_list``        a list field holds something else
``not_an_object``     an object field (a nested request, a lot map) holds something else
``list_length``       a list or map with too few or too many items
``out_of_range``      a number outside the declared range
====================  =======================================================

Cross-field rules (``owned`` at most the group's size, a hotel only after the
edition's houses) stay as code in the calculation. The same declarations give
the JSON Schema of every calculation (:func:`schema`) and the request tables
of the API page (:func:`field_rows`).

>>> from engine.scoring import ScoreRequest
>>> parse(ScoreRequest, {"edition": "nl-2001-short", "players": [{"name": "An", "cash": 5}]}).players[0]
Player(name='An', cash=5, properties=(), money=0, sets=())
>>> parse(ScoreRequest, {"edition": "nl-2001", "players": [{"cash": 5, "properties": [{"square": 39, "hotel": 1}]}]})
Traceback (most recent call last):
...
engine.errors.EngineError: error.unknown_field {'name': 'hotel'}
>>> try:
...     parse(ScoreRequest, {"edition": "x", "players": [{}, {"properties": [{"square": 1, "buildings": 9}]}]})
... except EngineError as err:
...     err.key, err.field, err.params
('error.out_of_range', 'players.1.properties.0.buildings', {'value': 9, 'min': 0, 'max': 5})
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

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


@dataclass(frozen=True)
class Check:
    """What a declaration adds to a type: range, list length, description, schema hints."""

    lo: float | None = None
    hi: float | None = None
    min_items: int = 0
    max_items: int | None = None
    doc: str = ""
    enum: tuple[Any, ...] | None = None  # schema only: the values a lookup accepts
    json: str | None = None  # schema only: the JSON type of an ``object`` field


def spec(default: Any = MISSING, **check: Any) -> Any:
    """A request field: its default (none: required) and its :class:`Check`."""
    return field(default=default, metadata={"check": Check(**check)})


def _kind(value: object) -> str:
    """The JSON kind of a value: what a union's alternatives are chosen by."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, Mapping):
        return "object"
    return "other"


def _at(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


@dataclass(frozen=True)
class Node:
    """One compiled type: ``check(value, path)`` returns the parsed value or raises."""

    kind: str  # int, float, bool, choice, any, list, tuple, map, object, union
    check: Callable[[object, str], Any]
    accepts: frozenset[str]  # the JSON kinds it takes (a union picks by these)
    schema: Callable[[], dict[str, Any]]
    length: tuple[int, int] | None = None  # a tuple's item count
    item: Node | None = None  # a list's item
    declared: tuple[tuple[str, Node, Any, Check], ...] = ()  # a request object's fields


def _range_error(value: object, path: str, lo: object, hi: object) -> EngineError:
    shown = value if isinstance(value, (int, float)) and abs(value) < 10 ** 12 else show(value, 20)
    return EngineError("error.out_of_range", field=path or None, value=shown, min=lo, max=hi)


def _number(kind: str, c: Check) -> Node:
    key = "error.not_an_integer" if kind == "int" else "error.not_a_number"
    types_ok = (int,) if kind == "int" else (int, float)
    lo, hi = c.lo, c.hi

    def check(value: object, path: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, types_ok) or value != value:
            raise EngineError(key, field=path, value=show(value))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise _range_error(value, path, lo, hi)
        return value

    def schema() -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer" if kind == "int" else "number"}
        if lo is not None:
            out["minimum"] = lo
        if hi is not None:
            out["maximum"] = hi
        return out

    return Node(kind, check, frozenset({"int"} if kind == "int" else {"int", "float"}), schema)


def _boolean() -> Node:
    def check(value: object, path: str) -> Any:
        if not isinstance(value, bool):
            raise EngineError("error.not_a_boolean", field=path, value=show(value))
        return value

    return Node("bool", check, frozenset({"bool"}), lambda: {"type": "boolean"})


def _choice(choices: tuple[Any, ...]) -> Node:
    text = ", ".join(str(c) for c in choices)

    def check(value: object, path: str) -> Any:
        # bool is an int in Python: True must not pass for the choice 1
        if isinstance(value, bool) or not isinstance(value, (int, str)) or value not in choices:
            raise EngineError("error.bad_choice", field=path, value=show(value), choices=text)
        return value

    return Node("choice", check, frozenset({"int", "str"}), lambda: {"enum": list(choices)})


def _any(c: Check) -> Node:
    def schema() -> dict[str, Any]:
        out: dict[str, Any] = {}
        if c.json:
            out["type"] = c.json.split("|") if "|" in c.json else c.json
        if c.enum:
            out["enum"] = list(c.enum)
        return out

    return Node("any", lambda value, path: value, frozenset({"int", "str", "float", "bool"}), schema)


def _items(c: Check, count: int, path: str) -> None:
    if count < c.min_items or (c.max_items is not None and count > c.max_items):
        raise EngineError("error.list_length", field=path or None, count=count, min=c.min_items,
                          max=c.max_items)


def _list(item: Node, c: Check) -> Node:
    def check(value: object, path: str) -> Any:
        if not isinstance(value, (list, tuple)):
            raise EngineError("error.not_a_list", field=path, value=show(value))
        _items(c, len(value), path)
        return tuple(item.check(v, _at(path, i)) for i, v in enumerate(value))

    def schema() -> dict[str, Any]:
        out = {"type": "array", "items": item.schema(), "minItems": c.min_items}
        if c.max_items is not None:
            out["maxItems"] = c.max_items
        return out

    return Node("list", check, frozenset({"list"}), schema, item=item)


def _tuple(items: tuple[Node, ...]) -> Node:
    n = len(items)

    def check(value: object, path: str) -> Any:
        if not isinstance(value, (list, tuple)):
            raise EngineError("error.not_a_list", field=path, value=show(value))
        if len(value) != n:
            raise EngineError("error.list_length", field=path, count=len(value), min=n, max=n)
        return tuple(node.check(v, _at(path, i)) for i, (node, v) in enumerate(zip(items, value)))

    def schema() -> dict[str, Any]:
        return {"type": "array", "prefixItems": [i.schema() for i in items], "minItems": n,
                "maxItems": n, "items": False}

    return Node("tuple", check, frozenset({"list"}), schema, (n, n))


def _map(item: Node, c: Check) -> Node:
    """``{"<lot>": value}``: keys are square references, checked by the calculation."""
    def check(value: object, path: str) -> Any:
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            raise EngineError("error.not_an_object", field=path, value=show(value))
        _items(c, len(value), path)
        return tuple((k, item.check(v, _at(path, k[:40]))) for k, v in value.items())

    def schema() -> dict[str, Any]:
        out = {"type": "object", "additionalProperties": item.schema()}
        if c.max_items is not None:
            out["maxProperties"] = c.max_items
        return out

    return Node("map", check, frozenset({"object"}), schema)


def _union(alternatives: tuple[Node, ...]) -> Node:
    accepts = frozenset().union(*(a.accepts for a in alternatives))
    lengths = [a.length for a in alternatives if a.length]

    def check(value: object, path: str) -> Any:
        kind = _kind(value)
        fits = [a for a in alternatives if kind in a.accepts]
        if len(fits) > 1 and kind == "list":  # tuples of different lengths: pick by length
            fits = [a for a in fits if a.length is None or a.length[0] == len(value)] or fits[:1]  # type: ignore[arg-type]
            if len(fits) == 1 and fits[0].length and fits[0].length[0] != len(value):  # type: ignore[arg-type]
                raise EngineError("error.list_length", field=path, count=len(value),  # type: ignore[arg-type]
                                  min=min(n for n, _ in lengths), max=max(n for _, n in lengths))
        return (fits[0] if fits else alternatives[0]).check(value, path)

    return Node("union", check, accepts, lambda: {"anyOf": [a.schema() for a in alternatives]})


_OBJECTS: dict[type, Node] = {}
_VALUES: dict[type, Callable[[object, str], dict[str, Any]]] = {}
_HINTS: dict[Any, Node] = {}


def _object(cls: type) -> Node:
    """A nested request dataclass (compiled once per class)."""
    if cls in _OBJECTS:
        return _OBJECTS[cls]
    hints = get_type_hints(cls, include_extras=True)  # each base in its own module
    declared = []
    for f in fields(cls):
        c = f.metadata.get("check", Check())
        hint = hints[f.name]
        optional = _is_optional(hint)
        node = _compile(_strip_none(hint) if optional else hint, c)
        default = f.default if f.default is not MISSING else (None if optional else MISSING)
        declared.append((f.name, node, default, c))
    names = frozenset(name for name, _, _, _ in declared)

    def check(value: object, path: str) -> Any:
        return cls(**values(value, path))

    def values(value: object, path: str) -> dict[str, Any]:
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            if not path:
                raise EngineError("error.request_not_object")
            raise EngineError("error.not_an_object", field=path, value=show(value))
        unknown = [k for k in value if k not in names]
        if unknown:
            name = min(unknown)[:40]
            raise EngineError("error.unknown_field", field=_at(path, name), name=name)
        out = {}
        for name, node, default, _ in declared:
            raw = value.get(name)
            if raw is None:
                if default is MISSING:
                    where = _at(path, name)
                    raise EngineError("error.missing_field", field=where, name=where)
                out[name] = default
            else:
                out[name] = node.check(raw, _at(path, name))
        return out

    def schema() -> dict[str, Any]:
        props = {}
        for name, node, default, c in declared:
            prop = node.schema()
            if c.doc:
                prop["description"] = c.doc
            if default is not MISSING and default is not None:
                prop["default"] = list(default) if isinstance(default, tuple) else default
            if default is not MISSING:  # null stands for "absent": the default
                _nullable(prop)
            props[name] = prop
        required = [name for name, _, default, _ in declared if default is MISSING]
        out = {"type": "object", "properties": props, "additionalProperties": False}
        if required:
            out["required"] = required
        if cls.__doc__:
            out["description"] = " ".join(cls.__doc__.split("\n\n")[0].split())
        return out

    node = Node("object", check, frozenset({"object"}), schema, declared=tuple(declared))
    _OBJECTS[cls] = node
    _VALUES[cls] = values
    return node


def _nullable(prop: dict[str, Any]) -> None:
    if isinstance(prop.get("type"), str):
        prop["type"] = [prop["type"], "null"]
    elif isinstance(prop.get("type"), list):
        prop["type"] = prop["type"] + ["null"]
    elif "enum" in prop:
        prop["enum"] = prop["enum"] + [None]
    elif "anyOf" in prop:
        prop["anyOf"] = prop["anyOf"] + [{"type": "null"}]


def _is_optional(hint: Any) -> bool:
    return get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)


def _strip_none(hint: Any) -> Any:
    args = tuple(a for a in get_args(hint) if a is not type(None))
    return args[0] if len(args) == 1 else Union[args]  # type: ignore[return-value]


def _compile(hint: Any, c: Check) -> Node:
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        return _compile(args[0], args[1])
    if hint is bool:
        return _boolean()
    if hint in (int, float):
        return _number(hint.__name__, c)
    if hint is object:
        return _any(c)
    if origin is Literal:
        return _choice(args)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return _list(_compile(args[0], Check()), c)
    if origin is tuple:
        return _tuple(tuple(_compile(a, Check()) for a in args))
    if origin is dict:
        return _map(_compile(args[1], Check()), c)
    if origin in (Union, types.UnionType):
        return _union(tuple(_compile(a, c) for a in args))
    if is_dataclass(hint):
        return _object(hint)  # type: ignore[arg-type]
    raise TypeError(f"undeclarable request type {hint!r}")


def parse(cls: type, request: object) -> Any:
    """The request as an instance of its declaration ``cls``, or the first mistake."""
    return _object(cls).check(request, "")


def checked_fields(cls: type, values: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``cls`` checked against its declaration, without building an instance
    (what a declared class's own ``__post_init__`` uses)."""
    _object(cls)
    return _VALUES[cls](values, "")


def parse_as(hint: Any, value: object, path: str) -> Any:
    """``value`` checked against a declared type (not a whole request), errors under ``path``."""
    if hint not in _HINTS:
        _HINTS[hint] = _compile(hint, Check())
    return _HINTS[hint].check(value, path)


def schema(cls: type, title: str) -> dict[str, Any]:
    """The JSON Schema (2020-12) of a request declaration."""
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title}
    out.update(_object(cls).schema())
    return out


def field_rows(cls: type) -> list[tuple[str, str, str, str]]:
    """(path, type, default, description) of every field, nested objects expanded (``[]``
    marks a list's item): the rows of the API page's request table."""
    return _rows(_object(cls), "")


def _rows(node: Node, prefix: str) -> list[tuple[str, str, str, str]]:
    rows: list[tuple[str, str, str, str]] = []
    for name, sub, default, c in node.declared:
        path = f"{prefix}{name}"
        shown = "" if default is MISSING or default is None else (
            str(default).lower() if isinstance(default, bool) else str(list(default) if isinstance(default, tuple) else default))
        rows.append((path, _type_text(sub.schema()), "required" if default is MISSING else shown, c.doc))
        inner = sub.item if sub.kind == "list" else sub
        if inner is not None and inner.kind == "object":
            rows.extend(_rows(inner, f"{path}[]." if sub.kind == "list" else f"{path}."))
    return rows


def _type_text(prop: Mapping[str, Any]) -> str:
    if "anyOf" in prop:
        return " or ".join(_type_text(p) for p in prop["anyOf"] if p != {"type": "null"})
    if "enum" in prop and isinstance(prop.get("type", "x"), str) and "type" not in prop:
        return "one of " + ", ".join(f"`{v}`" for v in prop["enum"] if v is not None)
    kind = prop.get("type", "any")
    if isinstance(kind, list):
        kind = " or ".join(k for k in kind if k != "null")
    if kind in ("integer", "number") and ("minimum" in prop or "maximum" in prop):
        return f"{kind} {prop.get('minimum', '')}..{prop.get('maximum', '')}"
    if kind == "array" and "prefixItems" in prop:
        return "[" + ", ".join(_type_text(p) for p in prop["prefixItems"]) + "]"
    if kind == "array":
        return f"list of {_type_text(prop['items'])}"
    if kind == "object" and prop.get("additionalProperties"):
        return f"map square -> {_type_text(prop['additionalProperties'])}"
    return str(kind)
