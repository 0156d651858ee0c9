"""Each numbered clause's "copy the link" button, written into the built page.

The button had been made by ``docs/assets/site.js`` when the page loaded: one element made,
filled and inserted per clause heading, some 27 ms of the loading task of /rent/ on the
bench's phone (issue 27). Now the build writes it (label in the page's language, the
heading's id in ``data-for``); the script only listens for clicks on the page, and the
stylesheet shows the buttons only where a script runs (``html[data-site-js]``, set by
``docs/assets/my-edition.js`` in the page's head, before the first paint: nothing moves).

A heading that is a fold's summary (``hooks/render/fold.py``) gets its button right after
the summary: no control inside a control.

>>> html = ('<h2 class="clause" data-clause="4" id="jail-x">Jail<a class="headerlink" '
...         'href="#jail-x">¶</a></h2>')
>>> print(copy_buttons(html, lambda n: f"Copy {n}"))  # doctest: +ELLIPSIS
<h2 class="clause" data-clause="4" id="jail-x">Jail<button type="button" class="clause-copy" data-for="jail-x" aria-label="Copy 4" title="Copy 4"><svg class="clause-copy__link" ...</svg><svg class="clause-copy__done" ...</svg></button><a class="headerlink" href="#jail-x">¶</a></h2>
>>> folded = ('<summary class="site-fold__head"><h2 id="r1" class="clause" data-clause="R1">'
...           'R</h2></summary><p>x</p>')
>>> print(copy_buttons(folded, lambda n: n))  # doctest: +ELLIPSIS
<summary class="site-fold__head"><h2 id="r1" class="clause" data-clause="R1">R</h2></summary><button type="button" class="clause-copy" data-for="r1" aria-label="R1" title="R1"><svg ...</svg></button><p>x</p>
>>> copy_buttons('<h2 id="x">Plain</h2>', str)
'<h2 id="x">Plain</h2>'
"""

from __future__ import annotations

import re
from typing import Callable

from hooks.common import h

LINK_ICON = ('<svg class="clause-copy__link" viewBox="0 0 24 24" aria-hidden="true"><path '
             'd="M10.59 13.41c.41.39.41 1.03 0 1.42-.39.39-1.03.39-1.42 0a5 5 0 0 1 0-7.07l3.54-3.54a5 5 0 0 1 7.07 0 5 5 0 0 1 0 7.'
             '07l-1.49 1.49c.01-.82-.12-1.64-.4-2.42l.47-.48a2.98 2.98 0 0 0 0-4.24 2.98 2.98 0 0 '
             '0-4.24 0l-3.53 3.53a2.98 2.98 0 0 0 0 4.24m2.82-4.24c.39-.39 1.03-.39 1.42 0a5 5 0 0'
             ' 1 0 7.07l-3.54 3.54a5 5 0 0 1-7.07 0 5 5 0 0 1 0-7.07l1.49-1.49c-.01.82.12 1.64.4 2'
             '.43l-.47.47a2.98 2.98 0 0 0 0 4.24 2.98 2.98 0 0 0 4.24 0l3.53-3.53a2.98 2.98 0 0 0 '
             '0-4.24.97.97 0 0 1 0-1.42"/></svg>')
"""The link icon, shown until the link is copied."""
DONE_ICON = ('<svg class="clause-copy__done" viewBox="0 0 24 24" aria-hidden="true"><path '
             'd="M21 7 9 19l-5.5-5.5 1.41-1.41L9 16.17 19.59 5.59z"/></svg>')
"""The check mark, shown instead while the button says "copied" (``data-state``, set by
``site.js``; which icon shows is the stylesheet's: the script swaps no markup)."""

_HEADING = re.compile(r'(?P<open><h2\b(?P<attrs>[^>]*)>)(?P<body>.*?)</h2>(?P<summary></summary>)?',
                      re.S)
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
_HEADERLINK = re.compile(r'<a class="headerlink"')


def _button(clause_id: str, number: str, label: Callable[[str], str]) -> str:
    text = h(label(number))
    return (f'<button type="button" class="clause-copy" data-for="{h(clause_id)}" '
            f'aria-label="{text}" title="{text}">{LINK_ICON}{DONE_ICON}</button>')


def copy_buttons(html: str, label: Callable[[str], str]) -> str:
    """``html`` with a copy button in every ``h2`` of class ``clause`` that has an id and a
    ``data-clause`` number (``label(number)``: the button's text, not yet escaped): before
    the heading's permalink, else at its end; after the summary a heading is the head of."""

    def one(m: re.Match[str]) -> str:
        attrs = dict(_ATTR.findall(m.group("attrs")))
        if "clause" not in attrs.get("class", "").split() or not attrs.get("id") \
                or "data-clause" not in attrs:
            return m.group(0)
        button = _button(attrs["id"], attrs["data-clause"], label)
        body = m.group("body")
        if m.group("summary"):
            return f'{m.group("open")}{body}</h2></summary>{button}'
        link = _HEADERLINK.search(body)
        body = body[:link.start()] + button + body[link.start():] if link else body + button
        return f'{m.group("open")}{body}</h2>'

    return _HEADING.sub(one, html)
