"""``[[perf-table]]``: the latest benchmark (``./dev bench``) as translated tables.

The benchmark (:mod:`tools.bench`) writes ``docs/assets/perf/latest.json``; this module
renders it at build time, in the page language:

- ``[[perf-table]]``: where and when it was measured, then every measurement with its
  value, its ratio to what it is judged against, its budget and whether it was met;
- ``[[perf-table: breakdown]]``: the milestones of the calculator page load (cold, warm);
- ``[[perf-table: diagnosis]]``: CPU time and on-the-spot compilation of a cold and a warm
  load of the reference, the bare worker and the calculator page, from Chromium traces;
- ``[[perf-table: longtasks]]``: every main-thread task over 50 ms while the calculator
  page loaded, with its CPU time and who spent it.

Labels come from ``translations/<lang>/perf.po`` (``perf.*``); numbers are written the
language's way. The verdicts are the benchmark's (``met`` in the JSON); nothing is
re-measured here.

>>> doc = {"rows": [{"id": "recalc.p95", "unit": "ms", "value": 3.25, "ratio": None,
...         "against": None, "budget": {"op": "<", "limit": 16, "of": "value"}, "met": True}]}
>>> "3,25" in value_text("nl", doc["rows"][0]) and "ms" in value_text("nl", doc["rows"][0])
True
>>> budget_text("nl", doc["rows"][0], doc)
'&lt; 16 ms'
"""

from __future__ import annotations

import datetime as _dt
import json
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Callable, Mapping

from babel.dates import format_date

from hooks.render.templates import fragment, html
from hooks.common import ROOT, Context, h
from hooks.catalogs.i18n import translations
from present import numbers

JSON_PATH = Path("assets") / "perf" / "latest.json"
"""Where the published result lives, relative to the docs folder."""

GROUPS: tuple[str, ...] = ("reference", "calc_ready", "recalc", "longtasks", "bytes", "engine",
                           "build", "interaction", "wire", "offline", "lighthouse")
"""Table sections, in order (a row's ``group``)."""

MILESTONES: tuple[str, ...] = ("boot", "input", "worker_created", "worker_started",
                               "worker_runtime", "worker_wasm", "worker_engine", "worker_ready",
                               "answered")
"""The calculator page's milestones, in order (keys of ``breakdown`` in the JSON)."""

DIAGNOSIS: tuple[tuple[str, str], ...] = (
    ("ready_s", "s"), ("python_thread_cpu_ms", "ms"), ("main_thread_cpu_ms", "ms"),
    ("background_cpu_ms", "ms"), ("other_workers_cpu_ms", "ms"), ("all_threads_cpu_ms", "ms"),
    ("wasm_lazy_compiles", "count"), ("wasm_top_tier_cpu_ms", "ms"),
    ("wasm_deserialize_cpu_ms", "ms"), ("js_lazy_compiles", "count"),
)
"""The diagnosis metrics (keys of ``diagnosis.<variant>`` in the JSON) with their units."""

VARIANTS: tuple[str, ...] = ("reference", "worker_bare", "runtime_blank", "calc_ready")
"""The load variants compared in the diagnosis, in column order."""

OWNERS: tuple[str, ...] = ("project", "theme", "page", "pyodide", "parse", "rendering",
                           "unattributed", "browser", "other")
"""Who a long task's time is given to (see :func:`tools.bench.trace_long_tasks`)."""

CELL = "white-space:nowrap"
ROWHEAD = "font-weight:normal;min-width:15em"
"""Row headers: the measurement's name, readable rather than bold, and wide enough."""


def t(lang: str, key: str, **params: object) -> str:
    """Message ``key`` in ``lang`` as escaped HTML (a Dutch fallback is marked)."""
    return translations().gettext(lang, key, **params).html()


def _messages(lang: str) -> Callable[..., Any]:
    """``m(key, **params)``: a message of ``lang`` for the templates (escaped there)."""
    return partial(translations().gettext, lang)


def plain(lang: str, key: str, **params: object) -> str:
    """Message ``key`` in ``lang`` as plain text."""
    return str(translations().gettext(lang, key, **params))


def number(lang: str, value: float, digits: int) -> str:
    """``value`` with at most ``digits`` decimals, the language's way.

    >>> number("nl", 1234.5, 1), number("sv", 0.25, 2).replace("\\xa0", " ")
    ('1.234,5', '0,25')
    """
    return numbers.number(lang, value, max_decimals=digits)


def _digits(value: float) -> int:
    """Decimals worth showing: 3 significant digits, at most 2 decimals.

    >>> _digits(2.345), _digits(0.5), _digits(123.4), _digits(0.0)
    (2, 2, 0, 0)
    """
    a = abs(value)
    if a == 0 or a >= 100:
        return 0
    if a >= 10:
        return 1
    return 2


def value_text(lang: str, row: Mapping[str, Any]) -> str:
    """A row's value with its unit (escaped HTML), or the 'not measured' text.

    >>> value_text("nl", {"unit": "bytes", "value": 631000})
    '631 kB'
    >>> value_text("da", {"unit": "per_s", "value": 21971.4})
    '21.971 pr. s'
    """
    value = row.get("value")
    unit = row["unit"]
    if value is None:
        return t(lang, "perf.not_measured")
    if unit == "bytes":
        if value >= 1_000_000:
            return t(lang, "perf.unit.mb", value=number(lang, value / 1e6, 2))
        if value >= 1000:
            return t(lang, "perf.unit.kb", value=number(lang, value / 1e3, 0))
        return t(lang, "perf.unit.b", value=number(lang, value, 0))
    if unit == "count":
        return t(lang, "perf.unit.count", value=number(lang, value, 0))
    if unit == "per_s":
        return t(lang, "perf.unit.per_s", value=number(lang, value, 0))
    return t(lang, f"perf.unit.{unit}", value=number(lang, value, _digits(value)))


def _row(doc: Mapping[str, Any], row_id: str | None) -> Mapping[str, Any] | None:
    return next((r for r in doc.get("rows", []) if r["id"] == row_id), None)


def ratio_text(lang: str, row: Mapping[str, Any]) -> str:
    """``1,04 × de referentie (koud)``, or empty when the row has no ratio."""
    if row.get("ratio") is None or not row.get("against"):
        return ""
    return t(lang, "perf.ratio", ratio=number(lang, row["ratio"], 2 if row["ratio"] < 10 else 1),
             against=plain(lang, f"perf.against.{row['against']}"))


def budget_text(lang: str, row: Mapping[str, Any], doc: Mapping[str, Any]) -> str:
    """The budget in words: ``≤ 1,10 × de referentie (koud)``, ``< 16 ms``, ``geen``."""
    budget = row.get("budget")
    if not budget:
        return ""
    op = {"<=": "≤", ">=": "≥"}.get(budget["op"], "<")
    if budget["of"] == "ratio":
        return h(op) + " " + t(lang, "perf.ratio", ratio=number(lang, budget["limit"], 2),
                               against=plain(lang, f"perf.against.{row['against']}"))
    if budget["limit"] == 0 and budget["op"] == "<=":
        return t(lang, "perf.budget.none")
    return h(op) + " " + value_text(lang, {**row, "value": budget["limit"]})


def status_html(lang: str, row: Mapping[str, Any]) -> str:
    """Met / missed (with a class for the colour), or nothing for rows without a budget."""
    met = row.get("met")
    if met is None:
        return ""
    key, cls = ("perf.status.met", "perf-met") if met else ("perf.status.missed", "perf-missed")
    mark = "✓" if met else "✗"
    return f'<span class="{cls}"><span aria-hidden="true">{mark} </span>{t(lang, key)}</span>'


def machine_text(lang: str, doc: Mapping[str, Any]) -> str:
    """Where and when the numbers were measured (escaped HTML)."""
    m = doc["machine"]
    when = _dt.datetime.fromisoformat(doc["generated"])
    load = m.get("load_before") or []
    load_after = m.get("load_after") or []
    return t(lang, "perf.machine",
             date=format_date(when.date(), format="long", locale=lang),
             time=when.strftime("%H:%M"),
             cpu=m.get("cpu") or "?", cores=number(lang, m.get("cores") or 0, 0),
             memory=number(lang, m.get("memory_gb") or 0, 0), os=m.get("os") or "?",
             chromium=m.get("chromium") or "?", pyodide=m.get("pyodide") or "?",
             python=m.get("python") or "?",
             load_before=number(lang, load[0], 1) if load else "?",
             load_after=number(lang, load_after[0], 1) if load_after else "?")


def cpu_text(lang: str, doc: Mapping[str, Any]) -> str:
    """The phone profile of the run (escaped HTML): the host's benchmark index, the
    simulated phone's, the CPU slowdown and the index measured under it, and the range
    over Lighthouse's pages (``cpu`` in the JSON, :mod:`tools.bench.cpu`); a run from
    before the profile says so.

    >>> doc = {"cpu": {"host_index": 1496.7, "samples": [1400, 1496.7, 1600],
    ...        "target_index": 440, "multiplier": 3.4, "check_index": 451.0, "host_slower": False}}
    >>> "1.497" in cpu_text("nl", doc) and "3,4 keer" in cpu_text("nl", doc)
    True
    >>> "4 keer" in cpu_text("nl", {})
    True
    """
    cpu = doc.get("cpu")
    if not cpu:
        return t(lang, "perf.cpu.none")
    num = partial(number, lang)
    samples = cpu.get("samples") or [cpu["host_index"]]
    common = {"index": num(cpu["host_index"], 0), "runs": num(len(samples), 0),
              "low": num(min(samples), 0), "high": num(max(samples), 0),
              "target": num(cpu["target_index"], 0)}
    if cpu.get("host_slower"):
        text = t(lang, "perf.cpu.slower", **common)
    else:
        check = cpu.get("check_index")
        text = t(lang, "perf.cpu", **common, multiplier=num(cpu["multiplier"], 2),
                 check="—" if check is None else num(check, 0))
    pages = cpu.get("lighthouse_pages")
    if pages:
        text += " " + t(lang, "perf.cpu.lighthouse", low=num(pages["host_index_min"], 0),
                        high=num(pages["host_index_max"], 0),
                        mult_low=num(pages["multiplier_min"] or 1, 2),
                        mult_high=num(pages["multiplier_max"] or 1, 2))
    return text


def summary_text(lang: str, doc: Mapping[str, Any]) -> str:
    """``4 van de 5 budgetten gehaald``."""
    s = doc.get("summary") or {}
    return t(lang, "perf.summary", met=number(lang, s.get("met", 0), 0),
             total=number(lang, s.get("budgets", 0), 0))


def main_table(lang: str, doc: Mapping[str, Any]) -> str:
    """Every measurement, grouped, with value, ratio, budget and verdict."""
    rows = list(doc.get("rows", []))
    unknown = [r["id"] for r in rows if r.get("group") not in GROUPS]
    if unknown:
        raise ValueError(f"rows in unknown groups: {', '.join(unknown)}")
    groups = []
    for group in GROUPS:
        members = [(r["id"], json.dumps(r.get("met")), html(value_text(lang, r)),
                    html(ratio_text(lang, r)), html(budget_text(lang, r, doc)),
                    html(status_html(lang, r))) for r in rows if r.get("group") == group]
        if members:
            groups.append((group, members))
    return str(fragment("perf/main.html", m=_messages(lang), cell=CELL, rowhead=ROWHEAD,
                        machine=html(machine_text(lang, doc)),
                        cpu=html(cpu_text(lang, doc)),
                        summary=html(summary_text(lang, doc)), groups=groups))


def breakdown_table(lang: str, doc: Mapping[str, Any]) -> str:
    """Milestones of the calculator page (median ms from navigation start), cold and warm,
    with the reference's ready time underneath."""
    data = doc.get("breakdown") or {}
    temps = [x for x in ("cold", "warm") if x in data]
    rows = []
    for key in MILESTONES:
        if not any(key in data[x] for x in temps):
            continue
        rows.append((key, [(x, html(t(lang, "perf.unit.ms", value=number(lang, data[x][key], 0))
                                    if key in data[x] else "")) for x in temps]))
    ref_cells = []
    for x in temps:
        ref = _row(doc, f"reference.{x}")
        shown = "" if not ref or ref.get("value") is None else t(
            lang, "perf.unit.ms", value=number(lang, ref["value"] * 1000, 0))
        ref_cells.append((x, html(shown)))
    rows.append(("reference", ref_cells))
    return str(fragment("perf/breakdown.html", m=_messages(lang), cell=CELL, rowhead=ROWHEAD,
                        temps=temps, rows=rows))


def long_task_table(lang: str, doc: Mapping[str, Any]) -> str:
    """Every long task of the traced calculator page loads, with CPU time and owners."""
    tasks = doc.get("long_tasks") or []
    if not tasks:
        return f'<p class="perf-longtasks">{t(lang, "perf.lt.none")}</p>'
    ms = lambda v: html(t(lang, "perf.unit.ms", value=number(lang, v, 0 if v >= 10 else 1)))  # noqa: E731
    rows = [(task["owner"], task["temperature"], ms(task["start"]), ms(task["duration"]),
             ms(task["cpu"]),
             html("; ".join(f'{t(lang, f"perf.owner.{o}")} {ms(v)}'
                            for o, v in (task.get("cpu_shares") or {}).items())))
            for task in tasks]
    return str(fragment("perf/longtasks.html", m=_messages(lang), cell=CELL, tasks=rows))


def diagnosis_table(lang: str, doc: Mapping[str, Any]) -> str:
    """CPU time and on-the-spot compilation of a cold and a warm load, per variant, from
    Chromium traces (``diagnosis.<variant>.<cold|warm>`` in the JSON)."""
    data = doc.get("diagnosis") or {}
    cols = [(v, x) for v in VARIANTS if v in data for x in ("cold", "warm") if x in data[v]]
    if not cols:
        return ""
    variants = [(v, sum(1 for c in cols if c[0] == v)) for v in VARIANTS
                if any(c[0] == v for c in cols)]
    rows = [(key, [((v, x), html(value_text(lang, {"unit": unit,
                                                   "value": data[v][x].get(key)})))
                   for v, x in cols]) for key, unit in DIAGNOSIS]
    return str(fragment("perf/diagnosis.html", m=_messages(lang), cell=CELL, rowhead=ROWHEAD,
                        variants=variants, cols=cols, rows=rows))


def json_path(docs_dir: Path | str | None = None) -> Path:
    """The published JSON: in the docs folder being built, else the project's."""
    if docs_dir is not None:
        candidate = Path(docs_dir) / JSON_PATH
        if candidate.is_file():
            return candidate
    return ROOT / "docs" / JSON_PATH


@lru_cache(maxsize=8)
def _load(path: str, mtime: float) -> dict[str, Any]:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def load(docs_dir: Path | str | None = None) -> dict[str, Any]:
    """The published benchmark result (cached per file version)."""
    path = json_path(docs_dir)
    return _load(str(path), path.stat().st_mtime)


RENDERERS = {"": main_table, "breakdown": breakdown_table, "longtasks": long_task_table,
             "diagnosis": diagnosis_table}


def render(ctx: Context) -> str:
    """``[[perf-table]]`` and ``[[perf-table: breakdown|diagnosis|longtasks]]``."""
    part = ctx.args[0] if ctx.args else ""
    if len(ctx.args) > 1 or part not in RENDERERS:
        raise ctx.error(f"takes nothing or one of {', '.join(p for p in RENDERERS if p)} "
                        f"(got {' '.join(ctx.args)!r})")
    path = json_path(ctx.docs_dir)
    if not path.is_file():
        raise ctx.error(f"{path} is missing: run ./dev bench")
    try:
        doc = load(ctx.docs_dir)
        return RENDERERS[part](ctx.lang, doc)
    except (ValueError, KeyError, TypeError) as err:
        raise ctx.error(f"{path}: {err!r}") from None


DIRECTIVES = {"perf-table": render}
