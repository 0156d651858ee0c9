"""Chromium traces: main-thread long tasks with who spent their CPU time, and the
per-thread CPU and on-the-spot compilation of a load (the diagnosis, which stays
meaningful when wall time does not)."""

from __future__ import annotations

import base64
import json
import time
from typing import Any, Mapping, Sequence

from tools.bench.browser import CHANGE_ON_BOOT_JS, Browser, LoadSample, timed_load
from tools.bench.cpu import throttle
from tools.bench.rows import classify_script


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


def project_long_tasks(tasks: Sequence[Mapping[str, Any]], limit_ms: float = 50.0) -> int:
    """How many traced tasks of the project's own (its scripts or Pyodide's) are long on
    the phone: CPU time over ``limit_ms`` as traced on the throttled main thread
    (``phone_cpu``; the throttle stretches CPU time too, :mod:`tools.bench.cpu`).

    >>> tasks = [{"owner": "project", "phone_cpu": 30.0}, {"owner": "theme", "phone_cpu": 90.0},
    ...          {"owner": "pyodide", "phone_cpu": 52.0}]
    >>> project_long_tasks(tasks), project_long_tasks(tasks, limit_ms=25.0)
    (1, 2)
    """
    return sum(1 for t in tasks if t["owner"] in ("project", "pyodide")
               and t["phone_cpu"] > limit_ms)


def long_task_profile(browser: Browser, base: str, multiplier: float = 1.0
                      ) -> tuple[list[dict[str, Any]], list[LoadSample], dict[str, Any]]:
    """A fresh profile, its main thread slowed down ``multiplier`` times (the bench's
    phone, :mod:`tools.bench.cpu`): a traced cold load of the calculator page, one visit
    to warm the caches, a traced warm load. Returns every long task of both (from the
    traces; ``phone_cpu``: its CPU time as traced under the slowdown, which is the phone's), the two samples, and the
    :func:`diagnosis` of both loads."""
    ctx = browser.profile()
    ctx.add_init_script(CHANGE_ON_BOOT_JS)
    page = ctx.new_page()
    session = throttle(ctx, page, multiplier) if multiplier > 1 else None
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
            out.append({"temperature": temperature, **task,
                        # traced under the throttle: the CPU time is already the phone's
                        "phone_cpu": round(task["cpu"], 1)})
        diag[temperature] = {"ready_s": round(sample.ready_s, 3),
                             **diagnosis(events, sample.url, sample.marks["answered"],
                                         "DedicatedWorker thread")}
    if session is not None:
        session.detach()
    ctx.close()
    return out, samples, diag
