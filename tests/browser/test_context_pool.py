"""The warm contexts ``open_page`` lends (``tests/browser/conftest.py``, ``ContextPool``):
a context that comes back to the pool is lent again with nothing of the last test in it
but its caches: no site storage, no granted permission, no route; and two pages of one
test never share a context (their storage stays apart, as with fresh contexts)."""

from __future__ import annotations

import pytest

from conftest import ContextPool

pytestmark = pytest.mark.browser

STORE = "() => localStorage.setItem('monopoly.edition', 'classic-us')"
READ = "() => JSON.stringify(localStorage)"


def test_a_lent_context_comes_back_clean(browser, site_url: str) -> None:
    pool = ContextPool(browser, site_url)
    try:
        context = pool.take()
        page = pool.new_page(context)
        page.goto(site_url + "sv/rent/")
        page.evaluate(STORE)
        context.grant_permissions(["clipboard-read"])
        context.route("**/nothing-here", lambda route: route.abort())
        assert page.evaluate(READ) != "{}"
        pool.give_back(context)
        assert context.pages == []

        again = pool.take()
        assert again is context and pool.made == 1, "the context is kept and lent again"
        page = pool.new_page(again)
        page.goto(site_url + "sv/rent/")
        assert page.evaluate(READ) == "{}", "the last test's storage is gone"
        state = page.evaluate(
            "() => navigator.permissions.query({name: 'clipboard-read'}).then(p => p.state)")
        assert state != "granted", "the last test's permission is gone"
        pool.give_back(again)
    finally:
        pool.close()


def test_two_pages_of_one_test_do_not_share_storage(open_page) -> None:
    first = open_page("sv/rent/")
    first.page.evaluate(STORE)
    second = open_page("sv/rent/")
    assert first.page.context is not second.page.context
    assert second.page.evaluate(READ) == "{}"
    assert "classic-us" in first.page.evaluate(READ)


def test_no_browser_ui_renderer_beside_the_tabs(open_page, browser) -> None:
    """Chromium runs no page of its own UI beside a test's tabs (``tools.static_site``:
    the address bar's popups would load in a renderer for every tab a test opens)."""
    sp = open_page("sv/rent/")
    cdp = browser.new_browser_cdp_session()
    try:
        targets = cdp.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    finally:
        cdp.detach()
    assert any(t["type"] == "page" and t["url"] == sp.page.url for t in targets), targets
    assert [t["url"] for t in targets if t["type"] == "browser_ui"
            or t["url"].startswith("chrome://")] == []


def test_our_feature_switch_keeps_playwrights() -> None:
    """Our ``--disable-features`` replaces Playwright's own (the last switch wins), so it
    must repeat every feature the pinned Playwright turns off."""
    import re
    from pathlib import Path

    import playwright

    from tools.static_site import PLAYWRIGHT_DISABLED_FEATURES
    bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    source = bundle.read_text(encoding="utf-8")
    block = re.search(r"disabledFeatures = \[(.*?)\]\.filter", source, re.S)
    assert block, "Playwright's list of disabled features moved: read chromiumSwitches.ts"
    theirs = set(re.findall(r'^\s*"(\w+)"', block.group(1), re.M))
    theirs -= {"TcpPortRandomizationWin", "msForceBrowserSignIn",
               "msEdgeUpdateLaunchServicesPreferredVersion"}  # Windows, Edge and macOS only
    assert theirs and theirs <= set(PLAYWRIGHT_DISABLED_FEATURES), \
        theirs - set(PLAYWRIGHT_DISABLED_FEATURES)
