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

from hooks.render import board_names, card_words
from hooks.render.templates import Markup, fragment, html
from engine.clauses import PAGES
from hooks.common import LANG_NAMES, LANG_SHORT, LANGS, Context, h, plain
from hooks.pages import (DIRECTIVE, HEADING, REF, code_lines, heading_title, read_page,
                         sub_outside_code)
from hooks.catalogs.i18n import translations

MD_LINK = re.compile(
    r"(?<!!)\[(?P<text>[^\]\n]+)\]\((?P<target>[^)\s#]*\.md)?(?P<anchor>#[^)\s]*)?"
    r"(?:[ \t]+\"[^\"]*\")?\)")
ID_ATTR = re.compile(r"\{:?[ \t]*#[^}]*\}")


def embed(ctx: Context, lang: str, page_slug: str, body: str) -> str:
    """A clause text of ``lang`` made fit for this page: links re-targeted to ``lang``,
    directives dropped, headings flattened to bold lines, ids removed; the card editions'
    words where card and key differ (:mod:`hooks.render.card_words`)."""
    lines = card_words.resolve(body, "*").split("\n")
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
            return fragment("clause-ref.html", url=ctx.clause_url(cid, lang), text=text)

        def link(m: re.Match[str]) -> str:
            target, anchor = m.group("target"), (m.group("anchor") or "")[1:] or None
            slug = PurePosixPath(target).with_suffix("").name if target else page_slug
            return f'<a href="{h(ctx.url(slug, anchor, lang))}">{m.group("text")}</a>'

        line = sub_outside_code(line, REF, ref)
        line = board_names.resolve(line, lang)
        line = sub_outside_code(line, MD_LINK, link)
        out.append(line)
    return "\n".join(out).strip("\n")


def lang_cell(ctx: Context, lang: str, clause_id: str, page_slug: str) -> Markup:
    """One language's column for one clause (raw HTML around the clause's Markdown)."""
    section = read_page(ctx.docs_dir, lang, page_slug).sections.get(clause_id)
    common = dict(ctx=ctx, lang=lang, name=LANG_NAMES[lang], short=LANG_SHORT[lang],
                  current=lang == ctx.lang, url=ctx.clause_url(clause_id, lang))
    if section is None:
        kind = "unwritten" if lang == "nl" else "untranslated"
        return fragment("sbs-cell.html", **common,
                        missing=translations().gettext(lang, f"clause.{kind}.title"))
    return fragment("sbs-cell.html", **common, title=plain(heading_title(section.title)),
                    body=html(embed(ctx, lang, page_slug, section.body)))


def render(ctx: Context) -> str:
    """``[[side-by-side]]`` (takes no arguments)."""
    if ctx.args:
        raise ctx.error("takes no arguments")
    if ctx.page is not None:  # the texts are on their own pages: keep search results there
        ctx.page.meta["search"] = {"exclude": True}
    chapters = []
    for page in PAGES:
        title = read_page(ctx.docs_dir, ctx.lang, page.slug).title or \
            read_page(ctx.docs_dir, "nl", page.slug).title or page.slug
        label = f"{page.chapter} · {plain(title)}" if page.chapter != "R" else plain(title)
        clauses = [(cid, ctx.clause_label(cid)[0],
                    [lang_cell(ctx, lang, cid, page.slug) for lang in LANGS])
                   for cid, _ in page.clauses]
        chapters.append((page.slug, label, clauses))
    return str(fragment("side-by-side.html", ctx=ctx, chapters=chapters))


DIRECTIVES = {"side-by-side": render}
