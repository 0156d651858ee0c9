"""Markup the theme's script would add when it starts, written at build time instead.

Material's script wraps every data table (``table`` without a class) in a scrolling box
when it mounts, and makes a code block that scrolls sideways reachable by keyboard
(``tabindex="0"``; it takes it away again from one that does not scroll, on a touch screen). It now starts on the reader's first move
(``overrides/partials/javascripts/theme.html``), so the page is built with the box already
there: the page looks the same before and after, and nothing moves when the script starts
(it takes the tables out of these boxes and wraps them again in the same task, so no frame
shows the difference).

>>> focusable_code('<pre><span></span><code><span>x</span></code></pre><code>y</code>')
'<pre><span></span><code tabindex="0"><span>x</span></code></pre><code>y</code>'
>>> wrap_tables('<p>x</p><table>\\n<tr><td>1</td></tr></table><table class="ed">y</table>')
'<p>x</p><div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table>\\n<tr><td>1</td></tr></table></div></div><table class="ed">y</table>'
"""

from __future__ import annotations

import re

_DATA_TABLE = re.compile(r"<table(?![^>]*\sclass=)[^>]*>.*?</table>", re.S)
"""A table the theme wraps (its ``table:not([class])``); tables are never nested here."""


BOX = ('<div class="md-typeset__scrollwrap"><div class="md-typeset__table">', "</div></div>")
"""Material's ``renderTable`` (``templates/table/index.tsx``), its markup as it writes it."""


def wrap_tables(html: str) -> str:
    """Every data table of ``html`` inside the theme's scrolling box (:data:`BOX`)."""
    return _DATA_TABLE.sub(lambda m: BOX[0] + m.group(0) + BOX[1], html)


_CODE_BLOCK = re.compile(r"(<pre\b[^>]*>(?:<span></span>)?<code)(?![^>]*\stabindex=)")
"""A code block's ``code`` (Pygments writes an empty span before it)."""


def focusable_code(html: str) -> str:
    """Every code block's ``code`` reachable by keyboard until the theme decides (a code
    block may scroll sideways: a reader without a mouse must be able to scroll it)."""
    return _CODE_BLOCK.sub(r'\1 tabindex="0"', html)
