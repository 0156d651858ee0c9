"""MkDocs hook: site-wide work that is not about one page's Markdown.

- ``on_config``: check the translation catalogs (``hooks.catalogs.i18n``). A broken catalog
  (syntax, placeholders that differ from Dutch, incomplete plural forms, markup, an
  empty Dutch message) stops the build with file, key and problem. Keys that Swedish,
  Danish or Norwegian lack are *not* errors: the Dutch text is shown, marked, and the
  count is logged at INFO level (so ``--strict`` still builds a partial translation
  for preview); ``tests/test_translations.py`` and ``./dev status`` list them.
  ``MONOPOLY_I18N_LAX=1`` logs errors as warnings instead (preview of a broken file).
- ``on_config`` also checks the texts of every language against the termbase
  (``translations/termbase.tbx``, ``hooks.catalogs.termbase``): a forbidden variant is a warning
  with file, line, variant and the term to use, so ``--strict`` fails on it.
- ``on_env``: template functions ``site_t(key, **params)`` (escaped HTML, a Dutch fallback
  marked) and ``site_attr(key, **params)`` (escaped text for attribute values).
- ``on_nav``: navigation section titles written as keys (``nav.rules``) are translated.
- ``on_post_page``: ``<link rel="alternate" hreflang>`` to the page in all four languages,
  absolute under ``site_url`` (none without one); long pages folded (``hooks.render.fold``).
- ``on_post_template``: the root ``404.html`` is the Dutch one (the others go to
  ``/<lang>/404.html``).
- ``on_post_build``: the combined search index is split into one index per language
  (``/sv/search/search_index.json`` ...), and each page's search looks only in its own
  language (``overrides/main.html`` points the search at the language's folder); the
  entry of each dispute on the disputes page gets the ways players phrase it, in the
  search field ``asked`` (``hooks/render/render_disputes.py``; weighted in ``mkdocs.yml``); the
  sitemap is written from ``site_url`` (every page, every language, with its alternates),
  or left out, saying so in the log, when there is none. The developers' pages are not in
  the players' search.
"""

from __future__ import annotations

import gzip
import json
import re
from xml.sax.saxutils import escape
import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from hooks.render.copy_buttons import copy_buttons
from hooks.render.fold import fold_page
from hooks.render.page_kind import mark_page_kind
from hooks.entry.my_edition import DEV_PAGES
from hooks.common import LANGS, SOURCE_LANG, build_language, h, i18n_plugin, page_path
from hooks.pages import forget_pages
from hooks.render.render_disputes import index_phrasings
from hooks.catalogs.i18n import TranslationError, translations, translations_dir
from hooks.catalogs.languages import LANGUAGES
from hooks.entry.my_edition import DEV_PAGES
from hooks.catalogs.termbase import TermbaseError, termbase
from present import numbers

log = logging.getLogger("mkdocs.hooks.entry.site")

LUNR_LANG = {lang.code: lang.lunr for lang in LANGUAGES}
"""lunr.js language code per site language (Norwegian Bokmål is lunr's ``no``)."""


def on_config(config: Any) -> Any:
    """Check the catalogs (every language build; cheap) and translate the ¶ link title."""
    forget_pages()  # the Markdown sources are read afresh for every build
    if build_language(config) == SOURCE_LANG:
        _BUILT.clear()  # the first language of a build: the sitemap starts afresh
    catalogs = translations(refresh=True)  # picks up edited PO files under mkdocs serve
    toc = config.mdx_configs.setdefault("toc", {})
    toc["permalink_title"] = str(catalogs.gettext(build_language(config), "toc.permalink"))
    try:
        warnings = catalogs.check()
    except TranslationError as exc:
        if os.environ.get("MONOPOLY_I18N_LAX") == "1":
            log.warning(str(exc))
            return config
        raise PluginError(str(exc)) from None
    if build_language(config) == SOURCE_LANG:
        found = check_terms(Path(config.docs_dir))
        # strict: stop before rendering four languages (the warnings above name each one)
        if found and config.get("strict"):
            raise PluginError(f"termbase: {found} forbidden variant(s), listed above")
    if warnings and build_language(config) == SOURCE_LANG:
        by_lang: dict[str, int] = {}
        for p in warnings:
            lang = p.file.split("/")[-2] if "/" in p.file else "?"
            by_lang[lang] = by_lang.get(lang, 0) + 1
        summary = ", ".join(f"{k}: {v}" for k, v in sorted(by_lang.items()))
        log.info(f"translations incomplete ({summary}); the Dutch text is shown, marked. "
                 "Run ./dev status for the list.")
    return config


def check_terms(docs_dir: Path) -> int:
    """Check every language's pages, catalogs and example texts against the termbase
    (``hooks.catalogs.termbase``): each forbidden variant is logged as a warning naming file,
    line, the variant and the term to use; a ``--strict`` build then stops at once. A broken
    termbase stops the build. Runs once, in the Dutch build (it covers all languages)."""
    docs = docs_dir if (docs_dir / SOURCE_LANG).is_dir() else docs_dir.parent
    try:
        found = termbase().check(docs, translations_dir())
    except TermbaseError as exc:
        raise PluginError(str(exc)) from None
    for violation in found:
        log.warning(f"termbase: {violation}")
    return len(found)


def on_env(env: Any, config: Any, files: Any) -> Any:
    """Give templates ``site_t(key, **params)``: the message as escaped HTML."""
    lang = build_language(config)

    def site_t(key: str, **params: object) -> str:
        return translations().gettext(lang, key, **params).html()

    def site_attr(key: str, **params: object) -> str:
        return h(translations().gettext(lang, key, **params))

    env.globals["site_t"] = site_t
    env.globals["site_attr"] = site_attr
    env.globals["site_lang"] = lang
    env.globals["site_lang_prefix"] = "" if lang == SOURCE_LANG else f"{lang}/"
    env.globals["site_dev_pages"] = dev_pages(Path(config.docs_dir), lang)
    return env


def dev_pages(docs_dir: Path, lang: str) -> list[tuple[str, str]]:
    """(slug, title) of the developers' and translators' pages (``DEV_PAGES``) in one
    language, the title from the page's own ``# heading``: the footer links to them (they
    are not in the players' menu; ``mkdocs.yml`` ``not_in_nav``).

    >>> ("api", "De rekenkern (API)") in dev_pages(Path("docs"), "nl")
    True
    """
    docs = docs_dir if (docs_dir / SOURCE_LANG).is_dir() else docs_dir.parent
    out = []
    for slug in DEV_PAGES:
        source = docs / lang / f"{slug}.md"
        if not source.exists():
            source = docs / SOURCE_LANG / f"{slug}.md"
        title = next((line[2:].strip() for line in source.read_text(encoding="utf-8").splitlines()
                      if line.startswith("# ")), slug) if source.exists() else slug
        out.append((slug, title))
    return out


def _translate_sections(items: list, lang: str) -> None:
    for item in items:
        title = getattr(item, "title", None)
        if getattr(item, "is_section", False) and isinstance(title, str) \
                and title.startswith("nav."):
            # Material inserts section titles as HTML: escape the message (a fallback to
            # Dutch comes marked), so a catalog can never put markup into every page
            item.title = translations().gettext(lang, title).html()
        if getattr(item, "children", None):
            _translate_sections(item.children, lang)


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    """Translate section titles given as ``nav.*`` keys in ``mkdocs.yml``."""
    _translate_sections(nav.items, build_language(config))
    return nav


DEVELOPER_PAGES: tuple[str, ...] = tuple(f"{slug}/" for slug in DEV_PAGES)
"""Locations (in a language's index) of the developers' pages (the one list,
:data:`hooks.entry.my_edition.DEV_PAGES`): not in the players' search (the footer links to
them; a player asking about jail must not land there)."""


def players_entry(location: str) -> bool:
    """Whether a search entry (location within its language) belongs in the players' search.

    >>> players_entry("jail/#jail-pay"), players_entry("performance/#ready"), players_entry("")
    (True, False, True)
    """
    return not location.startswith(DEVELOPER_PAGES)


def split_search_index(site_dir: Path) -> dict[str, int]:
    """Write one search index per language from the combined one; entries per language.
    The developers' pages (:data:`DEVELOPER_PAGES`) are left out."""
    path = site_dir / "search" / "search_index.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    others = tuple(f"{lang}/" for lang in LANGS if lang != SOURCE_LANG)
    counts = {}
    for lang in LANGS:
        prefix = "" if lang == SOURCE_LANG else f"{lang}/"
        if prefix:
            docs = [{**d, "location": d["location"][len(prefix):]}
                    for d in data["docs"] if d["location"].startswith(prefix)]
        else:
            docs = [d for d in data["docs"] if not d["location"].startswith(others)]
        index_phrasings(lang, docs)  # the disputes' "also asked as" phrasings (field asked)
        docs = [d for d in docs if players_entry(d["location"])]
        index = {"config": {**data["config"], "lang": [LUNR_LANG[lang]]}, "docs": docs}
        target = site_dir / prefix / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(index, separators=(",", ":"), ensure_ascii=False),
                          encoding="utf-8")
        counts[lang] = len(docs)
    return counts


_ALTERNATE_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')

NOT_LISTED: frozenset[str] = frozenset({"offline"})
"""Pages with no address of their own to give search engines: the offline page is what the
service worker shows in place of a page it has not kept (no hreflang, not in the sitemap)."""

_BUILT: dict[str, set[str]] = {}
"""slug -> languages built in this run (for the sitemap)."""


def absolute_url(site_url: str, lang: str, slug: str, use_directory_urls: bool = True) -> str:
    """A page's full address under the configured ``site_url``.

    >>> absolute_url("https://x.org/r", "sv", "jail")
    'https://x.org/r/sv/jail/'
    """
    return site_url.rstrip("/") + "/" + page_path(lang, slug, use_directory_urls)


def alternate_links(lang: str, slug: str, site_url: str, use_directory_urls: bool = True) -> str:
    """``<link rel="alternate" hreflang>`` for a page in all four languages (itself
    included) and ``x-default`` (Dutch), absolute under ``site_url``. Without one there is
    no address to give (hreflang must be absolute), so there are none.

    >>> alternate_links("nl", "index", "https://x.org/r/").splitlines()[1]
    '<link rel="alternate" hreflang="sv" href="https://x.org/r/sv/">'
    >>> alternate_links("sv", "jail", "")
    ''
    """
    if not site_url or slug in NOT_LISTED:
        return ""
    links = [f'<link rel="alternate" hreflang="{to}" '
             f'href="{h(absolute_url(site_url, to, slug, use_directory_urls))}">' for to in LANGS]
    links.append('<link rel="alternate" hreflang="x-default" '
                 f'href="{h(absolute_url(site_url, SOURCE_LANG, slug, use_directory_urls))}">')
    return "\n".join(links)


_LINK_ITEM = re.compile(r"<li>(\s*<a [^>]*>[^<]*</a>\s*)</li>")


def mark_link_items(html: str) -> str:
    """List items that are nothing but a link get ``class="site-link-item"``: on a phone
    such a link is a tap target of its own (``site.css`` gives it a finger's height), unlike
    a link inside a sentence.

    >>> mark_link_items('<li><a href="x/">X</a></li><li><a href="y/">Y</a> and more</li>')
    '<li class="site-link-item"><a href="x/">X</a></li><li><a href="y/">Y</a> and more</li>'
    """
    return _LINK_ITEM.sub(r'<li class="site-link-item">\1</li>', html)


_SPACED_PERCENT = re.compile(r"(\d) %")


def percent_kept_together(html: str, lang: str) -> str:
    """A number and its "%" never part at a line's end, in a language that spaces them
    ("10 %" in Swedish, Danish and Norwegian, CLDR's pattern, which
    :func:`present.numbers.percent` writes with a no-break space): the space a page's text
    has there becomes a no-break one everywhere on the page, its contents list and
    headings too (Python-Markdown's table of contents takes a no-break space for a plain
    one). Dutch writes "10%".

    >>> percent_kept_together("<h2>Plus 10 %</h2>", "sv"), percent_kept_together("10 %", "nl")
    ('<h2>Plus 10\xa0%</h2>', '10 %')
    """
    if "\u00a0%" not in numbers.percent(lang, 0.1):
        return html
    return _SPACED_PERCENT.sub("\\1\u00a0%", html)


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Our own ``<link rel="alternate" hreflang>`` tags in ``<head>`` (static-i18n's go),
    long pages folded by section (:mod:`hooks.render.fold`), each clause's copy-link
    button (:mod:`hooks.render.copy_buttons`) and the page's kind on ``<main>``
    (:mod:`hooks.render.page_kind`).

    Search engines find every page's three other languages. Material's script would
    fetch ``<that link>/sitemap.xml`` for each (404s) and redirect clicks on links into
    another language through it (losing their anchor): ``docs/assets/site.js`` renames
    the tags' ``rel`` before that script looks, so neither happens.
    """
    output = _ALTERNATE_LINK.sub("", output)
    lang = build_language(config)
    slug = (page.meta or {}).get("site_slug")

    def label(number: str) -> str:
        return str(translations().gettext(lang, "clause.copy_link", number=number))

    if slug:
        output = mark_link_items(fold_page(output, slug))  # long pages folded (hooks/render/fold.py)
    output = copy_buttons(output, label)  # after folding: a summary's button follows it
    output = mark_page_kind(output)  # the stylesheet asks no :has() of the whole page
    output = percent_kept_together(output, lang)
    if not slug:
        return output
    _BUILT.setdefault(slug, set()).add(lang)
    links = alternate_links(lang, slug, config.site_url or "", bool(config.use_directory_urls))
    return output.replace("</head>", links + "\n</head>", 1) if links else output


_SOURCE_404: dict[str, str] = {}


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """Keep the root ``404.html`` in Dutch; each other language's goes to ``/<lang>/404.html``.

    Every language build renders the theme's ``404.html`` to the site root, so without
    this the last language built (Norwegian) would be the 404 page of the whole site.
    The Dutch build runs first; its page is kept and written again by the later builds.
    """
    if template_name != "404.html":
        return output
    lang = build_language(config)
    if lang == SOURCE_LANG:
        _SOURCE_404["page"] = output
        return output
    target = Path(config.site_dir) / lang / "404.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")
    return _SOURCE_404.get("page", output)


SITEMAP_NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9",
              "x": "http://www.w3.org/1999/xhtml"}
SITEMAPS = ("sitemap.xml", "sitemap.xml.gz")


def sitemap(site_url: str, built: dict[str, set[str]], use_directory_urls: bool = True) -> str:
    """The sitemap (sitemaps.org protocol 0.9) of every page in every language: one
    ``<url>`` per page and language, its absolute ``<loc>`` and, as ``xhtml:link``, the
    same page in each language it exists in plus ``x-default`` (Dutch).

    >>> xml = sitemap("https://x.org/", {"jail": {"nl", "sv"}})
    >>> xml.count("<url>"), "<loc>https://x.org/sv/jail/</loc>" in xml
    (2, True)
    """
    entries = []
    for slug in sorted(built):
        if slug in NOT_LISTED:
            continue
        langs = [lang for lang in LANGS if lang in built[slug]]
        alternates = "".join(
            f'<xhtml:link rel="alternate" hreflang="{to}" '
            f'href="{escape(absolute_url(site_url, to, slug, use_directory_urls))}"/>'
            for to in langs)
        if SOURCE_LANG in langs:
            alternates += ('<xhtml:link rel="alternate" hreflang="x-default" href="'
                           f'{escape(absolute_url(site_url, SOURCE_LANG, slug, use_directory_urls))}"/>')
        for lang in langs:
            loc = escape(absolute_url(site_url, lang, slug, use_directory_urls))
            entries.append(f"<url><loc>{loc}</loc>{alternates}</url>")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<urlset xmlns="{SITEMAP_NS["s"]}" xmlns:xhtml="{SITEMAP_NS["x"]}">\n'
            + "\n".join(entries) + "\n</urlset>\n")


def write_sitemap(site_dir: Path, site_url: str, built: dict[str, set[str]],
                  use_directory_urls: bool = True) -> Path | None:
    """``/sitemap.xml`` (and its gzipped copy) from the configured site address; without
    one, none (a sitemap needs absolute addresses: ``<loc>./</loc>`` is invalid), and the
    log says so. Returns the sitemap written, if any."""
    for name in SITEMAPS:  # the theme's, with relative addresses
        (site_dir / name).unlink(missing_ok=True)
    for lang in LANGS:
        (site_dir / lang / "sitemap.xml").unlink(missing_ok=True)
    if not site_url:
        log.info("site_url is not set in mkdocs.yml: no sitemap, hreflang or canonical "
                 "links (they need the site's absolute address; README, \"Publishing\")")
        return None
    xml = sitemap(site_url, built, use_directory_urls)
    target = site_dir / "sitemap.xml"
    target.write_text(xml, encoding="utf-8")
    with gzip.GzipFile(site_dir / "sitemap.xml.gz", "wb", mtime=0) as packed:
        packed.write(xml.encode("utf-8"))
    return target


@event_priority(-110)  # after static-i18n (-100) has written the combined index
def on_post_build(config: Any) -> None:
    """After the last language is built: per-language search indexes and sitemaps."""
    plugin = i18n_plugin(config)
    if plugin is not None and getattr(plugin, "building", False):
        return  # a nested language build; the outer build does this once at the end
    counts = split_search_index(Path(config.site_dir))
    write_sitemap(Path(config.site_dir), config.site_url or "", _BUILT,
                  bool(config.use_directory_urls))
    if counts:
        log.debug(f"search index per language: {counts}")
