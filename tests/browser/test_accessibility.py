"""Accessibility: axe-core on every page type in every language, and the ``lang`` of
every page.

* axe-core (``node_modules/axe-core/axe.min.js``, injected into the page) runs on one page
  of each type -- home, a rule page, the tool pages, the generated comparisons, the
  reference and plain pages, the 404 page -- in Dutch, Swedish, Danish and Norwegian: no
  violation of impact "serious" or "critical" is allowed (the others are printed).
  Colour contrast depends on the stylesheets and the page's structure, which every
  language of a page type shares; it is by far axe's slowest rule, so it runs on each
  page type in one language (a different one per type: all four take turns), every other
  rule in all four.
* The calculators' result and error states are checked with axe in every language by
  ``tests/browser/test_fuzz_calculators.py`` (on the pages it has open anyway).
* Every built page declares its language: ``<html lang>`` is ``nl`` at the root and
  ``sv`` / ``da`` / ``nb`` in those folders (404 pages included).

Two pages are checked at a time (axe runs in one while the other loads).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tools.site_build import ROOT

pytestmark = pytest.mark.browser

from hooks.catalogs.languages import LANGS  # the table of languages
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PAGE_TYPES = ("index", "rent", "disputes", "sheet", "calculators", "examples", "odds", "editions",
              "side-by-side", "glossary", "api", "performance", "about", "translate", "404")
"""One page of every kind. ``rent`` stands for the rule pages (rulings included: the same
numbered clauses, edition tables, folded worked examples and a calculator link)."""
BLOCKING = ("serious", "critical")

_START = """([context, contrast]) => {
  window.__axeResult = undefined;
  const options = {resultTypes: ['violations']};
  if (!contrast) options.rules = {'color-contrast': {enabled: false}};
  axe.run(context || document, options).then(
    (r) => { window.__axeResult = r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
      nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)) })); },
    (e) => { window.__axeResult = [{id: 'axe-error', impact: 'critical', help: String(e),
                                    count: 1, nodes: []}]; });
}"""


def page_path(lang: str, slug: str) -> str:
    prefix = "" if lang == "nl" else f"{lang}/"
    if slug == "404":
        return f"{prefix}404.html"
    return prefix if slug == "index" else f"{prefix}{slug}/"


def start_axe(page: Any, context: Any = None, contrast: bool = True) -> None:
    """Start axe-core on the page (``context``: what to check, default the whole page);
    :func:`finish_axe` waits for its violations."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        # The pages' policy (CSP) refuses inline <script> and <style> tags, so axe is run
        # as DevTools would (not a page script) and the style sheet is a constructed one.
        page.evaluate("source => (0, eval)(source)", AXE.read_text(encoding="utf-8"))
        # colours are measured as they end up, not halfway through a hover transition
        page.evaluate("""css => { const s = new CSSStyleSheet(); s.replaceSync(css);
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, s]; }""",
                      "*, *::before, *::after { transition: none !important;"
                      " animation: none !important; }")
    page.evaluate(_START, [context, contrast])


def finish_axe(page: Any) -> list[dict[str, Any]]:
    page.wait_for_function("() => window.__axeResult !== undefined", timeout=180_000)
    return page.evaluate("window.__axeResult")


# --------------------------------------------------------------------------- lang attribute


def test_every_page_declares_its_language(built_site: Path, report) -> None:
    wrong = []
    pages = [p for p in built_site.rglob("*.html")
             if p.relative_to(built_site).parts[0] not in ("assets", "search")]
    for file in pages:
        rel = file.relative_to(built_site)
        want = rel.parts[0] if rel.parts[0] in LANGS[1:] else "nl"
        m = re.search(r"<html\b[^>]*\blang=\"([^\"]*)\"", file.read_text(encoding="utf-8"))
        got = m.group(1) if m else None
        if got != want:
            wrong.append(f"{rel}: lang={got!r}, expected {want!r}")
    report("pages checked", "html lang", len(pages))
    assert len(pages) >= 80
    assert wrong == [], wrong


# --------------------------------------------------------------------------- axe


@pytest.mark.parametrize("lang", LANGS)
def test_axe(browser, site_url: str, built_site: Path, report, lang: str) -> None:
    assert AXE.exists(), "node_modules/axe-core is missing: run ./dev test (npm ci)"
    slugs = [s for s in PAGE_TYPES if (built_site / page_path(lang, s).rstrip("/")).exists()
             or (built_site / page_path(lang, s) / "index.html").exists()]
    assert len(slugs) >= len(PAGE_TYPES) - 1, f"page types missing from the build: {slugs}"
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    results: list[tuple[str, list[dict[str, Any]]]] = []
    contrast = 0
    try:
        tabs = [context.new_page(), context.new_page()]
        pending: list[tuple[Any, str]] = []
        for i, slug in enumerate(slugs):
            tab = tabs[i % 2]
            if len(pending) == 2:
                done_tab, done_slug = pending.pop(0)
                results.append((done_slug, finish_axe(done_tab)))
            tab.goto(site_url + page_path(lang, slug))
            assert tab.evaluate("document.documentElement.lang") == lang, slug
            with_contrast = LANGS[PAGE_TYPES.index(slug) % len(LANGS)] == lang
            contrast += with_contrast
            start_axe(tab, contrast=with_contrast)
            pending.append((tab, slug))
        for done_tab, done_slug in pending:
            results.append((done_slug, finish_axe(done_tab)))
    finally:
        context.close()
    blocking = [f"{where}: {v['impact']} {v['id']} ({v['count']}x: {v['help']}) {v['nodes']}"
                for where, found in results for v in found if v["impact"] in BLOCKING]
    other = sorted({f"{v['impact']} {v['id']}" for _, found in results for v in found
                    if v["impact"] not in BLOCKING})
    print(f"\naxe {lang}: {len(results)} page types ({contrast} with colour contrast); "
          f"not blocking: {other or 'none'}")
    report("pages checked", "axe-core", len(slugs))
    assert blocking == [], "\n".join(blocking)
