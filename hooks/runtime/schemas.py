"""The JSON Schema (2020-12) of every engine calculation's request, from its declaration.

The engine declares each request as a dataclass (:data:`engine.api.REQUESTS`) and compiles it
for its walker (:func:`engine.validate.compiled`); this module turns the same compiled
declarations into JSON Schemas, which the build publishes next to the engine
(``hooks/runtime/pyodide_assets.py``: ``assets/schemas/<kind>.schema.json``) and from which the API
page's request tables are made (``hooks/render/render_requests.py``). It lives with the site, not in
the engine: the browser's copy of the engine never needs it.

>>> sorted(schemas()["rent"]["properties"])[:3]
['arrival', 'buildings', 'dice']
>>> schemas()["jail"]["required"]
['edition', 'turn_in_jail', 'cash']
"""

from __future__ import annotations

from dataclasses import MISSING
from typing import Any

from engine.api import REQUESTS
from engine.validate import Node, compiled


def schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of every calculation's request, by kind."""
    return {kind: schema(cls, f"{kind} request") for kind, cls in REQUESTS.items()}


def schema(cls: type, title: str) -> dict[str, Any]:
    """The JSON Schema (2020-12) of a request declaration."""
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title}
    out.update(_schema(compiled(cls)))
    return out


def _schema(node: Node) -> dict[str, Any]:
    kind, c = node.kind, node.check
    if kind in ("int", "float"):
        out: dict[str, Any] = {"type": "integer" if kind == "int" else "number"}
        out.update({k: v for k, v in (("minimum", c.lo), ("maximum", c.hi)) if v is not None})
        return out
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "choice":
        return {"enum": list(node.choices)}
    if kind == "any":
        out = {"type": c.json.split("|") if "|" in c.json else c.json} if c.json else {}
        return {**out, "enum": list(c.enum)} if c.enum else out
    if kind == "union":
        return {"anyOf": [_schema(a) for a in node.items]}
    if kind == "list":
        out = {"type": "array", "items": _schema(node.items[0]), "minItems": c.min_items}
        return {**out, "maxItems": c.max_items} if c.max_items is not None else out
    if kind == "tuple":
        n = len(node.items)
        return {"type": "array", "prefixItems": [_schema(i) for i in node.items], "minItems": n,
                "maxItems": n, "items": False}
    if kind == "map":
        out = {"type": "object", "additionalProperties": _schema(node.items[0])}
        return {**out, "maxProperties": c.max_items} if c.max_items is not None else out
    props = {}
    for name, sub, default, fc in node.fields:
        prop = _schema(sub)
        if fc.doc:
            prop["description"] = fc.doc
        if default is not MISSING:  # null stands for "absent": the default
            if default is not None:
                prop["default"] = list(default) if isinstance(default, tuple) else default
            _nullable(prop)
        props[name] = prop
    out = {"type": "object", "properties": props, "additionalProperties": False}
    required = [name for name, _, default, _ in node.fields if default is MISSING]
    if required:
        out["required"] = required
    if node.cls.__doc__:
        out["description"] = " ".join(node.cls.__doc__.split("\n\n")[0].split())
    return out


def _nullable(prop: dict[str, Any]) -> None:
    kind = prop.get("type")
    if kind is not None:
        prop["type"] = (kind if isinstance(kind, list) else [kind]) + ["null"]
    elif "enum" in prop:
        prop["enum"] = prop["enum"] + [None]
    elif "anyOf" in prop:
        prop["anyOf"] = prop["anyOf"] + [{"type": "null"}]
