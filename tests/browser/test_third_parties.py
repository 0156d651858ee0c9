"""No third parties: the site never loads anything from another origin.

Every page of every language of the built site is opened in Chromium with every request
to another origin blocked and recorded (a route on the browser context), waiting until
the network is idle (search index, calculators' runtime and all): zero attempts allowed.
The page's ``<html lang>`` must be its language. (The built files themselves are read
for outside resources by ``tests/test_build.py``.) The number of pages checked is printed
at the end of the run.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

LANGS = ("nl", "sv", "da", "nb")
POOL = 6
"""Pages loading at the same time (each waits for network idle on its own: mostly waiting,
so more pages than cores)."""


def site_pages(site: Path) -> list[tuple[str, str]]:
    """Every built HTML page as (site path, language), e.g. ``("sv/rent/", "sv")``."""
    out = []
    for file in sorted(site.rglob("*.html")):
        rel = file.relative_to(site).as_posix()
        if rel.startswith(("assets/", "search/")):
            continue
        path = rel[: -len("index.html")] if rel.endswith("index.html") else rel
        first = path.split("/", 1)[0]
        out.append((path, first if first in LANGS[1:] else "nl"))
    return out


def quiet(tab: Any, done: Callable[[], bool], calm_ms: int = 200, limit_s: float = 30.0) -> None:
    """Wait until ``done()`` has held for ``calm_ms`` (like Playwright's "networkidle",
    which waits 500 ms, but with the search index as a condition: 100 pages add up)."""
    calm, deadline = 0, time.monotonic() + limit_s
    while calm < calm_ms and time.monotonic() < deadline:
        tab.wait_for_timeout(50)
        calm = calm + 50 if done() else 0


def is_local(url: str, origin: str) -> bool:
    scheme = urlsplit(url).scheme
    return scheme in ("data", "blob", "about") or url.startswith(origin)


def test_every_page_requests_nothing_elsewhere(browser, site_url: str, built_site: Path,
                                               report) -> None:
    pages = site_pages(built_site)
    assert len(pages) >= 4 * 20, f"only {len(pages)} pages found: is the site built?"
    assert {lang for _, lang in pages} == set(LANGS)
    origin = site_url.rstrip("/")
    blocked: list[str] = []
    requested: dict[str, list[str]] = {}
    problems: list[str] = []
    context = browser.new_context(service_workers="block")
    # Everything that does not start with the site's own origin is aborted and recorded.
    context.route(re.compile(r"^(?!" + re.escape(origin) + r"/)"),
                  lambda route: (blocked.append(route.request.url), route.abort()))
    try:
        tabs = [context.new_page() for _ in range(POOL)]
        current: dict[int, str] = {}  # tab -> the site path it shows
        inflight = [0] * POOL  # requests of each tab not finished yet
        index_done = [False] * POOL  # the tab's search worker has its index

        def started(i: int, url: str) -> None:
            requested.setdefault(current.get(i, "?"), []).append(url)
            inflight[i] += 1

        def ended(i: int, url: str) -> None:
            inflight[i] = max(0, inflight[i] - 1)
            if url.endswith("/search/search_index.json"):
                index_done[i] = True

        for i, tab in enumerate(tabs):
            tab.on("request", lambda req, i=i: started(i, req.url))
            tab.on("requestfinished", lambda req, i=i: ended(i, req.url))
            tab.on("requestfailed", lambda req, i=i: ended(i, req.url))
            tab.on("websocket", lambda ws: blocked.append(ws.url))
        # the recorder works: a request elsewhere is blocked and recorded (never sent). It is
        # made from the server's plain 404 page: the site's own pages carry a policy (CSP)
        # under which the browser refuses such a fetch before any route sees it (test_csp.py)
        tabs[0].goto(site_url + "no-such-page-for-the-probe.html")
        tabs[0].evaluate("fetch('https://third-party.example/probe.js').catch(() => null)")
        tabs[0].wait_for_function("() => true")
        for _ in range(100):
            if blocked:
                break
            tabs[0].wait_for_timeout(20)
        assert blocked == ["https://third-party.example/probe.js"], blocked
        blocked.clear()
        requested.clear()
        for start in range(0, len(pages), POOL):
            batch = list(zip(range(POOL), tabs, pages[start:start + POOL]))
            for i, tab, (path, _) in batch:
                current[i], index_done[i] = path, False
                tab.goto(site_url + path, wait_until="commit")
            for i, tab, (path, lang) in batch:
                tab.wait_for_load_state("load")
                # the search worker loads its scripts and index after "load": wait for
                # them and for a quiet network (indexing itself needs no network)
                quiet(tab, lambda i=i: inflight[i] == 0 and index_done[i])
                shown = tab.evaluate("document.documentElement.lang")
                if shown != lang:
                    problems.append(f"{path}: <html lang={shown!r}>, expected {lang!r}")
        # one calculators page until its runtime is ready: every file Python in the
        # browser fetches after starting (the other pages were left before that)
        tab = tabs[0]
        current[0] = "calculators (runtime)"
        tab.goto(site_url + "sv/calculators/")
        tab.wait_for_selector("html[data-calculators=ready]", state="attached")
        tab.focus("#calc-rent form [data-key]")  # the runtime starts on first use
        tab.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                              timeout=120_000)
        tab.wait_for_load_state("networkidle")
    finally:
        context.close()
    outside = sorted({u for urls in requested.values() for u in urls if not is_local(u, origin)})
    print(f"\nthird parties: {len(pages)} pages checked in Chromium, "
          f"{sum(len(v) for v in requested.values())} requests, {len(blocked)} blocked")
    report("pages checked", "no third parties (browser)", len(pages))
    assert sum(len(v) for v in requested.values()) > len(pages), "the request recorder is broken"
    runtime = requested.get("calculators (runtime)", [])
    assert any(u.endswith("/assets/pyodide/pyodide.asm.wasm") for u in runtime), runtime
    assert blocked == [], f"requests to other origins: {sorted(set(blocked))[:20]}"
    assert outside == [], outside[:20]
    assert problems == [], problems[:20]
