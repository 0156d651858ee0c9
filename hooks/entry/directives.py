"""MkDocs hook: clause numbers, ``[[ref: id]]`` links and the ``[[name: args]]`` directives.

A directive is a line of its own, ``[[name]]`` or ``[[name: arg1 arg2]]``, outside code
blocks. It is replaced by what the renderer registered for ``name`` returns (Markdown
or an HTML block). Renderers live in ``hooks/render/render_*.py`` modules listed in
:data:`RENDERER_MODULES`; each module exports ``DIRECTIVES = {"name": function}``,
where ``function(ctx: hooks.common.Context) -> str``: Markdown, or ``hooks.common.Html``
for finished HTML (inserted after the Markdown conversion: faster for big tables).
Adding a directive is one line: append your module to :data:`RENDERER_MODULES`.

An unknown directive fails the build (file, line and name in the message), except
the names in :data:`PENDING`, which show a small placeholder until their renderer
is registered.

>>> [m.group("name", "args") for m in map(DIRECTIVE.match, ["[[matrix]]", "[[editions: a b]]"])]
[('matrix', None), ('editions', 'a b')]
"""

from __future__ import annotations

import importlib
import re
import secrets
from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs.exceptions import PluginError

from hooks.render.clauses import PageInfo, process
from hooks.render.theme_markup import focusable_code, wrap_tables
from hooks.common import (CLAUSES, SOURCE_LANG, Context, DirectiveError, Html,
                          Renderer, build_language, h)
from hooks.pages import DIRECTIVE, H2, code_lines, split_front_matter

RENDERER_MODULES: tuple[str, ...] = (
    "hooks.render.render_editions",
    "hooks.render.render_matrix",
    "hooks.render.render_provenance",
    "hooks.render.render_side_by_side",
    "hooks.render.render_glossary",
    "hooks.render.render_odds",
    "hooks.render.render_example",
    "hooks.render.render_calculator",
    "hooks.render.render_perf",
    "hooks.render.render_requests",
    "hooks.render.render_disputes",
    "hooks.render.render_sheet",
    "hooks.render.render_sources",
    "hooks.render.render_phrasebook",
)
"""Modules whose ``DIRECTIVES`` mapping provides the renderers, in this order."""

PENDING: tuple[str, ...] = ("example", "calculator")
"""Directives that render a placeholder while no module provides them."""

WIDE_PAGE_DIRECTIVES = ("matrix", "side-by-side")
"""Directives whose page gets the whole width (navigation and table of contents hidden)."""


def renderers() -> dict[str, Renderer]:
    """Every registered directive name with its renderer."""
    table: dict[str, Renderer] = {}
    for name in RENDERER_MODULES:
        module = importlib.import_module(name)
        for directive, func in getattr(module, "DIRECTIVES", {}).items():
            if directive in table:
                raise PluginError(f"directive [[{directive}]] is registered twice ({name})")
            table[directive] = func
    return table


def _placeholder(ctx: Context) -> str:
    from hooks.render.templates import fragment

    return Html(fragment("notice.html", cls="note directive-pending", directive=ctx.name,
                         title=ctx.t(f"pending.{ctx.name}.title"),
                         body=ctx.t(f"pending.{ctx.name}.body", arg=" ".join(ctx.args))))


_SLOTS: dict[str, str] = {}
_SLOT = re.compile(r"(?:<p>)?<!--directive-slot:(?P<key>[0-9a-f]+-[0-9]+)-->(?:</p>)?")
_NONCE = secrets.token_hex(4)


def stash(html: str) -> str:
    """Keep finished HTML aside; return the comment that :func:`on_page_content` replaces."""
    key = f"{_NONCE}-{len(_SLOTS)}"
    _SLOTS[key] = html
    return f"<!--directive-slot:{key}-->"


def unstash(html: str) -> str:
    """Put the stashed HTML back in place of its slot comments."""
    return _SLOT.sub(lambda m: _SLOTS.pop(m.group("key"), m.group(0)), html)


def expand(markdown: str, info: PageInfo, page: Any = None,
           table: dict[str, Renderer] | None = None) -> str:
    """Replace every directive line of ``markdown`` by its rendering."""
    table = renderers() if table is None else table
    lines = markdown.split("\n")
    mask = code_lines(lines)
    clause: str | None = None
    out: list[str] = []
    for i, line in enumerate(lines):
        if not mask[i]:
            if line.startswith("#"):
                m = H2.match(line)
                level = len(line) - len(line.lstrip("#"))
                if level <= 2:
                    clause = m.group("id") if m and m.group("id") in CLAUSES else None
            d = DIRECTIVE.match(line)
            if d and d.group("name") != "ref":
                name = d.group("name")
                args = tuple((d.group("args") or "").split())
                ctx = Context(info.lang, info.slug, info.src, i + 1 + info.offset, clause, name,
                              args, info.docs_dir, info.use_directory_urls, page)
                func = table.get(name)
                if func is None and name not in PENDING:
                    known = ", ".join(sorted(set(table) | {"ref"}))
                    raise PluginError(f"{info.where(i)}: unknown directive [[{name}]] "
                                      f"(known: {known})")
                try:
                    rendered = func(ctx) if func else _placeholder(ctx)
                except DirectiveError as exc:
                    raise PluginError(f"{info.where(i)}: [[{name}]]: {exc}") from None
                if isinstance(rendered, Html):
                    rendered = stash(rendered)
                indent = d.group("indent")
                out.extend(["", *(indent + r if r else r for r in rendered.split("\n")), ""])
                if name in WIDE_PAGE_DIRECTIVES and page is not None:
                    hide = list(page.meta.get("hide") or [])
                    page.meta["hide"] = hide + [x for x in ("navigation", "toc") if x not in hide]
                continue
        out.append(line)
    return "\n".join(out)


def page_info(page: Any, config: Any) -> PageInfo:
    """The :class:`PageInfo` of an MkDocs page in the current build."""
    src_uri = PurePosixPath(page.file.src_uri)
    lang = build_language(config)
    content_lang = getattr(page.file, "locale", None) or (
        src_uri.parts[0] if len(src_uri.parts) > 1 else SOURCE_LANG)
    norm = PurePosixPath(getattr(page.file, "norm_src_uri", None) or src_uri)
    slug = norm.with_suffix("").as_posix()
    offset = 0
    if page.file.abs_src_path:
        try:
            raw = Path(page.file.abs_src_path).read_text(encoding="utf-8-sig")
            offset = split_front_matter(raw)[2]
        except OSError:
            pass
    return PageInfo(lang, content_lang, slug, f"docs/{src_uri.as_posix()}",
                    Path(config.docs_dir), bool(config.use_directory_urls), offset)


def on_page_content(html: str, *, page: Any, config: Any, files: Any) -> str:
    """MkDocs event: insert the finished HTML of the directives (see :class:`Html`), the
    data tables in the theme's scrolling box and its code blocks reachable by keyboard, as
    the theme would make them once started (:mod:`hooks.render.theme_markup`)."""
    return focusable_code(wrap_tables(unstash(html)))


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    """MkDocs event: numbers, fallbacks, references, then directives."""
    info = page_info(page, config)
    try:
        markdown = process(markdown, info)
    except DirectiveError as exc:
        raise PluginError(str(exc)) from None
    return expand(markdown, info, page)
