"""Offline, a page the browser has not kept (issue 23 item 5): the site's own page saying
so, in the reader's language, with the way back, instead of the browser's "site can't be
reached"; and the footer names what it is saving (the pages, then the calculators).

These contexts allow service workers (the others block them); each has its own caches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from hooks.catalogs.i18n import translations
from tools.static_site import serve

from hooks.catalogs.languages import LANGS  # the table of languages
READY = 60_000
OTHER = {"nl": "sv", "sv": "da", "da": "nb", "nb": "nl"}
"""A language the reader has not visited (its pages are not kept)."""


def prefix(lang: str) -> str:
    return "" if lang == "nl" else f"{lang}/"


def msg(lang: str, key: str) -> str:
    return str(translations().gettext(lang, key))


def offline_title(site: Path, lang: str) -> str:
    """The h1 of the language's offline page, as built."""
    import html as markup
    import re
    page = (site / prefix(lang) / "offline" / "index.html").read_text(encoding="utf-8")
    h1 = re.sub(r'<a class="headerlink".*?</a>', "", re.search(r"<h1[^>]*>(.*?)</h1>", page,
                                                             re.S).group(1))
    return markup.unescape(re.sub(r"<[^>]+>", "", h1)).strip()


def heading(page: Any) -> str:
    """The page's h1 as shown, without its permalink sign."""
    return page.inner_text("h1").replace("¶", "").strip()


@pytest.fixture
def served(built_site: Path) -> Iterator[str]:
    with serve(built_site) as url:  # a port of its own: the worker's scope is this origin
        yield url


def visit(browser: Any, url: str, lang: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="allow")
    page = context.new_page()
    page.goto(url + prefix(lang))
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=READY)
    return context, page


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_not_kept_shows_the_offline_page(browser, served: str, built_site: Path,
                                                lang: str) -> None:
    context, page = visit(browser, served, lang)
    try:
        page.goto(served + prefix(lang) + "jail/")  # kept: the language read online
        context.set_offline(True)
        # A link into a language not kept: the offline page in the language being read.
        other = served + prefix(OTHER[lang]) + "rent/"
        page.evaluate("(href) => { const a = document.createElement('a'); a.href = href;"
                      " document.body.append(a); a.click(); }", other)
        page.wait_for_selector(".site-offline-asked:not([hidden])", timeout=15_000)
        assert heading(page) == offline_title(built_site, lang)
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.get_attribute(".site-offline-url a", "href") == other
        # The way back: to the page the reader came from.
        back = page.locator(".site-back")
        assert back.is_visible()
        back.click()
        page.wait_for_url(served + prefix(lang) + "jail/")
        page.wait_for_selector("html[data-site-ready='1']", state="attached")
        # Typed in, with no page before it: the offline page of the language asked for.
        fresh = context.new_page()
        fresh.goto(served + prefix(OTHER[lang]) + "glossary/")
        fresh.wait_for_selector("html[data-site-ready='1']", state="attached")
        assert heading(fresh) == offline_title(built_site, OTHER[lang])
        assert fresh.locator(".md-content a.md-button[href='../']").is_visible()  # home
    finally:
        context.close()


def test_the_footer_names_what_it_saves(browser, served: str) -> None:
    """The footer says the pages are being saved while it saves them, and the calculators
    while it saves those (it used to say "pages" for both)."""
    lang = "sv"
    context, page = visit(browser, served, lang)
    try:
        page.evaluate("""() => {
            window.__states = [];
            new MutationObserver(() => window.__states.push([
                document.documentElement.dataset.offline,
                document.querySelector('.site-offline__text').textContent]))
              .observe(document.documentElement, {attributes: true, subtree: true,
                                                  childList: true, characterData: true});
        }""")
        page.click(".site-offline__keep")
        page.wait_for_selector("html[data-offline='ready-calculators']", state="attached",
                               timeout=READY)
        states = page.evaluate("window.__states")
        saving = [text for state, text in states if state == "saving-calculators"]
        assert saving and saving[0] == msg(lang, "offline.saving_calculators"), states
        assert all(state != "saving" for state, _ in states), states
        assert page.inner_text(".site-offline__text") == msg(lang, "offline.ready_calculators")
    finally:
        context.close()
