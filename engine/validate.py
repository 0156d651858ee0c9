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
the JSON Schema of every calculation, which the site writes from :func:`compiled`
(``hooks/runtime/schemas.py``), and the request tables of the API page. A ``null`` field is
an absent one.

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
from collections.abc import Mapping
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


@dataclass(frozen=True)
class Node:
    """One compiled type. ``kind``: int, float, bool, choice, any, list, tuple, map, object or
    union; ``items``: a list's, map's or tuple's item types, a union's alternatives; an
    object's ``fields``: (name, type, default, check)."""

    kind: str
    check: Check
    items: tuple[Node, ...] = ()
    choices: tuple[Any, ...] = ()  # a choice's values
    cls: Any = None
    fields: tuple[tuple[str, Node, Any, Check], ...] = ()
    names: frozenset[str] = frozenset()  # an object's field names


_JSON_KINDS = {"int": {"int"}, "float": {"int", "float"}, "bool": {"bool"}, "choice": {"int", "str"},
               "any": {"int", "str", "float", "bool"}, "list": {"list"}, "tuple": {"list"},
               "map": {"object"}, "object": {"object"}}


def _kind(value: object) -> str:
    """The JSON kind of a value: what a union's alternatives are chosen by."""
    for kind, types_ in (("bool", bool), ("int", int), ("float", float), ("str", str),
                         ("list", (list, tuple)), ("object", Mapping)):
        if isinstance(value, types_):
            return kind
    return "other"


def _at(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _fail(key: str, path: str, **params: Any) -> EngineError:
    return EngineError(key, field=path or None, **params)


def _number(node: Node, value: Any, path: str) -> Any:
    c = node.check
    if isinstance(value, bool) or not isinstance(value, (int, float) if node.kind == "float" else int) \
            or value != value:
        raise _fail("error.not_an_integer" if node.kind == "int" else "error.not_a_number", path,
                    value=show(value))
    if (c.lo is not None and value < c.lo) or (c.hi is not None and value > c.hi):
        shown = value if abs(value) < 10 ** 12 else show(value, 20)
        raise _fail("error.out_of_range", path, value=shown, min=c.lo, max=c.hi)
    return value


def _boolean(node: Node, value: Any, path: str) -> Any:
    if value is not True and value is not False:
        raise _fail("error.not_a_boolean", path, value=show(value))
    return value


def _choice(node: Node, value: Any, path: str) -> Any:
    # bool is an int in Python: True must not pass for the choice 1
    if isinstance(value, bool) or not isinstance(value, (int, str)) or value not in node.choices:
        raise _fail("error.bad_choice", path, value=show(value),
                    choices=", ".join(str(x) for x in node.choices))
    return value


def _list(node: Node, value: Any, path: str) -> Any:
    if not isinstance(value, (list, tuple)):
        raise _fail("error.not_a_list", path, value=show(value))
    c, n = node.check, len(node.items)
    lo, hi = (c.min_items, c.max_items) if node.kind == "list" else (n, n)
    if len(value) < lo or (hi is not None and len(value) > hi):
        raise _fail("error.list_length", path, count=len(value), min=lo, max=hi)
    items = node.items * len(value) if node.kind == "list" else node.items
    return tuple(_walk(t, v, f"{path}.{i}") for i, (t, v) in enumerate(zip(items, value)))


def _not_an_object(value: Any, path: str) -> EngineError:
    if not path:
        return EngineError("error.request_not_object")
    return _fail("error.not_an_object", path, value=show(value))


def _object(node: Node, value: Any, path: str) -> Any:
    if not isinstance(value, Mapping):
        raise _not_an_object(value, path)
    if node.kind == "map":  # {"<lot>": value}: keys are square references the calculation checks
        if not all(isinstance(k, str) for k in value):
            raise _not_an_object(value, path)
        c = node.check
        if c.max_items is not None and len(value) > c.max_items:
            raise _fail("error.list_length", path, count=len(value), min=0, max=c.max_items)
        return tuple((k, _walk(node.items[0], v, f"{path}.{k[:40]}")) for k, v in value.items())
    # A frozen dataclass built without its __init__ (which sets each field through
    # object.__setattr__): the fields are checked and complete, and this is the hot path.
    obj = object.__new__(node.cls)
    obj.__dict__.update(_fields(node, value, path))
    if hasattr(obj, "__post_init__"):
        obj.__post_init__()
    return obj


_WALK = {"int": _number, "float": _number, "bool": _boolean, "choice": _choice,
         "any": lambda node, value, path: value, "list": _list, "tuple": _list, "map": _object,
         "object": _object,
         "union": lambda node, value, path: _walk(_alternative(node, value, path), value, path)}


def _walk(node: Node, value: Any, path: str) -> Any:
    """``value`` checked against ``node``: the parsed value (lists as tuples), or the error."""
    return _WALK[node.kind](node, value, path)


def _alternative(node: Node, value: object, path: str) -> Node:
    """The alternative of a union that takes this JSON kind (tuples: by length)."""
    kind = _kind(value)
    fits = [a for a in node.items if kind in _JSON_KINDS[a.kind]]
    if len(fits) > 1 and kind == "list":
        sized = [a for a in fits if a.kind != "tuple" or len(a.items) == len(value)]  # type: ignore[arg-type]
        if not sized:
            lengths = [len(a.items) for a in fits]
            raise _fail("error.list_length", path, count=len(value), min=min(lengths),  # type: ignore[arg-type]
                        max=max(lengths))
        fits = sized
    return fits[0] if fits else node.items[0]


def _fields(node: Node, value: Mapping[str, Any], path: str) -> dict[str, Any]:
    """An object's fields, checked: unknown names, then each field in declaration order."""
    names = node.names
    unknown = [k for k in value if k not in names]
    if unknown:
        if not all(isinstance(k, str) for k in unknown):
            raise _not_an_object(value, path)
        name = min(unknown)[:40]
        raise _fail("error.unknown_field", _at(path, name), name=name)
    out = {}
    for name, sub, default, _ in node.fields:
        raw = value.get(name)
        if raw is not None:
            out[name] = _WALK[sub.kind](sub, raw, f"{path}.{name}" if path else name)
        elif default is MISSING:
            raise _fail("error.missing_field", _at(path, name), name=_at(path, name))
        else:
            out[name] = default
    return out


_COMPILED: dict[Any, Node] = {}


def _compile(hint: Any, c: Check = Check()) -> Node:
    """The node of a type hint (a request dataclass is compiled once, then reused)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        return _compile(args[0], args[1])
    if is_dataclass(hint):
        if hint not in _COMPILED:
            hints = get_type_hints(hint, include_extras=True)  # each base in its own module
            declared = []
            for f in fields(hint):
                fc = f.metadata.get("check", Check())
                optional = type(None) in get_args(hints[f.name])  # ``X | None``
                sub = _compile(_strip_none(hints[f.name]) if optional else hints[f.name], fc)
                default = f.default if f.default is not MISSING else (None if optional else MISSING)
                declared.append((f.name, sub, default, fc))
            _COMPILED[hint] = Node("object", c, cls=hint, fields=tuple(declared),
                                   names=frozenset(name for name, _, _, _ in declared))
        return _COMPILED[hint]
    if hint in (bool, int, float, object):
        return Node({bool: "bool", int: "int", float: "float", object: "any"}[hint], c)
    if origin is Literal:
        return Node("choice", c, choices=args)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return Node("list", c, (_compile(args[0]),))
    if origin is tuple:
        return Node("tuple", c, tuple(_compile(a) for a in args))
    if origin is dict:
        return Node("map", c, (_compile(args[1]),))
    if origin in (Union, types.UnionType):
        return Node("union", c, tuple(_compile(a, c) for a in args))
    raise TypeError(f"undeclarable request type {hint!r}")


def _strip_none(hint: Any) -> Any:
    args = tuple(a for a in get_args(hint) if a is not type(None))
    return args[0] if len(args) == 1 else Union[args]  # type: ignore[return-value]


def required(value: Any, field: str) -> Any:
    """``value``, unless it is absent: a field a cross-field rule makes required here."""
    if value is None:
        raise EngineError("error.missing_field", field=field, name=field)
    return value


def compiled(hint: Any) -> Node:
    """The compiled declaration of a request class or a declared type, compiled once (what
    the walker checks and the site's JSON Schemas are made of)."""
    node = _COMPILED.get(hint)
    if node is None:
        node = _COMPILED[hint] = _compile(hint)
    return node


def parse(cls: type, request: object) -> Any:
    """The request as an instance of its declaration ``cls``, or the first mistake."""
    return _object(compiled(cls), request, "")


def checked_fields(cls: type, values: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``cls`` checked against its declaration, without building an instance
    (what a declared class's own ``__post_init__`` uses)."""
    return _fields(compiled(cls), values, "")


def parse_as(hint: Any, value: object, path: str) -> Any:
    """``value`` checked against a declared type (not a whole request), errors under ``path``."""
    return _walk(compiled(hint), value, path)
