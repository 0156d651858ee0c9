"""Lighthouse 12 (npm, pinned devDependency) over the site's pages, phone settings."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Callable, Sequence

from tools.bench.config import LIGHTHOUSE
from tools.static_site import CHROMIUM, CHROMIUM_ARGS


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
    from hooks.catalogs.languages import LANGUAGES

    return [(f"{lang.folder}/" if lang.folder else "") + s for lang in LANGUAGES for s in slugs]


PHONE_SETTINGS = ("--only-categories=performance,accessibility,best-practices,seo",
                  "--form-factor=mobile", "--throttling-method=simulate", "--quiet")
"""Lighthouse's settings for every page (the same for gathering and auditing)."""


def set_slowdown(artifacts: Path, multiplier: float) -> float:
    """Write ``multiplier`` into a gathered page's saved settings and return the host's
    ``BenchmarkIndex`` that Lighthouse measured when it gathered. With simulated
    throttling nothing is throttled while gathering (the slowdown is applied by the
    simulation, when auditing), so the saved slowdown is only a label; Lighthouse refuses
    to audit with settings other than the gathered ones.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     f = Path(d) / "artifacts.json"
    ...     _ = f.write_text('{"BenchmarkIndex": 900, "settings": {"throttling": {"cpuSlowdownMultiplier": 4}}}')
    ...     set_slowdown(f, 2.05), json.loads(f.read_text())["settings"]["throttling"]
    (900.0, {'cpuSlowdownMultiplier': 2.05})
    """
    data = json.loads(artifacts.read_text(encoding="utf-8"))
    data["settings"]["throttling"]["cpuSlowdownMultiplier"] = multiplier
    artifacts.write_text(json.dumps(data), encoding="utf-8")
    return float(data["BenchmarkIndex"])


def lighthouse(base: str, pages: Sequence[str], log: Callable[[str], None],
               slowdown_of: Callable[[float], float] | None = None,
               runs: int = 1) -> list[dict[str, Any]]:
    """:func:`lighthouse_once` ``runs`` times over ``pages`` (round after round, so a spell
    of load on a shared machine falls on different pages each time), and per page the
    median run: the one whose total blocking time is the median (Lighthouse's own advice
    for a number to act on is the median of several runs, docs/variability.md; one run per
    page gave /jail/ 0 ms in one bench and 175 ms in the next, 2026-12-04). The entry keeps
    every run's blocking time and score (``runs_tbt_ms``, ``runs_performance``); the
    accessibility, best-practices and SEO scores are the lowest of the runs, which must all
    be full."""
    rounds = [lighthouse_once(base, pages, log, slowdown_of) for _ in range(max(1, runs))]
    out = []
    for i, path in enumerate(pages):
        got = [r[i] for r in rounds if "error" not in r[i]]
        if not got:
            out.append(rounds[0][i])
            continue
        ranked = sorted(got, key=lambda e: (e["tbt_ms"] or 0.0, -(e["performance"] or 0)))
        entry = dict(ranked[(len(ranked) - 1) // 2])
        if len(rounds) > 1:
            entry["runs_tbt_ms"] = [e["tbt_ms"] for e in got]
            entry["runs_performance"] = [e["performance"] for e in got]
            for key in ("accessibility", "best_practices", "seo"):
                scores = [e[key] for e in got if e[key] is not None]
                entry[key] = min(scores) if scores else None
            entry["failed"] = sorted({f for e in got for f in e["failed"]})
            log(f"  lighthouse {path or '/':22} median of {len(got)}: perf "
                f"{entry['performance']} tbt {entry['tbt_ms'] or 0:.0f} ms "
                f"(runs: {', '.join(format(e['tbt_ms'] or 0, '.0f') for e in got)})")
        out.append(entry)
    return out


def lighthouse_once(base: str, pages: Sequence[str], log: Callable[[str], None],
                    slowdown_of: Callable[[float], float] | None = None) -> list[dict[str, Any]]:
    """Lighthouse 12 (npm, pinned) on each page: mobile form factor, simulated throttling,
    Debian's Chromium with the bench's flags; scores 0-100 and the total blocking time and
    largest contentful paint in ms.

    With ``slowdown_of`` (host index -> CPU slowdown, :func:`tools.bench.cpu.slowdown`)
    each page runs in two steps: Lighthouse gathers the page (``-G``: the page load, and
    its own ``benchmarkIndex`` of the host, measured right before it), then audits it
    (``-A``) with the slowdown for *that* index, so every page is simulated on the same
    phone even when a shared machine's load moves between pages. Without it, one run
    with Lighthouse's default slowdown (4). Each entry keeps the index and the slowdown."""
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: npm ci (it is a devDependency)")
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    out = []
    with tempfile.TemporaryDirectory(prefix="monopoly-lighthouse-") as tmp:
        for i, path in enumerate(pages):
            report = Path(tmp) / f"{i}.json"
            common = [*PHONE_SETTINGS, f"--chrome-flags={flags}"]
            output = ["--output=json", f"--output-path={report}"]
            if slowdown_of is None:
                run = subprocess.run([str(LIGHTHOUSE), base + path, *output, *common],
                                     env=env, capture_output=True, text=True, timeout=300)
            else:
                gathered = Path(tmp) / f"{i}-artifacts"
                run = subprocess.run([str(LIGHTHOUSE), base + path, f"-G={gathered}", *common],
                                     env=env, capture_output=True, text=True, timeout=300)
                if run.returncode == 0 and (gathered / "artifacts.json").exists():
                    index = set_slowdown(gathered / "artifacts.json", 4.0)
                    multiplier = slowdown_of(index)
                    set_slowdown(gathered / "artifacts.json", multiplier)
                    run = subprocess.run(
                        [str(LIGHTHOUSE), base + path, f"-A={gathered}", *output, *common,
                         f"--throttling.cpuSlowdownMultiplier={multiplier}"],
                        env=env, capture_output=True, text=True, timeout=300)
                shutil.rmtree(gathered, ignore_errors=True)
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
                     "host_index": data.get("environment", {}).get("benchmarkIndex"),
                     "multiplier": (data.get("configSettings", {}).get("throttling", {})
                                    .get("cpuSlowdownMultiplier")),
                     # what cost points outside performance (to fix, not to guess)
                     "failed": sorted(ref["id"] for key in ("accessibility", "best-practices", "seo")
                                      for ref in cats.get(key, {}).get("auditRefs", [])
                                      if ref.get("weight") and
                                      (audits.get(ref["id"], {}).get("score") or 0) < 1
                                      and audits.get(ref["id"], {}).get("scoreDisplayMode")
                                      not in ("notApplicable", "manual", "informative"))}
            out.append(entry)
            log(f"  lighthouse {path or '/':22} cpu x{entry['multiplier']} "
                f"(index {entry['host_index']}) perf {entry['performance']} "
                f"tbt {entry['tbt_ms'] or 0:.0f} ms lcp {entry['lcp_ms'] or 0:.0f} ms "
                f"a11y {entry['accessibility']} bp {entry['best_practices']} seo {entry['seo']}"
                + (f" (failed: {', '.join(entry['failed'])})" if entry["failed"] else ""))
    return out
