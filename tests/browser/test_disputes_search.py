"""Each dispute is found by the way players phrase it, through the site's own search.

For every language, one page (that language's disputes page) is opened once in Chromium;
from inside it the test starts Material's search worker (the script named in the page's
``__config``, the one Material's bundle starts for a reader) and gives it the language's
own index (``<lang>/search/search_index.json``), with the same setup and query messages
the bundle posts. Every phrasing of every dispute in ``translations/<lang>/disputes.po``
(``dispute.<id>.asked``, at least two a dispute) is then searched as typed, and the
dispute must be among the first three results *a reader sees*: per page of results, the
sections Material shows without "more on this page" (those tied with the page's best
score; ``renderSearchResultItem`` in Material's bundle), in the order shown.

A second test types phrasings into the real search box and reads the rendered list, so
the worker-level check cannot drift from what the page shows.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from hooks.render.disputes import DISPUTES
from hooks.render.render_disputes import PAGE, phrasings

pytestmark = pytest.mark.browser

from hooks.catalogs.languages import LANGS  # the table of languages
TOP = 3
MIN_QUERIES = 320
QUERIES: dict[str, list[tuple[str, str]]] = {
    lang: [(d.id, q) for d in DISPUTES.values() for q in phrasings(lang, d)] for lang in LANGS}
"""(dispute id, phrasing) per language: the queries this test runs."""

# The worker protocol of Material 9 (integrations/search/worker/message): SETUP 0, READY 1,
# QUERY 2, RESULT 3. Shown sections per page group: Material's renderSearchResultItem.
SEARCH_ALL = """
async (queries) => {
  const cfg = JSON.parse(document.getElementById("__config").textContent);
  const base = new URL(cfg.base, location.href);
  const index = await (await fetch(new URL("search/search_index.json", base))).json();
  const worker = new Worker(new URL(cfg.search, location.href));
  const reply = () => new Promise(resolve =>
    worker.addEventListener("message", ev => resolve(ev.data), {once: true}));
  worker.postMessage({type: 0, data: {config: index.config, docs: index.docs,
                                      options: {suggest: false}}});
  const ready = await reply();
  if (ready.type !== 1) throw new Error("search worker not ready: " + JSON.stringify(ready));
  const out = [];
  for (const query of queries) {
    worker.postMessage({type: 2, data: query});
    const result = await reply();
    const shown = [];
    for (const group of result.data.items) {
      const threshold = group[0].score;
      for (const doc of group) {
        if (!doc.location.includes("#")) continue;   // the page itself, shown as the header
        if (doc.score < threshold) break;            // folded under "more on this page"
        shown.push(doc.location);
      }
    }
    out.push(shown.slice(0, %d));
  }
  worker.terminate();
  return {index: index.docs.length, results: out};
}
""" % TOP


def page_path(lang: str) -> str:
    return f"{PAGE}/" if lang == "nl" else f"{lang}/{PAGE}/"


def test_every_dispute_has_at_least_two_phrasings_and_enough_queries_in_all() -> None:
    for lang, queries in QUERIES.items():
        for d in DISPUTES:
            assert sum(1 for i, _ in queries if i == d) >= 2, f"{lang}: {d}"
    assert sum(len(q) for q in QUERIES.values()) >= MIN_QUERIES


@pytest.mark.parametrize("lang", LANGS)
def test_every_phrasing_finds_its_dispute_in_the_top_three(open_page, report, lang: str) -> None:
    sp = open_page(page_path(lang), search=True)
    queries = QUERIES[lang]
    started = time.perf_counter()
    answer = sp.page.evaluate(SEARCH_ALL, [q for _, q in queries])
    elapsed = time.perf_counter() - started
    assert answer["index"] > len(DISPUTES), "the language's index was not loaded"
    misses = []
    for (dispute, query), shown in zip(queries, answer["results"], strict=True):
        if f"{PAGE}/#{dispute}" not in shown:
            misses.append(f"{dispute}: {query!r} -> {shown}")
    report("dispute searches", f"{lang} ({elapsed:.1f} s)", len(queries))
    assert misses == [], f"{lang}: {len(misses)} of {len(queries)} phrasings miss:\n" + \
        "\n".join(misses)
    assert sp.external_requests() == []
    assert sp.console_errors == []


TYPED = {"nl": ("lend-money", "go-exact-double"), "sv": ("jail-pay-when", "auction-no-bid"),
         "da": ("rent-forgotten", "speed-bus"), "nb": ("get-out-card-sell", "game-end")}
"""Disputes whose first phrasing is typed into the real search box, per language."""


@pytest.mark.parametrize("lang", LANGS)
def test_typed_in_the_search_box_the_dispute_shows_among_the_first_results(
        open_page, lang: str) -> None:
    sp = open_page(page_path(lang), search=True)
    box = "input.md-search__input"
    sp.page.click(box)
    for dispute in TYPED[lang]:
        query = phrasings(lang, DISPUTES[dispute])[0]
        target = f"#{dispute}"
        shown: list[str] = []
        for _ in range(30):  # a query typed before the index has loaded is not re-run: retype
            # start from an empty list, so whatever shows next answers this query
            sp.page.fill(box, "")
            sp.page.press(box, "End")
            sp.page.wait_for_function(
                "() => !document.querySelector('.md-search-result__item')", timeout=5000)
            sp.page.fill(box, query)
            sp.page.press(box, "End")  # Material searches on key events
            try:
                sp.page.wait_for_function(
                    """t => [...document.querySelectorAll('.md-search-result__item a')]
                           .some(a => a.hash === t)""", arg=target, timeout=1000)
                break
            except PlaywrightTimeout:
                continue
        # section links a reader sees without opening "more on this page", in order (the
        # links carry ?h=... for highlighting: compare path and anchor only)
        shown = sp.page.eval_on_selector_all(
            ".md-search-result__item > a.md-search-result__link",
            "els => els.filter(a => a.hash).map(a => a.pathname + a.hash)")
        want = "/" + page_path(lang) + target
        assert want in shown[:TOP], (query, shown[:5])
