"""Sources a player can read: the short name of each booklet, in the reader's language,
wherever the site cites it by number.

The names are catalog messages, one table for the whole site: ``source.<id>.name`` in
``translations/<lang>/site.po`` (``source.<id>`` is the long title, ``.what``, ``.covers``
and ``.defects`` are what the sources page, ``[[sources]]``, says of the booklet). A
citation becomes the name, linked to that booklet on the sources page, with the number
beside it as the compact form:

- in prose, the citation form the rule pages write, "(bron 000, ‘Huur’)" (nl "bron", sv
  "källa", da and nb "kilde"), is rendered at build time by :func:`name_citations`
  (``hooks/entry/my_edition.py`` calls it for every players' page), so the Markdown keeps its
  citations as written;
- the editions, disputes and provenance tables cite through
  ``overrides/fragments/rules/editions/source-note.html``, which calls :func:`link` (the
  Jinja global ``source_link``, ``hooks/render/templates.py``).
"""

from __future__ import annotations

import re
from typing import Callable

from engine.editions import EDITIONS
from markupsafe import Markup

from present.render import heading_html, source_link
from hooks.catalogs.i18n import translations
from hooks.catalogs.languages import LANGUAGES

SOURCES: tuple[str, ...] = ("000", "001", "002", "003", "004")
"""The five booklets (``/work/shared/sources``), by the number the site cites them with."""
PAGE = "sources"
"""The page that says what each booklet is (``docs/<lang>/sources.md``)."""
WORDS: dict[str, str] = {lang.code: lang.source_word for lang in LANGUAGES}
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
    # the presenter's markup: a calculator's or an example's step cites a booklet the same way
    return Markup(source_link(text, title, url, source))


_TAG = re.compile(r"(<[^>]+>)")
_SKIP = {"code", "pre", "a", "abbr", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6"}
_VOID = {"br", "img", "input", "hr", "meta", "link", "wbr", "source", "col", "area"}
_LANG = re.compile(r'\slang="(?P<lang>[a-z]{2})"')


def _quoted(lang: str, capture: bool = False) -> str:
    """One heading in ``lang``'s quotation marks (its text the group when ``capture``); a
    heading that holds a quote of its own (000's “START” passeren) keeps it inside."""
    opening, closing = QUOTES[lang]
    inner = rf"(?:[^{re.escape(closing)}“<]|“[^”<]*”)*"
    return rf"{re.escape(opening)}{f'({inner})' if capture else inner}{re.escape(closing)}"


def _section(lang: str) -> str:
    """A citation's sections after the number, in ``lang``'s own quotation marks (the one
    language table, :data:`hooks.catalogs.languages.LANGUAGES`): ‘Huur’ (nl), ”Hyra” (sv),
    »Leje« (da), «Leie» (nb); two or more joined by "and" or a comma belong to the same
    citation.

    >>> re.fullmatch(_section("da"), ", »Leje«") is not None, _section("nl").count("‘")
    (True, 2)
    >>> re.fullmatch(_section("sv"), ", ”A” och ”B”") is not None
    True
    >>> re.fullmatch(_section("nl"), ", punt 5 onder\\n‘4. De bankier en de bank’") is not None
    True
    >>> re.fullmatch(_section("sv"), ", ”“START” passeren”") is not None
    True
    """
    quoted = _quoted(lang)
    joins = r",\s+" + (rf"|\s+{re.escape(AND[lang])}\s+" if AND.get(lang) else "")
    more = rf"(?:(?:{joins}){quoted})*"
    # a place inside the section may come first: "punt 5 onder ‘4. De bankier en de bank’"
    where = r"(?:[^\W\d_]+\s+\d+\s+[^\W\d_]+\s+|(?:[^\W\d_]+\s+){1,2})?"
    return rf"(?:,\s+{where}{quoted}{more})?"


QUOTES: dict[str, tuple[str, str]] = {lang.code: lang.quotes for lang in LANGUAGES}
AND: dict[str, str] = {lang.code: lang.and_word for lang in LANGUAGES}


def _pattern(lang: str) -> re.Pattern[str] | None:
    word = WORDS.get(lang)
    if not word:
        return None
    cite = rf"\b(?:{word}|{word.capitalize()})\s+(?:{'|'.join(SOURCES)})\b{_section(lang)}"
    return re.compile(rf"{cite}(?:;\s+{cite})*")


def _one(lang: str) -> re.Pattern[str]:
    return re.compile(rf"(?P<word>\w+)\s+(?P<id>{'|'.join(SOURCES)})\b"
                      rf"(?P<quoted>{_section(lang)})")


def editions_citing(source: str) -> str:
    """The main editions resting on a booklet (``data-for`` of its citations: with one
    of them chosen, a list of citations keeps only that edition's booklet).

    >>> editions_citing("000"), editions_citing("004")
    ('nl-2001', 'nl-card-game')
    """
    return " ".join(dict.fromkeys(e.base or e.id for e in EDITIONS.values()
                                  if e.source == source))


def _mark_headings(lang: str, source: str, quoted: str) -> str:
    """The quoted headings of one citation, each in another language than the page's
    marked with its own (``<span lang="sv">``: a screen reader says "KONKURS" in Swedish
    on a Norwegian page).

    >>> _mark_headings("nb", "001", ", «KONKURS»"), _mark_headings("nb", "001", ", «FENGSEL»")
    (', «<span lang="sv">KONKURS</span>»', ', «FENGSEL»')
    """
    opening, closing = QUOTES[lang]

    def mark(m: re.Match[str]) -> str:
        return f"{opening}{heading_html(source, m.group(1), lang, shown=m.group(1))}{closing}"

    return re.sub(_quoted(lang, capture=True), mark, quoted)


def _group(lang: str, text: str, url_of: Callable[[str, str], str]) -> str:
    """One run of citations ("bron 000, «A»; bron 001, «B»") as names, each citation in
    ``span.ed-cite`` (``data-for``: its editions), the separators in ``span.ed-cite-sep``,
    the run in ``span.ed-cites``."""
    parts = []
    for i, m in enumerate(_one(lang).finditer(text)):
        if i:
            parts.append('<span class="ed-cite-sep">; </span>')
        name_ = link(lang, m.group("id"), url_of(lang, m.group("id")),
                     capital=m.group("word")[0].isupper())
        quoted = _mark_headings(lang, m.group("id"), m.group("quoted"))
        parts.append(f'<span class="ed-cite" data-for="{editions_citing(m.group("id"))}">'
                     f'{name_}{quoted}</span>')
    return f'<span class="ed-cites">{"".join(parts)}</span>' if len(parts) > 1 else parts[0]


def own_citations(text: str, lang: str, edition_id: str) -> str:
    """A text for one edition's rules sheet: each run of citations that cites the
    edition's booklet keeps only that citation (as ``site.js`` ``applyCites`` does on a rule
    page with a choice); a run that does not cite it stays whole.

    >>> own_citations("Zo (bron 000, ‘A’; bron 001, ‘B’ en ‘C’; bron 003). Of (bron 002).",
    ...               "nl", "nordic-2005")
    'Zo (bron 001, ‘B’ en ‘C’). Of (bron 002).'
    """
    pattern = _pattern(lang)
    if pattern is None:
        return text

    def keep(m: re.Match[str]) -> str:
        cites = list(_one(lang).finditer(m.group(0)))
        mine = [c.group(0) for c in cites if edition_id in editions_citing(c.group("id")).split()]
        return "; ".join(mine) if mine and len(cites) > 1 else m.group(0)

    return pattern.sub(keep, text)


def name_citations(html: str, lang: str, url_of: Callable[[str, str], str]) -> str:
    """Every "bron 000" of a page's HTML (outside code, links and headings) as the
    booklet's name and number; ``url_of(lang, source)`` gives the link to its entry. Text
    inside an element of another language (``lang="sv"``: a side-by-side cell) is named
    in that language and links to that language's page.

    >>> out = name_citations("<p>Zo (bron 000, ‘Huur’). Bron 003 zwijgt (bron 001;\\nbron 002,\\n"
    ...                      "‘X’).</p><code>bron 001</code>"
    ...                      '<div lang="sv">(källa 001)</div>',
    ...                      "nl", lambda l, s: f"{l}/#{s}")
    >>> re.findall(r'href="([^"]+)"[^>]*>([^<]+)</a>', out)  # doctest: +NORMALIZE_WHITESPACE
    [('nl/#000', 'Nederlandse doos 2001'), ('nl/#003', 'Amerikaanse samenvatting'),
     ('nl/#001', 'Scandinavische spelregels 2005'), ('nl/#002', 'moderne Nederlandse regels'),
     ('sv/#001', 'nordiska resefoldern 2005')]
    >>> "<code>bron 001</code>" in out, out.count('class="ed-cites"'), out.count("ed-cite-sep")
    (True, 1, 1)
    """
    out = []
    stack: list[tuple[str, str]] = []  # (element, its language) of every open element
    for token in _TAG.split(html):
        if token.startswith("<"):
            tag = re.match(r"<(/?)\s*([a-zA-Z0-9]+)", token)
            if tag and not token.startswith("<!") and not token.endswith("/>") \
                    and tag.group(2).lower() not in _VOID:
                name_ = tag.group(2).lower()
                if tag.group(1):
                    while stack and stack.pop()[0] != name_:
                        pass
                else:
                    own = _LANG.search(token)
                    stack.append((name_, own.group("lang") if own else
                                  (stack[-1][1] if stack else lang)))
            out.append(token)
            continue
        here = stack[-1][1] if stack else lang
        pattern = _pattern(here)
        if pattern is None or any(t in _SKIP for t, _ in stack) or \
                WORDS[here] not in token.lower():
            out.append(token)
            continue
        out.append(pattern.sub(lambda m, here=here: _group(here, m.group(0), url_of), token))
    return "".join(out)
