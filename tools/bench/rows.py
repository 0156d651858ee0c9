"""The rows of a run: their ids, budgets and verdicts, and the small statistics they use."""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from typing import Any, Mapping, Sequence
from urllib.parse import urlsplit

from tools.bench.config import PYODIDE_PATHS


SCHEMA = 2
"""2: the rows of issue 17 (interaction, wire, offline, lighthouse) after those of 1."""


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


BUDGET_CALC_READY = {"op": "<=", "limit": 1.10, "of": "ratio"}


BUDGET_RECALC = {"op": "<", "limit": 50.0, "of": "value"}


BUDGET_ZERO = {"op": "<=", "limit": 0, "of": "value"}


BUDGET_INTERACTION_COLD = {"op": "<=", "limit": 1.0, "of": "ratio"}


BUDGET_INTERACTION_WARM = {"op": "<=", "limit": 0.6, "of": "ratio"}


BUDGET_BYTES = {"op": "<=", "limit": 0.85, "of": "ratio"}


BUDGET_LIGHTHOUSE_PERF = {"op": ">=", "limit": 95, "of": "value"}


BUDGET_LIGHTHOUSE_TBT = {"op": "<", "limit": 150.0, "of": "value"}


BUDGET_LIGHTHOUSE_FULL = {"op": ">=", "limit": 100, "of": "value"}


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
    """Who owns a script: ``project`` (the site's own scripts: assets/site.js,
    assets/my-edition.js and any other script directly in assets/, assets/calculators/), ``theme``
    (Material's bundle), ``pyodide``, ``page`` (an inline script of the page: Material's or
    ours), ``browser`` (no URL: extensions of the browser, injected probes).

    >>> classify_script("http://h/assets/site.js"), classify_script("")
    ('project', 'browser')
    >>> classify_script("http://h/assets/my-edition.js"), classify_script("http://h/assets/javascripts/x.js")
    ('project', 'theme')
    >>> classify_script("http://h/calculators/", "http://h/calculators/")
    'page'
    """
    if not url:
        return "browser"
    path = urlsplit(url).path
    if re.search(r"/assets/[^/]+\.m?js$", path) or "/assets/calculators/" in path:
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
