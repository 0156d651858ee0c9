"""``[[request: <kind>]]``: the request table of one engine calculation, generated from its
declared request dataclass (:data:`engine.api.REQUESTS`, through its JSON Schema),
so the API page never lists fields by hand. A row per field (nested objects expanded as
``players[].properties[].square``): its path, type, default and the declaration's description
(English, like the code), with a link to the calculation's JSON Schema published next to the
engine (``assets/schemas/<kind>.schema.json``).

>>> [row[0] for row in rows("jail")][:3]
['edition', 'turn_in_jail', 'cash']
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.api import REQUESTS, SCHEMA_DIR
from hooks.runtime.schemas import schemas
from hooks.common import Context, Html, h, page_path
from hooks.render.templates import fragment, html
from hooks.runtime.pyodide_assets import ENGINE_ZIP


def rows(kind: str) -> list[tuple[str, str, str, str]]:
    """(path, type, default or ``required``, description) of every field of one calculation's
    request, nested objects expanded (``[]`` marks a list's item)."""
    return _rows(schemas()[kind], "")


def _rows(obj: Mapping[str, Any], prefix: str) -> list[tuple[str, str, str, str]]:
    out: list[tuple[str, str, str, str]] = []
    for name, prop in obj["properties"].items():
        path = f"{prefix}{name}"
        default = "required" if name in obj.get("required", ()) else _default(prop.get("default"))
        out.append((path, _type_text(prop), default, prop.get("description", "")))
        items = prop.get("items")
        for inner, sub in ((prop, path + "."), (items, path + "[].")):
            if isinstance(inner, Mapping) and "properties" in inner:
                out.extend(_rows(inner, sub))
    return out


def _default(value: object) -> str:
    if value is None:
        return ""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _type_text(prop: Mapping[str, Any]) -> str:
    """A property's type in words, for the table (``null`` left out: it means the default)."""
    if "anyOf" in prop:
        return " or ".join(_type_text(p) for p in prop["anyOf"] if p != {"type": "null"})
    kinds = prop.get("type", "any")
    kind = " or ".join(k for k in kinds if k != "null") if isinstance(kinds, list) else kinds
    if "enum" in prop and "type" not in prop:
        return "one of " + ", ".join(f"`{v}`" for v in prop["enum"] if v is not None)
    if kind in ("integer", "number") and ("minimum" in prop or "maximum" in prop):
        return f"{kind} {prop.get('minimum', '')}..{prop.get('maximum', '')}"
    if kind.startswith("array") and "prefixItems" in prop:
        return "[" + ", ".join(_type_text(p) for p in prop["prefixItems"]) + "]"
    if kind.startswith("array"):
        return f"list of {_type_text(prop['items'])}"
    if kind.startswith("object") and prop.get("additionalProperties"):
        return f"map square -> {_type_text(prop['additionalProperties'])}"
    return str(kind)


def _code(text: str) -> str:
    """Backticked parts of a declaration text as <code>, the rest escaped."""
    parts = text.split("`")
    return "".join(f"<code>{h(p)}</code>" if i % 2 else h(p) for i, p in enumerate(parts))


def render(ctx: Context) -> Html:
    """``[[request: kind]]`` (one calculation kind)."""
    if len(ctx.args) != 1 or ctx.args[0] not in REQUESTS:
        raise ctx.error(f"takes one calculation kind: {', '.join(REQUESTS)}")
    kind = ctx.args[0]
    up = "../" * page_path(ctx.lang, ctx.slug, ctx.use_directory_urls).count("/")
    schema = f"{up}{ENGINE_ZIP.rsplit('/', 1)[0]}/{SCHEMA_DIR}/{kind}.schema.json"
    fields = [(path, html(_code(kind_text)), default, doc)
              for path, kind_text, default, doc in rows(kind)]
    return Html(fragment("request-table.html", ctx=ctx, kind=kind, schema=schema, rows=fields))


DIRECTIVES = {"request": render}
