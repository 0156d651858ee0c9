"""The docstring examples of the engine, hooks, presenter and tools run as tests.

(Collected here rather than with --doctest-modules, which would also import the
conftest.py files as test modules and trip over their shared basename.)
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "hooks", "present", "tools")


def _modules() -> list[str]:
    """Every module of the packages, those of subpackages (``tools.bench``) too."""
    names = []
    for package in PACKAGES:
        names.append(package)
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_engine_has_docstring_examples() -> None:
    # Guard: the parametrised test above must have something to run.
    total = 0
    for name in _modules():
        if name.startswith("engine"):
            total += doctest.testmod(importlib.import_module(name), report=False).attempted
    assert total >= 20


def test_subpackages_are_collected() -> None:
    # Guard: the benchmark is a package; its modules' examples must be among the tests.
    assert {"tools.bench", "tools.bench.rows", "tools.bench.traces"} <= set(_modules())


@pytest.mark.parametrize("name", ["minidom", "examples_sybil", "parallel"])
def test_the_test_helpers_examples(name: str) -> None:
    # tests/minidom.py (shared by the page tests), tests/examples_sybil.py (the Sybil parser),
    # tests/parallel.py (how the workers of -n share the build and split the work)
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
