"""Putting a run together: the machine, the rows from the samples, the JSON document and
the table printed at the end."""

from __future__ import annotations

import datetime as _dt
import os
import platform
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from tools.bench.browser import LoadSample
from tools.bench.config import ROOT
from tools.bench.rows import (BUDGET_BYTES, BUDGET_CALC_READY, BUDGET_INTERACTION_COLD,
                              BUDGET_INTERACTION_WARM, BUDGET_LIGHTHOUSE_FULL,
                              BUDGET_LIGHTHOUSE_PERF, BUDGET_LIGHTHOUSE_TBT, BUDGET_ZERO,
                              SCHEMA, Row, median, ratio_row)


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
        from hooks.runtime.pyodide_assets import pinned_pyodide_version
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


def load_rows_subset(samples: Sequence[LoadSample]) -> list[Row]:
    """The reference and ``calc_ready`` rows (``--part interaction`` loads only reference
    and page, interleaved: the calculator page's ratios of one run without the rest)."""
    out = []
    for temp in ("cold", "warm"):
        vals = [s.ready_s for s in _marks(samples, "reference", temp)]
        out.append(Row(f"reference.{temp}", "reference", median(vals), "s", samples=tuple(vals)))
    refs = {r.id.split(".")[1]: r for r in out}
    for temp in ("cold", "warm"):
        vals = [s.ready_s for s in _marks(samples, "calc_ready", temp)]
        out.append(ratio_row(f"calc_ready.{temp}", "calc_ready", median(vals), "s", refs[temp],
                             BUDGET_CALC_READY, vals))
    return out


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


def engine_rows(kinds: Sequence[str], cp: Mapping[str, Any], py: Mapping[str, Any]
                ) -> list[Row]:
    """The ``engine.*`` rows: calls per second of each calculation in CPython and (as a
    ratio to it) in Pyodide, the uncached Markov solve and the import, in ms."""
    rows: list[Row] = []
    for kind in kinds:
        c = Row(f"engine.{kind}.cpython", "engine", cp[kind], "per_s")
        rows += [c, ratio_row(f"engine.{kind}.pyodide", "engine", py[kind], "per_s", c)]
    mk = Row("engine.markov.cpython", "engine", cp["markov"] * 1000, "ms",
             samples=tuple(x * 1000 for x in cp["markov_samples"]))
    rows += [mk, ratio_row("engine.markov.pyodide", "engine", py["markov"] * 1000, "ms", mk,
                           samples=[x * 1000 for x in py["markov_samples"]])]
    imp = Row("engine.import.cpython", "engine", cp["import"] * 1000, "ms",
              note=f"compile only: {cp['compile'] * 1000:.0f} ms")
    rows += [imp, ratio_row("engine.import.pyodide", "engine", py["import"] * 1000, "ms", imp,
                            note=f"compile only: {py['compile'] * 1000:.0f} ms")]
    return rows
