"""The calculators when Python in the browser cannot start, or starts slowly.

* Blocked: every request for ``/assets/pyodide/*`` is aborted (a Playwright route). Each
  calculator keeps its build-time result (exactly the CPython result of its defaults),
  its status line says in the page language that the calculator cannot run here, a
  changed input is marked as not recalculated, and going back to the defaults shows the
  build-time result again.
* Engine missing: ``engine.zip`` is blocked: the same, with the "engine" notice.
* Slow: the site is served by a server that holds every Pyodide file back for a while
  (a Playwright route handler cannot wait without stopping the test's own calls).
  Meanwhile the build-time results stay, the status line says (translated) that the
  calculator is loading, a changed input waits with a translated notice; when the
  runtime arrives the waiting request is computed and shown, equal to CPython.

In every case: no uncaught exception and no console error, apart from Chromium's own
"Failed to load resource" line for a request the test blocked on purpose.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from hooks.render import calculator_forms as cforms
from tools.static_site import SiteHandler, serve
from page_text import squash
from test_fuzz_calculators import expected_text, message

pytestmark = pytest.mark.browser

from hooks.catalogs.languages import LANGS  # the table of languages
from present.views import CALCULATORS
KINDS = CALCULATORS
DELAY = 3.0
"""Seconds the slow server holds back each Pyodide file."""


def calculators_path(lang: str) -> str:
    return ("" if lang == "nl" else f"{lang}/") + "calculators/"


class Recorder:
    """Uncaught exceptions and console errors of a page (the deliberate blocks excepted)."""

    def __init__(self, page: Any, blocked: str) -> None:
        self.problems: list[str] = []
        self.blocked = blocked
        page.on("pageerror", lambda exc: self.problems.append(f"uncaught: {exc}"))
        page.on("console", self.console)

    def console(self, msg: Any) -> None:
        if msg.type != "error":
            return
        where = (msg.location or {}).get("url", "")
        if msg.text.startswith("Failed to load resource") and self.blocked and self.blocked in where:
            return
        self.problems.append(f"console: {msg.text} ({where})")


def status(page: Any, kind: str) -> tuple[str, str]:
    return (page.get_attribute(f"#calc-{kind} .calc-status", "data-state") or "",
            squash(page.text_content(f"#calc-{kind} .calc-status") or ""))


def output(page: Any, kind: str) -> str:
    return squash(page.eval_on_selector(f"#calc-{kind} .calc-output", "e => e.textContent"))


def change_input(page: Any, kind: str) -> int:
    """Change one input of a calculator (the same for every language); return the
    calculator's change count before it."""
    sel = f"#calc-{kind}"
    before = int(page.get_attribute(sel, "data-changes") or 0)
    if kind == "rent":
        page.select_option(f"{sel} select[data-key=buildings]", "3")
    elif kind == "jail":
        page.fill(f"{sel} input[data-key=cash]", "40")
    elif kind == "mortgage":
        page.select_option(f"{sel} select[data-key=action]", "lift")
    else:
        page.fill(f"{sel} [data-item] input[data-key=cash]", "999")
    return before


def wait_settled(page: Any, kind: str, before: int, timeout: float = 30_000) -> None:
    page.wait_for_function(
        """([sel, before]) => { const s = document.querySelector(sel);
             return +(s.dataset.changes || 0) > before && s.dataset.updated === s.dataset.changes
               && !s.hasAttribute('aria-busy'); }""", arg=[f"#calc-{kind}", before],
        timeout=timeout)


def shown_request(page: Any, kind: str) -> Any:
    return json.loads(page.get_attribute(f"#calc-{kind}", "data-shown-request"))


# --------------------------------------------------------------------------- blocked


@pytest.mark.parametrize("blocked,reason", [("/assets/pyodide/", "runtime"),
                                            ("/assets/engine.zip", "engine")],
                         ids=["pyodide-blocked", "engine-blocked"])
def test_blocked_runtime(browser, site_url: str, report, blocked: str, reason: str) -> None:
    langs = LANGS if reason == "runtime" else ("sv",)
    for lang in langs:
        context = browser.new_context(service_workers="block")
        try:
            page = context.new_page()
            recorder = Recorder(page, blocked)
            aborted: list[str] = []
            page.route(f"**{blocked}*", lambda route: (aborted.append(route.request.url),
                                                        route.abort()))
            page.goto(site_url + calculators_path(lang))
            page.wait_for_selector("html[data-calculators=ready]", state="attached")
            page.focus("#calc-rent form [data-key]")  # the runtime starts on first use
            page.wait_for_selector("#calc-rent .calc-status[data-state=failed]",
                                   state="attached", timeout=90_000)
            assert aborted, "the route blocked nothing: the test does not test"
            notice = message(lang, f"calc.failed.{reason}")
            for kind in KINDS:
                defaults = cforms.default_request(kind, lang)
                assert status(page, kind) == ("failed", notice), (lang, kind)
                assert output(page, kind) == expected_text(lang, kind, defaults)[0]
                before = change_input(page, kind)
                wait_settled(page, kind, before)
                stale = page.text_content(f"#calc-{kind} .calc-stale")
                assert squash(stale or "") == message(lang, "calc.stale"), (lang, kind)
                assert output(page, kind) == expected_text(lang, kind, defaults)[0]
                before = int(page.get_attribute(f"#calc-{kind}", "data-changes") or 0)
                page.click(f"#calc-{kind} .calc-reset")
                wait_settled(page, kind, before)
                assert page.query_selector(f"#calc-{kind} .calc-stale") is None
                assert output(page, kind) == expected_text(lang, kind, defaults)[0]
            assert recorder.problems == [], recorder.problems
            report("runtime failure", f"{reason} blocked (pages)", 1)
        finally:
            context.close()


# --------------------------------------------------------------------------- slow


class SlowHandler(SiteHandler):
    """The built site, with every file under /assets/pyodide/ held back ``DELAY`` s."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if "/assets/pyodide/" in self.path:
            time.sleep(DELAY)
        super().do_GET()


@pytest.fixture(scope="module")
def slow_url(built_site: Path) -> Iterator[str]:
    with serve(built_site, SlowHandler) as url:
        yield url


def test_slow_runtime(browser, slow_url: str, report) -> None:
    """All four languages at once (the waits overlap): loading notice, build-time results,
    a waiting change, then the live result once the runtime has arrived."""
    opened: list[tuple[str, Any, Any, Recorder]] = []
    try:
        for lang in LANGS:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            opened.append((lang, context, page, Recorder(page, "")))
            page.goto(slow_url + calculators_path(lang))
        changed: dict[str, tuple[int, Any]] = {}
        for lang, _, page, _ in opened:
            page.wait_for_selector("html[data-calculators=ready]", state="attached")
            page.focus("#calc-rent form [data-key]")  # the runtime starts on first use
            loading = {message(lang, f"calc.status.{s}") for s in ("loading", "runtime")}
            for kind in KINDS:
                state, text = status(page, kind)
                assert state == "loading" and text in loading, (lang, kind, state, text)
                defaults = cforms.default_request(kind, lang)
                assert output(page, kind) == expected_text(lang, kind, defaults)[0]
            before = change_input(page, "jail")
            state, text = status(page, "jail")
            assert (state, text) == ("loading", message(lang, "calc.status.waiting")), lang
            assert squash(page.text_content("#calc-jail .calc-stale") or "") == \
                message(lang, "calc.stale")
            changed[lang] = (before, page)
        for lang, _, page, recorder in opened:
            before, _ = changed[lang]
            wait_settled(page, "jail", before, timeout=120_000)
            request = shown_request(page, "jail")
            assert request == {**cforms.default_request("jail", lang), "cash": 40}
            assert output(page, "jail") == expected_text(lang, "jail", request)[0]
            assert status(page, "jail") == ("ready", message(lang, "calc.status.ready"))
            assert page.query_selector("#calc-jail .calc-stale") is None
            assert recorder.problems == [], (lang, recorder.problems)
            report("runtime failure", "slow runtime (pages)", 1)
    finally:
        for _, context, _, _ in opened:
            context.close()
