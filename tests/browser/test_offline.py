"""Offline reading and updates through the service worker (``hooks/runtime/offline.py``, issue 17).

These contexts allow service workers (the others block them). Each test serves its own
copy of the built site, so the worker and its caches never leak into other tests.

* After one online visit, with the network off (``context.set_offline(True)``): five other
  pages of that language open, search finds a page, and a calculator answers.
* A new build replaces the old one whole: after an update every cached file and every page
  shown is the new build's, and no page ever shows one build's HTML with the other's styles.
"""

from __future__ import annotations

import re
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from hooks.runtime.offline import finish
from tools.static_site import SiteHandler, serve
from search import search
from test_calculators import Calc, page_path, wait_runtime

LANG = "sv"
OTHER_PAGES = ("jail", "rent", "buying", "glossary", "rulings")
READY = 60_000


def marked_copy(site: Path, dest: Path, mark: str) -> Path:
    """A copy of the built site as build ``mark``: every page carries
    ``<meta name="test-build" content=mark>`` and site.css ``--test-build: "mark"``; then
    the build's last step (policies, service worker) runs again over it, as in a build."""
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(site, dest)
    for page in dest.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("<head>", f'<head><meta name="test-build" content="{mark}">',
                                     1), encoding="utf-8")
    css = dest / "assets" / "site.css"
    css.write_text(css.read_text(encoding="utf-8") + f'\n:root {{ --test-build: "{mark}"; }}\n',
                   encoding="utf-8")
    finish(dest)
    return dest


class Switchable:
    """A static server whose folder can be swapped (a host deploying a new build)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.Lock()

    def handler(self) -> type[SiteHandler]:
        owner = self

        class Handler(SiteHandler):
            def translate_path(self, path: str) -> str:
                self.directory = str(owner.folder)
                return super().translate_path(path)

        return Handler


def sw_context(browser: Any) -> Any:
    return browser.new_context(viewport={"width": 1280, "height": 900},
                               service_workers="allow")


def wait_offline_state(page: Any, state: str) -> None:
    page.wait_for_selector(f"html[data-offline='{state}']", state="attached", timeout=READY)


def build_marks(page: Any) -> tuple[str | None, str]:
    """(the page's build, the build of the style sheet it got)."""
    return tuple(page.evaluate("""() => [
        document.querySelector('meta[name=test-build]')?.content ?? null,
        getComputedStyle(document.documentElement).getPropertyValue('--test-build')
            .trim().replace(/"/g, '')]"""))


@pytest.fixture
def served(built_site: Path, tmp_path: Path) -> Iterator[tuple[Switchable, str, Path]]:
    a = marked_copy(built_site, tmp_path / "a", "A")
    server = Switchable(a)
    with serve(a, handler=server.handler()) as url:
        yield server, url, tmp_path


def test_offline_after_one_visit(browser, served) -> None:
    server, url, _ = served
    context = sw_context(browser)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url + page_path(LANG, "index"))
        wait_offline_state(page, "ready")
        text = page.inner_text(".site-offline__text")
        assert "utan nätverk" in text, text  # said on the page, in the page's language
        keep = page.locator(".site-offline__keep")
        assert keep.is_visible()
        keep.click()  # "keep the calculators offline"
        wait_offline_state(page, "ready-calculators")
        assert not keep.is_visible()

        context.set_offline(True)
        for slug in OTHER_PAGES:
            page.goto(url + page_path(LANG, slug))
            assert page.locator("h1").first.inner_text().strip(), slug
            assert build_marks(page) == ("A", "A"), slug
        # Search, offline: Material's search worker and this language's index from the cache.
        hrefs = search(page, "fängelse")
        assert hrefs and all(f"/{LANG}/" in h for h in hrefs), hrefs[:3]
        # A calculator answer, offline.
        page.goto(url + page_path(LANG, "calculators"))
        page.wait_for_selector("html[data-calculators=ready]", state="attached")
        c = Calc(page, "mortgage")
        c.select("action", "lift")
        wait_runtime(page, "calc-mortgage")
        page.wait_for_function(
            "() => document.querySelector('#calc-mortgage .calc-result').dataset.source === 'live'",
            timeout=30_000)
        assert page.inner_text("#calc-mortgage .calc-result").strip()
        assert errors == []
    finally:
        context.close()


def test_new_build_replaces_old_without_a_mix(browser, built_site: Path, served) -> None:
    server, url, tmp = served
    context = sw_context(browser)
    seen: list[tuple[str, tuple[str | None, str]]] = []
    try:
        page = context.new_page()
        page.goto(url + page_path(LANG, "index"))
        wait_offline_state(page, "ready")
        seen.append(("first", build_marks(page)))
        old_caches = page.evaluate("() => caches.keys()")
        assert len(old_caches) == 1

        server.folder = marked_copy(built_site, tmp / "b", "B")  # the host deploys build B
        page.goto(url + page_path(LANG, "jail"))
        seen.append(("cached", build_marks(page)))
        assert build_marks(page) == ("A", "A")  # from the cache, whole
        # The browser checks for a new worker; it installs B, takes over, the page reloads.
        page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_function("() => document.querySelector('meta[name=test-build]')"
                               "?.content === 'B'", timeout=READY, polling=200)
        wait_offline_state(page, "ready")
        seen.append(("after update", build_marks(page)))
        for slug in ("rent", "glossary"):
            page.goto(url + page_path(LANG, slug))
            seen.append((slug, build_marks(page)))
        assert all(html == css for _, (html, css) in seen), seen  # never a mix on a page
        assert [m for _, (m, _) in seen] == ["A", "A", "B", "B", "B"], seen

        names = page.evaluate("() => caches.keys()")
        assert len(names) == 1 and names != old_caches, (names, old_caches)
        # Every page kept in the new cache is build B's.
        marks = page.evaluate("""async () => {
            const cache = await caches.open((await caches.keys())[0]);
            const out = [];
            for (const req of await cache.keys()) {
                if (!req.url.endsWith('/')) continue;
                const text = await (await cache.match(req)).text();
                out.push((text.match(/name="test-build" content="(\\w)"/) || [])[1] || null);
            }
            return out;
        }""")
        assert len(marks) >= 20 and set(marks) == {"B"}, marks
    finally:
        context.close()


def test_marked_copy_differs_only_by_mark(built_site: Path, tmp_path: Path) -> None:
    """The two builds of the update test differ, so their workers differ too."""
    a = marked_copy(built_site, tmp_path / "a", "A")
    b = marked_copy(built_site, tmp_path / "b", "B")
    sw_a, sw_b = (a / "sw.js").read_text(), (b / "sw.js").read_text()
    assert sw_a != sw_b
    version = re.compile(r'"version":"([0-9a-f]{16})"')
    assert version.search(sw_a) and version.search(sw_b)
