"""Sources a player can read: the short name of each booklet, in the reader's language,
wherever the site cites it by number.

The names are catalog messages, one table for the whole site: ``source.<id>.name`` in
``translations/<lang>/site.po`` (``source.<id>`` is the long title, ``.what``, ``.covers``
and ``.defects`` are what the sources page, ``[[sources]]``, says of the booklet). A
citation becomes the name, linked to that booklet on the sources page, with the number
beside it as the compact form:

- in prose, the citation form the rule pages write, "(bron 000, «Huur»)" (nl "bron", sv
  "källa", da and nb "kilde"), is rendered at build time by :func:`name_citations`
  (``hooks/my_edition.py`` calls it for every players' page), so the Markdown keeps its
  citations as written;
- the editions, disputes and provenance tables cite through
  ``overrides/fragments/rules/editions/source-note.html``.
"""

from __future__ import annotations

import re
from typing import Callable

from hooks.common import h
from hooks.i18n import translations

SOURCES: tuple[str, ...] = ("000", "001", "002", "003", "004")
"""The five booklets (``/work/shared/sources``), by the number the site cites them with."""
PAGE = "sources"
"""The page that says what each booklet is (``docs/<lang>/sources.md``)."""
WORDS: dict[str, str] = {"nl": "bron", "sv": "källa", "da": "kilde", "nb": "kilde"}
"""The word the pages write before a booklet's number, per language."""


def anchor(source: str) -> str:
    """The booklet's anchor on the sources page: ``source-000``."""
    return f"source-{source}"


def name(lang: str, source: str) -> str:
    """The booklet's short name in ``lang`` (plain text; Dutch when not translated).

    >>> name("nl", "000"), name("sv", "001")
    ('Nederlandse doos 2001', 'nordiska resefoldern 2005')
    """
    return str(translations().gettext(lang, f"source.{source}.name"))


def link(lang: str, source: str, url: str, capital: bool = False) -> str:
    """The citation as HTML: the name linked to the booklet, the number beside it."""
    text = name(lang, source)
    if capital:
        text = text[:1].upper() + text[1:]
    title = str(translations().gettext(lang, f"source.{source}"))
    return (f'<a class="src-name" href="{h(url)}" title="{h(title)}">{h(text)}</a>'
            f'<span class="src-no"> {source}</span>')


_TAG = re.compile(r"(<[^>]+>)")
_SKIP = ("code", "pre", "a", "abbr", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6")


def name_citations(html: str, lang: str, url_of: Callable[[str], str]) -> str:
    """Every "bron 000" of a page's HTML (outside code, links and headings) as the
    booklet's name and number; ``url_of(source)`` gives the link to its entry.

    >>> name_citations("<p>Zo (bron 000, «Huur»). Bron 003 zwijgt.</p><code>bron 001</code>",
    ...                "nl", lambda s: "s/#" + s)  # doctest: +NORMALIZE_WHITESPACE
    '<p>Zo (<a class="src-name" href="s/#000" title="Hasbro Nederland, spelregels 2001">\
Nederlandse doos 2001</a><span class="src-no"> 000</span>, «Huur»). <a class="src-name" \
href="s/#003" title="Samenvatting van de klassieke Amerikaanse regels">Amerikaanse \
samenvatting</a><span class="src-no"> 003</span> zwijgt.</p><code>bron 001</code>'
    """
    word = WORDS.get(lang)
    if not word:
        return html
    ids = "|".join(SOURCES)
    pattern = re.compile(rf"\b(?P<word>{word}|{word.capitalize()}) (?P<id>{ids})\b")

    def sub(m: re.Match[str]) -> str:
        return link(lang, m.group("id"), url_of(m.group("id")),
                    capital=m.group("word")[0].isupper())

    out = []
    skipping: list[str] = []
    for token in _TAG.split(html):
        if token.startswith("<"):
            tag = re.match(r"</?\s*([a-zA-Z0-9]+)", token)
            t = tag.group(1).lower() if tag else ""
            if t in _SKIP and not token.endswith("/>"):
                if token.startswith("</"):
                    if t in skipping:
                        skipping.remove(t)
                else:
                    skipping.append(t)
            out.append(token)
        elif skipping or word not in token.lower():
            out.append(token)
        else:
            out.append(pattern.sub(sub, token))
    return "".join(out)
