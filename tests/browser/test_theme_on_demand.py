"""Issue 27 item 2: the theme's script loads on the reader's first move, not with the page.

Material's bundle was the largest piece of main-thread work of every page load on the
bench's phone (one task of about 150-190 ms to evaluate it, another of 120-195 ms to mount
it). ``overrides/partials/javascripts/theme.html`` loads it on the first tap, key, scroll,
mouse move or focus instead. These tests hold both halves, in every language:

- a page loaded and left alone has not fetched the bundle (nor, so, the search worker or
  its index), and everything of its own is there: "my edition", the copy-link buttons, the
  light/dark switch;
- the first move wakes it, once: "/" (the first key, sent again once the bundle has run)
  opens the search box with the cursor in it and a query finds results; a scroll wakes it
  too; the site's own start (site.js ``init``) has still run exactly once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hooks.catalogs.i18n import LANGS
from search import BOX, RESULT

pytestmark = pytest.mark.browser

BUNDLE = "() => performance.getEntriesByType('resource').map(r => r.name)" \
         ".filter(n => n.includes('/assets/javascripts/'))"
"""The theme's files this page has fetched (the bundle, the search worker, lunr)."""


def prefix(lang: str) -> str:
    return "" if lang == "nl" else f"{lang}/"


@pytest.mark.parametrize("lang", LANGS)
def test_the_theme_waits_for_a_first_move(open_page, lang: str) -> None:
    sp = open_page(prefix(lang) + "jail/", width=390, height=844, search=True)
    page = sp.page
    page.wait_for_timeout(1500)  # long enough for anything that would run by itself
    assert page.evaluate(BUNDLE) == []
    assert page.evaluate("document.documentElement.dataset.siteTheme") is None
    # the page's own parts need no theme script
    copies = page.evaluate("document.querySelectorAll('.clause-copy').length")
    assert copies == page.evaluate("document.querySelectorAll('h2.clause[id]').length") > 3
    # Material hides its search while <html> is "no-js": here the button shows from the start
    assert page.locator("label.md-header__button[for=__search]").is_visible()
    page.select_option("#my-ed-select", "nl-modern")
    assert page.evaluate("document.body.dataset.mdColorScheme") in ("default", "slate")
    # the first key wakes it and is not lost: "/" opens search with the cursor in the box
    page.keyboard.press("/")
    page.wait_for_selector("html[data-site-theme=ready]", state="attached", timeout=15000)
    page.wait_for_function("() => document.getElementById('__search').checked", timeout=5000)
    assert page.evaluate("box => document.activeElement.matches(box)", BOX)
    # the site's own start ran once, not again on the DOMContentLoaded sent for the theme
    assert page.evaluate("document.querySelectorAll('.clause-copy').length") == copies
    bundles = [u for u in page.evaluate(BUNDLE) if "/bundle." in u]
    assert len(bundles) == 1, bundles
    page.keyboard.type("hotel")
    page.press(BOX, "End")
    page.wait_for_selector(RESULT, timeout=30000)


@pytest.mark.parametrize("width", [390, 1280])
def test_a_tap_on_search_wakes_the_theme_and_searches(open_page, width: int) -> None:
    """The search button on a phone, the search box on a desktop: shown before the theme
    has started, and the tap on it starts the theme and opens a search that answers."""
    sp = open_page("sv/rent/", width=width, height=844, search=True)
    page = sp.page
    target = "label.md-header__button[for=__search]" if width < 960 else BOX
    assert page.evaluate("document.documentElement.dataset.siteTheme") is None
    page.locator(target).click()
    page.wait_for_selector("html[data-site-theme=ready]", state="attached", timeout=15000)
    page.wait_for_function("() => document.getElementById('__search').checked", timeout=5000)
    page.locator(BOX).click()
    page.keyboard.type("fängelse")
    page.press(BOX, "End")
    page.wait_for_selector(RESULT, timeout=30000)
    assert "/sv/" in page.eval_on_selector(RESULT, "a => a.href")


def test_a_scroll_wakes_the_theme_and_nothing_moves(open_page) -> None:
    """A scroll wakes the theme; the data tables were built in the theme's box
    (``hooks/render/theme_markup.py``), so when it starts and wraps them itself nothing on
    the page moves and no table is boxed twice."""
    sp = open_page("building/", width=390, height=844)
    page = sp.page
    where = """() => [...document.querySelectorAll('.md-content h2, .md-content table')]
        .map(el => Math.round(el.getBoundingClientRect().top + scrollY))"""
    boxed = ".md-typeset__scrollwrap > .md-typeset__table > table"
    tables = page.evaluate("s => document.querySelectorAll(s).length", boxed)
    assert tables > 10
    assert page.evaluate("document.documentElement.dataset.siteTheme") is None
    before = page.evaluate(where)
    page.mouse.wheel(0, 600)
    page.wait_for_selector("html[data-site-theme=ready]", state="attached", timeout=15000)
    # the theme has mounted: scrolling back up shows its back-to-top button
    page.mouse.wheel(0, -300)
    page.wait_for_selector(".md-top:not([hidden])", timeout=5000)
    assert page.evaluate("s => document.querySelectorAll(s).length", boxed) == tables
    assert page.evaluate("() => document.querySelectorAll("
                         "'.md-typeset__scrollwrap .md-typeset__scrollwrap').length") == 0
    assert page.evaluate(where) == before


def test_no_page_loads_the_bundle_with_the_page(built_site: Path) -> None:
    """The built pages: no ``<script src>`` of the bundle; the on-demand script names a
    bundle that exists."""
    pages = sorted(built_site.rglob("index.html"))
    assert len(pages) > 80
    for html_file in pages:
        html = html_file.read_text("utf-8")
        if "data-md-component" not in html:
            continue  # not a theme page (the bench's and the redirect pages)
        assert not re.search(r'<script[^>]* src="[^"]*javascripts/bundle\.', html), html_file
        assert html.count("javascripts/bundle.") == 1, html_file
        src = html.split('data-site-theme="', 1)[1].split('"', 1)[0]
        assert (html_file.parent / src).resolve().is_file(), (html_file, src)
