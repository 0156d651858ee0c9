"""The MkDocs build: strict, complete in four languages, generated parts present, nothing
external, every internal link and anchor resolving, and the visible fallbacks when a
language lacks a clause. Structure is checked against ``engine/clauses.py``, so these
tests keep working (and keep failing usefully) while the pages are being written.
"""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from mkdocs.exceptions import PluginError

from engine.clauses import CLAUSES, PAGES, page_clauses
from engine.editions import parameters
from hooks.render.clauses import PageInfo, process
from hooks.common import Context, DirectiveError, Html
from hooks.entry.directives import expand, renderers, unstash
from hooks.pages import read_page
from hooks.catalogs.i18n import translations
from tools.site_build import ROOT, BuildResult, build

from hooks.catalogs.languages import LANGS  # the table of languages
DOCS = ROOT / "docs"
OTHER_PAGES = ("index", "disputes", "calculators", "examples", "odds", "editions", "side-by-side",
               "glossary", "api", "performance", "about", "translate", "phrasebook")
ALL_PAGES = tuple(p.slug for p in PAGES) + OTHER_PAGES
"""Every page that must exist in every language (rule pages incl. rulings, then the rest)."""


def built_file(site: Path, lang: str, slug: str) -> Path:
    """The HTML file of a page in the built site."""
    prefix = site if lang == "nl" else site / lang
    return prefix / "index.html" if slug == "index" else prefix / slug / "index.html"


@pytest.fixture(scope="module")
def site(built_site: Path) -> Path:
    """The shared strict build (tests/conftest.py)."""
    return built_site


# --- the build -------------------------------------------------------------------------

def test_strict_build_succeeds(site: Path) -> None:
    for lang in LANGS:
        assert built_file(site, lang, "index").exists(), lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_page(site: Path, lang: str) -> None:
    missing_src = [s for s in ALL_PAGES if not (DOCS / lang / f"{s}.md").exists()]
    missing_html = [s for s in ALL_PAGES if not built_file(site, lang, s).exists()]
    assert missing_src == [], f"docs/{lang}/ lacks these pages"
    assert missing_html == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_clause(lang: str) -> None:
    """The source check translators see: each clause written in each language."""
    missing = [cid for cid, c in CLAUSES.items()
               if cid not in read_page(DOCS, lang, c.page).sections]
    assert missing == [], f"docs/{lang}: clauses not written yet"


@pytest.mark.parametrize("lang", LANGS)
def test_built_pages_number_every_clause_in_order(site: Path, lang: str) -> None:
    for page in PAGES:
        html = built_file(site, lang, page.slug).read_text(encoding="utf-8")
        found = re.findall(r'<h2 class="clause[^"]*" data-clause="([^"]+)"[^>]*id="([^"]+)"'
                           r'><span class="clause-no">([^<]+)</span>', html)
        assert [i for _, i, _ in found] == [c.id for c in page_clauses(page.slug)], page.slug
        for data_number, cid, shown in found:
            assert data_number == shown == CLAUSES[cid].number, cid


@pytest.mark.parametrize("lang", LANGS)
def test_html_lang_attribute(site: Path, lang: str) -> None:
    for slug in ALL_PAGES:
        head = built_file(site, lang, slug).read_text(encoding="utf-8")[:400]
        assert f'<html lang="{lang}"' in head, slug


GO_SQUARE = {"nl": "Start", "sv": "Gå", "da": "Start", "nb": "Start"}
"""The Go square's name on each language's board: a theme string may not use it for
anything else."""


@pytest.mark.parametrize("lang", LANGS)
def test_back_to_top_does_not_say_go(site: Path, lang: str) -> None:
    """Material's "back to top" button in Danish said "Tilbage til start", on a site where
    Start is the square a pawn passes (``overrides/partials/languages/da.html``)."""
    page = built_file(site, lang, "rent").read_text(encoding="utf-8")
    top = re.search(r'<button[^>]*class="md-top[^>]*>(.*?)</button>', page, re.S)
    assert top, "no back-to-top button"
    label = re.sub(r"<[^>]+>", "", top.group(1)).strip()
    assert label and GO_SQUARE[lang].lower() not in label.lower().split(), label


@pytest.mark.parametrize("lang", LANGS)
def test_matrix_has_every_parameter_grouped_by_clause(site: Path, lang: str) -> None:
    html = built_file(site, lang, "editions").read_text(encoding="utf-8")
    assert 'class="matrix"' in html, "editions.md must contain [[matrix]]"
    matrix = html[html.index('class="matrix"'):]
    for name, clause, _ in parameters():
        assert f'id="matrix-{clause}"' in matrix, clause
        assert f'data-param="{name}"' in matrix, name
    groups = re.findall(r'id="matrix-([a-z0-9-]+)"', matrix)
    order = list(CLAUSES)
    assert groups == sorted(groups, key=order.index), "groups follow the clause order"


def test_wide_and_sheet_pages_are_marked_by_the_build(site: Path) -> None:
    """The page's kind is a class on <main> (hooks/render/page_kind.py), on exactly the
    pages whose content calls for it, in every language; the stylesheet asks no :has() of
    an element that holds the page (re-checked on every change inside it: a calculator
    answer restyled the whole document)."""
    marked: dict[str, set[str]] = {"md-main--wide": set(), "md-main--sheets": set()}
    pages = sorted(site.rglob("index.html"))
    for path in pages:
        html = path.read_text(encoding="utf-8")
        main = re.search(r'<main class="([^"]*)"', html)
        if not main:
            continue
        classes = set(main.group(1).split())
        wide = 'class="matrix-wrap"' in html or 'class="sbs-clause"' in html
        sheets = 'class="sheets"' in html
        assert ("md-main--wide" in classes) == wide, path
        assert ("md-main--sheets" in classes) == sheets, path
        for name in classes & set(marked):
            marked[name].add(str(path.parent.relative_to(site)))
    for lang in LANGS:
        prefix = "" if lang == "nl" else f"{lang}/"
        for slug in ("editions", "side-by-side"):
            assert f"{prefix}{slug}".rstrip("/") in marked["md-main--wide"], (lang, slug)
    assert len(marked["md-main--sheets"]) >= len(LANGS), marked["md-main--sheets"]
    css = (DOCS / "assets" / "site.css").read_text(encoding="utf-8")
    for m in re.finditer(r"([^{};/]*?):has\(", css):
        selector = m.group(1).strip().split()[-1] if m.group(1).strip() else ""
        assert not re.match(r"^(html|body|\.md-main|\.md-container|\.md-content)", selector), \
            f"a :has() on an element that holds the page: {m.group(0)!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_side_by_side_has_every_clause_in_four_languages(site: Path, lang: str) -> None:
    html = built_file(site, lang, "side-by-side").read_text(encoding="utf-8")
    ids = re.findall(r'<div class="sbs-clause" id="([^"]+)"', html)
    assert ids == list(CLAUSES)
    blocks = html.split('<div class="sbs-clause" ')[1:]
    for cid, block in zip(ids, blocks):
        cells = re.findall(r'<div class="sbs-cell[^"]*" lang="([a-z]+)"', block)
        assert cells == list(LANGS), cid


# --- nothing external ----------------------------------------------------------------

REQUEST_ATTRS = {"script": ("src",), "img": ("src", "srcset"), "source": ("src", "srcset"),
                 "iframe": ("src",), "video": ("src", "poster"), "audio": ("src",),
                 "embed": ("src",), "object": ("data",), "track": ("src",),
                 "input": ("src",), "image": ("href",), "use": ("href",)}
FETCHING_RELS = {"stylesheet", "icon", "preload", "prefetch", "modulepreload", "preconnect",
                 "dns-prefetch", "manifest", "apple-touch-icon", "shortcut"}
EXTERNAL = re.compile(r"^(?:https?:)?//", re.I)
_HOST = r"(?:https?:)?//[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"
CSS_EXTERNAL = re.compile(rf"""(?:url\(\s*['"]?|@import\s+['"])\s*{_HOST}""", re.I)
JS_EXTERNAL = re.compile(
    r"""(?:\bimport\s*\(?|\bimportScripts\s*\(|\bfetch\s*\(|\bWorker\s*\(|\bfrom\s*)"""
    rf"""\s*['"`]{_HOST}""")
"""A script loading code or data from another host (a feature test like
``new Worker("http://[")`` names no host and is not a request)."""


class _Refs(HTMLParser):
    """Every URL an HTML page would request by itself (not plain links)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.styles: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for attr in REQUEST_ATTRS.get(tag, ()):
            if a.get(attr):
                self.urls.extend(u.strip().split(" ")[0] for u in a[attr].split(","))
        if tag == "link" and FETCHING_RELS & set(a.get("rel", "").lower().split()):
            self.urls.append(a.get("href", ""))
        if a.get("style"):
            self.styles.append(a["style"])


def test_no_external_requests_in_built_files(site: Path) -> None:
    offenders = []
    for path in site.rglob("*"):
        if path.suffix == ".html":
            text = path.read_text(encoding="utf-8", errors="replace")
            refs = _Refs()
            refs.feed(text)
            offenders += [f"{path}: {u}" for u in refs.urls if EXTERNAL.match(u)]
            offenders += [f"{path}: style" for s in refs.styles if CSS_EXTERNAL.search(s)]
            for block in re.findall(r"<style[^>]*>(.*?)</style>", text, re.S):
                offenders += [f"{path}: <style>"] if CSS_EXTERNAL.search(block) else []
        elif path.suffix == ".css":
            if CSS_EXTERNAL.search(path.read_text(encoding="utf-8", errors="replace")):
                offenders.append(str(path))
        elif path.suffix in (".js", ".mjs"):
            if JS_EXTERNAL.search(path.read_text(encoding="utf-8", errors="replace")):
                offenders.append(str(path))
    assert offenders == []


def test_the_external_checks_can_fail() -> None:
    refs = _Refs()
    refs.feed('<link rel="stylesheet" href="https://fonts.googleapis.com/css">'
              '<script src="//cdn.example/x.js"></script><a href="https://hasbro.com">x</a>')
    assert [u for u in refs.urls if EXTERNAL.match(u)] == ["https://fonts.googleapis.com/css",
                                                          "//cdn.example/x.js"]
    assert CSS_EXTERNAL.search("@font-face{src:url(https://fonts.gstatic.com/y.woff2)}")
    assert JS_EXTERNAL.search('importScripts("https://cdn.jsdelivr.net/pyodide.js")')
    assert JS_EXTERNAL.search('import x from "//esm.sh/lodash"')
    assert not JS_EXTERNAL.search('new Worker("http://[", {type: "module"})')


# --- links and anchors -----------------------------------------------------------------

_HREF = re.compile(r'<a\s[^>]*?href="([^"]*)"')
_ID = re.compile(r'\sid="([^"]+)"')


def test_every_internal_link_and_anchor_resolves(site: Path) -> None:
    ids: dict[Path, set[str]] = {}

    def anchors(page: Path) -> set[str]:
        if page not in ids:
            ids[page] = set(_ID.findall(page.read_text(encoding="utf-8")))
        return ids[page]

    broken = []
    for page in site.rglob("*.html"):
        if page.name == "404.html":
            continue
        rel = page.relative_to(site).as_posix()
        base = "http://site/" + rel
        for href in _HREF.findall(page.read_text(encoding="utf-8")):
            href = href.replace("&amp;", "&")
            if not href or href.startswith(("mailto:", "javascript:", "data:")) \
                    or EXTERNAL.match(href):
                continue
            url = urlsplit(urljoin(base, href))
            if url.netloc != "site":
                continue
            target = site / unquote(url.path.lstrip("/"))
            if target.is_dir() or url.path.endswith("/"):
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{rel}: {href} (no file)")
                continue
            if url.fragment and target.suffix == ".html" \
                    and unquote(url.fragment) not in anchors(target):
                broken.append(f"{rel}: {href} (no anchor)")
    assert broken == []


# --- fallbacks and errors of the clause hook --------------------------------------------

SITE_URL = "https://example.org/monopoly/"
"""Where the second build says the site is published (``site_url``)."""
MISSING = ("sv", "rent")
"""The language and page of the second build that lose their first clause."""


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> tuple[BuildResult, str]:
    """The suite's one build besides the shared one: a copy of ``docs/`` whose Swedish rent
    page lacks its first clause (the fallback), built with ``site_url`` set (canonical
    links). Returns the build and the removed clause id."""
    lang, slug = MISSING
    tmp = tmp_path_factory.mktemp("variant")
    docs = tmp / "docs"
    shutil.copytree(DOCS, docs)
    present = read_page(DOCS, lang, slug).sections
    dutch = read_page(DOCS, "nl", slug).sections
    cid = next(c.id for c in page_clauses(slug) if c.id in present and c.id in dutch)
    source = (docs / lang / f"{slug}.md").read_text(encoding="utf-8")
    section = present[cid]
    lines = source.splitlines()
    heading = next(i for i, line in enumerate(lines) if f"{{#{cid}" in line)
    end = heading + 1 + len(section.body.splitlines())
    (docs / lang / f"{slug}.md").write_text("\n".join(lines[:heading] + lines[end:]) + "\n",
                                            encoding="utf-8")
    assert cid not in read_page(docs, lang, slug).sections
    result = build(tmp / "site", docs_dir=docs, site_url=SITE_URL)
    assert result.ok, result.log[-4000:]
    return result, cid


def test_missing_clause_shows_a_translated_notice_with_the_dutch_text(
        variant: tuple[BuildResult, str]) -> None:
    (lang, slug), (result, cid) = MISSING, variant
    dutch = read_page(DOCS, "nl", slug).sections
    html = built_file(result.site_dir, lang, slug).read_text(encoding="utf-8")
    h2 = re.search(rf'<h2 class="clause clause-untranslated"[^>]*id="{cid}"', html)
    assert h2, "the missing clause keeps its anchor, marked untranslated"
    notice = str(translations().gettext(lang, "clause.untranslated.title"))
    tail = html[h2.start():]
    assert f'<p class="admonition-title">{notice}</p>' in tail
    fallback = re.search(r'<div class="clause-fallback" lang="nl">(.*?)</div>', tail, re.S)
    assert fallback, "the Dutch text follows the notice"
    first_words = re.sub(r"[*_`\[\]]", "", dutch[cid].body.split("\n")[0])[:25]
    assert first_words.split()[0] in fallback.group(1)
    assert html.rindex(f'id="{cid}"') > html.index('id="rent-owner-in-jail"') or \
        cid == "rent-owner-in-jail", "fallback clauses come at the end of the page"
    other = built_file(result.site_dir, "da", slug).read_text(encoding="utf-8")
    assert "clause-untranslated" not in other
    sbs = built_file(result.site_dir, "nl", "side-by-side").read_text(encoding="utf-8")
    block = sbs[sbs.index(f'<div class="sbs-clause" id="{cid}"'):]
    assert re.search(r'<div class="sbs-cell sbs-missing" lang="sv">', block[:4000])


# --- canonical links ---------------------------------------------------------------------

CANONICAL = re.compile(r'<link\b[^>]*\brel="canonical"[^>]*>')


def pages_of(site: Path) -> list[Path]:
    """Every HTML page of a build (the 404 pages aside: they have no address of their own)."""
    return sorted(p for p in site.rglob("*.html")
                  if p.name != "404.html" and "assets" not in p.relative_to(site).parts)


def test_canonical_link_of_every_page_with_site_url(variant: tuple[BuildResult, str]) -> None:
    """Built with ``site_url``: every page has exactly one canonical link, to its own
    address under ``site_url`` in its own language (``/sv/jail/`` for the Swedish page)."""
    site = variant[0].site_dir
    pages = pages_of(site)
    assert len(pages) >= 4 * len(ALL_PAGES)
    wrong = {}
    for path in pages:
        html = path.read_text(encoding="utf-8")
        links = CANONICAL.findall(html)
        rel = path.relative_to(site).parent.as_posix()
        want = SITE_URL + ("" if rel == "." else rel + "/")
        hrefs = [re.search(r'href="([^"]*)"', link).group(1) for link in links]
        if hrefs != [want]:
            wrong[rel] = hrefs
    assert wrong == {}


def test_no_canonical_link_without_site_url(site: Path) -> None:
    """Without ``site_url`` (the default: the site works from any folder) a page has no
    address to name, so no page claims one."""
    with_link = [p.relative_to(site).as_posix() for p in pages_of(site)
                 if CANONICAL.search(p.read_text(encoding="utf-8"))]
    assert with_link == []


# --- hreflang and the sitemap: absolute, from site_url, or none (issue 23 item 5) --------

ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">')
SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"
LISTED = tuple(sorted(p.stem for p in (DOCS / "nl").glob("*.md") if p.stem != "offline"))
"""Every page with an address of its own (the 404 and offline pages have none)."""


def page_address(lang: str, slug: str) -> str:
    prefix = "" if lang == "nl" else f"{lang}/"
    return SITE_URL + prefix + ("" if slug == "index" else f"{slug}/")


def test_hreflang_alternates_are_absolute_with_site_url(variant: tuple[BuildResult, str]) -> None:
    """Built with ``site_url``: every page names itself in all four languages and
    ``x-default`` (Dutch), each an absolute address under ``site_url`` that exists in the
    build and is that page; the offline pages name none."""
    site = variant[0].site_dir
    wrong = {}
    for lang in LANGS:
        for slug in LISTED:
            links = dict(ALTERNATE.findall(built_file(site, lang, slug).read_text("utf-8")))
            want = {to: page_address(to, slug) for to in LANGS}
            want["x-default"] = page_address("nl", slug)
            if links != want:
                wrong[(lang, slug)] = links
            anchors = {to: set(re.findall(r'<h2 class="clause[^"]*"[^>]* id="([^"]+)"',
                                          built_file(site, to, slug).read_text("utf-8")))
                       for to in LANGS}
            assert all(a == anchors["nl"] for a in anchors.values()), (slug, "same clauses")
        offline = built_file(site, lang, "offline").read_text("utf-8")
        assert ALTERNATE.findall(offline) == [], lang
    assert wrong == {}


def test_sitemap_follows_the_protocol(variant: tuple[BuildResult, str]) -> None:
    """``/sitemap.xml`` against the sitemaps.org protocol: the 0.9 namespace as root
    ``urlset``, one ``<url>`` per page and language (every page, every language, nothing
    else), each ``<loc>`` absolute under ``site_url``, at most 50,000 entries; its
    ``xhtml:link`` alternates name the same page in all four languages plus x-default,
    the same set in every entry of a page (each page lists the others and itself).
    The gzipped copy says the same."""
    import gzip
    from xml.etree import ElementTree

    site = variant[0].site_dir
    raw = (site / "sitemap.xml").read_bytes()
    assert raw.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    assert gzip.decompress((site / "sitemap.xml.gz").read_bytes()) == raw
    root = ElementTree.fromstring(raw)
    assert root.tag == f"{SM}urlset"
    urls = root.findall(f"{SM}url")
    assert 0 < len(urls) <= 50_000 and len(raw) <= 50 * 1024 * 1024
    assert all(child.tag == f"{SM}url" for child in root)
    locs = [u.findtext(f"{SM}loc") for u in urls]
    assert len(locs) == len(set(locs)), "a page listed twice"
    want = {page_address(lang, slug) for lang in LANGS for slug in LISTED}
    assert set(locs) == want
    by_page: dict[str, set[frozenset]] = {}
    for url, loc in zip(urls, locs):
        assert urlsplit(loc).scheme == "https" and loc.startswith(SITE_URL), loc
        alternates = {(a.get("hreflang"), a.get("href")) for a in url.findall(f"{XHTML}link")
                      if a.get("rel") == "alternate"}
        assert loc in {href for _, href in alternates}, f"{loc} does not list itself"
        slug = next(s for s in LISTED if loc in {page_address(lang, s) for lang in LANGS})
        expected = {(lang, page_address(lang, slug)) for lang in LANGS}
        expected.add(("x-default", page_address("nl", slug)))
        assert alternates == expected, loc
        by_page.setdefault(slug, set()).add(frozenset(alternates))
    assert all(len(sets) == 1 for sets in by_page.values())


def test_no_sitemap_or_hreflang_without_site_url(site: Path) -> None:
    """Without ``site_url`` there is no absolute address to give: no sitemap (a relative
    ``<loc>`` is invalid), no hreflang link on any page, and the build's log says why."""
    from tools.site_build import shared_build

    assert not (site / "sitemap.xml").exists() and not (site / "sitemap.xml.gz").exists()
    assert not any((site / lang / "sitemap.xml").exists() for lang in LANGS)
    with_links = [p.relative_to(site).as_posix() for p in pages_of(site)
                  if ALTERNATE.search(p.read_text(encoding="utf-8"))]
    assert with_links == []
    log = shared_build().log
    assert log == "prebuilt" or "site_url is not set" in log


def _info(slug: str = "trading", lang: str = "nl", content_lang: str | None = None) -> PageInfo:
    return PageInfo(lang, content_lang or lang, slug, f"docs/{lang}/{slug}.md", DOCS)


def test_clause_on_the_wrong_page_is_an_error_naming_file_and_id() -> None:
    with pytest.raises(DirectiveError, match=r"docs/sv/trading\.md:3: clause 'rent-claim'"):
        process("# Handel\n\n## Hyra {#rent-claim}\n", _info(lang="sv"))


def test_unknown_clause_id_on_a_rule_page_is_an_error() -> None:
    with pytest.raises(DirectiveError, match="unknown clause id 'trade-propertee'.*trade-property"):
        process("## Ruilen {#trade-propertee}\n", _info())


def test_clauses_out_of_order_or_twice_are_errors() -> None:
    with pytest.raises(DirectiveError, match="out of order"):
        process("## B {#trade-mortgaged}\n\n## A {#trade-property}\n", _info())
    with pytest.raises(DirectiveError, match="appears twice"):
        process("## A {#trade-property}\n\n## A {#trade-property}\n", _info())


def test_unknown_reference_is_an_error_and_known_one_a_link() -> None:
    with pytest.raises(DirectiveError, match=r"\[\[ref: rent-nope\]\] names no clause"):
        process("Zie [[ref: rent-nope]].", _info("about"))
    out = process("Zie [[ref: trade-cards]] en `[[ref: nope]]`.", _info("about"))
    assert "(trading.md#trade-cards){.clause-ref}" in out and "`[[ref: nope]]`" in out


def test_headings_and_directives_in_code_blocks_are_left_alone() -> None:
    text = "```\n## X {#rent-claim}\n[[nonsense]]\n```\n"
    assert expand(process(text, _info("about")), _info("about"), table={}) == text


def test_unknown_directive_fails_pending_ones_show_a_placeholder() -> None:
    with pytest.raises(PluginError, match=r"docs/nl/trading\.md:2: unknown directive \[\[nope\]\]"):
        expand("x\n[[nope]]\n", _info(), table={})
    out = unstash(expand("[[example: rent-basic]]\n", _info(), table={}))
    assert 'class="admonition note directive-pending" data-directive="example"' in out


def test_registered_renderers_and_html_results() -> None:
    table = renderers()
    for name in ("editions", "matrix", "side-by-side", "glossary"):
        assert name in table
    ctx = Context("sv", "rent", "docs/sv/rent.md", 1, "free-parking", "editions", (), DOCS)
    out = table["editions"](ctx)
    assert isinstance(out, Html) and 'data-param="free_parking"' in out


def test_editions_outside_a_clause_or_without_parameters_is_an_error() -> None:
    table = renderers()
    ctx = Context("nl", "rent", "docs/nl/rent.md", 1, None, "editions", (), DOCS)
    with pytest.raises(DirectiveError, match="outside any clause"):
        table["editions"](ctx)
    ctx = Context("nl", "rent", "docs/nl/rent.md", 1, "rent-street", "editions", (), DOCS)
    with pytest.raises(DirectiveError, match="no edition parameters"):
        table["editions"](ctx)
    ctx = Context("nl", "rent", "docs/nl/rent.md", 1, None, "editions", ("nope",), DOCS)
    with pytest.raises(DirectiveError, match="unknown edition parameter"):
        table["editions"](ctx)
