"""The performance benchmark: ``./dev bench`` (``python -m tools.bench``).

One run, one machine, every number next to the reference it is judged against, so the
budgets hold as *ratios* on a busy or slow machine. The run:

1. builds the site (all four languages, ``mkdocs build --strict``) into a temporary folder
   and times it;
2. serves it on 127.0.0.1 the way a static host does (right MIME types, ``Cache-Control:
   max-age=600``, ``Last-Modified``/304, gzip for text, scripts, JSON and WebAssembly), plus
   a few bench-only pages under ``/__bench__/`` that never enter the site (and the package's
   full ``python_stdlib.zip`` for bare Pyodide); the server counts the bytes it sends;
3. drives Debian's Chromium through Playwright. Cold = a fresh user-data-dir (empty HTTP
   cache and code cache); warm = the same profile on its third visit, when Chromium has
   both the HTTP cache and its V8/WebAssembly code caches (a Playwright *incognito* context
   has no code cache at all: it would measure neither a first nor a return visit). Each
   round opens one fresh profile per variant (reference, bare worker, calculator page) and
   alternates the loads between them, so a load spike on a shared machine hits all of
   them alike; the medians are compared;
4. records Chromium traces of cold and warm loads: main-thread long tasks with the CPU time
   of each and who spent it, and per-thread CPU time and on-the-spot compilation (the
   *diagnosis*, which stays meaningful when wall time does not);
5. times the engine in CPython and in Pyodide (alternating bursts), and runs the test suite
   (``--bench-skip-tests`` leaves it out);
6. prints a table and writes every number, ratio and budget verdict as JSON to
   ``bench-results/latest.json`` and, for the performance page, ``docs/assets/perf/latest.json``
   (``--no-publish`` skips the second).

Measurements (ids as in the JSON ``rows``, all listed in :data:`ROW_IDS`): ``reference.*``
bare Pyodide ready on the main thread of a blank page; ``worker_bare.*`` the same files
started the plain way in a module worker; ``runtime_blank.*`` the calculators' own runtime
start (starter, worker, engine, one answer) on a blank page; ``calc_ready.*`` navigation start to the first
calculator answering a changed input (budget: at most 1.10 x the reference); ``recalc.*``
input event to updated result, 100 changes over the four calculators, with the time in
Python, the time to show it and a bare worker round trip for comparison (budget: p95 under
16 ms); ``longtasks.*`` main-thread tasks over 50 ms while the calculator page loads
(budget: none from the project's scripts, counted by CPU time); ``bytes.*`` transferred
before any interaction (budget: no Pyodide bytes on a rules page); ``engine.*`` calls per
second in CPython and Pyodide, the uncached Markov solve and the engine import;
``build.time``, ``tests.time``; and (schema 2) ``interaction.*`` a calculator's first answer
from the reader's first interaction, cold (Python boots) and warm (restored from the
worker's memory snapshot), against the reference (budgets 1.0 x and 0.6 x);
``bytes.reference`` / ``bytes.first_answer`` bytes on the wire until bare Pyodide is ready /
until the calculators page's first answer (budget 0.85 x); ``offline.*`` five pages and a
calculator answer with the network off after one visit (budget: no failure);
``lighthouse.*`` the worst page of Lighthouse 12 (mobile, simulated throttling) over every
home, rule and calculators page (budgets: performance >= 95, total blocking time < 150 ms,
the other categories 100). ``--part`` runs one of these alone, ``--lighthouse`` limits it.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([5.0], 95)
(2.5, 5.0)
>>> verdict({"op": "<=", "limit": 1.1, "of": "ratio"}, value=2.2, ratio=1.05)
True
>>> verdict({"op": "<", "limit": 16, "of": "value"}, value=16.0, ratio=None)
False
>>> classify_script("http://127.0.0.1:1/assets/calculators/calculators.mjs")
'project'
>>> classify_script("http://127.0.0.1:1/assets/javascripts/bundle.1.min.js")
'theme'
"""

from __future__ import annotations

import argparse
import datetime as _dt
import functools
import gzip
import http.server
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence
from urllib.parse import urlsplit

from tools.static_site import CHROMIUM, CHROMIUM_ARGS, SiteHandler

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RESULTS = ROOT / "bench-results" / "latest.json"
"""Where every run writes its JSON (git-ignored)."""
PUBLISHED = ROOT / "docs" / "assets" / "perf" / "latest.json"
"""The committed copy the performance page renders."""
SCHEMA = 2
"""2: the rows of issue 17 (interaction, wire, offline, lighthouse) after those of 1."""

VIEWPORT = {"width": 1280, "height": 900}
CACHE_CONTROL = "max-age=600"
"""What the bench server sends with every file (GitHub Pages sends the same ten minutes)."""

CALC_PAGE = "calculators/"
"""The page whose first calculator is timed (Dutch; the calculator is above the fold)."""
RULES_PAGE = "setup/"
"""A rules page without a calculator."""
OUT_OF_VIEW_PAGE = "rent/"
"""A rules page whose calculator sits far below the fold."""
READY_TIMEOUT_MS = 120_000
RECALC_CHANGES = 100
PYODIDE_PATHS = ("/assets/pyodide/", "/assets/engine.zip")
"""URL paths that count as Python runtime bytes."""

ROW_IDS: tuple[str, ...] = (
    "reference.cold", "reference.warm", "worker_bare.cold", "worker_bare.warm",
    "runtime_blank.cold", "runtime_blank.warm", "calc_ready.cold", "calc_ready.warm",
    "recalc.p50", "recalc.p95", "recalc.python_p95", "recalc.render_p95", "recalc.message_p95",
    "recalc.frame_p95",
    "longtasks.project", "longtasks.project_wall", "longtasks.other",
    "bytes.rules_page", "bytes.rules_page_runtime", "bytes.out_of_view",
    "bytes.out_of_view_runtime", "bytes.calc_in_view",
    "engine.rent.cpython", "engine.rent.pyodide", "engine.jail.cpython", "engine.jail.pyodide",
    "engine.mortgage.cpython", "engine.mortgage.pyodide", "engine.score.cpython",
    "engine.score.pyodide", "engine.markov.cpython", "engine.markov.pyodide",
    "engine.import.cpython", "engine.import.pyodide",
    "build.time", "tests.time",
    "interaction.cold", "interaction.warm", "bytes.reference", "bytes.first_answer",
    "offline.pages", "offline.answer", "offline.failures",
    "lighthouse.performance_min", "lighthouse.tbt_max", "lighthouse.lcp_max",
    "lighthouse.accessibility_min", "lighthouse.best_practices_min", "lighthouse.seo_min",
)
"""Every row a run produces, in order (the page has a label for each)."""

ROW_IDS_BY_SCHEMA: Mapping[int, tuple[str, ...]] = {
    1: ROW_IDS[: ROW_IDS.index("interaction.cold")], 2: ROW_IDS}
"""The rows of a run of each schema: the page renders a published run of the older schema
as it was measured, until the next ``./dev bench`` replaces it."""

BUDGET_CALC_READY = {"op": "<=", "limit": 1.10, "of": "ratio"}
BUDGET_RECALC = {"op": "<", "limit": 16.0, "of": "value"}
BUDGET_ZERO = {"op": "<=", "limit": 0, "of": "value"}
BUDGET_INTERACTION_COLD = {"op": "<=", "limit": 1.0, "of": "ratio"}
BUDGET_INTERACTION_WARM = {"op": "<=", "limit": 0.6, "of": "ratio"}
BUDGET_BYTES = {"op": "<=", "limit": 0.85, "of": "ratio"}
BUDGET_LIGHTHOUSE_PERF = {"op": ">=", "limit": 95, "of": "value"}
BUDGET_LIGHTHOUSE_TBT = {"op": "<", "limit": 150.0, "of": "value"}
BUDGET_LIGHTHOUSE_FULL = {"op": ">=", "limit": 100, "of": "value"}

COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt")
"""What the bench server gzips, like a static host (zip archives are compressed already)."""
OFFLINE_PAGES = ("jail/", "rent/", "buying/", "glossary/", "rulings/")
"""The pages opened with the network off after one online visit of the home page."""
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"


# --------------------------------------------------------------------------- small helpers


def percentile(values: Sequence[float], pct: float) -> float:
    """Linear-interpolated percentile (``pct`` in 0..100) of a non-empty sample.

    >>> percentile([10, 20, 30, 40, 50], 95)
    48.0
    """
    data = sorted(float(v) for v in values)
    if not data:
        raise ValueError("percentile of an empty sample")
    pos = (len(data) - 1) * pct / 100
    lo = int(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def median(values: Sequence[float]) -> float:
    """The median (``statistics.median``), kept here for symmetry with :func:`percentile`.

    >>> median([3, 1, 2])
    2
    """
    return statistics.median(values)


def verdict(budget: Mapping[str, Any], value: float | None, ratio: float | None) -> bool:
    """Whether a measurement meets its budget: ``{"op": "<="|"<", "limit": x, "of":
    "ratio"|"value"}``. A missing number never meets a budget.

    >>> verdict(BUDGET_ZERO, value=0, ratio=None), verdict(BUDGET_ZERO, value=1, ratio=None)
    (True, False)
    """
    subject = ratio if budget["of"] == "ratio" else value
    if subject is None:
        return False
    if budget["op"] == ">=":
        return subject >= budget["limit"]
    return subject <= budget["limit"] if budget["op"] == "<=" else subject < budget["limit"]


def classify_script(url: str, page_url: str | None = None) -> str:
    """Who owns a script: ``project`` (assets/site.js, assets/calculators/), ``theme``
    (Material's bundle), ``pyodide``, ``page`` (an inline script of the page: Material's or
    ours), ``browser`` (no URL: extensions of the browser, injected probes).

    >>> classify_script("http://h/assets/site.js"), classify_script("")
    ('project', 'browser')
    >>> classify_script("http://h/calculators/", "http://h/calculators/")
    'page'
    """
    if not url:
        return "browser"
    path = urlsplit(url).path
    if path.endswith("/assets/site.js") or "/assets/calculators/" in path:
        return "project"
    if "/assets/javascripts/" in path:
        return "theme"
    if any(p in path for p in PYODIDE_PATHS):
        return "pyodide"
    if page_url is not None and url.split("#")[0] == page_url.split("#")[0]:
        return "page"
    if "/__bench__/" in path:
        return "browser"
    return "page" if path.endswith("/") or path.endswith(".html") else "other"


def is_pyodide_url(url: str) -> bool:
    """True for the Python runtime's files and the engine archive.

    >>> is_pyodide_url("http://h/assets/pyodide/pyodide.asm.wasm"), is_pyodide_url("http://h/x.js")
    (True, False)
    """
    path = urlsplit(url).path
    return any(p in path for p in PYODIDE_PATHS)


def rounded(value: float | None, digits: int = 3) -> float | None:
    """``round`` that lets ``None`` through."""
    return None if value is None else round(value, digits)


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Row:
    """One measurement as it appears in the JSON and on the page.

    ``value`` in ``unit`` (``s``, ``ms``, ``bytes``, ``count``, ``per_s``); ``ratio`` is
    ``value / value of against`` (another row's id); ``budget`` as :func:`verdict` reads
    it; ``met`` is the verdict (None without a budget); ``samples`` the raw numbers.

    >>> Row("x", "reference", 2.0, "s").to_json()["met"] is None
    True
    """

    id: str
    group: str
    value: float | None
    unit: str
    against: str | None = None
    ratio: float | None = None
    budget: Mapping[str, Any] | None = None
    samples: tuple[float, ...] = ()
    note: str | None = None

    @property
    def met(self) -> bool | None:
        """The budget verdict, or None when the row has no budget."""
        return None if self.budget is None else verdict(self.budget, self.value, self.ratio)

    def to_json(self) -> dict[str, Any]:
        """The row as plain JSON data (numbers rounded)."""
        digits = 0 if self.unit in ("bytes", "count") else 4
        return {"id": self.id, "group": self.group, "value": rounded(self.value, digits),
                "unit": self.unit, "against": self.against, "ratio": rounded(self.ratio, 4),
                "budget": dict(self.budget) if self.budget else None, "met": self.met,
                "samples": [rounded(s, digits) for s in self.samples], "note": self.note}


def ratio_row(row_id: str, group: str, value: float | None, unit: str, against: Row,
              budget: Mapping[str, Any] | None = None, samples: Sequence[float] = (),
              note: str | None = None) -> Row:
    """A row judged against another row: ``ratio = value / against.value``.

    >>> ref = Row("r", "g", 2.0, "s")
    >>> ratio_row("c", "g", 2.1, "s", ref, BUDGET_CALC_READY).met
    True
    """
    ratio = None
    if value is not None and against.value:
        ratio = value / against.value
    return Row(row_id, group, value, unit, against.id, ratio, budget, tuple(samples), note)


# --------------------------------------------------------------------------- machine


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def machine_info(chromium_version: str | None = None) -> dict[str, Any]:
    """What the numbers were measured on (CPU, cores, memory, OS, browser, runtimes)."""
    cpu = next((line.split(":", 1)[1].strip() for line in _read("/proc/cpuinfo").splitlines()
                if line.startswith("model name")), platform.processor() or platform.machine())
    mem_kb = next((int(line.split()[1]) for line in _read("/proc/meminfo").splitlines()
                   if line.startswith("MemTotal:")), 0)
    os_name = next((line.split("=", 1)[1].strip().strip('"')
                    for line in _read("/etc/os-release").splitlines()
                    if line.startswith("PRETTY_NAME=")), platform.platform())
    try:
        from hooks.pyodide_assets import pinned_pyodide_version
        pyodide = pinned_pyodide_version(ROOT)
    except Exception:  # noqa: BLE001 - informative only
        pyodide = None
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gb": round(mem_kb / 1024 / 1024, 1),
            "os": os_name, "arch": platform.machine(),
            "python": platform.python_version(), "chromium": chromium_version,
            "pyodide": pyodide, "load_before": _loadavg()}


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


# --------------------------------------------------------------------------- server

BLANK_PAGE = "<!doctype html><meta charset='utf-8'><title>blank</title><p>bench"

REFERENCE_PAGE = """<!doctype html><meta charset="utf-8"><title>reference</title>
<script type="module">
import { loadPyodide } from "/assets/pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "/assets/pyodide/" });
window.__perf.marks.answered = performance.now();
</script>"""
"""Bare Pyodide on the main thread of a blank page: the plainest fast way."""

WORKER_BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare worker</title>
<script type="module">
const worker = new Worker("/__bench__/worker-bare.mjs", { type: "module" });
worker.onmessage = () => { window.__perf.marks.answered = performance.now(); };
</script>"""
WORKER_BARE_JS = """import { loadPyodide } from "/assets/pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "/assets/pyodide/" });
postMessage("ready");"""
"""The same files started the plain way inside a module worker (the gap to explain)."""

RUNTIME_BLANK_MODULE = """
const worker = window.__monopolyRuntime.worker;
worker.addEventListener("message", (e) => {
  const d = e.data || {};
  if (d.type === "ready") worker.postMessage({ type: "calc", id: 1, kind: "rent", request: __REQUEST__ });
  if (d.type === "result" && d.id === 1) window.__perf.marks.answered = performance.now();
});"""


def runtime_blank_page(request: Mapping[str, Any]) -> str:
    """The calculators' own runtime start (the page's inline starter: module worker, page
    compile of the WebAssembly, engine) on a blank page, answering the rent calculator's
    default request: what the calculator page costs without the page around it."""
    from hooks.render_calculator import runtime_starter

    starter = runtime_starter({"worker": "/assets/calculators/worker.mjs",
                               "pyodide": "/assets/pyodide/", "engine": "/assets/engine.zip"},
                              eager=True)
    module = RUNTIME_BLANK_MODULE.replace("__REQUEST__", json.dumps(request))
    return ('<!doctype html><meta charset="utf-8"><title>runtime on a blank page</title>'
            f'{starter}<script type="module">{module}</script>')


ENGINE_PAGE = """<!doctype html><meta charset="utf-8"><title>engine speed</title>
<script type="module">
window.addEventListener("unhandledrejection", (e) => { window.__engineError = String(e.reason); });
import { loadPyodide } from "/assets/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "/assets/pyodide/" });
const zip = await (await fetch("/assets/engine.zip")).arrayBuffer();
const roots = ["/home/pyodide/bench1", "/home/pyodide/bench2", "/home/pyodide/bench3"];
for (const root of roots) py.unpackArchive(zip, "zip", { extractDir: root });
const args = await (await fetch("/__bench__/engine-args.json")).json();
py.runPython("import sys; sys.dont_write_bytecode = True");
py.runPython(args.code);
const imported = JSON.parse(py.globals.get("import_engine_median")(py.toPy(roots)));
const run = py.globals.get("run");
window.__engineRun = (requests, seconds, markovRuns) =>
  JSON.parse(run(JSON.stringify(requests), seconds, markovRuns));
window.__engine = imported;
</script>"""

ENGINE_BENCH = '''
import json
import sys
import time
from pathlib import Path


def import_engine(root):
    """Seconds to compile every engine module (no execution), then to import the engine
    the way the calculators' worker does (import engine.api: the whole package)."""
    sources = sorted(Path(root, "engine").glob("*.py"))
    start = time.perf_counter()
    for path in sources:
        compile(path.read_text(encoding="utf-8"), str(path), "exec")
    compiled = time.perf_counter() - start
    for name in [m for m in sys.modules if m == "engine" or m.startswith("engine.")]:
        del sys.modules[name]
    sys.path.insert(0, root)
    start = time.perf_counter()
    import engine.api  # noqa: F401
    imported = time.perf_counter() - start
    sys.path.remove(root)
    global markov, calculate_json
    from engine import markov
    from engine.api import calculate_json
    return json.dumps({"compile": compiled, "import": imported})


def import_engine_median(roots):
    """import_engine from each (fresh) copy in turn; the median of each figure."""
    runs = [json.loads(import_engine(str(root))) for root in roots]
    return json.dumps({key: sorted(r[key] for r in runs)[len(runs) // 2] for key in runs[0]})


def _clear_markov():
    for name in dir(markov):
        func = getattr(markov, name)
        if callable(getattr(func, "cache_clear", None)):
            func.cache_clear()


def run(requests_json, seconds, markov_runs):
    """Calls per second of each calculation (through calculate_json, like the worker),
    and the median uncached Markov solve in seconds."""
    out = {}
    for kind, request in json.loads(requests_json).items():
        text = json.dumps(request)
        calculate_json(kind, text)
        n = 0
        start = time.perf_counter()
        while True:
            calculate_json(kind, text)
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        out[kind] = n / elapsed
    times = []
    for _ in range(markov_runs):
        _clear_markov()
        start = time.perf_counter()
        markov.landing_odds("atlantic-city", "leave")
        times.append(time.perf_counter() - start)
    out["markov"] = sorted(times)[len(times) // 2]
    out["markov_samples"] = times
    return json.dumps(out)
'''
"""The same Python runs in CPython (here) and in Pyodide (``ENGINE_PAGE``)."""


def bench_pages(engine_args: Mapping[str, Any]) -> dict[str, tuple[bytes, str]]:
    """The bench-only files served under ``/__bench__/`` (path -> body, content type)."""
    html, js = "text/html; charset=utf-8", "text/javascript"
    return {
        "/__bench__/blank.html": (BLANK_PAGE.encode(), html),
        "/__bench__/reference.html": (REFERENCE_PAGE.encode(), html),
        "/__bench__/worker-bare.html": (WORKER_BARE_PAGE.encode(), html),
        "/__bench__/worker-bare.mjs": (WORKER_BARE_JS.encode(), js),
        "/__bench__/runtime-blank.html": (
            runtime_blank_page(engine_args["requests"]["rent"]).encode(), html),
        "/__bench__/engine.html": (ENGINE_PAGE.encode(), html),
        "/__bench__/echo.js": (b"onmessage = (e) => postMessage(e.data);", js),
        "/__bench__/engine-args.json": (json.dumps(engine_args).encode(), "application/json"),
        # Bare Pyodide boots with the package's whole standard library; the site ships only
        # the trimmed one, so the bench serves the full zip for the reference pages.
        "/assets/pyodide/python_stdlib.zip": (
            (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").read_bytes(),
            "application/zip"),
    }


class Meter:
    """Bytes the server sent (status line, headers and body), per URL path; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.sent: dict[str, int] = {}

    def add(self, path: str, n: int) -> None:
        with self._lock:
            self.sent[path] = self.sent.get(path, 0) + n

    def take(self) -> dict[str, int]:
        """What was sent since the last call (and start counting afresh)."""
        with self._lock:
            out, self.sent = self.sent, {}
        return out


class _Handler(SiteHandler):
    """The built site like a static host serves it, plus the in-memory bench pages."""

    pages: Mapping[str, tuple[bytes, str]] = {}
    meter: Meter = Meter()

    def flush_headers(self) -> None:
        buffered = getattr(self, "_headers_buffer", None)
        if buffered:
            self.meter.add(urlsplit(self.path).path, sum(len(b) for b in buffered))
        super().flush_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        path = urlsplit(self.path).path
        try:
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                self.meter.add(path, len(chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser cancelled the download (a body it did not need)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", CACHE_CONTROL)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        path = urlsplit(self.path).path
        if path in self.pages:
            body, ctype = self.pages[path]
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        gz = self._gzipped()
        if gz is not None:
            return gz
        return super().send_head()

    def _gzipped(self):  # type: ignore[no-untyped-def]
        """A text, script, JSON or WebAssembly file gzipped, as a static host sends it to a
        browser that accepts gzip (with Last-Modified / 304 like the plain path)."""
        if "gzip" not in (self.headers.get("Accept-Encoding") or ""):
            return None
        target = Path(self.translate_path(self.path))
        if target.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return None  # the plain path sends the redirect
            target = target / "index.html"
        if not target.is_file() or target.suffix not in COMPRESSIBLE:
            return None
        stat = target.stat()
        since = self.headers.get("If-Modified-Since")
        last = self.date_time_string(int(stat.st_mtime))
        if since == last:
            self.send_response(304)
            self.end_headers()
            return None
        body = _gzip_bytes(str(target), stat.st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(target)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", last)
        self.end_headers()
        return io.BytesIO(body)


@functools.lru_cache(maxsize=512)
def _gzip_bytes(path: str, mtime_ns: int) -> bytes:
    """gzip -6 of a file (cached per version of the file)."""
    return gzip.compress(Path(path).read_bytes(), 6, mtime=0)


class _QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when a browser drops a connection it no longer needs."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class Server:
    """``with Server(site_dir, pages) as server:`` serves on a free 127.0.0.1 port
    (``server.base``); ``server.meter`` counts the bytes sent."""

    def __init__(self, site_dir: Path, pages: Mapping[str, tuple[bytes, str]]) -> None:
        self.meter = Meter()
        handler_cls = type("BenchHandler", (_Handler,), {"pages": dict(pages), "meter": self.meter})
        handler = functools.partial(handler_cls, directory=str(site_dir))
        self.httpd = _QuietServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "Server":
        self.thread.start()
        return self

    @property
    def base(self) -> str:
        """``http://127.0.0.1:PORT/``"""
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# --------------------------------------------------------------------------- page probes

PROBE_JS = r"""(() => {
  if (window.__perf) return;
  const B = window.__perf = { marks: {}, longtasks: [], loafs: [], worker: {} };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch (err) { B.noLongtask = String(err); }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        B.loafs.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
          styleLayout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: (e.scripts || []).map((s) => ({ url: s.sourceURL || "", fn: s.sourceFunctionName || "",
            invoker: s.invoker || "", type: s.invokerType || "", start: s.startTime,
            duration: s.duration, compile: s.executionStart ? s.executionStart - s.startTime : 0 })) });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch (err) { B.noLoaf = String(err); }
  // Follow the calculators' worker: when it starts and what it reports.
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(url, opts) {
        super(url, opts);
        if (!/\/worker\.mjs/.test(String(url))) return;
        B.marks.worker_created = B.marks.worker_created || performance.now();
        this.addEventListener("message", (ev) => {
          const d = ev.data || {};
          const now = performance.now();
          if (d.type === "result") { B.lastResult = now; B.lastCompute = d.ms; }
          const key = d.type === "progress" || d.type === "timing" ? `worker_${d.stage}`
            : d.type === "ready" ? "worker_ready" : null;
          // when it happened in the worker (its own clock), not when the busy page read it
          const at = typeof d.at === "number" ? d.at - performance.timeOrigin : now;
          if (key && !(key in B.marks)) B.marks[key] = at;
        });
      }
    };
  }
  const watch = new MutationObserver(() => {
    const html = document.documentElement;
    if (html && html.dataset.calculators === "ready" && !("boot" in B.marks)) B.marks.boot = performance.now();
  });
  watch.observe(document, { attributes: true, subtree: true, attributeFilter: ["data-calculators"] });
})();"""
"""Installed in every bench page before its own scripts: long tasks, long animation frames
(with script attribution), the worker's milestones and the calculators' boot."""

CHANGE_ON_BOOT_JS = r"""(() => {
  const B = window.__perf;
  const act = () => {
    const section = document.querySelector("section.calc[data-calc]");
    if (!section) { B.error = "no calculator"; return; }
    B.calc = { id: section.id, top: section.getBoundingClientRect().top, viewport: innerHeight };
    const field = section.querySelector("select[data-key=buildings]")
      || [...section.querySelectorAll("select[data-key]")].find((s) => s.dataset.key !== "edition" && s.options.length > 1);
    const other = [...field.options].map((o) => o.value).filter((v) => v !== field.value);
    field.value = other[other.length - 1];
    const result = section.querySelector(".calc-result");
    const done = new MutationObserver(() => {
      if (result.dataset.source === "live" && section.dataset.computed && !section.hasAttribute("aria-busy")) {
        B.marks.answered = performance.now();
        done.disconnect();
      }
    });
    done.observe(section, { attributes: true, subtree: true, attributeFilter: ["data-computed", "data-source", "aria-busy"] });
    B.marks.input = performance.now();
    field.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const wait = new MutationObserver(() => {
    if (document.documentElement.dataset.calculators === "ready") { wait.disconnect(); act(); }
  });
  wait.observe(document, { attributes: true, subtree: true, attributeFilter: ["data-calculators"] });
})();"""
"""On a calculator page: as soon as the calculators' script has booted, change the first
calculator's input and note when the live answer is on the page."""

RECALC_JS = r"""async (changes) => {
  const sections = [...document.querySelectorAll("section.calc[data-calc]")];
  const plan = sections.map((section) => {
    const field = section.querySelector("select[data-key=buildings]")
      || [...section.querySelectorAll("select[data-key]")].find((s) => s.dataset.key !== "edition"
           && s.options.length > 1 && !s.closest("[hidden]"));
    return { section, field, values: [...field.options].map((o) => o.value) };
  });
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  // The floor: a message to a worker that computes nothing, and back.
  // (a file of the site's origin: the pages' policy refuses workers from blob: URLs)
  const echo = new Worker("/__bench__/echo.js");
  const ping = () => new Promise((resolve) => {
    const t0 = performance.now();
    echo.onmessage = () => resolve(performance.now() - t0);
    echo.postMessage(0);
  });
  await ping();
  const out = [];
  for (let i = 0; i < changes; i++) {
    const { section, field, values } = plan[i % plan.length];
    const before = section.dataset.computed || "";
    const next = values[(values.indexOf(field.value) + 1) % values.length];
    const updated = new Promise((resolve) => {
      const mo = new MutationObserver(() => {
        if ((section.dataset.computed || "") !== before && !section.hasAttribute("aria-busy")) {
          mo.disconnect();
          resolve(performance.now());
        }
      });
      mo.observe(section, { attributes: true, attributeFilter: ["data-computed", "aria-busy"] });
    });
    field.value = next;
    const t0 = performance.now();
    field.dispatchEvent(new Event("change", { bubbles: true }));
    const t1 = await updated;
    const tm = window.__perf.lastResult || t1;
    const python = window.__perf.lastCompute;
    const t2 = await frame();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const message = await ping();
    out.push({ kind: section.dataset.calc, field: field.dataset.key, dom: t1 - t0, frame: t2 - t0,
               worker: tm - t0, render: t1 - tm, python: typeof python === "number" ? python : null,
               message });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  echo.terminate();
  return out;
}"""
"""100 changes round-robin over the page's calculators: input event to result in the DOM,
and to the next animation frame; the worker's time in Python and the page's time to show
the result; and after each change, a round trip to a worker that computes nothing (what the
machine's scheduling alone costs at that moment)."""

BYTES_JS = r"""() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const res = performance.getEntriesByType("resource");
  return [[nav.name, nav.transferSize, nav.encodedBodySize],
          ...res.map((r) => [r.name, r.transferSize, r.encodedBodySize])];
}"""


# --------------------------------------------------------------------------- browser runs


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


def engine_speed(browser: Browser, base: str, args: Mapping[str, Any],
                 bursts: int = 4) -> tuple[dict[str, Any], dict[str, Any]]:
    """Calls per second and the Markov solve in CPython (this process) and in Pyodide (a
    bench page), in alternating short bursts so both runtimes see the same machine; the
    median burst of each. Also the engine's import time from source in both (CPython in a
    fresh subprocess without bytecode cache)."""
    ctx = browser.context()
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "__bench__/engine.html")
    deadline = time.monotonic() + READY_TIMEOUT_MS / 1000 * 2
    while not page.evaluate("() => Boolean(window.__engine || window.__engineError)"):
        if errors or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    py_import = page.evaluate("() => window.__engine")
    if not py_import:
        raise RuntimeError(f"the engine bench page failed: {errors} "
                           f"{page.evaluate('() => window.__engineError')}")
    namespace: dict[str, Any] = {}
    exec(compile(args["code"], "<engine-bench>", "exec"), namespace)  # noqa: S102
    from engine import api as _api, markov as _markov

    namespace.update(markov=_markov, calculate_json=_api.calculate_json)
    seconds = args["seconds"] / bursts
    runs: dict[str, dict[str, list[float]]] = {"cpython": {}, "pyodide": {}}
    for _ in range(bursts):
        got = {"cpython": json.loads(namespace["run"](json.dumps(args["requests"]), seconds, 1)),
               "pyodide": page.evaluate("([r, s]) => window.__engineRun(r, s, 1)",
                                        [args["requests"], seconds])}
        for runtime, data in got.items():
            for key, value in data.items():
                if key != "markov_samples":
                    runs[runtime].setdefault(key, []).append(float(value))
    ctx.close()
    cp = {k: median(v) for k, v in runs["cpython"].items()}
    py = {k: median(v) for k, v in runs["pyodide"].items()}
    cp["markov_samples"] = runs["cpython"]["markov"]
    py["markov_samples"] = runs["pyodide"]["markov"]
    return {**cp, **engine_import_cpython(args)}, {**py, **py_import}


def engine_import_cpython(args: Mapping[str, Any]) -> dict[str, float]:
    """Compile and import time of the engine in a fresh CPython, on a copy of ``engine/``
    without bytecode cache (Pyodide has none for the engine either; both have it for the
    standard library)."""
    script = (args["code"] + "\nimport sys\nprint(import_engine_median(sys.argv[1:]))\n")
    with tempfile.TemporaryDirectory(prefix="monopoly-bench-engine-") as tmp:
        roots = []
        for i in range(3):
            root = Path(tmp) / f"copy{i}"
            shutil.copytree(ROOT / "engine", root / "engine",
                            ignore=shutil.ignore_patterns("__pycache__"))
            roots.append(str(root))
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        proc = subprocess.run([sys.executable, "-c", script, *roots], cwd=tempfile.gettempdir(),
                              env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def engine_args(seconds: float = 0.8, markov_runs: int = 1) -> dict[str, Any]:
    """The requests (each calculator's Dutch defaults) and settings for the engine bench."""
    from hooks.render_calculator import KINDS, default_request

    return {"code": ENGINE_BENCH, "requests": {k: default_request(k, "nl") for k in KINDS},
            "seconds": seconds, "markov_runs": markov_runs}


# --------------------------------------------------------------------------- long tasks


def attribute_long_tasks(samples: Sequence[LoadSample]) -> list[dict[str, Any]]:
    """Each long task (over 50 ms) of the calculator page loads with its owner, from the
    long animation frame that contains it: the script that ran longest in that frame
    (``project``, ``theme``, ``page``...), or ``rendering`` when no script ran (HTML
    parsing, style, layout)."""
    out = []
    for s in samples:
        for task in s.longtasks:
            t0, t1 = task["start"], task["start"] + task["duration"]
            scripts: list[dict[str, Any]] = []
            style_layout = 0.0
            for loaf in s.loafs:
                if loaf["start"] <= t1 and loaf["start"] + loaf["duration"] >= t0:
                    style_layout = max(style_layout, float(loaf.get("styleLayout") or 0))
                    for sc in loaf["scripts"]:
                        if sc["start"] <= t1 and sc["start"] + sc["duration"] >= t0:
                            scripts.append(sc)
            scripts.sort(key=lambda sc: -sc["duration"])
            top = scripts[0] if scripts else None
            owner = classify_script(top["url"], s.url) if top else "rendering"
            out.append({"temperature": s.temperature, "start": round(t0, 1),
                        "duration": round(task["duration"], 1), "owner": owner,
                        "script": (top["url"].replace(s.url.split("/calculators")[0], "")
                                   if top else None),
                        "function": top["fn"] if top else None,
                        "invoker": top["invoker"] if top else None,
                        "script_ms": round(top["duration"], 1) if top else None,
                        "style_layout_ms": round(style_layout, 1)})
    return out


# --------------------------------------------------------------------------- tracing

TRACE_CATEGORIES = ",".join([
    "toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
    "v8.execute", "blink.user_timing", "loading",
])
"""What a load trace records: tasks, script evaluation and calls (with URLs), parsing,
style and layout, and the navigation start to align with the page's clock."""

SCRIPT_EVENTS = {"EvaluateScript", "FunctionCall", "v8.compile", "v8.compileModule",
                 "v8.evaluateModule", "TimerFire", "FireAnimationFrame", "EventDispatch",
                 "v8.run", "V8.Execute", "RunMicrotasks"}


def traced_load(ctx: Any, page: Any, base: str, temperature: str,
                variant: str = "calc_ready",
                categories: str = TRACE_CATEGORIES) -> tuple[LoadSample, list[dict]]:
    """A page load (the calculator page unless told) with a Chromium trace running;
    returns the sample and the trace events."""
    import base64

    cdp = ctx.new_cdp_session(page)
    cdp.send("Tracing.start", {"categories": categories, "transferMode": "ReturnAsStream"})
    sample = timed_load(page, base, variant, temperature)
    done: dict[str, Any] = {}
    cdp.on("Tracing.tracingComplete", lambda event: done.update(event))
    cdp.send("Tracing.end")
    deadline = time.monotonic() + 60
    while not done and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    chunks = []
    while True:
        got = cdp.send("IO.read", {"handle": done["stream"], "size": 1 << 22})
        data = got["data"]
        chunks.append(base64.b64decode(data) if got.get("base64Encoded") else data.encode())
        if got.get("eof"):
            break
    cdp.send("IO.close", {"handle": done["stream"]})
    cdp.detach()
    raw = json.loads(b"".join(chunks))
    return sample, raw["traceEvents"] if isinstance(raw, dict) else raw


def _event_url(ev: Mapping[str, Any]) -> str:
    args = ev.get("args") or {}
    data = args.get("data") or args.get("beginData") or {}
    return str(data.get("url") or data.get("fileName") or args.get("url") or
               args.get("fileName") or "")


def trace_long_tasks(events: Sequence[Mapping[str, Any]], page_url: str,
                     until_ms: float, threshold_ms: float = 50.0,
                     module_scripts: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Main-thread tasks over ``threshold_ms`` (wall) of the page's renderer, from
    navigation start to ``until_ms``, each with its CPU time split by owner (see
    :func:`_self_time_shares`; scripts by :func:`classify_script`). The owner of a task is
    the one with the largest share. On a busy machine a task's wall time can be many times
    its CPU time (the thread waited for a core): the CPU time is what the code cost.
    ``module_scripts``: the page's ``<script type="module" src>`` URLs (module evaluation
    has no URL in a trace; with one module script it is that one's).

    >>> ev = [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}},
    ...       {"ph": "R", "name": "navigationStart", "pid": 1, "tid": 1, "ts": 1000,
    ...        "args": {"data": {"documentLoaderURL": "http://h/c/"}}},
    ...       {"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": 1, "tid": 1, "ts": 2000,
    ...        "dur": 80000, "tdur": 70000},
    ...       {"ph": "X", "name": "EvaluateScript", "pid": 1, "tid": 1, "ts": 2100, "dur": 60000,
    ...        "args": {"data": {"url": "http://h/assets/calculators/calculators.mjs"}}}]
    >>> [(t["start"], t["cpu"], t["owner"]) for t in trace_long_tasks(ev, "http://h/c/", 500)]
    [(1.0, 70.0, 'project')]
    >>> trace_long_tasks(ev, "http://h/c/", 500)[0]["cpu_shares"]
    {'project': 52.5, 'other': 17.5}
    """
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    nav = [e for e in events if e.get("name") == "navigationStart"
           and str(((e.get("args") or {}).get("data") or {}).get("documentLoaderURL", ""))
           .split("#")[0] == page_url.split("#")[0]]
    if not nav:
        return []
    start = nav[-1]
    key = (start["pid"], start["tid"])
    if names.get(key) != "CrRendererMain":
        key = next((k for k in names if k[0] == start["pid"] and names[k] == "CrRendererMain"), key)
    t0 = float(start["ts"])
    mine = sorted((e for e in events if (e.get("pid"), e.get("tid")) == key and e.get("ph") == "X"),
                  key=lambda e: (e["ts"], -e.get("dur", 0)))
    tasks = [e for e in mine if e["name"] == "ThreadControllerImpl::RunTask"
             and e.get("dur", 0) > threshold_ms * 1000
             and 0 <= (e["ts"] - t0) / 1000 <= until_ms]
    # Module evaluation events carry no URL; on a page with one module script they are its.
    module_url = module_scripts[0] if len(set(module_scripts)) == 1 else ""
    out = []
    for task in tasks:
        a, b = task["ts"], task["ts"] + task["dur"]
        inside = [e for e in mine if a <= e["ts"] and e["ts"] + e.get("dur", 0) <= b
                  and e is not task]
        shares = _self_time_shares(task, inside, page_url, module_url)
        wall = sum(shares.values()) or 1.0
        cpu = task.get("tdur", task["dur"]) / 1000
        owner = max(shares, key=shares.get) if shares else "other"
        out.append({"start": round((a - t0) / 1000, 1), "duration": round(task["dur"] / 1000, 1),
                    "cpu": round(cpu, 1), "owner": owner,
                    "cpu_shares": {k: round(v / wall * cpu, 1) for k, v in
                                   sorted(shares.items(), key=lambda kv: -kv[1]) if v / wall >= 0.02}})
    return out


RENDER_EVENTS = {"Layout", "UpdateLayoutTree", "Paint", "PrePaint", "Layerize", "Commit",
                 "RecalculateStyles", "UpdateLayerTree", "HitTest", "ScheduleStyleRecalculation",
                 "IntersectionObserverController::computeIntersections"}


def _self_time_shares(task: Mapping[str, Any], inside: Sequence[Mapping[str, Any]],
                      page_url: str, module_url: str = "") -> dict[str, float]:
    """Self time (ms) of every event inside a task, each given to the owner of the nearest
    enclosing script (a layout a script forces is that script's), else to ``parse``,
    ``rendering``, ``unattributed`` (script without URL) or ``other``."""
    shares: dict[str, float] = {}
    # stack entries: [end, owner, duration, children duration]
    stack: list[list[Any]] = [[task["ts"] + task["dur"], "other", task["dur"], 0.0]]

    def pop() -> None:
        end, owner, dur, child = stack.pop()
        shares[owner] = shares.get(owner, 0.0) + max(0.0, dur - child) / 1000

    for ev in inside:
        while len(stack) > 1 and ev["ts"] >= stack[-1][0]:
            pop()
        parent = stack[-1][1] if len(stack) > 1 else None
        url = _event_url(ev)
        name = ev["name"]
        if not url and name == "v8.evaluateModule":
            url = module_url
        if url and name != "ParseHTML":
            owner = classify_script(url, page_url)
        elif name == "ParseHTML":
            owner = parent or "parse"
        elif name in RENDER_EVENTS:
            owner = parent or "rendering"
        elif name in SCRIPT_EVENTS:
            owner = parent or "unattributed"
        else:
            owner = parent or "other"
        dur = ev.get("dur", 0)
        stack[-1][3] += dur
        stack.append([ev["ts"] + dur, owner, dur, 0.0])
    while stack:
        pop()
    return shares


DIAGNOSIS_CATEGORIES = TRACE_CATEGORIES + ",v8,v8.wasm,disabled-by-default-v8.compile"
"""Adds V8's compile events (JS functions compiled lazily, WebAssembly lazy, baseline and
top-tier compilation, code cache deserialisation) for :func:`diagnosis`."""


def diagnosis(events: Sequence[Mapping[str, Any]], page_url: str, until_ms: float,
              python_thread: str) -> dict[str, float]:
    """Where a load's CPU time went, from its trace (robust on a busy machine, unlike wall
    time): CPU of the thread that runs Python (``CrRendererMain`` or ``DedicatedWorker
    thread``), of the page's main thread and of the background compile threads, and how
    much was compiled on the spot because no code cache had it.

    >>> ev = [{"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "DedicatedWorker thread"}},
    ...       {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}},
    ...       {"ph": "R", "name": "navigationStart", "pid": 1, "tid": 1, "ts": 0,
    ...        "args": {"data": {"documentLoaderURL": "http://h/"}}},
    ...       {"ph": "X", "name": "RunMicrotasks", "pid": 1, "tid": 2, "ts": 10, "dur": 900, "tdur": 800},
    ...       {"ph": "X", "name": "wasm.CompileLazy", "pid": 1, "tid": 2, "ts": 20, "dur": 5, "tdur": 5}]
    >>> d = diagnosis(ev, "http://h/", 10, "DedicatedWorker thread")
    >>> d["python_thread_cpu_ms"], d["wasm_lazy_compiles"]
    (0.8, 1)
    """
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    nav = [e for e in events if e.get("name") == "navigationStart"
           and str(((e.get("args") or {}).get("data") or {}).get("documentLoaderURL", ""))
           .split("#")[0] == page_url.split("#")[0]]
    out = {"python_thread_cpu_ms": 0.0, "main_thread_cpu_ms": 0.0, "background_cpu_ms": 0.0,
           "other_workers_cpu_ms": 0.0, "all_threads_cpu_ms": 0.0,
           "wasm_lazy_compiles": 0, "wasm_top_tier_cpu_ms": 0.0,
           "wasm_deserialize_cpu_ms": 0.0, "js_lazy_compiles": 0}
    if not nav:
        return out
    pid, t0 = nav[-1]["pid"], float(nav[-1]["ts"])
    t1 = t0 + until_ms * 1000
    per_thread: dict[int, list[Mapping[str, Any]]] = {}
    for e in events:
        if e.get("pid") == pid and e.get("ph") == "X" and "dur" in e and t0 <= e["ts"] <= t1:
            per_thread.setdefault(e["tid"], []).append(e)
    # Several threads can be called "DedicatedWorker thread" (the theme's search worker
    # too): the Python thread is the one that ran the most of Pyodide's code.
    python_tid = None
    if python_thread != "CrRendererMain":
        runs: dict[int, int] = {}
        for tid, evs in per_thread.items():
            if names.get((pid, tid), "") == python_thread:
                runs[tid] = sum(1 for e in evs if "/pyodide/" in _event_url(e))
        python_tid = max(runs, key=runs.get) if runs else None
    for tid, evs in per_thread.items():
        name = names.get((pid, tid), "")
        is_python = tid == python_tid if python_tid is not None else name == python_thread
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        end, cpu = -1.0, 0.0
        for e in evs:
            if e["ts"] >= end:  # top-level events only
                end = e["ts"] + e["dur"]
                cpu += e.get("tdur", e["dur"]) / 1000
            if e["name"] == "wasm.CompileLazy" and is_python:
                out["wasm_lazy_compiles"] += 1
            elif e["name"] == "wasm.TopTierCompilation":
                out["wasm_top_tier_cpu_ms"] += e.get("tdur", e["dur"]) / 1000
            elif e["name"] == "wasm.Deserialize":
                out["wasm_deserialize_cpu_ms"] += e.get("tdur", e["dur"]) / 1000
            elif e["name"] == "V8.CompileCode" and is_python:
                out["js_lazy_compiles"] += 1
        out["all_threads_cpu_ms"] += cpu
        if is_python:
            out["python_thread_cpu_ms"] += cpu
        if name == "CrRendererMain":
            out["main_thread_cpu_ms"] += cpu
        elif name.startswith("ThreadPool"):
            out["background_cpu_ms"] += cpu
        elif name == "DedicatedWorker thread" and not is_python:
            out["other_workers_cpu_ms"] += cpu
    return {k: round(v, 1) if isinstance(v, float) else v for k, v in out.items()}


def diagnose_variant(browser: Browser, base: str, variant: str) -> dict[str, Any]:
    """A fresh profile: a traced first (cold) visit, a second visit, a traced third (warm)
    visit; the :func:`diagnosis` of both traced loads."""
    ctx = browser.profile()
    if variant.startswith("calc"):
        ctx.add_init_script(CHANGE_ON_BOOT_JS)
    page = ctx.new_page()
    thread = "CrRendererMain" if variant == "reference" else "DedicatedWorker thread"
    out: dict[str, Any] = {}
    for temperature in ("cold", "warmup", "warm"):
        page.goto(base + "__bench__/blank.html")
        if temperature == "warmup":
            timed_load(page, base, variant, temperature)
            continue
        sample, events = traced_load(ctx, page, base, temperature, variant, DIAGNOSIS_CATEGORIES)
        out[temperature] = {"ready_s": round(sample.ready_s, 3),
                            **diagnosis(events, sample.url, sample.marks["answered"], thread)}
    ctx.close()
    return out


def long_task_profile(browser: Browser, base: str
                      ) -> tuple[list[dict[str, Any]], list[LoadSample], dict[str, Any]]:
    """A fresh profile: a traced cold load of the calculator page, one visit to warm the
    caches, a traced warm load. Returns every long task of both (from the traces), the two
    samples, and the :func:`diagnosis` of both loads."""
    ctx = browser.profile()
    ctx.add_init_script(CHANGE_ON_BOOT_JS)
    page = ctx.new_page()
    out: list[dict[str, Any]] = []
    samples = []
    diag: dict[str, Any] = {}
    for temperature in ("cold", "warmup", "warm"):
        page.goto(base + "__bench__/blank.html")
        if temperature == "warmup":
            timed_load(page, base, "calc_ready", temperature)
            continue
        sample, events = traced_load(ctx, page, base, temperature, "calc_ready",
                                     DIAGNOSIS_CATEGORIES)
        samples.append(sample)
        modules = page.evaluate(
            "() => [...document.querySelectorAll('script[type=module][src]')].map((s) => s.src)")
        for task in trace_long_tasks(events, sample.url, sample.marks["answered"] + 1000,
                                     module_scripts=modules):
            out.append({"temperature": temperature, **task})
        diag[temperature] = {"ready_s": round(sample.ready_s, 3),
                             **diagnosis(events, sample.url, sample.marks["answered"],
                                         "DedicatedWorker thread")}
    ctx.close()
    return out, samples, diag


# --------------------------------------------------------------------------- build, tests


INTERACT_JS = r"""async () => {
  const section = document.querySelector("section.calc[data-calc]");
  const field = section.querySelector("select[data-key=buildings]")
    || [...section.querySelectorAll("select[data-key]")].find((s) => s.dataset.key !== "edition" && s.options.length > 1);
  const result = section.querySelector(".calc-result");
  const answered = new Promise((resolve) => {
    const mo = new MutationObserver(() => {
      if (result.dataset.source === "live" && section.dataset.computed && !section.hasAttribute("aria-busy")) {
        mo.disconnect();
        resolve(performance.now());
      }
    });
    mo.observe(section, { attributes: true, subtree: true, attributeFilter: ["data-computed", "data-source", "aria-busy"] });
  });
  const other = [...field.options].map((o) => o.value).filter((v) => v !== field.value);
  field.focus();
  const t0 = performance.now();
  field.value = other[other.length - 1];
  field.dispatchEvent(new Event("change", { bubbles: true }));
  return (await answered) - t0;
}"""
"""The reader's first interaction with a page's first calculator: milliseconds until its
live answer is on the page."""


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
        out[name] = {"transferred": sum(sent.values()), "requests": len(sent),
                     "by_path": dict(sorted(sent.items(), key=lambda kv: -kv[1])[:12])}
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


def lighthouse_pages(which: str) -> list[str]:
    """The pages Lighthouse measures: every language's home page, rule pages and
    calculators page (``all``), or one page of each kind in Dutch and Swedish (``quick``).

    >>> len(lighthouse_pages("all")), lighthouse_pages("quick")[:2]
    (60, ['', 'jail/'])
    """
    from engine.clauses import PAGES

    slugs = [""] + [f"{p.slug}/" for p in PAGES] + ["calculators/"]
    if which == "quick":
        return ["", "jail/", "calculators/", "sv/", "sv/jail/", "sv/calculators/"]
    return [("" if lang == "nl" else f"{lang}/") + s for lang in ("nl", "sv", "da", "nb")
            for s in slugs]


def lighthouse(base: str, pages: Sequence[str], log: Callable[[str], None]) -> list[dict[str, Any]]:
    """Lighthouse 12 (npm, pinned) on each page: mobile form factor, simulated throttling
    (its defaults), Debian's Chromium with the bench's flags; scores 0-100 and the total
    blocking time and largest contentful paint in ms."""
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: npm ci (it is a devDependency)")
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    out = []
    with tempfile.TemporaryDirectory(prefix="monopoly-lighthouse-") as tmp:
        for i, path in enumerate(pages):
            report = Path(tmp) / f"{i}.json"
            run = subprocess.run(
                [str(LIGHTHOUSE), base + path, "--output=json", f"--output-path={report}",
                 "--only-categories=performance,accessibility,best-practices,seo",
                 "--form-factor=mobile", "--throttling-method=simulate", "--quiet",
                 f"--chrome-flags={flags}"],
                env=env, capture_output=True, text=True, timeout=300)
            if run.returncode != 0 or not report.exists():
                out.append({"page": path, "error": (run.stderr or run.stdout)[-300:]})
                log(f"  lighthouse {path or '/'}: failed")
                continue
            data = json.loads(report.read_text(encoding="utf-8"))
            cats = data["categories"]
            audits = data["audits"]

            def score(key: str) -> float | None:
                value = cats.get(key, {}).get("score")
                return None if value is None else round(value * 100)

            entry = {"page": path, "performance": score("performance"),
                     "accessibility": score("accessibility"),
                     "best_practices": score("best-practices"), "seo": score("seo"),
                     "tbt_ms": audits.get("total-blocking-time", {}).get("numericValue"),
                     "lcp_ms": audits.get("largest-contentful-paint", {}).get("numericValue"),
                     # what cost points outside performance (to fix, not to guess)
                     "failed": sorted(ref["id"] for key in ("accessibility", "best-practices", "seo")
                                      for ref in cats.get(key, {}).get("auditRefs", [])
                                      if ref.get("weight") and
                                      (audits.get(ref["id"], {}).get("score") or 0) < 1
                                      and audits.get(ref["id"], {}).get("scoreDisplayMode")
                                      not in ("notApplicable", "manual", "informative"))}
            out.append(entry)
            log(f"  lighthouse {path or '/':22} perf {entry['performance']} "
                f"tbt {entry['tbt_ms'] or 0:.0f} ms lcp {entry['lcp_ms'] or 0:.0f} ms "
                f"a11y {entry['accessibility']} bp {entry['best_practices']} seo {entry['seo']}"
                + (f" (failed: {', '.join(entry['failed'])})" if entry["failed"] else ""))
    return out


def _worst(entries: Sequence[Mapping[str, Any]], key: str, worst: Callable[..., Any]
           ) -> float | None:
    """The worst value of ``key`` over the pages; None when any page has none."""
    values = [e.get(key) for e in entries]
    if not values or any(v is None for v in values):
        return None
    return float(worst(values))


def new_rows(samples: Sequence[LoadSample], refs: Mapping[str, Row], wire: Mapping[str, Any],
             offline: Mapping[str, Any] | None, lh: Sequence[Mapping[str, Any]] | None
             ) -> list[Row]:
    """The rows of issue 17: first interaction to answer (cold: no snapshot yet; warm: the
    snapshot restored), bytes on the wire to the first answer, offline, Lighthouse."""
    rows = []
    budgets = {"cold": BUDGET_INTERACTION_COLD, "warm": BUDGET_INTERACTION_WARM}
    for temp in ("cold", "warm"):
        vals = [(s.marks["answered"] - s.marks["input"]) / 1000
                for s in _marks(samples, "calc_ready", temp) if "input" in s.marks]
        rows.append(ratio_row(f"interaction.{temp}", "interaction",
                              median(vals) if vals else None, "s", refs[temp], budgets[temp],
                              vals))
    ref = Row("bytes.reference", "wire", wire["reference"]["transferred"], "bytes")
    rows += [ref, ratio_row("bytes.first_answer", "wire", wire["first_answer"]["transferred"],
                            "bytes", ref, BUDGET_BYTES)]
    off = offline or {"pages_ms": [], "answer_ms": None, "failures": ["not run"]}
    rows += [Row("offline.pages", "offline", median(off["pages_ms"]) if off["pages_ms"] else None,
                 "ms", samples=tuple(off["pages_ms"])),
             Row("offline.answer", "offline", off["answer_ms"], "ms"),
             Row("offline.failures", "offline", len(off["failures"]), "count",
                 budget=BUDGET_ZERO, note="; ".join(off["failures"]) or None)]
    good = [e for e in (lh or []) if "error" not in e]
    failed = len(lh or []) - len(good)
    every = good if lh and not failed else []
    rows += [Row("lighthouse.performance_min", "lighthouse", _worst(every, "performance", min),
                 "count", budget=BUDGET_LIGHTHOUSE_PERF,
                 note=f"{len(good)} pages" + (f", {failed} failed" if failed else "")),
             Row("lighthouse.tbt_max", "lighthouse", _worst(every, "tbt_ms", max), "ms",
                 budget=BUDGET_LIGHTHOUSE_TBT),
             Row("lighthouse.lcp_max", "lighthouse", _worst(every, "lcp_ms", max), "ms"),
             Row("lighthouse.accessibility_min", "lighthouse",
                 _worst(every, "accessibility", min), "count", budget=BUDGET_LIGHTHOUSE_FULL),
             Row("lighthouse.best_practices_min", "lighthouse",
                 _worst(every, "best_practices", min), "count", budget=BUDGET_LIGHTHOUSE_FULL),
             Row("lighthouse.seo_min", "lighthouse", _worst(every, "seo", min), "count",
                 budget=BUDGET_LIGHTHOUSE_FULL)]
    return rows


def timed_build(out: Path) -> tuple[float, Path]:
    """A full strict build of the four languages into ``out``; seconds taken."""
    from tools.site_build import build

    start = time.perf_counter()
    result = build(out)
    elapsed = time.perf_counter() - start
    if not result.ok:
        raise SystemExit(f"the strict build failed:\n{result.log[-4000:]}")
    return elapsed, result.site_dir


def timed_tests() -> dict[str, Any]:
    """The whole test suite in a subprocess: seconds taken, exit code and pytest's summary."""
    cmd = [str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists()
           else sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    lines = [ln for ln in proc.stdout.strip().splitlines() if ln.strip()]
    summary = lines[-1].strip("= ") if lines else ""
    return {"seconds": elapsed, "returncode": proc.returncode, "summary": summary}


# --------------------------------------------------------------------------- assembling


def _marks(samples: Sequence[LoadSample], variant: str, temperature: str) -> list[LoadSample]:
    return [s for s in samples if s.variant == variant and s.temperature == temperature]


def load_rows(samples: Sequence[LoadSample]) -> list[Row]:
    """Reference, bare worker and calculator rows (cold and warm), with ratios and budgets."""
    rows: list[Row] = []
    refs: dict[str, Row] = {}
    for temp in ("cold", "warm"):
        vals = [s.ready_s for s in _marks(samples, "reference", temp)]
        refs[temp] = Row(f"reference.{temp}", "reference", median(vals), "s", samples=tuple(vals))
    for temp in ("cold", "warm"):
        rows.append(refs[temp])
    for variant in ("worker_bare", "runtime_blank"):
        for temp in ("cold", "warm"):
            vals = [s.ready_s for s in _marks(samples, variant, temp)]
            rows.append(ratio_row(f"{variant}.{temp}", "reference", median(vals), "s",
                                  refs[temp], samples=vals))
    for temp in ("cold", "warm"):
        vals = [s.ready_s for s in _marks(samples, "calc_ready", temp)]
        rows.append(ratio_row(f"calc_ready.{temp}", "calc_ready", median(vals), "s", refs[temp],
                              BUDGET_CALC_READY, vals))
    return rows


def breakdown(samples: Sequence[LoadSample]) -> dict[str, dict[str, float]]:
    """Median milestones (ms from navigation start) of the calculator page, cold and warm:
    script booted, worker created, its module running, Pyodide loading, the page's compiled
    WebAssembly in the worker's hands, engine loading, ready, answered. The worker's
    milestones are its own clock's (see worker.mjs), not when the page read the message."""
    keys = ("boot", "input", "worker_created", "worker_started", "worker_runtime",
            "worker_wasm", "worker_engine", "worker_ready", "answered")
    out: dict[str, dict[str, float]] = {}
    for temp in ("cold", "warm"):
        group = _marks(samples, "calc_ready", temp)
        out[temp] = {k: round(median([s.marks[k] for s in group if k in s.marks]), 1)
                     for k in keys if any(k in s.marks for s in group)}
    return out


def assemble(machine: Mapping[str, Any], settings: Mapping[str, Any], rows: Sequence[Row],
             extra: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON document of one run."""
    budgets = [r for r in rows if r.budget is not None]
    return {"schema": SCHEMA, "generated": _dt.datetime.now(_dt.timezone.utc)
            .replace(microsecond=0).isoformat(), "command": "./dev bench",
            "machine": dict(machine), "settings": dict(settings),
            "rows": [r.to_json() for r in rows],
            "summary": {"budgets": len(budgets), "met": sum(bool(r.met) for r in budgets)},
            **extra}


def format_table(doc: Mapping[str, Any]) -> str:
    """The plain-text table printed at the end of a run."""
    def show(value: Any, unit: str) -> str:
        if value is None:
            return "—"
        if unit == "bytes":
            return f"{value / 1e6:.3f} MB" if value >= 1e5 else f"{value:.0f} B"
        if unit == "per_s":
            return f"{value:,.0f}/s"
        if unit == "count":
            return f"{value:.0f}"
        return f"{value:.3f} {unit}" if unit == "s" else f"{value:.2f} {unit}"

    lines = [f"{'measurement':34} {'value':>14} {'ratio':>16} {'budget':>16}  status"]
    for r in doc["rows"]:
        ratio = f"{r['ratio']:.3f} x {r['against']}" if r["ratio"] is not None else ""
        b = r["budget"]
        budget = "" if not b else f"{'ratio' if b['of'] == 'ratio' else ''} {b['op']} {b['limit']}"
        status = "" if r["met"] is None else ("met" if r["met"] else "MISSED")
        lines.append(f"{r['id']:34} {show(r['value'], r['unit']):>14} {ratio[:16]:>16} "
                     f"{budget.strip():>16}  {status}")
    s = doc["summary"]
    lines.append(f"budgets met: {s['met']}/{s['budgets']}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- main


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The whole benchmark; returns the JSON document."""
    def log(msg: str) -> None:
        print(msg, flush=True)

    t_start = time.perf_counter()
    load = _loadavg()
    if load and load[0] > (os.cpu_count() or 1):
        log(f"note: the machine is busy (load average {load[0]:.1f} on {os.cpu_count()} cores); "
            "the ratios hold better than the seconds, and more --rounds help")
    work = Path(tempfile.mkdtemp(prefix="monopoly-bench-"))
    try:
        if args.site:
            build_s, site_dir = None, Path(args.site).resolve()
            log(f"using the prebuilt site {site_dir} (no build time)")
        else:
            log("building the site (four languages, strict) ...")
            build_s, site_dir = timed_build(work / "site")
            log(f"  {build_s:.1f} s")
        e_args = engine_args(args.engine_seconds)
        browser = Browser()
        machine = machine_info(browser.version)
        try:
            with Server(site_dir, bench_pages(e_args)) as server:
                base = server.base
                log(f"serving {site_dir} at {base}; page loads ({args.rounds} rounds) ...")
                samples, kept = load_rounds(browser, base, args.rounds, args.warm_runs, log)
                log("long tasks and diagnosis (traced loads) ...")
                traced, traced_samples, calc_diag = long_task_profile(browser, base)
                diag = {v: diagnose_variant(browser, base, v)
                        for v in VARIANTS if v != "calc_ready"}
                diag["calc_ready"] = calc_diag
                log("recalculation latency ...")
                recalc = recalc_latency(kept[1], args.changes)
                kept[0].close()
                log("bytes before interaction ...")
                rules = page_bytes(browser, server, RULES_PAGE, site_dir)
                hidden = page_bytes(browser, server, OUT_OF_VIEW_PAGE, site_dir)
                shown = page_bytes(browser, server, CALC_PAGE, site_dir, idle_ms=3000)
                log("bytes on the wire (gzip) to the first answer ...")
                wire = first_answer_bytes(browser, server)
                log("offline: one visit, then the network off ...")
                offline = offline_load(browser, server)
                lh = None
                if args.lighthouse != "off":
                    log(f"lighthouse ({args.lighthouse}) ...")
                    lh = lighthouse(base, lighthouse_pages(args.lighthouse), log)
                log("engine speed in Pyodide and CPython ...")
                e_cp, e_py = engine_speed(browser, base, e_args)
        finally:
            browser.close()
        tests = None
        if not args.bench_skip_tests:
            log("test suite (pytest -q) ...")
            tests = timed_tests()
            log(f"  {tests['seconds']:.1f} s: {tests['summary']}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    rows = load_rows(samples)
    dom = [r["dom"] for r in recalc]
    frame = [r["frame"] for r in recalc]
    python = [r["python"] for r in recalc if r.get("python") is not None]
    rows += [Row("recalc.p50", "recalc", percentile(dom, 50), "ms"),
             Row("recalc.p95", "recalc", percentile(dom, 95), "ms", budget=BUDGET_RECALC),
             Row("recalc.python_p95", "recalc", percentile(python, 95) if python else None, "ms"),
             Row("recalc.render_p95", "recalc", percentile([r["render"] for r in recalc], 95),
                 "ms"),
             Row("recalc.message_p95", "recalc", percentile([r["message"] for r in recalc], 95),
                 "ms"),
             Row("recalc.frame_p95", "recalc", percentile(frame, 95), "ms")]
    loaf = attribute_long_tasks(_marks(samples, "calc_ready", "cold")
                                + _marks(samples, "calc_ready", "warm"))
    ours = [t for t in traced if t["owner"] in ("project", "pyodide")]
    rows += [Row("longtasks.project", "longtasks", sum(t["cpu"] > 50 for t in ours), "count",
                 budget=BUDGET_ZERO),
             Row("longtasks.project_wall", "longtasks", len(ours), "count"),
             Row("longtasks.other", "longtasks", len(traced) - len(ours), "count")]
    rows += [Row("bytes.rules_page", "bytes", rules["transferred"], "bytes"),
             Row("bytes.rules_page_runtime", "bytes", rules["runtime_bytes"], "bytes",
                 budget=BUDGET_ZERO),
             Row("bytes.out_of_view", "bytes", hidden["transferred"], "bytes"),
             Row("bytes.out_of_view_runtime", "bytes", hidden["runtime_bytes"], "bytes"),
             Row("bytes.calc_in_view", "bytes", shown["transferred"], "bytes")]
    for kind in e_args["requests"]:
        cp = Row(f"engine.{kind}.cpython", "engine", e_cp[kind], "per_s")
        rows += [cp, ratio_row(f"engine.{kind}.pyodide", "engine", e_py[kind], "per_s", cp)]
    mk = Row("engine.markov.cpython", "engine", e_cp["markov"] * 1000, "ms",
             samples=tuple(x * 1000 for x in e_cp["markov_samples"]))
    rows += [mk, ratio_row("engine.markov.pyodide", "engine", e_py["markov"] * 1000, "ms", mk,
                           samples=[x * 1000 for x in e_py["markov_samples"]])]
    imp = Row("engine.import.cpython", "engine", e_cp["import"] * 1000, "ms",
              note=f"compile only: {e_cp['compile'] * 1000:.0f} ms")
    rows += [imp, ratio_row("engine.import.pyodide", "engine", e_py["import"] * 1000, "ms", imp,
                            note=f"compile only: {e_py['compile'] * 1000:.0f} ms")]
    rows += [Row("build.time", "build", build_s, "s"),
             Row("tests.time", "build", tests["seconds"] if tests else None, "s",
                 note=(tests["summary"] if tests else "skipped"))]
    refs = {r.id.split(".")[1]: r for r in rows if r.id.startswith("reference.")}
    rows += new_rows(samples, refs, wire, offline, lh)
    if tuple(r.id for r in rows) != ROW_IDS:
        raise AssertionError(f"rows out of step with ROW_IDS: {[r.id for r in rows]}")
    machine = {**machine, "load_after": _loadavg()}
    settings = {"rounds": args.rounds, "warm_runs": args.warm_runs, "changes": args.changes,
                "viewport": [VIEWPORT["width"], VIEWPORT["height"]],
                "server": f"python http.server, Cache-Control: {CACHE_CONTROL}, gzip -6 for "
                          f"{' '.join(COMPRESSIBLE)} (as a static host; no brotli: not in "
                          "Python's standard library)",
                "lighthouse": args.lighthouse,
                "cold": "fresh user-data-dir", "warm": "same profile, third visit",
                "calculator_page": CALC_PAGE, "rules_page": RULES_PAGE,
                "out_of_view_page": OUT_OF_VIEW_PAGE,
                "bench_seconds": round(time.perf_counter() - t_start, 1)}
    extra = {"breakdown": breakdown(samples), "diagnosis": diag, "long_tasks": traced,
             "long_tasks_loaf": loaf,
             "bytes": {"rules_page": rules, "out_of_view": hidden, "calc_in_view": shown},
             "recalc_samples": [{k: (round(v, 2) if isinstance(v, float) else v)
                                 for k, v in r.items()} for r in recalc],
             "calculator_position": next((s.calc for s in samples if s.calc), None),
             "wire": wire, "offline": offline, "lighthouse": lh,
             "tests": tests}
    return assemble(machine, settings, rows, extra)


def run_part(args: argparse.Namespace) -> Any:
    """``--part``: one of the newer measurements alone (nothing written, nothing published)."""
    with tempfile.TemporaryDirectory(prefix="monopoly-bench-") as work:
        site_dir = Path(args.site).resolve() if args.site else timed_build(Path(work) / "s")[1]
        browser = Browser()
        try:
            with Server(site_dir, bench_pages(engine_args(args.engine_seconds))) as server:
                if args.part == "bytes":
                    return first_answer_bytes(browser, server)
                if args.part == "offline":
                    return offline_load(browser, server)
                if args.part == "lighthouse":
                    which = "quick" if args.lighthouse == "all" else args.lighthouse
                    return lighthouse(server.base, lighthouse_pages(which), print)
                samples, kept = load_rounds(browser, server.base, args.rounds, args.warm_runs,
                                            print, keep_last=False,
                                            variants=["reference", "calc_ready"])
                rows = load_rows_subset(samples)
                refs = {r.id.split(".")[1]: r for r in rows}
                return [r.to_json() for r in rows] + [
                    r.to_json() for r in new_rows(samples, refs, {
                        "reference": {"transferred": None}, "first_answer": {"transferred": None}},
                        None, None)[:2]]
        finally:
            browser.close()


def load_rows_subset(samples: Sequence[LoadSample]) -> list[Row]:
    """The reference rows alone (``--part interaction`` loads only reference and page)."""
    out = []
    for temp in ("cold", "warm"):
        vals = [s.ready_s for s in _marks(samples, "reference", temp)]
        out.append(Row(f"reference.{temp}", "reference", median(vals), "s", samples=tuple(vals)))
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry (``./dev bench``)."""
    parser = argparse.ArgumentParser(prog="./dev bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench-skip-tests", action="store_true",
                        help="do not run (and time) the test suite")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds of profiles per variant (default 3)")
    parser.add_argument("--warm-runs", type=int, default=1,
                        help="warm loads per profile and round (default 1)")
    parser.add_argument("--changes", type=int, default=RECALC_CHANGES,
                        help="input changes for the recalculation latency")
    parser.add_argument("--engine-seconds", type=float, default=0.8,
                        help="seconds of calls per calculation in each runtime (in 4 bursts)")
    parser.add_argument("--site", help="use this already built site (skips the build timing)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON")
    parser.add_argument("--no-publish", action="store_true",
                        help=f"do not copy the JSON to {PUBLISHED.relative_to(ROOT)}")
    parser.add_argument("--lighthouse", choices=("all", "quick", "off"), default="all",
                        help="Lighthouse on every home, rule and calculators page in every "
                             "language (all, the default: 60 pages), on 6 pages (quick), or "
                             "not at all (off: its rows stay unmeasured)")
    parser.add_argument("--part", choices=("bytes", "offline", "lighthouse", "interaction"),
                        help="run only this part on a built site (--site, else a fresh "
                             "build), print its numbers and write nothing (a quick check)")
    args = parser.parse_args(argv)
    if args.part:
        print(json.dumps(run_part(args), indent=1, ensure_ascii=False))
        return 0
    doc = run(args)
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    if not args.no_publish:
        PUBLISHED.parent.mkdir(parents=True, exist_ok=True)
        PUBLISHED.write_text(text, encoding="utf-8")
    print(format_table(doc))
    print(f"written: {args.out}" + ("" if args.no_publish else f" and {PUBLISHED}"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
