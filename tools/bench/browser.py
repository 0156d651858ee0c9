"""Chromium runs: timed page loads (cold and warm profiles, alternating variants), the
recalculation latency, bytes before and up to the first answer, and the offline visit.
The scripts injected into the pages are real files in ``probes/``."""

from __future__ import annotations

import functools
import gzip
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence
from urllib.parse import urlsplit

from tools.bench.config import (CALC_PAGE, OFFLINE_PAGES, READY_TIMEOUT_MS, RECALC_CHANGES,
                                VIEWPORT, asset)
from tools.bench.rows import is_pyodide_url
from tools.bench.server import Server
from tools.static_site import CHROMIUM, CHROMIUM_ARGS

PROBE_JS = asset("probes/probe.js")
"""Installed in every bench page before its own scripts: long tasks, long animation frames
(with script attribution), the worker's milestones and the calculators' boot."""
CHANGE_ON_BOOT_JS = asset("probes/change-on-boot.js")
"""On a calculator page: as soon as the calculators' script has booted, change the first
calculator's input and note when the live answer is on the page."""
RECALC_JS = asset("probes/recalc.js")
"""100 changes round-robin over the page's calculators: input event to result in the DOM,
and to the next animation frame; the worker's time in Python and the page's time to show
the result; and after each change, a round trip to a worker that computes nothing (what the
machine's scheduling alone costs at that moment)."""
BYTES_JS = asset("probes/bytes.js")
"""The page's Resource Timing: every response's transfer and body size."""
INTERACT_JS = asset("probes/interact.js")
"""The reader's first interaction with a page's first calculator: milliseconds until its
live answer is on the page."""


@dataclass
class LoadSample:
    """One timed page load: the page's marks (ms from navigation start) and its probes."""

    variant: str
    temperature: str
    marks: dict[str, float]
    longtasks: list[dict[str, Any]] = field(default_factory=list)
    loafs: list[dict[str, Any]] = field(default_factory=list)
    calc: dict[str, Any] | None = None
    url: str = ""

    @property
    def ready_s(self) -> float:
        """Seconds from navigation start to ready / answered."""
        return self.marks["answered"] / 1000


VARIANTS: dict[str, str] = {
    "reference": "__bench__/reference.html",
    "worker_bare": "__bench__/worker-bare.html",
    "runtime_blank": "__bench__/runtime-blank.html",
    "calc_ready": CALC_PAGE,
}
"""The timed page of each load variant."""


class Browser:
    """Playwright + Debian Chromium: persistent profiles for cold/warm loads, one plain
    browser for everything else."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        if not Path(CHROMIUM).exists():
            raise SystemExit(f"{CHROMIUM} is missing: apt-get install -y chromium "
                             "(./dev bench does it)")
        self._pw_cm = sync_playwright()
        self.pw = self._pw_cm.__enter__()
        self.browser = self.pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                               headless=True)
        self.version = self.browser.version
        self._dirs: list[str] = []

    def close(self) -> None:
        self.browser.close()
        self._pw_cm.__exit__(None, None, None)
        for d in self._dirs:
            shutil.rmtree(d, ignore_errors=True)

    def profile(self) -> Any:
        """A persistent context on a fresh user-data-dir (its own browser process)."""
        folder = tempfile.mkdtemp(prefix="monopoly-bench-profile-")
        self._dirs.append(folder)
        ctx = self.pw.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport=VIEWPORT, service_workers="block")
        ctx.add_init_script(PROBE_JS)
        return ctx

    def context(self) -> Any:
        """A plain (incognito) context: empty cache, no code cache."""
        ctx = self.browser.new_context(viewport=VIEWPORT, service_workers="block")
        ctx.add_init_script(PROBE_JS)
        return ctx


def timed_load(page: Any, base: str, variant: str, temperature: str,
               settle_ms: int = 1200) -> LoadSample:
    """Open a variant's page and wait until it is ready (or answered); then let it run a
    little (code caches are written after tier-up) and collect the probes."""
    url = base + VARIANTS[variant]
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => window.__perf && window.__perf.marks.answered",
                           timeout=READY_TIMEOUT_MS)
    page.wait_for_timeout(settle_ms)
    data = page.evaluate("() => window.__perf")
    if data.get("error"):
        raise RuntimeError(f"{variant}: {data['error']}")
    return LoadSample(variant, temperature, {k: float(v) for k, v in data["marks"].items()},
                      data.get("longtasks", []), data.get("loafs", []), data.get("calc"), url)


def load_round(browser: Browser, base: str, warm_runs: int, keep_page: bool = False,
               variants: Sequence[str] | None = None) -> tuple[list[LoadSample], Any]:
    """One round: a fresh profile per variant, all open at once, and the loads alternate
    between them (cold, cold, cold, warm-up ..., warm, warm, warm ...), so a load spike on
    a shared machine falls on every variant alike. Each profile: a cold load, one warm-up
    visit, then ``warm_runs`` warm loads. With ``keep_page``, the calculator page stays
    open (warm and ready) and is returned as (context, page)."""
    names = list(variants or VARIANTS)
    opened = {}
    for variant in names:
        ctx = browser.profile()
        if variant.startswith("calc"):
            ctx.add_init_script(CHANGE_ON_BOOT_JS)
        opened[variant] = (ctx, ctx.new_page())
    samples: list[LoadSample] = []
    for step in ["cold", "warmup"] + ["warm"] * warm_runs:
        for variant in names:
            page = opened[variant][1]
            page.goto(base + "__bench__/blank.html")
            sample = timed_load(page, base, variant, step)
            if step != "warmup":
                samples.append(sample)
    kept = None
    for variant, (ctx, page) in opened.items():
        if keep_page and variant == "calc_ready":
            kept = (ctx, page)
        else:
            ctx.close()
    return samples, kept


def load_rounds(browser: Browser, base: str, rounds: int, warm_runs: int,
                log: Callable[[str], None], keep_last: bool = True,
                variants: Sequence[str] | None = None) -> tuple[list[LoadSample], Any]:
    """``rounds`` rounds of :func:`load_round`; the last calculator page stays open (warm,
    ready) for the recalculation test unless ``keep_last`` is false."""
    samples: list[LoadSample] = []
    kept = None
    for r in range(rounds):
        got, kept_now = load_round(browser, base, warm_runs, keep_last and r == rounds - 1,
                                   variants)
        kept = kept_now or kept
        samples += got
        for variant in variants or VARIANTS:
            log(f"  round {r + 1}/{rounds} {variant:12} " + " ".join(
                f"{s.temperature} {s.ready_s:.2f}s" for s in got if s.variant == variant))
    return samples, kept


def recalc_latency(page: Any, changes: int = RECALC_CHANGES) -> list[dict[str, Any]]:
    """Run :data:`RECALC_JS` on a ready calculator page."""
    page.wait_for_selector("section.calc .calc-status[data-state=ready]", state="attached",
                           timeout=READY_TIMEOUT_MS)
    return page.evaluate(RECALC_JS, changes)


def page_bytes(browser: Browser, server: Server, path: str, site_dir: Path,
               idle_ms: int = 1500) -> dict[str, Any]:
    """Bytes a fresh visitor's browser transfers for a page before any interaction (load,
    then ``idle_ms`` without touching anything), counted by the server (status line,
    headers and body of every response, workers' requests included); the page's own
    Resource Timing total as a cross-check; and what gzip would make of the same files."""
    ctx = browser.context()
    page = ctx.new_page()
    page.goto(server.base + "__bench__/blank.html")
    server.meter.take()
    page.goto(server.base + path, wait_until="load")
    page.wait_for_timeout(idle_ms)
    sent = server.meter.take()
    timing = page.evaluate(BYTES_JS)
    calc = page.evaluate("""() => { const s = document.querySelector('section.calc');
        return s ? { top: Math.round(s.getBoundingClientRect().top + scrollY),
                     viewport: innerHeight } : null; }""")
    ctx.close()
    runtime = {p: n for p, n in sent.items() if is_pyodide_url(p)}
    return {"path": path, "transferred": sum(sent.values()),
            "resource_timing": sum(int(e[1]) for e in timing),
            "gzip_estimate": sum(_gzip_size(site_dir, p) for p in sent),
            "requests": len(sent), "runtime_urls": sorted(runtime),
            "runtime_bytes": sum(runtime.values()), "calculator": calc}


@functools.lru_cache(maxsize=None)
def _gzip_file(path: str) -> int:
    return len(gzip.compress(Path(path).read_bytes(), 6))


def _gzip_size(site_dir: Path, url: str) -> int:
    """gzip -6 size of the file behind a site URL or path (what a compressing host would
    send); 0 for the bench pages."""
    rel = urlsplit(url).path.lstrip("/")
    target = site_dir / rel
    if target.is_dir() or rel == "" or rel.endswith("/"):
        target = target / "index.html"
    return _gzip_file(str(target)) if target.is_file() else 0


def first_answer_bytes(browser: Browser, server: Server) -> dict[str, Any]:
    """Bytes on the wire (the bench server gzips like a static host) for a new visitor:
    bare Pyodide on a blank page until ready, against the calculators page until the first
    calculator's answer to one interaction (page, theme, search index, runtime, engine)."""
    out: dict[str, Any] = {}
    for name, path in (("reference", VARIANTS["reference"]), ("first_answer", CALC_PAGE)):
        # the site's service worker runs (and keeps the pages for offline) as for any reader
        ctx = browser.browser.new_context(viewport=VIEWPORT, service_workers="allow")
        ctx.add_init_script(PROBE_JS)
        page = ctx.new_page()
        page.goto(server.base + "__bench__/blank.html")
        server.meter.take()
        page.goto(server.base + path, wait_until="load")
        if name == "reference":
            page.wait_for_function("() => window.__perf && window.__perf.marks.answered",
                                   timeout=READY_TIMEOUT_MS)
        else:
            page.wait_for_selector("html[data-calculators=ready]", state="attached")
            page.evaluate(INTERACT_JS)
        sent = server.meter.take()  # at the answer: what came after is not counted
        ctx.close()
        # the twelve largest files, and every file of Pyodide's: the performance page compares
        # those of the two loads one by one (a small one fell out of a top twelve once)
        ranked = sorted(sent.items(), key=lambda kv: -kv[1])
        out[name] = {"transferred": sum(sent.values()), "requests": len(sent),
                     "by_path": {path: size for n, (path, size) in enumerate(ranked)
                                 if n < 12 or path.startswith("/assets/pyodide/")}}
    return out


def offline_load(browser: Browser, server: Server) -> dict[str, Any]:
    """One online visit (home page; "keep calculators offline" pressed), then with the
    network off: :data:`OFFLINE_PAGES` (ms from navigation to load each) and the
    calculators page's first answer to an interaction (ms)."""
    ctx = browser.browser.new_context(viewport=VIEWPORT, service_workers="allow")
    page = ctx.new_page()
    failures: list[str] = []
    times: list[float] = []
    answer = None
    try:
        page.goto(server.base, wait_until="load")
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)
        page.click(".site-offline__keep")
        page.wait_for_selector("html[data-offline=ready-calculators]", state="attached",
                               timeout=READY_TIMEOUT_MS)
        ctx.set_offline(True)
        for path in OFFLINE_PAGES:
            try:
                page.goto(server.base + path, wait_until="load")
                if not page.locator("h1").first.inner_text().strip():
                    failures.append(path)
                    continue
                times.append(page.evaluate(
                    "() => performance.getEntriesByType('navigation')[0].loadEventEnd"))
            except Exception as err:  # noqa: BLE001 - a page that did not open is a failure
                failures.append(f"{path}: {str(err)[:80]}")
        try:
            page.goto(server.base + CALC_PAGE, wait_until="load")
            page.wait_for_selector("html[data-calculators=ready]", state="attached")
            answer = page.evaluate(INTERACT_JS)
        except Exception as err:  # noqa: BLE001
            failures.append(f"{CALC_PAGE}: {str(err)[:80]}")
    finally:
        ctx.close()
    return {"pages_ms": times, "answer_ms": answer, "failures": failures}
