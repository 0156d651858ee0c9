"""Where a page's main thread spends its time on the bench's phone (``--part profile``):
a cold load with the main thread slowed down by the calibrated slowdown
(:mod:`tools.bench.cpu`), recorded by V8's sampling profiler (DevTools ``Profiler``), and
summed per script and per function by self time. Long tasks of the same load come from
the page's own ``longtask`` observer (the bench probe).

>>> prof = {"nodes": [
...   {"id": 1, "callFrame": {"functionName": "(root)", "url": "", "lineNumber": -1}},
...   {"id": 2, "callFrame": {"functionName": "boot", "url": "http://h/assets/calculators/calculators.mjs", "lineNumber": 9}},
...   {"id": 3, "callFrame": {"functionName": "", "url": "http://h/assets/javascripts/bundle.js", "lineNumber": 0}}],
...   "samples": [2, 2, 3, 1], "timeDeltas": [0, 1000, 1000, 1000]}
>>> s = self_times(prof)
>>> s["by_owner"], s["top"][0][:2]
({'project': 2.0, 'theme': 1.0, 'browser': 0.0}, ('project', 'boot'))
"""

from __future__ import annotations

from typing import Any, Mapping

from tools.bench.config import VIEWPORT
from tools.bench.cpu import throttle
from tools.bench.rows import classify_script


def self_times(profile: Mapping[str, Any], page_url: str | None = None,
               top: int = 15) -> dict[str, Any]:
    """Self time (ms) of a DevTools CPU profile per owner (:func:`classify_script`) and
    its ``top`` functions (owner, function, script path, line, ms). A sample's time is the
    delta to the next sample."""
    nodes = {n["id"]: n["callFrame"] for n in profile["nodes"]}
    deltas = list(profile.get("timeDeltas") or [])
    per_fn: dict[tuple[str, str, str, int], float] = {}
    samples = profile.get("samples") or []
    for i, node in enumerate(samples):
        ms = (deltas[i + 1] if i + 1 < len(deltas) else 0) / 1000
        frame = nodes[node]
        url = frame.get("url") or ""
        name = frame.get("functionName") or "(anonymous)"
        owner = classify_script(url, page_url)
        key = (owner, name, url.split("/", 3)[-1] if url else "", int(frame.get("lineNumber", -1)) + 1)
        per_fn[key] = per_fn.get(key, 0.0) + ms
    by_owner: dict[str, float] = {}
    for (owner, *_), ms in per_fn.items():
        by_owner[owner] = by_owner.get(owner, 0.0) + ms
    ranked = sorted(per_fn.items(), key=lambda kv: -kv[1])[:top]
    return {"by_owner": {k: round(v, 1) for k, v in sorted(by_owner.items(), key=lambda kv: -kv[1])},
            "top": [(*key, round(ms, 1)) for key, ms in ranked]}


def profile_page(browser: Any, base: str, path: str, multiplier: float,
                 settle_ms: int = 3000) -> dict[str, Any]:
    """One cold load of ``path`` (fresh incognito context), main thread slowed down
    ``multiplier`` times, profiled from before navigation until ``settle_ms`` after load."""
    ctx = browser.context()
    try:
        page = ctx.new_page()
        page.goto(base + "__bench__/blank.html")
        session = throttle(ctx, page, multiplier)
        cdp = ctx.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
        page.goto(base + path, wait_until="load")
        page.wait_for_timeout(settle_ms)
        prof = cdp.send("Profiler.stop")["profile"]
        perf = page.evaluate("() => window.__perf ? {longtasks: window.__perf.longtasks,"
                             " loafs: window.__perf.loafs} : {}")
        cdp.detach()
        session.detach()
    finally:
        ctx.close()
    loafs = perf.get("loafs") or []
    tasks = []
    for task in perf.get("longtasks") or []:
        t0, t1 = task["start"], task["start"] + task["duration"]
        scripts = [sc for lf in loafs if lf["start"] <= t1 and lf["start"] + lf["duration"] >= t0
                   for sc in lf["scripts"] if sc["start"] <= t1 and sc["start"] + sc["duration"] >= t0]
        scripts.sort(key=lambda sc: -sc["duration"])
        tasks.append({"start": round(t0), "duration": round(task["duration"]),
                      "scripts": [(classify_script(sc["url"], base + path), sc.get("invoker"),
                                   round(sc["duration"])) for sc in scripts[:3]]})
    return {"path": path, "multiplier": multiplier, "viewport": VIEWPORT["width"],
            **self_times(prof, base + path), "long_tasks": tasks,
            "blocking_ms": round(sum(max(0.0, t["duration"] - 50) for t in tasks), 1)}
