"""The Content-Security-Policy is enforced, and the site keeps to it (issue 17).

The site is served with the headers of its own ``_headers`` file (as a host that reads it
would: the workers' policy comes as a header, the pages' as ``<meta>``), and every page of
every language is opened (the shared walk, ``page_walk.py``) with a
``securitypolicyviolation`` listener: none may fire. Each calculator answers under the policy (the runtime in its worker included). A
page with a planted external script and a planted inline one runs neither.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from hooks.catalogs.languages import LANGS
from page_walk import LISTEN, Walk, site_pages
from test_calculators import KINDS, page_path, wait_runtime


@pytest.fixture(scope="module")
def csp_page(browser, headers_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    context.add_init_script(LISTEN)
    # Nothing may leave the origin even if the policy failed: such a request is aborted.
    context.route(re.compile(r"^(?!http://127\.0\.0\.1).*"), lambda route: route.abort())
    page = context.new_page()
    yield page
    context.close()


def violations(page: Any) -> list[str]:
    page.wait_for_timeout(50)  # the event is queued as a task after the blocked load
    return page.evaluate("() => window.__csp")


def test_every_page_meets_its_policy(every_page: Walk, built_site: Path, report) -> None:
    """Every page (the shared walk, served with the ``_headers`` file) carries its policy
    and runs without a violation, the calculators' runtime included."""
    pages = [path for path, _ in site_pages(built_site)]
    assert len(pages) >= 4 * 25, len(pages)  # 24 pages and a 404 page per language
    meta = {p: every_page.pages[p].csp_meta or "" for p in pages}
    missing = [p for p, m in meta.items()
               if "'wasm-unsafe-eval'" not in m or "default-src 'self'" not in m]
    assert missing == []
    not_ready = [p for p in pages if not every_page.pages[p].ready]
    assert not_ready == []
    bad = {p: seen.csp_violations for p, seen in every_page.pages.items() if seen.csp_violations}
    assert bad == {}
    report("CSP", "pages", len(pages))


@pytest.mark.parametrize("lang", LANGS)
def test_each_calculator_answers_under_the_policy(csp_page, headers_url: str, lang: str) -> None:
    page = csp_page
    page.goto(headers_url + page_path(lang, "calculators"))
    page.wait_for_selector("html[data-calculators=ready]", state="attached")
    wait_runtime(page)
    for kind in KINDS:
        sel = f"#calc-{kind}"
        page.locator(f"{sel} form").evaluate("f => f.requestSubmit()")
        page.wait_for_function(
            "sel => document.querySelector(sel + ' .calc-result').dataset.source === 'live'",
            arg=sel, timeout=30000)
    assert violations(page) == []


def test_planted_scripts_are_blocked(csp_page, headers_url: str) -> None:
    page = csp_page
    target = headers_url + "sv/jail/"

    def plant(route: Any) -> None:
        response = route.fetch()
        body = response.text().replace(
            "</body>", '<script src="https://cdn.example.com/evil.js"></script>'
            "<script>window.__planted = 1</script></body>", 1)
        route.fulfill(response=response, body=body)

    page.route(target, plant)
    try:
        page.goto(target)
        page.wait_for_selector("html[data-site-ready='1']", state="attached", timeout=15000)
        found = violations(page)
        assert page.evaluate("() => window.__planted") is None
        assert any("cdn.example.com" in v for v in found), found
        assert any(v.startswith("script-src") and "inline" in v for v in found), found
    finally:
        page.unroute(target)
