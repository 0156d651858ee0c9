"""The calculators' memory snapshot (``docs/assets/calculators/worker.mjs``, issue 17).

Pyodide's ``_makeSnapshot`` / ``makeMemorySnapshot`` / ``_loadSnapshot`` are experimental, so
this pins what the worker relies on with the pinned package, in Chromium: the first boot
keeps a snapshot in Cache Storage once the engine is warm; the next page restores Python
from it and answers; a snapshot of another standard library (its key names the zip's hash:
the snapshot holds zipimport's table of that file) is not restored; a damaged snapshot falls
back to a plain boot that still answers.
"""

from __future__ import annotations

from typing import Any

from test_calculators import Calc, page_path, wait_runtime

CACHE = "pyodide-snapshot-v1"
LANG = "da"

WATCH = r"""(() => {
  window.__stages = [];
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, opts) {
      super(url, opts);
      this.addEventListener("message", (e) => {
        const d = e.data || {};
        if (d.type === "timing" || d.type === "ready") window.__stages.push(d.stage || d.type);
      });
    }
  };
})();"""


def answer(page: Any, url: str) -> list[str]:
    """Open the calculators page, use the mortgage calculator, wait for its live answer;
    returns the worker's stages."""
    page.goto(url)
    page.wait_for_selector("html[data-calculators=ready]", state="attached")
    Calc(page, "mortgage").select("action", "lift")
    wait_runtime(page, "calc-mortgage")
    page.wait_for_function(
        "() => document.querySelector('#calc-mortgage .calc-result').dataset.source === 'live'",
        timeout=30_000)
    return page.evaluate("() => window.__stages")


def snapshot_keys(page: Any) -> list[str]:
    return page.evaluate(f"""async () => {{
        const c = await caches.open({CACHE!r});
        return (await c.keys()).map(r => r.url);
    }}""")


def test_snapshot_is_kept_restored_and_a_bad_one_ignored(browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        url = site_url + page_path(LANG, "calculators")
        first = answer(page, url)
        assert "snapshot_restored" not in first
        page.wait_for_function("() => window.__stages.includes('snapshot_kept')", timeout=60_000)
        keys = snapshot_keys(page)
        assert len(keys) == 1 and "/__snapshot__/" in keys[0], keys
        stdlib = page.evaluate("""() => new URL(JSON.parse(document.querySelector(
            'script[data-assets]').dataset.assets).stdlib, location.href).searchParams.get('v')""")
        assert stdlib and f"/{stdlib}/" in keys[0], (stdlib, keys)
        size = page.evaluate(f"""async () => (await (await caches.open({CACHE!r}))
            .match({keys[0]!r})).arrayBuffer().then(b => b.byteLength)""")
        assert size > 10_000_000  # Python's whole memory

        second = answer(page, url)
        assert "snapshot_restored" in second, second
        assert "snapshot_kept" not in second

        # the same (good) snapshot, but kept for another standard library: not restored,
        # and replaced by this library's once the page is warm
        other = keys[0].replace(f"/{stdlib}/", "/000000000000/")
        page.evaluate(f"""async () => {{ const c = await caches.open({CACHE!r});
            await c.put({other!r}, await c.match({keys[0]!r})); await c.delete({keys[0]!r}); }}""")
        assert snapshot_keys(page) == [other]
        foreign = answer(page, url)
        assert "snapshot_restored" not in foreign, foreign
        page.wait_for_function("() => window.__stages.includes('snapshot_kept')", timeout=60_000)
        assert snapshot_keys(page) == keys

        page.evaluate(f"""async () => (await caches.open({CACHE!r}))
            .put({keys[0]!r}, new Response(new Uint8Array(4096)))""")
        third = answer(page, url)  # a damaged snapshot: a plain boot, which still answers
        assert "snapshot_restored" not in third, third
        assert errors == []
    finally:
        context.close()
