"""MkDocs hook: "My edition", edition names instead of codes, and what each page tells
search engines and the language switcher.

- ``on_page_markdown`` (after ``hooks/entry/directives.py``): on every players' page an
  edition code written as code (`` `nl-2001` ``) becomes the edition's name in the page
  language, as a small chip (``<span class="ed-chip" data-edition="nl-2001">``, made by
  ``hooks/render/chips.py``); developer pages (:data:`DEV_PAGES`) keep the codes. Pages
  that get the "My edition" picker are marked.
- ``on_page_content``: lists whose every item starts with an edition chip are put in the
  one fixed edition order (:data:`EDITION_ORDER`) and marked for the page script, which
  moves the reader's edition first; each clause's "your edition" block (written by
  ``[[editions]]``) moves up right under the clause heading; a page without a
  ``description`` gets one from its first paragraph; under the heading of each clause a
  house rule of 000 changes goes that house rule's block (``hooks/render/house_rules.py``); on
  rule pages every piece says which editions it is about (``hooks/render/edition_prose.py``), and
  on every players' page a booklet cited by number reads as its name
  (``hooks/catalogs/source_names.py``).

The switching itself is CSS and ``docs/assets/site.js``: every text stays in the page.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

from engine.editions import EDITIONS, HOUSE_RULES, MAIN_EDITIONS
from hooks.common import CLAUSES, RULE_PAGES, build_language, relative_url
from hooks.render.chips import chips
from hooks.render.edition_prose import mark as mark_editions
from hooks.catalogs import source_names
from hooks.catalogs.languages import ARTICLES
from hooks.render.house_rules import clause_blocks
from hooks.catalogs.i18n import Message, translations
from hooks.catalogs.languages import LANGS

DEV_PAGES: tuple[str, ...] = ("api", "performance", "translate", "phrasebook")
"""Pages for developers and translators: edition codes stay, no picker, not in search."""
OWN_GAME_PAGES: tuple[str, ...] = ("card-game",)
"""Rule pages of a game of its own (the card game, ``nl-card-game``: neither a main edition
nor a mode of one): every word on them is that game's rule, so the board-game picker is not
there and a choice folds nothing (``docs/assets/site.js`` folds only on pages with the
picker)."""
PICKER_PAGES: tuple[str, ...] = ("index", *(p for p in RULE_PAGES if p not in OWN_GAME_PAGES),
                                 "disputes", "examples", "sheet")
"""Pages that show the "My edition" picker at the top (/disputes/ too: it puts the chosen
edition's answer first, and a player at another table changes the edition right there;
/examples/: each chapter shows the chosen edition's examples, the others folded)."""
EDITION_ORDER: tuple[str, ...] = (*MAIN_EDITIONS,
                                  *(e for e in EDITIONS if e not in MAIN_EDITIONS))
"""The one order editions are listed in everywhere (main editions first, then modes)."""
def page_slug(page: Any) -> str:
    """``jail`` for ``sv/jail.md`` (the same slug in every language)."""
    uri = getattr(page.file, "norm_src_uri", None) or page.file.src_uri
    parts = Path(uri).with_suffix("").parts
    return "/".join(parts[1:] if parts and parts[0] in LANGS else parts)


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    """Chips for edition codes on players' pages; mark the pages with the picker."""
    slug = page_slug(page)
    page.meta["site_slug"] = slug
    if slug in DEV_PAGES:
        page.meta["site_developer"] = True
        return markdown
    if slug in PICKER_PAGES:
        page.meta["site_picker"] = True
    return chips(markdown, build_language(config))


_UL = re.compile(r"<ul>\n(?P<body>(?:(?!<ul>|</ul>).)*?)</ul>", re.S)
_CHIP_ID = re.compile(r'<span class="ed-chip" data-edition="([^"]+)">')
_LI_START = re.compile(r'^<li>(?:\n?<p>)?' + (rf"(?:(?i:{ARTICLES})\s+)?" if ARTICLES else "")
                       + r'<span class="ed-chip" data-edition="(?P<id>[^"]+)">')


def _items(body: str) -> list[str] | None:
    """The top-level ``<li>...</li>`` items of a list body without nested lists."""
    items = re.findall(r"<li>.*?</li>\n?", body, re.S)
    return items if "".join(items).strip() == body.strip() else None


def sort_edition_lists(html: str) -> str:
    """Lists whose every item starts with an edition chip (after the language's article,
    ``Language.edition_article``: "De Scandinavische reiseditie 2005 heeft zes pionnen"),
    in :data:`EDITION_ORDER`.

    >>> a = '<li><span class="ed-chip" data-edition="classic-us">US</span>: x</li>\\n'
    >>> b = '<li><span class="ed-chip" data-edition="nl-2001">NL</span>: y</li>\\n'
    >>> out = sort_edition_lists(f"<ul>\\n{a}{b}</ul>")
    >>> out.index('li data-edition="nl-2001"') < out.index('li data-edition="classic-us"')
    True
    """
    order = {e: i for i, e in enumerate(EDITION_ORDER)}

    def sort(m: re.Match[str]) -> str:
        items = _items(m.group("body"))
        if not items or len(items) < 2:
            return m.group(0)
        keys = [_LI_START.match(it) for it in items]
        if not all(keys) or any(k.group("id") not in order for k in keys):  # type: ignore[union-attr]
            return m.group(0)
        pairs = sorted(zip(keys, items), key=lambda p: order[p[0].group("id")])  # type: ignore[union-attr]
        # data-edition: the item's edition (its first chip); data-editions: every edition
        # the item speaks for ("nl-2001 says ..., and nordic-2005 ...")
        out = [f'<li data-edition="{k.group("id")}" data-editions="'  # type: ignore[union-attr]
               f'{" ".join(dict.fromkeys(_CHIP_ID.findall(it)))}">{it[4:]}' for k, it in pairs]
        return '<ul class="ed-list">\n' + "".join(x if x.endswith("\n") else x + "\n"
                                                 for x in out) + "</ul>"

    return _UL.sub(sort, html)


_MINE = re.compile(r'<div class="ed-mine-set" data-clause="(?P<id>[^"]+)"[^>]*>.*?<!--/ed-mine-set-->',
                   re.S)


def lift_mine(html: str) -> str:
    """Move each clause's "your edition" block right under that clause's heading."""
    blocks = [(m.group("id"), m.group(0)) for m in _MINE.finditer(html)]
    if not blocks:
        return html
    html = _MINE.sub("", html)
    for cid, block in blocks:
        head = re.search(rf'<h2 [^>]*id="{re.escape(cid)}"[^>]*>.*?</h2>', html, re.S)
        if head is None:  # a table outside its clause: keep the block where the table is
            html = html.replace(f'<div class="ed-clause" data-clause="{cid}">',
                                block + f'<div class="ed-clause" data-clause="{cid}">', 1)
            continue
        html = html[:head.end()] + "\n" + block + html[head.end():]
    return html


def description(html: str, limit: int = 160) -> str | None:
    """The page's first paragraph as plain text, cut at a word near ``limit`` characters.

    >>> description("<h1>T</h1><p>Een <b>korte</b> tekst.</p><p>Meer.</p>")
    'Een korte tekst.'
    """
    m = re.search(r"<p>(.*?)</p>", html, re.S)
    if not m:
        return None
    text = " ".join(unescape(re.sub(r"<[^>]+>", "", m.group(1))).split())
    if not text:
        return None
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"
    return text


_CLAUSE_H2 = re.compile(r'<h2 [^>]*id="(?P<id>[^"]+)"[^>]*>.*?</h2>', re.S)


def house_blocks(html: str, lang: str, slug: str, use_directory_urls: bool = True) -> str:
    """Under each clause heading a house rule of 000 changes: that house rule's block
    (``hooks/render/house_rules.py``), first in the clause, shown when the reader plays it."""
    def t(key: str, **params: object) -> Message:
        return translations().gettext(lang, key, **params)

    def link(cid: str) -> str:
        return relative_url(lang, slug, lang, CLAUSES[cid].page, cid, use_directory_urls)

    def add(m: re.Match[str]) -> str:
        if m.group("id") not in CLAUSES:
            return m.group(0)
        # str(): a str plus Markup would escape the heading
        return m.group(0) + str(clause_blocks(t, m.group("id"), link))

    return _CLAUSE_H2.sub(add, html)


def name_sources(html: str, lang: str, slug: str, use_directory_urls: bool = True) -> str:
    """Each "(bron 000, ...)" of a players' page as the booklet's short name, linked to
    it on the sources page (``hooks/catalogs/source_names.py``)."""
    return source_names.name_citations(
        html, lang, lambda to, sid: relative_url(lang, slug, to, source_names.PAGE,
                                                 source_names.anchor(sid), use_directory_urls))


def on_page_content(html: str, *, page: Any, config: Any, files: Any) -> str:
    """Fixed edition order in lists, "your edition" first, the house rules the reader
    plays before it, booklets cited by name, and a description per page."""
    if not page.meta.get("site_developer"):
        html = lift_mine(sort_edition_lists(html))
        if page.meta.get("site_slug") in RULE_PAGES:
            # what each piece is about: site.js folds the rest
            html = mark_editions(html, build_language(config))
            html = house_blocks(html, build_language(config), page.meta["site_slug"],
                                bool(config.use_directory_urls))
        html = name_sources(html, build_language(config), page.meta.get("site_slug", ""),
                            bool(config.use_directory_urls))
    if not page.meta.get("description"):
        text = description(html)
        if text:
            page.meta["description"] = text
    return html


def on_env(env: Any, config: Any, files: Any) -> Any:
    """Templates get ``site_editions`` and ``site_house_rules``: the editions and the
    house rules of 000 the "My edition" picker offers."""
    env.globals["site_editions"] = MAIN_EDITIONS
    env.globals["site_house_rules"] = HOUSE_RULES
    return env
