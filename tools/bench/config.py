"""Where the bench reads and writes, what it serves and opens, and its bench-only files.

The pages and scripts the bench serves or injects are real files next to this module
(``pages/``, ``probes/``, ``engine_program.py``), read at run time by :func:`asset`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The checkout (the bench runs from it: ``python -m tools.bench``)."""
HERE = Path(__file__).resolve().parent
"""This package's folder: its ``pages/`` and ``probes/``."""


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """The text of one of the bench's own files (``pages/blank.html``, ``probes/recalc.js``,
    ``engine_program.py``), without leading or trailing white space.

    >>> asset("pages/blank.html").startswith("<!doctype html>")
    True
    """
    return (HERE / name).read_text(encoding="utf-8").strip()


RESULTS = ROOT / "bench-results" / "latest.json"
"""Where every run writes its JSON (git-ignored)."""


PUBLISHED = ROOT / "docs" / "assets" / "perf" / "latest.json"
"""The committed copy the performance page renders."""


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


RECALC_ROUNDS = 3
"""Rounds of :data:`RECALC_CHANGES` changes, each throttled by a calibration made right
before it; the round with the median p95 counts (as Lighthouse's median run does)."""


PYODIDE_PATHS = ("/assets/pyodide/", "/assets/engine.zip")
"""URL paths that count as Python runtime bytes."""


COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt")
"""What the bench server gzips, like a static host (zip archives are compressed already)."""


OFFLINE_PAGES = ("jail/", "rent/", "buying/", "glossary/", "rulings/")
"""The pages opened with the network off after one online visit of the home page."""


LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
