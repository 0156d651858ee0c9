"""No third parties: the site never loads anything from another origin.

Every page of every language of the built site is opened in Chromium by the shared walk
(``page_walk.py``), with every request to another origin blocked and recorded, each page
until the network is quiet with the search index loaded, and one calculators page until
its runtime answers: zero attempts allowed. The page's ``<html lang>`` must be its
language. (The built files themselves are read for outside resources by
``tests/test_build.py``.) The number of pages checked is printed at the end of the run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from page_walk import LANGS, RUNTIME_PAGE, Walk, site_pages

pytestmark = pytest.mark.browser


def test_every_page_requests_nothing_elsewhere(every_page: Walk, built_site: Path,
                                               report) -> None:
    pages = site_pages(built_site)
    assert len(pages) >= 4 * 20, f"only {len(pages)} pages found: is the site built?"
    assert {lang for _, lang in pages} == set(LANGS)
    # the recorder works: the probe's request elsewhere was blocked and recorded
    assert every_page.probe == ["https://third-party.example/probe.js"], every_page.probe
    assert set(every_page.pages) == {path for path, _ in pages} | {RUNTIME_PAGE}
    requests = sum(len(seen.requests) for seen in every_page.pages.values())
    print(f"\nthird parties: {len(pages)} pages checked in Chromium, {requests} requests, "
          f"{len(every_page.blocked)} blocked")
    report("pages checked", "no third parties (browser)", len(pages))
    assert requests > len(pages), "the request recorder is broken"
    runtime = every_page.pages[RUNTIME_PAGE].requests
    assert any(u.endswith("/assets/pyodide/pyodide.asm.wasm") for u in runtime), runtime
    assert every_page.blocked == [], f"requests to other origins: {sorted(set(every_page.blocked))[:20]}"
    assert every_page.outside() == [], every_page.outside()[:20]
    wrong_lang = [f"{path}: <html lang={seen.html_lang!r}>, expected {seen.lang!r}"
                  for path, seen in every_page.pages.items()
                  if path != RUNTIME_PAGE and seen.html_lang != seen.lang]
    assert wrong_lang == [], wrong_lang[:20]
