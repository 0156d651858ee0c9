"""Clause headings, fallbacks for untranslated clauses, and ``[[ref: id]]`` links.

Run by ``hooks/entry/directives.py`` on every page's Markdown, in this order:

1. :func:`number_clauses`: ``## Title {#rent-set-double}`` becomes
   ``## <span class="clause-no">4.3</span> Title {#rent-set-double .clause ...}``;
   the id must be a clause of *this* page (engine/clauses.py), appear once, in order; a
   rule of one mode of play (``engine.clauses.MODE_CLAUSES``) gets ``data-for`` with the
   main editions it holds for (``docs/assets/site.js`` folds it for another "my edition").
2. :func:`add_missing`: clauses of the page that this language lacks are appended
   at the end, each with a translated "not yet translated" notice and the Dutch text.
3. :func:`resolve_refs`: ``[[ref: rent-set-double]]`` becomes the Markdown link
   ``[4.3 Title](rent.md#rent-set-double)`` in the page's language.

>>> info = PageInfo("nl", "nl", "trading", "docs/nl/trading.md", Path("/nonexistent"))
>>> number_clauses("## Ruilen {#trade-property}", info).split("{")[0]
'## <span class="clause-no">8.1</span> Ruilen '
>>> number_clauses("## Huur {#rent-claim}", info)
Traceback (most recent call last):
...
hooks.common.DirectiveError: docs/nl/trading.md:1: clause 'rent-claim' belongs to rent.md (4.1), not to trading.md
>>> resolve_refs("Zie [[ref: trade-cards]].", info)
'Zie [8.3](#trade-cards){.clause-ref}.'
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from hooks.common import (CLAUSES, RULE_PAGES, SOURCE_LANG, DirectiveError, md_escape,
                          translations)
from hooks.render import board_names, card_words
from hooks.pages import H2, REF, code_lines, heading_title, read_page, sub_outside_code
from engine.clauses import page_clauses
from engine.editions import clause_editions



@dataclass(frozen=True)
class PageInfo:
    """The page being processed.

    ``lang`` is the language being built, ``content_lang`` the language of the file
    (Dutch when static-i18n falls back to the Dutch page), ``src`` the path shown in
    errors, ``offset`` the number of front-matter lines before the Markdown.
    """

    lang: str
    content_lang: str
    slug: str
    src: str
    docs_dir: Path
    use_directory_urls: bool = True
    offset: int = 0

    def where(self, index: int) -> str:
        """``file:line`` for a 0-based line index of the Markdown."""
        return f"{self.src}:{index + 1 + self.offset}"


def _notice(cls: str, lang: str, key: str, **params: object) -> str:
    """A warning box (template ``notice.html``): ``<key>.title`` and ``<key>.body``."""
    from hooks.render.templates import fragment

    words = translations()
    return fragment("notice.html", cls=cls, title=words.gettext(lang, f"{key}.title"),
                    body=words.gettext(lang, f"{key}.body", **params))


def _heading(number: str, title_md: str, clause_id: str, extra: str = "") -> str:
    """A numbered clause heading (the copy button's label comes from the page template)."""
    return (f'## <span class="clause-no">{number}</span> {title_md} '
            f'{{#{clause_id} .clause{extra} data-clause="{number}"}}')


def number_clauses(markdown: str, info: PageInfo) -> str:
    """Number every clause heading and check it belongs here (see module doc)."""
    lines = markdown.split("\n")
    mask = code_lines(lines)
    seen: dict[str, int] = {}
    last = -1
    for i, line in enumerate(lines):
        if mask[i] or not line.startswith("##"):
            continue
        m = H2.match(line)
        if not m:
            continue
        cid = m.group("id")
        clause = CLAUSES.get(cid)
        if clause is None:
            if info.slug in RULE_PAGES:
                near = difflib.get_close_matches(cid, [c.id for c in page_clauses(info.slug)], 1)
                hint = f" (did you mean '{near[0]}'?)" if near else ""
                raise DirectiveError(f"{info.where(i)}: unknown clause id '{cid}'{hint}: "
                                     f"level-2 headings with an id on {info.slug}.md must be "
                                     "clauses of engine/clauses.py")
            continue
        if clause.page != info.slug:
            raise DirectiveError(f"{info.where(i)}: clause '{cid}' belongs to {clause.page}.md "
                                 f"({clause.number}), not to {info.slug}.md")
        if cid in seen:
            raise DirectiveError(f"{info.where(i)}: clause '{cid}' appears twice "
                                 f"(first at line {seen[cid] + 1 + info.offset})")
        seen[cid] = i
        order = [c.id for c in page_clauses(info.slug)].index(cid)
        if order < last:
            raise DirectiveError(f"{info.where(i)}: clause '{cid}' ({clause.number}) is out of "
                                 "order: clauses follow the order of engine/clauses.py")
        last = order
        attrs = m.group("attrs").strip()
        holds = clause_editions(cid)  # a rule of one mode of play: its editions only
        if holds is not None:
            attrs = f'{attrs} data-for="{" ".join(holds)}"'.strip()
        lines[i] = _heading(clause.number, m.group("title").strip(), cid,
                            f" {attrs}" if attrs else "")
    return "\n".join(lines)


def _present(markdown: str) -> set[str]:
    lines = markdown.split("\n")
    return {m.group("id") for line, code in zip(lines, code_lines(lines))
            if not code and (m := H2.match(line))}


def add_missing(markdown: str, info: PageInfo) -> str:
    """Append the clauses this page lacks, marked, with the Dutch text when there is one."""
    if info.slug not in RULE_PAGES:
        return markdown
    present = _present(markdown)
    missing = [c for c in page_clauses(info.slug) if c.id not in present]
    if not missing:
        return markdown
    source = read_page(info.docs_dir, SOURCE_LANG, info.slug)
    parts = [markdown.rstrip("\n"), ""]
    for c in missing:
        dutch = source.sections.get(c.id) if info.content_lang != SOURCE_LANG else None
        if dutch is not None:
            title = f'<span lang="{SOURCE_LANG}">{heading_title(dutch.title)}</span>'
            kind, body = "untranslated", dutch.body
        else:
            title, kind, body = md_escape(c.title), "unwritten", ""
        holds = clause_editions(c.id)
        parts.append(_heading(c.number, title, c.id, f" .clause-{kind}" + (
            f' data-for="{" ".join(holds)}"' if holds is not None else "")))
        parts.append("")
        parts.append(_notice(f"warning clause-{kind}", info.lang, f"clause.{kind}",
                             number=c.number))
        parts.append("")
        if body:
            parts += [f'<div class="clause-fallback" lang="{SOURCE_LANG}" markdown="1">', "",
                      body, "", "</div>", ""]
    return "\n".join(parts)


def page_notice(markdown: str, info: PageInfo) -> str:
    """When a whole page falls back to Dutch, say so right under its title."""
    if info.content_lang == info.lang:
        return markdown
    notice = _notice("warning page-untranslated", info.lang, "page.untranslated")
    lines = markdown.split("\n")
    for i, (line, code) in enumerate(zip(lines, code_lines(lines))):
        if not code and re.match(r"^#(?!#)\s", line):
            return "\n".join(lines[:i + 1] + ["", notice, ""] + lines[i + 1:])
    return f"{notice}\n\n{markdown}"


def ref_link(clause_id: str, info: PageInfo) -> str:
    """The Markdown link for ``[[ref: clause_id]]`` on this page."""
    c = CLAUSES[clause_id]
    section = read_page(info.docs_dir, info.lang, c.page).sections.get(clause_id)
    title = heading_title(section.title) if section else ""
    text = f"{c.number} {title}".strip().replace("[", "\\[").replace("]", "\\]")
    target = f"#{clause_id}" if c.page == info.slug else f"{c.page}.md#{clause_id}"
    return f"[{text}]({target}){{.clause-ref}}"


def resolve_refs(markdown: str, info: PageInfo) -> str:
    """Replace every ``[[ref: id]]`` outside code by a link; unknown ids are errors."""
    lines = markdown.split("\n")
    mask = code_lines(lines)
    for i, line in enumerate(lines):
        if mask[i] or "[[ref:" not in line:
            continue

        def repl(m: re.Match[str], i: int = i) -> str:
            cid = m.group("id")
            if cid not in CLAUSES:
                near = difflib.get_close_matches(cid, list(CLAUSES), 1)
                hint = f" (did you mean '{near[0]}'?)" if near else ""
                raise DirectiveError(f"{info.where(i)}: [[ref: {cid}]] names no clause{hint}")
            return ref_link(cid, info)

        lines[i] = sub_outside_code(line, REF, repl)
    return "\n".join(lines)


def process(markdown: str, info: PageInfo) -> str:
    """All clause steps in order: number, fallback notices, references, squares named as
    each board names them (:mod:`hooks.render.board_names`), the card's words and the
    key's (:mod:`hooks.render.card_words`)."""
    markdown = number_clauses(markdown, info)
    markdown = add_missing(markdown, info)
    markdown = page_notice(markdown, info)
    try:
        return card_words.resolve(board_names.resolve(resolve_refs(markdown, info), info.lang))
    except DirectiveError as exc:
        raise DirectiveError(f"{info.src}: {exc}") from None
