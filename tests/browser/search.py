"""Typing a query into Material's search box the way a reader does, for the browser tests.

Material runs a query on key events (``keyup``) and when its search worker reports ready;
``fill()`` alone fires neither, so a query filled after the worker got ready is never run
(this made the offline search test flaky). :func:`search` types the words, presses a key and,
if no result comes within a second (the index was still loading), types them again.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

BOX = "input.md-search__input"
RESULT = ".md-search-result__item a"


def search(page: Any, words: str, attempts: int = 60) -> list[str]:
    """The result links (``href``) Material's search shows for ``words`` (the box focused
    first); fails after ``attempts`` seconds without a result."""
    page.locator(f"label.md-search__icon, {BOX}").first.click()
    for _ in range(attempts):
        page.fill(BOX, words)
        page.press(BOX, "End")  # a key event: Material searches on keyup
        try:
            page.wait_for_selector(RESULT, timeout=1000)
            break
        except PlaywrightTimeout:
            page.fill(BOX, "")
    else:
        raise AssertionError(f"no search result for {words!r} within {attempts} s")
    return page.eval_on_selector_all(RESULT, "els => els.map(a => a.href)")
