"""The Content-Security-Policy is enforced, and the site keeps to it (issue 17).

The site is served with the headers of its own ``_headers`` file (as a host that reads it
would: the workers' policy comes as a header, the pages' as ``<meta>``), and every page of
every language is opened in one tab with a ``securitypolicyviolation`` listener: none may
fire. Each calculator answers under the policy (the runtime in its worker included). A
page with a planted external script and a planted inline one runs neither.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from tools.static_site import HeadersFileHandler, serve
from test_calculators import KINDS, page_path, wait_runtime

LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def site_pages(site: Path) -> list[str]:
    """Every page of the built site as a URL path (``sv/jail/``, ``sv/404.html``)."""
    out = []
    for page in sorted(site.rglob("*.html")):
        rel = page.relative_to(site).as_posix()
        out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return out


@pytest.fixture(scope="module")
def csp_url(built_site: Path) -> Iterator[str]:
    with serve(built_site, handler=HeadersFileHandler) as url:
        yield url


@pytest.fixture(scope="module")
def csp_page(browser, csp_url: str) -> Iterator[Any]:
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


def test_every_page_meets_its_policy(csp_page, csp_url: str, built_site: Path, report) -> None:
    pages = site_pages(built_site)
    assert len(pages) >= 4 * 25, len(pages)  # 24 pages and a 404 page per language
    bad = {}
    for path in pages:
        csp_page.goto(csp_url + path, wait_until="load")
        csp_page.wait_for_selector("html[data-site-ready='1']", state="attached", timeout=15000)
        meta = csp_page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
        assert meta and "'wasm-unsafe-eval'" in meta and "default-src 'self'" in meta, path
        found = violations(csp_page)
        if found:
            bad[path] = found
    assert bad == {}
    report("CSP", "pages", len(pages))


@pytest.mark.parametrize("lang", ["nl", "sv", "da", "nb"])
def test_each_calculator_answers_under_the_policy(csp_page, csp_url: str, lang: str) -> None:
    page = csp_page
    page.goto(csp_url + page_path(lang, "calculators"))
    page.wait_for_selector("html[data-calculators=ready]", state="attached")
    wait_runtime(page)
    for kind in KINDS:
        sel = f"#calc-{kind}"
        page.locator(f"{sel} form").evaluate("f => f.requestSubmit()")
        page.wait_for_function(
            "sel => document.querySelector(sel + ' .calc-result').dataset.source === 'live'",
            arg=sel, timeout=30000)
    assert violations(page) == []


def test_planted_scripts_are_blocked(csp_page, csp_url: str) -> None:
    page = csp_page
    target = csp_url + "sv/jail/"

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
