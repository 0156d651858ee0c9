"""Running the suite on several processes (``pytest -n 2``, pytest-xdist): what the test
workers share and how the work is split among them. ``tests/conftest.py`` wires it in.

- **One build for all workers.** The controller names a folder of its own per run in
  ``$MONOPOLY_BUILD_SHARE`` before the workers start (they inherit it);
  ``tools.site_build.shared_build`` builds the site there once, the first process to need
  it builds and the others wait on a lock (a run with ``$MONOPOLY_SITE_DIR`` builds nothing).
  When the whole suite runs on workers (no paths given), the controller starts that build
  at once, in the background, so it overlaps the workers' start and collection instead of
  keeping both waiting on their first browser test.
- **Units of work.** A worker is given whole units, never single tests: a test file is a
  unit (its module fixtures, e.g. a calculators page whose runtime started, set up once),
  and files that share a session fixture that is expensive to set up are one unit
  (:data:`TOGETHER`: the walk over every page). Units start heaviest first
  (:data:`WEIGHTS`, rough costs; an unlisted unit weighs by its number of tests),
  so no worker is left with a long file at the end while the other idles.
- **Counts.** What tests record with the ``report`` fixture is sent back to the controller
  when a worker ends (``workeroutput``), so the end-of-run summary counts every worker.

A unit's weight only orders the queue: a wrong weight costs balance, never a test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from typing import Any

import pytest

SHARE = "MONOPOLY_BUILD_SHARE"
"""The environment variable naming the run's shared build folder (``tools/site_build.py``)."""
COUNTS = "monopoly_counts"
"""The key of the ``report`` counts in a worker's ``workeroutput``."""

TOGETHER = {
    "tests/browser/test_pages.py": "every_page",
    "tests/browser/test_csp.py": "every_page",
    "tests/browser/test_third_parties.py": "every_page",
    "tests/browser/test_phone.py": "every_page",
}
"""Files run as one unit (on one worker) because they share a costly session fixture:
``every_page`` opens every built page of every language once."""

WEIGHTS = {
    "tests/browser/test_calculators.py": 215,
    "every_page": 190,
    "tests/browser/test_fuzz_calculators.py": 95,
    "tests/browser/test_my_edition.py": 95,
    "tests/browser/test_accessibility.py": 57,
    "tests/browser/test_example_links.py": 56,
    "tests/browser/test_edition_view.py": 47,
    "tests/browser/test_calculator_first_answer.py": 38,
    "tests/test_locale_safety.py": 27,
    "tests/browser/test_runtime_failure.py": 26,
    "tests/browser/test_offline_page.py": 19,
    "tests/test_build.py": 19,
    "tests/browser/test_offline.py": 18,
    "tests/browser/test_voice_browser.py": 17,
    "tests/browser/test_print.py": 15,
    "tests/browser/test_disputes_search.py": 15,
    "tests/test_fuzz.py": 12,
    "tests/test_termbase.py": 10,
}
"""Rough relative costs of the heavy units: seconds of one timed run (``--durations=0`` on two
workers, idle machine, session 6: the whole suite 8 min 47 s; every_page: the walk plus the
files that read it); only the order of the queue depends on them."""
PER_TEST = {True: 2.0, False: 0.05}
"""The weight of an unlisted unit per test: browser tests (key ``True``) and the rest."""


def unit(nodeid: str) -> str:
    """The unit of work a test belongs to: its file, or its group of files.

    >>> unit("tests/test_rent.py::test_rent[nl-2001]")
    'tests/test_rent.py'
    >>> unit("tests/browser/test_csp.py::test_every_page_meets_its_policy")
    'every_page'
    >>> unit("docs/nl/rent.md::line:12,column:1")
    'docs/nl/rent.md'
    """
    file = nodeid.split("::", 1)[0]
    return TOGETHER.get(file, file)


def weight(name: str, tests: int) -> float:
    """The weight of a unit of ``tests`` tests (see :data:`WEIGHTS`).

    >>> weight("tests/browser/test_calculators.py", 1) > weight("tests/test_rent.py", 500)
    True
    """
    if name in WEIGHTS:
        return WEIGHTS[name]
    return tests * PER_TEST[name.startswith("tests/browser/")]


def is_worker(config: pytest.Config) -> bool:
    """Whether this process is an xdist worker (not the controller or a plain run)."""
    return hasattr(config, "workerinput")


def share_build_folder(config: pytest.Config) -> str | None:
    """In the controller (or a plain run): name a fresh folder for the one shared build,
    unless a prebuilt site or an outer run's folder is given. Returns the folder to remove
    at the end (``None`` when this process did not make it)."""
    if is_worker(config) or os.environ.get("MONOPOLY_SITE_DIR") or os.environ.get(SHARE):
        return None
    folder = tempfile.mkdtemp(prefix="monopoly-run-")
    os.environ[SHARE] = folder
    return folder


def whole_suite_on_workers(config: pytest.Config) -> bool:
    """Whether this is the controller of ``-n N`` running the configured test paths (no
    file or folder named on the command line; ``-m`` and ``-k`` may still select)."""
    workers = config.getoption("numprocesses", None) or 0
    return (not is_worker(config) and config.args_source == pytest.Config.ArgsSource.TESTPATHS
            and (workers == "auto" or int(workers) > 1))


def start_build(folder: str) -> subprocess.Popen:
    """Start the shared build in ``folder`` in the background (``build_once``: the workers
    wait for it on the lock, or find it done)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    program = ("import sys; from pathlib import Path; from tools.site_build import build_once; "
               "build_once(Path(sys.argv[1]))")
    return subprocess.Popen([sys.executable, "-c", program, folder], cwd=root,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def remove_build_folder(folder: str | None, builder: subprocess.Popen | None = None) -> None:
    """Remove the run's shared build folder (made by :func:`share_build_folder`), once the
    background build (if any) has stopped."""
    if builder is not None and builder.poll() is None:
        builder.terminate()
        builder.wait()
    if folder:
        os.environ.pop(SHARE, None)
        shutil.rmtree(folder, ignore_errors=True)


def make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The scheduler for ``--dist loadscope``: units as :func:`unit` says, heaviest first.
    Other ``--dist`` modes keep pytest-xdist's own (``None``)."""
    if config.getoption("dist", None) != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class UnitScheduling(LoadScopeScheduling):
        """xdist's scope scheduling with this suite's units, heaviest first."""

        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            # xdist takes the queue's first unit: put the heaviest one left there
            heaviest = max(self.workqueue, key=lambda u: weight(u, len(self.workqueue[u])))
            self.workqueue.move_to_end(heaviest, last=False)
            super()._assign_work_unit(node)

    return UnitScheduling(config, log)


def worker_counts(config: pytest.Config, counts: dict[str, Any]) -> None:
    """In a worker at the end: hand the ``report`` counts to the controller."""
    if is_worker(config):
        config.workeroutput[COUNTS] = {k: dict(v) for k, v in counts.items()}


def merge_counts(node: Any, counts: dict[str, Any]) -> None:
    """In the controller, when a worker is down: add its counts to the run's."""
    from collections import Counter

    for section, items in getattr(node, "workeroutput", {}).get(COUNTS, {}).items():
        counts.setdefault(section, Counter()).update(items)

