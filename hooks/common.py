"""What the hooks and the ``render_*`` modules share: languages, URLs, the context
a directive renderer receives, and escaping.

>>> relative_url("sv", "rent", "nl", "rulings", "ruling-go-twice")
'../../rulings/#ruling-go-twice'
>>> relative_url("nl", "index", "da", "index")
'da/'
>>> relative_url("nl", "rent", "nl", "rent", "x", use_directory_urls=False)
'rent.html#x'
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any, Callable

from engine.clauses import CLAUSES, PAGES
from hooks.catalogs.i18n import LANGS, SOURCE_LANG, Message, translations
from hooks.catalogs.languages import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]

LANG_NAMES: dict[str, str] = {lang.code: lang.name for lang in LANGUAGES}
"""Each language's name in that language (used as column headers, with ``lang``)."""
LANG_SHORT: dict[str, str] = {lang.code: lang.short for lang in LANGUAGES}
HOME_EDITION: dict[str, str] = {lang.code: lang.home_edition for lang in LANGUAGES}
"""The edition most readers of a language own: what its calculators start with and the rules
sheet it shows before the reader chooses."""
RULE_PAGES: tuple[str, ...] = tuple(p.slug for p in PAGES)
"""Pages that consist of clauses (the 12 rule pages and the rulings page)."""


class DirectiveError(Exception):
    """A problem in a page's directive or clause markup; the hook adds file and line."""


def h(text: object) -> str:
    """HTML-escape any text (quotes included).

    >>> h('<img src=x onerror="a">')
    '&lt;img src=x onerror=&quot;a&quot;&gt;'
    """
    return escape(str(text), quote=True)


def md_escape(text: str) -> str:
    """Escape what would start Markdown/HTML markup in plain text.

    >>> md_escape("a*b_[c]<d>")
    'a\\\\*b\\\\_\\\\[c\\\\]&lt;d&gt;'
    """
    out = escape(text, quote=False)
    for ch in "\\`*_[]{}#|!":
        out = out.replace(ch, "\\" + ch)
    return out


def page_path(lang: str, slug: str, use_directory_urls: bool = True) -> str:
    """Site-relative path of a page: ``sv/rent/`` (``""`` for the Dutch home page)."""
    prefix = "" if lang == SOURCE_LANG else f"{lang}/"
    if use_directory_urls:
        return prefix if slug == "index" else f"{prefix}{slug}/"
    return f"{prefix}{slug}.html"


@lru_cache(maxsize=4096)
def relative_url(from_lang: str, from_slug: str, to_lang: str, to_slug: str,
                 anchor: str | None = None, use_directory_urls: bool = True) -> str:
    """URL of page ``to`` relative to page ``from`` (both given as language + slug)."""
    src = page_path(from_lang, from_slug, use_directory_urls)
    dst = page_path(to_lang, to_slug, use_directory_urls)
    if use_directory_urls:
        rel = posixpath.relpath(dst or ".", src or ".")
        url = "./" if rel == "." else rel + "/"
    else:
        url = posixpath.relpath(dst, posixpath.dirname(src) or ".")
    return f"{url}#{anchor}" if anchor else url


I18N_PLUGIN = "monopoly-i18n"
"""``mkdocs.yml``'s name for static-i18n (:mod:`hooks.entry.i18n_plugin`, its languages from the
table): the plugin that builds one language after the other."""


def i18n_plugin(config: Any) -> Any:
    """The static-i18n plugin of the build (None without one)."""
    return config.plugins.get(I18N_PLUGIN) if hasattr(config, "plugins") else None


def build_language(config: Any) -> str:
    """The language being built: static-i18n's current language, else the theme's."""
    plugin = i18n_plugin(config)
    lang = getattr(plugin, "current_language", None) or config.theme.get("language")
    return lang if lang in LANGS else SOURCE_LANG


def plain(markdown: str) -> str:
    """Inline Markdown reduced to its text (for titles shown in generated HTML).

    >>> plain("De *dubbele* huur [zie](x.md) `code`")
    'De dubbele huur zie code'
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    text = re.sub(r"<[^>]+>", "", text)
    return re.sub(r"(?<!\\)[*_`]", "", text).replace("\\", "").strip()


def clause_label(lang: str, clause_id: str, docs_dir: Path | str) -> tuple[str, str | None]:
    """(number, plain title in ``lang``, or None when that language lacks the clause)."""
    from hooks.pages import heading_title, read_page

    c = CLAUSES[clause_id]
    section = read_page(docs_dir, lang, c.page).sections.get(clause_id)
    return c.number, plain(heading_title(section.title)) if section else None


@dataclass(frozen=True)
class Context:
    """What a directive renderer gets: the page (language, slug, file, line), the clause the
    directive stands in, its arguments, and helpers for text and links.

    ``lang`` is the language of the page being built; ``slug`` its file name without
    ``.md``; ``clause`` the id of the clause heading above the directive (or None).
    """

    lang: str
    slug: str
    src: str
    line: int
    clause: str | None
    name: str
    args: tuple[str, ...]
    docs_dir: Path
    use_directory_urls: bool = True
    page: Any = None  # mkdocs Page, when rendered during a build

    def t(self, key: str, **params: object) -> Message:
        """Message ``key`` in the page language (falls back to Dutch, visibly)."""
        return translations().gettext(self.lang, key, **params)

    def text(self, key: str, **params: object) -> str:
        """Message ``key`` as escaped HTML (a fallback is wrapped in a marked span)."""
        return self.t(key, **params).html()

    def url(self, slug: str, anchor: str | None = None, lang: str | None = None) -> str:
        """Relative URL from this page to page ``slug`` (same language unless given)."""
        return relative_url(self.lang, self.slug, lang or self.lang, slug, anchor,
                            self.use_directory_urls)

    def clause_url(self, clause_id: str, lang: str | None = None) -> str:
        """Relative URL of a clause (its page and anchor)."""
        return self.url(CLAUSES[clause_id].page, clause_id, lang)

    def clause_label(self, clause_id: str, lang: str | None = None) -> tuple[str, str | None]:
        """(number, title in the language, or None) of a clause."""
        return clause_label(lang or self.lang, clause_id, self.docs_dir)

    def error(self, message: str) -> DirectiveError:
        """An error to raise; the hook prefixes it with file and line."""
        return DirectiveError(message)


class Html(str):
    """A renderer's result that is finished HTML: the hook inserts it into the page after
    the Markdown conversion, untouched (faster than letting Markdown re-parse big tables).
    Return a plain ``str`` instead when the result contains Markdown to convert."""

    def __html__(self) -> str:
        """Trusted in a Jinja template (:mod:`hooks.render.templates`): inserted as it is."""
        return str(self)


Renderer = Callable[[Context], str]
"""A directive renderer: takes the context, returns Markdown (``str``) or :class:`Html`."""
