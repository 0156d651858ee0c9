"""The performance benchmark: ``./dev bench`` (``python -m tools.bench``).

One run, one machine, every number next to the reference it is judged against, so the
budgets hold as *ratios* on a busy or slow machine; the budgets that count CPU time are
measured on a normalised CPU, the same mid-range phone whatever the host
(:mod:`~tools.bench.cpu`). The run:

0. measures the host's CPU with Lighthouse's own benchmark (``benchmarkIndex``) and takes
   the slowdown ``host index / 440`` (``--cpu-target``; ``--cpu-multiplier`` fixes it):
   Lighthouse gets it as ``--throttling.cpuSlowdownMultiplier`` (each page gathered
   first, then audited with the slowdown for the index Lighthouse measured right
   before it), the traced loads and the recalculation as Chromium's CPU throttling of
   the page's main thread (a worker cannot be throttled: the worker's Python time is
   scaled instead); the ratio rows stay unthrottled (they normalise themselves). The
   JSON's ``cpu`` block holds the index, its runs, the slowdown and the index measured
   under it;
1. builds the site (all four languages, ``mkdocs build --strict``) into a temporary folder
   and times it;
2. serves it on 127.0.0.1 the way a static host does (right MIME types, ``Cache-Control:
   max-age=600``, ``Last-Modified``/304, gzip for text, scripts, JSON and WebAssembly), plus
   a few bench-only pages under ``/__bench__/`` that never enter the site (and the package's
   full ``python_stdlib.zip`` for bare Pyodide); the server counts the bytes it sends;
3. drives Debian's Chromium through Playwright. Cold = a fresh user-data-dir (empty HTTP
   cache and code cache); warm = the same profile on its third visit, when Chromium has
   both the HTTP cache and its V8/WebAssembly code caches (a Playwright *incognito* context
   has no code cache at all: it would measure neither a first nor a return visit). Each
   round opens one fresh profile per variant (reference, bare worker, calculator page) and
   alternates the loads between them, so a load spike on a shared machine hits all of
   them alike; the medians are compared;
4. records Chromium traces of cold and warm loads: main-thread long tasks with the CPU time
   of each and who spent it, and per-thread CPU time and on-the-spot compilation (the
   *diagnosis*, which stays meaningful when wall time does not);
5. times the engine in CPython and in Pyodide (alternating bursts), and runs the test suite
   (``--bench-skip-tests`` leaves it out);
6. prints a table and writes every number, ratio and budget verdict as JSON to
   ``bench-results/latest.json`` and, for the performance page, ``docs/assets/perf/latest.json``
   (``--no-publish`` skips the second).

Measurements (ids as in the JSON ``rows``, all listed in :data:`ROW_IDS`): ``reference.*``
bare Pyodide ready on the main thread of a blank page; ``worker_bare.*`` the same files
started the plain way in a module worker; ``runtime_blank.*`` the calculators' own runtime
start (starter, worker, engine, one answer) on a blank page; ``calc_ready.*`` navigation start to the first
calculator answering a changed input (budget: at most 1.10 x the reference); ``recalc.*``
input event to updated result on the phone, 100 changes over the four calculators (each
field scrolled into view first, as a player does) in three rounds, each throttled by a
calibration made right before it, the round with the median p95 counting (``recalc_rounds``
in the JSON), with
the time in Python, the time to show it and a bare worker round trip for comparison
(budget: p95 under 50 ms); ``longtasks.*`` main-thread tasks over 50 ms while the
calculator page loads (budget: none from the project's scripts, counted by CPU time on the
phone: CPU time times the slowdown); ``bytes.*`` transferred
before any interaction (budget: no Pyodide bytes on a rules page); ``engine.*`` calls per
second in CPython and Pyodide, the uncached Markov solve and the engine import;
``build.time``, ``tests.time``; and (schema 2) ``interaction.*`` a calculator's first answer
from the reader's first interaction, cold (Python boots) and warm (restored from the
worker's memory snapshot), against the reference (budgets 1.0 x and 0.6 x);
``bytes.reference`` / ``bytes.first_answer`` bytes on the wire until bare Pyodide is ready /
until the calculators page's first answer (budget 0.85 x); ``offline.*`` five pages and a
calculator answer with the network off after one visit (budget: no failure);
``lighthouse.*`` the worst page of Lighthouse 12 (mobile, simulated throttling) over every
home, rule and calculators page (budgets: performance >= 95, total blocking time < 150 ms,
the other categories 100). ``--part`` runs one of these alone (``bytes``, ``offline``,
``lighthouse``, ``interaction``: reference and calculators page interleaved, their
``calc_ready.*`` and ``interaction.*`` rows; ``engine``; ``cpu``: ``--rounds``
calibrations in a row, to see how stable the index is), ``--lighthouse`` limits it.

``--engine-against REV`` times the engine of git revision ``REV`` (``git archive`` into a
temporary folder) beside the working tree's, in the same run, in CPython (one process per
engine) and in Pyodide (one page per engine), in alternating bursts, and writes the
ratios under the JSON key ``engine_against`` (``rows``: ``engine_against.<kind>.<runtime>``
= working tree / baseline calls per second, above 1 is faster; the Markov solve in ms,
below 1 is faster; each against its ``....baseline`` row), with the commits and the
requests used (the baseline gets its own calculators' requests where it refuses the
working tree's). It leaves ``rows`` alone, so the page and its schema do not change. With
``--part engine`` (no site build needed) it is a quick check of an engine change::

    ./dev bench --part engine --engine-against main

The package: :mod:`~tools.bench.cli` (the command line and the run), ``config`` (paths,
pages, timeouts; the bench's own files ``pages/*.html|mjs|js``, ``probes/*.js`` and
``engine_program.py``, read at run time), ``rows`` (row ids, budgets, verdicts),
``server`` (the static host and the bench pages), ``cpu`` (host index, slowdown,
throttling), ``browser`` (Chromium loads, latency,
bytes, offline), ``traces`` (long tasks, CPU diagnosis), ``lighthouse``, ``engine``
(engine speed, ``--engine-against``), ``report`` (rows from samples, the JSON, the table).

>>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([5.0], 95)
(2.5, 5.0)
>>> verdict({"op": "<=", "limit": 1.1, "of": "ratio"}, value=2.2, ratio=1.05)
True
>>> verdict({"op": "<", "limit": 16, "of": "value"}, value=16.0, ratio=None)
False
>>> classify_script("http://127.0.0.1:1/assets/calculators/calculators.mjs")
'project'
>>> classify_script("http://127.0.0.1:1/assets/javascripts/bundle.1.min.js")
'theme'
"""

from tools.bench.cli import main
from tools.bench.report import assemble, format_table
from tools.bench.rows import (BUDGET_BYTES, BUDGET_CALC_READY, BUDGET_INTERACTION_COLD,
                              BUDGET_INTERACTION_WARM, BUDGET_LIGHTHOUSE_FULL,
                              BUDGET_LIGHTHOUSE_PERF, BUDGET_LIGHTHOUSE_TBT, BUDGET_RECALC,
                              BUDGET_ZERO, ROW_IDS, SCHEMA, Row,
                              classify_script, median, percentile, ratio_row, verdict)
from tools.bench.traces import trace_long_tasks

__all__ = ["main", "assemble", "format_table", "BUDGET_BYTES", "BUDGET_CALC_READY",
           "BUDGET_INTERACTION_COLD", "BUDGET_INTERACTION_WARM", "BUDGET_LIGHTHOUSE_FULL",
           "BUDGET_LIGHTHOUSE_PERF", "BUDGET_LIGHTHOUSE_TBT", "BUDGET_RECALC", "BUDGET_ZERO",
           "ROW_IDS", "SCHEMA", "Row", "classify_script", "median",
           "percentile", "ratio_row", "verdict", "trace_long_tasks"]
