"""Shared test reporting (how many fuzz cases ran and how many pages were checked), the
one site build of a run, and running on several processes.

Tests record counts with the ``report`` fixture (``report("engine fuzz", "rent", 300)``);
at the end of the run :func:`pytest_terminal_summary` prints every count, so they show in
the output of ``./dev test`` even without ``-s``; a part (``"rent (ok)"``) also shows its
share of its parent (``tests/test_fuzz.py``: what share of each kind's requests reaches
the rules).

``./dev test`` runs the suite on two processes (pytest-xdist, ``-n 2 --dist loadscope``):
``tests/parallel.py`` says how the workers share one build and how work is split
(whole files, heaviest first); the counts of every worker reach the summary.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable

import pytest

import parallel

_COUNTS = pytest.StashKey[dict[str, Counter[str]]]()
_BUILD_FOLDER = pytest.StashKey[str | None]()
_BUILDER = pytest.StashKey[object]()

# --doctest-modules would import this file as a test module named "conftest", which clashes
# with tests/browser/conftest.py (same name, no package): leave it to the conftest loader.
collect_ignore = ["conftest.py"]


def _counts(config: pytest.Config) -> dict[str, Counter[str]]:
    if _COUNTS not in config.stash:
        config.stash[_COUNTS] = {}
    return config.stash[_COUNTS]


def pytest_configure(config: pytest.Config) -> None:
    """Before any worker starts: name the run's one shared build folder (and, for the
    whole suite on workers, start that build)."""
    folder = config.stash[_BUILD_FOLDER] = parallel.share_build_folder(config)
    if folder and parallel.whole_suite_on_workers(config):
        config.stash[_BUILDER] = parallel.start_build(folder)


def pytest_unconfigure(config: pytest.Config) -> None:
    parallel.remove_build_folder(config.stash.get(_BUILD_FOLDER, None),
                                 config.stash.get(_BUILDER, None))


def pytest_sessionfinish(session: pytest.Session) -> None:
    parallel.worker_counts(session.config, _counts(session.config))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """A worker is done: its counts join the run's (pytest-xdist hook)."""
    parallel.merge_counts(node, _counts(node.config))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Whole files as units, heaviest first (``--dist loadscope``; pytest-xdist hook)."""
    return parallel.make_scheduler(config, log)


@pytest.fixture(scope="session")
def report(pytestconfig: pytest.Config) -> Callable[[str, str, int], None]:
    """``report(section, name, n)``: add ``n`` to a count printed at the end of the run,
    e.g. ``report("engine fuzz", "rent", 1)`` per case; ``"rent (ok)"`` is a part of
    ``"rent"`` (shown, not added to the section's total)."""
    counts = _counts(pytestconfig)

    def add(section: str, name: str, n: int = 1) -> None:
        counts.setdefault(section, Counter())[name] += n

    return add


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The site, built once per test run with ``mkdocs build --strict`` (shared by the build,
    page and browser tests, and by every worker of ``-n``: ``tests/parallel.py``); a
    failed build fails the tests that need it, with its log."""
    from tools.site_build import shared_build

    result = shared_build()
    if not result.ok:
        pytest.fail(f"the strict build failed:\n{result.log[-6000:]}", pytrace=False)
    return result.site_dir


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """Print the recorded counts (fuzz cases, pages checked) after the test results."""
    counts = {k: Counter(v) for k, v in _counts(config).items()}
    if not counts:
        return
    terminalreporter.section("fuzz cases and pages checked")
    for section in sorted(counts):
        items = counts[section]
        # "rent (ok)" is a part of "rent": only names without such a parent are summed
        total = sum(n for name, n in items.items() if name.split(" (")[0] == name
                    or name.split(" (")[0] not in items)
        detail = ", ".join(f"{name} {n}{_share(n, items.get(name.split(' (')[0]), name)}"
                           for name, n in sorted(items.items()))
        terminalreporter.write_line(f"{section}: {total} - {detail}")


def _share(n: int, parent: int | None, name: str) -> str:
    """`` = 92 %`` after a part's count (``"rent (ok)"`` of ``"rent"``), else nothing."""
    if not parent or name.split(" (")[0] == name:
        return ""
    return f" = {100 * n / parent:.0f} %"
