"""The worker's entry point: one call per recalculation, the same functions as the build.

``docs/assets/calculators/worker.mjs`` loads the page's language context once
(:func:`load_context`: the messages, fallback keys, plural rules and clause links that
the page's shared JSON already holds) and then calls :func:`answer` for every request.

>>> import json
>>> ctx = load_context(json.dumps({"lang": "nl", "counts": {}, "fallback": [],
...     "messages": {"calc.invalid": "Ongeldig:", "error.x": "fout"}, "clauses": {}}))
>>> out = json.loads(answer("rent", '{"edition": "nope", "square": 1}', ctx))
>>> out["field"], out["query"], out["html"].startswith('<div class="calc-output calc-output-error">')
('edition', 'calc=rent&edition=nope&square=1', True)
>>> json.loads(answer("rent", "{oops", ctx))["field"] is None
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.api import calculate, load_request
from engine.errors import EngineError
from present.render import Presenter, error_field, error_message, render_error, render_output
from present.urlstate import canonical_request, query_string
from present.views import VIEWS


@dataclass(frozen=True)
class LangContext:
    """What the page sends once: its language's presenter and clause links."""

    presenter: Presenter
    links: Mapping[str, tuple[str, str]]


def load_context(context_json: str) -> LangContext:
    """The page's language context from its JSON (the shared calculator data)."""
    data = json.loads(context_json)
    links = {str(k): (str(v[0]), str(v[1])) for k, v in (data.get("clauses") or {}).items()}
    return LangContext(Presenter(data), links)


def present(kind: str, request: Any, result: Mapping[str, Any], ctx: LangContext
            ) -> dict[str, Any]:
    """The presenter's answer for an engine ``result`` of ``request``: ``html`` (the
    result, or the error), ``field`` (the request path an error belongs to, else None),
    ``field_html`` (the error's own message, for that field), ``query`` (the canonical
    query string for the address bar and share link; None when the request is no object)."""
    p = ctx.presenter
    query = (query_string(kind, canonical_request(kind, request))
             if isinstance(request, dict) else None)
    if "error" in result or kind not in VIEWS:
        error = result if "error" in result else EngineError("error.unknown_calculation", field="kind",
                                                          kind=kind).to_dict()
        return {"html": render_error(p, error, kind), "field": error_field(error),
                "field_html": error_message(p, error, kind), "query": query}
    return {"html": render_output(p, VIEWS[kind], result, ctx.links), "field": None,
            "field_html": None, "query": query}


def answer(kind: str, request_json: str, ctx: LangContext) -> str:
    """JSON of :func:`present` for the request in ``request_json`` (what the worker posts)."""
    kind = str(kind)
    try:
        request = load_request(request_json)
    except EngineError as err:
        request, result = None, err.to_dict()
    else:
        result = calculate(kind, request)
    return json.dumps(present(kind, request, result, ctx), ensure_ascii=False)
