"""Fixtures for browser tests: the site built once, served on 127.0.0.1, Debian Chromium.

Fixtures (reuse them in any test under ``tests/browser/``):

- ``built_site`` (session, from ``tests/conftest.py``): ``Path`` of the strictly built site (one build per run;
  ``$MONOPOLY_SITE_DIR`` uses an existing build instead).
- ``site_url`` (session): base URL of an HTTP server for it, ``http://127.0.0.1:PORT/``
  (``.wasm`` as ``application/wasm``, ``.mjs``/``.js`` as JavaScript, ``.json``, ``.svg``).
- ``browser`` (session): headless Chromium from ``/usr/bin/chromium`` via Playwright.
- ``headers_url`` (session): the same site served with its ``_headers`` file applied.
- ``every_page`` (session): a :class:`page_walk.Walk`: every page opened once, with what it
  requested, logged and violated (third parties, CSP, console errors share it).
- ``open_page`` (function): ``open_page(path, width=1280, height=900) -> SitePage``; opens
  a page in a fresh context, records every request and console error, and waits until
  ``<html data-site-ready="1">`` (set by ``docs/assets/site.js``).
- ``site_page`` (function): a :class:`SitePage` at 1280 x 900 not yet navigated.
- ``screenshot_dir`` (session): ``screenshots/`` at the project root (git-ignored).
- ``calc_pages`` (module): ``calc_pages(lang) -> page``: one calculators page per language
  with its runtime started (by a first interaction), shared by a module's tests; tests apply
  their states in place instead of loading a page per case.

A :class:`SitePage` has ``.page`` (Playwright page), ``.requests`` (every URL requested),
``.console_errors``, ``.bad_responses`` (HTTP status >= 400), ``.goto(path)`` and ``.external_requests()`` (requests to hosts other
than 127.0.0.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator
from urllib.parse import urlsplit

import pytest

from page_walk import Walk, walk
from tools.site_build import ROOT
from tools.static_site import CHROMIUM, CHROMIUM_ARGS, HeadersFileHandler, serve

LOCAL_HOSTS = {"127.0.0.1"}

@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Serve the built site on 127.0.0.1 (a free port) for the whole session."""
    with serve(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def headers_url(built_site: Path) -> Iterator[str]:
    """The built site served with the headers of its own ``_headers`` file (as a host that
    reads it would), for the whole session."""
    with serve(built_site, handler=HeadersFileHandler) as url:
        yield url


@pytest.fixture(scope="session")
def every_page(browser, headers_url: str, built_site: Path) -> Walk:
    """Every built page opened once in Chromium (``page_walk.py``): what each requested,
    logged and violated, for the tests that check all pages."""
    return walk(browser, headers_url, built_site)


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium (Playwright cannot download its own browsers here)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class SitePage:
    """A browser page on the served site that records what it requests."""

    page: object
    base_url: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)

    def url(self, path: str) -> str:
        """Absolute URL of a site path such as ``sv/rent/``."""
        return self.base_url + path.lstrip("/")

    def goto(self, path: str, ready: bool = True) -> None:
        """Open a site path and wait for the site's ready marker."""
        self.page.goto(self.url(path), wait_until="load")
        if ready:
            self.page.wait_for_selector("html[data-site-ready='1']", state="attached",
                                        timeout=15000)

    def external_requests(self) -> list[str]:
        """Requests to anything but the local server (data: and blob: URLs are local)."""
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob", "about"):
                continue
            if parts.hostname not in LOCAL_HOSTS:
                out.append(url)
        return out


@pytest.fixture
def open_page(browser, site_url: str) -> Iterator[Callable[..., SitePage]]:
    """Factory: ``open_page(path, width=1280, height=900)`` in a fresh browser context."""
    contexts = []

    def _open(path: str | None = None, width: int = 1280, height: int = 900,
              ready: bool = True) -> SitePage:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      device_scale_factor=1, service_workers="block")
        contexts.append(context)
        page = context.new_page()
        sp = SitePage(page, site_url)
        page.on("request", lambda req: sp.requests.append(req.url))
        page.on("console", lambda msg: sp.console_errors.append(msg.text)
                if msg.type == "error" else None)
        page.on("pageerror", lambda exc: sp.console_errors.append(str(exc)))
        page.on("response", lambda res: sp.bad_responses.append(f"{res.status} {res.url}")
                if res.status >= 400 else None)
        if path is not None:
            sp.goto(path, ready=ready)
        return sp

    yield _open
    for context in contexts:
        context.close()


@pytest.fixture
def site_page(open_page) -> SitePage:
    """A :class:`SitePage` at desktop width, not yet navigated (call ``.goto``)."""
    return open_page()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """``screenshots/`` at the project root (git-ignored), created on demand."""
    folder = ROOT / "screenshots"
    folder.mkdir(exist_ok=True)
    return folder


CALC_READY_TIMEOUT = 120_000


@pytest.fixture(scope="module")
def calc_pages(browser, site_url: str) -> Iterator[Callable[[str], object]]:
    """One loaded calculators page per language, shared by a module's tests (the runtime
    starts once per language); each test resets or applies the state it uses."""
    contexts: dict[str, object] = {}
    pages: dict[str, object] = {}
    errors: dict[str, list[str]] = {}

    def get(lang: str) -> object:
        if lang not in pages:
            context = browser.new_context(viewport={"width": 1280, "height": 900},
                                          service_workers="block")
            page = context.new_page()
            errors[lang] = []
            page.on("pageerror", lambda exc, lang=lang: errors[lang].append(str(exc)))
            page.goto(site_url + ("" if lang == "nl" else f"{lang}/") + "calculators/")
            page.wait_for_selector("html[data-calculators=ready]", state="attached")
            page.focus("#calc-rent select")  # a first interaction starts the runtime
            page.wait_for_selector("#calc-rent .calc-status[data-state=ready]", state="attached",
                                   timeout=CALC_READY_TIMEOUT)
            contexts[lang], pages[lang] = context, page
        assert errors[lang] == [], errors[lang]
        return pages[lang]

    yield get
    for lang, context in contexts.items():
        assert errors[lang] == [], errors[lang]
        context.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test under ``tests/browser/`` is a browser test (``-m "not browser"`` leaves
    them out), whether or not its module says so."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
