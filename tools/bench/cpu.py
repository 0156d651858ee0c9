"""The host's CPU speed, and the slowdown that makes any host the same mid-range phone.

A budget that counts CPU time (Lighthouse's total blocking time, long tasks, the
recalculation latency) means nothing without the CPU it was measured on: the same code
met every budget on one machine and missed four on another that was 2.4x slower. So the
bench first measures the host with Lighthouse's own CPU benchmark (``benchmarkIndex``,
the function of the pinned npm ``lighthouse`` package, run in the bench's Chromium on a
blank page's main thread) and slows the CPU down by ``host index / target index``
(:func:`slowdown`): Lighthouse through ``--throttling.cpuSlowdownMultiplier`` (per page,
from the index Lighthouse measured itself right before gathering that page: a shared
machine's load moves within seconds, see :func:`tools.bench.lighthouse.lighthouse`), the
bench's own throttled rows through Chromium's ``Emulation.setCPUThrottlingRate``. Every
run then simulates a phone of :data:`TARGET_INDEX`, whatever the host.

The target (:data:`TARGET_INDEX`, :data:`TARGET_PHONE`): what Lighthouse's own default
means. Its documentation (docs/throttling.md, "Calibrating the CPU slowdown") says the
constant 4x slowdown "moves a typical run in the high-end desktop bracket" (index
1500-2000) "into the mid-tier mobile bracket" (125-800, its example a Moto G4): 4x on the
middle of that bracket, 1750 / 4, is 440. It lies between the two presets Chrome DevTools
calibrates to with the same benchmark (low-tier 264, a Moto G Power 2022; mid-tier 1000,
a Pixel 5). A cheap or a few years old Android phone, the one that is lying on the table
next to the board, not the newest flagship.

What cannot be throttled: Chromium applies ``Emulation.setCPUThrottlingRate`` to a page's
main thread only (sent to a dedicated worker it answers "Operation is only supported for
pages, not workers", Chromium 156). Python runs in a worker, so the rows that compare
Python starts (``reference.*``, ``calc_ready.*``, ``interaction.*``) stay unthrottled:
they are ratios between loads on the same host, interleaved, and normalise themselves.
The recalculation latency counts the worker's Python time, measured in the worker, times
the slowdown (:func:`phone_latency`), on the worker's own track: a phone's worker runs on a
core of its own beside the main thread, so its slower answer delays the page only when the
page would have been ready to take it sooner. A long task traced on the throttled main
thread already shows the phone's time: Chromium's throttle stretches a task's CPU time
(the trace's ``tdur``) with its wall time, so a task counts by its CPU time as traced,
not that times the slowdown again (measured with Chromium 156 on 2026-12-04: one busy
loop traced at 56 ms CPU unthrottled and 326 ms at a rate of 6; the bench had multiplied
the traced figure once more and counted tasks of 8 ms on the phone as long).

>>> slowdown(1760.0)
4.0
>>> slowdown(300.0)
1.0
>>> phone_latency(dom=12.0, python=2.0, multiplier=3.0)
16.0
>>> phone_latency(dom=30.0, python=2.0, multiplier=3.0, worker=25.0, posted=4.0)
30.0
"""

from __future__ import annotations

import statistics
import subprocess
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, Sequence

from tools.bench.config import ROOT

TARGET_INDEX = 440.0
"""Lighthouse ``benchmarkIndex`` of the simulated phone (see the module docstring)."""

TARGET_PHONE = ("a mid-range Android phone of a few years ago (Lighthouse's mid-tier mobile "
                "bracket, Moto G4 class; between DevTools' Moto G Power 2022 and Pixel 5)")
"""The phone class :data:`TARGET_INDEX` stands for, in the JSON."""

INDEX_RUNS = 5
"""Runs of the benchmark per calibration (each about one second); the median counts."""

LIGHTHOUSE_PAGE_FUNCTIONS = ROOT / "node_modules" / "lighthouse" / "core" / "lib" / "page-functions.js"


def slowdown(host_index: float, target_index: float = TARGET_INDEX) -> float:
    """The CPU slowdown that makes a host of ``host_index`` a phone of ``target_index``:
    their ratio, rounded to 2 decimals, never below 1 (a host slower than the phone
    cannot be sped up; the run then says so with ``host_slower``).

    >>> slowdown(880.0), slowdown(1234.5)
    (2.0, 2.81)
    """
    if host_index <= 0 or target_index <= 0:
        raise ValueError(f"benchmark indexes must be positive: {host_index}, {target_index}")
    return max(1.0, round(host_index / target_index, 2))


CHECK_TOLERANCE = 0.25
"""How far (as a ratio either way) the index measured under the slowdown may miss the
target before the calibration corrects the slowdown once (:func:`corrected`)."""


def corrected(rate: float, check_index: float, target_index: float = TARGET_INDEX,
              tolerance: float = CHECK_TOLERANCE) -> float | None:
    """The slowdown corrected by the check made under it, or None when the check is
    within ``tolerance`` of the target.

    The host's index is measured unthrottled, then once more under the slowdown; on a
    shared host the two can be seconds and a whole speed class apart (a diagnostic run of
    2026-12-06: host index 2,284, x5.19, and then the throttled page at 231 instead of
    440; that round's p95 was 64 ms against 24-37 ms in the three others). The check is
    the later, and the direct, measurement of the phone: the slowdown is scaled by
    ``check / target`` (never below 1).

    >>> corrected(5.19, 231.0), corrected(2.88, 543.5), corrected(2.97, 680.0)
    (2.72, None, 4.59)
    >>> corrected(1.2, 200.0)
    1.0
    """
    if check_index <= 0 or target_index <= 0:
        raise ValueError(f"benchmark indexes must be positive: {check_index}, {target_index}")
    ratio = check_index / target_index
    if 1 / (1 + tolerance) <= ratio <= 1 + tolerance:
        return None
    return max(1.0, round(rate * ratio, 2))


def phone_latency(dom: float, python: float | None, multiplier: float,
                  worker: float | None = None, posted: float | None = None) -> float:
    """A recalculation's latency on the phone (ms from the change until the answer is in
    the page), from one measured with the page's main thread throttled by ``multiplier``
    and the worker not (see the module docstring).

    ``worker``: when the page took the answer; ``posted``: when the worker posted it (both
    ms after the change, on the page's clock). On the phone the worker's ``python`` ms take
    ``multiplier`` times as long, so the answer is posted ``python * (multiplier - 1)`` ms
    later; the page, busy meanwhile (typically painting the changed field: the answer waits
    for that frame on the host too), takes it at whichever comes last, then renders it
    (``dom - worker``, measured on the throttled thread). Without ``worker`` and
    ``posted`` (an older probe): the Python time added in series, an upper bound.

    >>> phone_latency(dom=30.0, python=2.0, multiplier=3.0, worker=25.0, posted=22.0)
    31.0
    >>> phone_latency(dom=30.0, python=2.0, multiplier=3.0)
    34.0
    """
    extra = (python or 0.0) * (multiplier - 1.0)
    if worker is None or posted is None:
        return dom + extra
    posted = min(max(posted, 0.0), worker)  # two threads' clocks: never after it was taken
    return max(worker, posted + extra) + (dom - worker)


def spread(samples: Sequence[float]) -> float | None:
    """(max - min) / median of a sample: how far the runs of one calibration disagree.

    >>> spread([90.0, 100.0, 110.0])
    0.2
    >>> spread([]) is None
    True
    """
    if not samples:
        return None
    mid = statistics.median(samples)
    return round((max(samples) - min(samples)) / mid, 3) if mid else None


@lru_cache(maxsize=None)
def benchmark_source() -> str:
    """The source of Lighthouse's ``computeBenchmarkIndex`` from the pinned package (read
    through Node, as Lighthouse itself evaluates it in the page), so the host index is on
    Lighthouse's scale."""
    if not LIGHTHOUSE_PAGE_FUNCTIONS.exists():
        raise SystemExit(f"{LIGHTHOUSE_PAGE_FUNCTIONS} is missing: npm ci (lighthouse is a "
                         "devDependency)")
    script = (f"import {{pageFunctions}} from {str(LIGHTHOUSE_PAGE_FUNCTIONS.as_uri())!r};"
              "process.stdout.write(pageFunctions.computeBenchmarkIndex.toString())")
    run = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, cwd=ROOT)
    if run.returncode != 0 or "function" not in run.stdout:
        raise SystemExit(f"could not read Lighthouse's benchmark: {run.stderr[-300:]}")
    return run.stdout


def measure_index(page: Any, runs: int = INDEX_RUNS) -> list[float]:
    """``runs`` runs of Lighthouse's benchmark on ``page``'s main thread."""
    src = benchmark_source()
    return [float(page.evaluate(f"({src})()")) for _ in range(runs)]


def median_round(rounds: Sequence[dict[str, Any]], key: str = "p95") -> int:
    """The index of the round whose ``key`` is the median (the lower middle of an even
    count), as Lighthouse picks its median run: one round on a shared host can land on a
    moment when the host ran slower than its calibration said.

    >>> median_round([{"p95": 40.0}, {"p95": 90.0}, {"p95": 35.0}])
    0
    >>> median_round([{"p95": 3.0}, {"p95": 1.0}])
    1
    """
    if not rounds:
        raise ValueError("no rounds")
    order = sorted(range(len(rounds)), key=lambda i: rounds[i][key])
    return order[(len(order) - 1) // 2]


def throttle(ctx: Any, page: Any, rate: float) -> Any:
    """Slow ``page``'s main thread down ``rate`` times (Chromium's CPU throttling, which
    stays on across the page's navigations); returns the DevTools session, which must
    stay referenced while the throttle should hold."""
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": max(1.0, float(rate))})
    return cdp


@dataclass(frozen=True)
class CpuProfile:
    """One calibration: the host's index (median of ``samples``), the target and the
    slowdown, and the index measured again under that slowdown (``check_index``, which
    should come out near the target: the throttle works and the host held still; where
    it did not, the slowdown was corrected from ``corrected_from``).

    >>> p = CpuProfile.of([880.0, 900.0, 860.0], check=[450.0])
    >>> p.host_index, p.multiplier, p.host_slower, p.check_index
    (880.0, 2.0, False, 450.0)
    >>> CpuProfile.of([200.0], check=[]).to_json()["host_slower"]
    True
    """

    host_index: float
    samples: tuple[float, ...]
    target_index: float
    multiplier: float
    check_index: float | None
    check_samples: tuple[float, ...]
    corrected_from: float | None = None
    """The slowdown the check replaced (:func:`corrected`), if it did."""

    @classmethod
    def of(cls, samples: Sequence[float], check: Sequence[float],
           target_index: float = TARGET_INDEX, multiplier: float | None = None,
           corrected_from: float | None = None) -> "CpuProfile":
        host = float(statistics.median(samples))
        return cls(round(host, 1), tuple(round(s, 1) for s in samples), target_index,
                   multiplier if multiplier is not None else slowdown(host, target_index),
                   round(float(statistics.median(check)), 1) if check else None,
                   tuple(round(s, 1) for s in check), corrected_from)

    @property
    def host_slower(self) -> bool:
        """The host is slower than the phone: the run is unthrottled and slower still."""
        return self.host_index < self.target_index

    def to_json(self) -> dict[str, Any]:
        """The JSON ``cpu`` block (with the phone class and each sample's spread)."""
        return {**asdict(self), "samples": list(self.samples),
                "check_samples": list(self.check_samples), "host_slower": self.host_slower,
                "spread": spread(self.samples), "target_phone": TARGET_PHONE,
                "method": "Lighthouse benchmarkIndex (pinned npm lighthouse, "
                          "computeBenchmarkIndex) on a blank page's main thread"}


def calibrate(browser: Any, base: str, runs: int = INDEX_RUNS,
              target_index: float = TARGET_INDEX, fixed: float | None = None) -> CpuProfile:
    """Measure the host (``runs`` benchmark runs on a blank bench page), derive the
    slowdown (or take ``fixed``), and measure once more under it; a check that misses
    the target by more than :data:`CHECK_TOLERANCE` corrects the slowdown once
    (:func:`corrected`), measured again (``corrected_from``: the slowdown it replaced)."""
    ctx = browser.browser.new_context()
    first: float | None = None
    try:
        page = ctx.new_page()
        page.goto(base + "__bench__/blank.html")
        samples = measure_index(page, runs)
        host = float(statistics.median(samples))
        rate = fixed if fixed is not None else slowdown(host, target_index)
        session = throttle(ctx, page, rate)
        check = measure_index(page, max(1, runs // 2)) if rate > 1 else []
        better = (corrected(rate, float(statistics.median(check)), target_index)
                  if check and fixed is None else None)
        if better is not None and better != rate:
            first, rate = rate, better
            session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            check = measure_index(page, max(1, runs // 2)) if rate > 1 else []
        session.detach()
    finally:
        ctx.close()
    return CpuProfile.of(samples, check, target_index, rate, corrected_from=first)
