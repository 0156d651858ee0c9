"""``[[calculator: rent|jail|mortgage|score]]``: a calculator form with its build-time result.

The directive renders a real HTML form (labels tied to inputs, an edition selector
defaulting to the page language's edition) and, under it, the result for the default
inputs computed now, in CPython, by the same engine the browser runs later: the page
is useful with JavaScript off. The result's HTML comes from the presenter
(:mod:`present`), the same functions the browser's worker calls for every recalculation
(``present.api.answer``). A JSON block carries what the page needs: the language context
the worker's presenter uses (the messages in the page language, Dutch where a key is
missing, marked; plural rules; clause links), the boards and a few texts the build
numbered (list legends, default player names).

State lives in the URL (see DESIGN.md, "Calculator links"): :func:`calculator_link`
builds a link that opens a calculator pre-filled with a request (encoded by
:mod:`present.urlstate`, the one encoder).

>>> calculator_link("nl", "rent", {"edition": "nl-2001", "square": 39, "owned": 2})
'calculators.md?calc=rent&edition=nl-2001&square=39&owned=2#calc-rent'
"""

from __future__ import annotations

import json
import posixpath
from pathlib import Path
from typing import Any, Mapping

from hooks.render.calculator_data import (CALC_PAGE, Formatter, _json_script, asset_root,
                                          shared_data, too_large_texts)
from hooks.render.calculator_forms import FORMS, Form, default_request, edition_defaults
from hooks.common import Context, Html, h, page_path
from hooks.catalogs.i18n import LANGS, translations
from hooks.render.templates import calculator_fragment, html
from hooks.runtime import RUNTIME_DIR

from engine.api import calculate
from present.render import render_output
from present.urlstate import canonical_request, query_string
from present.views import CALCULATORS, VIEWS

KINDS: tuple[str, ...] = CALCULATORS
"""The calculators, by engine calculation kind (:data:`present.views.CALCULATORS`)."""



# --------------------------------------------------------------------------- links


def calculator_link(lang: str, kind: str, request: Mapping[str, Any]) -> str:
    """A Markdown link target, valid in any page of ``docs/<lang>/``, that opens the
    calculator ``kind`` on the calculators page pre-filled with ``request``.

    Use it in Markdown (``[open](<link>)``: MkDocs resolves and checks it); for raw HTML
    use :func:`calculator_url`.

    >>> calculator_link("sv", "jail", {"edition": "nordic-2005", "turn_in_jail": 3, "cash": 20})
    'calculators.md?calc=jail&edition=nordic-2005&turn_in_jail=3&cash=20#calc-jail'
    """
    _check_link(lang, kind)
    return f"{CALC_PAGE}.md?{query_string(kind, request)}#calc-{kind}"


def calculator_url(lang: str, kind: str, request: Mapping[str, Any], from_slug: str,
                   use_directory_urls: bool = True) -> str:
    """Like :func:`calculator_link`, but the final URL relative to the built page
    ``from_slug`` of the same language (for links inside raw HTML).

    >>> calculator_url("nb", "rent", {"square": 5}, "examples")
    '../calculators/?calc=rent&square=5#calc-rent'
    >>> calculator_url("nl", "rent", {"square": 5}, "index")
    'calculators/?calc=rent&square=5#calc-rent'
    """
    _check_link(lang, kind)
    src = page_path(lang, from_slug, use_directory_urls)
    dst = page_path(lang, CALC_PAGE, use_directory_urls)
    if use_directory_urls:
        rel = posixpath.relpath(dst, src or ".") + "/"
    else:
        rel = posixpath.relpath(dst, posixpath.dirname(src) or ".")
    return f"{rel}?{query_string(kind, request)}#calc-{kind}"


def _check_link(lang: str, kind: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    if kind not in KINDS:
        raise ValueError(f"unknown calculator {kind!r} (known: {', '.join(KINDS)})")


# --------------------------------------------------------------------------- the directive


def _calc_id(ctx: Context, kind: str) -> tuple[str, bool]:
    """(element id, first calculator on this page?); the count lives on the page object."""
    if ctx.page is None:
        return f"calc-{kind}", True
    ids: list[str] | None = getattr(ctx.page, "_calculator_ids", None)
    if ids is None:
        ids = []
        ctx.page._calculator_ids = ids
    base = f"calc-{kind}"
    cid, n = base, 1
    while cid in ids:
        n += 1
        cid = f"{base}-{n}"
    ids.append(cid)
    return cid, len(ids) == 1


STARTER_JS = RUNTIME_DIR / "runtime_starter.js"
"""Runs where the first calculator of a page begins. It defines how the runtime starts
(one module worker, plus the page compiling ``pyodide.asm.wasm`` and posting the module to
it, see ``worker.mjs``) and starts it at once for shared links (``?calc=``), whose answer is
not the build-time one; everywhere else, the calculators page included, ``calculators.mjs``
starts it on the first interaction with a calculator (issue 17: no runtime bytes unasked).
Measured: starting during parsing instead of after the page's scripts saves a few hundred
ms before a shared link's answer (see the performance page)."""


PAGE_MODULES = ("fields", "form", "peek", "runtime", "schedule", "share", "urlstate")
"""The modules ``calculators.mjs`` imports (``docs/assets/calculators/``)."""


def runtime_starter(assets: Mapping[str, str], eager: bool) -> str:
    """The inline ``<script>`` of :data:`STARTER_JS` (``hooks/runtime/runtime_starter.js``) for a
    page: the file's code, the same on every page (one CSP hash), and its values as data
    attributes of the script element (JSON, escaped by :func:`hooks.common.h`).

    >>> html = runtime_starter({"worker": "w.mjs", "pyodide": "p/", "engine": "e.zip"}, True)
    >>> html.startswith("<script data-assets=") and "&quot;worker&quot;:&quot;w.mjs&quot;" in html
    True
    >>> 'data-eager="true"' in html and "\\n" not in html and "inlined by" not in html
    True
    """
    data = json.dumps(dict(assets), separators=(",", ":"))
    return (f'<script data-assets="{h(data)}" data-eager="{"true" if eager else "false"}">'
            f"{_starter_code()}</script>")


def _starter_code() -> str:
    """The starter's code on one line (one HTML block in the Markdown); whole-line ``//``
    comments dropped. Read on every calculators page (four per build), so an edit shows at
    once under ``mkdocs serve``."""
    lines = STARTER_JS.read_text(encoding="utf-8").splitlines()
    return " ".join(line.strip() for line in lines if not line.strip().startswith("//"))


def render(ctx: Context) -> str:
    """``[[calculator: <kind>]]``: the form, the build-time result, the data for the script."""
    if len(ctx.args) != 1 or ctx.args[0] not in KINDS:
        raise ctx.error(f"takes one argument: {' | '.join(KINDS)}")
    kind = ctx.args[0]
    if ctx.slug != CALC_PAGE:
        return calculator_button(ctx, kind)
    cid, first = _calc_id(ctx, kind)
    lang = ctx.lang
    fmt = Formatter(lang)
    state = default_request(kind, lang)
    result = calculate(kind, state)
    if "error" in result:
        raise ctx.error(f"the default {kind} request fails in the engine: {result}")
    shared = shared_data(ctx)
    links = {k: (v[0], v[1]) for k, v in shared["clauses"].items()}
    form = Form(ctx, fmt, cid, state)
    form_html = FORMS[kind](form)
    output = render_output(fmt, VIEWS[kind], result, links)
    query = query_string(kind, canonical_request(kind, state))
    config = {"kind": kind, "id": cid, "defaults": state, "query": query,
              "prerendered": prerendered(ctx, fmt, kind, links),
              "too_large": too_large_texts(fmt)}
    texts = {name: html(fmt.t(key).html(lang)) for name, key in (
        ("title", f"calc.{kind}.title"), ("intro", f"calc.{kind}.intro"),
        ("calculate", "calc.calculate"), ("reset", "calc.reset"), ("noscript", "calc.noscript"),
        ("share_text", "calc.share"), ("share_send", "calc.share.send"),
        ("offline_note", "calc.offline.not_kept"),
        ("offline_keep", "calc.offline.keep"))}
    return calculator_fragment(
        "section.html", first=first, root=asset_root(lang, ctx.slug, ctx.use_directory_urls),
        shared_script=html(_json_script(shared, "calc-shared")) if first else "",
        starter=html(runtime_starter(shared["assets"], eager=False)) if first else "",
        cid=cid, kind=kind, form=form_html, output=html(output), share=f"?{query}#{cid}",
        result_label=fmt.plain("calc.result"), config_script=html(_json_script(config, "calc-config")),
        # its modules fetched with it, not one round trip after it (the import graph is flat)
        modules=PAGE_MODULES, **texts)


def request_key(request: Any) -> str:
    """A request as the page script compares it (``canonKey`` in ``calculators.mjs``):
    JSON with the keys sorted at every level, no spaces.

    >>> request_key({"square": 39, "edition": "nl-2001", "dice": [3, 4]})
    '{"dice":[3,4],"edition":"nl-2001","square":39}'
    """
    return json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def prerendered(ctx: Context, fmt: Formatter, kind: str, links: Mapping[str, tuple[str, str]]
                ) -> list[dict[str, str]]:
    """The answer to the form's start for every edition the calculator offers, rendered
    now by the presenter the worker uses: what the page shows before the runtime has
    started, once the reader's edition is chosen (``key``: :func:`request_key`; ``html``;
    ``query``: the canonical query string). The page language's own start is the first."""
    out = []
    for edition, request in edition_defaults(kind, ctx.lang).items():
        result = calculate(kind, request)
        if "error" in result:
            raise ctx.error(f"the {edition} start of the {kind} calculator fails: {result}")
        out.append({"edition": edition, "key": request_key(request),
                    "html": render_output(fmt, VIEWS[kind], result, links),
                    "query": query_string(kind, canonical_request(kind, request))})
    home = default_request(kind, ctx.lang)["edition"]
    out.sort(key=lambda p: p["edition"] != home)
    return out


def calculator_button(ctx: Context, kind: str) -> Html:
    """On a rule page: one compact link that opens the calculator on the calculators page
    with this page's situation filled in (the rule stays first on a phone; the form and
    its runtime live on the calculators page). ``docs/assets/site.js`` swaps in the
    reader's "My edition" (``data-href`` keeps the built link)."""
    request = canonical_request(kind, default_request(kind, ctx.lang))
    url = calculator_url(ctx.lang, kind, request, ctx.slug, ctx.use_directory_urls)
    title = translations().gettext(ctx.lang, f"calc.{kind}.title")
    label = ctx.text("calclink.open", title=title)
    return Html(str(calculator_fragment("open-button.html", kind=kind, url=url, label=html(label))))


DIRECTIVES = {"calculator": render}
