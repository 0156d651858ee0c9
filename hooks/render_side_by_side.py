"""``[[side-by-side]]``: every clause in Dutch, Swedish, Danish and Norwegian, aligned by id.

Generated at build time from the four languages' Markdown pages (never typed twice):
for each clause, in the order of ``engine/clauses.py``, its number and id, then one
column per language with the clause title (linking to that language's clause) and
its text. A clause a language lacks shows that language's "not yet translated" note.
Inside the texts, directives are left out, headings become bold lines, and links
(``[[ref: id]]`` and ``page.md#anchor``) point into the text's own language.
The grid stacks into one column on a phone (CSS).
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from engine.clauses import PAGES
from hooks.common import LANG_NAMES, LANG_SHORT, LANGS, Context, h, plain
from hooks.pages import (DIRECTIVE, HEADING, REF, code_lines, heading_title, read_page,
                         sub_outside_code)
from hooks.i18n import translations

MD_LINK = re.compile(
    r"(?<!!)\[(?P<text>[^\]\n]+)\]\((?P<target>[^)\s#]*\.md)?(?P<anchor>#[^)\s]*)?"
    r"(?:[ \t]+\"[^\"]*\")?\)")
ID_ATTR = re.compile(r"\{:?[ \t]*#[^}]*\}")


def embed(ctx: Context, lang: str, page_slug: str, body: str) -> str:
    """A clause text of ``lang`` made fit for this page: links re-targeted to ``lang``,
    directives dropped, headings flattened to bold lines, ids removed."""
    lines = body.split("\n")
    out = []
    for line, code in zip(lines, code_lines(lines)):
        if code:
            out.append(line)
            continue
        d = DIRECTIVE.match(line)
        if d and d.group("name") != "ref":
            continue
        m = HEADING.match(line)
        if m:
            line = f"**{heading_title(m.group('text'))}**"
        line = ID_ATTR.sub("", line)

        def ref(m: re.Match[str]) -> str:
            cid = m.group("id")
            number, title = ctx.clause_label(cid, lang)
            text = f"{number} {title}" if title else number
            return f'<a class="clause-ref" href="{h(ctx.clause_url(cid, lang))}">{h(text)}</a>'

        def link(m: re.Match[str]) -> str:
            target, anchor = m.group("target"), (m.group("anchor") or "")[1:] or None
            slug = PurePosixPath(target).with_suffix("").name if target else page_slug
            return f'<a href="{h(ctx.url(slug, anchor, lang))}">{m.group("text")}</a>'

        line = sub_outside_code(line, REF, ref)
        line = sub_outside_code(line, MD_LINK, link)
        out.append(line)
    return "\n".join(out).strip("\n")


def lang_cell(ctx: Context, lang: str, clause_id: str, page_slug: str) -> list[str]:
    """The Markdown/HTML lines of one language's column for one clause."""
    section = read_page(ctx.docs_dir, lang, page_slug).sections.get(clause_id)
    current = " current" if lang == ctx.lang else ""
    head = (f'<p class="sbs-lang"><span class="lang-tag" title="{h(LANG_NAMES[lang])}">'
            f'{LANG_SHORT[lang]}</span> ')
    if section is None:
        kind = "unwritten" if lang == "nl" else "untranslated"
        note = translations().gettext(lang, f"clause.{kind}.title").html()
        return [f'<div class="sbs-cell sbs-missing{current}" lang="{lang}">{head}'
                f'<a href="{h(ctx.clause_url(clause_id, lang))}" hreflang="{lang}">'
                f'{note}</a></p></div>']
    title = plain(heading_title(section.title))
    return [f'<div class="sbs-cell{current}" lang="{lang}" markdown="1">',
            f'{head}<a href="{h(ctx.clause_url(clause_id, lang))}" hreflang="{lang}">'
            f'{h(title)}</a></p>', "", embed(ctx, lang, page_slug, section.body), "", "</div>"]


def render(ctx: Context) -> str:
    """``[[side-by-side]]`` (takes no arguments)."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    if ctx.page is not None:  # the texts are on their own pages: keep search results there
        ctx.page.meta["search"] = {"exclude": True}
    out = []
    jump = []
    for page in PAGES:
        title = read_page(ctx.docs_dir, ctx.lang, page.slug).title or \
            read_page(ctx.docs_dir, "nl", page.slug).title or page.slug
        label = f"{page.chapter} · {plain(title)}" if page.chapter != "R" else plain(title)
        jump.append(f'<a href="#sbs-{page.slug}">{h(label)}</a>')
        out += [f'<h2 class="sbs-chapter" id="sbs-{page.slug}">{h(label)}</h2>', ""]
        for cid, _ in page.clauses:
            number, _title = ctx.clause_label(cid)
            out += [f'<div class="sbs-clause" id="{cid}" markdown="1">',
                    f'<p class="sbs-num"><a class="clause-no" href="#{cid}">{number}</a></p>', "",
                    '<div class="sbs-grid" markdown="1">', ""]
            for lang in LANGS:
                out += lang_cell(ctx, lang, cid, page.slug) + [""]
            out += ["</div>", "", "</div>", ""]
    nav = f'<nav class="sbs-jump" aria-label="{h(ctx.t("sbs.jump"))}">{" ".join(jump)}</nav>'
    return "\n".join([nav, "", *out])


DIRECTIVES = {"side-by-side": render}
