"""``[[request: <kind>]]``: the request table of one engine calculation, generated from its
declared request dataclass (:data:`engine.api.REQUESTS`, :func:`engine.validate.field_rows`),
so the API page never lists fields by hand. A row per field (nested objects expanded as
``players[].properties[].square``): its path, type, default and the declaration's description
(English, like the code), with a link to the calculation's JSON Schema published next to the
engine (``assets/schemas/<kind>.schema.json``).

>>> [row[0] for row in rows("jail")][:3]
['edition', 'turn_in_jail', 'cash']
"""

from __future__ import annotations

from engine.api import REQUESTS, SCHEMA_DIR
from engine.validate import field_rows
from hooks.common import Context, Html, h, page_path
from hooks.pyodide_assets import ENGINE_ZIP


def rows(kind: str) -> list[tuple[str, str, str, str]]:
    """The table rows of one calculation's request."""
    return field_rows(REQUESTS[kind])


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
    heads = "".join(f'<th scope="col">{ctx.text(f"api.col.{c}")}</th>'
                    for c in ("field", "type", "default", "description"))
    body = []
    for path, kind_text, default, doc in rows(kind):
        shown = ctx.text("api.required") if default == "required" else (
            f"<code>{h(default)}</code>" if default else "")
        body.append(f"<tr><td><code>{h(path)}</code></td><td>{_code(kind_text)}</td>"
                    f"<td>{shown}</td><td lang=\"en\">{h(doc)}</td></tr>")
    caption = ctx.text("api.request_caption", kind=kind)
    link = f'<a href="{h(schema)}"><code>{h(kind)}.schema.json</code></a>'
    return Html(f'<table class="api-request"><caption>{caption} ({link})</caption>'
                f"<thead><tr>{heads}</tr></thead><tbody>{''.join(body)}</tbody></table>")


DIRECTIVES = {"request": render}
