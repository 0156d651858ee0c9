"""The command line (``./dev bench``, ``python -m tools.bench``): the whole run, one
``--part`` alone, and writing the JSON."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from tools.bench.browser import (VARIANTS, Browser, first_answer_bytes, load_rounds,
                                 offline_load, page_bytes, recalc_latency)
from tools.bench.config import (CACHE_CONTROL, CALC_PAGE, COMPRESSIBLE, OUT_OF_VIEW_PAGE,
                                PUBLISHED, RECALC_CHANGES, RECALC_ROUNDS, RESULTS, ROOT, RULES_PAGE, VIEWPORT)
from tools.bench.cpu import (INDEX_RUNS, TARGET_INDEX, CpuProfile, calibrate,
                            median_round, phone_latency, slowdown, throttle)
from tools.bench.engine import Baseline, engine_against, engine_args, engine_speed
from tools.bench.lighthouse import lighthouse, lighthouse_pages
from tools.bench.profile import profile_page
from tools.bench.report import (_loadavg, _marks, assemble, breakdown, engine_rows,
                                format_table, load_rows, load_rows_subset, machine_info,
                                new_rows)
from tools.bench.rows import BUDGET_RECALC, BUDGET_ZERO, ROW_IDS, Row, percentile
from tools.bench.server import Server, bench_pages
from tools.bench.traces import attribute_long_tasks, project_long_tasks, diagnose_variant, long_task_profile


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
    """The whole test suite in a subprocess, as the README runs it (``./dev test``: two
    workers, one shared build): seconds taken, exit code and pytest's summary."""
    cmd = [str(ROOT / "dev"), "test", "-q", "-p", "no:cacheprovider"]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    lines = [ln for ln in proc.stdout.strip().splitlines() if ln.strip()]
    summary = lines[-1].strip("= ") if lines else ""
    return {"seconds": elapsed, "returncode": proc.returncode, "summary": summary}


def cpu_line(cpu: CpuProfile) -> str:
    """The calibration in one line of the log."""
    check = f", under it {cpu.check_index:.0f}" if cpu.check_index else ""
    if cpu.corrected_from:
        check += f" (the slowdown corrected from x{cpu.corrected_from})"
    slower = " (the host is slower than the phone: not throttled)" if cpu.host_slower else ""
    return (f"  host index {cpu.host_index:.0f} (runs {', '.join(f'{x:.0f}' for x in cpu.samples)})"
            f", phone {cpu.target_index:.0f}: slowdown x{cpu.multiplier}{check}{slower}")


def on_phone(samples: list[dict[str, Any]], multiplier: float) -> list[dict[str, Any]]:
    """Recalculation samples measured with the main thread throttled, as on the phone: the
    worker's Python time (a worker cannot be throttled) counted ``multiplier`` times on the
    worker's own track (:func:`tools.bench.cpu.phone_latency`), and every later time moved
    by as much; the host's figures kept as ``host_*``, the serial upper bound (Python added
    to the page's time) as ``serial_dom``."""
    out = []
    for r in samples:
        py = r.get("python") or 0.0
        dom = phone_latency(r["dom"], py, multiplier, r.get("worker"), r.get("posted"))
        later = dom - r["dom"]
        out.append({**r, "host_dom": r["dom"], "host_python": r.get("python"), "dom": dom,
                    "serial_dom": phone_latency(r["dom"], py, multiplier),
                    "frame": r["frame"] + later, "worker": r["worker"] + later,
                    "python": None if r.get("python") is None else py * multiplier})
    return out


def phone_slowdown(args: argparse.Namespace) -> Callable[[float], float]:
    """Host index -> the CPU slowdown to the bench's phone (``--cpu-target``), or the fixed
    ``--cpu-multiplier``, for Lighthouse's pages."""
    fixed, target = args.cpu_multiplier, args.cpu_target
    return lambda index: fixed if fixed is not None else slowdown(index, target)


RECALC_INDEX_RUNS = 3
"""Benchmark runs before each recalculation round (about a second each)."""


def recalc_rounds(browser: Browser, base: str, kept: Any, args: argparse.Namespace,
                  log: Callable[[str], None]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``--recalc-rounds`` rounds of ``--changes`` changes on the kept calculator page, each
    throttled by a calibration made right before it (:func:`tools.bench.cpu.calibrate`, on a
    blank page as at the start of the run; that one is minutes old by then, and a shared host's speed moves within
    seconds: 1,122 to 2,726 over the Lighthouse pages of one run). Returns the samples of
    the round with the median p95 (:func:`tools.bench.cpu.median_round`) and every round's
    index, slowdown and percentiles (``counted`` on the one the rows come from)."""
    ctx, page = kept
    rounds: list[dict[str, Any]] = []
    samples: list[list[dict[str, Any]]] = []
    for i in range(args.recalc_rounds):
        cpu = calibrate(browser, base, RECALC_INDEX_RUNS, args.cpu_target, args.cpu_multiplier)
        host, rate = cpu.host_index, cpu.multiplier
        session = throttle(ctx, page, rate)
        try:
            got = on_phone(recalc_latency(page, args.changes), rate)
        finally:
            session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            session.detach()
        dom = [r["dom"] for r in got]
        rounds.append({"host_index": host, "index_samples": list(cpu.samples),
                       "multiplier": rate, "check_index": cpu.check_index,
                       "corrected_from": cpu.corrected_from, "p50": round(percentile(dom, 50), 2),
                       "p95": round(percentile(dom, 95), 2), "counted": False})
        samples.append(got)
        fixed = f" (corrected from x{cpu.corrected_from})" if cpu.corrected_from else ""
        log(f"  round {i + 1}/{args.recalc_rounds}: host index {host:.0f}, x{rate}{fixed}, "
            f"under it {cpu.check_index or 0:.0f}: "
            f"p50 {rounds[-1]['p50']:.1f} ms, p95 {rounds[-1]['p95']:.1f} ms")
    chosen = median_round(rounds)
    rounds[chosen]["counted"] = True
    return samples[chosen], rounds


def cpu_block(cpu: CpuProfile, lh: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The JSON ``cpu``: the calibration, and over the Lighthouse pages the host index
    Lighthouse measured before each (its ``benchmarkIndex``) and the slowdown it got."""
    out = cpu.to_json()
    pages = [e for e in (lh or []) if e.get("host_index") is not None]
    if pages:
        idx = [e["host_index"] for e in pages]
        mult = [e["multiplier"] for e in pages if e.get("multiplier")]
        out["lighthouse_pages"] = {
            "host_index_median": percentile(idx, 50), "host_index_min": min(idx),
            "host_index_max": max(idx), "multiplier_min": min(mult) if mult else None,
            "multiplier_max": max(mult) if mult else None}
    return out


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
        # first: a revision that is not there fails at once, not after the build
        baseline, against = Baseline.unpack(args.engine_against, work), None
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
            with Server(site_dir, bench_pages(e_args, baseline and baseline.files())) as server:
                base = server.base
                log("the host's CPU (Lighthouse's benchmark) and the phone's slowdown ...")
                cpu = calibrate(browser, base, args.cpu_runs, args.cpu_target,
                                args.cpu_multiplier)
                log(cpu_line(cpu))
                log(f"serving {site_dir} at {base}; page loads ({args.rounds} rounds) ...")
                samples, kept = load_rounds(browser, base, args.rounds, args.warm_runs, log)
                log("long tasks and diagnosis (traced loads) ...")
                traced, traced_samples, calc_diag = long_task_profile(browser, base,
                                                                      cpu.multiplier)
                diag = {v: diagnose_variant(browser, base, v)
                        for v in VARIANTS if v != "calc_ready"}
                diag["calc_ready"] = calc_diag
                log(f"recalculation latency ({args.recalc_rounds} rounds, each throttled "
                    "to the phone from the host's index just before it) ...")
                recalc, recalc_runs = recalc_rounds(browser, base, kept, args, log)
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
                    lh = lighthouse(base, lighthouse_pages(args.lighthouse), log,
                                    phone_slowdown(args), runs=args.lighthouse_runs)
                log("engine speed in Pyodide and CPython ...")
                e_cp, e_py = engine_speed(browser, base, e_args)
                if baseline:
                    log(f"engine against {args.engine_against} (CPython and Pyodide) ...")
                    against = engine_against(browser, base, e_args, baseline, log)
        finally:
            browser.close()
        tests = None
        if not args.bench_skip_tests:
            log("test suite (./dev test -q) ...")
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
    rows += [Row("longtasks.project", "longtasks", project_long_tasks(traced),
                 "count", budget=BUDGET_ZERO),
             Row("longtasks.project_wall", "longtasks", len(ours), "count"),
             Row("longtasks.other", "longtasks", len(traced) - len(ours), "count")]
    rows += [Row("bytes.rules_page", "bytes", rules["transferred"], "bytes"),
             Row("bytes.rules_page_runtime", "bytes", rules["runtime_bytes"], "bytes",
                 budget=BUDGET_ZERO),
             Row("bytes.out_of_view", "bytes", hidden["transferred"], "bytes"),
             Row("bytes.out_of_view_runtime", "bytes", hidden["runtime_bytes"], "bytes"),
             Row("bytes.calc_in_view", "bytes", shown["transferred"], "bytes")]
    rows += engine_rows(e_args["requests"], e_cp, e_py)
    rows += [Row("build.time", "build", build_s, "s"),
             Row("tests.time", "build", tests["seconds"] if tests else None, "s",
                 note=(tests["summary"] if tests else "skipped"))]
    refs = {r.id.split(".")[1]: r for r in rows if r.id.startswith("reference.")}
    rows += new_rows(samples, refs, wire, offline, lh)
    if tuple(r.id for r in rows) != ROW_IDS:
        raise AssertionError(f"rows out of step with ROW_IDS: {[r.id for r in rows]}")
    machine = {**machine, "load_after": _loadavg()}
    settings = {"rounds": args.rounds, "warm_runs": args.warm_runs, "changes": args.changes,
                "recalc_rounds": args.recalc_rounds,
                "viewport": [VIEWPORT["width"], VIEWPORT["height"]],
                "server": f"python http.server, Cache-Control: {CACHE_CONTROL}, gzip -6 for "
                          f"{' '.join(COMPRESSIBLE)} (as a static host; no brotli: not in "
                          "Python's standard library)",
                "lighthouse": args.lighthouse,
                "lighthouse_runs": args.lighthouse_runs,
                "cpu_target_index": args.cpu_target,
                "cpu_multiplier": args.cpu_multiplier or "measured",
                "cold": "fresh user-data-dir", "warm": "same profile, third visit",
                "calculator_page": CALC_PAGE, "rules_page": RULES_PAGE,
                "out_of_view_page": OUT_OF_VIEW_PAGE,
                "bench_seconds": round(time.perf_counter() - t_start, 1)}
    extra = {"breakdown": breakdown(samples), "diagnosis": diag, "long_tasks": traced,
             "long_tasks_loaf": loaf,
             "bytes": {"rules_page": rules, "out_of_view": hidden, "calc_in_view": shown},
             "recalc_rounds": recalc_runs,
             "recalc_samples": [{k: (round(v, 2) if isinstance(v, float) else v)
                                 for k, v in r.items()} for r in recalc],
             "calculator_position": next((s.calc for s in samples if s.calc), None),
             "wire": wire, "offline": offline, "lighthouse": lh,
             "tests": tests, "cpu": cpu_block(cpu, lh),
             **({"engine_against": against} if against else {})}
    return assemble(machine, settings, rows, extra)


def run_part(args: argparse.Namespace) -> Any:
    """``--part``: one of the newer measurements alone (nothing written, nothing published)."""
    if args.part == "engine":
        return run_engine_part(args)
    if args.part == "cpu":
        return run_cpu_part(args)
    with tempfile.TemporaryDirectory(prefix="monopoly-bench-") as work:
        site_dir = Path(args.site).resolve() if args.site else timed_build(Path(work) / "s")[1]
        browser = Browser()
        try:
            with Server(site_dir, bench_pages(engine_args(args.engine_seconds))) as server:
                if args.part == "bytes":
                    return first_answer_bytes(browser, server)
                if args.part == "offline":
                    return offline_load(browser, server)
                if args.part == "profile":
                    cpu = calibrate(browser, server.base, args.cpu_runs, args.cpu_target,
                                    args.cpu_multiplier)
                    print(cpu_line(cpu), file=sys.stderr, flush=True)
                    return {"cpu": cpu.to_json(), "pages": [
                        profile_page(browser, server.base, p, cpu.multiplier)
                        for p in args.profile_pages.split(",")]}
                if args.part == "recalc":
                    _, kept = load_rounds(browser, server.base, 1, args.warm_runs, print,
                                          variants=["calc_ready"])
                    got, runs = recalc_rounds(browser, server.base, kept, args, print)
                    kept[0].close()
                    dom = [r["dom"] for r in got]
                    return {"rounds": runs, "p50": percentile(dom, 50),
                            "p95": percentile(dom, 95)}
                if args.part == "lighthouse":
                    which = "quick" if args.lighthouse == "all" else args.lighthouse
                    return lighthouse(server.base, lighthouse_pages(which), print,
                                      phone_slowdown(args), runs=args.lighthouse_runs)
                samples, kept = load_rounds(browser, server.base, args.rounds, args.warm_runs,
                                            print, keep_last=False,
                                            variants=["reference", "calc_ready"])
                rows = load_rows_subset(samples)
                refs = {r.id.split(".")[1]: r for r in rows if r.id.startswith("reference.")}
                return [r.to_json() for r in rows] + [
                    r.to_json() for r in new_rows(samples, refs, {
                        "reference": {"transferred": None}, "first_answer": {"transferred": None}},
                        None, None)[:2]]
        finally:
            browser.close()


def run_cpu_part(args: argparse.Namespace) -> list[dict[str, Any]]:
    """``--part cpu``: ``--rounds`` calibrations one after the other (no site needed), to
    see how far the host index and the slowdown move between runs."""
    with tempfile.TemporaryDirectory(prefix="monopoly-bench-") as tmp:
        browser = Browser()
        try:
            with Server(Path(tmp), bench_pages(engine_args(args.engine_seconds))) as server:
                out = []
                for _ in range(args.rounds):
                    cpu = calibrate(browser, server.base, args.cpu_runs, args.cpu_target,
                                    args.cpu_multiplier)
                    print(cpu_line(cpu), file=sys.stderr, flush=True)
                    out.append({**cpu.to_json(), "load": _loadavg()})
                return out
        finally:
            browser.close()


def run_engine_part(args: argparse.Namespace) -> dict[str, Any]:
    """``--part engine``: the ``engine.*`` rows alone, and with ``--engine-against`` the
    comparison rows. Needs no site build: without ``--site`` the bench serves a folder with
    only the runtime (Pyodide and the engine archive, as the build's last hook writes them)."""
    from hooks.runtime.pyodide_assets import copy_runtime

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="monopoly-bench-") as tmp:
        work = Path(tmp)
        if args.site:
            site_dir = Path(args.site).resolve()
        else:
            site_dir = work / "runtime"
            copy_runtime(site_dir)
        e_args = engine_args(args.engine_seconds)
        baseline = Baseline.unpack(args.engine_against, work)
        browser = Browser()
        try:
            with Server(site_dir, bench_pages(e_args, baseline and baseline.files())) as server:
                log("engine speed in Pyodide and CPython ...")
                e_cp, e_py = engine_speed(browser, server.base, e_args)
                out: dict[str, Any] = {
                    "rows": [r.to_json() for r in engine_rows(e_args["requests"], e_cp, e_py)]}
                if baseline:
                    log(f"engine against {args.engine_against} (CPython and Pyodide) ...")
                    out["engine_against"] = engine_against(browser, server.base, e_args,
                                                           baseline, log)
        finally:
            browser.close()
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry (``./dev bench``)."""
    from tools import bench

    parser = argparse.ArgumentParser(prog="./dev bench",
                                     description=(bench.__doc__ or "").split("\n\n")[0])
    parser.add_argument("--bench-skip-tests", action="store_true",
                        help="do not run (and time) the test suite")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds of profiles per variant (default 3)")
    parser.add_argument("--warm-runs", type=int, default=1,
                        help="warm loads per profile and round (default 1)")
    parser.add_argument("--changes", type=int, default=RECALC_CHANGES,
                        help="input changes for the recalculation latency")
    parser.add_argument("--recalc-rounds", type=int, default=RECALC_ROUNDS,
                        help="rounds of --changes, each throttled from the host's index just "
                             f"before it; the median round counts (default {RECALC_ROUNDS})")
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
    parser.add_argument("--lighthouse-runs", type=int, default=3,
                        help="Lighthouse runs per page; the median run counts (default 3)")
    parser.add_argument("--cpu-target", type=float, default=TARGET_INDEX,
                        help="Lighthouse benchmarkIndex of the simulated phone (default "
                             f"{TARGET_INDEX:.0f}; see tools/bench/cpu.py)")
    parser.add_argument("--cpu-multiplier", type=float,
                        help="a fixed CPU slowdown instead of host index / target (1: none; "
                             "4: Lighthouse's default)")
    parser.add_argument("--cpu-runs", type=int, default=INDEX_RUNS,
                        help=f"benchmark runs of the host calibration (default {INDEX_RUNS})")
    parser.add_argument("--part", choices=("bytes", "offline", "lighthouse", "interaction",
                                           "engine", "cpu", "profile", "recalc"),
                        help="run only this part on a built site (--site, else a fresh "
                             "build; engine needs no build), print its numbers and write "
                             "nothing (a quick check)")
    parser.add_argument("--profile-pages", default="calculators/,jail/,sv/jail/,sv/",
                        help="--part profile: the pages to profile (comma-separated paths; "
                             "the home page is the empty path)")
    parser.add_argument("--engine-against", metavar="REV",
                        help="also time the engine of git revision REV beside the working "
                             "tree's (CPython and Pyodide, alternating bursts) and write "
                             "the ratios as engine_against.* (with the full run or "
                             "--part engine)")
    args = parser.parse_args(argv)
    if args.engine_against and args.part not in (None, "engine"):
        parser.error("--engine-against goes with the full run or --part engine")
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
