"""Classes on ``<main class="md-main">`` that say what kind of page it holds, written by the
build so the stylesheet need not ask the page with ``:has()``.

``.md-main:has(.matrix-wrap) .md-grid`` had widened the matrix and side-by-side pages. Such a
rule on the element holding the whole page is re-checked whenever anything inside it is
inserted or removed, so calculator answers restyled the page's grid (issue 27: style
recalculation per 40 answers on the bench's phone 520 -> 311 ms, per 80 785 -> 568 ms).

>>> page = '<main class="md-main" data-md-component="main"><div class="matrix-wrap">'
>>> mark_page_kind(page)[:60]
'<main class="md-main md-main--wide" data-md-component="main"'
>>> mark_page_kind('<main class="md-main"><div class="sheets" data-home="x">')
'<main class="md-main md-main--sheets"><div class="sheets" data-home="x">'
>>> mark_page_kind('<main class="md-main"><p>rules</p>')
'<main class="md-main"><p>rules</p>'
"""

from __future__ import annotations

import re

KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # the matrix and the side-by-side pages use the whole screen
    ("md-main--wide", re.compile(r'class="(?:matrix-wrap|sbs-clause)"')),
    # the rules sheet prints without the page's title and introduction
    ("md-main--sheets", re.compile(r'class="sheets"')),
)
"""(class, what in the page gives it)."""

MAIN = '<main class="md-main"'


def mark_page_kind(output: str) -> str:
    """``output`` with the classes of :data:`KINDS` its content calls for on its ``<main>``."""
    start = output.find(MAIN)
    if start < 0:
        return output
    body = output[start:]
    kinds = [name for name, found in KINDS if found.search(body)]
    if not kinds:
        return output
    return output[:start] + f'<main class="md-main {" ".join(kinds)}"' + body[len(MAIN):]
