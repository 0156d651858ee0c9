"""Long pages, grouped and folded (issue 23 item 4): each section of a long page (a
heading and what follows it up to the next heading of that level) becomes one
``<details class="site-fold">`` whose summary is the heading itself, so a phone shows the
page's groups first and the reader opens the one they want. The heading keeps its id (links
to it land on the summary line); ``docs/assets/site.js`` opens the section a link points
into, and every section before printing.

Which pages fold, and at which heading level, is :data:`FOLDS` (page slug -> tag);
``tests/browser/test_phone.py`` measures every player page at 390 px, every language.

>>> html = '<h1>T</h1><p>a</p><h2 id="x">X</h2><p>b</p><h2 id="y">Y</h2><div><p>c</p></div>'
>>> print(fold_sections(html, "h2"))
<h1>T</h1><p>a</p><details class="site-fold"><summary class="site-fold__head"><h2 id="x">X</h2></summary><p>b</p></details><details class="site-fold"><summary class="site-fold__head"><h2 id="y">Y</h2></summary><div><p>c</p></div></details>
>>> fold_sections("<div><h2>A</h2><p>x</p></div><p>y</p>", "h2").count("</details></div>")
1
"""

from __future__ import annotations

import re

FOLDS: dict[str, str] = {
    "examples": "h2",      # 94 worked examples, open: 107 screens at 390 px
    "rulings": "h2",       # 35 rulings: 35 screens
    "disputes": "h2",      # 44 disputes in 11 topics: 27 screens
    "side-by-side": "h2",  # every clause in four languages: 252 screens
    "odds": "h2",          # the model and its tables: 17 screens
    "editions": "h2",      # the matrix as cards on a phone: 31 screens
    "sheet": "h3",         # one edition's sheet, chapter by chapter: 41 screens
}
"""Pages whose sections fold, by slug, and the heading level of a section."""

VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
_TOKEN = re.compile(r"<!--.*?-->|<(script|style|textarea)\b.*?</\1\s*>|<(/?)([a-zA-Z][\w-]*)"
                    r"((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.S | re.I)
OPEN = '<details class="site-fold"><summary class="site-fold__head">'
_HEADERLINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)


def fold_sections(html: str, tag: str) -> str:
    """``html`` with every ``tag`` section folded (see the module docstring). A section ends
    at the next ``tag`` with the same parent or at the parent's end. Markup the scan cannot
    follow (an unclosed element) leaves ``html`` unchanged rather than guessing."""
    tag = tag.lower()
    stack: list[tuple[int, str]] = []  # (id, name) of the open elements
    counter = 0
    heads: list[tuple[int, int, int]] = []  # (parent id, start, end of the heading)
    parent_end: dict[int, int] = {}
    heading_start: int | None = None
    for m in _TOKEN.finditer(html):
        name = m.group(3)
        if not name:
            continue  # a comment, or a script / style / textarea with its content
        name = name.lower()
        if m.group(2):  # a closing tag
            if not stack or stack[-1][1] != name:
                return html
            element, _ = stack.pop()
            if name == tag and heading_start is not None:
                heads.append((stack[-1][0] if stack else -1, heading_start, m.end()))
                heading_start = None
            parent_end[element] = m.start()
            continue
        if name in VOID or m.group(4).rstrip().endswith("/"):
            continue
        if name == tag:
            heading_start = m.start()
        counter += 1
        stack.append((counter, name))
    if stack or heading_start is not None:
        return html
    parent_end[-1] = len(html)
    out = html
    for i in range(len(heads) - 1, -1, -1):
        parent, start, head_end = heads[i]
        later = [s for p, s, _ in heads[i + 1:] if p == parent]
        end = later[0] if later else parent_end[parent]
        # no link inside the summary (a control within a control): the heading's ¶ goes
        heading = _HEADERLINK.sub("", out[start:head_end])
        out = (out[:start] + OPEN + heading + "</summary>" + out[head_end:end]
               + "</details>" + out[end:])
    return out


_ARTICLE = re.compile(r'(<article class="md-content__inner[^"]*">)(.*?)(</article>)', re.S)


def fold_page(output: str, slug: str | None) -> str:
    """The finished page with its sections folded when :data:`FOLDS` names it."""
    tag = FOLDS.get(slug or "")
    if not tag:
        return output
    return _ARTICLE.sub(lambda m: m.group(1) + fold_sections(m.group(2), tag) + m.group(3),
                        output, count=1)
