"""Markup the theme's script would add when it starts, written at build time instead.

Material's script wraps every data table (``table`` without a class) in a scrolling box
when it mounts. It now starts on the reader's first move
(``overrides/partials/javascripts/theme.html``), so the page is built with the box already
there: the page looks the same before and after, and nothing moves when the script starts
(it takes the tables out of these boxes and wraps them again in the same task, so no frame
shows the difference).

>>> wrap_tables('<p>x</p><table>\\n<tr><td>1</td></tr></table><table class="ed">y</table>')
'<p>x</p><div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table>\\n<tr><td>1</td></tr></table></div></div><table class="ed">y</table>'
"""

from __future__ import annotations

import re

_DATA_TABLE = re.compile(r"<table(?![^>]*\sclass=)[^>]*>.*?</table>", re.S)
"""A table the theme wraps (its ``table:not([class])``); tables are never nested here."""


def wrap_tables(html: str) -> str:
    """Every data table of ``html`` inside the theme's scrolling box (Material's
    ``renderTable``: ``div.md-typeset__scrollwrap > div.md-typeset__table``)."""
    return _DATA_TABLE.sub(lambda m: '<div class="md-typeset__scrollwrap"><div class='
                           f'"md-typeset__table">{m.group(0)}</div></div>', html)
