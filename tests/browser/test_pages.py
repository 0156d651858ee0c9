"""The built site in headless Chromium: every page type in every language.

- every page of every language loads without an error status or a console error (the
  shared walk; requests elsewhere are checked on the same walk by test_third_parties.py);
- the language switcher keeps the reader on the same page;
- search finds results in the page's language only;
- the copy-link button of a clause copies the clause's URL;
- nothing is wider than a 390 px phone screen (tables scroll or stack inside the page);
- screenshots at 1280 and 390 px go to ``screenshots/`` for a human to look at.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from engine.clauses import CLAUSES, PAGES
from page_walk import RUNTIME_PAGE, Walk
from search import search

pytestmark = pytest.mark.browser

LANGS = ("nl", "sv", "da", "nb")
PAGE_TYPES = ("index", "rent", "rulings", "disputes", "calculators", "examples", "odds", "editions",
              "side-by-side", "glossary", "api", "performance", "about", "translate")
"""One page of each kind: home, a rule page, rulings, the generated and the tool pages."""
SCREENSHOT_PAGES = ("index", "rent", "rulings", "disputes", "editions", "side-by-side", "glossary")
WIDTHS = (1280, 390)
SECOND_LOOK = {"rent": "#rent-utility", "editions": ".matrix-wrap", "glossary": ".glossary-wrap",
               "side-by-side": ".sbs-clause#rent-utility", "rulings": "#ruling-utility-dice"}
"""Where to scroll for a second screenshot of a page (its generated tables)."""
SEARCH_WORDS = {"nl": "gevangenis", "sv": "fängelse", "da": "fængsel", "nb": "fengsel"}


def path(lang: str, slug: str) -> str:
    """Site path of a page: ``sv/rent/``, ``""`` for the Dutch home page."""
    prefix = "" if lang == "nl" else f"{lang}/"
    return prefix if slug == "index" else f"{prefix}{slug}/"


def test_every_page_loads_cleanly(every_page: Walk) -> None:
    """Every page of every language (the shared walk, ``page_walk.py``): the site script
    marked it ready, no response with an error status, no console error or uncaught
    exception, its own ``<html lang>`` (requests elsewhere: ``test_third_parties.py``)."""
    pages = {p: s for p, s in every_page.pages.items() if p != RUNTIME_PAGE}
    assert {s.lang for s in pages.values()} == set(LANGS)
    assert all(s.requests for s in pages.values()), "a page made no requests: the recorder is broken"
    assert [p for p, s in pages.items() if not s.ready] == []
    assert [p for p, s in pages.items() if s.html_lang != s.lang] == []
    assert {p: s.bad_responses for p, s in pages.items() if s.bad_responses} == {}
    errors = {p: s.console_errors for p, s in every_page.pages.items() if s.console_errors}
    assert errors == {}


@pytest.mark.parametrize("lang", LANGS)
def test_language_switcher_keeps_the_page(open_page, site_url: str, lang: str) -> None:
    sp = open_page(path(lang, "jail"))
    links = sp.page.eval_on_selector_all(
        "a.md-select__link[hreflang]", "els => els.map(a => [a.hreflang, a.href])")
    assert sorted(h for h, _ in links) == sorted(LANGS)
    for other, href in links:
        assert href == site_url + path(other, "jail"), (other, href)
    target = next(o for o in LANGS if o != lang)
    sp.page.hover(".md-header__option .md-select")
    sp.page.click(f"a.md-select__link[hreflang='{target}']")
    sp.page.wait_for_selector("html[data-site-ready='1']", state="attached")
    assert sp.page.url == site_url + path(target, "jail")
    assert sp.page.evaluate("document.documentElement.lang") == target


@pytest.mark.parametrize("lang", LANGS)
def test_search_stays_in_the_language(open_page, lang: str) -> None:
    sp = open_page(path(lang, "index"), search=True)
    hrefs = search(sp.page, SEARCH_WORDS[lang])  # the box is in the header at desktop width
    prefix = sp.url(path(lang, "index"))
    assert hrefs
    for href in hrefs:
        assert href.startswith(prefix), href
        if lang == "nl":
            rest = href[len(prefix):]
            assert not rest.startswith(("sv/", "da/", "nb/")), href
    assert sp.external_requests() == []


@pytest.mark.parametrize("lang", LANGS)
def test_copy_link_button(open_page, lang: str) -> None:
    sp = open_page()
    sp.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sp.goto(path(lang, "rent"))
    clause = CLAUSES["rent-set-double"]
    button = sp.page.locator(f"h2#{clause.id} button.clause-copy")
    label = button.get_attribute("aria-label")
    assert label and clause.number in label
    link, done = button.locator("svg.clause-copy__link"), button.locator("svg.clause-copy__done")
    assert link.is_visible() and not done.is_visible()
    button.click()
    sp.page.wait_for_selector(f"h2#{clause.id} button.clause-copy[data-state='copied']")
    # the check mark stands in for the link icon while the button says "copied", then
    # the link icon is back (two seconds)
    assert done.is_visible() and not link.is_visible()
    copied = sp.page.evaluate("navigator.clipboard.readText()")
    assert copied == sp.url(path(lang, "rent")) + f"#{clause.id}"
    if lang == "nl":  # the same script in every language: wait the two seconds once
        sp.page.wait_for_selector(f"h2#{clause.id} button.clause-copy:not([data-state])",
                                  timeout=5000)
        assert link.is_visible() and not done.is_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_every_clause_heading_is_numbered(open_page, lang: str) -> None:
    sp = open_page(path(lang, "rulings"))
    numbers = sp.page.eval_on_selector_all(
        "h2.clause", "els => els.map(h => [h.id, h.querySelector('.clause-no').textContent])")
    rulings = next(p for p in PAGES if p.slug == "rulings")
    assert [i for i, _ in numbers] == [cid for cid, _ in rulings.clauses]
    assert all(CLAUSES[i].number == n for i, n in numbers)


@pytest.mark.parametrize("lang", LANGS)
def test_screenshot_and_no_sideways_scroll(open_page, screenshot_dir, lang: str) -> None:
    """Each page of :data:`SCREENSHOT_PAGES` at each of :data:`WIDTHS`: a screenshot (and
    a second one of its generated part) and no sideways scroll. One tab per language,
    resized in place between the widths (a tab per page and width cost twice as much)."""
    sp = open_page()
    too_wide = []
    for width in WIDTHS:
        sp.page.set_viewport_size({"width": width, "height": 900 if width > 500 else 844})
        for slug in SCREENSHOT_PAGES:
            sp.goto(path(lang, slug))
            overflow = sp.page.evaluate(
                "document.scrollingElement.scrollWidth - document.documentElement.clientWidth")
            sp.page.screenshot(path=str(screenshot_dir / f"{lang}-{slug}-{width}.png"),
                               animations="disabled")
            if slug in SECOND_LOOK:  # the generated part further down the page
                sp.page.eval_on_selector(SECOND_LOOK[slug], "el => el.scrollIntoView()")
                sp.page.screenshot(path=str(screenshot_dir / f"{lang}-{slug}-detail-{width}.png"),
                                   animations="disabled")
            if overflow > 1:
                too_wide.append(f"{slug}: {overflow}px wider than a {width}px screen")
    assert too_wide == []


@pytest.mark.parametrize("system", ["light", "dark"])
def test_colour_toggle_follows_the_system_and_remembers_the_switch(browser, site_url: str,
                                                                   system: str) -> None:
    """The light/dark toggle (the site's own, not Material's palette component): the first
    visit follows the system setting; a click switches, the other toggle shows, and the
    choice survives a reload and another page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=system,
                                  service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url + "sv/rent/")
        page.wait_for_selector("html[data-site-ready='1']", state="attached")
        scheme = lambda: page.get_attribute("body", "data-md-color-scheme")  # noqa: E731
        first, other = ("default", "slate") if system == "light" else ("slate", "default")
        assert scheme() == first
        assert page.locator("[data-md-component=palette]").count() == 0
        visible = page.locator("form[data-site-palette] label:not([hidden])")
        assert visible.count() == 1
        visible.click()
        assert scheme() == other
        assert page.locator("form[data-site-palette] label:not([hidden])").count() == 1
        for path in ("sv/rent/", "da/jail/"):
            page.goto(site_url + path)
            page.wait_for_selector("html[data-site-ready='1']", state="attached")
            assert scheme() == other, path
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_search_tests_use_the_real_index(site_url: str, search_url: str, lang: str) -> None:
    """The tests' default server answers the search index with no entries (its cost on every
    page load is the search tests' alone, ``conftest.EmptySearchIndex``); ``search_url``,
    which the search tests open, serves the built index whole, in its language."""
    def entries(base: str) -> list[dict]:
        prefix = "" if lang == "nl" else f"{lang}/"
        with urllib.request.urlopen(f"{base}{prefix}search/search_index.json") as res:
            return json.load(res)["docs"]
    real = entries(search_url)
    assert entries(site_url) == []
    assert len(real) > 100
