"""Lighthouse 12 (npm, pinned devDependency) over the site's pages, phone settings."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

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
    return [("" if lang == "nl" else f"{lang}/") + s for lang in ("nl", "sv", "da", "nb")
            for s in slugs]


def lighthouse(base: str, pages: Sequence[str], log: Callable[[str], None],
               cpu: Callable[[], Mapping[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Lighthouse 12 (npm, pinned) on each page: mobile form factor, simulated throttling,
    Debian's Chromium with the bench's flags; scores 0-100 and the total blocking time and
    largest contentful paint in ms. ``cpu()``, called right before each page, gives the
    host's index at that moment and the CPU slowdown that makes it the bench's phone
    (``tools.bench.cpu``; Lighthouse's default of 4 without it); each entry keeps both,
    and the index Lighthouse itself measured (``lighthouse_index``)."""
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: npm ci (it is a devDependency)")
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    out = []
    with tempfile.TemporaryDirectory(prefix="monopoly-lighthouse-") as tmp:
        for i, path in enumerate(pages):
            report = Path(tmp) / f"{i}.json"
            here = dict(cpu()) if cpu else {"host_index": None, "multiplier": None}
            slow = ([f"--throttling.cpuSlowdownMultiplier={here['multiplier']}"]
                    if here.get("multiplier") else [])
            run = subprocess.run(
                [str(LIGHTHOUSE), base + path, "--output=json", f"--output-path={report}",
                 "--only-categories=performance,accessibility,best-practices,seo",
                 "--form-factor=mobile", "--throttling-method=simulate", "--quiet",
                 f"--chrome-flags={flags}", *slow],
                env=env, capture_output=True, text=True, timeout=300)
            if run.returncode != 0 or not report.exists():
                out.append({"page": path, "error": (run.stderr or run.stdout)[-300:], **here})
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
                     "host_index": here.get("host_index"),
                     "multiplier": (data.get("configSettings", {}).get("throttling", {})
                                    .get("cpuSlowdownMultiplier")),
                     "lighthouse_index": data.get("environment", {}).get("benchmarkIndex"),
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
