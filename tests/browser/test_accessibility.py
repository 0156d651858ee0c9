"""Accessibility: axe-core on every page type and on the calculators' states, in every
language, and the ``lang`` of every page.

* axe-core (``node_modules/axe-core/axe.min.js``, injected into the page) runs on one page
  of each type -- home, a rule page, rulings, the tool pages, the generated comparisons,
  the reference and plain pages, the 404 page -- in Dutch, Swedish, Danish and Norwegian:
  no violation of impact "serious" or "critical" is allowed (the others are printed).
* On the calculators page of each language axe also checks the four calculators showing
  live results and showing errors (engine errors next to fields, an input error).
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

LANGS = ("nl", "sv", "da", "nb")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PAGE_TYPES = ("index", "rent", "calculators", "examples", "odds", "editions", "side-by-side",
              "glossary", "api", "performance", "about", "translate", "404")
"""One page of every kind. ``rent`` stands for the rule pages (rulings included: the same
numbered clauses, edition tables, worked examples and a calculator)."""
BLOCKING = ("serious", "critical")

_START = """(context) => {
  window.__axeResult = undefined;
  axe.run(context || document, {resultTypes: ['violations']}).then(
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


def start_axe(page: Any, context: Any = None) -> None:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    page.evaluate(_START, context)


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


def calculator_states(page: Any, lang: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """axe on the four calculators: with live results, then with errors."""
    sections = [["#calc-rent"], ["#calc-jail"], ["#calc-mortgage"], ["#calc-score"]]
    page.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                           timeout=120_000)

    def settle(kind: str, action: Any) -> None:
        sel = f"#calc-{kind}"
        before = int(page.get_attribute(sel, "data-changes") or 0)
        action()
        page.wait_for_function(
            """([sel, before]) => { const s = document.querySelector(sel);
                 return +(s.dataset.changes || 0) > before
                   && s.dataset.updated === s.dataset.changes && !s.hasAttribute('aria-busy'); }""",
            arg=[sel, before], timeout=30_000)

    out = []
    for kind in ("rent", "jail", "mortgage", "score"):
        settle(kind, lambda kind=kind: page.click(f"#calc-{kind} .calc-submit"))
        assert page.get_attribute(f"#calc-{kind} .calc-result", "data-source") == "live"
    start_axe(page, {"include": sections})
    out.append(("calculators: results", finish_axe(page)))
    settle("rent", lambda: page.fill("#calc-rent input[data-key=owned]", "9"))
    settle("jail", lambda: page.fill("#calc-jail input[data-key=cash]", ""))
    settle("mortgage", lambda: page.select_option("#calc-mortgage select[data-lot='39']", "3"))
    first = page.input_value("#calc-score [data-item] input[data-key=name]")
    settle("score", lambda: page.fill(
        "#calc-score [data-key=players] > [data-item]:nth-child(2) input[data-key=name]", first))
    shown = page.eval_on_selector_all("#calc-rent .calc-error:not([hidden]), #calc-jail "
                                      ".calc-error:not([hidden]), #calc-mortgage .calc-error:not("
                                      "[hidden]), #calc-score .calc-error:not([hidden])",
                                      "els => els.length")
    assert shown >= 4, "the error states did not show errors"
    start_axe(page, {"include": sections})
    out.append(("calculators: errors", finish_axe(page)))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_axe(browser, site_url: str, built_site: Path, report, lang: str) -> None:
    assert AXE.exists(), "node_modules/axe-core is missing: run ./dev test (npm ci)"
    slugs = [s for s in PAGE_TYPES if (built_site / page_path(lang, s).rstrip("/")).exists()
             or (built_site / page_path(lang, s) / "index.html").exists()]
    assert len(slugs) >= len(PAGE_TYPES) - 1, f"page types missing from the build: {slugs}"
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    results: list[tuple[str, list[dict[str, Any]]]] = []
    try:
        tabs = [context.new_page(), context.new_page()]
        calc_tab = context.new_page()  # the calculators page: its runtime loads meanwhile
        calc_tab.goto(site_url + page_path(lang, "calculators"))
        pending: list[tuple[Any, str]] = []
        for i, slug in enumerate(slugs):
            tab = tabs[i % 2]
            if len(pending) == 2:
                done_tab, done_slug = pending.pop(0)
                results.append((done_slug, finish_axe(done_tab)))
            tab.goto(site_url + page_path(lang, slug))
            assert tab.evaluate("document.documentElement.lang") == lang, slug
            start_axe(tab)
            pending.append((tab, slug))
        for done_tab, done_slug in pending:
            results.append((done_slug, finish_axe(done_tab)))
        results += calculator_states(calc_tab, lang)
    finally:
        context.close()
    blocking = [f"{where}: {v['impact']} {v['id']} ({v['count']}x: {v['help']}) {v['nodes']}"
                for where, found in results for v in found if v["impact"] in BLOCKING]
    other = sorted({f"{v['impact']} {v['id']}" for _, found in results for v in found
                    if v["impact"] not in BLOCKING})
    print(f"\naxe {lang}: {len(results)} checks ({len(slugs)} page types and 2 calculator "
          f"states); not blocking: {other or 'none'}")
    report("pages checked", "axe-core", len(slugs))
    report("pages checked", "axe-core (calculator states)", 2)
    assert blocking == [], "\n".join(blocking)
