"""The HTML the hooks write comes from Jinja templates: ``overrides/fragments/rules/`` (the
directives) and ``overrides/fragments/calculators/`` (the calculators' form fields).

Rendered the way mkdocs-material's own plugins render HTML outside the page template (the
tags plugin's ``Renderer``: ``env.get_template("fragments/tags/<name>").render(...)``, the
templates in the theme folder's ``fragments/``, which MkDocs never renders by itself), but with
an environment of our own: MkDocs' theme environment leaves autoescaping off, and the
directives render outside a build too (tests, tools). So:

- **autoescape on**: every value is escaped by Jinja. Trusted HTML passes as
  :class:`markupsafe.Markup` (:func:`html`, or a :class:`hooks.common.Html`); a
  :class:`~hooks.common.Message` renders as its escaped HTML with the fallback mark
  (``{{ ctx.t("key") }}``); ``{{ msg.text }}`` is its plain text (for attributes).
- **lines joined**: a template's line breaks and the indentation after them are dropped
  (:class:`JoinLines`), so templates are written one element per line and the output is the
  compact HTML the pages always had (no space appears between inline elements by accident).
  Write a space inside a line where one is meant; ``{{ "\\n" }}`` where the output needs a
  line break (Markdown around raw HTML).
- **strict**: an undefined name is an error, not an empty string.
- escaped the way :func:`hooks.common.h` always escaped (:func:`html.escape`, quotes too:
  ``&quot;`` and ``&#x27;`` rather than MarkupSafe's ``&#34;`` and ``&#39;``), through
  Jinja's ``finalize`` hook, so the pages stay byte for byte what they were; the filter
  ``|text`` escapes for a text node only (quotes stay as they are), where the pages had that.

>>> str(fragment("clause-ref.html", url="#x", text='<b>"x"</b> ' + "'y'"))
'<a class="clause-ref" href="#x">&lt;b&gt;&quot;x&quot;&lt;/b&gt; &#x27;y&#x27;</a>'
>>> str(fragment("clause-ref.html", url="#x", text=html("<b>4.3</b>"), title="a < b"))
'<a class="clause-ref" href="#x" title="a &lt; b"><b>4.3</b></a>'
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from jinja2.ext import Extension
from markupsafe import Markup

from hooks.catalogs import source_names
from hooks.common import ROOT

TEMPLATE_DIR = ROOT / "overrides"
"""The theme's ``custom_dir``: the site's own templates (page overrides and fragments)."""
FRAGMENTS = "fragments/rules"
"""Where the directives' templates live inside :data:`TEMPLATE_DIR`."""
CALCULATOR_FRAGMENTS = "fragments/calculators"
"""Where the calculators' form templates live (:func:`calculator_fragment`)."""

_BREAK = re.compile(r"\n[ \t]*")


class JoinLines(Extension):
    """Drop every line break of a template's source, with the indentation that follows it."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return _BREAK.sub("", source)


def _escape(value: Any) -> Any:
    """Every ``{{ value }}``: trusted HTML (``__html__``) as it is, anything else escaped."""
    if hasattr(value, "__html__"):
        return value
    return Markup(escape(str(value), quote=True))


def _text(value: Any) -> Markup:
    """``{{ value|text }}``: escaped for a text node (``&``, ``<``, ``>``; quotes kept)."""
    if hasattr(value, "__html__"):
        return Markup(value.__html__())
    return Markup(escape(str(value), quote=False))


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The one Jinja environment of the directives (autoescape, lines joined, strict)."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=True,
                      undefined=StrictUndefined, extensions=[JoinLines], finalize=_escape,
                      keep_trailing_newline=False)
    env.filters["text"] = _text
    # a booklet's citation: the presenter's markup (present.render.source_link), as the
    # calculators' and examples' steps write it
    env.globals["source_link"] = source_names.link
    return env


def fragment(name: str, /, **values: Any) -> Markup:
    """Template ``fragments/rules/<name>`` rendered with ``values`` (trusted HTML out)."""
    return Markup(environment().get_template(f"{FRAGMENTS}/{name}").render(**values))


def calculator_fragment(name: str, /, **values: Any) -> Markup:
    """Template ``fragments/calculators/<name>`` (a calculator form's field) rendered with
    ``values``, by the same environment as :func:`fragment`."""
    return Markup(environment().get_template(f"{CALCULATOR_FRAGMENTS}/{name}").render(**values))


def html(text: str) -> Markup:
    """Mark finished, already escaped HTML as trusted (a badge-sized f-string, a message's
    ``.html()``, another template's output)."""
    return Markup(text)
