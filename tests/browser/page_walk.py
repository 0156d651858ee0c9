"""One walk over every built page in Chromium, shared by the checks that need every page.

The site is served with the headers of its own ``_headers`` file (as a host that reads it
would: the workers' policy comes as a header, the pages' as ``<meta>``). Six tabs of one
context load the pages in turns; every request to another origin is aborted and recorded
(a route on the context), and each tab records, per page it shows: the requests it made,
responses with an error status, console errors and uncaught exceptions, Content-Security-
Policy violations (a ``securitypolicyviolation`` listener added before any script), the
page's ``<html lang>`` and its CSP ``<meta>``. A page is left once the site script has
marked it ready, the theme's script has been woken as a reader's first move wakes it, and
the network has been quiet with the search index loaded (the test
server's index has no entries, ``conftest.EmptySearchIndex``: the worker, its scripts and
the index's request are the same, the lunr index built from it is empty; the search tests
use the real one). At the end one calculators page runs until its runtime answers (what
Python in the browser fetches).

Before the walk, a probe from the server's plain 404 page (it has no policy) fetches a
third-party URL: the route must record it, or the recorder is broken.

``tests/browser/test_third_parties.py`` (nothing from elsewhere, the right ``lang``),
``test_csp.py`` (every page meets its policy) and ``test_pages.py`` (no error status, no
console error) assert on the one :class:`Walk`.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from hooks.catalogs.languages import LANGS  # the table of languages
from phone import MEASURE, MIN_TAP
POOL = 6
VIEWPORT = {"width": 1280, "height": 900}
"""The walk's window: a desktop (``test_phone.py`` measures a phone's on its own walk)."""
"""Pages loading at the same time (each mostly waits on its own: more pages than cores)."""
RUNTIME_PAGE = "calculators (runtime)"
"""The key of the calculators page that ran until its runtime answered."""

LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


@dataclass
class Seen:
    """What one page did while it was shown."""

    lang: str
    requests: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    csp_violations: list[str] = field(default_factory=list)
    html_lang: str | None = None
    csp_meta: str | None = None
    ready: bool = False
    wide: list[dict[str, Any]] = field(default_factory=list)
    """Tables wider than their column at :data:`VIEWPORT` (``phone.MEASURE``)."""


@dataclass
class Walk:
    """Every page's :class:`Seen`, keyed by site path (``sv/jail/``, ``sv/404.html``)."""

    origin: str
    pages: dict[str, Seen]
    probe: list[str]
    blocked: list[str]

    def outside(self) -> list[str]:
        """Requests of any page to anything but the site's own origin."""
        return sorted({u for seen in self.pages.values() for u in seen.requests
                       if not is_local(u, self.origin)})


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


def is_local(url: str, origin: str) -> bool:
    scheme = urlsplit(url).scheme
    return scheme in ("data", "blob", "about") or url.startswith(origin)


def quiet(tab: Any, done: Callable[[], bool], calm_ms: int = 200, limit_s: float = 30.0) -> None:
    """Wait until ``done()`` has held for ``calm_ms`` (like Playwright's "networkidle",
    which waits 500 ms, but with the search index as a condition: 100 pages add up)."""
    calm, deadline = 0, time.monotonic() + limit_s
    while calm < calm_ms and time.monotonic() < deadline:
        tab.wait_for_timeout(50)
        calm = calm + 50 if done() else 0


def walk(browser: Any, base_url: str, site: Path) -> Walk:
    """Open every page of ``site`` served at ``base_url`` (see the module docstring)."""
    origin = base_url.rstrip("/")
    pages = site_pages(site)
    seen: dict[str, Seen] = {}
    blocked: list[str] = []
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    context.add_init_script(LISTEN)
    context.route(re.compile(r"^(?!" + re.escape(origin) + r"/)"),
                  lambda route: (blocked.append(route.request.url), route.abort()))
    try:
        tabs = [context.new_page() for _ in range(POOL)]
        current: list[Seen | None] = [None] * POOL
        inflight = [0] * POOL
        index_done = [False] * POOL

        def record(i: int, what: str, value: str) -> None:
            if current[i] is not None:
                getattr(current[i], what).append(value)

        def started(i: int, url: str) -> None:
            record(i, "requests", url)
            inflight[i] += 1

        def ended(i: int, url: str) -> None:
            inflight[i] = max(0, inflight[i] - 1)
            if url.endswith("/search/search_index.json"):
                index_done[i] = True

        for i, tab in enumerate(tabs):
            tab.on("request", lambda req, i=i: started(i, req.url))
            tab.on("requestfinished", lambda req, i=i: ended(i, req.url))
            tab.on("requestfailed", lambda req, i=i: ended(i, req.url))
            tab.on("response", lambda res, i=i: record(i, "bad_responses", f"{res.status} {res.url}")
                   if res.status >= 400 else None)
            tab.on("console", lambda msg, i=i: record(i, "console_errors", msg.text)
                   if msg.type == "error" else None)
            tab.on("pageerror", lambda exc, i=i: record(i, "console_errors", str(exc)))
            tab.on("websocket", lambda ws: blocked.append(ws.url))

        # the recorder works: a request elsewhere is aborted and recorded (never sent)
        tabs[0].goto(base_url + "no-such-page-for-the-probe.html")
        tabs[0].evaluate("fetch('https://third-party.example/probe.js').catch(() => null)")
        for _ in range(100):
            if blocked:
                break
            tabs[0].wait_for_timeout(20)
        probe, blocked[:] = list(blocked), []

        for start in range(0, len(pages), POOL):
            batch = list(zip(range(POOL), tabs, pages[start:start + POOL]))
            for i, tab, (path, lang) in batch:
                current[i], index_done[i] = seen.setdefault(path, Seen(lang)), False
                tab.goto(base_url + path, wait_until="commit")
            for i, tab, (path, _) in batch:
                tab.wait_for_load_state("load")
                page = seen[path]
                try:
                    tab.wait_for_selector("html[data-site-ready='1']", state="attached",
                                          timeout=15000)
                    page.ready = True
                except Exception:  # noqa: BLE001  (reported by the tests as not ready)
                    page.ready = False
                # a reader's first move loads the theme's script (overrides/partials/
                # javascripts/theme.html), and with it the search worker and its index:
                # the walk checks what the page asks for once it is used, not only loaded
                tab.evaluate("() => window.__siteTheme && window.__siteTheme()")
                quiet(tab, lambda i=i: inflight[i] == 0 and index_done[i])
                page.html_lang = tab.evaluate("document.documentElement.lang")
                page.csp_meta = tab.evaluate(
                    "() => document.querySelector('meta[http-equiv=Content-Security-Policy]')"
                    "?.content ?? null")
                # (a violation's event is queued as a task: the quiet wait covered it)
                page.csp_violations = tab.evaluate("() => window.__csp || []")
                # what a desktop shows of its tables, measured on this same load (one walk
                # for every check of every page at this width)
                page.wide = tab.evaluate(MEASURE, MIN_TAP)["wide"] if page.ready else []
                current[i] = None

        # one calculators page until its runtime answers: every file Python fetches
        tab = tabs[0]
        current[0] = seen.setdefault(RUNTIME_PAGE, Seen("sv"))
        tab.goto(base_url + "sv/calculators/")
        tab.wait_for_selector("html[data-calculators=ready]", state="attached")
        tab.focus("#calc-rent form [data-key]")  # the runtime starts on first use
        tab.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                              timeout=120_000)
        tab.wait_for_load_state("networkidle")
        current[0].csp_violations = tab.evaluate("() => window.__csp || []")
        current[0].ready = True
    finally:
        context.close()
    return Walk(origin, seen, probe, blocked)
